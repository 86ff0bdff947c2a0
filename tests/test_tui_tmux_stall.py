"""A table of people in real terminals, one of whom vanishes mid-game: the host and
two joiners play in their consoles; one joiner's program is killed; the two others
see who holds the game up with a countdown; the seat that writes the abort (the
lowest other seat) is offered ``e`` when the limit passes and takes it; both programs
end (exit 1: the game did not finish) with the "stalled" reason, the log and the
audit command, and ``audit`` on a surviving log names the stalled seat."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.printout_support import printed_after
from tests.test_tui_tmux import DEADLINE, Terminal, tmux_or_skip
from tests.test_tui_tmux_lobby import _console, _free_port


def _program(argv: list[str]) -> str:
    """``wizard-p2p argv`` as the pane's own process, so that its pid is the program's."""
    line = shlex.join([sys.executable, "-m", "wizard_p2p", *argv])
    return f"exec env LANG=C.UTF-8 TERM=xterm-256color {line}"


def _pane_pid(term: Terminal) -> int:
    return int(term.command("list-panes", "-F", "#{pane_pid}").stdout.split()[0])


def _held_up(screen: str) -> bool:
    return "Bob is holding up the game" in screen or "Bob is not answering" in screen


def _decision(screen: str) -> bool:
    """Whether the screen asks this player to bid, play or choose trump (not another)."""
    prompts = ("Your bid", "Your turn", "you deal: choose trump")
    return any(line.lstrip().startswith(prompts) or prompts[2] in line
               for line in screen.splitlines())


def _play_until_bob_holds_up(players: dict[str, Terminal]) -> dict[str, str]:
    """Enter at each decision the players still at the table are asked for, watching
    both screens at once (either may be asked first), until both show Bob holding the
    game up; each one's first screen that showed it."""
    deadline = time.monotonic() + DEADLINE
    previous: dict[str, str] = {}
    pressed: dict[str, str] = {}  # the screen a key went to, until it changes
    held: dict[str, str] = {}
    while time.monotonic() < deadline:
        screens = {name: term.screen() for name, term in players.items()}
        for name, screen in screens.items():
            if _held_up(screen):
                held.setdefault(name, screen)
        if held.keys() == players.keys():
            return held
        for name, screen in screens.items():
            steady = previous.get(name) == screen  # a whole frame, not one half drawn
            if steady and _decision(screen) and pressed.get(name) != screen:
                players[name].send("Enter")
                pressed[name] = screen
        previous = screens
        time.sleep(0.05)  # a pause between polls of an observable condition
    raise AssertionError(f"the game never waited for Bob; the screens were:\n{previous}")


def test_a_player_killed_mid_game_is_ended_by_the_abort_writer(tmp_path: Path) -> None:
    tmux = tmux_or_skip()
    port = _free_port()
    common = ["--listen", "127.0.0.1", "--lang", "en", "--stall-limit", "4",
              "--silence-limit", "1"]
    wide = {"columns": 240, "rows": 30}  # neither a status line nor a path wraps
    host = Terminal(tmux, tmp_path / "host.sock", _console(
        ["host", "--seats", "3", "--port", str(port), "--mesh-port", str(_free_port()),
         "--name", "Alice", "--data-dir", str(tmp_path / "alice"), *common]
    ), **wide)
    guests: list[Terminal] = []
    try:
        screen = host.wait_for(lambda s: "Invite code" in s, "the host's lobby")
        found = re.search(r"Invite code: ([A-Z0-9]{4}-[A-Z0-9]{4})", screen)
        assert found, screen
        joining = ["join", f"127.0.0.1:{port}", "--code", found.group(1)]
        bob = Terminal(tmux, tmp_path / "bob.sock", _program(
            [*joining, "--name", "Bob", "--data-dir", str(tmp_path / "bob"), *common]
        ), **wide)
        guests.append(bob)
        host.wait_for(lambda s: "Bob" in s, "Bob seated")
        carol = Terminal(tmux, tmp_path / "carol.sock", _console(
            [*joining, "--name", "Carol", "--data-dir", str(tmp_path / "carol"), *common]
        ), **wide)
        guests.append(carol)
        host.wait_for(lambda s: "Players (3 of 3)" in s, "the table full")
        host.send("Enter")
        for term in (host, bob, carol):
            term.wait_for(lambda s: "Round 1 of 20" in s, "the game under way")
        os.kill(_pane_pid(bob), signal.SIGKILL)
        screens = _play_until_bob_holds_up({"Alice": host, "Carol": carol})
        countdown = re.compile(r"Bob is holding up the game \[#* *\] Alice may end it in \d+ s")
        assert any(countdown.search(s) for s in screens.values()), screens
        host.wait_for(lambda s: "Bob is not answering - e: end the game" in s, "the offer")
        carol.wait_for(lambda s: "Alice may end it now" in s, "Carol told who may end it")
        host.send("e")
        ended: dict[str, str] = {}
        for name, term in (("host", host), ("carol", carol)):
            screen = term.wait_for(lambda s: "aborted" in s or "exit " in s, f"{name}'s end")
            if "exit " not in screen:
                term.send("Enter")
                screen = term.wait_for(lambda s: "exit " in s, f"{name}'s program to end")
            ended[name] = screen
    finally:
        host.close()
        for guest in guests:
            guest.close()
    for screen in ended.values():
        # A game that ended before its last round ends its program with 1.
        assert "Traceback" not in screen and "exit 1" in screen, screen
        assert "game ended: Bob (seat 2) held up the game past the time limit" in screen
        log = next(line.split("log: ", 1)[1].strip() for line in screen.splitlines()
                   if line.startswith("log: "))
        assert shlex.split(printed_after(screen, "check it with:"))[-2:] == ["audit", log]
    audit = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "audit", log], capture_output=True, text=True,
        timeout=60, check=False,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "because seat 2 (Bob) stalled" in audit.stdout, audit.stdout
