"""Every action of 巫师牌 as a frozen value, and the end of a game as one value.

Cards on the table are named by their *piece* number: each physical card of a game
(and each derived card put into play) gets one at the start, stable for the game.
Every action names the player (0 or 1) who takes it. A ``payment`` of ``None`` lets the
engine choose how to pay (``costs.choose_payment``); a given payment must pay the cost
exactly out of the player's elements.

Every action has a text form, one line: the player, a verb, the required fields in
order, then the optional fields that differ from their defaults as ``name=value``
(``notation.py`` spells the values)::

    p0 summon 12 r0c1
    p1 defend spell=31 boosts=32 overdraw=4,7
    p0 cast 20 area=1:方阵:r0c0 payment=2火
    p1 add-marker 5 点燃 count=2
    p0 look 3 2,0,1 under=1

``str(action)`` writes it and ``parse_action(text)`` reads it back:
``parse_action(str(a)) == a`` for every action whose player is 0 or 1 and whose numbers
have at most 9 digits. A text that is not an action is refused with ``DecodeError``.

Three families:

* the rules' own moves (``Mulligan`` … ``Concede``), which the engine checks in full;
* the *generic actions* (``MoveCard`` … ``Modify``), with which players carry out card
  texts the engine cannot read. The engine checks what they can be (a card that
  exists, a zone's limit, an empty cell, an amount in range) and records who took them;
  whether a card text allowed them is the players' business, as at a real table;
* ``Reveal``: a game that does not know every card (one seat's view at a table where
  the decks are shuffled by both players) learns a card's face when the table opens it.

A deck's new order (a mulligan, ``Search``, ``Shuffle``; the top put back by
``Look``) is a permutation where the caller draws or chooses it, or ``Unknown.ORDER``
(text ``?``) where the table shuffled and no one knows it, or only its owner does;
``public(action)`` is an action as the opponent sees it, its order unknown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from wizard_p2p.errors import DecodeError
from wizard_p2p.sorcery import notation
from wizard_p2p.sorcery.cards import Elements
from wizard_p2p.sorcery.costs import ZERO
from wizard_p2p.sorcery.grid import Cell
from wizard_p2p.sorcery.keywords import AreaShape, Marker

__all__ = [
    "ACTION_TYPES",
    "GENERIC_TYPES",
    "Ability",
    "Action",
    "AddMarker",
    "AreaTarget",
    "Attack",
    "Cast",
    "Concede",
    "Consume",
    "CreateDerived",
    "Damage",
    "Defend",
    "Draw",
    "EndReason",
    "EndTurn",
    "Equip",
    "GainElements",
    "Generic",
    "Heal",
    "Invoke",
    "Learn",
    "Look",
    "Modify",
    "MoveCard",
    "Mulligan",
    "Order",
    "Outcome",
    "RemoveMarker",
    "Reveal",
    "Search",
    "SetSlots",
    "SetTapped",
    "Shuffle",
    "Summon",
    "TakeControl",
    "Unknown",
    "UseAbility",
    "UseItem",
    "Zone",
    "parse_action",
    "public",
]


class Zone(StrEnum):
    """Where a card is. 单位区, 技能区 and 装备区 together are the battlefield."""

    DECK = "主卡组"
    HAND = "手牌"
    UNITS = "单位区"
    SKILLS = "技能区"
    EQUIPMENT = "装备区"
    POOL = "技能池"
    DISCARD = "弃牌堆"
    IDLE = "闲置区"  # derived and special cards, and cards removed from the game

    @property
    def battlefield(self) -> bool:
        return self in (Zone.UNITS, Zone.SKILLS, Zone.EQUIPMENT)

    @property
    def public(self) -> bool:
        """Both players see the cards here."""
        return self.battlefield or self in (Zone.DISCARD, Zone.IDLE)

    @property
    def private(self) -> bool:
        """Only the owner sees the cards here (no one sees a deck's)."""
        return self in (Zone.HAND, Zone.POOL)


class Unknown(StrEnum):
    """What a game was not told. ``ORDER``: a deck was shuffled by the table (both
    players at a trustless table) and its new order is no one's to know."""

    ORDER = "?"


# A deck's new order: a permutation of its cards, or unknown.
Order = tuple[int, ...] | Unknown


class Ability(StrEnum):
    """How a card's own ability is used (its text is carried out by the players)."""

    CONSUME = "消耗"  # tap the card for its 消耗：… text, without taking its load
    PER_TURN = "回合技"  # at most X times a turn
    ULTIMATE = "绝技"  # once while the card is in play


@dataclass(frozen=True, slots=True)
class AreaTarget:
    """An area on ``side``'s unit grid: its shape and main cell (see ``grid.py``).
    Its text: ``SIDE:SHAPE:CELL``, e.g. ``1:方阵:r0c0``."""

    side: int
    shape: AreaShape
    cell: Cell

    def __str__(self) -> str:
        return f"{self.side}:{self.shape.value}:{notation.format_cell(self.cell)}"

    @classmethod
    def parse(cls, text: str) -> AreaTarget:
        parts = text.split(":")
        if len(parts) != 3 or parts[0] not in ("0", "1"):
            raise DecodeError(f"{text[:40]!r} is not an area (SIDE:SHAPE:CELL, e.g. 1:方阵:r0c0)")
        return cls(
            int(parts[0]),
            notation.parse_enum(AreaShape, parts[1]),
            notation.parse_cell(parts[2]),
        )


class _Text:
    """Gives an action its text form (see the module's docstring)."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_action(self)


# --- the rules' moves ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mulligan(_Text):
    """Keep the opening hand (``order`` None), or shuffle it back and draw 4 again:
    ``order`` is the new deck order, a permutation of the deck with the hand back in,
    or ``Unknown.ORDER``."""

    player: int
    order: Order | None = None


@dataclass(frozen=True, slots=True)
class Consume(_Text):
    """Tap a unit or an equipment for its load. ``choice``: which half of the hero's
    load to take on the first player's first turn (default: the first elements)."""

    player: int
    piece: int
    choice: Elements | None = None


@dataclass(frozen=True, slots=True)
class Summon(_Text):
    """A creature from the hand into an empty cell of the player's grid."""

    player: int
    piece: int
    cell: Cell
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Equip(_Text):
    """An equipment from the hand into the equipment zone; ``replace`` names the equipment
    it replaces (needed when one of its kind is there, or the zone is full)."""

    player: int
    piece: int
    replace: int | None = None
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class UseItem(_Text):
    """A consumable (potion, scroll of an incantation) from the hand: paid, then discarded."""

    player: int
    piece: int
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Learn(_Text):
    """A skill from the skill pool into the skill zone; ``replace`` names an upright skill
    it replaces (which goes back to the pool) when the zone is full."""

    player: int
    piece: int
    replace: int | None = None
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Invoke(_Text):
    """Use an incantation (咒术) of the skill zone: tap it, pay its use cost. On the
    opponent's turn (a 反制) it is paid by overdrawing ``overdraw``, as a defence is."""

    player: int
    piece: int
    payment: Elements | None = None
    overdraw: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Cast(_Text):
    """Attack with a spell (a skill, or a spell scroll from the hand), reinforced by
    ``boosts``, at one unit (``target``) or an area (``area``). Opens a spell battle:
    the opponent defends next."""

    player: int
    spell: int
    boosts: tuple[int, ...] = ()
    target: int | None = None
    area: AreaTarget | None = None
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Defend(_Text):
    """The defender's answer: a spell (``None``: no defence) and its reinforcements, paid
    by overdrawing (tapping) ``overdraw`` for their loads; the surplus is lost."""

    player: int
    spell: int | None = None
    boosts: tuple[int, ...] = ()
    overdraw: tuple[int, ...] = ()
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Attack(_Text):
    """A direct attack: a unit of the front row (or an equipment with attack) taps to deal
    its attack to a unit in range. It cannot be defended."""

    player: int
    attacker: int
    target: int


@dataclass(frozen=True, slots=True)
class UseAbility(_Text):
    """Use a card's own ability (``Ability``); the engine counts and taps, the players
    carry out its text."""

    player: int
    piece: int
    ability: Ability
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class EndTurn(_Text):
    """End the turn, discarding ``discards`` to bring the hand down to the limit."""

    player: int
    discards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Concede(_Text):
    player: int


# --- the generic actions ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveCard(_Text):
    """Move a card of its owner between zones: to a ``cell`` of the unit grid, to the deck
    (on top, or at the bottom with ``bottom``), the hand, discard pile, idle zone …"""

    player: int
    piece: int
    zone: Zone
    cell: Cell | None = None
    bottom: bool = False


@dataclass(frozen=True, slots=True)
class Damage(_Text):
    player: int
    target: int
    amount: int


@dataclass(frozen=True, slots=True)
class Heal(_Text):
    """Restore life, up to the unit's maximum."""

    player: int
    target: int
    amount: int


@dataclass(frozen=True, slots=True)
class AddMarker(_Text):
    player: int
    target: int
    marker: Marker
    count: int = 1


@dataclass(frozen=True, slots=True)
class RemoveMarker(_Text):
    player: int
    target: int
    marker: Marker
    count: int = 1


@dataclass(frozen=True, slots=True)
class Draw(_Text):
    player: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Search(_Text):
    """检索: take ``piece`` from the player's deck into the hand, then the deck is shuffled:
    ``order`` is its new order (a permutation of what is left, or ``Unknown.ORDER``)."""

    player: int
    piece: int
    order: Order


@dataclass(frozen=True, slots=True)
class Look(_Text):
    """预见 and its kin: the player looks at the top ``count`` cards of its deck and puts
    them back in an order it chooses: ``order[i]`` is the index, among the cards looked
    at (top first), of the card that goes to place ``i``; the first ``count − under``
    places go back on top (place 0 the top), the last ``under`` under the deck (the
    last place the very bottom). ``order`` is ``Unknown.ORDER`` for whoever was not
    told it (the opponent, a watcher)."""

    player: int
    count: int
    order: Order
    under: int = 0


@dataclass(frozen=True, slots=True)
class Shuffle(_Text):
    """Put the player's deck in a new order (a permutation of its cards, or
    ``Unknown.ORDER``)."""

    player: int
    order: Order


@dataclass(frozen=True, slots=True)
class CreateDerived(_Text):
    """Put a copy of a card of the player's extra deck (by number) into ``zone``
    (a cell for a unit)."""

    player: int
    number: str
    zone: Zone
    cell: Cell | None = None


@dataclass(frozen=True, slots=True)
class GainElements(_Text):
    """Gain (temporary) elements: they vanish at the end of the turn like all others."""

    player: int
    amount: Elements


@dataclass(frozen=True, slots=True)
class SetTapped(_Text):
    """Tap (横置) or reset (重置) a card of the battlefield, taking nothing."""

    player: int
    piece: int
    tapped: bool


@dataclass(frozen=True, slots=True)
class Modify(_Text):
    """Change a card's numbers while it stays in play: attack, life (maximum and current),
    power, and load. A change is lost when the card leaves the battlefield."""

    player: int
    piece: int
    attack: int = 0
    life: int = 0
    power: int = 0
    gain: Elements = ZERO


@dataclass(frozen=True, slots=True)
class TakeControl(_Text):
    """Take control of an enemy's card on the battlefield (a text such as 获得其控制权):
    it moves to the same zone on the player's side, a unit into the empty ``cell`` of the
    player's grid, and keeps its state. It stays the player's while it stays in play;
    when it leaves play it goes to its owner's zones. Its owner takes it back the same
    way. A hero never changes sides."""

    player: int
    piece: int
    cell: Cell | None = None


@dataclass(frozen=True, slots=True)
class SetSlots(_Text):
    """What a card of the player's in play gives beyond the zones' limits (记忆项链:
    技能槽位+2; 旅行行囊: 道具槽位+2 and any kind of equipment): ``skills`` more skill
    slots, ``equipment`` more equipment slots (0..10 each), and with ``any_kind`` no
    one-of-each-kind rule. It replaces what the card gave before; it ends when the card
    leaves play. A card that takes no slot (风言之耳) gives one slot of its own zone."""

    player: int
    piece: int
    skills: int = 0
    equipment: int = 0
    any_kind: bool = False


# --- what a game learns -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reveal(_Text):
    """The table opened ``piece``, a card of ``player``'s, to this game: its face is the
    card ``number``. Taken at any step, even after the end; a card already known is
    revealed again only as itself."""

    player: int
    piece: int
    number: str


Generic = (
    MoveCard
    | Damage
    | Heal
    | AddMarker
    | RemoveMarker
    | Draw
    | Look
    | Search
    | Shuffle
    | CreateDerived
    | GainElements
    | SetTapped
    | Modify
    | TakeControl
    | SetSlots
)
GENERIC_TYPES = (
    MoveCard,
    Damage,
    Heal,
    AddMarker,
    RemoveMarker,
    Draw,
    Look,
    Search,
    Shuffle,
    CreateDerived,
    GainElements,
    SetTapped,
    Modify,
    TakeControl,
    SetSlots,
)
Action = (
    Mulligan
    | Consume
    | Summon
    | Equip
    | UseItem
    | Learn
    | Invoke
    | Cast
    | Defend
    | Attack
    | UseAbility
    | EndTurn
    | Concede
    | Generic
    | Reveal
)
ACTION_TYPES: tuple[type, ...] = (
    Mulligan,
    Consume,
    Summon,
    Equip,
    UseItem,
    Learn,
    Invoke,
    Cast,
    Defend,
    Attack,
    UseAbility,
    EndTurn,
    Concede,
    *GENERIC_TYPES,
    Reveal,
)


# --- text forms ----------------------------------------------------------------------------

_Codec = tuple[Callable[[Any], str], Callable[[str], Any]]
_INT: _Codec = (notation.format_int, notation.parse_int)
_INTS: _Codec = (notation.format_ints, notation.parse_ints)


def _format_order(order: Order) -> str:
    return order.value if isinstance(order, Unknown) else notation.format_ints(order)


def _parse_order(text: str) -> Order:
    return Unknown.ORDER if text == Unknown.ORDER.value else notation.parse_ints(text)

_ELEMENTS: _Codec = (str, notation.parse_elements)
_FIELDS: dict[str, _Codec] = {
    "piece": _INT,
    "replace": _INT,
    "target": _INT,
    "spell": _INT,
    "attacker": _INT,
    "amount": _INT,
    "count": _INT,
    "under": _INT,
    "attack": _INT,
    "life": _INT,
    "power": _INT,
    "skills": _INT,
    "equipment": _INT,
    "order": (_format_order, _parse_order),
    "boosts": _INTS,
    "overdraw": _INTS,
    "discards": _INTS,
    "choice": _ELEMENTS,
    "payment": _ELEMENTS,
    "gain": _ELEMENTS,
    "cell": (notation.format_cell, notation.parse_cell),
    "area": (str, AreaTarget.parse),
    "ability": (str, lambda t: notation.parse_enum(Ability, t)),
    "zone": (str, lambda t: notation.parse_enum(Zone, t)),
    "marker": (str, lambda t: notation.parse_enum(Marker, t)),
    "bottom": (notation.format_bool, notation.parse_bool),
    "tapped": (notation.format_bool, notation.parse_bool),
    "any_kind": (notation.format_bool, notation.parse_bool),
    "number": (str, notation.parse_card_number),
}
# A field whose meaning differs by action: GainElements' amount is elements.
_FIELD_OVERRIDES: dict[tuple[str, str], _Codec] = {("GainElements", "amount"): _ELEMENTS}


def _verb(cls: type) -> str:
    """``UseItem`` -> ``use-item``."""
    name = cls.__name__
    return "".join(
        "-" + ch.lower() if ch.isupper() and i else ch.lower() for i, ch in enumerate(name)
    )


def _codec(cls: type, name: str) -> _Codec:
    return _FIELD_OVERRIDES.get((cls.__name__, name)) or _FIELDS[name]


def format_action(action: Any) -> str:
    """The text form of an action (``str(action)`` calls this)."""
    cls = type(action)
    words = [f"p{action.player}", _verb(cls)]
    for f in dataclasses.fields(cls):
        if f.name == "player":
            continue
        value = getattr(action, f.name)
        write = _codec(cls, f.name)[0]
        if f.default is dataclasses.MISSING:
            words.append(write(value))
        elif value != f.default:
            words.append(f"{f.name}={write(value)}")
    return " ".join(words)


def parse_action(text: str) -> Action:
    """Read an action's text form back; ``DecodeError`` in one sentence when it is not one."""
    if not isinstance(text, str) or len(text) > notation.MAX_TEXT:
        raise DecodeError(f"an action's text is a line of at most {notation.MAX_TEXT} characters")
    words = text.split()
    if len(words) < 2:
        raise DecodeError(
            f"{text[:40]!r} is not an action: it names a player and a verb (p0 end-turn)"
        )
    if words[0] not in ("p0", "p1"):
        raise DecodeError(f"{words[0][:40]!r} is not a player: p0 or p1")
    cls = _BY_VERB.get(words[1])
    if cls is None:
        raise DecodeError(f"{words[1][:40]!r} is not an action of 巫师牌")
    fields = [f for f in dataclasses.fields(cls) if f.name != "player"]
    required = [f for f in fields if f.default is dataclasses.MISSING]
    optional = {f.name for f in fields} - {f.name for f in required}
    rest = words[2:]
    given = [w for w in rest if "=" in w]
    positional = [w for w in rest if "=" not in w]
    if len(positional) != len(required) or rest[: len(required)] != positional:
        names = " ".join(f.name.upper() for f in required) or "nothing"
        raise DecodeError(f"{words[1]} takes {names}, then optional name=value fields")
    values: dict[str, Any] = {"player": int(words[0][1])}
    for f, word in zip(required, positional, strict=True):
        values[f.name] = _codec(cls, f.name)[1](word)
    for word in given:
        name, _, value = word.partition("=")
        if name not in optional or name in values:
            raise DecodeError(f"{word[:40]!r}: {words[1]} has no field {name!r}, or it is repeated")
        values[name] = _codec(cls, name)[1](value)
    return cls(**values)


_BY_VERB: dict[str, type] = {_verb(cls): cls for cls in ACTION_TYPES}


def public(action: Action) -> Action:
    """The action as the other player sees it at a trustless table: a new deck order
    the table drew is nobody's to know (``Unknown.ORDER``); keeping a hand stays keeping."""
    if isinstance(action, Mulligan | Search | Shuffle | Look) and isinstance(action.order, tuple):
        return dataclasses.replace(action, order=Unknown.ORDER)
    return action


class EndReason(StrEnum):
    HERO_DIED = "hero-died"
    CONCEDED = "conceded"
    TURN_LIMIT = "turn-limit"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (``None``: a draw, at the turn limit) and why."""

    winner: int | None
    reason: EndReason
    turn: int

    def __str__(self) -> str:
        who = "draw" if self.winner is None else f"player {self.winner} wins"
        return f"{who} ({self.reason.value}, turn {self.turn})"
