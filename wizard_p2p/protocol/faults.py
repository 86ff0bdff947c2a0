"""The faults a replica names, beyond ``PeerFault`` itself."""

from __future__ import annotations

from wizard_p2p import crypto
from wizard_p2p.errors import DecodeError, IllegalAction, PeerFault, WizardError
from wizard_p2p.protocol.kinds import FaultKind


class OutOfTurn(PeerFault):
    pass


class Equivocation(PeerFault):
    """Two different signed entries by one seat for one position: proof of cheating."""

    def __init__(self, message: str, *, seat: int, position: int, first: bytes, second: bytes):
        super().__init__(message, seat=seat, position=position, kind=FaultKind.EQUIVOCATION)
        self.evidence = (first, second)


class CheatDetected(PeerFault):
    """A round's replay from the revealed secrets found a seat at fault."""


def fault_kind(exc: WizardError, entry_kind: str) -> str:
    """A short stable name for what was wrong with an entry."""
    if isinstance(exc, IllegalAction):
        return exc.rule
    if isinstance(exc, crypto.CommitmentMismatch):
        return FaultKind.COMMITMENT
    if isinstance(exc, DecodeError):
        return FaultKind.MALFORMED
    return entry_kind


__all__ = ["CheatDetected", "Equivocation", "OutOfTurn", "fault_kind"]
