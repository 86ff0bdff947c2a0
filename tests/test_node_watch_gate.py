"""The host's watch gate and a watcher's requests to it, on 127.0.0.1, in one process.

A gate admits every watcher (``host --admit-watchers``), none (a headless host), or
asks the host; it refuses a ``hello`` once the game has begun, a wrong code at the
handshake, a ninth watcher, a ninth request waiting; a watcher that says bye or goes
silent is dropped and the list changes. Before the game begins the lobby tells a
watcher to wait.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tests.lobby_support import NET, host_lobby, until
from tests.protocol_support import new_game
from wizard_p2p.errors import Said
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, LobbyClient, LobbyServer
from wizard_p2p.node.lobby import JoinLobby, LobbyError
from wizard_p2p.node.lobby_common import encode, lobby_keys
from wizard_p2p.node.watch_ask import GateClient, WatchRefused, WatchTimers
from wizard_p2p.node.watch_gate import MAX_WAITING, MAX_WATCHERS, GateNews, WatchGate
from wizard_p2p.protocol.lobby_schema import (
    GateRefusalKind,
    RefusalKind,
    Refused,
    Wait,
    WaitKind,
    decode_lobby,
)
from wizard_p2p.protocol.messages import PROTOCOL

GAME = new_game(3)
GENESIS = GAME.tables[0].log[0]
CODE = "ABCD-EF23"
FAST = WatchTimers(first=6.0, ask=0.05, ping=0.1)


async def _with_gate(
    admission: str, test: Callable[[WatchGate], Awaitable[None]], **options: Any
) -> None:
    server = LobbyServer(lobby_keys(CODE), host="127.0.0.1", port=0, config=NET)
    await server.start()
    gate = WatchGate(server, CODE, GENESIS, admission=admission,
                     players=GAME.tables[0].players, **options)
    gate.start()
    try:
        await test(gate)
    finally:
        await gate.close()


def _watcher(gate: WatchGate, name: str, *, code: str = CODE, ping: float = 0.1) -> GateClient:
    timers = WatchTimers(first=FAST.first, ask=FAST.ask, ping=ping)
    return GateClient(CurveKeys.generate(), "127.0.0.1", gate.server.port, code, name=name,
                      mesh_port=40000, net_config=NET, timers=timers)


def _run(admission: str, test: Callable[[WatchGate], Awaitable[None]], **options: Any) -> None:
    asyncio.run(asyncio.wait_for(_with_gate(admission, test, **options), 60))


def test_a_gate_that_admits_all_hands_over_the_genesis() -> None:
    async def test(gate: WatchGate) -> None:
        changed = asyncio.Event()
        gate.subscribe(changed.set)
        watcher = _watcher(gate, "Big screen")
        try:
            admitted = await watcher.admission(lambda reason: None)
            assert admitted.genesis == GENESIS
            assert admitted.watchers == ("Big screen",)
            listed = gate.listed()
            assert [w.name for w in listed] == ["Big screen"]
            assert listed[0].curve_key == watcher.curve_keys.public
            assert listed[0].address == ":40000"  # the loopback: the host's own machine
        finally:
            await watcher.close()  # says bye: dropped
        await until([gate], lambda: not gate.listed(), timeout=10)
        assert (gate.news, gate.news_who) == (GateNews.LEFT, "Big screen")

    _run("all", test)


def test_a_headless_host_admits_no_watchers() -> None:
    async def test(gate: WatchGate) -> None:
        watcher = _watcher(gate, "Nosy")
        try:
            with pytest.raises(WatchRefused, match="this host admits no watchers") as refused:
                await watcher.admission(lambda reason: None)
            assert refused.value.said == Said("gate_refused_no_watchers")
        finally:
            await watcher.close()
        assert gate.listed() == ()

    _run("none", test)


def test_the_host_decides_each_request() -> None:
    async def test(gate: WatchGate) -> None:
        ann, bob = _watcher(gate, "Ann"), _watcher(gate, "Bob")
        waits: list[Wait | None] = []
        asking = [asyncio.ensure_future(w.admission(waits.append)) for w in (ann, bob)]
        try:
            await until([gate], lambda: len(gate.requests()) == 2, timeout=10)
            assert sorted(r.name for r in gate.requests()) == ["Ann", "Bob"]
            async with asyncio.timeout(10):  # the answer travels after the gate changed
                while len(waits) < 2:
                    await asyncio.sleep(0.01)
            assert {w.reason for w in waits if w} == {"the host decides who watches"}
            assert {w.kind for w in waits if w} == {WaitKind.HOST_DECIDES}  # worded as data
            gate.admit(ann.curve_keys.public)
            gate.refuse(bob.curve_keys.public)
            assert (await asyncio.wait_for(asking[0], 10)).genesis == GENESIS
            with pytest.raises(WatchRefused, match="did not let you watch") as refused:
                await asyncio.wait_for(asking[1], 10)
            assert refused.value.said == Said("gate_refused_not_let_watch")
            assert [w.name for w in gate.listed()] == ["Ann"] and gate.requests() == ()
        finally:
            for task in asking:
                task.cancel()
            await asyncio.gather(*asking, return_exceptions=True)
            await ann.close()
            await bob.close()

    _run("ask", test)


def test_a_silent_watcher_is_dropped() -> None:
    async def test(gate: WatchGate) -> None:
        watcher = _watcher(gate, "Gone", ping=1000.0)  # never pings
        try:
            await watcher.admission(lambda reason: None)
            assert len(gate.listed()) == 1
            await until([gate], lambda: not gate.listed(), timeout=10)
            assert (gate.news, gate.news_who) == (GateNews.GONE, "Gone")
        finally:
            await watcher.close()

    _run("all", test, silence=0.5)


def test_watchers_and_requests_are_bounded() -> None:
    async def test(gate: WatchGate) -> None:
        clients = [_watcher(gate, f"W{i}") for i in range(MAX_WATCHERS + 1)]
        try:
            for client in clients[:MAX_WATCHERS]:
                await client.admission(lambda reason: None)
            with pytest.raises(WatchRefused,
                               match=f"{MAX_WATCHERS} watch this game already") as refused:
                await clients[-1].admission(lambda reason: None)
            assert refused.value.said == Said("gate_refused_watchers_full")
        finally:
            for client in clients:
                await client.close()

    _run("all", test)

    async def waiting(gate: WatchGate) -> None:
        clients = [_watcher(gate, f"W{i}") for i in range(MAX_WAITING + 1)]
        asking = [asyncio.ensure_future(c.admission(lambda r: None)) for c in clients[:-1]]
        try:
            await until([gate], lambda: len(gate.requests()) == MAX_WAITING, timeout=20)
            with pytest.raises(WatchRefused, match="too many are waiting") as refused:
                await clients[-1].admission(lambda reason: None)
            assert refused.value.said == Said("gate_refused_too_many_asking")
        finally:
            for task in asking:
                task.cancel()
            await asyncio.gather(*asking, return_exceptions=True)
            for client in clients:
                await client.close()

    _run("ask", waiting)


def test_a_wrong_code_a_taken_name_and_a_late_hello_are_refused() -> None:
    async def test(gate: WatchGate) -> None:
        wrong = _watcher(gate, "Eve", code="ZZZZ-ZZZZ")
        player = _watcher(gate, GAME.tables[0].names[1].upper())
        try:
            with pytest.raises(WatchRefused, match="check the invite code"):
                await wrong.admission(lambda reason: None)
            with pytest.raises(WatchRefused, match="is taken") as refused:
                await player.admission(lambda reason: None)
            # The lobby's own reason, in the lobby's words, with the name asked with.
            assert refused.value.said == Said("lobby_refused_name_taken", name=player.name,
                                              ours=PROTOCOL)
        finally:
            await wrong.close()
            await player.close()
        client = LobbyClient(CurveKeys.generate(), f"tcp://127.0.0.1:{gate.server.port}",
                             lobby_keys(CODE).public, config=NET)
        await client.start()
        try:
            reply = decode_lobby(await client.request(encode({"type": "endorse",
                                                              "signature": "ab" * 64})))
            assert isinstance(reply, Refused) and "begun" in reply.reason
            assert reply.kind is GateRefusalKind.BEGUN
            reply = decode_lobby(await client.request(b'{"type": "watch", "port": 0}'))
            assert isinstance(reply, Refused)  # malformed: told why, the gate goes on
            assert reply.kind is RefusalKind.UNREADABLE
            keys = CurveKeys.generate()
            reply = decode_lobby(await client.request(encode({  # another key than its own
                "type": "watch", "code": CODE, "protocol": PROTOCOL, "name": "Mallory",
                "curve_key": keys.public, "port": 4000})))
            assert isinstance(reply, Refused) and reply.kind is RefusalKind.KEY_MISMATCH
            reply = decode_lobby(await client.request(encode({
                "type": "watch", "code": CODE, "protocol": "wizard-p2p/1", "name": "Old",
                "curve_key": keys.public, "port": 4000})))
            assert isinstance(reply, Refused) and reply.kind is RefusalKind.OTHER_VERSION
        finally:
            await client.close()
        assert gate.listed() == ()

    _run("all", test)


def test_before_the_game_begins_the_lobby_says_wait(tmp_path: Path) -> None:
    async def main() -> None:
        host = host_lobby(tmp_path, gate=True)
        await host.open()
        serving = asyncio.ensure_future(host.serve())
        keys = CurveKeys.generate()
        client = LobbyClient(keys, f"tcp://127.0.0.1:{host.port}", lobby_keys(host.code).public,
                             config=NET)
        await client.start()
        try:
            raw = await client.request(encode({
                "type": "watch", "code": host.code, "protocol": host.protocol, "name": "Early",
                "curve_key": keys.public, "port": 4000,
            }))
            reply = decode_lobby(raw)
            assert isinstance(reply, Wait) and "not begun" in reply.reason
            assert reply.kind is WaitKind.NOT_BEGUN
            assert [p.name for p in host.players] == ["Host"]
        finally:
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
            await client.close()
            await host.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_joiner_after_the_start_is_told_the_game_has_begun(tmp_path: Path) -> None:
    async def test(gate: WatchGate) -> None:
        late = JoinLobby(Identity.generate(), CurveKeys.generate(), "Late", "127.0.0.1",
                         gate.server.port, CODE, tmp_path / "late", listen_host="127.0.0.1",
                         net_config=NET)
        try:
            with pytest.raises(LobbyError, match="the game has begun") as refused:
                await late.join(timeout=10)
            assert refused.value.said == Said("gate_refused_begun")
        finally:
            await late.close()

    _run("all", test)
