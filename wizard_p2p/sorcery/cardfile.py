"""The card file (SorceryComposer's ``all_card_infos.json``) decoded into a card database.

The file is the game's data, not ours: it comes from the user's disk, so it is a
boundary like a peer's message. :func:`decode_card_file` reads it through
:func:`wizard_p2p.boundedjson.loads` (size, depth, integers, Unicode) and then checks
every field of every card — its type, its range, the number's first digit against the
card's type, all seven elements in every cost — before a single :class:`Card` exists.
Anything wrong is one :class:`DecodeError` naming the card and the field; the command
line turns it into a sentence saying where to get a good file.

Keys the file has beyond the fifteen a card is made of are ignored (SorceryComposer's
later files add some), but they count towards the size and depth limits.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from wizard_p2p.boundedjson import loads
from wizard_p2p.errors import DecodeError
from wizard_p2p.sorcery.cards import Card, CardType, Element, Elements

__all__ = [
    "MAX_CARDS",
    "MAX_CARD_FILE_BYTES",
    "CardDatabase",
    "decode_card_file",
]

# The real file holds a few hundred cards in well under half a megabyte; these leave
# room for the game to grow while keeping a hostile file from costing much.
MAX_CARD_FILE_BYTES = 4 * 1024 * 1024
MAX_CARDS = 4096
_MAX_DEPTH = 4  # the array, a card, its costs; one more level for keys we ignore
_MAX_NUMBER = 99  # any element count, attack, life, power or duration
_NAME_LEN = 64
_TEXT_LEN = 2000

# The first digit of a card's number is its type.
TYPE_DIGIT: Mapping[CardType, str] = {
    CardType.CREATURE: "1",
    CardType.ITEM: "2",
    CardType.SKILL: "3",
    CardType.HERO: "4",
}

_NUMBER = re.compile(r"[0-9]{6}")
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")
_CONTROLS_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
# Characters that change how a text reads without being seen: a bidi override (U+202E)
# turns the rest of a line around, a zero-width space (U+200B) hides itself. Format,
# surrogate, private-use and line or paragraph separators; the zero-width joiner of
# emoji sequences is harmless and allowed.
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Cs", "Co", "Zl", "Zp"})
_INVISIBLE_ALLOWED = frozenset("\u200d")
_COSTS = (("elements_cost", "cost"), ("elements_gain", "gain"), ("elements_expense", "expense"))
_E = TypeVar("_E", CardType, Element)
_STATS = ("attack", "life", "power", "duration")
_KEYS = frozenset(
    {"number", "type", "name", "category", "tag", "description", "quote", "version"}
    | {key for key, _ in _COSTS}
    | set(_STATS)
)


@dataclass(frozen=True)
class CardDatabase:
    """Every card of one card file: looked up by number, iterated in the file's order."""

    cards: tuple[Card, ...]
    _by_number: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_number = {card.number: card for card in self.cards}
        if len(by_number) != len(self.cards):
            raise ValueError("two cards share a number")
        object.__setattr__(self, "_by_number", by_number)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    def get(self, number: str) -> Card | None:
        """The card numbered ``number``, or None when the file has no such card."""
        return self._by_number.get(number)

    def named(self, name: str) -> Card | None:
        """The first card (in file order) called ``name``."""
        return next((card for card in self.cards if card.name == name), None)


def decode_card_file(data: bytes) -> CardDatabase:
    """The card database of a card file's bytes, or :class:`DecodeError` saying what
    is wrong and where."""
    value = loads(data, max_size=MAX_CARD_FILE_BYTES, max_depth=_MAX_DEPTH, what="card file")
    if not isinstance(value, list):
        raise DecodeError("card file: expected a JSON array of cards")
    if not value:
        raise DecodeError("card file: it holds no card")
    if len(value) > MAX_CARDS:
        raise DecodeError(f"card file: {len(value)} cards exceed the limit of {MAX_CARDS}")
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(value):
        card = _card(item, index)
        if card.number in seen:
            raise DecodeError(
                f"card file: card {index} has the number {card.number} of card {seen[card.number]}"
            )
        seen[card.number] = index
        cards.append(card)
    return CardDatabase(tuple(cards))


