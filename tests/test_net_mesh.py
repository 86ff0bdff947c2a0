"""The mesh over real CurveZMQ sockets on 127.0.0.1: admission, liveness, messages, lobby."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
import sys
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import pytest
import zmq
import zmq.asyncio
from zmq.utils.monitor import parse_monitor_message

from wizard_p2p.errors import ConfigError, UsageError
from wizard_p2p.net import (
    CurveKeys,
    LobbyClient,
    LobbyRefused,
    LobbyServer,
    LobbyTimeout,
    Mesh,
    MeshClosed,
    MessageReceived,
    NetConfig,
    NetEvent,
    PeerBack,
    PeerRestarted,
    PeerSilent,
    PeerState,
    PeerUp,
    PrivateReceived,
)
from wizard_p2p.net.frames import Control, canonical_header, encode_mesh
from wizard_p2p.net.sockets import batch_policy_allowed
from wizard_p2p.net.testing import FAST_TIMERS, FaultProxy, connect_all

FAST = FAST_TIMERS
DEADLINE = 5.0


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(asyncio.wait_for(coro, 20))


@contextlib.asynccontextmanager
async def meshes(n: int, **kwargs: Any) -> AsyncIterator[list[Mesh]]:
    made: list[Mesh] = []
    try:
        for _ in range(n):
            mesh = Mesh(CurveKeys.generate(), **{"config": FAST, **kwargs})
            await mesh.start()
            made.append(mesh)
        yield made
    finally:
        for mesh in made:
            await mesh.close()


async def expect(
    mesh: Mesh, match: Callable[[NetEvent], bool], timeout: float = DEADLINE
) -> NetEvent:
    """The first event of ``mesh`` that ``match`` accepts (others are skipped)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        event = await mesh.next_event(timeout=max(0.0, deadline - loop.time()))
        if match(event):
            return event


async def all_up(group: list[Mesh]) -> None:
    for mesh in group:
        await mesh.wait_for(
            lambda m=mesh: all(i.state is PeerState.ALIVE for i in m.peer_status().values()),
            DEADLINE,
            "all peers alive",
        )


def raw_dealer(
    ctx: zmq.asyncio.Context, keys: CurveKeys, server: Mesh, routing_id: bytes | None = None
) -> zmq.asyncio.Socket:
    """A bare DEALER, outside any Mesh, to send whatever bytes a test wants."""
    sock = ctx.socket(zmq.DEALER)
    sock.linger = 0
    sock.curve_serverkey = server.public_key.encode()
    sock.curve_publickey = keys.public.encode()
    sock.curve_secretkey = keys.secret.encode()
    sock.routing_id = routing_id if routing_id is not None else keys.public.encode()
    return sock


def test_messages_flow_between_every_pair_and_identify_the_sender() -> None:
    async def scenario() -> None:
        async with meshes(3, game_id="game-1") as group:
            connect_all(group)
            await all_up(group)
            a, b, c = group
            assert a.send(b.public_key, b"to b")
            assert a.broadcast(b"to all") == 2
            got = await expect(b, lambda e: isinstance(e, MessageReceived) and e.payload == b"to b")
            assert got == MessageReceived(a.public_key, b"to b")
            for m in (b, c):
                got = await expect(m, lambda e: isinstance(e, MessageReceived)
                                   and e.payload == b"to all")
                assert got.peer == a.public_key  # type: ignore[union-attr]
            status = a.peer_status()
            assert set(status) == {b.public_key, c.public_key}
            assert all(i.epoch for i in status.values())
            with pytest.raises(UsageError):
                a.send("nobody", b"x")
            with pytest.raises(UsageError):
                a.send(b.public_key, b"x" * (FAST.max_payload + 1))

    run(scenario())


