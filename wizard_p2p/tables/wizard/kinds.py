"""Which of Wizard's entries a seat's client writes by itself, and which its player
chooses (the kinds themselves are the wire format's: ``protocol.kinds``)."""

from __future__ import annotations

from wizard_p2p.protocol.kinds import CoreKind, WizardKind

# Entries a seat's client writes by itself, with no choice to think over.
AUTO_KINDS = frozenset(
    {
        CoreKind.COIN,
        WizardKind.SHUFFLE,
        WizardKind.LOCK,
        WizardKind.BID_OPEN,
        WizardKind.REVEAL,
        CoreKind.FINAL,
    }
)

# The entries a player chooses, in the order ``WizardReplica.choice_needed`` asks for them.
CHOICE_KINDS = (WizardKind.BID, WizardKind.TRUMP, WizardKind.PLAY)


__all__ = ["AUTO_KINDS", "CHOICE_KINDS"]
