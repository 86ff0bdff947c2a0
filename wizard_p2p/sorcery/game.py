"""The whole game of 巫师牌 as a deterministic state machine.

``Game.start`` sets a game up from two decklists, the coin's result and each deck's
shuffled order (the caller's randomness, as values): a game that knows every card.
``Game.start_hidden`` sets one up knowing only what a seat at a trustless table knows
(each side's hero and extra deck, and how many cards its deck and skill pool hold); it
learns a card's face when the table opens it (``Reveal``). A card this game does not
know is a piece without a face: reading its card raises ``IllegalAction``
(``Rule.UNKNOWN_CARD``), so an action that needs it is refused until it is revealed,
and nothing in the game can depend on it. Every shuffle of a deck (a mulligan,
``Search``, ``Shuffle``) gives the deck's cards fresh piece numbers, top to bottom, in
both kinds of game, and so does a look at the top (``Look``) to the cards put back,
so that no piece survives a shuffle or a look and an observer cannot follow a card
through one.

``apply`` either changes the state by one action (``actions.py``) or raises
``IllegalAction`` naming the rule broken (``Rule``) and changes nothing: the action is
carried out on a copy, adopted only when it succeeds. ``check`` asks the same question
without changing the state.

A game goes: MULLIGAN (the first player, then the second, keep or mulligan once) →
the first player's turn: PLAY (draw 1, then the player's moves; a ``Cast`` opens
DEFEND, where the opponent answers, then PLAY again) → ``EndTurn`` (hand limit 5,
reset, markers, elements vanish, durations end) → the other player's turn … → OVER,
with ``outcome`` the one value saying how it ended.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.sorcery import costs
from wizard_p2p.sorcery.actions import (
    GENERIC_TYPES,
    Ability,
    Action,
    AddMarker,
    AreaTarget,
    Attack,
    Cast,
    Concede,
    Consume,
    CreateDerived,
    Damage,
    Defend,
    Draw,
    EndReason,
    EndTurn,
    Equip,
    GainElements,
    Heal,
    Invoke,
    Learn,
    Look,
    Modify,
    MoveCard,
    Mulligan,
    Order,
    Outcome,
    RemoveMarker,
    Reveal,
    Search,
    SetSlots,
    SetTapped,
    Shuffle,
    Summon,
    TakeControl,
    Unknown,
    UseAbility,
    UseItem,
    Zone,
)
from wizard_p2p.sorcery.cards import Card, CardType, Elements
from wizard_p2p.sorcery.costs import ZERO
from wizard_p2p.sorcery.grid import CENTRE, Cell, area_cells, front_row, is_cell, square_fits
from wizard_p2p.sorcery.keywords import (
    AreaShape,
    Marker,
    SkillKind,
    equipment_kind,
    is_consumable,
    is_defence_only,
    is_spell,
    keywords_of,
    skill_kind,
)

__all__ = [
    "HAND_LIMIT",
    "MAX_EQUIPMENT",
    "MAX_SKILLS",
    "OPENING_HAND",
    "Battle",
    "BattleResult",
    "Decklist",
    "Game",
    "Piece",
    "PublicDeck",
    "Rule",
    "Side",
    "Step",
]

OPENING_HAND = 4
HAND_LIMIT = 5
MAX_SKILLS = 5
MAX_EQUIPMENT = 5
MAX_AMOUNT = 99  # the most a generic action may damage, heal, mark or change at once
MAX_DRAW = 10
MAX_EXTRA_SLOTS = 10  # the most slots of a zone one card gives
DEFAULT_TURN_LIMIT = 200


class Step(StrEnum):
    MULLIGAN = "调度"
    PLAY = "出牌"
    DEFEND = "防御"
    OVER = "结束"


class Rule(StrEnum):
    """The rule an illegal action breaks: ``IllegalAction.rule`` is one of these."""

    UNKNOWN_ACTION = "unknown-action"
    GAME_OVER = "game-over"
    STEP = "step"
    TURN = "turn"
    PLAYER = "player"
    NO_CARD = "no-such-card"
    NOT_YOURS = "not-yours"
    ZONE = "zone"
    CARD_KIND = "card-kind"
    TAPPED = "tapped"
    UPRIGHT = "upright"
    STUNNED = "stunned"
    FROZEN = "frozen"
    COOLDOWN = "cooldown"
    SEALED = "sealed"
    PETRIFIED = "petrified"
    COST = "cost"
    NO_LOAD = "no-load"
    FIRST_TURN_LOAD = "first-turn-load"
    CELL = "cell"
    SKILL_LIMIT = "skill-limit"
    EQUIPMENT_LIMIT = "equipment-limit"
    EQUIPMENT_KIND = "equipment-kind"
    REPLACE = "replace"
    HAND_LIMIT = "hand-limit"
    DEFENCE_ONLY = "defence-only"
    UNDEFENDABLE = "undefendable"
    TARGET = "target"
    RANGE = "range"
    HIDDEN = "hidden"
    AREA = "area"
    FRONT_ROW = "front-row"
    NO_ATTACK = "no-attack"
    ABILITY = "ability"
    PER_TURN = "per-turn"
    ULTIMATE = "ultimate"
    ORDER = "order"
    AMOUNT = "amount"
    HERO = "hero"
    WEAK_ON_HERO = "weak-on-hero"
    DERIVED = "derived"
    OVERDRAW = "overdraw"
    CONTROL = "control"
    UNKNOWN_CARD = "unknown-card"
    REVEAL = "reveal"


def _illegal(message: str, rule: Rule, player: int | None = None) -> IllegalAction:
    return IllegalAction(message, rule=rule.value, seat=player)


@dataclass(frozen=True, slots=True)
class Decklist:
    """One player's cards for a game: the hero, the main deck (30), the skill pool (10)
    and the extra deck (derived cards)."""

    hero: Card
    main: tuple[Card, ...]
    skills: tuple[Card, ...]
    extra: tuple[Card, ...] = ()

    def public(self) -> PublicDeck:
        """What both players see of this deck at the start."""
        return PublicDeck(self.hero, self.extra, len(self.main), len(self.skills))


@dataclass(frozen=True, slots=True)
class PublicDeck:
    """What a seat at a trustless table knows of a player's deck at the start: the hero
    and the extra deck (both shown), and how many cards the main deck (shuffled by both
    players, order and faces unknown) and the skill pool (committed, faces unknown) hold."""

    hero: Card
    extra: tuple[Card, ...] = ()
    main: int = 30
    skills: int = 10


@dataclass(slots=True)
class Piece:
    """One physical card of the game and what is on it. Mutable inside the engine only:
    read it, never change it (``Game.apply`` is the one way to change a game).

    ``face`` is the card, or ``None`` while this game has not been shown it (``known``);
    ``card`` reads the face and raises ``IllegalAction`` (``Rule.UNKNOWN_CARD``) for an
    unknown one, so every rule that needs a card refuses rather than guesses."""

    id: int
    face: Card | None
    owner: int
    zone: Zone
    cell: Cell | None = None
    tapped: bool = False
    damage: int = 0
    attack_bonus: int = 0
    life_bonus: int = 0
    power_bonus: int = 0
    gain_bonus: Elements = ZERO
    markers: dict[Marker, int] = field(default_factory=dict)
    uses: int = 0  # of its 回合技 this turn
    ultimate_used: bool = False
    active_until: int | None = None  # the turn at whose end its 异能 ends
    derived: bool = False
    # Whose side of the battlefield it is on: its owner's, unless a card text took
    # control of it (``TakeControl``). Off the battlefield it is its owner's again.
    controller: int = -1
    skill_slots: int = 0  # the skill slots it gives its controller while in play
    equipment_slots: int = 0  # the equipment slots it gives likewise
    any_kind: bool = False  # while in play: equipment of any kind, any number of each

    def __post_init__(self) -> None:
        if self.controller < 0:
            self.controller = self.owner

    def copy(self) -> Piece:
        return Piece(
            self.id,
            self.face,
            self.owner,
            self.zone,
            self.cell,
            self.tapped,
            self.damage,
            self.attack_bonus,
            self.life_bonus,
            self.power_bonus,
            self.gain_bonus,
            dict(self.markers),
            self.uses,
            self.ultimate_used,
            self.active_until,
            self.derived,
            self.controller,
            self.skill_slots,
            self.equipment_slots,
            self.any_kind,
        )

    def __str__(self) -> str:
        return f"card #{self.id}" if self.face is None else str(self.face)

    @property
    def known(self) -> bool:
        return self.face is not None

    @property
    def card(self) -> Card:
        if self.face is None:
            raise _illegal(
                f"card #{self.id} has not been revealed to this game", Rule.UNKNOWN_CARD
            )
        return self.face

    @property
    def is_hero(self) -> bool:
        """Heroes are always known: both sides show theirs from the start."""
        return self.face is not None and self.face.type is CardType.HERO

    @property
    def max_life(self) -> int | None:
        return None if self.card.life is None else self.card.life + self.life_bonus

    @property
    def life(self) -> int | None:
        m = self.max_life
        return None if m is None else m - self.damage

    @property
    def attack(self) -> int:
        return max(0, (self.card.attack or 0) + self.attack_bonus)

    @property
    def power(self) -> int:
        return (self.card.power or 0) + self.power_bonus

    @property
    def gain(self) -> Elements:
        return costs.add(self.card.gain, self.gain_bonus)

    def marker(self, marker: Marker) -> int:
        return self.markers.get(marker, 0)

    def leave_play(self) -> None:
        """Forget everything the battlefield put on the card."""
        self.cell = None
        self.tapped = False
        self.damage = self.attack_bonus = self.life_bonus = self.power_bonus = 0
        self.gain_bonus = Elements()
        self.markers = {}
        self.uses = 0
        self.ultimate_used = False
        self.active_until = None
        self.controller = self.owner
        self.skill_slots = self.equipment_slots = 0
        self.any_kind = False


@dataclass(slots=True)
class Side:
    """One player's zones (lists of piece numbers; the deck's top first) and elements."""

    hero: int
    deck: list[int]
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    idle: list[int] = field(default_factory=list)
    skills: list[int] = field(default_factory=list)
    equipment: list[int] = field(default_factory=list)
    grid: dict[Cell, int] = field(default_factory=dict)
    elements: Elements = ZERO
    mulligan_done: bool = False
    extra: tuple[str, ...] = ()  # numbers of its extra deck's cards

    def copy(self) -> Side:
        return Side(
            self.hero,
            list(self.deck),
            list(self.hand),
            list(self.discard),
            list(self.pool),
            list(self.idle),
            list(self.skills),
            list(self.equipment),
            dict(self.grid),
            self.elements,
            self.mulligan_done,
            self.extra,
        )

    def zone_list(self, zone: Zone) -> list[int]:
        return {
            Zone.DECK: self.deck,
            Zone.HAND: self.hand,
            Zone.DISCARD: self.discard,
            Zone.POOL: self.pool,
            Zone.IDLE: self.idle,
            Zone.SKILLS: self.skills,
            Zone.EQUIPMENT: self.equipment,
        }[zone]


@dataclass(frozen=True, slots=True)
class Battle:
    """A spell battle waiting for the defender's answer."""

    attacker: int
    spell: int
    boosts: tuple[int, ...]
    target: int | None
    area: AreaTarget | None
    power: int
    attack: int
    undefendable: bool
    on_hit: tuple[tuple[Marker, int], ...]


