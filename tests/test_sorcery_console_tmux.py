"""巫师牌's console end to end in a real terminal: tmux runs ``wizard-p2p sorcery play
--offline``, keys go in with ``send-keys``, the screen comes back with ``capture-pane``.

Needs the real card file (``../shared/sorcery/all_card_infos.json``) and tmux; skipped,
saying why, without either. It waits on what the screen shows, never on the clock.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest

from tests.sorcery_support import REAL_CARD_FILE
from tests.test_tui_tmux import DEADLINE, Terminal, tmux_or_skip


def test_a_few_turns_against_the_bot_in_a_real_terminal(tmp_path: Path) -> None:
    if not REAL_CARD_FILE.is_file():
        pytest.skip(f"the real card file is not at {REAL_CARD_FILE}")
    tmux = tmux_or_skip()
    argv = [sys.executable, "-m", "wizard_p2p", "sorcery", "play", "--offline"]
    argv += ["--deck", "fire-earth", "--against", "water-air", "--seed", "3", "--lang", "en"]
    argv += ["--cards", str(REAL_CARD_FILE)]
    command = "env LANG=C.UTF-8 TERM=xterm-256color " + shlex.join(argv)
    term = Terminal(tmux, tmp_path / "tmux.sock", command)
    try:
        screen = term.wait_for(lambda s: "Your opening hand" in s, "the mulligan question")
        assert screen.splitlines()[0].startswith("巫师牌")
        assert sum("│" in line for line in screen.splitlines()) >= 6  # two 3-row grids
        term.send("k")
        for turn in range(1, 3):
            screen = term.wait_for(lambda s: "Your turn" in s or "defend (d)" in s, "my move")
            while "defend (d)" in screen:
                term.send("p")
                screen = term.wait_for(lambda s: "Your turn" in s, "my turn")
            term.send("c")
            term.wait_for(lambda s: "Consume which card" in s, "the choice of a load")
            consumed = screen.count("You consumed")
            term.send("1")
            term.wait_for(lambda s, n=consumed: s.count("You consumed") > n, "the load taken")
            term.send("n")
            term.wait_for(lambda s, t=turn: f"turn {2 * t + 1} · You" in s or "Discard" in s,
                          "the bot's turn and mine again")
            if "Discard" in term.screen():
                term.send("1", "Enter")
        assert "Bot ended the turn" in term.screen()
        term.send("?")
        term.wait_for(lambda s: "巫师牌: keys" in s, "the help")
        term.send("Escape")
        term.wait_for(lambda s: "巫师牌: keys" not in s, "the help to close")
        term.send("q")
        term.wait_for(lambda s: "Concede the game and leave?" in s, "the quit question")
        term.send("y")
        deadline = time.monotonic() + DEADLINE
        while term.alive() and "left before" not in term.screen() and "wins" not in term.screen():
            assert time.monotonic() < deadline, "the program did not exit after q, y"
            time.sleep(0.05)  # a poll of an observable condition, with a deadline
    finally:
        term.close()
