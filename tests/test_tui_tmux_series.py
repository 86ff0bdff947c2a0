"""A series at one table with its host in a real terminal, in Chinese: tmux runs Ana's
``wizard-p2p host --lang zh`` console at a table of six (the fewest rounds, so the fewest
keys: ten rounds, not a three-seat game's twenty); Ben, Eve, Fay and Gus (for two games)
and Chen (for one) are headless ``join`` processes, which the console names as bots in
Chinese (their hellos say a program plays them). Ana plays the first game through the
console with Enter at every decision, and at game over takes another game at the table
(``n``); her lobby opens again with the four asking for their seats by themselves, and a
``bot`` process takes Chen's. Ana plays the second game, and its game over shows the
standings after game 2 on the console, naming Ana, the four and the bot as the table does
(你, 机器人 1 … 机器人 5) and Chen by his name; the program's printout holds the standings
after each game in Chinese, as the logs give them.
``history`` of Ana's data directory lists both games of the series with those standings.

The test waits on what the screen shows (polling ``capture-pane`` against a deadline),
never on the clock.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import test_tui_tmux
from tests.test_node_multiprocess import GAME_DEADLINE, REPO, Proc
from tests.test_series_processes import _games, expected_standings
from tests.test_tui_tmux import Terminal, tmux_or_skip
from tests.test_tui_tmux_lobby import _console, _free_port
from wizard_p2p.audit import audit_file
from wizard_p2p.protocol.genesis import read_genesis
from wizard_p2p.tables.wizard.replica import WIZARD_RULES
from wizard_p2p.tui.i18n import Translator

ZH = Translator("zh")
SEATS = 6
ROUNDS = 60 // SEATS
STAYING = ("Ben", "Eve", "Fay", "Gus")  # the joiners who play both games; Chen plays one
HEADLESS = ["--headless", "--policy", "random", "--listen", "127.0.0.1", "--silence-limit",
            "3", "--lang", "en"]
# Every step waits on the screen; a loaded machine answers slowly, never wrongly.
DEADLINE = 90.0


def _at_a_decision(screen: str) -> bool:
    return any(ZH(k).strip() in screen for k in ("bid_prompt", "play_prompt", "trump_prompt"))


def _decision_lines(screen: str) -> list[str]:
    """The title, the prompt and the hand: what Enter at a decision changes (a bot's move
    redraws the table too, and is not the key taking effect)."""
    lines = screen.splitlines()
    hand: list[str] = []
    for i, line in enumerate(lines):
        if ZH("hand") in line:  # every line of the hand's box: a hand of many cards wraps
            hand += itertools.takewhile(lambda row: not row.startswith("└"), lines[i + 1 :])
    prompts = [line for line in lines if _at_a_decision(line)]
    return lines[:1] + prompts + hand


def _game_over(screen: str) -> bool:
    return ZH("again_key") in screen and ZH("leave") in screen


def _round_over(screen: str) -> bool:
    return re.search(ZH("round_over", n=r"\d+"), screen) is not None


def _play_to_game_over(term: Terminal) -> str:
    """Enter at every decision and at every round's summary, until game over shows; that
    screen. A key goes only to a screen that asks for it: Enter at game over would leave."""
    screen = term.wait_for(
        lambda s: _at_a_decision(s) or _round_over(s) or _game_over(s), "the first decision")
    presses = 0
    while not _game_over(screen):
        assert presses < 400, screen
        presses += 1
        if _round_over(screen):
            summary = re.findall(ZH("round_over", n=r"\d+"), screen)
            term.send("Enter")
            screen = term.wait_for(
                lambda s, seen=summary: re.findall(ZH("round_over", n=r"\d+"), s) != seen,
                "the summary to close")
        elif _at_a_decision(screen):
            before = _decision_lines(screen)
            term.send("Enter")
            screen = term.wait_for(lambda s, b=before: _decision_lines(s) != b,
                                   "the key to take effect")
        else:
            screen = term.wait_for(
                lambda s: _at_a_decision(s) or _round_over(s) or _game_over(s),
                "a decision, a round's summary or game over")
    return screen


def _the_bots_at_the_table(term: Terminal, third: str) -> None:
    """The table's first screen names Ana's opponents as the programs they are (their
    hellos said so), in Chinese, whatever names they gave."""
    screen = term.wait_for(lambda s: ZH("round_of", n=1, total=ROUNDS) in s, "the table")
    assert all(ZH("bot_name", n=n) in screen for n in range(1, SEATS)), screen
    assert not any(name in screen for name in (*STAYING, third)), screen


def _standings(text: str, game: int) -> list[tuple[str, ...]]:
    """The rows under the title of the standings after ``game``, as printed."""
    block = text.split(ZH("series_title", n=game), 1)[1]
    rows = []
    for line in block.splitlines()[2:]:
        row = re.fullmatch(r"\s*(第\d+名)\s+(.+?)" + r"\s+(-?\d+)" * 4 + r"\s*", line)
        if row is None:
            break
        rows.append(row.groups())
    return rows


def _names_in_standings(screen: str) -> set[str]:
    """The names in the rows of the standings a console window shows (a row holds a
    place, a name and four numbers; the game's own ranking above has one number)."""
    rows = (re.fullmatch(r"\s*第\d+名\s+(.+?)" + r"\s+-?\d+" * 4 + r"\s*", cell)
            for line in screen.splitlines() for cell in line.split("│"))
    return {row.group(1) for row in rows if row is not None}


# Two whole games of ten rounds, every decision of one seat a key: more than the suite's
# per-test limit allows on a loaded machine.
@pytest.mark.timeout(900)
def test_a_series_hosted_in_a_chinese_console_with_a_player_leaving_and_a_bot_seated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmux = tmux_or_skip()
    monkeypatch.setattr(test_tui_tmux, "DEADLINE", DEADLINE)
    port = _free_port()
    ana_dir = tmp_path / "ana"
    ana = Terminal(tmux, tmp_path / "ana.sock", _console(
        ["host", "--seats", str(SEATS), "--port", str(port), "--mesh-port", str(_free_port()),
         "--name", "Ana", "--data-dir", str(ana_dir), "--listen", "127.0.0.1",
         "--no-announce", "--lang", "zh"]), columns=120, rows=50)
    procs: list[Proc] = []
    try:
        screen = ana.wait_for(lambda s: ZH("lobby_invite") in s, "Ana's lobby")
        found = re.search(r"([A-Z0-9]{4}-[A-Z0-9]{4})", screen)
        assert found, screen
        address, code = f"127.0.0.1:{port}", found.group(1)
        staying = [Proc(name.lower(), [
            "join", address, "--code", code, "--name", name, "--data-dir",
            str(tmp_path / name.lower()), "--games", "2", *HEADLESS], tmp_path)
            for name in STAYING]
        chen = Proc("chen", ["join", address, "--code", code, "--name", "Chen", "--data-dir",
                             str(tmp_path / "chen"), *HEADLESS], tmp_path)
        procs += [*staying, chen]
        ana.wait_for(lambda s: ZH("lobby_full_host") in s, "the five joiners seated")
        ana.send("Enter")
        _the_bots_at_the_table(ana, "Chen")

        screen = _play_to_game_over(ana)
        assert ZH("series_title", n=1) not in screen  # a first game is no series yet
        ana.send("n")
        assert chen.wait(GAME_DEADLINE) == 0, chen.describe()
        # The lobby again, on the same port with the same code: the four ask for their seats.
        screen = ana.wait_for(
            lambda s: ZH("lobby_invite") in s and all(name in s for name in STAYING),
            "Ana's next lobby with the four")
        assert code in screen and "Chen" not in screen
        bot = Proc("bot", ["bot", address, "--code", code, "--name", "Dee", "--data-dir",
                           str(tmp_path / "bot"), *HEADLESS[1:]], tmp_path)
        procs.append(bot)
        ana.wait_for(lambda s: ZH("lobby_full_host") in s, "the bot seated")
        ana.send("Enter")
        _the_bots_at_the_table(ana, "Dee")

        screen = _play_to_game_over(ana)
        logs = _games(ana_dir)
        assert len(logs) == 2
        # Game over on the console: the standings after game 2, in Chinese.
        assert ZH("series_title", n=2) in screen
        assert ZH("series_rule") in screen
        for word in ("played", "won", "points", "exact"):
            assert ZH(f"series_col_{word}") in screen
        # ... naming the people at the table as its ranking does, Chen by his name.
        assert _names_in_standings(screen) == {
            ZH("you_name"), *(ZH("bot_name", n=n) for n in range(1, SEATS)), "Chen"}, screen
        ana.send("Enter")
        ended = ana.wait_for(lambda s: "exit " in s, "Ana's program to end")
        assert "exit 0" in ended
        for proc in (*staying, bot):
            assert proc.wait(GAME_DEADLINE) == 0, proc.describe()
        printed = ana.command("capture-pane", "-p", "-J", "-S", "-").stdout
    finally:
        ana.close()
        for proc in procs:
            proc.kill()

    assert [audit_file(log).status for log in logs] == ["verified", "verified"]
    one, two = (read_genesis(log.read_bytes().splitlines()[0], WIZARD_RULES) for log in logs)
    # Programs sit in the order of their names; at the next game those who sit again keep
    # their order, and the newcomer sits after them.
    assert [p["name"] for p in one.players] == ["Ana", "Ben", "Chen", "Eve", "Fay", "Gus"]
    assert [p["name"] for p in two.players] == ["Ana", *STAYING, "Dee"]
    # What Ana's terminal printed after each game: the standings the logs give.
    for game in (1, 2):
        assert _standings(printed, game) == expected_standings(ZH, logs, game), printed
    assert {row[1] for row in _standings(printed, 2)} == {"Ana", *STAYING, "Chen", "Dee"}

    listed = _history(ana_dir)
    assert listed.count(ZH("series_of", id=one.game_id.hex()[:16], n=1)) == 1, listed
    assert listed.count(ZH("series_of", id=one.game_id.hex()[:16], n=2)) == 1, listed
    assert _standings(listed, 2) == expected_standings(ZH, logs, 2), listed


def _history(data_dir: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "history", "--data-dir", str(data_dir),
         "--lang", "zh"], capture_output=True, text=True, timeout=300, check=False, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return done.stdout
