"""The heuristic's calibrated bidding: the committed rule table, the tool that writes it,
and the bid the heuristic makes from it.

``tools/calibrate_bids.py`` measures, per table size and round length, the rule
``nearest(slope · estimate + shift)`` that earns the most points on duplicate deals
and writes ``wizard_p2p/bots/bid_calibration.py``. The tests check that the table
covers every table size and round length with values from the tool's grid, that
the tool is deterministic and writes a module that reads back as the same table,
and that the heuristic bids what the rule says (the legal bid nearest its target).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tools import calibrate_bids
from wizard_p2p.bots.bid_calibration import BID_RULES
from wizard_p2p.bots.heuristic import estimate_tricks, heuristic_bid, nearest_bid
from wizard_p2p.rules import DECK, Kind


def test_the_table_covers_every_table_size_and_round_length() -> None:
    wanted = {(n, c) for n in range(3, 7) for c in range(1, 60 // n + 1)}
    assert set(BID_RULES) == wanted
    for slope, shift in BID_RULES.values():
        assert slope in calibrate_bids.SLOPES
        assert shift in calibrate_bids.SHIFTS


def test_the_tool_is_deterministic_and_writes_the_table_it_found() -> None:
    first = calibrate_bids.calibrate(3, 1, (6,), log=False)
    again = calibrate_bids.calibrate(3, 1, (6,), log=False)
    assert first == again
    assert set(first) == {(6, c) for c in range(1, 11)}
    namespace: dict[str, object] = {}
    exec(calibrate_bids.render(first, 3), namespace)
    assert namespace["BID_RULES"] == first


def test_the_best_rule_is_the_one_with_the_most_points() -> None:
    # Two hands of a 5-card round: bidding one trick more than the estimate pays.
    outcomes = [(5, (1.0, {0: -10, 1: 0, 2: 40})), (5, (2.0, {1: -10, 2: 0, 3: 50}))]
    rule, mean, plain = calibrate_bids.best_rule(outcomes)
    assert mean == 45.0 and plain == 0.0
    assert calibrate_bids.rule_bid(rule, 1.0, 5) == 2
    assert calibrate_bids.rule_bid(rule, 2.0, 5) == 3


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(3, 6), data=st.data())
def test_the_heuristic_bids_the_legal_bid_nearest_its_rule(
    seed: int, seats: int, data: st.DataObject
) -> None:
    cards = data.draw(st.integers(1, 60 // seats))
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    hand = deck[:cards]
    turned = deck[seats * cards] if seats * cards < len(DECK) else None
    trump = turned.suit if turned is not None and turned.kind is Kind.SUIT else None
    legal = data.draw(
        st.lists(st.integers(0, cards), min_size=1, unique=True).map(sorted)
    )
    estimate = estimate_tricks(hand, trump, seats, turned)
    slope, shift = BID_RULES[(seats, cards)]
    bid = heuristic_bid(hand, trump, seats, turned, legal)
    assert bid in legal
    assert bid == nearest_bid(slope * estimate + shift, legal)
    assert heuristic_bid(hand, trump, seats, turned, legal, calibrated=False) == nearest_bid(
        estimate, legal
    )
