"""``play`` against bots as an evening: its bots stay for another game at the table (a
person's ``n`` at game over, ``--games`` headless), and ``history`` finds both games as
one series with its standings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from wizard_p2p.commands.history import kept_games, standings_after
from wizard_p2p.tui.i18n import CATALOGUES


def test_play_against_bots_plays_another_game_at_the_table(tmp_path: Path) -> None:
    data = tmp_path / "d"
    played = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "play", "--headless", "--seats", "3",
         "--policy", "random", "--games", "2", "--data-dir", str(data), "--lang", "en"],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    games = kept_games(data)
    assert [g.number for g in games] == [1, 2]
    assert games[0].series_id == games[1].series_id == games[0].game_id
    assert all(g.state == "finished" and g.verified for g in games)
    standings = standings_after(games, games[1])
    assert sorted(s.played for s in standings) == [2, 2, 2]
    assert sum(s.won for s in standings) >= 2  # each game has a winner (ties share it)
    # The standings after each game were printed at its end, and history shows them.
    for n in (1, 2):
        assert f"standings of the series after game {n}" in played.stdout
    history = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "history", "--data-dir", str(data), "--lang", "zh"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert history.returncode == 0, history.stderr
    zh = CATALOGUES["zh"]
    assert zh["series_title"].format(n=2) in history.stdout
    for game in games:
        assert game.game_id[:16] in history.stdout