def _card(item: Any, index: int) -> Card:
    where = f"card file: card {index}"
    if not isinstance(item, dict):
        raise DecodeError(f"{where}: expected an object")
    missing = sorted(_KEYS - item.keys())
    if missing:
        raise DecodeError(f"{where}: missing {', '.join(missing)}")
    number = item["number"]
    if not isinstance(number, str) or not _NUMBER.fullmatch(number):
        raise DecodeError(f"{where}: number: expected a string of 6 digits")
    where = f"card file: card {index} ({number})"
    card_type = _choice(CardType, item["type"], f"{where}: type")
    if number[0] != TYPE_DIGIT[card_type]:
        raise DecodeError(
            f"{where}: a number starting with {number[0]} does not belong to a card of "
            f"type {card_type.value} (its numbers start with {TYPE_DIGIT[card_type]})"
        )
    stats = {key: _stat(item[key], f"{where}: {key}") for key in _STATS}
    if card_type is CardType.HERO and stats["life"] is None:
        raise DecodeError(f"{where}: life: a hero needs a life")
    costs = {name: _elements(item[key], f"{where}: {key}") for key, name in _COSTS}
    return Card(
        number=number,
        type=card_type,
        name=_text(item["name"], f"{where}: name", _NAME_LEN, empty=False),
        element=_choice(Element, item["category"], f"{where}: category"),
        tag=_text(item["tag"], f"{where}: tag", _NAME_LEN),
        description=_text(item["description"], f"{where}: description", _TEXT_LEN, lines=True),
        quote=_text(item["quote"], f"{where}: quote", _TEXT_LEN, lines=True),
        cost=costs["cost"],
        gain=costs["gain"],
        expense=costs["expense"],
        attack=stats["attack"],
        life=stats["life"],
        power=stats["power"],
        duration=stats["duration"],
        version=_text(item["version"], f"{where}: version", _NAME_LEN),
    )


def _choice(kind: type[_E], value: Any, where: str) -> _E:
    if isinstance(value, str):
        for member in kind:
            if member.value == value:
                return member
    spelt = " ".join(member.value for member in kind)
    raise DecodeError(f"{where}: expected one of {spelt}")


def _text(value: Any, where: str, limit: int, *, empty: bool = True, lines: bool = False) -> str:
    if not isinstance(value, str):
        raise DecodeError(f"{where}: expected a string")
    if not value and not empty:
        raise DecodeError(f"{where}: empty")
    if len(value) > limit:
        raise DecodeError(f"{where}: {len(value)} characters exceed the limit of {limit}")
    if (_CONTROLS_BUT_NEWLINE if lines else _CONTROLS).search(value):
        raise DecodeError(f"{where}: holds a control character")
    for ch in value:
        if unicodedata.category(ch) in _INVISIBLE_CATEGORIES and ch not in _INVISIBLE_ALLOWED:
            raise DecodeError(
                f"{where}: holds an invisible character (U+{ord(ch):04X}) that changes how "
                "the text reads"
            )
    return value


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DecodeError(f"{where}: expected an integer")
    if not 0 <= value <= _MAX_NUMBER:
        raise DecodeError(f"{where}: {value} is outside 0..{_MAX_NUMBER}")
    return value


def _stat(value: Any, where: str) -> int | None:
    """-1 is the file's "none"; anything else is a count."""
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        if value == -1:
            return None
        raise DecodeError(f"{where}: {value} is outside 0..{_MAX_NUMBER} (or -1 for none)")
    return _count(value, where)


def _elements(value: Any, where: str) -> Elements:
    """All seven elements, each present: a cost that leaves one out is not guessed at."""
    if not isinstance(value, dict):
        raise DecodeError(f"{where}: expected an object of the seven elements")
    known = {e.value for e in Element}
    unknown = sorted(k for k in value if k not in known)
    if unknown:
        raise DecodeError(f"{where}: {unknown[0][:8]!r} is not an element")
    missing = [e.value for e in Element if e.value not in value]
    if missing:
        raise DecodeError(f"{where}: missing the element {' '.join(missing)}")
    return Elements.of({e: _count(value[e.value], f"{where}: {e.value}") for e in Element})
