"""The faults of a private deck: one class per condition.

A fault in the other party's message is a :class:`DeckFault`, a
:class:`~wizard_p2p.errors.PeerFault` naming the seat to blame; a request this party
may not make now, or makes with a bad argument, is a :class:`DeckMisuse`, a
:class:`~wizard_p2p.errors.UsageError`.
"""

from __future__ import annotations

from enum import StrEnum

from wizard_p2p.errors import PeerFault, UsageError

__all__ = [
    "BadBoxKey",
    "BadChoice",
    "BrokenCommitment",
    "CardReadTwice",
    "DeckFault",
    "DeckMisuse",
    "FaultKind",
    "ForeignCard",
    "IllegalList",
    "MalformedPass",
    "NotYourMove",
    "OutOfTurn",
    "UnopenableBox",
    "WrongBox",
    "WrongOpening",
    "WrongOrder",
    "WrongPass",
    "WrongRequest",
]


class FaultKind(StrEnum):
    """What a fault in a deck message is, as the audit report says it."""

    OUT_OF_TURN = "out-of-turn"
    MALFORMED_PASS = "malformed-pass"
    BAD_BOX_KEY = "bad-box-key"
    UNOPENABLE_BOX = "unopenable-box"
    FOREIGN_CARD = "foreign-card"
    CARD_READ_TWICE = "card-read-twice"
    WRONG_OPENING = "wrong-opening"
    BAD_CHOICE = "bad-choice"
    BROKEN_COMMITMENT = "broken-commitment"
    ILLEGAL_LIST = "illegal-list"
    WRONG_PASS = "wrong-pass"
    WRONG_BOX = "wrong-box"
    WRONG_ORDER = "wrong-order"


class DeckFault(PeerFault):
    """A deck message at fault; ``seat`` is its author's, ``index`` the message's place
    in the deck's history (0-based), ``kind`` a :class:`FaultKind`."""

    fault: FaultKind = FaultKind.OUT_OF_TURN

    def __init__(self, message: str, *, seat: int, index: int | None = None) -> None:
        super().__init__(message, seat=seat, kind=str(self.fault))
        self.index = index


class OutOfTurn(DeckFault):
    """A message its author may not send now, or not of a kind its author sends."""

    fault = FaultKind.OUT_OF_TURN


class MalformedPass(DeckFault):
    """A pass of the wrong epoch, step or size, with a repeated or invalid point."""

    fault = FaultKind.MALFORMED_PASS


class BadBoxKey(DeckFault):
    """A box key libsodium refuses."""

    fault = FaultKind.BAD_BOX_KEY


class UnopenableBox(DeckFault):
    """Sealed keys that do not open to the owner, or to too few or bad keys."""

    fault = FaultKind.UNOPENABLE_BOX


class ForeignCard(DeckFault):
    """A sealed key that opens its position to a point that is no card of the deck."""

    fault = FaultKind.FOREIGN_CARD


class CardReadTwice(DeckFault):
    """A sealed key that opens its position to a card copy read before."""

    fault = FaultKind.CARD_READ_TWICE


class WrongOpening(DeckFault):
    """A card opened to both that is not in the hand, or whose keys do not give it."""

    fault = FaultKind.WRONG_OPENING


class BadChoice(DeckFault):
    """A message whose numbers are outside what the deck allows now: a size, a count of
    cards to seal, cards taken or put back that are not there, an order where none goes."""

    fault = FaultKind.BAD_CHOICE


class BrokenCommitment(DeckFault):
    """Lists and a secret that do not open the owner's commitment."""

    fault = FaultKind.BROKEN_COMMITMENT


class IllegalList(DeckFault):
    """Opened lists that are not a legal deck (the game's check says why)."""

    fault = FaultKind.ILLEGAL_LIST


class WrongPass(DeckFault):
    """A pass, or a box key, that differs from what its author's revealed secret gives."""

    fault = FaultKind.WRONG_PASS


class WrongBox(DeckFault):
    """A box that differs from what the other's revealed secret seals."""

    fault = FaultKind.WRONG_BOX


class WrongOrder(DeckFault):
    """The owner's disclosed orders of its arrangements: missing, extra, or not permutations."""

    fault = FaultKind.WRONG_ORDER


class DeckMisuse(UsageError):
    """A request this party may not make."""


class NotYourMove(DeckMisuse):
    """A request of a step that is not this party's to take now."""


class WrongRequest(DeckMisuse):
    """A request with an argument out of range (a card not in the hand, a bad index)."""