@dataclass(frozen=True, slots=True)
class BattleResult:
    """The last spell battle: attack against defence power, and what it hit."""

    attacker: int
    spell: int
    power: int
    defence: int | None  # None: no defence declared
    hit: bool
    targets: tuple[int, ...]


class Game:
    """The state of one game of 巫师牌; ``apply`` is the one way to change it."""

    def __init__(self) -> None:
        raise UsageError("make a game with Game.start(decklists, first, orders)")

    # --- set-up ----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        decklists: Sequence[Decklist],
        first: int,
        orders: Sequence[Sequence[int]],
        *,
        turn_limit: int = DEFAULT_TURN_LIMIT,
    ) -> Game:
        """A new game that knows every card. ``first``: the player the coin chose to
        begin; ``orders[p]``: the shuffled order of player p's main deck (a permutation of
        its indices). Each player draws the opening four; the game waits for the
        mulligans."""
        if len(decklists) != 2 or len(orders) != 2:
            raise UsageError("巫师牌 is a game for two: two decklists and two deck orders")
        faces: list[Sequence[Card | None]] = []
        for p, (deck, order) in enumerate(zip(decklists, orders, strict=True)):
            if sorted(order) != list(range(len(deck.main))):
                raise UsageError(f"player {p}'s deck order is not a permutation of its deck")
            faces.append([deck.main[i] for i in order] + list(deck.skills))
        cards = {
            card.number: card
            for deck in decklists
            for card in (deck.hero, *deck.main, *deck.skills, *deck.extra)
        }
        return cls._set_up([d.public() for d in decklists], first, cards, faces, turn_limit)

    @classmethod
    def start_hidden(
        cls,
        decks: Sequence[PublicDeck],
        first: int,
        cards: Mapping[str, Card],
        *,
        turn_limit: int = DEFAULT_TURN_LIMIT,
    ) -> Game:
        """A new game that knows only what both players are shown at the start: each
        side's hero and extra deck, and how many cards its main deck and skill pool hold.
        Every main-deck and skill-pool card is a piece without a face until a ``Reveal``
        names it out of ``cards`` (the card file). Each player draws the opening four
        (still unknown); the game waits for the mulligans."""
        if len(decks) != 2:
            raise UsageError("巫师牌 is a game for two: two decks")
        unknown: list[list[Card | None]] = [[None] * (d.main + d.skills) for d in decks]
        return cls._set_up(decks, first, cards, unknown, turn_limit)

    @classmethod
    def _set_up(
        cls,
        decks: Sequence[PublicDeck],
        first: int,
        cards: Mapping[str, Card],
        faces: Sequence[Sequence[Card | None]],
        turn_limit: int,
    ) -> Game:
        """Both sides' pieces, numbered in one order whatever the game knows: per player
        the hero, the main deck top to bottom, the skill pool, the extra deck; ``faces[p]``
        gives the faces of the main deck (top first), then the skill pool's."""
        if first not in (0, 1):
            raise UsageError("the first player is 0 or 1")
        if turn_limit < 1:
            raise UsageError("the turn limit is at least 1")
        game = object.__new__(cls)
        game.pieces = {}
        game.sides = []
        game.cards = dict(cards)
        game.first = first
        game.step = Step.MULLIGAN
        game.active = first
        game.to_move = first
        game.turn = 0
        game.turn_limit = turn_limit
        game.battle = None
        game.last_battle = None
        game.outcome = None
        game.history = []
        game._next_id = 0
        game._edited = set()
        for p, deck in enumerate(decks):
            if deck.main < 0 or deck.skills < 0 or len(faces[p]) != deck.main + deck.skills:
                raise UsageError(f"player {p}'s deck has no such size")
            game.cards.update((card.number, card) for card in (deck.hero, *deck.extra))
            hero = game._new_piece(deck.hero, p, Zone.UNITS)
            game.pieces[hero].cell = CENTRE
            main = [game._new_piece(face, p, Zone.DECK) for face in faces[p][: deck.main]]
            side = Side(hero=hero, deck=main)
            side.grid[CENTRE] = hero
            side.pool = [game._new_piece(face, p, Zone.POOL) for face in faces[p][deck.main :]]
            side.idle = [game._new_piece(card, p, Zone.IDLE) for card in deck.extra]
            side.extra = tuple(card.number for card in deck.extra)
            game.sides.append(side)
            game._draw(p, OPENING_HAND)
        return game

    pieces: dict[int, Piece]
    sides: list[Side]
    cards: dict[str, Card]  # every card a Reveal may name (never changed after the start)
    first: int
    step: Step
    active: int  # whose turn it is
    to_move: int  # who must act next (the defender during DEFEND)
    turn: int  # 1 is the first player's first turn
    turn_limit: int
    battle: Battle | None
    last_battle: BattleResult | None
    outcome: Outcome | None
    history: list[Action]
    _next_id: int

    def _new_piece(
        self, face: Card | None, owner: int, zone: Zone, *, derived: bool = False
    ) -> int:
        pid = self._next_id
        self._next_id += 1
        self.pieces[pid] = Piece(pid, face, owner, zone, derived=derived)
        self._edited.add(pid)  # this state's own: no copy needed to change it
        return pid

    # --- reading the state -----------------------------------------------------------

    def sees(self, seat: int, pid: int) -> bool:
        """Whether ``seat`` is shown piece ``pid`` where it lies now: both players see the
        battlefield, the discard pile and the idle zone, its owner the hand and the skill
        pool, no one a deck."""
        p = self.piece(pid)
        return p.zone.public or (p.zone.private and p.owner == seat)

    def unrevealed(self, seat: int) -> list[int]:
        """The pieces ``seat`` is shown (``sees``) that this game has no face for, in
        number order: what the table still owes it (a card drawn, a card discarded from
        the opponent's hand)."""
        return sorted(
            pid for pid, p in self.pieces.items() if p.face is None and self.sees(seat, pid)
        )

    def piece(self, pid: int) -> Piece:
        found = self.pieces.get(pid) if isinstance(pid, int) else None
        if found is None:
            raise _illegal(f"there is no card {pid!r} in this game", Rule.NO_CARD)
        return found

    def units(self, player: int) -> list[Piece]:
        """Player's units, front row first, left to right."""
        grid = self.sides[player].grid
        return [self.pieces[grid[c]] for c in sorted(grid)]

    def range_front(self, player: int) -> int | None:
        """The front row of ``player``'s grid for mana range (hidden units do not block)."""
        return front_row(
            {
                c
                for c, pid in self.sides[player].grid.items()
                if self.pieces[pid].marker(Marker.HIDDEN) == 0
            }
        )

    def in_range(self, player: int, pid: int, *, pierce: bool = False) -> bool:
        """Whether ``player`` may choose unit ``pid`` as a target (mana range, 隐蔽, 穿透)."""
        p = self.pieces.get(pid)
        if p is None or p.zone is not Zone.UNITS or p.cell is None:
            return False
        if p.controller == player:
            return True
        if p.marker(Marker.HIDDEN):
            return False
        if pierce or (keywords_of(p.card).lure and not p.marker(Marker.PETRIFY)):
            return True
        return p.cell[0] == self.range_front(p.controller)

    def _in_play(self, player: int) -> list[Piece]:
        side = self.sides[player]
        return [self.pieces[pid] for pid in (*side.grid.values(), *side.skills, *side.equipment)]

    def skill_limit(self, player: int) -> int:
        """How many skills the player's skill zone holds: 5, and the slots its cards in
        play give (``SetSlots``)."""
        return MAX_SKILLS + sum(p.skill_slots for p in self._in_play(player))

    def equipment_limit(self, player: int) -> int:
        """How many equipment the player's equipment zone holds: 5, and the slots its
        cards in play give (``SetSlots``)."""
        return MAX_EQUIPMENT + sum(p.equipment_slots for p in self._in_play(player))

    def any_kind(self, player: int) -> bool:
        """Whether a card of the player's in play lifts the one-of-each-kind rule."""
        return any(p.any_kind for p in self._in_play(player))

    def hero_load_limit(self, player: int) -> int | None:
        """How much of the hero's load may be taken now: half (rounded up) on the first
        player's first turn, else all (``None``)."""
        if self.turn == 1 and player == self.first:
            total = self.pieces[self.sides[player].hero].gain.total
            return (total + 1) // 2
        return None

    def cast_cost(self, spells: Iterable[int]) -> Elements:
        """What casting these spells costs: a skill's use cost, a scroll's cost."""
        total = Elements()
        for pid in spells:
            p = self.pieces[pid]
            total = costs.add(total, p.card.expense if p.zone is Zone.SKILLS else p.card.cost)
        return total

    def spell_power(self, player: int, spells: Iterable[int]) -> int:
        """The power of a spell and its reinforcements, less the caster's 虚弱."""
        weak = self.pieces[self.sides[player].hero].marker(Marker.WEAK)
        return sum(self.pieces[pid].power for pid in spells) - weak

    # --- applying actions ------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise the ``IllegalAction`` that ``apply(action)`` would raise; change nothing."""
        self._copy()._apply(action)

    def apply(self, action: Action) -> None:
        """Apply one action, or raise ``IllegalAction`` and leave the state unchanged."""
        work = self._copy()
        work._apply(action)
        self.pieces, self.sides = work.pieces, work.sides
        self.step, self.active, self.to_move, self.turn = (
            work.step,
            work.active,
            work.to_move,
            work.turn,
        )
        self.battle, self.last_battle, self.outcome = work.battle, work.last_battle, work.outcome
        self._next_id = work._next_id
        self.history.append(action)

    def copy(self) -> Game:
        """An independent copy, for look-ahead."""
        other = self._copy()
        other.pieces = {pid: p.copy() for pid, p in self.pieces.items()}
        other.history = list(self.history)
        return other

    def _copy(self) -> Game:
        # Copy on write: the pieces are shared until ``_edit`` copies one to change it.
        other = object.__new__(Game)
        other.pieces = dict(self.pieces)
        other.sides = [s.copy() for s in self.sides]
        other.cards = self.cards  # read only
        other.first, other.step, other.active = self.first, self.step, self.active
        other.to_move, other.turn, other.turn_limit = self.to_move, self.turn, self.turn_limit
        other.battle, other.last_battle, other.outcome = self.battle, self.last_battle, self.outcome
        other.history = self.history  # read only; ``apply`` appends to its own
        other._next_id = self._next_id
        other._edited = set()
        return other

    _edited: set[int]

    def _edit(self, pid: int) -> Piece:
        if pid not in self._edited:
            self.pieces[pid] = self.pieces[pid].copy()
            self._edited.add(pid)
        return self.pieces[pid]

    def _apply(self, action: Action) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise _illegal(f"not an action of 巫师牌: {action!r}", Rule.UNKNOWN_ACTION)
        player = action.player
        if player not in (0, 1) or isinstance(player, bool):
            raise _illegal(f"there is no player {player!r}", Rule.PLAYER)
        if self.outcome is not None and not isinstance(action, Concede | Reveal):
            raise _illegal("the game is over", Rule.GAME_OVER, player)
        if isinstance(action, GENERIC_TYPES) and self.step not in (Step.PLAY, Step.DEFEND):
            raise _illegal(
                f"card texts are carried out during play, not in step {self.step.value}",
                Rule.STEP,
                player,
            )
        handler(self, action)

    # --- checks shared by the handlers -----------------------------------------------

    def _need_step(self, player: int, *steps: Step) -> None:
        if self.step not in steps:
            raise _illegal(f"not now: the game is in step {self.step.value}", Rule.STEP, player)

    def _need_turn(self, player: int) -> None:
        self._need_step(player, Step.PLAY)
        if player != self.active:
            raise _illegal(f"it is player {self.active}'s turn", Rule.TURN, player)

    def _own(self, player: int, pid: int, *zones: Zone) -> Piece:
        p = self.piece(pid)
        if p.controller != player:
            raise _illegal(f"{p} is not player {player}'s card", Rule.NOT_YOURS, player)
        if zones and p.zone not in zones:
            where = "/".join(z.value for z in zones)
            raise _illegal(f"{p} is in {p.zone.value}, not {where}", Rule.ZONE, player)
        return p

    def _can_tap(self, player: int, p: Piece) -> None:
        if p.tapped:
            raise _illegal(f"{p} is tapped", Rule.TAPPED, player)
        if p.marker(Marker.STUN):
            raise _illegal(f"{p} is stunned (眩晕) and cannot be tapped", Rule.STUNNED, player)

    def _usable_spell(self, player: int, pid: int, *, defending: bool) -> Piece:
        p = self._own(player, pid, Zone.SKILLS, Zone.HAND)
        if not is_spell(p.card):
            raise _illegal(f"{p} is not a spell", Rule.CARD_KIND, player)
        if not defending and is_defence_only(p.card):
            raise _illegal(f"{p} is used only to defend (防御)", Rule.DEFENCE_ONLY, player)
        if p.zone is Zone.SKILLS:
            self._can_tap(player, p)
            if p.marker(Marker.SEAL):
                raise _illegal(f"{p} is sealed (封印)", Rule.SEALED, player)
        return p

    def _pay(self, player: int, cost: Elements, payment: Elements | None) -> None:
        side = self.sides[player]
        if payment is None:
            payment = costs.choose_payment(side.elements, cost)
            if payment is None:
                raise _illegal(
                    f"{cost} cannot be paid out of the elements {side.elements}", Rule.COST, player
                )
        elif not isinstance(payment, Elements) or not costs.contains(side.elements, payment):
            raise _illegal(f"{payment} is not in the elements {side.elements}", Rule.COST, player)
        elif not costs.is_payment(payment, cost):
            raise _illegal(f"{payment} does not pay {cost}", Rule.COST, player)
        side.elements = costs.subtract(side.elements, payment)

    def _check_cell(self, player: int, owner: int, cell: Cell | None) -> Cell:
        if cell is None or not is_cell(cell):
            raise _illegal(f"{cell!r} is not a cell of the 3x3 unit area", Rule.CELL, player)
        if cell in self.sides[owner].grid:
            raise _illegal(f"cell {cell} already holds a unit", Rule.CELL, player)
        return cell

    def _enter(self, pid: int, zone: Zone, cell: Cell | None = None) -> None:
        """Put a card that is out of its zones into ``zone`` of its owner's battlefield."""
        p = self._edit(pid)
        side = self.sides[p.controller]
        p.zone = zone
        p.tapped = not keywords_of(p.card).haste
        if zone is Zone.UNITS:
            assert cell is not None
            p.cell = cell
            side.grid[cell] = pid
        else:
            side.zone_list(zone).append(pid)

    def _take_out(self, pid: int) -> Piece:
        """Remove a card from wherever it is (its state cleared if it leaves play)."""
        p = self._edit(pid)
        side = self.sides[p.controller]
        if p.zone is Zone.UNITS:
            assert p.cell is not None
            del side.grid[p.cell]
        else:
            side.zone_list(p.zone).remove(pid)
        if p.zone.battlefield:
            p.leave_play()
        return p

    def _to_zone(self, pid: int, zone: Zone, *, bottom: bool = False) -> None:
        """Move a card to a zone that is not the battlefield."""
        p = self._take_out(pid)
        p.zone = zone
        target = self.sides[p.owner].zone_list(zone)
        if zone is Zone.DECK and not bottom:
            target.insert(0, pid)
        else:
            target.append(pid)

    def _draw(self, player: int, n: int) -> None:
        """Draw up to ``n`` cards; an empty deck gives nothing."""
        side = self.sides[player]
        for _ in range(n):
            if not side.deck:
                return
            pid = side.deck.pop(0)
            side.hand.append(pid)
            self._edit(pid).zone = Zone.HAND

    def _mark(self, pid: int, marker: Marker, n: int) -> None:
        p = self._edit(pid)
        left = p.marker(marker) + n
        if left > 0:
            p.markers[marker] = left
        else:
            p.markers.pop(marker, None)

    def _damage(self, pid: int, amount: int) -> None:
        """Damage a unit; at 0 life it dies (a hero's death ends the game)."""
        p = self._edit(pid)
        p.damage += amount
        life = p.life
        if life is not None and life <= 0:
            self._dies(pid)

    def _dies(self, pid: int) -> None:
        p = self.pieces[pid]
        if p.card.type is CardType.HERO:
            self._end(Outcome(1 - p.owner, EndReason.HERO_DIED, self.turn))
        else:
            self._to_zone(pid, Zone.DISCARD)

    def _end(self, outcome: Outcome) -> None:
        if self.outcome is None:
            self.outcome = outcome
            self.step = Step.OVER

    def _consumed(self, pid: int) -> None:
        """A card is consumed (tapped for its load, an attack, an ability): 精通 counts."""
        p = self._edit(pid)
        p.tapped = True
        if keywords_of(p.card).mastery and not p.marker(Marker.PETRIFY):
            p.markers[Marker.MASTERY] = p.marker(Marker.MASTERY) + 1

    def _used(self, pid: int) -> None:
        """A skill is used: tapped, and its 冷却X markers put on it."""
        p = self._edit(pid)
        p.tapped = True
        cooldown = keywords_of(p.card).cooldown
        if cooldown:
            p.markers[Marker.COOLDOWN] = p.marker(Marker.COOLDOWN) + cooldown
        if p.card.duration is not None and p.card.duration > 0:
            p.active_until = self.turn + 2 * (p.card.duration - 1)

    # --- the rules' moves ------------------------------------------------------------

    def _mulligan(self, a: Mulligan) -> None:
        self._need_step(a.player, Step.MULLIGAN)
        if a.player != self.to_move:
            raise _illegal(f"player {self.to_move} decides first", Rule.TURN, a.player)
        side = self.sides[a.player]
        if a.order is not None:
            both = side.hand + side.deck
            if not self._is_order(a.order, len(both)):
                raise _illegal(
                    "a mulligan's order is a permutation of hand and deck", Rule.ORDER, a.player
                )
            side.hand = []
            side.deck = self._renumbered(a.player, both, a.order)
            self._draw(a.player, OPENING_HAND)
        side.mulligan_done = True
        other = 1 - a.player
        if not self.sides[other].mulligan_done:
            self.to_move = other
        else:
            self._begin_turn(self.first)

    def _begin_turn(self, player: int) -> None:
        if self.turn >= self.turn_limit:
            self._end(Outcome(None, EndReason.TURN_LIMIT, self.turn))
            return
        self.turn += 1
        self.active = self.to_move = player
        self.step = Step.PLAY
        self._draw(player, 1)

    def _consume(self, a: Consume) -> None:
        self._need_turn(a.player)
        p = self._own(a.player, a.piece, Zone.UNITS, Zone.EQUIPMENT)
        self._can_tap(a.player, p)
        gain = p.gain
        if not gain:
            raise _illegal(f"{p} has no load to take", Rule.NO_LOAD, a.player)
        limit = self.hero_load_limit(a.player) if p.card.type is CardType.HERO else None
        if limit is not None:
            choice = a.choice
            if choice is None:
                choice = _first_units(gain, limit)
            if (
                not isinstance(choice, Elements)
                or choice.total != limit
                or not costs.contains(gain, choice)
            ):
                raise _illegal(
                    f"on the first turn the first player takes {limit} of the hero's load {gain}",
                    Rule.FIRST_TURN_LOAD,
                    a.player,
                )
            gain = choice
        elif a.choice is not None and a.choice != gain:
            raise _illegal("a card's whole load is taken", Rule.FIRST_TURN_LOAD, a.player)
        self._consumed(a.piece)
        side = self.sides[a.player]
        side.elements = costs.add(side.elements, gain)

    def _summon(self, a: Summon) -> None:
        self._need_turn(a.player)
        p = self._own(a.player, a.piece, Zone.HAND)
        if p.card.type is not CardType.CREATURE:
            raise _illegal(f"{p} is not a creature", Rule.CARD_KIND, a.player)
        cell = self._check_cell(a.player, a.player, a.cell)
        self._pay(a.player, p.card.cost, a.payment)
        self._take_out(a.piece)
        self._enter(a.piece, Zone.UNITS, cell)

    def _check_equipment_room(self, player: int, p: Piece, replace: int | None) -> None:
        side = self.sides[player]
        kind = None if self.any_kind(player) else equipment_kind(p.card)
        same = (
            [q for q in side.equipment if equipment_kind(self.pieces[q].card) == kind]
            if kind
            else []
        )
        if replace is not None:
            old = self._own(player, replace, Zone.EQUIPMENT)
            if old.marker(Marker.COOLDOWN):
                raise _illegal(
                    f"{old} has cooldown and cannot be replaced", Rule.COOLDOWN, player
                )
        if same and replace not in same:
            raise _illegal(
                f"one {kind} at a time: {p} must replace {self.pieces[same[0]]}",
                Rule.EQUIPMENT_KIND,
                player,
            )
        limit = self.equipment_limit(player)
        if len(side.equipment) >= limit and replace is None:
            raise _illegal(
                f"the equipment zone holds {limit}: {p} must replace one",
                Rule.EQUIPMENT_LIMIT,
                player,
            )

    def _equip(self, a: Equip) -> None:
        self._need_turn(a.player)
        p = self._own(a.player, a.piece, Zone.HAND)
        if p.card.type is not CardType.ITEM or is_consumable(p.card):
            raise _illegal(f"{p} is not an equipment", Rule.CARD_KIND, a.player)
        self._check_equipment_room(a.player, p, a.replace)
        self._pay(a.player, p.card.cost, a.payment)
        if a.replace is not None:
            self._to_zone(a.replace, Zone.DISCARD)
        self._take_out(a.piece)
        self._enter(a.piece, Zone.EQUIPMENT)

    def _use_item(self, a: UseItem) -> None:
        self._need_turn(a.player)
        p = self._own(a.player, a.piece, Zone.HAND)
        if not is_consumable(p.card):
            raise _illegal(f"{p} is not a consumable", Rule.CARD_KIND, a.player)
        if is_spell(p.card):
            raise _illegal(f"{p} is a spell scroll: cast it", Rule.CARD_KIND, a.player)
        self._pay(a.player, p.card.cost, a.payment)
        side = self.sides[a.player]
        side.elements = costs.add(side.elements, keywords_of(p.card).gain)
        self._to_zone(a.piece, Zone.DISCARD)

    def _learn(self, a: Learn) -> None:
        self._need_turn(a.player)
        p = self._own(a.player, a.piece, Zone.POOL)
        side = self.sides[a.player]
        if a.replace is not None:
            old = self._own(a.player, a.replace, Zone.SKILLS)
            if old.tapped:
                raise _illegal(
                    f"only an upright skill is replaced; {old} is tapped",
                    Rule.REPLACE,
                    a.player,
                )
            if old.marker(Marker.COOLDOWN):
                raise _illegal(
                    f"{old} has cooldown and cannot be replaced", Rule.COOLDOWN, a.player
                )
        elif len(side.skills) >= self.skill_limit(a.player):
            raise _illegal(
                f"the skill zone holds {self.skill_limit(a.player)}: replace an upright skill",
                Rule.SKILL_LIMIT,
                a.player,
            )
        self._pay(a.player, p.card.cost, a.payment)
        if a.replace is not None:
            self._to_zone(a.replace, Zone.POOL)
        self._take_out(a.piece)
        self._enter(a.piece, Zone.SKILLS)

    def _overdraw(self, player: int, pieces: tuple[int, ...]) -> Elements:
        """Tap ``pieces`` for their loads without consuming them; what they give."""
        if not isinstance(pieces, tuple) or len(set(pieces)) != len(pieces):
            raise _illegal("overdraw names each card once", Rule.OVERDRAW, player)
        if pieces and player == self.active:
            raise _illegal("overdraw (透支) is for the opponent's turn", Rule.OVERDRAW, player)
        got = Elements()
        for pid in pieces:
            p = self._own(player, pid, Zone.UNITS, Zone.EQUIPMENT)
            self._can_tap(player, p)
            self._edit(pid).tapped = True
            got = costs.add(got, p.gain)
        return got

    def _pay_overdrawn(
        self, player: int, cost: Elements, payment: Elements | None, overdrawn: Elements
    ) -> None:
        """Pay out of the elements and the overdrawn loads, the loads first; their surplus
        is lost."""
        side = self.sides[player]
        before = side.elements
        side.elements = costs.add(before, overdrawn)
        chosen = payment
        if chosen is None:
            chosen = costs.choose_payment_overdrawn(before, overdrawn, cost)
            if chosen is None:
                raise _illegal(
                    f"{cost} cannot be paid out of the elements {before} and the overdrawn "
                    f"loads {overdrawn}",
                    Rule.COST,
                    player,
                )
        self._pay(player, cost, chosen)
        from_pool = [
            max(0, chosen.counts[i] - overdrawn.counts[i]) for i in range(len(chosen.counts))
        ]
        side.elements = costs.subtract(before, Elements(tuple(from_pool)))  # type: ignore[arg-type]

    def _invoke(self, a: Invoke) -> None:
        self._need_step(a.player, Step.PLAY, Step.DEFEND)
        if self.step is Step.DEFEND and a.player == self.active:
            raise _illegal("the spell battle waits for the defender", Rule.STEP, a.player)
        p = self._own(a.player, a.piece, Zone.SKILLS)
        if skill_kind(p.card) is not SkillKind.INCANTATION:
            raise _illegal(f"{p} is not an incantation (咒术)", Rule.CARD_KIND, a.player)
        self._can_tap(a.player, p)
        if p.marker(Marker.SEAL):
            raise _illegal(f"{p} is sealed (封印)", Rule.SEALED, a.player)
        if a.player == self.active:
            self._pay(a.player, p.card.expense, a.payment)
        else:
            self._pay_overdrawn(
                a.player, p.card.expense, a.payment, self._overdraw(a.player, a.overdraw)
            )
        self._used(a.piece)
        if not p.marker(Marker.PETRIFY):
            side = self.sides[a.player]
            side.elements = costs.add(side.elements, keywords_of(p.card).gain)

    def _check_target(self, player: int, target: int, pierce: bool) -> Piece:
        t = self.piece(target)
        if t.zone is not Zone.UNITS:
            raise _illegal(f"{t} is not a unit on the battlefield", Rule.TARGET, player)
        if t.controller != player and t.marker(Marker.HIDDEN):
            raise _illegal(f"{t} is hidden (隐蔽)", Rule.HIDDEN, player)
        if not self.in_range(player, target, pierce=pierce):
            raise _illegal(f"{t} is out of mana range", Rule.RANGE, player)
        return t

    def _check_area(self, player: int, area: AreaTarget, shape: AreaShape, pierce: bool) -> None:
        if not isinstance(area, AreaTarget) or area.side not in (0, 1) or not is_cell(area.cell):
            raise _illegal(f"{area!r} is not an area of a unit grid", Rule.AREA, player)
        if area.shape is not shape:
            raise _illegal(
                f"the spell's area is {shape.value}, not {area.shape}", Rule.AREA, player
            )
        if shape is AreaShape.SQUARE and not square_fits(area.cell):
            raise _illegal(f"a 2x2 square does not fit at {area.cell}", Rule.AREA, player)
        if (
            area.side != player
            and not pierce
            and shape in (AreaShape.SQUARE, AreaShape.SPLASH, AreaShape.ANY)
        ):
            front = self.range_front(area.side)
            if front is not None and area.cell[0] > front:
                raise _illegal(
                    "the area's main cell lies behind the enemy's front row", Rule.RANGE, player
                )

    def _cast(self, a: Cast) -> None:
        self._need_turn(a.player)
        spells = (a.spell, *a.boosts) if isinstance(a.boosts, tuple) else ()
        if not spells or len(set(spells)) != len(spells):
            raise _illegal(
                "a spell and its reinforcements are different cards", Rule.TARGET, a.player
            )
        for pid in spells:
            self._usable_spell(a.player, pid, defending=False)
        main = self.pieces[a.spell]
        kw = keywords_of(main.card)
        petrified = bool(main.marker(Marker.PETRIFY))
        pierce = kw.pierce and not petrified
        if kw.area is not None:
            if a.area is None or a.target is not None:
                raise _illegal(
                    f"{main} targets an area ({kw.area.value})", Rule.AREA, a.player
                )
            self._check_area(a.player, a.area, kw.area, pierce)
        else:
            if a.target is None or a.area is not None:
                raise _illegal(f"{main} targets one unit", Rule.TARGET, a.player)
            self._check_target(a.player, a.target, pierce)
        self._pay(a.player, self.cast_cost(spells), a.payment)
        power = self.spell_power(a.player, spells)
        self._spend_spells(spells)
        self.battle = Battle(
            attacker=a.player,
            spell=a.spell,
            boosts=a.boosts,
            target=a.target,
            area=a.area,
            power=power,
            attack=main.attack,
            undefendable=kw.undefendable and not petrified,
            on_hit=() if petrified else kw.on_hit,
        )
        self.step = Step.DEFEND
        self.to_move = 1 - a.player

    def _spend_spells(self, spells: tuple[int, ...]) -> None:
        for pid in spells:
            if self.pieces[pid].zone is Zone.SKILLS:
                self._used(pid)
            else:
                self._to_zone(pid, Zone.DISCARD)  # a scroll is used up

    def _defend(self, a: Defend) -> None:
        self._need_step(a.player, Step.DEFEND)
        battle = self.battle
        assert battle is not None
        if a.player == battle.attacker:
            raise _illegal(f"player {1 - a.player} defends", Rule.TURN, a.player)
        defence: int | None = None
        if a.spell is not None:
            if battle.undefendable:
                raise _illegal(
                    "this spell cannot be defended (不能被防御)", Rule.UNDEFENDABLE, a.player
                )
            spells = (a.spell, *a.boosts) if isinstance(a.boosts, tuple) else ()
            if not spells or len(set(spells)) != len(spells):
                raise _illegal(
                    "a spell and its reinforcements are different cards", Rule.TARGET, a.player
                )
            for pid in spells:
                self._usable_spell(a.player, pid, defending=True)
            overdrawn = self._overdraw(a.player, a.overdraw)
            self._pay_overdrawn(a.player, self.cast_cost(spells), a.payment, overdrawn)
            defence = self.spell_power(a.player, spells)
            self._spend_spells(spells)
        elif a.boosts or a.overdraw:
            raise _illegal("no defence spell, nothing to reinforce or pay", Rule.TARGET, a.player)
        self._resolve(battle, defence)

    def _resolve(self, battle: Battle, defence: int | None) -> None:
        hit = battle.power > (defence or 0)
        targets: list[int] = []
        if hit:
            if battle.target is not None:
                if self.pieces[battle.target].zone is Zone.UNITS:
                    targets = [battle.target]
            else:
                assert battle.area is not None
                owner_grid = self.sides[battle.area.side].grid
                front = front_row(set(owner_grid))
                cells = area_cells(battle.area.shape, battle.area.cell, front)
                targets = [owner_grid[c] for c in sorted(cells) if c in owner_grid]
        for pid in targets:
            if self.outcome is not None or self.pieces[pid].zone is not Zone.UNITS:
                continue
            amount = battle.attack
            shield = self.pieces[pid].marker(Marker.SHIELD)
            if shield and amount:
                absorbed = min(shield, amount)
                self._mark(pid, Marker.SHIELD, -absorbed)
                amount -= absorbed
                if not amount:
                    # 护盾: damage brought to 0 loses the spell this target (no damage,
                    # no markers), though the spell still counts as a hit.
                    continue
            if amount:
                self._damage(pid, amount)
            if self.pieces[pid].zone is Zone.UNITS:
                for marker, n in battle.on_hit:
                    if marker is Marker.WEAK and self.pieces[pid].card.type is not CardType.HERO:
                        continue
                    self._mark(pid, marker, n)
        self.last_battle = BattleResult(
            battle.attacker, battle.spell, battle.power, defence, hit, tuple(targets)
        )
        self.battle = None
        if self.outcome is None:
            self.step = Step.PLAY
            self.to_move = self.active

    def _attack(self, a: Attack) -> None:
        self._need_turn(a.player)
        p = self._own(a.player, a.attacker, Zone.UNITS, Zone.EQUIPMENT)
        if p.attack <= 0:
            raise _illegal(f"{p} has no attack", Rule.NO_ATTACK, a.player)
        if p.zone is Zone.UNITS:
            assert p.cell is not None
            if p.cell[0] != front_row(set(self.sides[a.player].grid)):
                raise _illegal(f"{p} is not in the front row", Rule.FRONT_ROW, a.player)
        self._can_tap(a.player, p)
        pierce = keywords_of(p.card).pierce and not p.marker(Marker.PETRIFY)
        t = self._check_target(a.player, a.target, pierce)
        if t.controller == a.player:
            raise _illegal("a direct attack is at an enemy", Rule.TARGET, a.player)
        self._consumed(a.attacker)
        self._damage(a.target, p.attack)

    def _use_ability(self, a: UseAbility) -> None:
        self._need_step(a.player, Step.PLAY, Step.DEFEND)
        p = self._own(a.player, a.piece, Zone.UNITS, Zone.EQUIPMENT, Zone.SKILLS)
        if p.marker(Marker.PETRIFY):
            raise _illegal(
                f"{p} is petrified (石化): its text is void", Rule.PETRIFIED, a.player
            )
        kw = keywords_of(p.card)
        if a.ability is Ability.CONSUME:
            self._need_turn(a.player)
            self._can_tap(a.player, p)
            self._consumed(a.piece)
        elif a.ability is Ability.PER_TURN:
            if not kw.per_turn:
                raise _illegal(f"{p} has no 回合技", Rule.ABILITY, a.player)
            if p.uses >= kw.per_turn:
                raise _illegal(f"{p}'s 回合技 is used up this turn", Rule.PER_TURN, a.player)
            self._edit(a.piece).uses += 1
        elif a.ability is Ability.ULTIMATE:
            if not kw.ultimate:
                raise _illegal(f"{p} has no 绝技", Rule.ABILITY, a.player)
            if p.ultimate_used:
                raise _illegal(f"{p}'s 绝技 is used", Rule.ULTIMATE, a.player)
            self._edit(a.piece).ultimate_used = True
        else:
            raise _illegal(f"no such ability: {a.ability!r}", Rule.ABILITY, a.player)
        if a.payment is not None:
            side = self.sides[a.player]
            if not isinstance(a.payment, Elements) or not costs.contains(side.elements, a.payment):
                raise _illegal(
                    f"{a.payment} is not in the elements {side.elements}", Rule.COST, a.player
                )
            side.elements = costs.subtract(side.elements, a.payment)

    def _end_turn(self, a: EndTurn) -> None:
        self._need_turn(a.player)
        side = self.sides[a.player]
        over = max(0, len(side.hand) - HAND_LIMIT)
        discards = a.discards if isinstance(a.discards, tuple) else None
        if discards is None or len(discards) != over or len(set(discards)) != over:
            raise _illegal(
                f"discard exactly {over} card(s) to the hand limit of {HAND_LIMIT}",
                Rule.HAND_LIMIT,
                a.player,
            )
        for pid in discards:
            self._own(a.player, pid, Zone.HAND)
        for pid in discards:
            self._to_zone(pid, Zone.DISCARD)
        mine = [*side.grid.values(), *side.skills, *side.equipment]
        for pid in mine:  # reset
            p = self.pieces[pid]
            if p.tapped and not p.marker(Marker.FREEZE) and not p.marker(Marker.COOLDOWN):
                self._edit(pid).tapped = False
        for pid in mine:  # markers resolve one layer
            p = self.pieces[pid]
            if self.outcome is not None or not p.zone.battlefield:
                continue
            for marker in [m for m in p.markers if m.decays]:
                self._mark(pid, marker, -1)
                if marker is Marker.IGNITE and self.pieces[pid].zone is Zone.UNITS:
                    self._damage(pid, 1)
        if self.outcome is not None:
            return
        side.elements = Elements()
        for pid in [*side.grid.values(), *side.skills, *side.equipment]:
            p = self.pieces[pid]
            if p.uses or (p.active_until is not None and p.active_until <= self.turn):
                q = self._edit(pid)
                q.uses = 0
                if q.active_until is not None and q.active_until <= self.turn:
                    q.active_until = None
        self._begin_turn(1 - a.player)

    def _concede(self, a: Concede) -> None:
        if self.outcome is not None:
            raise _illegal("the game is over", Rule.GAME_OVER, a.player)
        self._end(Outcome(1 - a.player, EndReason.CONCEDED, self.turn))

    # --- the generic actions ---------------------------------------------------------

    def _amount(self, player: int, n: int, top: int = MAX_AMOUNT) -> int:
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= top:
            raise _illegal(f"an amount is 1..{top}, not {n!r}", Rule.AMOUNT, player)
        return n

    def _unit(self, player: int, pid: int) -> Piece:
        p = self.piece(pid)
        if p.zone is not Zone.UNITS:
            raise _illegal(f"{p} is not a unit on the battlefield", Rule.TARGET, player)
        return p

    def _check_destination(self, player: int, p: Piece, zone: Zone, cell: Cell | None) -> None:
        side = self.sides[p.owner]
        if zone is Zone.UNITS:
            if p.card.type not in (CardType.CREATURE, CardType.HERO):
                raise _illegal(f"{p} is not a creature", Rule.CARD_KIND, player)
            self._check_cell(player, p.owner, cell)
        elif zone is Zone.SKILLS or zone is Zone.POOL:
            # A card goes into its owner's pool unseen by the opponent: its reveal,
            # whenever it comes, refuses a face that is not a skill.
            if (zone is Zone.SKILLS or p.known) and p.card.type is not CardType.SKILL:
                raise _illegal(f"{p} is not a skill", Rule.CARD_KIND, player)
            limit = self.skill_limit(p.owner)
            if zone is Zone.SKILLS and len(side.skills) >= limit:
                raise _illegal(f"the skill zone holds {limit}", Rule.SKILL_LIMIT, player)
        elif zone is Zone.EQUIPMENT:
            if p.card.type is not CardType.ITEM or is_consumable(p.card):
                raise _illegal(f"{p} is not an equipment", Rule.CARD_KIND, player)
            self._check_equipment_room(player, p, None)

    def _move_card(self, a: MoveCard) -> None:
        p = self.piece(a.piece)
        if not isinstance(a.zone, Zone):
            raise _illegal(f"no such zone: {a.zone!r}", Rule.ZONE, a.player)
        if p.is_hero and a.zone is not Zone.UNITS:
            raise _illegal("the hero stays in the unit area", Rule.HERO, a.player)
        if p.zone is a.zone and a.zone is not Zone.UNITS and a.zone is not Zone.DECK:
            raise _illegal(f"{p} is already in {a.zone.value}", Rule.ZONE, a.player)
        if p.zone is Zone.UNITS and a.zone is Zone.UNITS:
            cell = self._check_cell(a.player, p.controller, a.cell)
            side = self.sides[p.controller]
            assert p.cell is not None
            del side.grid[p.cell]
            side.grid[cell] = a.piece
            self._edit(a.piece).cell = cell
            return
        self._check_destination(a.player, p, a.zone, a.cell)
        if a.zone.battlefield:
            self._take_out(a.piece)
            self._enter(a.piece, a.zone, a.cell)
        else:
            self._to_zone(a.piece, a.zone, bottom=bool(a.bottom))

    def _generic_damage(self, a: Damage) -> None:
        self._unit(a.player, a.target)
        self._damage(a.target, self._amount(a.player, a.amount))

    def _heal(self, a: Heal) -> None:
        self._unit(a.player, a.target)
        n = self._amount(a.player, a.amount)
        p = self._edit(a.target)
        p.damage = max(0, p.damage - n)

    def _add_marker(self, a: AddMarker) -> None:
        p = self.piece(a.target)
        if not p.zone.battlefield:
            raise _illegal(f"{p} is not on the battlefield", Rule.TARGET, a.player)
        if not isinstance(a.marker, Marker):
            raise _illegal(f"no such marker: {a.marker!r}", Rule.AMOUNT, a.player)
        if a.marker is Marker.WEAK and p.card.type is not CardType.HERO:
            raise _illegal("虚弱 is put on a hero only", Rule.WEAK_ON_HERO, a.player)
        self._mark(a.target, a.marker, self._amount(a.player, a.count))

    def _remove_marker(self, a: RemoveMarker) -> None:
        p = self.piece(a.target)
        if not isinstance(a.marker, Marker):
            raise _illegal(f"no such marker: {a.marker!r}", Rule.AMOUNT, a.player)
        n = self._amount(a.player, a.count)
        if p.marker(a.marker) < n:
            raise _illegal(
                f"{p} has {p.marker(a.marker)} {a.marker.value}", Rule.AMOUNT, a.player
            )
        self._mark(a.target, a.marker, -n)

    def _generic_draw(self, a: Draw) -> None:
        self._draw(a.player, self._amount(a.player, a.count, MAX_DRAW))

    @staticmethod
    def _is_order(order: Order, n: int) -> bool:
        if isinstance(order, Unknown):
            return order is Unknown.ORDER
        return isinstance(order, tuple) and sorted(order) == list(range(n))

    def _renumbered(self, player: int, pieces: list[int], order: Order) -> list[int]:
        """A shuffled deck of ``pieces`` (checked by ``_is_order``): fresh pieces, top to
        bottom, each with the face of the piece ``order`` puts there, or none when the
        order is unknown. The old pieces are gone: no piece survives a shuffle."""
        if isinstance(order, tuple):
            faces = [self.pieces[pieces[i]].face for i in order]
        else:
            faces = [None] * len(pieces)
        for pid in pieces:
            del self.pieces[pid]
        return [self._new_piece(face, player, Zone.DECK) for face in faces]

    def _reshuffle(self, player: int, order: Order) -> None:
        side = self.sides[player]
        if not self._is_order(order, len(side.deck)):
            raise _illegal("a deck's new order is a permutation of its cards", Rule.ORDER, player)
        side.deck = self._renumbered(player, side.deck, order)

    def _search(self, a: Search) -> None:
        self._own(a.player, a.piece, Zone.DECK)
        side = self.sides[a.player]
        side.deck.remove(a.piece)
        self._reshuffle(a.player, a.order)
        side.hand.append(a.piece)
        self._edit(a.piece).zone = Zone.HAND

    def _look(self, a: Look) -> None:
        """The top ``count`` put back in the order chosen (see ``Look``): fresh pieces, so
        that a game told the order unknown cannot follow a card through the look."""
        side = self.sides[a.player]
        n = a.count
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(side.deck):
            raise _illegal(f"{n!r} cards looked at in a deck of {len(side.deck)}",
                           Rule.AMOUNT, a.player)
        under = a.under
        if not isinstance(under, int) or isinstance(under, bool) or not 0 <= under <= n:
            raise _illegal(f"{under!r} of {n} cards put under the deck", Rule.AMOUNT, a.player)
        if not self._is_order(a.order, n):
            raise _illegal("the cards looked at go back in an order of them all", Rule.ORDER,
                           a.player)
        fresh = self._renumbered(a.player, side.deck[:n], a.order)
        side.deck = fresh[: n - under] + side.deck[n:] + fresh[n - under:]

    def _shuffle(self, a: Shuffle) -> None:
        self._reshuffle(a.player, a.order)

    def _reveal(self, a: Reveal) -> None:
        p = self.piece(a.piece)
        if p.owner != a.player:
            raise _illegal(f"card #{a.piece} is not player {a.player}'s", Rule.NOT_YOURS, a.player)
        card = self.cards.get(a.number) if isinstance(a.number, str) else None
        if card is None:
            raise _illegal(f"{a.number!r} is not a card of this game", Rule.REVEAL, a.player)
        if p.face is not None:
            if p.face != card:
                raise _illegal(f"card #{a.piece} is {p.face}, not {card}", Rule.REVEAL, a.player)
            return
        if card.type is CardType.HERO or card.derived:
            raise _illegal(f"{card} is shown from the start, never hidden", Rule.REVEAL, a.player)
        if p.zone is Zone.POOL and card.type is not CardType.SKILL:
            raise _illegal(f"{card} is not a skill of the pool", Rule.REVEAL, a.player)
        self._edit(a.piece).face = card

    def _create_derived(self, a: CreateDerived) -> None:
        side = self.sides[a.player]
        if a.number not in side.extra:
            raise _illegal(
                f"card {a.number!r} is not in player {a.player}'s extra deck",
                Rule.DERIVED,
                a.player,
            )
        if not isinstance(a.zone, Zone):
            raise _illegal(f"no such zone: {a.zone!r}", Rule.ZONE, a.player)
        card = self.cards[a.number]  # the extra deck is shown from the start
        if not card.derived:
            # A special card of the extra deck is one physical card: it enters play
            # from the idle zone (MoveCard), never as a copy.
            raise _illegal(
                f"{card} is not a derived card (衍生): move the card itself", Rule.DERIVED, a.player
            )
        if card.legendary and any(
            q.owner == a.player and q.zone.battlefield and q.card.number == a.number
            for q in self.pieces.values()
        ):
            raise _illegal(
                f"{card} is legendary (传奇): one at a time in play", Rule.DERIVED, a.player
            )
        pid = self._new_piece(card, a.player, Zone.IDLE, derived=True)
        self._check_destination(a.player, self.pieces[pid], a.zone, a.cell)
        if a.zone.battlefield:
            self._enter(pid, a.zone, a.cell)
        else:
            self.pieces[pid].zone = a.zone
            side.zone_list(a.zone).append(pid)

    def _gain(self, a: GainElements) -> None:
        if not isinstance(a.amount, Elements):
            raise _illegal(f"not an amount of elements: {a.amount!r}", Rule.AMOUNT, a.player)
        self._amount(a.player, a.amount.total, 20)
        side = self.sides[a.player]
        side.elements = costs.add(side.elements, a.amount)

    def _set_tapped(self, a: SetTapped) -> None:
        p = self.piece(a.piece)
        if not p.zone.battlefield:
            raise _illegal(f"{p} is not on the battlefield", Rule.ZONE, a.player)
        if a.tapped:
            self._can_tap(a.player, p)
        else:
            if not p.tapped:
                raise _illegal(f"{p} is upright", Rule.UPRIGHT, a.player)
            if p.marker(Marker.FREEZE):
                raise _illegal(
                    f"{p} is frozen (冻结) and cannot be reset", Rule.FROZEN, a.player
                )
            if p.marker(Marker.COOLDOWN):
                raise _illegal(
                    f"{p} has cooldown and cannot be reset", Rule.COOLDOWN, a.player
                )
        self._edit(a.piece).tapped = bool(a.tapped)

    def _modify(self, a: Modify) -> None:
        p = self.piece(a.piece)
        if not p.zone.battlefield:
            raise _illegal(f"{p} is not on the battlefield", Rule.ZONE, a.player)
        for n in (a.attack, a.life, a.power):
            if not isinstance(n, int) or isinstance(n, bool) or abs(n) > MAX_AMOUNT:
                raise _illegal(f"a change is -{MAX_AMOUNT}..{MAX_AMOUNT}", Rule.AMOUNT, a.player)
        if not isinstance(a.gain, Elements):
            raise _illegal(f"not an amount of elements: {a.gain!r}", Rule.AMOUNT, a.player)
        if a.life and p.card.life is None:
            raise _illegal(f"{p} has no life", Rule.TARGET, a.player)
        q = self._edit(a.piece)
        q.attack_bonus += a.attack
        q.power_bonus += a.power
        q.gain_bonus = costs.add(q.gain_bonus, a.gain)
        q.life_bonus += a.life
        life = q.life
        if life is not None and life <= 0:
            self._dies(a.piece)


    def _take_control(self, a: TakeControl) -> None:
        p = self.piece(a.piece)
        if not p.zone.battlefield:
            raise _illegal(f"{p} is not on the battlefield", Rule.ZONE, a.player)
        if p.is_hero:
            raise _illegal("a hero never changes sides", Rule.HERO, a.player)
        if p.controller == a.player:
            raise _illegal(f"{p} is already player {a.player}'s", Rule.CONTROL, a.player)
        side = self.sides[a.player]
        if p.zone is Zone.UNITS:
            cell = self._check_cell(a.player, a.player, a.cell)
        elif a.cell is not None:
            raise _illegal(f"{p} is not a unit: it takes no cell", Rule.CELL, a.player)
        elif p.zone is Zone.SKILLS and len(side.skills) >= self.skill_limit(a.player):
            raise _illegal(
                f"the skill zone holds {self.skill_limit(a.player)}", Rule.SKILL_LIMIT, a.player
            )
        elif p.zone is Zone.EQUIPMENT:
            self._check_equipment_room(a.player, p, None)
        old = self.sides[p.controller]
        q = self._edit(a.piece)
        if q.zone is Zone.UNITS:
            assert q.cell is not None
            del old.grid[q.cell]
            q.cell = cell
            side.grid[cell] = a.piece
        else:
            old.zone_list(q.zone).remove(a.piece)
            side.zone_list(q.zone).append(a.piece)
        q.controller = a.player

    def _set_slots(self, a: SetSlots) -> None:
        self._own(a.player, a.piece, Zone.UNITS, Zone.SKILLS, Zone.EQUIPMENT)
        for n in (a.skills, a.equipment):
            if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_EXTRA_SLOTS:
                raise _illegal(
                    f"a card gives 0..{MAX_EXTRA_SLOTS} slots of a zone, not {n!r}",
                    Rule.AMOUNT,
                    a.player,
                )
        q = self._edit(a.piece)
        q.skill_slots, q.equipment_slots, q.any_kind = a.skills, a.equipment, bool(a.any_kind)
        side = self.sides[a.player]
        if len(side.skills) > self.skill_limit(a.player):
            raise _illegal(
                f"{len(side.skills)} skills do not fit: move some back to the pool first",
                Rule.SKILL_LIMIT,
                a.player,
            )
        if len(side.equipment) > self.equipment_limit(a.player):
            raise _illegal(
                f"{len(side.equipment)} equipment do not fit: discard some first",
                Rule.EQUIPMENT_LIMIT,
                a.player,
            )
        kinds = [equipment_kind(self.pieces[pid].card) for pid in side.equipment]
        named = [k for k in kinds if k is not None]
        if not self.any_kind(a.player) and len(named) != len(set(named)):
            raise _illegal(
                "two equipment of one kind do not fit: discard one first",
                Rule.EQUIPMENT_KIND,
                a.player,
            )


