"""Every action of 巫师牌 as a frozen value, and the end of a game as one value.

Cards on the table are named by their *piece* number: each physical card of a game
(and each derived card put into play) gets one at the start, stable for the game.
Every action names the player (0 or 1) who takes it. A ``payment`` of ``None`` lets the
engine choose how to pay (``costs.choose_payment``); a given payment must pay the cost
exactly out of the player's elements.

Two families:

* the rules' own moves (``Mulligan`` … ``Concede``), which the engine checks in full;
* the *generic actions* (``MoveCard`` … ``Modify``), with which players carry out card
  texts the engine cannot read. The engine checks what they can be (a card that
  exists, a zone's limit, an empty cell, an amount in range) and records who took them;
  whether a card text allowed them is the players' business, as at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wizard_p2p.sorcery.cards import Elements
from wizard_p2p.sorcery.costs import ZERO
from wizard_p2p.sorcery.grid import Cell
from wizard_p2p.sorcery.keywords import AreaShape, Marker

__all__ = [
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
    "Modify",
    "MoveCard",
    "Mulligan",
    "Outcome",
    "RemoveMarker",
    "Search",
    "SetTapped",
    "Shuffle",
    "Summon",
    "UseAbility",
    "UseItem",
    "Zone",
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


class Ability(StrEnum):
    """How a card's own ability is used (its text is carried out by the players)."""

    CONSUME = "消耗"  # tap the card for its 消耗：… text, without taking its load
    PER_TURN = "回合技"  # at most X times a turn
    ULTIMATE = "绝技"  # once while the card is in play


@dataclass(frozen=True, slots=True)
class AreaTarget:
    """An area on ``side``'s unit grid: its shape and main cell (see ``grid.py``)."""

    side: int
    shape: AreaShape
    cell: Cell


# --- the rules' moves ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Keep the opening hand (``order`` None), or shuffle it back and draw 4 again:
    ``order`` is the new deck order, a permutation of the deck with the hand back in."""

    player: int
    order: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Consume:
    """Tap a unit or an equipment for its load. ``choice``: which half of the hero's
    load to take on the first player's first turn (default: the first elements)."""

    player: int
    piece: int
    choice: Elements | None = None


@dataclass(frozen=True, slots=True)
class Summon:
    """A creature from the hand into an empty cell of the player's grid."""

    player: int
    piece: int
    cell: Cell
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Equip:
    """An equipment from the hand into the equipment zone; ``replace`` names the equipment
    it replaces (needed when one of its kind is there, or the zone is full)."""

    player: int
    piece: int
    replace: int | None = None
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class UseItem:
    """A consumable (potion, scroll of an incantation) from the hand: paid, then discarded."""

    player: int
    piece: int
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Learn:
    """A skill from the skill pool into the skill zone; ``replace`` names an upright skill
    it replaces (which goes back to the pool) when the zone is full."""

    player: int
    piece: int
    replace: int | None = None
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Invoke:
    """Use an incantation (咒术) of the skill zone: tap it, pay its use cost. On the
    opponent's turn (a 反制) it is paid by overdrawing ``overdraw``, as a defence is."""

    player: int
    piece: int
    payment: Elements | None = None
    overdraw: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Cast:
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
class Defend:
    """The defender's answer: a spell (``None``: no defence) and its reinforcements, paid
    by overdrawing (tapping) ``overdraw`` for their loads; the surplus is lost."""

    player: int
    spell: int | None = None
    boosts: tuple[int, ...] = ()
    overdraw: tuple[int, ...] = ()
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class Attack:
    """A direct attack: a unit of the front row (or an equipment with attack) taps to deal
    its attack to a unit in range. It cannot be defended."""

    player: int
    attacker: int
    target: int


@dataclass(frozen=True, slots=True)
class UseAbility:
    """Use a card's own ability (``Ability``); the engine counts and taps, the players
    carry out its text."""

    player: int
    piece: int
    ability: Ability
    payment: Elements | None = None


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn, discarding ``discards`` to bring the hand down to the limit."""

    player: int
    discards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Concede:
    player: int


# --- the generic actions ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveCard:
    """Move a card of its owner between zones: to a ``cell`` of the unit grid, to the deck
    (on top, or at the bottom with ``bottom``), the hand, discard pile, idle zone …"""

    player: int
    piece: int
    zone: Zone
    cell: Cell | None = None
    bottom: bool = False


@dataclass(frozen=True, slots=True)
class Damage:
    player: int
    target: int
    amount: int


@dataclass(frozen=True, slots=True)
class Heal:
    """Restore life, up to the unit's maximum."""

    player: int
    target: int
    amount: int


@dataclass(frozen=True, slots=True)
class AddMarker:
    player: int
    target: int
    marker: Marker
    count: int = 1


@dataclass(frozen=True, slots=True)
class RemoveMarker:
    player: int
    target: int
    marker: Marker
    count: int = 1


@dataclass(frozen=True, slots=True)
class Draw:
    player: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Search:
    """检索: take ``piece`` from the player's deck into the hand, then the deck is shuffled:
    ``order`` is its new order (a permutation of what is left)."""

    player: int
    piece: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Put the player's deck in a new order (a permutation of its cards)."""

    player: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CreateDerived:
    """Put a copy of a card of the player's extra deck (by number) into ``zone``
    (a cell for a unit)."""

    player: int
    number: str
    zone: Zone
    cell: Cell | None = None


@dataclass(frozen=True, slots=True)
class GainElements:
    """Gain (temporary) elements: they vanish at the end of the turn like all others."""

    player: int
    amount: Elements


@dataclass(frozen=True, slots=True)
class SetTapped:
    """Tap (横置) or reset (重置) a card of the battlefield, taking nothing."""

    player: int
    piece: int
    tapped: bool


@dataclass(frozen=True, slots=True)
class Modify:
    """Change a card's numbers while it stays in play: attack, life (maximum and current),
    power, and load. A change is lost when the card leaves the battlefield."""

    player: int
    piece: int
    attack: int = 0
    life: int = 0
    power: int = 0
    gain: Elements = ZERO


Generic = (
    MoveCard
    | Damage
    | Heal
    | AddMarker
    | RemoveMarker
    | Draw
    | Search
    | Shuffle
    | CreateDerived
    | GainElements
    | SetTapped
    | Modify
)
GENERIC_TYPES = (
    MoveCard,
    Damage,
    Heal,
    AddMarker,
    RemoveMarker,
    Draw,
    Search,
    Shuffle,
    CreateDerived,
    GainElements,
    SetTapped,
    Modify,
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
)


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
