"""Discovery end to end: ``wizard-p2p`` processes in network namespaces joined by a bridge.

The test builds the LAN itself (``tests.netns_support``): a host announces its lobby
in one namespace; in another, ``bot`` processes given no address find it, join it and
play the game to its end, while a browser in a third follows the announcement (a lobby
with one seat taken, then a game playing, then withdrawn) and checks that it never
holds the invite code nor the lobby's key. Where a namespace has nothing but its
loopback, the joiner, the bot and the host each say so in one sentence. A lobby
announced that is not the one a joiner was invited to cannot answer it (its key derives
from the code); with two lobbies a bot names both and refuses to choose, and a host run
with ``--no-announce`` is not among them.

A person at a console runs ``join`` with no address in the second namespace: the list
shows the lobby, Enter asks for the code, and the code typed seats them in the lobby.

Nothing sleeps to synchronise: the tests wait for lines on the processes' output,
their exits and the browser's change notifications, against deadlines.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

from tests.netns_support import DEADLINE, NamespaceLoop, entering, lan, skip_unless_netns
from tests.test_net_discovery import until
from tests.test_node_multiprocess import Proc, wait_until
from tests.test_tui_tmux import Terminal, tmux_or_skip
from wizard_p2p.commands.find import HeardTables
from wizard_p2p.net.discovery import Browser
from wizard_p2p.node.lobby_common import lobby_keys

pytestmark = skip_unless_netns
GAME_DEADLINE = 120.0
PLAY = ["--policy", "random", "--stall-limit", "60"]


def invitation(proc: Proc) -> str | None:
    match = re.search(r"invite code (\S+)", proc.stdout())
    if match is None and not proc.alive():
        raise AssertionError(f"the host exited early\n{proc.describe()}")
    return match.group(1) if match else None


def test_bots_find_the_lobby_across_the_bridge_and_play_the_game(
    tmp_path: Path, procs: list[Proc]
) -> None:
    with lan(3) as (host_machine, bots_machine, watcher_machine):
        watcher = NamespaceLoop(watcher_machine.namespace)
        browser = Browser()
        tables = HeardTables(browser, watching=True)
        seen: list[tuple[bool, int]] = []  # (playing, seated) as the announcement changes
        texts: set[bytes] = set()

        def record() -> None:
            texts.update(h.text for h in browser.heard.values())
            seen.extend((t.playing, t.seated) for t in tables.snapshot().tables)

        browser.subscribe(record)
        watcher.run(browser.start())
        try:
            host = Proc("host", [
                "host", "--headless", "--seats", "3", "--name", "Ana",
                "--data-dir", str(tmp_path / "host"), *PLAY,
            ], tmp_path, preexec_fn=entering(host_machine.namespace))
            procs.append(host)
            code = wait_until(lambda: invitation(host), DEADLINE, "the host's invitation")
            watcher.run(until(browser, lambda: (False, 1) in seen, "the lobby announced"))
            for i in (1, 2):
                procs.append(Proc(f"bot-{i}", [
                    "bot", "--code", str(code), "--name", f"Bot {i}",
                    "--data-dir", str(tmp_path / f"bot-{i}"), *PLAY,
                ], tmp_path, preexec_fn=entering(bots_machine.namespace)))
            for proc in procs:
                assert proc.wait(GAME_DEADLINE) == 0, proc.describe()
            for proc in procs[1:]:
                assert f"connecting to {host_machine.address}:47474" in proc.stdout()
                assert "winner(s):" in proc.stdout()
            logs = {p.name: next((tmp_path / p.name).glob("games/*/log.jsonl")).read_bytes()
                    for p in procs}
            assert len(set(logs.values())) == 1
            # The game was announced as playing, then withdrawn when it ended.
            watcher.run(until(browser, lambda: not browser.heard, "the announcement withdrawn"))
            assert (True, 3) in seen
            keys = lobby_keys(str(code))
            code_text = str(code).encode()
            for secret in (code_text, code_text.replace(b"-", b""), keys.public.encode(),
                           keys.secret.encode()):
                assert all(secret not in text for text in texts)
        finally:
            watcher.run(browser.close())
            watcher.close()


def test_no_multicast_a_lure_or_two_lobbies_each_end_in_one_sentence(
    tmp_path: Path, procs: list[Proc]
) -> None:
    with lan(2, loopback_only=1) as (host_machine, bots_machine, alone):
        # Nothing but a loopback: nothing can be found, nor announced.
        for command in (["bot"], ["join", "--headless"]):
            proc = Proc(command[0], [*command, "--code", "ABCD-EFGH",
                                     "--data-dir", str(tmp_path / "alone")],
                        tmp_path, preexec_fn=entering(alone.namespace))
            procs.append(proc)
            assert proc.wait(DEADLINE) == 2
            said = proc.stderr().strip()
            assert said.startswith("wizard-p2p: no lobby can be found on this network because "
                                   "no network interface here carries multicast"), said
            assert said.endswith(f"ask the host for its address: wizard-p2p {command[0]} "
                                 "ADDRESS --code CODE"), said
        lonely = Proc("lonely-host", ["host", "--headless", "--seats", "3",
                                      "--data-dir", str(tmp_path / "lonely")],
                      tmp_path, preexec_fn=entering(alone.namespace))
        procs.append(lonely)
        wait_until(lambda: "players join with the address" in lonely.stdout(), DEADLINE,
                   "the host to say its lobby is not announced")
        assert "The lobby is not announced on this network (no network interface" in (
            lonely.stdout())
        assert lonely.alive() and invitation(lonely)

        # A lobby announced that is not the one the joiner was invited to (a lure): the
        # joiner's key for it derives from its own code, so that lobby cannot answer it.
        watcher = NamespaceLoop(bots_machine.namespace)
        browser = Browser()
        hosts: dict[str, Proc] = {}

        def start_host(name: str, port: str, *extra: str) -> None:
            host = Proc(f"host-{name}", [
                "host", "--headless", "--seats", "3", "--name", name, "--port", port,
                "--data-dir", str(tmp_path / name), *extra,
            ], tmp_path, preexec_fn=entering(host_machine.namespace))
            procs.append(host)
            hosts[name] = host
            wait_until(lambda: invitation(host), DEADLINE, f"{name}'s invitation")

        try:
            watcher.run(browser.start())
            start_host("Quiet", "47480", "--no-announce")
            start_host("Ana", "47474")
            watcher.run(until(browser, lambda: len(browser.heard) == 1, "Ana's lobby"))
            lured = Proc("bot-lured", ["bot", "--code", "ABCD-EFGH",
                                       "--data-dir", str(tmp_path / "lured")],
                         tmp_path, preexec_fn=entering(bots_machine.namespace))
            procs.append(lured)
            assert lured.wait(DEADLINE) == 2
            said = lured.stderr().strip().splitlines()[-1]
            assert said.startswith(f"wizard-p2p: the lobby at {host_machine.address}:47474 "
                                   "refused you: check the invite code ABCD-EFGH"), said
            assert "joined" not in hosts["Ana"].stdout() and hosts["Ana"].alive()

            # Two lobbies announced, and one not: a bot names the two and takes neither.
            start_host("Ben", "47476")
            watcher.run(until(browser, lambda: len(browser.heard) == 2, "the two lobbies"))
            assert sorted(h.port for h in browser.heard.values()) == [47474, 47476]
        finally:
            watcher.run(browser.close())
            watcher.close()
        bot = Proc("bot-torn", ["bot", "--code", "ABCD-EFGH", "--data-dir", str(tmp_path / "b")],
                   tmp_path, preexec_fn=entering(bots_machine.namespace))
        procs.append(bot)
        assert bot.wait(DEADLINE) == 2
        address = host_machine.address
        assert bot.stderr().strip() == (
            f"wizard-p2p: 2 tables are open on this network (Ana at {address}:47474; Ben at "
            f"{address}:47476); choose one: wizard-p2p bot ADDRESS --code CODE"
        )


def test_a_console_join_with_no_address_lists_the_lobby_and_asks_for_the_code(
    tmp_path: Path, procs: list[Proc]
) -> None:
    tmux = tmux_or_skip()
    with lan(2) as (host_machine, guest_machine):
        host = Proc("host", [
            "host", "--headless", "--seats", "3", "--name", "Ana", "--variant", "clairvoyance",
            "--data-dir", str(tmp_path / "host"), *PLAY,
        ], tmp_path, preexec_fn=entering(host_machine.namespace))
        procs.append(host)
        code = wait_until(lambda: invitation(host), DEADLINE, "the host's invitation")
        line = shlex.join([
            "ip", "netns", "exec", guest_machine.namespace, sys.executable, "-m", "wizard_p2p",
            "join", "--name", "Ben", "--lang", "en", "--data-dir", str(tmp_path / "ben"),
        ])
        script = f"env LANG=C.UTF-8 TERM=xterm-256color {line}; echo exit $?; sleep 60"
        term = Terminal(tmux, tmp_path / "tmux.sock", f"sh -c {shlex.quote(script)}")
        try:
            screen = term.wait_for(lambda s: "Ana" in s and "1/3 players" in s, "the lobby")
            assert "Tables on this network (1)" in screen and "clairvoyance" in screen
            term.send("Enter")
            term.wait_for(lambda s: "Invite code:" in s, "the question for the code")
            term.send(*str(code))
            term.send("Enter")
            screen = term.wait_for(lambda s: "Players (2 of 3)" in s, "the seat in the lobby")
            assert f"{host_machine.address}:47474" in screen and "Ben" in screen
        finally:
            term.close()
