"""A whole ``wizard-p2p play`` game, to its end, in a real terminal.

tmux runs ``play --seats 6`` (the fewest rounds: sixty cards over six seats make
ten) against ``play``'s own bot processes, whose trick pause is cut to a twentieth of a
second (the pause itself is ``test_node_trick_pause``'s; here it only has to keep its
place in the flow of a game). The player's every decision is taken by
keys, generically: at a bid, a trump choice or a turn, Enter takes what the console
offers (the lowest legal bid, the first legal card); at a round's summary and at
Game over, Enter goes on. Every key waits for the screen to show what it answers.
After Game over the program prints the score pad, the winner(s), the log and the
audit command, and exits 0; that audit command verifies the log.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests import test_tui_tmux
from tests.printout_support import printed_after
from tests.test_tui_tmux import Terminal, tmux_or_skip

SEATS = 6
ROUNDS = 60 // SEATS
# Each wait is for one step (a bot's move, the lobby of five bot processes): generous
# for a loaded machine, and still a bound.
DEADLINE = 60.0
DECISIONS = ("Your bid", "Your turn", "choose trump")


def _title_round(screen: str) -> int | None:
    lines = screen.splitlines()
    found = re.search(rf"Round (\d+) of {ROUNDS}\b", lines[0]) if lines else None
    return int(found.group(1)) if found else None


def _decision_lines(screen: str) -> list[str]:
    """The title, the prompts and the hand: what a key at a decision changes."""
    lines = screen.splitlines()
    hand = [lines[i + 1] for i, line in enumerate(lines[:-1]) if "Your hand" in line]
    prompts = [line for line in lines if line.startswith("Your ") or "choose trump" in line]
    return lines[:1] + prompts + hand


def _ended(screen: str) -> bool:
    return "exit status" in screen


def play_to_the_end(term: Terminal) -> int:
    """Answer every decision and summary until the program ends; the keys sent.

    A key goes only to a decision of the round whose summary has not been closed yet:
    the next round's first prompt can show a moment before that summary is drawn over
    it, and an Enter sent then would close the summary instead.
    """
    current, keys = 1, 0

    def wanted(s: str) -> bool:
        return (
            _ended(s)
            or "Game over" in s
            or f"End of round {current}" in s
            or (_title_round(s) == current and any(d in s for d in DECISIONS))
        )

    while True:
        assert keys < 400, "more keys than a whole game needs"
        screen = term.wait_for(wanted, f"a decision or the summary of round {current}")
        if _ended(screen):
            return keys
        if "Game over" in screen:
            term.send("Enter")
            keys += 1
            term.wait_for(_ended, "the program's end after Game over")
            return keys
        if f"End of round {current}" in screen:
            term.send("Enter")
            keys += 1
            closed = current
            term.wait_for(
                lambda s, n=closed: f"End of round {n}" not in s or _ended(s),
                f"the summary of round {closed} to close",
            )
            current += 1
            continue
        before = _decision_lines(screen)
        term.send("Enter")
        keys += 1
        # Not any change (a bot's move redraws too): the decision itself went.
        term.wait_for(
            lambda s, b=before: _decision_lines(s) != b or _ended(s), "the key to take effect"
        )


def test_a_whole_game_through_the_console_ends_with_standings_and_a_verified_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmux = tmux_or_skip()
    monkeypatch.setattr(test_tui_tmux, "DEADLINE", DEADLINE)
    home = tmp_path / "home"
    argv = [sys.executable, "-m", "wizard_p2p", "play", "--seats", str(SEATS)]
    # The default pause (a second before each bot's lead) would be most of the test's time.
    argv += ["--policy", "random", "--lang", "en", "--trick-pause", "0.05"]
    env = f"env LANG=C.UTF-8 TERM=xterm-256color WIZARD_P2P_HOME={shlex.quote(str(home))} "
    # The shell stays once the program ends, so that its last lines and status can be read.
    script = env + shlex.join(argv) + '; echo "exit status $?"; exec cat'
    term = Terminal(tmux, tmp_path / "tmux.sock", "sh -c " + shlex.quote(script), 120, 40)
    try:
        term.wait_for(lambda s: f"Round 1 of {ROUNDS}" in s, "the table after the lobby")
        play_to_the_end(term)
        # Wrapped lines joined (-J), and the lines above the window too (-S).
        screen = term.command("capture-pane", "-p", "-J", "-S", "-300").stdout
    finally:
        term.close()
    assert "exit status 0" in screen, screen
    assert "Traceback" not in screen
    lines = screen.splitlines()
    assert "B T Total" in screen  # the score pad, printed after the console closed
    pad_rows = [line for line in lines if re.match(r"\s*\d+\s", line)]
    assert {int(row.split()[0]) for row in pad_rows} >= set(range(1, ROUNDS + 1)), screen
    winners = next(line for line in lines if line.startswith("winner(s): "))
    names = ["You", *(f"Bot {n}" for n in range(1, SEATS))]
    assert any(name in winners for name in names), winners
    log = next(line.split("log: ", 1)[1].strip() for line in lines if line.startswith("log: "))
    assert Path(log).is_relative_to(home)
    assert shlex.split(printed_after(screen, "check it with:"))[-2:] == ["audit", log]
    audit = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "audit", log],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "verified" in audit.stdout
