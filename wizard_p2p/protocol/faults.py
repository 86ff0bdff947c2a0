"""The faults a replica names, beyond ``PeerFault`` itself."""

from __future__ import annotations

from wizard_p2p import crypto
from wizard_p2p.errors import IllegalAction, PeerFault, WizardError
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


# The rules every game's turns share, by the fault they are (SPEC §5): they cannot fire
# behind the turn check (``turns``), but would be the same fault.
_RULE_FAULTS = {"turn": FaultKind.OUT_OF_TURN, "phase": FaultKind.OUT_OF_TURN}


def rule_fault(rule: str) -> FaultKind:
    """The fault kind of a broken rule of the turns (any other rule: a malformed entry;
    a game names the faults of its own rules: ``GameRules.fault_of``)."""
    return _RULE_FAULTS.get(rule, FaultKind.MALFORMED)


def fault_kind(exc: WizardError) -> FaultKind:
    """The fault kind of what was wrong with an entry, where its game names none."""
    if isinstance(exc, IllegalAction):
        return rule_fault(exc.rule)
    if isinstance(exc, crypto.CommitmentMismatch):
        return FaultKind.COMMITMENT
    return FaultKind.MALFORMED


__all__ = ["CheatDetected", "Equivocation", "OutOfTurn", "fault_kind", "rule_fault"]
