"""Wizard's vocabulary on the wire: the kinds of its own entries (``WizardKind``) and of
the faults of its own rules (``WizardFault``), beside the core's (``protocol.kinds``);
which of its entries a seat's client writes by itself, and which its player chooses."""

from __future__ import annotations

from enum import StrEnum

from wizard_p2p.protocol.kinds import CoreKind


class WizardKind(StrEnum):
    """The ``kind`` of an entry of Wizard's own (WIZARD §2, §3): a round's steps."""

    SHUFFLE = "shuffle"
    LOCK = "lock"
    TRUMP = "trump"
    BID = "bid"
    BID_OPEN = "bid_open"
    PLAY = "play"
    REVEAL = "reveal"
    DISPUTE = "dispute"


# Every kind of Wizard's log, by its word: the core's and Wizard's own.
WIZARD_KINDS: dict[str, CoreKind | WizardKind] = {
    **{str(k): k for k in CoreKind},
    **{str(k): k for k in WizardKind},
}


class WizardFault(StrEnum):
    """``PeerFault.kind`` of a fault of Wizard's own rules (WIZARD §4, "Wizard's fault
    kinds"), beside the core's ``FaultKind``."""

    # on arrival (a bid)
    BID_RANGE = "bid-range"
    PLUS_MINUS_ONE = "plus-minus-one"
    # on arrival (a play) and at a round's check (against the rebuilt hands)
    NOT_HELD = "not-held"
    # at a round's check only (shuffle and lock also on arrival: a deck repeating a point)
    FOLLOW_SUIT = "follow-suit"
    SECRET = "secret"
    DECK = "deck"
    WRONG_KEY = "wrong-key"
    SHUFFLE = "shuffle"
    LOCK = "lock"
    FALSE_DISPUTE = "false-dispute"
    DISPUTE = "dispute"

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


__all__ = ["AUTO_KINDS", "CHOICE_KINDS", "WIZARD_KINDS", "WizardFault", "WizardKind"]
