"""A series of two games at one table, every seat its own ``wizard-p2p`` process on
127.0.0.1: Ana hosts with ``--games 2``, Ben joins for two games, Chen for one; when the
first game is over Ana's lobby opens again on the same port with the same code, Ben asks
it for a seat by himself, and a bot takes Chen's seat. Each game is its own log; the second
names the first as its series and deals first from the seat after the first's first dealer.
The standings printed after each game are those the logs give, and ``history`` lists both
games and shows one with the commands that audit and replay it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.test_node_multiprocess import GAME_DEADLINE, REPO, Proc, wait_until
from wizard_p2p.audit import audit_file
from wizard_p2p.protocol.genesis import read_genesis
from wizard_p2p.rules.series import GameResult, series_standings
from wizard_p2p.tables.wizard.replica import WIZARD_RULES
from wizard_p2p.tables.wizard.table import WizardTable
from wizard_p2p.tui.i18n import Translator

COMMON = ["--policy", "random", "--listen", "127.0.0.1", "--silence-limit", "3",
          "--lang", "en"]


def expected_standings(tr: Translator, logs: list[Path], game: int) -> list[tuple[str, ...]]:
    """The standings after ``game`` (of the series whose logs are ``logs``, first game
    first) as the audited logs give them, each row worded by ``tr``: place, name, games,
    won, points, exact bids."""
    results = []
    for log in logs[:game]:
        genesis = read_genesis(log.read_bytes().splitlines()[0], WIZARD_RULES)
        report = audit_file(log)
        keys = [p["sign_key"].hex() for p in genesis.players]
        results.append(GameResult.from_history(keys, report.names, report.history))
    return [(tr("place", n=s.place), s.name, str(s.played), str(s.won), str(s.points),
             str(s.exact)) for s in series_standings(results)]


def _games(data_dir: Path) -> list[Path]:
    """The seat's game logs, the series' first game first."""
    logs = [p / "log.jsonl" for p in (data_dir / "games").iterdir()]
    return sorted(logs, key=lambda log: "series" in json.loads(log.read_bytes().split(b"\n")[0])
                  ["body"]["terms"])


def _first_dealer(log: Path) -> int:
    lines = log.read_bytes().splitlines()
    table = WizardTable(lines[0])
    for raw in lines[1:]:
        table.receive(raw)
        if table.game is not None:
            return table.game.first_dealer
    raise AssertionError("no round was dealt")


def _standings_block(stdout: str, game: int) -> list[tuple[str, ...]]:
    """The rows printed under ``standings of the series after game N``."""
    block = stdout.split(f"standings of the series after game {game}\n", 1)[1]
    rows = []
    for line in block.splitlines()[1:]:
        row = re.fullmatch(r"(\d+\.)\s+(.+?)" + r"\s+(-?\d+)" * 4, line)
        if row is None:
            break
        rows.append(row.groups())
    return rows


def test_two_games_at_one_table_with_a_player_leaving_and_a_bot_taking_the_seat(
    tmp_path: Path,
) -> None:
    ana_dir = tmp_path / "ana"
    ana = Proc("ana", ["host", "--headless", "--seats", "3", "--port", "0", "--name", "Ana",
                       "--data-dir", str(ana_dir), "--games", "2", *COMMON], tmp_path)
    procs = [ana]
    try:
        found = wait_until(lambda: re.search(r"join (127\.0\.0\.1:\d+) --code (\S+)",
                                             ana.stdout()), 60, "Ana's invitation")
        address, code = found.group(1), found.group(2)  # type: ignore[attr-defined]
        ben = Proc("ben", ["join", "--headless", address, "--code", code, "--name", "Ben",
                           "--data-dir", str(tmp_path / "ben"), "--games", "2", *COMMON],
                   tmp_path)
        chen = Proc("chen", ["join", "--headless", address, "--code", code, "--name", "Chen",
                             "--data-dir", str(tmp_path / "chen"), *COMMON], tmp_path)
        procs += [ben, chen]
        assert chen.wait(GAME_DEADLINE) == 0, chen.describe()
        wait_until(lambda: "the lobby is open again" in ana.stdout() or not ana.alive(),
                   60, "Ana's next lobby")
        bot = Proc("bot", ["bot", address, "--code", code, "--name", "Bot 1",
                           "--data-dir", str(tmp_path / "bot"), *COMMON], tmp_path)
        procs.append(bot)
        for proc in (ana, ben, bot):
            assert proc.wait(GAME_DEADLINE) == 0, proc.describe()
    finally:
        for proc in procs:
            proc.kill()

    first, second = _games(ana_dir)
    assert [audit_file(log).status for log in (first, second)] == ["verified", "verified"]
    # Ben's copy of each game is Ana's, byte for byte; Chen kept only the first.
    assert [log.read_bytes() for log in _games(tmp_path / "ben")] == [
        first.read_bytes(), second.read_bytes()]
    assert [log.read_bytes() for log in _games(tmp_path / "chen")] == [first.read_bytes()]

    one = read_genesis(first.read_bytes().splitlines()[0], WIZARD_RULES)
    two = read_genesis(second.read_bytes().splitlines()[0], WIZARD_RULES)
    assert one.series is None and two.series is not None
    assert (two.series.first, two.series.game) == (one.game_id, 2)
    assert _first_dealer(second) == (_first_dealer(first) + 1) % 3 == two.series.first_dealer
    # Ben keeps his seat; the bot takes the free one.
    assert [p["name"] for p in one.players] == ["Ana", "Ben", "Chen"]
    assert [p["name"] for p in two.players] == ["Ana", "Ben", "Bot 1"]

    for game, stdout in ((1, ana.stdout()), (2, ana.stdout()), (2, ben.stdout())):
        expected = expected_standings(Translator("en"), [first, second], game)
        assert _standings_block(stdout, game) == expected, stdout
    assert "standings of the series" not in chen.stdout()  # a lone game for Chen
    rows = _standings_block(ana.stdout(), 2)
    assert {r[1] for r in rows} == {"Ana", "Ben", "Chen", "Bot 1"}

    listed = _history(ana_dir)
    assert listed.count("game ") >= 2 and "Chen" in listed and "Bot 1" in listed
    assert f"series {one.game_id.hex()[:16]}, game 1" in listed
    assert f"series {one.game_id.hex()[:16]}, game 2" in listed
    assert listed.count("finished, verified") == 2
    assert "standings of the series after game 2" in listed
    shown = _history(ana_dir, two.game_id.hex()[:8])
    assert "Round" in shown or "round" in shown.lower()
    assert re.search(r"check it with: .*audit .*log\.jsonl", shown)
    assert re.search(r"replay it with: .*replay .*log\.jsonl", shown)
    assert "standings of the series after game 2" in shown


def _history(data_dir: Path, *game: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "history", *game, "--data-dir", str(data_dir),
         "--lang", "en"], capture_output=True, text=True, timeout=300, check=False, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return done.stdout
