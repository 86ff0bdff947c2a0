"""The standings of a series: the games one table plays in a row, counted per person.

A person is named by a key the caller chooses (the signing key, so that a player who
changes seat, or sits out a game, is still one row). Only finished games count: an
aborted game has no winner and no final score.

The order, from the rules' spirit (Wizard rewards the forecast kept):

1. more games won (every winner of a game tied for first wins it);
2. more points, summed over the games played;
3. more rounds bid exactly (the bid equal to the tricks taken) over those games.

People equal on all three share their place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wizard_p2p.errors import UsageError
from wizard_p2p.rules.game import RoundResult


@dataclass(frozen=True)
class GameResult:
    """One finished game of a series, seat by seat."""

    people: tuple[str, ...]  # each seat's key
    names: tuple[str, ...]
    totals: tuple[int, ...]
    exact: tuple[int, ...]  # rounds each seat bid exactly

    def __post_init__(self) -> None:
        n = len(self.people)
        if not (len(self.names) == len(self.totals) == len(self.exact) == n) or n == 0:
            raise UsageError("a game result needs one name, total and count per seat")

    @property
    def winners(self) -> frozenset[int]:
        top = max(self.totals)
        return frozenset(s for s, total in enumerate(self.totals) if total == top)

    @classmethod
    def from_history(
        cls, people: Sequence[str], names: Sequence[str], history: Sequence[RoundResult]
    ) -> GameResult:
        """A finished game's result from its rounds (``Game.history``)."""
        seats = len(people)
        totals = [0] * seats
        exact = [0] * seats
        for result in history:
            for s in range(seats):
                totals[s] += result.points[s]
                exact[s] += result.bids[s] == result.taken[s]
        return cls(tuple(people), tuple(names), tuple(totals), tuple(exact))


@dataclass(frozen=True)
class Standing:
    """One person's line: place 1 is first, and a shared place repeats."""

    place: int
    person: str
    name: str  # the name of the person's latest game
    played: int
    won: int
    points: int
    exact: int

    @property
    def rank_key(self) -> tuple[int, int, int]:
        return (-self.won, -self.points, -self.exact)


@dataclass(frozen=True)
class SeriesAfter:
    """A series' standings once one of its games is over: that game's number in the
    series, and its people seat by seat (so that a screen can name those it seats as it
    names them at the table)."""

    standings: tuple[Standing, ...]
    game: int
    people: tuple[str, ...]


def series_standings(games: Iterable[GameResult]) -> tuple[Standing, ...]:
    """The standings after ``games`` (in the order they were played)."""
    rows: dict[str, list[int]] = {}  # person -> [played, won, points, exact]
    names: dict[str, str] = {}
    for game in games:
        winners = game.winners
        for seat, person in enumerate(game.people):
            row = rows.setdefault(person, [0, 0, 0, 0])
            row[0] += 1
            row[1] += seat in winners
            row[2] += game.totals[seat]
            row[3] += game.exact[seat]
            names[person] = game.names[seat]
    lines = [Standing(0, p, names[p], *row) for p, row in rows.items()]
    lines.sort(key=lambda line: (line.rank_key, line.name.casefold()))
    placed: list[Standing] = []
    for i, line in enumerate(lines):
        shared = placed and placed[-1].rank_key == line.rank_key
        place = placed[-1].place if shared else i + 1
        placed.append(Standing(place, line.person, line.name, line.played, line.won,
                               line.points, line.exact))
    return tuple(placed)


__all__ = ["GameResult", "SeriesAfter", "Standing", "series_standings"]