def test_a_modified_client_changes_what_it_sends_through_the_filter_and_raw_sends() -> None:
    async def scenario() -> None:
        async with meshes(3, game_id="game-1") as group:
            connect_all(group)
            await all_up(group)
            a, b, c = group
            seen: list[str] = []

            def to_b_only(receiver: str, parts: list[bytes]) -> list[bytes]:
                seen.append(receiver)
                if receiver != b.public_key or parts[0] != Control.KIND:
                    return parts
                return encode_mesh(Control(b"changed"), a.game_id)

            a.filter_sends(to_b_only)
            assert a.broadcast(b"said") == 2
            got = await expect(b, lambda e: isinstance(e, MessageReceived))
            assert got == MessageReceived(a.public_key, b"changed")
            got = await expect(c, lambda e: isinstance(e, MessageReceived))
            assert got == MessageReceived(a.public_key, b"said")
            assert {b.public_key, c.public_key} <= set(seen)
            a.filter_sends(None)
            assert a.send(b.public_key, b"as said")
            got = await expect(b, lambda e: isinstance(e, MessageReceived))
            assert got == MessageReceived(a.public_key, b"as said")
            # Raw parts skip the encoder: a frame no encoder makes is dropped and counted.
            before = b.stats.malformed[a.public_key]
            assert a.send_raw(b.public_key, [b"NOPE", b"{}", b""], wait_ms=1000)
            assert a.send_raw(b.public_key, encode_mesh(Control(b"raw"), a.game_id))
            got = await expect(b, lambda e: isinstance(e, MessageReceived))
            assert got == MessageReceived(a.public_key, b"raw")
            assert b.stats.malformed[a.public_key] == before + 1
            assert not a.send_raw("nobody", [b"MSG"])

    run(scenario())


def _threads() -> dict[int, tuple[str, int]]:
    """This process's threads: id → (name, scheduling policy)."""
    found = {}
    for tid in os.listdir("/proc/self/task"):
        # (a thread that ended meanwhile is left out)
        with contextlib.suppress(OSError), open(f"/proc/self/task/{tid}/comm") as comm:
            found[int(tid)] = (comm.read().strip(), os.sched_getscheduler(int(tid)))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="scheduling policies: Linux")
@pytest.mark.parametrize("batch", [True, False])
def test_each_mesh_receives_on_a_batch_thread_and_sends_on_a_normal_one(batch: bool) -> None:
    config = dataclasses.replace(FAST, batch_receive_thread=batch)

    async def scenario() -> None:
        before = _threads()
        async with meshes(2, config=config) as group:
            connect_all(group)
            await all_up(group)  # both I/O threads of each mesh have run by now
            new = {tid: info for tid, info in _threads().items() if tid not in before}
            io = [policy for name, policy in new.values() if name.startswith("ZMQbg/IO")]
            assert len(io) == 4  # a receiving and a sending one per mesh
            assert io.count(os.SCHED_BATCH) == (2 if batch else 0)
            assert io.count(os.SCHED_OTHER) == (2 if batch else 4)

    run(scenario())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="scheduling policies: Linux")
def test_a_mesh_that_may_not_use_the_batch_policy_starts_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """libzmq would abort the process if it could not set the policy: it is never asked
    where this process may not set it (a sandbox, a process at idle priority)."""
    assert os.sched_getscheduler(0) == os.SCHED_OTHER
    assert batch_policy_allowed()
    assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the probe leaves no trace

    def refused(pid: int, policy: int, param: os.sched_param) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "sched_setscheduler", refused)
    assert not batch_policy_allowed()

    async def scenario() -> None:
        before = _threads()
        async with meshes(2) as group:
            connect_all(group)
            await all_up(group)
            new = [info for tid, info in _threads().items() if tid not in before]
            io = [policy for name, policy in new if name.startswith("ZMQbg/IO")]
            assert len(io) == 4 and set(io) == {os.SCHED_OTHER}

    run(scenario())


