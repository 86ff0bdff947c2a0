"""A bot's seat plays whatever bot its game supplies (``node.bot_driver``): in memory,
the tables of one game, every choice made by a seat's driver with a bot written here
(no policy of ``bots``), the driver given nothing of the game but the bot."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from wizard_p2p.bots import RandomPolicy
from wizard_p2p.bots.seat_bot import PolicyBot
from wizard_p2p.errors import UsageError
from wizard_p2p.node.bot_driver import BotDriver
from wizard_p2p.node.tracing import Tracer
from wizard_p2p.protocol.events import Broadcast, Event
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Card, GameConfig, Phase, SeatView, Suit
from wizard_p2p.tables.wizard.harness import MemoryGame
from wizard_p2p.tables.wizard.kinds import CHOICE_KINDS, WizardKind

ROUNDS = 3


def _no_chooser(seat: int, need: WizardKind, view: SeatView) -> int | Suit | Card:
    raise AssertionError("every choice here is a driver's")


@dataclass
class FirstChoice:
    """A bot of the test's own: the first legal choice, noting what it was given."""

    deterministic: bool
    pause: bool = False
    # (the view it was given, the first number its randomness gave)
    asked: list[tuple[object, float]] = field(default_factory=list)

    def decide(self, view: object, rng: random.Random) -> int | Suit | Card:
        assert isinstance(view, SeatView)
        self.asked.append((view, rng.random()))
        if view.phase is Phase.BID:
            return view.legal_bids[0]
        if view.phase is Phase.CHOOSE_TRUMP:
            return Suit.HUMANS
        return view.legal_plays[0]

    def pauses_before(self, view: object) -> bool:
        return self.pause


def _drive(
    bots: list[FirstChoice], before: Callable[[int, Table], None],
) -> tuple[MemoryGame, list[list[Event]]]:
    """Play ``ROUNDS`` rounds, each seat's choices made by its driver with ``bots[seat]``
    (``before`` told of each seat about to move); returns the game and what each
    driver persisted."""
    game = MemoryGame.create(GameConfig(len(bots)), _no_chooser, seed=7)
    persisted: list[list[Event]] = [[] for _ in bots]

    def persist(seat: int) -> Callable[[list[Event]], None]:
        def keep(events: list[Event]) -> None:
            persisted[seat].extend(events)
            game.send(seat, events)
        return keep

    drivers = [
        BotDriver(table, bot, Tracer(), persist(seat))
        for seat, (table, bot) in enumerate(zip(game.tables, bots, strict=True))
    ]

    def done() -> bool:
        return all(t.completed_rounds >= ROUNDS for t in game.tables)

    def choosing() -> bool:
        return done() or (
            game.pending == 0 and any(t.choice_needed() is not None for t in game.tables)
        )

    while not done():
        assert game.run(until=choosing), "the game stopped with no choice to make"
        for seat, driver in enumerate(drivers):
            if game.tables[seat].choice_needed() is not None:
                before(seat, game.tables[seat])
                driver.move()
    game.run(until=lambda: game.pending == 0)  # what was sent reaches every seat
    assert not game.rejected
    return game, persisted


def _choices(events: list[Event]) -> list[Broadcast]:
    return [e for e in events if isinstance(e, Broadcast) and e.chosen]


@pytest.mark.parametrize("deterministic", [True, False])
def test_the_driver_plays_the_bot_it_is_given_from_the_seats_view(deterministic: bool) -> None:
    """Every decision goes to the bot with the seat's view and becomes one entry; a bot
    that decides from its view and randomness alone draws that randomness from the
    seat's choice seed (a rebuilt table makes the same choice), so its entries go out
    before they reach the disk; another bot's must reach the disk first."""
    bots = [FirstChoice(deterministic=deterministic) for _ in range(3)]
    expected: list[tuple[int, int, float]] = []  # (seat, its ask, the seed's first draw)

    def before(seat: int, table: Table) -> None:
        expected.append(
            (seat, len(bots[seat].asked), random.Random(table.choice_seed()).random())
        )

    game, persisted = _drive(bots, before)
    assert len({tuple(t.log) for t in game.tables}) == 1  # every seat holds the one log
    for seat, bot in enumerate(bots):
        chosen = _choices(persisted[seat])
        assert chosen and len(chosen) == len(bot.asked)  # an entry per decision, no more
        assert {e.kind for e in chosen} <= set(CHOICE_KINDS)
        assert all(isinstance(v, SeatView) and v.seat == seat for v, _ in bot.asked)
        assert all(e.durable is not deterministic for e in chosen)
    seeded = [bots[seat].asked[ask][1] == draw for seat, ask, draw in expected]
    assert all(seeded) if deterministic else not any(seeded)


def test_a_driver_stops_before_a_choice_its_bot_pauses_before_but_the_first() -> None:
    game = MemoryGame.create(GameConfig(3), _no_chooser, seed=8)
    bots = [FirstChoice(deterministic=True, pause=seat == 0) for seat in range(3)]
    moves = [
        BotDriver(table, bot, Tracer(), lambda events: None)
        for table, bot in zip(game.tables, bots, strict=True)
    ]
    assert game.run(until=lambda: game.pending == 0 and any(
        t.choice_needed() is not None for t in game.tables
    ))
    (seat,) = [s for s, t in enumerate(game.tables) if t.choice_needed() is not None]
    for other, driver in enumerate(moves):
        # Only a seat asked for a choice pauses, and only with a bot that pauses.
        assert driver.pauses_now() is (other == seat == 0)
    log = len(game.tables[seat].log)
    moves[seat].move(stop_at_pause=True)
    assert len(bots[seat].asked) == 1 and len(game.tables[seat].log) == log + 1


def test_wizards_bot_decides_only_from_a_wizard_seats_view() -> None:
    bot = PolicyBot(RandomPolicy())
    assert bot.deterministic
    with pytest.raises(UsageError, match="Wizard seat's view"):
        bot.decide({"hand": []}, random.Random(0))
    with pytest.raises(UsageError):
        bot.pauses_before(None)
