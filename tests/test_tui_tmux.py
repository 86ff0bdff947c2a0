"""End to end in a real terminal: tmux runs ``wizard-p2p play``, keys go in with
``send-keys`` and the screen comes back with ``capture-pane``.

The test waits on what the screen shows (polling ``capture-pane`` against a
deadline), never on the clock. It plays round 1 to its summary, opens the score
pad, resizes the terminal, and leaves with ``q`` ``y``. It runs its own tmux
server on a socket in the test's temporary directory and kills only that server.
Without tmux it is skipped on a developer's machine and fails in CI (``.ci/run``
installs tmux).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.printout_support import printed_after

ROOT = Path(__file__).resolve().parents[1]
DEADLINE = 20.0


def tmux_or_skip() -> str:
    tmux = shutil.which("tmux")
    if tmux is None:
        if os.environ.get("CI"):
            pytest.fail("tmux is required for the terminal test in CI (.ci/run installs it)")
        pytest.skip("tmux is not installed (apt-get install tmux)")
    return tmux


class Terminal:
    def __init__(
        self, tmux: str, socket: Path, command: str, columns: int = 80, rows: int = 24
    ) -> None:
        self.tmux = tmux
        self.socket = str(socket)
        self.command(
            "new-session", "-d", "-x", str(columns), "-y", str(rows), "-c", str(ROOT), command
        )

    def command(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run one tmux command against this terminal's server."""
        # Our own server on a socket in the test's directory (-S), no user configuration
        # (-f), UTF-8 (-u); not nested in a tmux the test itself may run in.
        env = {k: v for k, v in os.environ.items() if k != "TMUX"}
        return subprocess.run(
            [self.tmux, "-u", "-f", "/dev/null", "-S", self.socket, *args],
            check=False,
            capture_output=True,
            text=True,
            timeout=10,
            env=env,
        )

    def screen(self) -> str:
        result = self.command("capture-pane", "-p")
        return result.stdout

    def alive(self) -> bool:
        return self.command("has-session").returncode == 0

    def send(self, *keys: str) -> None:
        self.command("send-keys", *keys)

    def resize(self, columns: int, rows: int) -> None:
        self.command("resize-window", "-x", str(columns), "-y", str(rows))

    def wait_for(self, check: Callable[[str], bool], what: str) -> str:
        """The screen once ``check`` holds on it and it has stopped changing.

        Two captures in a row must be the same: a capture taken while the program is
        still writing a frame can hold some of the old one (round 1's title and prompt
        above round 2's hand, the summary not drawn yet), and a key sent on that screen
        reached the summary drawn a moment later and closed it.
        """
        deadline = time.monotonic() + DEADLINE
        screen, previous = "", None
        while time.monotonic() < deadline:
            screen = self.screen()
            if screen == previous and check(screen):
                return screen
            previous = screen
            time.sleep(0.05)  # a pause between polls of an observable condition
        raise AssertionError(f"timed out waiting for {what}; the screen was:\n{screen}")

    def close(self) -> None:
        self.command("kill-server")


def round_one_decision(screen: str) -> bool:
    """Whether the screen asks for a decision of round 1 (not of a round after it)."""
    lines = screen.splitlines()
    return bool(lines) and "Round 1 of 20" in lines[0] and any(
        t in screen for t in ("choose trump", "Your bid", "Your turn")
    )


def decision_lines(screen: str) -> list[str]:
    """The title, the prompt and the hand: what a key at a decision changes."""
    lines = screen.splitlines()
    hand = [lines[i + 1] for i, line in enumerate(lines[:-1]) if "Your hand" in line]
    prompts = [line for line in lines if line.startswith("Your ") or "choose trump" in line]
    return lines[:1] + prompts + hand


def play_round_one(term: Terminal, screen: str) -> str:
    """Press Enter at every decision of round 1 until its summary shows; return that screen.

    The game moves on under the summary: round 2's first prompt can be on the screen
    a moment before the summary is drawn over it, and an Enter sent then would close
    the summary. So a key is sent only at a decision of round 1.
    """
    presses = 0
    while "End of round 1" not in screen:
        assert presses < 10, screen
        if round_one_decision(screen):
            before = decision_lines(screen)
            term.send("Enter")
            presses += 1
            # Not any change (a bot's move redraws too): the decision itself went.
            screen = term.wait_for(
                lambda s, b=before: decision_lines(s) != b, "the key to take effect"
            )
        else:
            screen = term.wait_for(
                lambda s: "End of round 1" in s or round_one_decision(s),
                "a decision of round 1 or its summary",
            )
    return screen


