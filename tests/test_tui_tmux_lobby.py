"""The lobby in real terminals: a host that admits joiners one by one sees a
joiner's name and fingerprint and admits it with ``a``; when the host leaves, the
joiner's screen says so and its program ends with that sentence."""

from __future__ import annotations

import re
import shlex
import socket
import sys
from pathlib import Path

from tests.test_tui_tmux import Terminal, tmux_or_skip


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _console(argv: list[str]) -> str:
    """A shell line running ``wizard-p2p argv`` that shows how it ended, then waits."""
    line = shlex.join([sys.executable, "-m", "wizard_p2p", *argv])
    script = f"env LANG=C.UTF-8 TERM=xterm-256color {line}; echo exit $?; sleep 60"
    return f"sh -c {shlex.quote(script)}"


def test_the_host_admits_a_joiner_then_leaves_and_the_joiner_is_told(tmp_path: Path) -> None:
    tmux = tmux_or_skip()
    port = _free_port()
    common = ["--listen", "127.0.0.1", "--lang", "en"]
    host = Terminal(tmux, tmp_path / "host.sock", _console(
        ["host", "--approve", "--seats", "3", "--port", str(port), "--mesh-port",
         str(_free_port()), "--name", "Alice", "--data-dir", str(tmp_path / "alice"), *common]
    ))
    guest: Terminal | None = None
    try:
        screen = host.wait_for(lambda s: "Invite code" in s, "the host's lobby")
        found = re.search(r"Invite code: ([A-Z0-9]{4}-[A-Z0-9]{4})", screen)
        assert found, screen
        guest = Terminal(tmux, tmp_path / "guest.sock", _console(
            ["join", f"127.0.0.1:{port}", "--code", found.group(1), "--name", "Bob",
             "--data-dir", str(tmp_path / "bob"), *common]
        ))
        screen = host.wait_for(lambda s: "a: admit Bob" in s, "Bob asking to join")
        assert "Asking to join" in screen
        guest.wait_for(lambda s: "waiting for the host to admit you" in s, "Bob waiting")
        host.send("a")
        host.wait_for(lambda s: "seat 2" in s and "Bob" in s, "Bob seated")
        guest.wait_for(lambda s: "Players (2 of 3)" in s, "Bob's seat list")
        host.send("q")
        host.wait_for(lambda s: "?" in s and "exit" not in s, "the quit question")
        host.send("y")
        screen = guest.wait_for(lambda s: "the host left the lobby" in s, "the host's goodbye")
        guest.send("Enter")
        screen = guest.wait_for(lambda s: "exit 2" in s, "the joiner's program to end")
        assert "wizard-p2p: the host left the lobby" in screen
    finally:
        host.close()
        if guest is not None:
            guest.close()


def test_a_joiner_leaves_and_another_takes_the_seat(tmp_path: Path) -> None:
    tmux = tmux_or_skip()
    port = _free_port()
    common = ["--listen", "127.0.0.1", "--lang", "en"]
    host = Terminal(tmux, tmp_path / "host.sock", _console(
        ["host", "--seats", "3", "--port", str(port), "--mesh-port", str(_free_port()),
         "--name", "Alice", "--data-dir", str(tmp_path / "alice"), *common]
    ))
    guests: list[Terminal] = []

    def join(name: str) -> Terminal:
        guest = Terminal(tmux, tmp_path / f"{name}.sock", _console(
            ["join", f"127.0.0.1:{port}", "--code", code, "--name", name,
             "--data-dir", str(tmp_path / name), *common]
        ))
        guests.append(guest)
        return guest

    try:
        screen = host.wait_for(lambda s: "Invite code" in s, "the host's lobby")
        found = re.search(r"Invite code: ([A-Z0-9]{4}-[A-Z0-9]{4})", screen)
        assert found, screen
        code = found.group(1)
        bob = join("Bob")
        host.wait_for(lambda s: "Players (2 of 3)" in s and "Bob" in s, "Bob seated")
        bob.wait_for(lambda s: "Players (2 of 3)" in s, "Bob's lobby")
        bob.send("q")
        bob.wait_for(lambda s: "?" in s, "Bob's quit question")
        bob.send("y")
        screen = host.wait_for(lambda s: "Players (1 of 3)" in s, "Bob's seat freed")
        assert "Bob left the lobby" in screen
        carol = join("Carol")
        host.wait_for(lambda s: "Players (2 of 3)" in s and "Carol" in s, "Carol seated")
        screen = carol.wait_for(lambda s: "seat 2" in s and "Carol" in s, "Carol's seat")
        assert "Bob" not in screen
    finally:
        host.close()
        for guest in guests:
            guest.close()
