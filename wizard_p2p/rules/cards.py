"""The 60 cards of Wizard as value types with a text form that round-trips.

Text form (also used in logs, tests and the console):

* suit cards: the suit's colour letter and the rank, ``B1``..``B13`` (Humans, blue),
  ``G1``..``G13`` (Elves, green), ``R1``..``R13`` (Dwarves, red), ``Y1``..``Y13``
  (Giants, yellow);
* the four Wizards ``Z1``..``Z4`` and the four Jesters ``N1``..``N4`` (Z for
  Zauberer, N for Narr, as printed on the cards). The copies are distinct cards
  so that the deck has 60 distinct members; they are equal in play.

``Card.parse`` accepts lower case and a bare ``Z``/``N`` (meaning the first copy),
and ``str(card)`` gives the canonical form: ``Card.parse(str(c)) is c`` for every card.
Every card is interned: there are exactly 60 ``Card`` objects, so ``is`` works.
"""

from __future__ import annotations

from enum import Enum

from wizard_p2p.errors import UsageError


class Suit(Enum):
    """The four peoples, each a colour. The value is the colour letter of the text form."""

    HUMANS = "B"  # blue
    ELVES = "G"  # green
    DWARVES = "R"  # red
    GIANTS = "Y"  # yellow

    @property
    def colour(self) -> str:
        return _COLOURS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit from its letter (B/G/R/Y) or its people's name, any case."""
        if not isinstance(text, str):
            raise UsageError(f"not a suit: {text!r} (expected one of B, G, R, Y)")
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.name):
                return suit
        raise UsageError(f"not a suit: {text!r} (expected one of B, G, R, Y)")

    def __str__(self) -> str:
        return self.value


_COLOURS = {
    Suit.HUMANS: "blue",
    Suit.ELVES: "green",
    Suit.DWARVES: "red",
    Suit.GIANTS: "yellow",
}


class Kind(Enum):
    SUIT = "suit"
    WIZARD = "Z"
    JESTER = "N"


class Card:
    """One of the 60 cards. Obtain cards from ``DECK`` or ``Card.parse``; never construct them."""

    __slots__ = ("_text", "index", "is_jester", "is_suit_card", "is_wizard", "kind", "rank", "suit")

    kind: Kind
    suit: Suit | None
    rank: int  # 1..13 for suit cards; the copy number 1..4 for Wizards and Jesters
    index: int  # position in the canonical deck order, 0..59 (the card's id on the wire)
    # The kind as flags: plain attributes rather than properties because the trick rules
    # read them for every card of every play.
    is_wizard: bool
    is_jester: bool
    is_suit_card: bool

    def __init__(self, kind: Kind, suit: Suit | None, rank: int, index: int) -> None:
        self.kind = kind
        self.suit = suit
        self.rank = rank
        self.index = index
        self.is_wizard = kind is Kind.WIZARD
        self.is_jester = kind is Kind.JESTER
        self.is_suit_card = kind is Kind.SUIT
        self._text = f"{suit.value}{rank}" if suit is not None else f"{kind.value}{rank}"

    @staticmethod
    def parse(text: str) -> Card:
        """Parse the text form (see the module docstring); raises ``UsageError`` if invalid."""
        if not isinstance(text, str):
            raise UsageError(f"not a card: {text!r} (expected text such as B13, Z1 or N1)")
        key = text.strip().upper()
        if key in ("Z", "N"):
            key += "1"
        card = _BY_TEXT.get(key)
        if card is None:
            raise UsageError(
                f"not a card: {text!r} (expected e.g. B13, G1, R7, Y10, Z1..Z4, N1..N4)"
            )
        return card

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with the given canonical index (0..59)."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(DECK):
            raise UsageError(f"not a card index: {index!r} (expected 0..59)")
        return DECK[index]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Pickling and copying keep cards interned.
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _build_deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for suit in Suit:
        for rank in range(1, 14):
            cards.append(Card(Kind.SUIT, suit, rank, len(cards)))
    for kind in (Kind.WIZARD, Kind.JESTER):
        for copy in range(1, 5):
            cards.append(Card(kind, None, copy, len(cards)))
    return tuple(cards)


DECK: tuple[Card, ...] = _build_deck()
"""All 60 cards in canonical order: B1..B13, G1..G13, R1..R13, Y1..Y13, Z1..Z4, N1..N4."""

_BY_TEXT = {str(card): card for card in DECK}


def parse_cards(text: str) -> list[Card]:
    """Parse space- or comma-separated cards, e.g. ``"Z1 B13 N2"``."""
    return [Card.parse(part) for part in text.replace(",", " ").split()]


def sort_key(card: Card, trump: Suit | None = None) -> tuple[int, int, int]:
    """A display order for a hand: Wizards, then trumps, then the other suits, then Jesters."""
    if card.is_wizard:
        return (0, 0, card.rank)
    if card.is_jester:
        return (3, 0, card.rank)
    assert card.suit is not None
    group = 1 if card.suit is trump else 2
    return (group, _SUIT_ORDER[card.suit], -card.rank)


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
