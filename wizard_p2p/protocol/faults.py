"""The faults a replica names, beyond ``PeerFault`` itself."""

from __future__ import annotations

from wizard_p2p import crypto
from wizard_p2p.errors import CryptoError, IllegalAction, PeerFault, WizardError
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


# A rule of the game an entry breaks, by the fault it is (WIZARD §3). The turn and phase
# rules cannot fire behind the turn check (``turns``), but would be the same fault.
_RULE_FAULTS = {
    "not-held": FaultKind.NOT_HELD,
    "follow-suit": FaultKind.FOLLOW_SUIT,
    "bid-range": FaultKind.BID_RANGE,
    "plus-minus-one": FaultKind.PLUS_MINUS_ONE,
    "final": FaultKind.FINAL,
    "turn": FaultKind.OUT_OF_TURN,
    "phase": FaultKind.OUT_OF_TURN,
}

# A deck that repeats a point is a pass no honest seat can publish: named like the
# round check names a wrong pass.
_PASS_FAULTS = {"shuffle": FaultKind.SHUFFLE, "lock": FaultKind.LOCK}


def rule_fault(rule: str) -> FaultKind:
    """The fault kind of a broken rule of the game (any other rule: a malformed entry)."""
    return _RULE_FAULTS.get(rule, FaultKind.MALFORMED)


def fault_kind(exc: WizardError, entry_kind: str) -> FaultKind:
    """The fault kind of what was wrong with an entry."""
    if isinstance(exc, IllegalAction):
        return rule_fault(exc.rule)
    if isinstance(exc, crypto.CommitmentMismatch):
        return FaultKind.COMMITMENT
    if isinstance(exc, CryptoError):
        return _PASS_FAULTS.get(entry_kind, FaultKind.MALFORMED)
    return FaultKind.MALFORMED


__all__ = ["CheatDetected", "Equivocation", "OutOfTurn", "fault_kind", "rule_fault"]
