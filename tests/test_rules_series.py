"""Series standings: games won, then points, then rounds bid exactly; ties shared."""

from __future__ import annotations

import itertools

import hypothesis.strategies as st
import pytest
from hypothesis import given

from wizard_p2p.errors import UsageError
from wizard_p2p.rules.series import GameResult, series_standings


def result(people: str, totals: tuple[int, ...], exact: tuple[int, ...]) -> GameResult:
    return GameResult(tuple(people), tuple(p.upper() for p in people), totals, exact)


def test_games_won_come_before_points() -> None:
    rows = series_standings([
        result("abc", (100, 90, -10), (5, 4, 0)),
        result("abc", (0, 200, 10), (1, 9, 2)),
        result("abd", (50, 10, 30), (3, 1, 2)),  # c left, d took the seat
    ])
    assert [(r.person, r.place, r.won, r.points) for r in rows] == [
        ("a", 1, 2, 150), ("b", 2, 1, 300), ("d", 3, 0, 30), ("c", 4, 0, 0)]
    assert [r.played for r in rows] == [3, 3, 1, 2]


def test_points_then_exact_bids_break_ties_and_otherwise_the_place_is_shared() -> None:
    rows = series_standings([result("abc", (80, 80, 80), (3, 5, 3))])
    assert [(r.person, r.place, r.won) for r in rows] == [("b", 1, 1), ("a", 2, 1), ("c", 2, 1)]


def test_a_result_needs_every_seat() -> None:
    with pytest.raises(UsageError):
        GameResult(("a", "b"), ("A",), (1, 2), (0, 0))


games = st.lists(
    st.integers(3, 6).flatmap(lambda n: st.tuples(
        st.permutations("abcdefgh").map(lambda p: "".join(p[:n])),
        st.lists(st.integers(-30, 30).map(lambda x: x * 10), min_size=n, max_size=n),
        st.lists(st.integers(0, 20), min_size=n, max_size=n),
    )), min_size=1, max_size=6)


@given(games)
def test_standings_are_ordered_and_count_every_game(played: list) -> None:  # type: ignore[type-arg]
    results = [result(p, tuple(t), tuple(e)) for p, t, e in played]
    rows = series_standings(results)
    assert sum(r.played for r in rows) == sum(len(g.people) for g in results)
    assert sum(r.won for r in rows) == sum(len(g.winners) for g in results)
    assert rows[0].place == 1
    for before, after in itertools.pairwise(rows):
        assert before.rank_key <= after.rank_key
        assert (after.place == before.place) == (after.rank_key == before.rank_key)
        if after.place != before.place:
            assert after.place == rows.index(after) + 1