def _first_units(gain: Elements, n: int) -> Elements:
    """The first ``n`` units of a load, in element order."""
    taken = []
    for count in gain.counts:
        take = min(count, n)
        taken.append(take)
        n -= take
    return Elements(tuple(taken))  # type: ignore[arg-type]


_HANDLERS: dict[type, Callable[[Game, Any], None]] = {
    Mulligan: Game._mulligan,
    Consume: Game._consume,
    Summon: Game._summon,
    Equip: Game._equip,
    UseItem: Game._use_item,
    Learn: Game._learn,
    Invoke: Game._invoke,
    Cast: Game._cast,
    Defend: Game._defend,
    Attack: Game._attack,
    UseAbility: Game._use_ability,
    EndTurn: Game._end_turn,
    Concede: Game._concede,
    MoveCard: Game._move_card,
    Damage: Game._generic_damage,
    Heal: Game._heal,
    AddMarker: Game._add_marker,
    RemoveMarker: Game._remove_marker,
    Draw: Game._generic_draw,
    Look: Game._look,
    Search: Game._search,
    Shuffle: Game._shuffle,
    CreateDerived: Game._create_derived,
    GainElements: Game._gain,
    SetTapped: Game._set_tapped,
    Modify: Game._modify,
    TakeControl: Game._take_control,
    SetSlots: Game._set_slots,
    Reveal: Game._reveal,
}
