"""Replication over real sockets: in-order delivery, resend, restart and catch-up by sync."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import pytest

from wizard_p2p.net import CurveKeys, Diverged, EntryHandler, Mesh, NetConfig, PeerState
from wizard_p2p.net import mesh as mesh_module
from wizard_p2p.net.reader import RECEIVE_BATCH
from wizard_p2p.net.testing import FAST_TIMERS, FaultProxy, MemoryStore, connect_all

FAST = dataclasses.replace(FAST_TIMERS, sync_batch=16)
DEADLINE = 5.0


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(asyncio.wait_for(coro, 20))


class Peer:
    """A mesh with an in-memory log, as a node would wire them."""

    def __init__(self, keys: CurveKeys | None = None, store: MemoryStore | None = None,
                 port: int = 0, *, config: NetConfig = FAST, watching: bool = False,
                 on_entry: EntryHandler | None = None) -> None:
        """``on_entry`` sees each entry the mesh hands over before the store takes it."""
        self.store = store or MemoryStore()
        accept = self.store.accept
        handler = accept if on_entry is None else (
            lambda position, data, peer: on_entry(position, data, peer)
            and accept(position, data, peer)
        )
        self.mesh = Mesh(keys or CurveKeys.generate(), port=port, config=config, game_id="g",
                         store=self.store, on_entry=handler, watching=watching)

    @property
    def key(self) -> str:
        return self.mesh.public_key

    def append(self, data: bytes) -> None:
        self.mesh.publish(self.store.append(data))

    async def holds(self, count: int) -> None:
        await self.mesh.wait_for(lambda: self.store.length() >= count, DEADLINE,
                                 f"{count} entries")


@contextlib.asynccontextmanager
async def peers(n: int, **options: Any) -> AsyncIterator[list[Peer]]:
    made = [Peer(**options) for _ in range(n)]
    try:
        for p in made:
            await p.mesh.start()
        yield made
    finally:
        for p in made:
            await p.mesh.close()


async def alive(p: Peer, other: str) -> None:
    await p.mesh.wait_for(
        lambda: p.mesh.peer_status()[other].state is PeerState.ALIVE, DEADLINE, "peer alive"
    )


def test_four_peers_replicate_entries_written_in_turn_by_each() -> None:
    async def scenario() -> None:
        async with peers(4) as group:
            connect_all([p.mesh for p in group])
            expected: list[bytes] = []
            for writer in group:
                # As in the game, one writer per position: the next writes once it holds all.
                await writer.holds(len(expected))
                for i in range(3):
                    data = f"{writer.key[:6]}-{len(expected)}-{i}".encode()
                    writer.append(data)
                    expected.append(data)
            for p in group:
                await p.holds(len(expected))
                assert p.store.entries == expected
                # Offered strictly in order, each position once, and only what others wrote.
                offered = [pos for pos, _, _ in p.store.offered]
                assert offered == sorted(set(offered))
                assert set(offered) == {i for i, s in enumerate(p.store.sources) if s is not None}
                assert p.store.sources.count(None) == 3

    run(scenario())


def test_entries_lost_in_a_blackholed_link_are_resent() -> None:
    async def scenario() -> None:
        async with peers(2) as (a, b):
            proxy = FaultProxy("127.0.0.1", b.mesh.port)
            await proxy.start()
            try:
                a.mesh.add_peer(b.key, proxy.endpoint)
                b.mesh.add_peer(a.key, a.mesh.endpoint)
                await alive(a, b.key)
                await alive(b, a.key)
                proxy.blackhole()
                a.append(b"lost on the first try")
                # It went into the void, and so did at least one resend.
                await a.mesh.wait_for(lambda: a.mesh.replicator.stats.resent >= 1, DEADLINE)
                await proxy.wait_for(lambda: proxy.discarded_bytes > 0, DEADLINE)
                assert b.store.length() == 0
                proxy.restore()
                await b.holds(1)
                assert b.store.entries == [b"lost on the first try"]
                assert b.store.sources == [a.key]
                # b's acks stop the resends.
                await a.mesh.wait_for(
                    lambda: a.mesh.replicator.unacknowledged()[b.key] == [], DEADLINE
                )
            finally:
                await proxy.close()

    run(scenario())


def test_a_peer_cut_off_from_the_writer_catches_up_from_another_peer() -> None:
    async def scenario() -> None:
        async with peers(3) as (a, b, c):
            proxy = FaultProxy("127.0.0.1", c.mesh.port)
            await proxy.start()
            try:
                a.mesh.add_peer(b.key, b.mesh.endpoint)
                a.mesh.add_peer(c.key, proxy.endpoint)  # a reaches c only through the proxy
                for x, y in ((b, a), (b, c), (c, a), (c, b)):
                    x.mesh.add_peer(y.key, y.mesh.endpoint)
                await alive(c, a.key)
                proxy.blackhole()
                for i in range(40):
                    a.append(b"entry %d" % i)
                await b.holds(40)
                await c.holds(40)
                assert c.store.entries == a.store.entries
                assert set(c.store.sources) == {b.key}  # nothing came from a
                stats = b.mesh.replicator.stats
                assert stats.entries_served >= 40
                assert stats.sync_requests_served >= 40 // FAST.sync_batch
            finally:
                await proxy.close()

    run(scenario())


def test_a_restarted_peer_catches_up_with_the_same_keys_and_port() -> None:
    async def scenario() -> None:
        async with peers(3) as (a, b, c):
            connect_all([a.mesh, b.mesh, c.mesh])
            for i in range(3):
                a.append(b"before %d" % i)
            await c.holds(3)
            keys, port, store = c.mesh.keys, c.mesh.port, c.store
            await c.mesh.close()
            for i in range(5):
                a.append(b"while away %d" % i)
            await b.holds(8)
            c2 = Peer(keys, store, port)  # the log it kept on disk
            await c2.mesh.start()
            try:
                c2.mesh.add_peer(a.key, a.mesh.endpoint)
                c2.mesh.add_peer(b.key, b.mesh.endpoint)
                await c2.holds(8)
                assert c2.store.entries == a.store.entries
                # And the others see it back and acknowledged.
                await a.mesh.wait_for(
                    lambda: a.mesh.replicator.unacknowledged()[keys.public] == [], DEADLINE
                )
                a.append(b"after")
                await c2.holds(9)
                assert c2.store.sources[-1] == a.key
            finally:
                await c2.mesh.close()

    run(scenario())


def test_divergent_logs_are_reported() -> None:
    async def scenario() -> None:
        a = Peer(store=MemoryStore([b"genesis", b"mine"]))
        b = Peer(store=MemoryStore([b"genesis", b"theirs"]))
        for p in (a, b):
            await p.mesh.start()
        try:
            connect_all([a.mesh, b.mesh])

            async def diverged(p: Peer) -> Diverged:
                while True:
                    event = await p.mesh.next_event(timeout=DEADLINE)
                    if isinstance(event, Diverged):
                        return event

            event = await diverged(a)
            assert (event.peer, event.position) == (b.key, 1)
            assert (await diverged(b)).peer == a.key
        finally:
            for p in (a, b):
                await p.mesh.close()

    run(scenario())


def test_rejected_entries_stay_out_and_a_valid_copy_still_gets_in() -> None:
    async def scenario() -> None:
        def no_forgery(pos: int, data: bytes) -> bool:
            return not data.startswith(b"forged")

        valid: Callable[[int, bytes], bool] = no_forgery
        async with peers(3) as (a, b, c):
            b.store.validator = valid
            c.store.validator = valid
            a.mesh.add_peer(b.key, b.mesh.endpoint)
            b.mesh.add_peer(a.key, a.mesh.endpoint)
            b.mesh.add_peer(c.key, c.mesh.endpoint)
            c.mesh.add_peer(b.key, b.mesh.endpoint)
            await alive(b, a.key)
            a.append(b"forged entry")
            await b.mesh.wait_for(lambda: b.mesh.replicator.stats.rejected >= 1, DEADLINE)
            await a.mesh.wait_for(lambda: a.mesh.replicator.stats.resent >= 2, DEADLINE)
            # Resent copies are dropped without asking the node again.
            assert [d for _, d, _ in b.store.offered] == [b"forged entry"]
            assert b.store.length() == 0 and c.store.length() == 0
            # c, which knows only b, never even sees it: b has nothing to serve.
            assert c.store.offered == []
            # A valid entry for the same position is offered and replicated on.
            c.append(b"valid entry")
            await b.holds(1)
            assert b.store.entries == [b"valid entry"]

    run(scenario())


# Timers so slow that within DEADLINE neither a heartbeat (after the first), a
# resend nor an acknowledgement flush can deliver anything: what arrives, arrives
# through the link-up push or the farewell heartbeat.
SLOW = NetConfig(
    heartbeat_interval=60.0,
    silence_limit=120.0,
    resend_interval=60.0,
    sync_timeout=60.0,
    ack_delay=30.0,
    reconnect_ivl_ms=20,
    reconnect_ivl_max_ms=100,
)


def test_publishing_hands_the_entry_to_zeromq_then_yields_the_core(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ZeroMQ's I/O thread sends what publish queued; the publisher yields its core once,
    after queueing the entry for every peer, so that a thread queued behind it sends
    the entry before the publisher goes on with other work."""
    frames_at_yield: list[int] = []

    async def scenario() -> None:
        async with peers(3) as group:
            connect_all([p.mesh for p in group])
            writer = group[0]
            for other in group[1:]:
                await alive(writer, other.key)
            stats = writer.mesh.stats

            def sends() -> int:  # handed to ZeroMQ, or refused while a link still opens
                return stats.frames_out + stats.send_failures

            before = sends()
            monkeypatch.setattr(
                mesh_module, "_yield_core", lambda: frames_at_yield.append(sends() - before)
            )
            writer.append(b"the next writer waits for this")
            assert frames_at_yield == [2]  # one frame a peer, both sent before the yield
            monkeypatch.undo()
            for p in group[1:]:
                await p.holds(1)
                assert p.store.entries == [b"the next writer waits for this"]

    run(scenario())


