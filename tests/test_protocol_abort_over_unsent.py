"""A seat that died between writing its entry and sending it, and was aborted meanwhile.

The others, waiting past the stall limit, wrote the abort of that seat at the very
position its unsent entry holds in its own log. When the seat comes back and is
shown the abort, its table drops the entry nobody received and takes the abort:
every replica ends with the same log, and the auditor verifies it.
"""

from __future__ import annotations

from unittest.mock import ANY

import pytest

from wizard_p2p.audit import audit_entries
from wizard_p2p.protocol.events import Aborted, Accepted, GameEnded, LogRewritten, broadcasts
from wizard_p2p.protocol.kinds import CoreKind
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser


def _game_where_seat_dies_with_an_unsent_entry(kind: str) -> tuple[MemoryGame, int, int]:
    """Run until ``stalled`` writes its first ``kind`` entry; that entry is never sent."""
    game = MemoryGame.create(GameConfig(3), random_chooser(5), seed=11)
    held: list[tuple[int, int]] = []

    def swallow(sender: int, batch: list) -> list:
        if held:
            return [] if sender == held[0][0] else batch
        for out in batch:
            if out.kind == kind:
                held.append((sender, out.pos))
                return []  # it dies right after writing: nothing of its reaches anyone
        return batch

    game.outputs_filter = swallow
    game.run(until=lambda: bool(held) and game.pending == 0)
    assert held, f"no {kind} entry was written"
    stalled, position = held[0]
    return game, stalled, position


@pytest.mark.parametrize("kind", ["shuffle", "lock", "bid", "play"])
def test_the_abort_takes_the_place_of_the_unsent_entry(kind: str) -> None:
    game, stalled, position = _game_where_seat_dies_with_an_unsent_entry(kind)
    own = game.tables[stalled]
    assert len(own.log) == position + 1  # its entry is on its disk only
    writer = 1 if stalled == 0 else 0
    others = [t for s, t in enumerate(game.tables) if s != stalled]
    (abort,) = broadcasts(game.tables[writer].abort_stalled())
    assert abort.pos == position
    for seat, table in enumerate(game.tables):
        if seat not in (writer, stalled):
            table.receive(abort.entry)

    assert own.receive(abort.entry) == [
        LogRewritten(position),
        Accepted(position, abort.entry, writer, CoreKind.ABORT),
        GameEnded(Aborted(writer, stalled, "stalled past the time limit")),
    ]
    assert own.stage == "aborted"
    assert own.log == others[0].log == others[1].log
    report = audit_entries(own.log)
    assert report.status == "aborted" and f"seat {stalled + 1}" in report.message


def test_the_abort_stands_over_the_stalled_seats_entry_where_it_was_delivered() -> None:
    game, stalled, position = _game_where_seat_dies_with_an_unsent_entry("shuffle")
    writer = 1 if stalled == 0 else 0
    (abort,) = broadcasts(game.tables[writer].abort_stalled())
    # A replica that took the stalled seat's entry at that position (handed to the
    # third seat alone) takes the abort in its place all the same: the ending stands.
    third = game.tables[next(s for s in range(3) if s not in (writer, stalled))]
    third.receive(game.tables[stalled].log[position])
    assert third.log[position] != abort.entry
    assert LogRewritten(position) in third.receive(abort.entry)
    assert third.log == game.tables[writer].log and third.outcome == Aborted(writer, stalled, ANY)
