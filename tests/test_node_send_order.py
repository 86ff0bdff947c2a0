"""Which peer our newest entry goes to first or last (``node.send_order``): a choice's
chooser last, the writer of an entry its client writes by itself first, by the kinds
the game's rules call choices."""

from __future__ import annotations

from wizard_p2p.node.send_order import send_order
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser
from wizard_p2p.tables.wizard.kinds import CHOICE_KINDS


def _key(game: MemoryGame, seat: int) -> str:
    return str(game.tables[0].players[seat]["curve_key"])


def test_a_choice_goes_to_its_chooser_last_and_a_pass_to_its_writer_first() -> None:
    game = MemoryGame.create(GameConfig(3), random_chooser(5), seed=5)
    seen = {"first": 0, "last": 0}
    while game.step():
        for seat, table in enumerate(game.tables):
            turn = table.expected()
            first, last = send_order(table, seat)
            if turn is None or turn.seat == seat:
                assert (first, last) == (None, None)
            elif turn.kinds & {"bid", "trump", "play"}:
                assert (first, last) == (None, _key(game, turn.seat))
                seen["last"] += 1
            else:  # a coin, a shuffle, a lock, an opened bid, a reveal, a final
                assert (first, last) == (_key(game, turn.seat), None)
                seen["first"] += 1
    assert seen["first"] and seen["last"]
    assert game.tables[0].rules.choice_kinds == frozenset(CHOICE_KINDS)