def test_unknown_key_is_refused_and_its_frames_never_arrive() -> None:
    async def scenario() -> None:
        async with meshes(2) as (a, b):
            connect_all([a, b])
            await all_up([a, b])
            ctx = zmq.asyncio.Context()
            stranger = CurveKeys.generate()
            # A stranger who knows a's public key, and one who claims b's key
            # without holding b's secret.
            intruder = raw_dealer(ctx, stranger, a)
            impostor = raw_dealer(ctx, CurveKeys(stranger.public, stranger.secret), a,
                                  routing_id=b.public_key.encode())
            impostor.curve_publickey = b.public_key.encode()
            monitor = intruder.get_monitor_socket(zmq.EVENT_HANDSHAKE_FAILED_AUTH)
            try:
                for sock in (intruder, impostor):
                    sock.connect(a.endpoint)
                    # Queued now, sent if the handshake ever succeeded.
                    sock.send_multipart(encode_mesh(Control(b"injected"), ""))
                event = parse_monitor_message(
                    await asyncio.wait_for(monitor.recv_multipart(), DEADLINE)
                )
                assert event["event"] == zmq.EVENT_HANDSHAKE_FAILED_AUTH
                await a.wait_for(
                    lambda: a.stats.auth_failures >= 1 and a.stats.handshake_failures >= 1,
                    DEADLINE, "both handshakes refused",
                )
                # A legitimate message sent afterwards arrives; the injected ones never did.
                assert b.send(a.public_key, b"legit")
                got = await expect(a, lambda e: isinstance(e, MessageReceived))
                assert got == MessageReceived(b.public_key, b"legit")
                assert a.stats.unknown_sender == 0
                for extra in a.take_events():
                    assert not isinstance(extra, MessageReceived), extra
            finally:
                intruder.disable_monitor()
                for sock in (intruder, impostor, monitor):
                    sock.close(0)
                ctx.term()

    run(scenario())


def test_malformed_frames_from_an_allowed_peer_are_dropped_and_counted() -> None:
    async def scenario() -> None:
        async with meshes(1) as (a,):
            peer = CurveKeys.generate()
            a.add_peer(peer.public, "tcp://127.0.0.1:9")  # we never listen: only dial a
            ctx = zmq.asyncio.Context()
            sock = raw_dealer(ctx, peer, a)
            spoofed = raw_dealer(ctx, peer, a, routing_id=b"someone-else")
            try:
                sock.connect(a.endpoint)
                bad: list[list[bytes]] = [
                    [b"MSG"],
                    [b"NOPE", canonical_header({"v": 1, "s": ""}), b""],
                    [b"MSG", b'{"s": "", "v": 1}', b""],
                    [b"ENT", canonical_header({"v": 1, "s": "", "pos": -5}), b"x"],
                    [b"HB", canonical_header({"v": 1, "s": ""}), b""],
                    encode_mesh(Control(b"other game"), "another-game"),
                    [b"MSG", canonical_header({"v": 1, "s": ""}), b"x" * (FAST.max_payload + 1)],
                ]
                for frames in bad:
                    await sock.send_multipart(frames)
                await sock.send_multipart(encode_mesh(Control(b"fine"), ""))
                got = await expect(a, lambda e: isinstance(e, MessageReceived))
                assert got == MessageReceived(peer.public, b"fine")
                # Frames of one link arrive in order: every bad one was handled before.
                assert a.stats.malformed[peer.public] == len(bad)
                assert a.stats.foreign_game == 1
                assert a.stats.malformed_reasons["unknown frame kind"] == 1
                assert a.stats.malformed_reasons["payload too large"] == 1
                spoofed.connect(a.endpoint)
                await spoofed.send_multipart(encode_mesh(Control(b"spoofed"), ""))
                await a.wait_for(lambda: a.stats.malformed[peer.public] == len(bad) + 1, DEADLINE)
                assert a.stats.last_malformed[peer.public] == "routing id is not the sender's key"
            finally:
                sock.close(0)
                spoofed.close(0)
                ctx.term()

    run(scenario())


