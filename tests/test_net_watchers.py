"""Watchers over real CurveZMQ sockets on 127.0.0.1: read-only, budgeted, apart from peers."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

import pytest

from tests.test_net_replication import Peer
from wizard_p2p.errors import ConfigError, UsageError
from wizard_p2p.net import (
    CurveKeys,
    Diverged,
    Mesh,
    MessageReceived,
    NetConfig,
    PeerSilent,
    PeerState,
    PrivateReceived,
    WatcherSilent,
)
from wizard_p2p.net.frames import (
    MAX_HEADER,
    Control,
    Entry,
    Heartbeat,
    Private,
    PrivateAck,
    SyncRequest,
    encode_mesh,
)
from wizard_p2p.net.testing import FAST_TIMERS, MemoryStore, connect_all
from wizard_p2p.net.watchers import NOT_FROM_A_WATCHER, NOT_TO_A_WATCHER

WATCH = dataclasses.replace(
    FAST_TIMERS, sync_batch=16, watcher_sync_batch=8, watcher_silence_limit=0.5
)
DEADLINE = 5.0


def run(coro: Coroutine[Any, Any, None]) -> None:
    asyncio.run(asyncio.wait_for(coro, 30))


class Node(Peer):
    """A mesh with an in-memory log, as a player's or a watcher's node would wire them."""

    def __init__(self, *, watching: bool = False, entries: list[bytes] | None = None,
                 validator: Callable[[int, bytes], bool] | None = None,
                 keys: CurveKeys | None = None, port: int = 0) -> None:
        super().__init__(keys, MemoryStore(entries, validator), port, config=WATCH,
                         watching=watching)

    def watch(self, *players: Node) -> None:
        """A watcher dials the players; they admit it."""
        for player in players:
            self.mesh.add_peer(player.key, player.mesh.endpoint)
            player.mesh.set_watchers({self.key: self.mesh.endpoint})


@contextlib.asynccontextmanager
async def started(*nodes: Node) -> AsyncIterator[None]:
    try:
        for node in nodes:
            await node.mesh.start()
        yield
    finally:
        for node in nodes:
            await node.mesh.close()


async def heard_by(player: Node, watcher: Node) -> None:
    await player.mesh.wait_for(
        lambda: watcher.key in player.mesh.watcher_status()
        and player.mesh.watcher_status()[watcher.key].last_heard_ago is not None,
        DEADLINE, "watcher heard",
    )


def test_a_watcher_joining_late_catches_up_by_sync_then_follows_live() -> None:
    async def scenario() -> None:
        players = [Node() for _ in range(3)]
        watcher = Node(watching=True)
        async with started(*players, watcher):
            connect_all([p.mesh for p in players])
            expected: list[bytes] = []
            for writer in players:
                await writer.holds(len(expected))
                for i in range(12):
                    data = f"{writer.key[:6]}-{len(expected)}-{i}".encode()
                    writer.append(data)
                    expected.append(data)
            for p in players:
                await p.holds(len(expected))
            watcher.watch(*players)
            await watcher.holds(len(expected))
            assert watcher.store.entries == expected
            # Caught up in requests of at most the watcher batch, served by the players.
            stats = watcher.mesh.replicator.stats  # type: ignore[union-attr]
            assert stats.sync_requests_sent >= len(expected) // WATCH.watcher_sync_batch
            served = sum(p.mesh.stats.watcher_entries_served for p in players)
            assert served >= len(expected)
            # Then it follows live: a new entry is pushed to it by its writer.
            players[0].append(b"live")
            expected.append(b"live")
            await watcher.holds(len(expected))
            assert watcher.store.entries == expected
            assert players[0].mesh.stats.watcher_entries_pushed >= 1
            for p in players:
                # The watcher never counts as a peer: not for lengths, acks or resends.
                assert watcher.key not in p.mesh.peers
                assert watcher.key not in p.mesh.replicator.peer_lengths()  # type: ignore[union-attr]
                assert watcher.key not in p.mesh.replicator.unacknowledged()  # type: ignore[union-attr]
                assert p.mesh.stats.malformed[watcher.key] == 0
            a = players[0].mesh
            await a.wait_for(
                lambda: a.watcher_status()[watcher.key].log_length == len(expected),
                DEADLINE, "the watcher's length reported",
            )
            info = a.watcher_status()[watcher.key]
            assert info.endpoint == watcher.mesh.endpoint
            assert info.frames_out == a.stats.watcher_frames_out[watcher.key] > 0
            assert info.bytes_out == a.stats.watcher_bytes_out_total > 0
            assert a.stats.watcher_frames_in_total > 0
            assert a.stats.watcher_cpu_seconds > 0

    run(scenario())


def test_a_watcher_can_write_nothing_into_a_players_log_or_queue() -> None:
    async def scenario() -> None:
        a, b = Node(entries=[b"e0"]), Node(entries=[b"e0"])
        watcher = Node(watching=True)
        async with started(a, b, watcher):
            connect_all([a.mesh, b.mesh])
            watcher.watch(a)
            await heard_by(a, watcher)
            # A watcher's program may put any frame on the link: all but HB/ACK/SYNC drop.
            forged = (Entry(1, b"forged"), Control(b"control"),
                      Private(watcher.mesh.epoch, 0, b"private"), PrivateAck(a.mesh.epoch, 0))
            for frame in forged:
                assert watcher.mesh.send_raw(a.key, encode_mesh(frame, watcher.mesh.game_id))
            await a.mesh.wait_for(
                lambda: a.mesh.stats.malformed[watcher.key] >= len(forged), DEADLINE,
                "frames dropped",
            )
            assert a.mesh.stats.malformed_reasons[NOT_FROM_A_WATCHER] == len(forged)
            assert a.mesh.stats.last_malformed[watcher.key] == NOT_FROM_A_WATCHER
            assert a.store.entries == [b"e0"]
            assert all(peer != watcher.key for _, _, peer in a.store.offered)
            events = a.mesh.take_events()
            assert not [e for e in events if isinstance(e, MessageReceived | PrivateReceived)]
            assert all(getattr(e, "peer", None) != watcher.key for e in events)
            # Nor can it connect to a player: its key is on no player's allow-list.
            intruder = Node(keys=watcher.mesh.keys)
            async with started(intruder):
                intruder.mesh.add_peer(a.key, a.mesh.endpoint)
                await a.mesh.wait_for(lambda: a.mesh.stats.auth_failures >= 1, DEADLINE,
                                      "the watcher's key refused")
                assert not intruder.mesh.send(a.key, b"control")
            assert a.mesh.stats.unknown_sender == 0

    run(scenario())


def test_a_watching_mesh_sends_no_entry_or_message_and_takes_none_but_entries() -> None:
    async def scenario() -> None:
        a = Node()
        watcher = Node(watching=True, entries=[b"e0"])
        async with started(a, watcher):
            watcher.mesh.add_peer(a.key, a.mesh.endpoint)
            for call in (
                lambda: watcher.mesh.publish(0),
                lambda: watcher.mesh.send(a.key, b"x"),
                lambda: watcher.mesh.broadcast(b"x"),
                lambda: watcher.mesh.send_private(a.key, b"x"),
                lambda: watcher.mesh.set_watchers({}),
            ):
                with pytest.raises(UsageError):
                    call()
            assert watcher.mesh.watching and not a.mesh.watching
            # A player that sends a watcher messages or sync requests (here one that
            # took it for a peer) is dropped: a watcher serves nobody.
            a.mesh.add_peer(watcher.key, watcher.mesh.endpoint)
            await watcher.mesh.wait_for(
                lambda: watcher.mesh.peer_status()[a.key].state is PeerState.ALIVE,
                DEADLINE, "player heard",
            )
            assert a.mesh.send(watcher.key, b"control")
            assert a.mesh.send_raw(watcher.key, encode_mesh(SyncRequest(0, 1), a.mesh.game_id))
            private = a.mesh.send_private(watcher.key, b"private")
            try:
                await watcher.mesh.wait_for(
                    lambda: watcher.mesh.stats.malformed_reasons[NOT_TO_A_WATCHER] >= 3,
                    DEADLINE, "frames dropped",
                )
            finally:
                private.cancel()
            assert watcher.mesh.replicator.stats.sync_requests_served == 0  # type: ignore[union-attr]
            events = watcher.mesh.take_events()
            assert not [e for e in events if isinstance(e, MessageReceived | PrivateReceived)]

    run(scenario())


def test_a_flooding_watcher_gets_bounded_reading_and_service_and_the_game_goes_on() -> None:
    async def scenario() -> None:
        a, b = Node(), Node()
        watcher = Node(watching=True)
        async with started(a, b, watcher):
            connect_all([a.mesh, b.mesh])
            for i in range(32):
                a.append(f"a{i}".encode())
            await b.holds(32)
            watcher.watch(a)
            await watcher.holds(32)
            loop = asyncio.get_running_loop()
            stats = a.mesh.stats
            served_before, read_before = stats.watcher_syncs_served, stats.watcher_frames_in_total
            start = loop.time()
            flood = (SyncRequest(0, WATCH.watcher_sync_batch), Heartbeat(watcher.mesh.epoch, 0, ""))
            flood_parts = [encode_mesh(frame, watcher.mesh.game_id) for frame in flood]
            sent = sum(watcher.mesh.send_raw(a.key, flood_parts[i % 2]) for i in range(600))
            assert sent > WATCH.watcher_max_frames
            # Meanwhile the players' game goes on.
            for i in range(20):
                b.append(f"b{i}".encode())
            await a.holds(52)
            await a.mesh.wait_for(
                lambda: stats.watcher_syncs_deferred >= 1 and stats.watcher_reads_paused >= 1,
                DEADLINE, "the flood held back",
            )
            elapsed = loop.time() - start
            windows = elapsed / WATCH.heartbeat_interval + 2
            # At most so many frames read per interval, one request served per interval.
            assert stats.watcher_frames_in_total - read_before <= windows * WATCH.watcher_max_frames
            served = stats.watcher_syncs_served - served_before
            assert served <= elapsed / WATCH.watcher_sync_interval + 2
            assert stats.watcher_entries_served <= (
                stats.watcher_syncs_served * WATCH.watcher_sync_batch
            )
            assert stats.malformed[watcher.key] == 0
            await watcher.holds(52)  # and it still follows the game
            assert watcher.store.entries == a.store.entries

    run(scenario())


def test_removing_a_watcher_frees_its_link() -> None:
    async def scenario() -> None:
        a = Node()
        watcher = Node(watching=True)
        async with started(a, watcher):
            watcher.watch(a)
            await heard_by(a, watcher)
            redials = a.mesh.stats.redials
            a.mesh.set_watchers({watcher.key: watcher.mesh.endpoint})  # the same list: no change
            assert a.mesh.stats.redials == redials
            await watcher.mesh.wait_for(
                lambda: watcher.mesh.peer_status()[a.key].state is PeerState.ALIVE,
                DEADLINE, "player heard",
            )
            a.mesh.set_watchers({})
            assert a.mesh.watchers == ()
            assert a.mesh.watcher_status() == {}
            assert watcher.key not in a.mesh.stats.watcher_frames_out
            assert a.mesh.stats.watcher_frames_in_total > 0
            # Our link to it is gone: it hears from us no more.
            silent = [e async for e in _first(watcher.mesh, PeerSilent)]
            assert silent[0].peer == a.key
            # Listed again, it is served again.
            a.mesh.set_watchers({watcher.key: watcher.mesh.endpoint})
            await watcher.mesh.wait_for(
                lambda: watcher.mesh.peer_status()[a.key].state is PeerState.ALIVE,
                DEADLINE, "player back",
            )

    run(scenario())


async def _first(mesh: Mesh, kind: type[Any]) -> AsyncIterator[Any]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + DEADLINE
    while True:
        event = await mesh.next_event(timeout=max(0.0, deadline - loop.time()))
        if isinstance(event, kind):
            yield event
            return


def test_a_silent_watcher_changes_no_peer_event() -> None:
    async def scenario() -> None:
        a, b = Node(), Node()
        watcher = Node(watching=True)
        async with started(a, b):
            connect_all([a.mesh, b.mesh])
            await watcher.mesh.start()
            watcher.watch(a)
            await heard_by(a, watcher)
            await watcher.mesh.close()
            limit = WATCH.watcher_silence_limit
            await a.mesh.wait_for(
                lambda: (a.mesh.watcher_status()[watcher.key].last_heard_ago or 0) > 2 * limit,
                DEADLINE, "watcher silent twice its limit",
            )
            events = a.mesh.take_events()
            about_watcher = [e for e in events if watcher.key in vars(e).values()]
            assert about_watcher == [WatcherSilent(watcher.key, about_watcher[0].silent_for)]
            assert about_watcher[0].silent_for > limit
            assert not [e for e in events if isinstance(e, PeerSilent)]
            assert a.mesh.peer_status()[b.key].state is PeerState.ALIVE
            assert set(a.mesh.peer_status()) == {b.key}
            assert a.mesh.watchers == (watcher.key,)  # dropping it is the node's choice

    run(scenario())


def test_watcher_keys_are_checked() -> None:
    async def scenario() -> None:
        a, b = Node(), Node()
        async with started(a, b):
            connect_all([a.mesh, b.mesh])
            endpoint = "tcp://127.0.0.1:9"
            others = [CurveKeys.generate().public for _ in range(WATCH.max_watchers + 1)]
            bad: list[Any] = [
                {b.key: endpoint},  # a seated peer's key
                {a.key: endpoint},  # our own
                {"not a key": endpoint},
                {others[0]: "127.0.0.1:9"},
                [(others[0], endpoint)],
                dict.fromkeys(others, endpoint),  # one too many
            ]
            for watchers in bad:
                with pytest.raises(UsageError):
                    a.mesh.set_watchers(watchers)
                assert a.mesh.watchers == ()
            a.mesh.set_watchers({others[0]: endpoint})
            with pytest.raises(UsageError):
                a.mesh.add_peer(others[0], endpoint)
            assert a.mesh.peers == (b.key,)
            for field, value in (("max_watchers", -1), ("watcher_sync_batch", 0),
                                 ("watcher_hwm", 0), ("watcher_max_frames", 0),
                                 ("watcher_sync_interval", 0),
                                 ("watcher_silence_limit", -1.0)):
                with pytest.raises(ConfigError):
                    dataclasses.replace(WATCH, **{field: value})
            assert NetConfig().max_watchers == 8
            assert dataclasses.replace(WATCH, watcher_sync_batch=64).watcher_batch == 16

    run(scenario())


def test_a_watcher_rejects_a_bad_entry_and_takes_another_players_right_one() -> None:
    async def scenario() -> None:
        good = [b"e0", b"e1", b"e2"]
        honest = Node(entries=good)
        faulty = Node(entries=[b"e0", b"bad"])
        watcher = Node(watching=True, validator=lambda _, data: data != b"bad")
        async with started(honest, faulty, watcher):
            watcher.mesh.add_peer(honest.key, honest.mesh.endpoint)
            watcher.mesh.add_peer(faulty.key, faulty.mesh.endpoint)
            # The faulty player serves the watcher first: the watcher takes e0, refuses "bad".
            faulty.mesh.set_watchers({watcher.key: watcher.mesh.endpoint})
            stats = watcher.mesh.replicator.stats  # type: ignore[union-attr]
            await watcher.mesh.wait_for(lambda: stats.rejected >= 1, DEADLINE, "bad refused")
            assert watcher.store.entries == [b"e0"]
            assert (1, b"bad", faulty.key) in watcher.store.offered
            honest.mesh.set_watchers({watcher.key: watcher.mesh.endpoint})
            await watcher.holds(3)
            assert watcher.store.entries == good
            assert watcher.store.sources[1] == honest.key
            diverged = [e async for e in _first(watcher.mesh, Diverged)]
            assert (diverged[0].peer, diverged[0].position) == (faulty.key, 1)

    run(scenario())


def test_a_watcher_that_restarts_is_served_again_on_the_same_link() -> None:
    async def scenario() -> None:
        a = Node(entries=[b"e0", b"e1"])
        first = Node(watching=True)
        async with started(a, first):
            first.watch(a)
            await first.holds(2)
            keys, port = first.mesh.keys, first.mesh.port
            await first.mesh.close()
            a.append(b"e2")  # pushed while it is away: lost to it
            again = Node(watching=True, keys=keys, port=port)
            async with started(again):
                again.mesh.add_peer(a.key, a.mesh.endpoint)
                # The player redials the same endpoint: the new process catches up by SYNC.
                await again.holds(3)
                assert again.store.entries == a.store.entries
                assert a.mesh.watchers == (keys.public,)

    run(scenario())


def test_a_watchers_part_of_500_bytes_is_one_frame_refused_and_the_link_goes_on() -> None:
    """Every part of a watcher's frame may be up to 512 bytes (NET §8): a part of 500
    bytes that is no header is refused as that one malformed frame; the player still
    hears the watcher after it, and the watcher still follows the game."""

    async def scenario() -> None:
        a = Node(entries=[b"e0"])
        watcher = Node(watching=True)
        async with started(a, watcher):
            watcher.watch(a)
            await watcher.holds(1)
            await heard_by(a, watcher)
            for size in (500, MAX_HEADER):
                assert watcher.mesh.send_raw(a.key, [b"HB", b"x" * size, b""])
            await a.mesh.wait_for(
                lambda: a.mesh.stats.malformed[watcher.key] >= 2, DEADLINE, "frames refused"
            )
            heard = a.mesh.stats.watcher_frames_in_total
            await a.mesh.wait_for(
                lambda: a.mesh.stats.watcher_frames_in_total > heard + 2, DEADLINE,
                "the watcher's heartbeats after the refused frames",
            )
            a.append(b"e1")
            await watcher.holds(2)
            assert watcher.store.entries == [b"e0", b"e1"]

    run(scenario())


def test_a_watchers_part_past_the_limit_cuts_only_that_connection_which_is_dialled_again() -> None:
    """A part longer than 512 bytes is never taken in: libzmq cuts the connection it came
    on. The player dials the watcher again, and the watcher follows the game on."""

    async def scenario() -> None:
        a = Node(entries=[b"e0"])
        watcher = Node(watching=True)
        async with started(a, watcher):
            watcher.watch(a)
            await watcher.holds(1)
            await heard_by(a, watcher)
            assert watcher.mesh.send_raw(a.key, [b"HB", b"x" * (MAX_HEADER + 1), b""])
            a.append(b"e1")
            await watcher.holds(2)
            heard = a.mesh.stats.watcher_frames_in_total
            await a.mesh.wait_for(
                lambda: a.mesh.stats.watcher_frames_in_total > heard + 2, DEADLINE,
                "the watcher's heartbeats on the new connection",
            )
            assert a.mesh.stats.malformed[watcher.key] == 0  # it never reached the decoder

    run(scenario())