def test_a_round_in_a_real_terminal(tmp_path: Path) -> None:
    tmux = tmux_or_skip()
    argv = [sys.executable, "-m", "wizard_p2p", "play", "--offline", "--seed", "7"]
    argv += ["--seats", "3", "--lang", "en"]
    command = "env LANG=C.UTF-8 TERM=xterm-256color " + shlex.join(argv)
    term = Terminal(tmux, tmp_path / "tmux.sock", command)
    try:
        screen = term.wait_for(lambda s: "Round 1 of 20" in s, "the table")
        lines = screen.splitlines()
        assert lines[0].lstrip().startswith("Wizard")
        screen = play_round_one(term, screen)
        assert "Points" in screen and "Total" in screen
        term.send("Enter")
        screen = term.wait_for(lambda s: "Round 2 of 20" in s, "round 2")
        term.send("s")
        screen = term.wait_for(lambda s: "Score pad" in s, "the score pad")
        row = next(line for line in screen.splitlines() if line.strip("│ ").startswith("1 "))
        assert len(row.split()) >= 3 * 3  # bid, tricks and total for each of the 3 players
        term.send("s")
        term.wait_for(lambda s: "Score pad" not in s, "the score pad to close")
        # A resize redraws the whole layout for the new size.
        term.resize(100, 30)
        screen = term.wait_for(
            lambda s: len(s.splitlines()) == 30 and "q quit" in s.splitlines()[29],
            "the key line at the bottom of the resized screen",
        )
        title = screen.splitlines()[0]
        assert title.rstrip().endswith("Dealer: Bot 2") and len(title.rstrip()) > 80
        term.send("q")
        term.wait_for(lambda s: "Leave the table?" in s, "the quit question")
        term.send("y")
        deadline = time.monotonic() + DEADLINE
        while term.alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not term.alive(), "the program did not exit after q, y"
    finally:
        term.close()


def test_leaving_a_networked_play_ends_with_the_log_and_the_audit_command(
    tmp_path: Path,
) -> None:
    """``play`` on loopback, left with q y: the terminal shows why it stopped, the log,
    the exact audit command (which verifies it, with the folder's id) and exit 0; the
    bots' temporary folders are gone."""
    tmux = tmux_or_skip()
    home, scratch = tmp_path / "home", tmp_path / "tmp"
    scratch.mkdir()
    argv = [sys.executable, "-m", "wizard_p2p", "play", "--seats", "3", "--policy", "random",
            "--lang", "en"]
    env = f"env LANG=C.UTF-8 TERM=xterm-256color WIZARD_P2P_HOME={home} TMPDIR={scratch} "
    # The shell stays after the program so that its last lines can be read.
    command = f"sh -c {shlex.quote(env + shlex.join(argv) + '; echo exit $?; sleep 60')}"
    term = Terminal(tmux, tmp_path / "tmux.sock", command, columns=300)  # no path wraps
    try:
        term.wait_for(lambda s: "Round 1 of 20" in s, "the table")
        term.send("q")
        term.wait_for(lambda s: "Leave the table?" in s, "the quit question")
        term.send("y")
        screen = term.wait_for(lambda s: "exit " in s, "the program's end")
    finally:
        term.close()
    assert "Traceback" not in screen and "exit 0" in screen
    assert "left the game" in screen
    log = next(line.split("log: ", 1)[1].strip() for line in screen.splitlines()
               if line.startswith("log: "))
    assert shlex.split(printed_after(screen, "check it with:"))[-2:] == ["audit", log]
    game_dir = Path(log).parent.name
    assert f"game {game_dir}" in screen
    audit = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "audit", log], capture_output=True, text=True,
        timeout=60, check=False,
    )
    assert audit.returncode == 0 and f"game {game_dir}…" in audit.stdout
    assert list(scratch.iterdir()) == []
    # The practice game ended with its bots: resume says so, and offers a new game.
    resume = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "resume", "--headless", "--lang", "en"],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "WIZARD_P2P_HOME": str(home), "LANG": "C.UTF-8"},
    )
    assert resume.returncode == 2, resume.stderr
    assert f"game {game_dir} was a practice game against bots" in resume.stderr
    assert "cannot be resumed" in resume.stderr and " play" in resume.stderr


