"""A table for tests of 巫师牌's hidden cards: a referee game that knows every card, and
each seat's game that knows only what a trustless table would show that seat.

The referee is ``Game.start`` with both deck orders; each seat's game is
``Game.start_hidden``, fed the public form of every action (``actions.public``: a new
deck order unknown) and, around it, a ``Reveal`` of every card the seat is shown, where
``Game.sees`` says so (both players: the battlefield, the discard pile, the idle zone;
its owner: the hand, the skill pool; no one: a deck). A card an action names is revealed
before the action when the action puts it where the seat sees it (a card played from
the hand), every other card the seat now sees after it (``Game.unrevealed``: a draw, a
discard)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from wizard_p2p.sorcery.actions import (
    Action,
    Draw,
    MoveCard,
    Mulligan,
    Reveal,
    Search,
    Shuffle,
    Unknown,
    Zone,
    public,
)
from wizard_p2p.sorcery.game import Decklist, Game

PIECE_FIELDS = ("piece", "spell", "target", "attacker", "replace")
PIECES_FIELDS = ("boosts", "overdraw", "discards")


def named(action: Action) -> list[int]:
    """The pieces an action names."""
    pids: list[int] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name in PIECE_FIELDS and isinstance(value, int):
            pids.append(value)
        elif f.name in PIECES_FIELDS and isinstance(value, tuple):
            pids.extend(value)
    return pids


def seat_state(game: Game, seat: int) -> object:
    """Everything of a game that ``seat`` may know, in a comparable form: every piece's
    place and state, and the face of every piece the seat sees."""
    pieces = tuple(
        (p.id, p.owner, p.controller, p.zone, p.cell, p.tapped, p.damage, p.attack_bonus,
         p.life_bonus, p.power_bonus, p.gain_bonus, tuple(sorted(p.markers.items())), p.uses,
         p.ultimate_used, p.active_until, p.derived, p.skill_slots, p.equipment_slots,
         p.any_kind, p.card.number if game.sees(seat, p.id) else None)
        for p in sorted(game.pieces.values(), key=lambda p: p.id)
    )
    sides = tuple(
        (s.hero, tuple(s.deck), tuple(s.hand), tuple(s.discard), tuple(s.pool), tuple(s.idle),
         tuple(s.skills), tuple(s.equipment), tuple(sorted(s.grid.items())), s.elements,
         s.mulligan_done, s.extra)
        for s in game.sides
    )
    return (pieces, sides, game.step, game.active, game.to_move, game.turn, game.battle,
            game.last_battle, game.outcome)


class HiddenTable:
    """The referee's game (``full``) and each seat's hidden-knowledge game (``seats``),
    kept in step by ``play``. ``rng`` draws the orders the table shuffles to."""

    def __init__(
        self, decks: Sequence[Decklist], first: int, orders: Sequence[Sequence[int]],
        rng: random.Random,
    ) -> None:
        self.full = Game.start(decks, first, orders)
        self.seats = [
            Game.start_hidden([d.public() for d in decks], first, self.full.cards)
            for _ in range(2)
        ]
        # What each seat knew before anything was revealed to it: heroes, extra decks.
        self.known_at_start = [{p.id for p in g.pieces.values() if p.known} for g in self.seats]
        self.shown: list[set[int]] = [set(), set()]
        self.rng = rng
        for seat in (0, 1):
            self._reveal_seen(seat)

    def reveal(self, seat: int, pids: Sequence[int]) -> None:
        """The table opens ``pids`` to ``seat`` (those its game does not know yet)."""
        game = self.seats[seat]
        for pid in pids:
            if not game.pieces[pid].known:
                face = self.full.pieces[pid].card
                game.apply(Reveal(self.full.pieces[pid].owner, pid, face.number))
                self.shown[seat].add(pid)

    def _reveal_seen(self, seat: int) -> None:
        self.reveal(seat, self.seats[seat].unrevealed(seat))

    def _order(self, n: int) -> tuple[int, ...]:
        order = list(range(n))
        self.rng.shuffle(order)
        return tuple(order)

    def drawn_orders(self, action: Action) -> Action:
        """The action with every unknown order drawn by the table."""
        if not isinstance(action, Mulligan | Search | Shuffle) or action.order is not Unknown.ORDER:
            return action
        side = self.full.sides[action.player]
        n = {Mulligan: len(side.hand) + len(side.deck), Search: len(side.deck) - 1,
             Shuffle: len(side.deck)}[type(action)]
        return dataclasses.replace(action, order=self._order(n))

    def play(self, action: Action) -> None:
        """``action`` on the referee's game (an unknown order drawn here), then on each
        seat's, between the reveals that seat is shown. A seat's game refusing what the
        referee took raises, as does the referee refusing it."""
        action = self.drawn_orders(action)
        after = self.full.copy()
        after.apply(action)
        for seat in (0, 1):
            shown = [pid for pid in named(action) if pid in after.pieces]
            self.reveal(seat, [pid for pid in shown if after.sees(seat, pid)])
        self.full.apply(action)
        for seat in (0, 1):
            self.seats[seat].apply(public(action))
            self._reveal_seen(seat)

    def check(self) -> None:
        """Each seat's game agrees with the referee's on all the seat may know, holds no
        face it was not shown, and every face it holds is the referee's."""
        for seat, game in enumerate(self.seats):
            assert seat_state(game, seat) == seat_state(self.full, seat)
            for p in game.pieces.values():
                if p.known:
                    assert p.id in self.shown[seat] or p.id in self.known_at_start[seat] \
                        or p.derived, f"seat {seat} holds {p} it was never shown"
                    assert p.face == self.full.pieces[p.id].face


def stir(game: Game, player: int, rng: random.Random) -> Action | None:
    """A generic action that moves cards in and out of the deck unseen, for tests to mix
    into a bot's game: a shuffle, a search, a draw, a card put on the deck or milled."""
    side = game.sides[player]
    choice = rng.randrange(6)
    if choice == 0:
        return Shuffle(player, Unknown.ORDER)
    if choice == 1 and side.deck:
        return Search(player, rng.choice(side.deck), Unknown.ORDER)
    if choice == 2:
        return Draw(player, rng.randint(1, 2))
    if choice == 3 and side.hand:
        return MoveCard(player, rng.choice(side.hand), Zone.DECK, bottom=rng.random() < 0.5)
    if choice == 4 and side.deck:
        return MoveCard(player, side.deck[0], Zone.DISCARD)
    if choice == 5 and side.hand:
        return MoveCard(player, rng.choice(side.hand), Zone.DISCARD)
    return None
