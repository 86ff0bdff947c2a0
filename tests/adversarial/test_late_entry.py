"""A slow seat is not a cheater: its entry that arrives where the others have already
written the abort naming it as stalled is refused, but proves nothing against it.

Without this, a seat whose process was merely busy past the stall limit (a flood it
sent, a laptop asleep) would have its late, honest entry kept as "out of turn"
evidence, and ``audit`` would call it a cheat.
"""

from __future__ import annotations

import pytest

from tests.protocol_support import forge, new_game, settled, snapshot
from wizard_p2p.errors import PeerFault
from wizard_p2p.protocol.evidence import evidence_of
from wizard_p2p.tables import PROVABLE


def test_an_entry_written_where_the_abort_of_its_seat_stands_proves_nothing() -> None:
    game = new_game(3, seed=15)
    table = game.tables[0]
    assert game.run(until=settled(game, lambda: "bid" in (table.expected() or (0, ()))[1]))
    due = table.expected()
    assert due is not None
    stalled = due[0]
    writer = 1 if stalled == 0 else 0
    abort = forge(game, writer, "abort", {"stalled": stalled, "reason": "x"}, log_of=table)
    others = [s for s in range(3) if s != stalled]
    game.deliver(abort, others)
    # The stalled seat's bid, written at the same position before it heard of the abort.
    late = forge(game, stalled, "bid", {"round": 1, "bid": 0})
    for s in others:
        before = snapshot(game.tables[s])
        with pytest.raises(PeerFault) as caught:
            game.tables[s].receive(late)
        assert (caught.value.seat, caught.value.kind) == (stalled, "after-end")
        assert evidence_of(caught.value, late, PROVABLE) is None
        assert snapshot(game.tables[s]) == before
    # An entry of another seat at that position is still out of turn, and proves it.
    intruder = next(s for s in others if s != writer)
    raw = forge(game, intruder, "bid", {"round": 1, "bid": 0}, log_of=game.tables[stalled])
    with pytest.raises(PeerFault) as caught:
        game.tables[writer].receive(raw)
    assert caught.value.kind == "out-of-turn"
    assert evidence_of(caught.value, raw, PROVABLE) is not None