def test_silence_is_reported_and_a_restarted_peer_comes_back() -> None:
    async def scenario() -> None:
        async with meshes(2) as (a, b):
            c = Mesh(CurveKeys.generate(), config=FAST)
            await c.start()
            group = [a, b, c]
            connect_all(group)
            for m in (a, b):
                assert await expect(m, lambda e: e == PeerUp(c.public_key))
            keys, port = c.keys, c.port
            await c.close()
            for m in (a, b):
                event = await expect(
                    m, lambda e: isinstance(e, PeerSilent) and e.peer == c.public_key
                )
                assert event.silent_for > FAST.silence_limit  # type: ignore[union-attr]
                assert m.peer_status()[c.public_key].state is PeerState.SILENT
            c2 = Mesh(keys, port=port, config=FAST)
            await c2.start()
            try:
                c2.add_peer(a.public_key, a.endpoint)
                c2.add_peer(b.public_key, b.endpoint)
                for m in (a, b):
                    await expect(
                        m, lambda e: isinstance(e, PeerBack) and e.peer == c2.public_key
                    )
                    restarted = await expect(
                        m, lambda e: isinstance(e, PeerRestarted) and e.peer == c2.public_key
                    )
                    assert restarted.new_epoch == c2.epoch  # type: ignore[union-attr]
                    await m.wait_for(
                        lambda m=m: m.peer_status()[c2.public_key].state is PeerState.ALIVE,
                        DEADLINE,
                    )
                    assert m.peer_status()[c2.public_key].epoch == c2.epoch
            finally:
                await c2.close()

    run(scenario())


def test_private_messages_survive_a_lost_link_and_arrive_once() -> None:
    async def scenario() -> None:
        async with meshes(2) as (a, b):
            # b's link to a runs through a proxy: b's acks to a can be lost.
            proxy = FaultProxy("127.0.0.1", a.port)
            await proxy.start()
            try:
                a.add_peer(b.public_key, b.endpoint)
                b.add_peer(a.public_key, proxy.endpoint)
                await all_up([a, b])
                proxy.blackhole()
                done = a.send_private(b.public_key, b"key share")
                got = await expect(b, lambda e: isinstance(e, PrivateReceived))
                assert got == PrivateReceived(a.public_key, b"key share")
                # Its ack was swallowed: a resends, b acks again but delivers nothing new.
                await b.wait_for(lambda: b.stats.private_duplicates >= 1, DEADLINE)
                assert not done.done()
                assert a.private_pending(b.public_key) == 1
                proxy.restore()
                await asyncio.wait_for(done, DEADLINE)
                assert a.private_pending() == 0
                assert b.stats.private_delivered == 1
            finally:
                await proxy.close()

    run(scenario())


def test_close_is_prompt_and_final() -> None:
    async def scenario() -> None:
        mesh = Mesh(CurveKeys.generate(), config=FAST)
        await mesh.start()
        mesh.add_peer(CurveKeys.generate().public, "tcp://127.0.0.1:9")  # never answers
        reader = asyncio.ensure_future(mesh.next_event())
        loop = asyncio.get_running_loop()
        started = loop.time()
        await mesh.close()
        assert loop.time() - started < 1.0
        with pytest.raises(MeshClosed):
            await reader
        with pytest.raises(MeshClosed):
            await mesh.next_event()
        await mesh.close()  # idempotent

    run(scenario())


