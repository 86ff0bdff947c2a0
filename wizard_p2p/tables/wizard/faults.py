"""The faults of Wizard's own rules: a broken rule of the game, or a pass over the deck
no honest seat publishes, by the fault kind it is (WIZARD §3, §4)."""

from __future__ import annotations

from wizard_p2p import crypto
from wizard_p2p.errors import CryptoError, IllegalAction, WizardError
from wizard_p2p.protocol import faults
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.tables.wizard.kinds import WizardFault

# A rule of the game an entry breaks, by the fault it is (WIZARD §3).
_RULE_FAULTS: dict[str, FaultKind | WizardFault] = {
    "not-held": WizardFault.NOT_HELD,
    "follow-suit": WizardFault.FOLLOW_SUIT,
    "bid-range": WizardFault.BID_RANGE,
    "plus-minus-one": WizardFault.PLUS_MINUS_ONE,
    "final": FaultKind.FINAL,
}

# A deck that repeats a point is a pass no honest seat can publish: named like the
# round check names a wrong pass.
_PASS_FAULTS: dict[str, FaultKind | WizardFault] = {
    "shuffle": WizardFault.SHUFFLE,
    "lock": WizardFault.LOCK,
}


# The faults of Wizard's own that an entry refused as it arrives proves (SPEC §2.3).
PROVABLE: frozenset[str] = frozenset(
    {
        WizardFault.BID_RANGE,
        WizardFault.PLUS_MINUS_ONE,
        WizardFault.NOT_HELD,
        WizardFault.SHUFFLE,
        WizardFault.LOCK,
    }
)


def rule_fault(rule: str) -> FaultKind | WizardFault:
    """The fault kind of a broken rule of the game (a rule of the turns: the core's;
    any other: a malformed entry)."""
    return _RULE_FAULTS.get(rule) or faults.rule_fault(rule)


def fault_of(exc: WizardError, entry_kind: str) -> FaultKind | WizardFault | None:
    """Wizard's fault kind of what was wrong with an entry (``GameRules.fault_of``)."""
    if isinstance(exc, IllegalAction):
        return _RULE_FAULTS.get(exc.rule)
    if isinstance(exc, CryptoError) and not isinstance(exc, crypto.CommitmentMismatch):
        return _PASS_FAULTS.get(entry_kind)
    return None


__all__ = ["PROVABLE", "fault_of", "rule_fault"]
