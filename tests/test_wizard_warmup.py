"""The in-memory round 1 a peer plays before its game (``wizard_p2p.commands.wizard_warmup``)."""

from __future__ import annotations

import pytest

from wizard_p2p.commands.wizard_warmup import WARM_UP_SEATS, warm_up
from wizard_p2p.node.helper import PassHelper
from wizard_p2p.rules import GameConfig


def test_the_warm_up_deals_round_1_with_its_passes_shared_and_makes_no_choice() -> None:
    helper = PassHelper()
    try:
        game = warm_up(GameConfig(seats=6, hidden_bids=True), helper)
        assert helper.started  # the passes went through the peer's second thread
    finally:
        helper.shutdown()
    assert game.config.seats == WARM_UP_SEATS and game.config.hidden_bids
    for table in game.tables:
        assert table.progress().stage == "play"
        assert table.round is not None and table.round.round_no == 1
        view = table.view()
        assert view is not None and len(view.hand) == 1
        # The coins, the shuffles (the last one locking) and the other seats' locks:
        # nothing after the deal, no choice.
        kinds = [kind for _, kind in table.entry_meta]
        n = WARM_UP_SEATS
        assert kinds == ["genesis"] + ["coin"] * n + ["shuffle"] * n + ["lock"] * (n - 1)
    assert not game.rejected


@pytest.mark.parametrize("variant", ["clairvoyance", "secret_bids", "plus_minus_one"])
def test_the_warm_up_reaches_the_deal_in_every_variant(variant: str) -> None:
    game = warm_up(GameConfig.with_variants(4, [variant]))
    assert all(table.progress().stage == "play" for table in game.tables)
    assert not game.rejected