def test_lobby_admits_anyone_while_open_and_only_the_seated_after() -> None:
    async def scenario() -> None:
        host = CurveKeys.generate()
        async with LobbyServer(host, config=FAST) as lobby:
            seated = LobbyClient(CurveKeys.generate(), lobby.endpoint, host.public, config=FAST)
            unseated = LobbyClient(CurveKeys.generate(), lobby.endpoint, host.public, config=FAST)
            for client in (seated, unseated):
                await client.start()

            async def answer(count: int) -> list[str]:
                seen = []
                for _ in range(count):
                    message = await lobby.recv(timeout=DEADLINE)
                    seen.append(message.client)
                    assert message.address == "127.0.0.1"
                    lobby.reply(message, b"welcome " + message.payload)
                return seen

            try:
                server = asyncio.ensure_future(answer(2))
                assert await seated.request(b"hello 1", timeout=1.0) == b"welcome hello 1"
                assert await unseated.request(b"hello 2", timeout=1.0) == b"welcome hello 2"
                assert set(await server) == {seated.keys.public, unseated.keys.public}
                assert lobby.push(seated.keys.public, b"seat list")
                assert await seated.recv(timeout=DEADLINE) == b"seat list"

                lobby.restrict([seated.keys.public])
                assert not lobby.is_open
                # The seated joiner still talks; the other's frames are dropped...
                server = asyncio.ensure_future(answer(1))
                assert await seated.request(b"signature", timeout=1.0) == b"welcome signature"
                assert await server == [seated.keys.public]
                unseated.send(b"let me in")
                await lobby.wait_for(lambda: lobby.stats.not_admitted >= 1, DEADLINE)
                assert not lobby.push(unseated.keys.public, b"x")
                # ...and a newcomer's handshake is refused outright.
                late = LobbyClient(CurveKeys.generate(), lobby.endpoint, host.public,
                                   config=FAST)
                await late.start()
                with pytest.raises(LobbyRefused):
                    await late.request(b"hello 3", timeout=1.0, attempts=5)
                assert late.refused
                await lobby.wait_for(lambda: lobby.stats.auth_failures >= 1, DEADLINE)
                await late.close()
            finally:
                for client in (seated, unseated):
                    await client.close()
            endpoint = lobby.endpoint
        # Closed: nobody gets an answer any more.
        after = LobbyClient(CurveKeys.generate(), endpoint, host.public, config=FAST)
        await after.start()
        try:
            with pytest.raises(LobbyTimeout):
                await after.request(b"anyone?", timeout=0.2, attempts=2)
        finally:
            await after.close()

    run(scenario())


def test_lobby_replays_its_reply_to_a_repeated_request() -> None:
    async def scenario() -> None:
        host = CurveKeys.generate()
        async with LobbyServer(host, config=FAST) as lobby:
            client = LobbyClient(CurveKeys.generate(), lobby.endpoint, host.public, config=FAST)
            await client.start()
            try:
                # The server answers late: the client has resent meanwhile.
                pending = asyncio.ensure_future(client.request(b"q", timeout=0.1, attempts=20))
                message = await lobby.recv(timeout=DEADLINE)
                await lobby.wait_for(lambda: lobby.stats.repeated >= 2, DEADLINE)
                lobby.reply(message, b"answer")
                assert await pending == b"answer"
                # Every copy reached the server; the host saw the request once.
                assert lobby.stats.received >= 3
                assert lobby.stats.received - lobby.stats.repeated == 1
            finally:
                await client.close()

    run(scenario())


def test_configuration_and_arguments_are_checked() -> None:
    with pytest.raises(ConfigError):
        NetConfig(heartbeat_interval=1.0, silence_limit=0.5)
    with pytest.raises(ConfigError):
        NetConfig(sync_batch=0)
    with pytest.raises(ConfigError):
        NetConfig(zap_domain="x", lobby_domain="x")
    with pytest.raises(UsageError):
        Mesh(CurveKeys.generate(), game_id="has space")
    with pytest.raises(UsageError):
        FaultProxy("192.0.2.1", 1)

    async def scenario() -> None:
        async with meshes(1) as (a,):
            with pytest.raises(UsageError):
                a.add_peer(a.public_key, "tcp://127.0.0.1:1")
            with pytest.raises(UsageError):
                a.add_peer("not a key", "tcp://127.0.0.1:1")
            with pytest.raises(UsageError):
                a.add_peer(CurveKeys.generate().public, "127.0.0.1:1")
            with pytest.raises(UsageError):
                a.publish(0)  # no log attached
            # The port is taken: a clear error, and nothing left open.
            taken = Mesh(CurveKeys.generate(), port=a.port, config=FAST)
            with pytest.raises(UsageError, match="cannot listen"):
                await taken.start()
            await taken.close()

    run(scenario())
