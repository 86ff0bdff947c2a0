"""A joiner with a wrong invite code, in a real terminal narrower than the sentence.

The lobby's refusal is one sentence: on the lobby screen it wraps between words,
and after the screen closes the program says it once more, wrapped between words
for the terminal's width, with nothing printed before it (no progress line before
the screen opened, no log line written over the screen).
"""

from __future__ import annotations

import re
import shlex
import socket
import sys
from pathlib import Path

from tests.test_tui_tmux import Terminal, tmux_or_skip

COLUMNS = 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _shell(argv: list[str]) -> str:
    line = shlex.join([sys.executable, "-m", "wizard_p2p", *argv])
    script = f"env LANG=C.UTF-8 TERM=xterm-256color {line}; echo exit $?; sleep 60"
    return f"sh -c {shlex.quote(script)}"


def _words_whole(sentence: str, screen: str) -> list[str]:
    """The words of ``sentence`` that no line of ``screen`` holds whole."""
    lines = screen.splitlines()
    return [word for word in sentence.split() if not any(word in line for line in lines)]


def _joined(screen: str) -> str:
    return " ".join(screen.split())


def test_a_wrong_code_is_said_in_whole_words_and_nothing_prints_before_the_screen(
    tmp_path: Path,
) -> None:
    tmux = tmux_or_skip()
    port = _free_port()
    host = Terminal(tmux, tmp_path / "host.sock", _shell(
        ["host", "--headless", "--seats", "3", "--listen", "127.0.0.1", "--port", str(port),
         "--mesh-port", str(_free_port()), "--name", "Alice",
         "--data-dir", str(tmp_path / "alice")]
    ))
    guest: Terminal | None = None
    try:
        screen = host.wait_for(lambda s: "invite code" in s, "the host's lobby")
        found = re.search(r"invite code ([A-Z0-9]{4}-[A-Z0-9]{4})", screen)
        assert found, screen
        wrong = "AAAA-AAAA" if found.group(1) != "AAAA-AAAA" else "BBBB-BBBB"
        guest = Terminal(tmux, tmp_path / "guest.sock", _shell(
            ["join", f"127.0.0.1:{port}", "--code", wrong, "--name", "Bob",
             "--data-dir", str(tmp_path / "bob"), "--lang", "en"]
        ), columns=COLUMNS)
        sentence = (f"the lobby at 127.0.0.1:{port} refused you: check the invite code {wrong}"
                    " (a lobby also closes once its game has started)")
        screen = guest.wait_for(lambda s: "refused" in s and "started)" in s, "the refusal")
        first = next(line for line in screen.splitlines() if line.strip())
        assert first.startswith(" Wizard"), screen  # no log line written over the screen
        assert sentence in _joined(screen), screen
        assert _words_whole(sentence, screen) == [], screen
        guest.send("Enter")
        screen = guest.wait_for(lambda s: "exit 2" in s, "the joiner's program to end")
        # Everything the program left in the terminal, the lines above the window too.
        screen = guest.command("capture-pane", "-p", "-S", "-100").stdout
    finally:
        host.close()
        if guest is not None:
            guest.close()
    said = screen[: screen.index("exit 2")].strip()
    assert _joined(said) == f"wizard-p2p: {sentence}", screen
    assert _words_whole(sentence, said) == [], screen
