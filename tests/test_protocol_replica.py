"""The table core asks the game's replica (``game.GameReplica``) everything a game
decides: who is due, how far a stage has come, what the local player must choose and
what a choice writes. Wizard's replica answers through that seam alone."""

from __future__ import annotations

import pytest

from tests.protocol_support import new_game
from wizard_p2p.errors import IllegalAction
from wizard_p2p.protocol.events import Broadcast
from wizard_p2p.protocol.game import GameReplica
from wizard_p2p.protocol.status import StatusKind
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables.wizard.harness import MemoryGame
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.replica import WAITING_FOR
from wizard_p2p.tables.wizard.table import WizardTable


def until_choice(game: MemoryGame, kind: WizardKind) -> Table:
    """Run ``game`` until a seat must make a choice of ``kind``; that seat's table."""
    def chooser() -> Table | None:
        return next((t for t in game.tables if t.choice_needed() == kind), None)

    assert game.run(until=lambda: chooser() is not None), f"no {kind} came"
    table = chooser()
    assert table is not None
    return table


def test_the_table_answers_what_the_replica_answers() -> None:
    game = new_game(3, seed=5)
    seen = set()
    while game.step() and len(seen) < 200:
        for table in game.tables:
            replica: GameReplica = table.replica
            assert replica.due() == table.expected()
            assert replica.progress() == table.progress()
            assert replica.choice_needed() == table.choice_needed()
            seen.add((table.seat, len(table.log)))
    assert len(seen) >= 200


def test_a_choice_is_made_through_the_one_door_and_refused_naming_the_rule() -> None:
    game = new_game(3, seed=2)
    table = until_choice(game, WizardKind.BID)
    before = len(table.log)
    with pytest.raises(IllegalAction) as refused:
        table.choose("three")
    assert refused.value.rule == "bid-range" and len(table.log) == before
    events = table.choose(0)
    assert next((e.kind, e.pos) for e in events if isinstance(e, Broadcast)) == (
        WizardKind.BID, before,
    )
    others = [t for t in game.tables if t is not table and t.choice_needed() is None]
    with pytest.raises(IllegalAction) as not_yours:
        others[0].choose(0)
    assert not_yours.value.rule == "turn"


def test_a_play_that_is_not_a_card_is_refused() -> None:
    game = new_game(3, seed=3)
    table = until_choice(game, WizardKind.PLAY)
    with pytest.raises(IllegalAction) as refused:
        table.choose("the ace")
    assert refused.value.rule == "card"


def test_what_a_node_shows_of_a_table_comes_from_the_replica() -> None:
    """The views, the parts verified and the status line a node shows, asked of the
    replica: the status names the seat due, never tells a seat to wait for itself, and
    an observer is always told whom the game waits for."""
    game = new_game(3, seed=7)
    observer = WizardTable(game.genesis, replay_every_pass=True)
    delivered = 0
    kinds: set[StatusKind] = set()
    checked = [0, 0, 0, 0]
    while game.step() and not all(t.completed_rounds >= 2 for t in game.tables):
        for line in game.tables[0].log[1 + delivered:]:
            observer.receive(line)
        delivered = len(game.tables[0].log) - 1
        for index, table in enumerate([*game.tables, observer]):
            replica = table.replica
            turn = replica.due()
            assert replica.view() == table.view()
            public = replica.public_view()
            assert (public is None) == (table.game is None)
            assert public is None or (public.watcher and public.hand is None)
            assert checked[index] <= replica.checked() == table.completed_rounds
            checked[index] = replica.checked()
            status = replica.status(table.seat)
            if status is None:
                # Nothing is said only once the game is over, or to the seat it waits for.
                assert turn is None or (table.seat is not None and turn.seat == table.seat)
                continue
            kinds.add(status.kind)
            assert turn is not None and status.seat == turn.seat
            if status.kind in WAITING_FOR.values():
                assert status.seat != table.seat and status.done is None
            else:
                assert status.done is not None and status.total is not None
                assert 0 <= status.done <= status.total
    assert min(checked) >= 1
    assert kinds >= {
        StatusKind.SHUFFLING, StatusKind.DEALING, StatusKind.WAITING_BID, StatusKind.WAITING_PLAY,
    }
