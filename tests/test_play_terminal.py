"""``scripts/play`` for real: a networked game against bot processes, in a real terminal.

tmux runs ``wizard-p2p play --seats 3`` (this player hosts on loopback; each bot is
its own process that joins through the lobby); keys go in with ``send-keys`` and
the screen is read with ``capture-pane``, polling against a deadline. Round 1 is
played to its end through the console, then the player quits (``q`` ``y``) and
the bot processes end with it.
"""

from __future__ import annotations

import json
import shlex
import sys
import time
from pathlib import Path

import pytest

from tests import test_tui_tmux
from tests.test_tui_tmux import Terminal, play_round_one, tmux_or_skip

DEADLINE = 60.0


def test_networked_round_in_a_real_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tmux = tmux_or_skip()
    # Bot processes start and join through the lobby first: allow a loaded machine time.
    monkeypatch.setattr(test_tui_tmux, "DEADLINE", DEADLINE)
    argv = [sys.executable, "-m", "wizard_p2p", "play", "--seats", "3", "--lang", "en"]
    argv += ["--policy", "random", "--data-dir", str(tmp_path / "me"), "--out", str(tmp_path)]
    command = "env LANG=C.UTF-8 TERM=xterm-256color " + shlex.join(argv)
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
        deadline = time.monotonic() + DEADLINE
        while term.alive() and time.monotonic() < deadline:
            time.sleep(0.05)  # a pause between polls of an observable condition
        assert not term.alive(), "the program did not exit after q, y"
    finally:
        term.close()
    # The host's log holds the whole first round, signed by every seat.
    logs = list((tmp_path / "me" / "games").glob("*/log.jsonl"))
    assert len(logs) == 1
    entries = [json.loads(line) for line in logs[0].read_text().splitlines()]
    last_trick = [
        e["seat"] for e in entries
        if e["kind"] == "play" and e["body"]["round"] == 1 and "secret" in e["body"]
    ]
    assert sorted(last_trick) == [0, 1, 2]  # each seat's last play revealed its secret
