"""A networked seat of Wizard as the console holds it (``commands.wizard_seat``): the
peer knows no game, the adapter says its choices in Wizard's terms."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.peer_support import waiting_for_seat_0
from tests.test_node_peer import run  # noqa: F401  (a fixture)
from wizard_p2p.commands.wizard_seat import WizardSeat
from wizard_p2p.errors import IllegalAction
from wizard_p2p.protocol.messages import decode_entry
from wizard_p2p.rules import Suit
from wizard_p2p.tables.wizard.bodies import BODIES


def test_a_choice_for_another_decision_than_the_one_due_is_refused_and_changes_nothing(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            peer = game.peers[0]
            seat = WizardSeat(peer)
            snap = seat.snapshot()
            assert snap.view == peer.table.view() and snap.view.seat == 0
            assert snap.names == peer.table.names and seat.seat == 0
            length = len(peer.table.log)
            # The table waits for a bid: a card or a trump suit is a choice out of turn.
            for wrong in (lambda: seat.play(snap.view.hand[0]),
                          lambda: seat.choose_trump(Suit.ELVES)):
                with pytest.raises(IllegalAction) as refused:
                    wrong()
                assert refused.value.rule == "turn"
            assert len(peer.table.log) == length
            seat.bid(snap.view.legal_bids[0])
            assert len(peer.table.log) == length + 1
            assert decode_entry(peer.table.log[-1], BODIES).kind == "bid"

    run(main())
