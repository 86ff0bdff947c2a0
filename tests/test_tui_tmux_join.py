"""A console ``join`` to an address where no lobby listens: within a few seconds the
lobby screen says that no lobby answers there, and after Enter the program ends with
that one sentence."""

from __future__ import annotations

import time
from pathlib import Path

from tests.test_tui_tmux import Terminal, tmux_or_skip
from tests.test_tui_tmux_lobby import _console, _free_port
from wizard_p2p.commands.networked import JOIN_TIMEOUT

# The program's own start and end around the wait for an answer, on a busy machine.
_SLACK = 4.0


def test_a_console_join_to_a_closed_port_fails_in_one_sentence(tmp_path: Path) -> None:
    tmux = tmux_or_skip()
    port = _free_port()  # bound and closed again: nothing listens there
    began = time.monotonic()
    term = Terminal(tmux, tmp_path / "tmux.sock", _console(
        ["join", f"127.0.0.1:{port}", "--code", "ABCD-EF23", "--name", "Bob",
         "--data-dir", str(tmp_path / "bob"), "--listen", "127.0.0.1", "--lang", "en"]
    ), columns=200)
    try:
        term.wait_for(lambda s: "no Wizard lobby answers" in s, "the lobby's error")
        took = time.monotonic() - began
        term.send("Enter")
        screen = term.wait_for(lambda s: "exit " in s, "the program's end")
    finally:
        term.close()
    assert "Traceback" not in screen and "exit 2" in screen, screen
    said = [line for line in screen.splitlines() if line.startswith("wizard-p2p: ")]
    assert said == [f"wizard-p2p: no Wizard lobby answers at 127.0.0.1:{port}"], screen
    assert took < JOIN_TIMEOUT + _SLACK, took
