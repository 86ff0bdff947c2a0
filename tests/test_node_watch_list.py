"""The list of watchers between seated peers, and a watcher following them, in one process.

Real peers on loopback, held where seat 0 is to make its first bid. The host's
gate (admitting all) lists a watcher: every seat's mesh admits its key and every
snapshot names it; a seat that restarts is told again. A list sent by another seat,
a list sent as an unreliable control message, and a private message that is no
list are refused, naming the sender; the game goes on. A watcher node admitted by
the gate catches up with the seats, shows no hand, and says what it verified.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.lobby_support import NET
from tests.peer_support import the_game_goes_on, waiting_for_seat_0
from tests.test_node_peer import run  # noqa: F401  (a fixture)
from wizard_p2p.bots import RandomPolicy
from wizard_p2p.commands.wizard_watch import WizardWatch
from wizard_p2p.errors import UsageError
from wizard_p2p.net import CurveKeys, LobbyServer
from wizard_p2p.node.lobby_common import lobby_keys
from wizard_p2p.node.watch_ask import GateClient, WatchTimers
from wizard_p2p.node.watch_gate import WatchGate
from wizard_p2p.node.watcher import WatchNode
from wizard_p2p.protocol.control import ListedWatcher, Watchers, encode_control

CODE = "ABCD-EF23"


def test_the_host_lists_watchers_and_only_the_host(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            host, one, two = game.peers
            with pytest.raises(UsageError, match="only the host"):
                one.admit_watcher("x")
            server = LobbyServer(lobby_keys(CODE), host="127.0.0.1", port=0, config=NET)
            await server.start()
            host.attach_gate(WatchGate(server, CODE, host.table.log[0], admission="all",
                                       players=host.table.players))
            watcher = GateClient(CurveKeys.generate(), "127.0.0.1", server.port, CODE,
                                 name="Screen", mesh_port=40001, net_config=NET,
                                 timers=WatchTimers(ping=0.2))
            try:
                await watcher.admission(lambda reason: None)
                key = watcher.curve_keys.public
                await game.until(
                    lambda: all(p.watchers == ("Screen",) for p in game.peers)
                    and all(key in p.mesh.watchers for p in game.peers if p.mesh),
                    "every seat to list the watcher",
                )
                # A seat that restarts (a new process, from its files) is told the list
                # again: it knows of nobody until the host's seat says so.
                await game.crash(1)
                one = await game.resume(1, policy=RandomPolicy())
                await game.until(
                    lambda: one.watchers == ("Screen",)
                    and one.mesh is not None and key in one.mesh.watchers,
                    "the restarted seat to be told the list again",
                )
            finally:
                await watcher.close()
            await game.until(lambda: all(p.watchers == () for p in game.peers),
                             "every seat to drop the watcher that left")

            # Seat 1 is not the host: its lists are refused by the others, naming it.
            forged = encode_control(Watchers((
                ListedWatcher("Spy", CurveKeys.generate().public, "127.0.0.1:40002"),
            )))
            assert one.mesh is not None
            one.mesh.send_private(two.curve_keys.public, forged)
            one.mesh.send_private(two.curve_keys.public, b'{"want": 3}')
            one.mesh.send(two.curve_keys.public, forged)
            await game.until(lambda: len(two.faults) >= 3, "seat 2 to refuse all three")
            faults = list(two.faults)
            assert any("seat 1 sent a list of watchers: only the host's seat" in f
                       for f in faults)
            assert any("seat 1 sent a log entry as a private message" in f for f in faults)
            assert any("control message from seat 1" in f and "private message" in f
                       for f in faults)
            assert two.watchers == ()
            await the_game_goes_on(game)

    run(main())


def test_a_watcher_list_of_the_host_seat_is_taken_by_the_others(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            host, one, _ = game.peers
            listed = Watchers((
                ListedWatcher("Big screen", CurveKeys.generate().public, "127.0.0.1:40003"),
            ))
            assert host.mesh is not None
            host.mesh.send_private(one.curve_keys.public, encode_control(listed))
            await game.until(lambda: one.watchers == ("Big screen",),
                             "seat 1 to take the host's list")
            assert one.mesh is not None and one.mesh.watchers == (listed.watchers[0].curve_key,)

    run(main())


def test_a_watcher_node_follows_the_seats_and_shows_no_hand(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            host = game.peers[0]
            server = LobbyServer(lobby_keys(CODE), host="127.0.0.1", port=0, config=NET)
            await server.start()
            host.attach_gate(WatchGate(server, CODE, host.table.log[0], admission="all",
                                       players=host.table.players))
            node = WatchNode(CurveKeys.generate(), "Screen", "127.0.0.1", server.port, CODE,
                             listen_host="127.0.0.1", net_config=NET)
            try:
                await node.start()
                table = node.table
                assert table is not None

                def caught_up() -> bool:
                    return table.log == host.table.log and node.ready.is_set()

                await game.until(caught_up, "the watcher to catch up")
                snap = WizardWatch(node).snapshot()
                assert snap.view.watcher and snap.view.hand is None
                assert snap.watchers == ("Screen",) and snap.names == host.table.names
                verified = [s for s in snap.status if s.kind == "verified"]
                # Said as a line of the log: the last line verified is the log's length.
                assert verified and verified[0].done == len(host.table.log)
                await the_game_goes_on(game)
                await game.until(caught_up, "the watcher to follow the bid")
                assert node.refused_count == 0
                # Who watches is shown to the watchers too.
                other = GateClient(CurveKeys.generate(), "127.0.0.1", server.port, CODE,
                                   name="Other", mesh_port=40004, net_config=NET)
                try:
                    await other.admission(lambda reason: None)
                    await game.until(lambda: node.watchers == ("Screen", "Other"),
                                     "the watcher to learn who else watches")
                finally:
                    await other.close()
                await game.until(lambda: node.watchers == ("Screen",),
                                 "the watcher to learn the other left")
                # A seat that crashes and resumes is told the list again by the host.
                await game.crash(1)
                resumed = await game.resume(1, policy=RandomPolicy())
                await game.until(
                    lambda: resumed.watchers == ("Screen",) and resumed.mesh
                    is not None and resumed.mesh.watchers == (node.curve_keys.public,),
                    "the resumed seat to list the watcher",
                )
                await the_game_goes_on(game)
                await game.until(caught_up, "the watcher to follow the game on")
            finally:
                await node.close()

    run(main())
