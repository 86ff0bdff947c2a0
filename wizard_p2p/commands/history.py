"""The games kept in a data folder, as ``history`` lists them and as the end of a game
counts its series.

Each game is read from its own log: the genesis says who sat, with which variants, and
whether it continues a series (WIZARD §1.3); the audit replays and verifies the rest, so
what ``history`` says of a game is what ``audit`` would. A series is its first game
and every game whose terms name it.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p.audit import audit_file
from wizard_p2p.errors import WizardError
from wizard_p2p.node.store import GameStore, list_games
from wizard_p2p.protocol.genesis import Genesis, SeriesTerms, read_genesis
from wizard_p2p.rules import RoundResult
from wizard_p2p.rules.series import GameResult, Standing, series_standings
from wizard_p2p.tables import rules_of


class GameState(enum.StrEnum):
    """How a kept game ended (the catalogues word each: ``history_state_<value>``)."""

    FINISHED = "finished"
    ABORTED = "aborted"
    UNFINISHED = "unfinished"
    FAULT = "fault"
    UNREADABLE = "unreadable"


_STATES = {"verified": GameState.FINISHED, "aborted": GameState.ABORTED,
           "incomplete": GameState.UNFINISHED, "fault": GameState.FAULT,
           "unreadable": GameState.UNREADABLE}


@dataclass(frozen=True)
class GameSummary:
    """One kept game, read and verified."""

    store: GameStore
    game_id: str  # hex, the whole id
    played: datetime.datetime  # when its log was last written
    names: tuple[str, ...]
    people: tuple[str, ...]  # each seat's signing key, hex
    variants: tuple[str, ...]
    series: SeriesTerms | None
    state: GameState
    history: tuple[RoundResult, ...]
    winners: tuple[int, ...]  # seats; none unless finished

    @property
    def verified(self) -> bool:
        """The audit found every entry sound (a game ended early may be verified)."""
        return self.state in (GameState.FINISHED, GameState.ABORTED, GameState.UNFINISHED)

    @property
    def series_id(self) -> str:
        """The series this game belongs to: its first game's id (its own, if first)."""
        return self.series.first.hex() if self.series is not None else self.game_id

    @property
    def number(self) -> int:
        return self.series.game if self.series is not None else 1

    def result(self) -> GameResult | None:
        if self.state is not GameState.FINISHED:
            return None
        return GameResult.from_history(self.people, self.names, self.history)


def _genesis(store: GameStore) -> Genesis | None:
    try:
        lines = store.read_log()
        return read_genesis(lines[0], rules_of(lines[0])) if lines else None
    except WizardError:
        return None


def summarise(store: GameStore) -> GameSummary | None:
    """The game of ``store``, or None if its log holds no readable genesis."""
    genesis = _genesis(store)
    if genesis is None:
        return None
    report = audit_file(store.log_path)
    state = _STATES.get(report.status, GameState.UNREADABLE)
    played = datetime.datetime.fromtimestamp(store.log_path.stat().st_mtime)
    return GameSummary(
        store, genesis.game_id.hex(), played, tuple(p["name"] for p in genesis.players),
        tuple(p["sign_key"].hex() for p in genesis.players), tuple(genesis.config.variants()),
        genesis.series, state, tuple(report.history),
        tuple(report.winners) if state is GameState.FINISHED else (),
    )


def kept_games(data_dir: Path, *, series: str | None = None) -> list[GameSummary]:
    """The games in ``data_dir``, oldest first (a series' games in their order); with
    ``series``, only that series' (the others are not verified)."""
    found = []
    for store in list_games(data_dir):
        if series is not None:
            genesis = _genesis(store)
            if genesis is None:
                continue
            first = genesis.series.first.hex() if genesis.series else genesis.game_id.hex()
            if first != series:
                continue
        summary = summarise(store)
        if summary is not None:
            found.append(summary)
    found.sort(key=lambda g: (g.played, g.number))
    return found


def series_games(games: Sequence[GameSummary], series: str) -> list[GameSummary]:
    """The games of ``series`` among ``games``, in their order."""
    return sorted((g for g in games if g.series_id == series), key=lambda g: g.number)


def is_series(games: Sequence[GameSummary], game: GameSummary) -> bool:
    """Whether ``game`` is one of several at its table (a lone game is not a series)."""
    return game.series is not None or any(g.series_id == game.game_id for g in games
                                          if g is not game)


def standings_after(games: Sequence[GameSummary], game: GameSummary) -> tuple[Standing, ...]:
    """The standings of ``game``'s series once ``game`` is over (finished games count)."""
    results = [g.result() for g in series_games(games, game.series_id) if g.number <= game.number]
    return series_standings(r for r in results if r is not None)


__all__ = ["GameState", "GameSummary", "is_series", "kept_games", "series_games",
           "standings_after", "summarise"]