def test_frames_are_handled_in_the_readers_callback_a_batch_at_a_time() -> None:
    """Each entry reaches the node inside the event loop's callback for the socket, not in
    a task woken by it; a burst of several receive batches arrives whole and in order."""
    count = 3 * RECEIVE_BATCH + 5
    in_task: list[bool] = []

    def on_entry(position: int, data: bytes, peer: str) -> bool:
        in_task.append(asyncio.current_task() is not None)
        return True

    async def scenario() -> None:
        async with peers(2, on_entry=on_entry) as (writer, reader):
            connect_all([writer.mesh, reader.mesh])
            await alive(writer, reader.key)
            for i in range(count):
                writer.append(b"entry %d" % i)
            await reader.holds(count)
            assert reader.store.entries == [b"entry %d" % i for i in range(count)]

    run(scenario())
    assert len(in_task) == count and not any(in_task)


def test_an_entry_published_before_the_peer_listens_arrives_when_the_link_comes_up() -> None:
    async def scenario() -> None:
        a_keys, b_keys = CurveKeys.generate(), CurveKeys.generate()
        a_store, b_store = MemoryStore(), MemoryStore()
        a = Mesh(a_keys, config=SLOW, game_id="g", store=a_store, on_entry=a_store.accept)
        b = Mesh(b_keys, config=SLOW, game_id="g", store=b_store, on_entry=b_store.accept)
        await a.start()
        await b.start()
        b_port = b.port
        await b.close()  # b's port is known and nobody listens there yet
        b = Mesh(b_keys, port=b_port, config=SLOW, game_id="g", store=b_store,
                 on_entry=b_store.accept)
        try:
            a.add_peer(b_keys.public, f"tcp://127.0.0.1:{b_port}")
            a.publish(a_store.append(b"sent while nobody listened"))
            assert a.replicator is not None
            assert a.replicator.unacknowledged()[b_keys.public] == [0]
            await b.start()
            b.add_peer(a_keys.public, a.endpoint)
            await b.wait_for(lambda: b_store.length() == 1, DEADLINE, "the entry")
            assert b_store.entries == [b"sent while nobody listened"]
        finally:
            await a.close()
            await b.close()

    run(scenario())


