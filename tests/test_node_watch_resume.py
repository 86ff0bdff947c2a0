"""A host that resumes opens its watch gate again, where its watchers knew it.

The host's seat record keeps the invite code and the lobby port (mode 0600, as the
rest of it); a resumed host binds its lobby socket there again, tells every seat
that nobody is listed yet, and a watcher it had asks again and is listed again at
every seat. A joiner's record keeps neither. Real peers on loopback, one process.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.lobby_support import NET, host_lobby, joiner
from tests.peer_support import waiting_for_seat_0
from tests.test_node_peer import run  # noqa: F401  (a fixture)
from wizard_p2p.cli import parse_options
from wizard_p2p.commands.networked import reopen_gate_socket
from wizard_p2p.commands.options import ResumeOptions
from wizard_p2p.net import CurveKeys, LobbyServer
from wizard_p2p.node.lobby_common import lobby_keys
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.node.watch_ask import GateClient, WatchTimers
from wizard_p2p.node.watch_gate import WatchGate

CODE = "ABCD-EF23"
_RESUME = parse_options(["resume", "--quiet", "--silence-limit", str(NET.silence_limit)])
assert isinstance(_RESUME, ResumeOptions)
ARGS = _RESUME.seat.net


def test_the_host_record_keeps_the_invite_code_and_lobby_port(tmp_path: Path) -> None:
    async def main() -> None:
        host = host_lobby(tmp_path, gate=True)
        await host.open()
        serving = asyncio.ensure_future(host.serve(autostart=True))
        ann, bob = joiner(tmp_path, host, "Ann"), joiner(tmp_path, host, "Bob")
        tasks: list[asyncio.Future[Any]] = [serving, asyncio.ensure_future(ann.join()),
                                            asyncio.ensure_future(bob.join())]
        try:
            starts = await asyncio.wait_for(asyncio.gather(*tasks), 60)
            record = starts[0].store.load_seat()
            assert (record.invite_code, record.lobby_port) == (host.code, host.port)
            assert all(s.store.load_seat().invite_code == "" for s in starts[1:])
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for lobby in (ann, bob, host):
                await lobby.close()

    asyncio.run(asyncio.wait_for(main(), 90))


def test_a_record_without_a_gate_reads_as_before(tmp_path: Path) -> None:
    plain = SeatRecord("0123456789abcdef", 1, "Ann", bytes(32), "0.0.0.0", 40001, "10.0.0.1")
    assert b"invite_code" not in plain.to_json()
    gated = SeatRecord("0123456789abcdef", 0, "Host", bytes(32), "0.0.0.0", 47475, "127.0.0.1",
                       invite_code=CODE, lobby_port=47474)
    for record in (plain, gated):
        store = GameStore(tmp_path, record.game_dir)
        store.save_seat(record)
        assert store.load_seat() == record


def test_a_resumed_host_admits_its_watcher_again(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            host = game.peers[0]
            server = LobbyServer(lobby_keys(CODE), host="127.0.0.1", port=0, config=NET)
            await server.start()
            # The host's record as a gated lobby writes it.
            store = host.store
            record = store.load_seat()
            store.save_seat(SeatRecord(**{**record.__dict__, "invite_code": CODE,
                                          "lobby_port": server.port}))
            host.attach_gate(WatchGate(server, CODE, host.table.log[0], admission="all",
                                       players=host.table.players))
            watcher = GateClient(CurveKeys.generate(), "127.0.0.1", server.port, CODE,
                                 name="Screen", mesh_port=40003, net_config=NET,
                                 timers=WatchTimers(first=6.0, patience=3.0, ask=0.05,
                                                    ping=0.2))
            try:
                await watcher.admission(lambda reason: None)
                watcher.keep_listed(lambda names: None)
                key = watcher.curve_keys.public
                listed = lambda: all(key in p.mesh.watchers for p in game.peers if p.mesh)  # noqa: E731
                await game.until(listed, "every seat to list the watcher")

                await game.crash(0)  # its gate closes: the watcher is told bye
                resumed = await game.resume(0)
                reopened = await reopen_gate_socket(ARGS, resumed.store.load_seat())
                assert reopened is not None and reopened.port == server.port
                resumed.attach_gate(WatchGate(reopened, CODE, resumed.table.log[0],
                                              admission="all", players=resumed.table.players,
                                              resumed=True))
                await game.until(
                    lambda: listed() and all(p.watchers == ("Screen",)
                                             for p in game.peers),
                    "the resumed host to list the watcher again, and every seat with it",
                )
                assert watcher.asked_again >= 1 and watcher.ended is None
            finally:
                await watcher.close()

    run(main())


def test_a_seat_or_a_taken_port_reopens_no_gate(tmp_path: Path) -> None:
    async def main() -> None:
        taken = LobbyServer(lobby_keys(CODE), host="127.0.0.1", port=0, config=NET)
        await taken.start()
        try:
            joiner_record = SeatRecord("0123456789abcdef", 1, "Ann", bytes(32), "127.0.0.1",
                                       0, "127.0.0.1", invite_code=CODE, lobby_port=taken.port)
            assert await reopen_gate_socket(ARGS, joiner_record) is None
            host_record = SeatRecord("0123456789abcdef", 0, "Host", bytes(32), "127.0.0.1", 0,
                                     "127.0.0.1", invite_code=CODE, lobby_port=taken.port)
            assert await reopen_gate_socket(ARGS, host_record) is None
            plain = SeatRecord("0123456789abcdef", 0, "Host", bytes(32), "127.0.0.1", 0,
                               "127.0.0.1")
            assert await reopen_gate_socket(ARGS, plain) is None
        finally:
            await taken.close()

    asyncio.run(asyncio.wait_for(main(), 30))
