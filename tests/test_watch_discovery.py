"""Watching a game found on the local network: ``wizard-p2p`` processes in network
namespaces joined by a bridge the test builds (``tests.netns_support``).

A headless host run with ``--admit-watchers`` and two bots play in one namespace; in
another, ``wizard-p2p watch --headless`` given the invite code and no address hears the
game announced as playing, asks its host to watch, is admitted (the host lists it),
follows the game to its end and saves a verified log byte-identical to the host's. One
bot is held stopped (SIGSTOP) while the watcher comes in, so that the game is still
playing when it arrives, whatever the machine's speed. Where a namespace has nothing but
its loopback, ``watch`` with no address ends with one sentence saying why and how to
watch by address instead.

Nothing sleeps to synchronise: the tests wait for lines on the processes' output, their
log files, their exits and the browser's change notifications, against deadlines.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from tests.netns_support import DEADLINE, NamespaceLoop, entering, lan, skip_unless_netns
from tests.test_discovery_processes import PLAY, invitation
from tests.test_net_discovery import until
from tests.test_node_multiprocess import LogWatcher, Proc, wait_until
from tests.test_watch_multiprocess import says
from wizard_p2p.audit import audit_file
from wizard_p2p.commands.find import HeardTables
from wizard_p2p.net.discovery import Browser

pytestmark = skip_unless_netns
# PLAY (from the discovery tests): a seat held stopped longer than the silence limit
# is only "silent"; the stall limit, which would end the game, stays well beyond the
# test's deadlines.


def test_a_watcher_finds_the_game_playing_across_the_bridge_and_follows_it(
    tmp_path: Path, procs: list[Proc]
) -> None:
    with lan(2) as (table_machine, screen_machine):
        host_dir = tmp_path / "host"
        host = Proc("host", [
            "host", "--headless", "--seats", "3", "--name", "Ana", "--admit-watchers",
            "--data-dir", str(host_dir), *PLAY,
        ], tmp_path, preexec_fn=entering(table_machine.namespace))
        procs.append(host)
        code = str(wait_until(lambda: invitation(host), DEADLINE, "the host's invitation"))
        lobby = f"{table_machine.address}:47474"
        bots = [
            Proc(f"bot-{i}", [
                "bot", lobby, "--code", code, "--name", f"Bot {i}",
                "--data-dir", str(tmp_path / f"bot-{i}"), *PLAY,
            ], tmp_path, preexec_fn=entering(table_machine.namespace))
            for i in (1, 2)
        ]
        procs.extend(bots)
        held = bots[1]
        log = LogWatcher(host_dir / "games" / "unknown")  # its folder is the game's id

        def under_way() -> bool:
            games = list(host_dir.glob("games/*/log.jsonl"))
            if games:
                log.path = games[0]
            return bool(games) and len(log.poll()) >= 3

        wait_until(under_way, DEADLINE, "the game to be under way")
        os.kill(held.popen.pid, signal.SIGSTOP)  # the game waits for that seat meanwhile
        try:
            # The screen's machine hears the game announced as playing, three seated.
            listener = NamespaceLoop(screen_machine.namespace)
            browser = Browser()
            tables = HeardTables(browser, watching=True)
            try:
                listener.run(browser.start())
                listener.run(until(browser, lambda: any(
                    t.playing and t.seated == 3 for t in tables.snapshot().tables
                ), "the game announced as playing"))
            finally:
                listener.run(browser.close())
                listener.close()
            saved = tmp_path / "watched.jsonl"
            screen = Proc("watcher", [
                "watch", "--headless", "--code", code, "--name", "Screen",
                "--data-dir", str(tmp_path / "screen"), "--save", str(saved),
            ], tmp_path, preexec_fn=entering(screen_machine.namespace))
            procs.append(screen)
            wait_until(says(screen, "admitted"), DEADLINE, "the watcher to be admitted")
            wait_until(says(host, "watchers: Screen watches"), DEADLINE,
                       "the host to list the watcher")
        finally:
            os.kill(held.popen.pid, signal.SIGCONT)
        for proc in (host, *bots, screen):
            assert proc.wait(DEADLINE) == 0, proc.describe()
        out = screen.stdout()
        assert f"asking {lobby} to watch as Screen" in out
        assert "round 1 trick 1: " in out and "round 20 scored: " in out
        assert "winner(s): " in out and "game over: verified" in out
        assert "refused" not in out, out
        host_log = log.path.read_bytes()
        assert saved.read_bytes() == host_log
        assert audit_file(saved).status == "verified"
        for proc in procs:
            assert "Traceback" not in proc.stderr(), proc.describe()


def test_watch_with_no_address_where_nothing_carries_multicast_says_so(
    tmp_path: Path, procs: list[Proc]
) -> None:
    with lan(0, loopback_only=1) as (alone,):
        proc = Proc("watcher", ["watch", "--headless", "--code", "ABCD-EFGH",
                                "--data-dir", str(tmp_path / "alone")],
                    tmp_path, preexec_fn=entering(alone.namespace))
        procs.append(proc)
        assert proc.wait(DEADLINE) == 2, proc.describe()
    said = proc.stderr().strip()
    assert said.splitlines() == [said], said
    assert said.startswith("wizard-p2p: no table can be found on this network because no "
                           "network interface here carries multicast"), said
    assert said.endswith("ask the host for its address: wizard-p2p watch ADDRESS --code CODE"), (
        said)