@contextlib.asynccontextmanager
async def slow_pair() -> AsyncIterator[tuple[Mesh, Mesh, list[MemoryStore]]]:
    """Two SLOW meshes, connected and hearing each other."""
    stores = [MemoryStore(), MemoryStore()]
    a, b = (Mesh(CurveKeys.generate(), config=SLOW, game_id="g", store=s,
                 on_entry=s.accept) for s in stores)
    await a.start()
    await b.start()
    try:
        connect_all([a, b])
        for one, other in ((a, b), (b, a)):
            await one.wait_for(
                lambda one=one, other=other: (
                    one.peer_status()[other.public_key].state is PeerState.ALIVE
                ),
                DEADLINE,
            )
        yield a, b, stores
    finally:
        await a.close()
        await b.close()


def test_a_closing_peer_says_its_final_length() -> None:
    async def scenario() -> None:
        async with slow_pair() as (a, b, stores):
            b.publish(stores[1].append(b"the last entry"))
            await a.wait_for(lambda: stores[0].length() == 1, DEADLINE, "the entry")
            # a's acknowledgement waits 30 s; closing says the length at once.
            assert b.peer_status()[a.public_key].log_length == 0
            await a.close()
            await b.wait_for(
                lambda: b.peer_status()[a.public_key].log_length == 1, DEADLINE, "farewell"
            )

    run(scenario())


def test_announcing_the_length_tells_every_peer_at_once() -> None:
    async def scenario() -> None:
        async with slow_pair() as (a, b, stores):
            a.publish(stores[0].append(b"the final entry"))
            await b.wait_for(lambda: stores[1].length() == 1, DEADLINE, "the entry")
            assert a.peer_status()[b.public_key].log_length == 0  # its ACK waits 30 s
            b.announce_length()
            await a.wait_for(
                lambda: a.peer_status()[b.public_key].log_length == 1, DEADLINE, "b's length"
            )
            assert b.replicator is not None and b.replicator.stats.acks_sent == 1

    run(scenario())


def test_only_frames_other_than_heartbeats_stand_in_for_the_next_heartbeat() -> None:
    from wizard_p2p.net.frames import Ack

    async def scenario() -> None:
        async with slow_pair() as (a, b, _stores):
            peer = a._peers[b.public_key]
            peer.sent_lately = False
            assert a._send_heartbeat(b.public_key)
            assert not peer.sent_lately  # a quiet link still beats every interval
            assert a._send_frame(b.public_key, Ack(0, ""))
            assert peer.sent_lately  # traffic: the next heartbeat may be skipped

    run(scenario())