def bell_journey(tmp_path: Path, *extra: str) -> tuple[bool, str]:
    """Play ``play`` on loopback with the game's window in the background until round 2
    asks for a decision (the player waited for the bots before it); whether the window
    rang its bell by then, and the game's screen."""
    tmux = tmux_or_skip()
    tmp_path.mkdir()
    argv = [sys.executable, "-m", "wizard_p2p", "play", "--seats", "3", "--policy", "random",
            "--lang", "en", *extra]
    env = f"env LANG=C.UTF-8 TERM=xterm-256color WIZARD_P2P_HOME={tmp_path / 'home'} "
    term = Terminal(tmux, tmp_path / "tmux.sock", env + shlex.join(argv))
    try:
        for option in (("monitor-bell", "on"), ("bell-action", "any")):
            term.command("set-option", "-g", *option)
        term.command("new-window", "-d", "sleep 120")
        term.command("select-window", "-t", ":1")  # a bell is flagged on a window in the back

        def game_screen() -> str:
            return term.command("capture-pane", "-p", "-t", ":0").stdout

        def rang() -> bool:
            flags = term.command("list-windows", "-F", "#{window_index} #{window_bell_flag}")
            return "0 1" in flags.stdout.splitlines()

        deadline = time.monotonic() + 60
        screen = game_screen()
        asked = ("Your bid", "Your turn", "choose trump")
        while time.monotonic() < deadline:
            screen = game_screen()
            if "Round 1 of 20" in screen and any(text in screen for text in asked):
                term.command("send-keys", "-t", ":0", "Enter")
            if "Round 2 of 20" in screen and any(text in screen for text in asked):
                return rang(), screen
            if "End of round 1" in screen:
                term.command("send-keys", "-t", ":0", "Enter")
            time.sleep(0.1)  # a pause between polls of an observable condition
        raise AssertionError(f"round 2 never asked for a decision; the screen was:\n{screen}")
    finally:
        term.close()


def test_the_turn_rings_the_terminal_bell_unless_told_not_to(tmp_path: Path) -> None:
    rang, _ = bell_journey(tmp_path / "bell")
    assert rang, "no bell when the player's turn came"
    rang, _ = bell_journey(tmp_path / "quiet", "--no-bell")
    assert not rang


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_a_practice_game_left_in_chinese_or_japanese_prints_no_english_sentence(
    tmp_path: Path, lang: str,
) -> None:
    """``play`` in a real terminal in the player's language, left with q y: every line
    printed once the console has closed is the catalogue's (commands and paths aside),
    and so is what ``resume`` says of the practice game."""
    from tests.test_catalogue_keys import _english_left
    from wizard_p2p.tui.i18n import CATALOGUES

    tmux = tmux_or_skip()
    catalogue = CATALOGUES[lang]
    home = tmp_path / "home"
    argv = [sys.executable, "-m", "wizard_p2p", "play", "--seats", "3", "--policy", "random",
            "--lang", lang]
    env = f"env LANG=C.UTF-8 TERM=xterm-256color WIZARD_P2P_HOME={home} "
    command = f"sh -c {shlex.quote(env + shlex.join(argv) + '; echo exit $?; sleep 60')}"
    term = Terminal(tmux, tmp_path / "tmux.sock", command, columns=300)
    try:
        term.wait_for(lambda s: catalogue["round_of"].format(n=1, total=20) in s, "the table")
        term.send("q")
        term.wait_for(lambda s: catalogue["quit_keys"] in s, "the quit question")
        term.send("y")
        screen = term.wait_for(lambda s: "exit " in s, "the program's end")
    finally:
        term.close()
    printed = [line for line in screen.splitlines() if line.strip()]
    assert "exit 0" in printed[-1]
    printed = printed[:-1]
    assert any(catalogue["end_log"] in line for line in printed), printed
    assert _english_left(printed) == [], printed
    resume = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "resume", "--headless", "--lang", lang],
        capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "WIZARD_P2P_HOME": str(home), "LANG": "C.UTF-8"},
    )
    assert resume.returncode == 2 and _english_left(resume.stderr.splitlines()) == []
    # The sentence between the game's id and the command, as the catalogue words it.
    assert catalogue["error_practice_resume"].split("}")[1].split("{")[0] in resume.stderr
