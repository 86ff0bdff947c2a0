"""``scripts/play`` for real: a networked game against bot processes, in a real terminal.

tmux runs ``wizard-p2p play --seats 3`` (this player hosts on loopback; each bot is
its own process that joins through the lobby); keys go in with ``send-keys`` and
the screen is read with ``capture-pane``, polling against a deadline. Round 1 is
played to its end through the console, then the player quits (``q`` ``y``) and
the bot processes end with it; the program prints the score pad, the log path and
how to audit it, and exits 0. No ``--data-dir`` is given (the default data directory,
here ``$WIZARD_P2P_HOME``), as a player running ``scripts/play`` gives none.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest

from tests import test_tui_tmux
from tests.printout_support import printed_after
from tests.test_tui_tmux import Terminal, play_round_one, tmux_or_skip

DEADLINE = 60.0


def test_networked_round_in_a_real_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmux = tmux_or_skip()
    # Bot processes start and join through the lobby first: allow a loaded machine time.
    monkeypatch.setattr(test_tui_tmux, "DEADLINE", DEADLINE)
    argv = [sys.executable, "-m", "wizard_p2p", "play", "--seats", "3", "--lang", "en"]
    argv += ["--policy", "random", "--out", str(tmp_path)]
    home = shlex.quote(str(tmp_path / "me"))
    env = f"env LANG=C.UTF-8 TERM=xterm-256color WIZARD_P2P_HOME={home} "
    # The pane stays once the program ends, so its last lines and exit status can be read.
    command = "sh -c " + shlex.quote(env + shlex.join(argv) + '; echo "exit status $?"; exec cat')
    term = Terminal(tmux, tmp_path / "tmux.sock", command)
    try:
        screen = term.wait_for(lambda s: "Round 1 of 20" in s, "the table after the lobby")
        screen = play_round_one(term, screen)
        assert "Points" in screen and "Total" in screen
        term.send("Enter")
        term.wait_for(lambda s: "Round 2 of 20" in s, "round 2")
        term.send("q")
        term.wait_for(lambda s: "Leave the table?" in s, "the quit question")
        term.send("y")
        term.wait_for(lambda s: "exit status" in s, "the program's end after q, y")
        # Wrapped lines joined (-J), and the lines above the window too (-S).
        screen = term.command("capture-pane", "-p", "-J", "-S", "-200").stdout
    finally:
        term.close()
    assert "exit status 0" in screen, screen
    assert "Traceback" not in screen
    assert "B T Total" in screen  # the score pad, printed after the console closed
    logs = list((tmp_path / "me" / "games").glob("*/log.jsonl"))
    assert len(logs) == 1
    assert shlex.split(printed_after(screen, "check it with:"))[-2:] == ["audit", str(logs[0])]
    # The host's log holds the whole first round, signed by every seat.
    entries = [json.loads(line) for line in logs[0].read_text().splitlines()]
    last_trick = [
        e["seat"] for e in entries
        if e["kind"] == "play" and e["body"]["round"] == 1 and "secret" in e["body"]
    ]
    assert sorted(last_trick) == [0, 1, 2]  # each seat's last play revealed its secret
