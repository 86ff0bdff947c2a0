"""The table core asks the game's replica (``game.GameReplica``) everything a game
decides: who is due, how far a stage has come, what the local player must choose and
what a choice writes. Wizard's replica answers through that seam alone."""

from __future__ import annotations

import pytest

from tests.protocol_support import new_game
from wizard_p2p.errors import IllegalAction
from wizard_p2p.protocol.events import Broadcast
from wizard_p2p.protocol.game import GameReplica
from wizard_p2p.protocol.harness import MemoryGame
from wizard_p2p.protocol.kinds import WizardKind
from wizard_p2p.protocol.table import Table


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
