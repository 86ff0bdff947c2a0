"""The tournament: fair seatings, sound statistics, reproducible results, a working CLI.

The full tournament is a benchmark (``wizard-p2p tournament``); the short one here
only checks the clearest ordering, expert over random, from a fixed seed.
"""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter
from pathlib import Path

import pytest

from wizard_p2p.bots import make_policy
from wizard_p2p.bots.tournament import (
    main,
    make_deal,
    mean_ci,
    play_game,
    resolve_pairs,
    run_tournament,
    seatings,
    t_quantile_975,
)
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import GameConfig


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_seatings_give_each_side_every_seat_equally(seats: int) -> None:
    tables = seatings(seats)
    assert len(set(tables)) == len(tables)
    assert len(tables) == (2 if seats % 2 == 0 else 2 * seats)
    for table in tables:
        assert set(table) == {0, 1}  # both policies at every table
    for seat in range(seats):
        sides = Counter(table[seat] for table in tables)
        assert sides[0] == sides[1]
    # Over a deal both policies fill the same number of seats.
    filled = Counter(side for table in tables for side in table)
    assert filled[0] == filled[1]


def test_duplicate_deals_are_fixed_by_the_seed() -> None:
    config = GameConfig(seats=4)
    assert make_deal(config, 1, 0) == make_deal(config, 1, 0)
    assert make_deal(config, 1, 0) != make_deal(config, 1, 1)
    assert make_deal(config, 1, 0) != make_deal(config, 2, 0)
    deal = make_deal(config, 1, 0)
    assert len(deal.decks) == config.rounds
    assert all(sorted(c.index for c in deck) == list(range(60)) for deck in deal.decks)


def test_statistics() -> None:
    # Student's t quantiles from the tables.
    assert t_quantile_975(1) == pytest.approx(12.706, abs=1e-3)
    assert t_quantile_975(5) == pytest.approx(2.571, abs=2e-3)
    assert t_quantile_975(10) == pytest.approx(2.228, abs=1e-3)
    assert t_quantile_975(30) == pytest.approx(2.042, abs=1e-3)
    assert t_quantile_975(1000) == pytest.approx(1.962, abs=1e-3)
    samples = [1.0, 2.0, 3.0, 4.0, 5.0]
    mean, half = mean_ci(samples)
    assert mean == 3.0
    assert half == pytest.approx(2.776 * statistics.stdev(samples) / 5**0.5, rel=1e-3)


def test_pairs() -> None:
    names = ["expert", "heuristic", "random"]
    assert resolve_pairs(names, "all") == [
        ("expert", "heuristic"),
        ("expert", "random"),
        ("heuristic", "random"),
    ]
    assert resolve_pairs(names, "chain") == [("expert", "heuristic"), ("heuristic", "random")]
    assert resolve_pairs(names, "random:expert") == [("random", "expert")]
    for bad in ("expert", "expert:oracle", "expert:expert"):
        with pytest.raises(UsageError):
            resolve_pairs(names, bad)
    with pytest.raises(UsageError):
        resolve_pairs(["expert"], "all")


def test_a_game_record_adds_up() -> None:
    config = GameConfig(seats=5, plus_minus_one=True)
    seats = [make_policy("heuristic"), make_policy("random")] * 2 + [make_policy("heuristic")]
    record = play_game(config, seats, [random.Random(s) for s in range(5)], make_deal(config, 3, 0))
    assert len(record.bids) == len(record.taken) == config.rounds
    for round_no, (bids, taken) in enumerate(zip(record.bids, record.taken, strict=True), 1):
        assert sum(taken) == round_no
        assert sum(bids) != round_no  # ±1
    points = [0] * 5
    for bids, taken in zip(record.bids, record.taken, strict=True):
        for seat in range(5):
            b, t = bids[seat], taken[seat]
            points[seat] += 20 + 10 * t if b == t else -10 * abs(b - t)
    assert tuple(points) == record.totals


def test_the_expert_beats_random_in_a_short_tournament() -> None:
    result = run_tournament(
        ["expert", "random"], seats=6, games=4, seed=2024, options={"expert": {"samples": 3}}
    )
    match = result.match("expert", "random")
    assert match.games == 8
    assert match.a.games == match.b.games == 24
    assert match.separated
    assert match.a.mean_score - match.a.ci95 > match.b.mean_score + match.b.ci95
    assert match.diff - match.diff_ci95 > 0
    assert match.a.bid_hit_rate > match.b.bid_hit_rate
    assert match.a.win_share > 0.5
    assert match.a.win_share + match.b.win_share == pytest.approx(1.0)


def test_results_depend_on_the_seed_only() -> None:
    def run(seed: int, jobs: int) -> object:
        result = run_tournament(["heuristic", "random"], seats=6, games=3, seed=seed, jobs=jobs)
        m = result.matches[0]
        return (m.a.mean_score, m.b.mean_score, m.a.bid_hit_rate, m.diff, m.diff_ci95)

    assert run(5, 1) == run(5, 1) == run(5, 2)
    assert run(5, 1) != run(6, 1)


def test_main_prints_the_table_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "result.json"
    argv = ["--seats", "6", "--games", "2", "--seed", "3", "--policies", "heuristic,random"]
    assert main([*argv, "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "heuristic vs random: 4 games" in printed
    assert "score/game ± 95% CI" in printed
    assert "bid hit" in printed and "win share" in printed
    data = json.loads(out.read_text())
    assert data["seats"] == 6 and data["seed"] == 3 and data["deals"] == 2
    (match,) = data["matches"]
    assert match["a"]["name"] == "heuristic" and match["b"]["name"] == "random"
    assert {"mean_score", "ci95", "bid_hit_rate", "mean_bid_miss", "win_share"} <= set(match["a"])
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


def test_main_refuses_bad_input_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--policies", "expert,oracle", "--games", "1"]) == 2
    assert "unknown bot policy 'oracle'" in capsys.readouterr().err
    assert main(["--seats", "7", "--games", "1"]) == 2
    assert "3 to 6 players" in capsys.readouterr().err
    assert main(["--games", "0"]) == 2
    assert main(["--variant", "hidden_bids", "--variant", "plus_minus_one", "--games", "1"]) == 2
