"""The messages of a private deck (CRYPTO.md §13): a closed set of frozen values.

Each message has one author, the deck's owner or the other player
(:func:`author_of`); the bodies on the wire and their bounded decoders are
:mod:`wizard_p2p.protocol.deck_bodies`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NamedTuple, TypeAlias

from wizard_p2p.crypto.relayer import Step

__all__ = [
    "Address",
    "Arranged",
    "Committed",
    "DeckMessage",
    "DeckOpened",
    "Greeted",
    "Kind",
    "Opened",
    "Pass",
    "Placed",
    "Purpose",
    "Returned",
    "Revealed",
    "Role",
    "Sealed",
    "author_of",
]


class Role(StrEnum):
    """A party's part in one deck: its owner, the other player, or someone who only
    watches (a watcher, an auditor)."""

    OWNER = "owner"
    OTHER = "other"
    OBSERVER = "observer"


class Kind(StrEnum):
    """The kinds of deck message, as the wire spells them."""

    COMMITTED = "committed"
    GREETED = "greeted"
    PASS = "pass"
    SEALED = "sealed"
    ARRANGED = "arranged"
    OPENED = "opened"
    RETURNED = "returned"
    PLACED = "placed"
    REVEALED = "revealed"
    DECK_OPENED = "deck_opened"


class Purpose(StrEnum):
    """Why the other seals keys to the owner (§13.5)."""

    DRAW = "draw"
    LOOK = "look"
    SEARCH = "search"


class Address(NamedTuple):
    """Position ``position`` of epoch ``epoch``'s output: one card, for the whole game."""

    epoch: int
    position: int


@dataclass(frozen=True)
class Committed:
    """The owner's commitment to its lists, the main list's size, its box key."""

    kind: ClassVar[Kind] = Kind.COMMITTED
    size: int
    commitment: bytes
    box_key: bytes


@dataclass(frozen=True)
class Greeted:
    """The other's box key."""

    kind: ClassVar[Kind] = Kind.GREETED
    box_key: bytes


@dataclass(frozen=True)
class Pass:
    """One step of an epoch: its output points."""

    kind: ClassVar[Kind] = Kind.PASS
    epoch: int
    step: Step
    points: tuple[bytes, ...]


@dataclass(frozen=True)
class Sealed:
    """The other's keys of the top ``count`` addresses, sealed to the owner."""

    kind: ClassVar[Kind] = Kind.SEALED
    purpose: Purpose
    count: int
    box: bytes


@dataclass(frozen=True)
class Arranged:
    """The owner's choice after a look or a search: the looked-at indices it takes into
    its hand, how many of the rest go to the bottom, and its order of the rest sealed to
    itself (opened at the end)."""

    kind: ClassVar[Kind] = Kind.ARRANGED
    taken: tuple[int, ...]
    bottom: int
    order_box: bytes


@dataclass(frozen=True)
class Opened:
    """A card of the owner's hand opened to both: its address, identity, copy number and
    both keys of its address."""

    kind: ClassVar[Kind] = Kind.OPENED
    address: Address
    card: bytes
    copy: int
    owner_key: bytes
    other_key: bytes


@dataclass(frozen=True)
class Returned:
    """Cards of the owner's hand put back into the deck (possibly none), which both then
    shuffle."""

    kind: ClassVar[Kind] = Kind.RETURNED
    addresses: tuple[Address, ...]


@dataclass(frozen=True)
class Placed:
    """Cards of the owner's hand or opened to both put into the deck in the order named,
    without a shuffle: the first on top, the last ``bottom`` under the deck."""

    kind: ClassVar[Kind] = Kind.PLACED
    addresses: tuple[Address, ...]
    bottom: int


@dataclass(frozen=True)
class Revealed:
    """The other's deck secret, at the end."""

    kind: ClassVar[Kind] = Kind.REVEALED
    secret: bytes


@dataclass(frozen=True)
class DeckOpened:
    """The owner's deck secret and its two lists, at the end."""

    kind: ClassVar[Kind] = Kind.DECK_OPENED
    secret: bytes
    main: tuple[bytes, ...]
    pool: tuple[bytes, ...]


DeckMessage: TypeAlias = (
    Committed | Greeted | Pass | Sealed | Arranged | Opened | Returned | Placed | Revealed
    | DeckOpened
)

_OTHERS: frozenset[Kind] = frozenset({Kind.GREETED, Kind.SEALED, Kind.REVEALED})


def author_of(message: DeckMessage) -> Role:
    """Who writes ``message``: the owner or the other."""
    if isinstance(message, Pass):
        return Role.OWNER if message.step.by_owner else Role.OTHER
    return Role.OTHER if message.kind in _OTHERS else Role.OWNER
