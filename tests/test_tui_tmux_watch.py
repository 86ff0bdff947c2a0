"""Watching a table in real terminals, on loopback: the host at its console admits a
watcher with ``a``.

The host runs the console ``host``; two bots join it by address and the host starts
the game. A person runs the console ``watch`` in another terminal: the host's board
shows that they ask to watch, the host presses ``a``, and the watcher's screen shows
the table (the names, the bots named as bots whatever they call themselves, the bids)
and no hand while the host's board says who watches.
The watcher leaves with ``q``: its program ends, the host's board no longer names it,
and the game goes on (the host still plays its turn).
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_node_multiprocess import Proc
from tests.test_tui_tmux import Terminal, decision_lines, play_round_one, tmux_or_skip
from tests.test_tui_tmux_lobby import _console, _free_port


def _decision(screen: str) -> bool:
    # The person's own prompts: a watcher's "waiting for Alice to choose trump" is none.
    return any(text in screen for text in ("you deal: choose trump", "Your bid", "Your turn"))


def _hand(screen: str) -> list[str]:
    """The cards on the line under the "Your hand" frame's title."""
    lines = screen.splitlines()
    at = next(i for i, line in enumerate(lines) if "Your hand" in line)
    return lines[at + 1].strip("│ ").split()


def test_the_host_admits_a_watcher_who_sees_the_table_then_leaves(tmp_path: Path) -> None:
    tmux = tmux_or_skip()
    port = _free_port()
    common = ["--listen", "127.0.0.1", "--lang", "en"]
    host = Terminal(tmux, tmp_path / "host.sock", _console(
        ["host", "--seats", "3", "--port", str(port), "--mesh-port", str(_free_port()),
         "--name", "Alice", "--data-dir", str(tmp_path / "alice"), *common]
    ))
    bots: list[Proc] = []
    watcher: Terminal | None = None
    try:
        screen = host.wait_for(lambda s: "Invite code" in s, "the host's lobby")
        found = re.search(r"Invite code: ([A-Z0-9]{4}-[A-Z0-9]{4})", screen)
        assert found, screen
        code = found.group(1)
        for i, name in enumerate(("Ann", "Bea"), 1):
            bots.append(Proc(f"bot-{i}", [
                "bot", f"127.0.0.1:{port}", "--code", code, "--name", name,
                "--data-dir", str(tmp_path / f"bot-{i}"), "--listen", "127.0.0.1",
                "--policy", "random", "--stall-limit", "60",
            ], tmp_path))
        host.wait_for(lambda s: "Players (3 of 3)" in s, "both bots seated")
        host.send("Enter")
        # The game waits for the host's own decisions: it stands still at one.
        screen = host.wait_for(
            lambda s: "Round 1 of 20" in s and _decision(s), "the host's decision"
        )
        hand = _hand(screen)
        assert len(hand) == 1, screen

        watcher = Terminal(tmux, tmp_path / "watcher.sock", _console(
            ["watch", f"127.0.0.1:{port}", "--code", code, "--name", "Screen",
             "--data-dir", str(tmp_path / "screen"), *common]
        ))
        screen = host.wait_for(lambda s: "asks to watch" in s, "Screen asking to watch")
        asking = " ".join(screen.split())
        assert re.search(r"Screen \([A-Z0-9-]+\) asks to watch", asking), screen
        assert "a admits, x refuses" in asking, screen
        host.send("a")
        screen = host.wait_for(lambda s: "watching: Screen" in s, "the host's board naming Screen")
        assert "asks to watch" not in screen

        screen = watcher.wait_for(
            lambda s: "Watching Alice's table" in s and "Round 1 of 20" in s, "the watched table"
        )
        # The bots as bots (the gate says which seats they are), whatever their names.
        for name in ("Alice", "Bot 1", "Bot 2"):
            assert name in screen, screen
        assert "Ann" not in screen and "Bea" not in screen, screen
        assert "watching: Screen" in screen, screen
        assert "Your hand" not in screen and not _decision(screen), screen
        if re.fullmatch(r"[A-Z]\d+", hand[0]):  # a suit's card is unique in the deck
            assert not re.search(rf"\b{hand[0]}\b", screen), screen  # not played yet

        # The host plays round 1; the watcher sees the bids and the trick as they come.
        play_round_one(host, host.screen())
        screen = watcher.wait_for(lambda s: "Trick 1:" in s and "wins" in s, "the trick")
        bids = next(line for line in screen.splitlines() if line.startswith(" Bids: "))
        assert all(name in bids for name in ("Alice", "Bot 1", "Bot 2")), screen
        assert "Your hand" not in screen, screen

        watcher.send("q")
        screen = watcher.wait_for(lambda s: "exit " in s, "the watcher's program to end")
        assert "exit 0" in screen and "Traceback" not in screen, screen
        host.send("Enter")  # closes the summary of round 1
        screen = host.wait_for(
            lambda s: "Round 2 of 20" in s and _decision(s) and "End of round 1" not in s,
            "round 2 asking the host",
        )
        host.wait_for(lambda s: "watching: Screen" not in s, "the host's board without Screen")
        # The game goes on without the watcher: the host's decision of round 2 is taken.
        before = decision_lines(screen)
        host.send("Enter")
        host.wait_for(lambda s: decision_lines(s) != before, "the host's move to take effect")
        assert all(bot.alive() for bot in bots), "\n".join(b.describe() for b in bots)
    finally:
        host.close()
        if watcher is not None:
            watcher.close()
        for bot in bots:
            bot.kill()
