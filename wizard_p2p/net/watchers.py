"""Watchers: followers of a game without a seat, served read-only by each player's mesh.

A watcher (a person following the game, the big screen in the room) has its own
CURVE key and its own mesh, built ``watching=True``, whose peers are the seated
players. A watcher never connects to a player: each seated player's mesh dials the
watchers its node lists (:meth:`Mesh.set_watchers
<wizard_p2p.net.mesh.Mesh.set_watchers>`), and that one connection carries both
ways, the watcher answering on its listening socket (:class:`Route`). A player's
listening socket thus admits the seated keys only: a watcher cannot even take over
a seated peer's connection there by its routing id. The player:

* dials each watcher's listening socket with a DEALER like a peer's, which queues
  at most ``watcher_hwm`` frames each way (what does not fit is dropped: the watcher
  catches up by sync) and takes no frame part larger than a header, and sends it a
  heartbeat every heartbeat interval, so the watcher learns every player's length;
* sends each entry it publishes once to every watcher, after the peers (from a later
  turn of the event loop): no resend, no acknowledgement kept, nothing waits for a
  watcher;
* serves a watcher's ``SYNC`` at most ``watcher_sync_batch`` entries at a time, one
  request per ``watcher_sync_interval``; one that comes sooner waits for the interval
  (one per watcher: a newer one replaces it), so a flood costs no more than a steady
  request;
* reads that DEALER, at most ``watcher_max_frames`` frames per heartbeat interval
  (the rest wait, then the watcher's sends fail), and accepts from a watcher only
  ``HB``, ``ACK`` and ``SYNC``; any other frame is dropped as malformed, so nothing
  a watcher sends reaches the log or the node.

Watchers live apart from the peers: the replicator, the liveness and the private
channel never see them, so they count for no acknowledgement, resend, silence or
divergence. The one event about a watcher is :class:`WatcherSilent`, once per silence.

The mesh composes :class:`Watchers`: it hands over its keys, config and counters,
and calls back for what only it knows (its heartbeat, its log, a malformed frame to
count, an event to emit, a change to signal).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import zmq
import zmq.asyncio

from wizard_p2p.errors import UsageError
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import NetEvent, WatcherInfo, WatcherSilent
from wizard_p2p.net.frames import (
    MAX_HEADER,
    Ack,
    Entry,
    FrameError,
    Heartbeat,
    MeshFrame,
    SyncRequest,
    decode_mesh,
    encode_mesh,
)
from wizard_p2p.net.keys import CurveKeys, check_z85_key
from wizard_p2p.net.links import Links, Peer
from wizard_p2p.net.sockets import check_endpoint, curve_max_part, send_nowait
from wizard_p2p.net.stats import NetStats

_log = logging.getLogger(__name__)

# Why a frame is dropped: a kind a seated peer takes from no watcher, and one a
# watcher takes from no seated peer.
NOT_FROM_A_WATCHER = "frame kind not accepted from a watcher"
NOT_TO_A_WATCHER = "frame kind not accepted by a watcher"


class Route:
    """How a watcher's mesh sends to a seated player: on its own listening socket, to
    the connection that player dialled (a watcher dials nobody).

    ``sent()`` is called after each send: sending on the socket the mesh reads may
    consume its descriptor's edge (see :meth:`FrameReader.poke
    <wizard_p2p.net.reader.FrameReader.poke>`).
    """

    def __init__(self, router: zmq.Socket, player: str, sent: Callable[[], None]) -> None:
        self._router = router
        self._routing_id = player.encode("ascii")
        self._sent = sent

    def send_multipart(self, msg_parts: Sequence[bytes], flags: int = 0) -> None:
        try:
            self._router.send_multipart([self._routing_id, *msg_parts], flags=flags)
        finally:
            self._sent()


@dataclass
class _Watcher:
    link: Peer
    reader: asyncio.Task[None] | None = None  # reads the link's DEALER
    last_heard: float | None = None
    log_length: int = 0
    next_sync: float = -math.inf  # when its next SYNC may be served
    pending: SyncRequest | None = None  # a SYNC waiting for that time
    timer: asyncio.TimerHandle | None = None  # serves the pending SYNC
    silent: bool = False  # reported silent, not heard since


# What a modified client changes in the parts of a frame it sends to one receiver (its
# key): see ``Mesh.filter_sends``.
SendFilter = Callable[[str, list[bytes]], list[bytes]]


@dataclass(frozen=True)
class MeshHooks:
    """What :class:`Watchers` asks of its mesh."""

    heartbeat: Callable[[], Heartbeat]  # the mesh's heartbeat frame now
    length: Callable[[], int]  # entries its log holds (0 without a log)
    entry: Callable[[int], bytes]  # its entry at a position below length()
    malformed: Callable[[str, str], None]  # count a dropped frame: sender, reason
    emit: Callable[[NetEvent], None]
    changed: Callable[[], None]


class Watchers:
    """The watchers of one seated player's mesh: their links, budgets and counters."""

    def __init__(
        self,
        keys: CurveKeys,
        config: NetConfig,
        stats: NetStats,
        *,
        game_id: str,
        hooks: MeshHooks,
    ) -> None:
        self.config = config
        self._own = keys.public
        self._stats = stats
        self._game_id = game_id
        self._hooks = hooks
        self._table: dict[str, Peer] = {}  # the links, as Links keeps them
        self._watchers: dict[str, _Watcher] = {}
        hwm = config.watcher_hwm
        self._links = Links(
            self._table, keys, config, stats, on_up=self._link_up, changed=hooks.changed,
            options={zmq.SNDHWM: hwm, zmq.RCVHWM: hwm, zmq.MAXMSGSIZE: curve_max_part(MAX_HEADER)},
            on_open=self._read_link, redial_after_cut=True,
        )
        self._pushes: list[int] = []  # published positions not yet sent to the watchers
        self._next_heartbeat = -math.inf
        self._closed = False
        self.send_filter: SendFilter | None = None  # set by Mesh.filter_sends

    # --- the mesh's calls ---------------------------------------------------------------

    def set_context(self, context: zmq.asyncio.Context) -> None:
        """The sending context, once the mesh has started."""
        self._links.context = context

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self._watchers)

    def __contains__(self, key: object) -> bool:
        return key in self._watchers

    def set(self, watchers: Mapping[str, str], *, seated: Collection[str]) -> None:
        """Admit exactly ``watchers`` (key -> endpoint); see ``Mesh.set_watchers``."""
        if not isinstance(watchers, Mapping):
            raise UsageError("watchers must map CURVE keys to endpoints")
        wanted: dict[str, str] = {}
        for key, endpoint in watchers.items():
            check_z85_key(key, "watcher public key")
            check_endpoint(endpoint)
            if key == self._own:
                raise UsageError("a mesh cannot watch itself")
            if key in seated:
                raise UsageError(f"watcher key {key!r:.50} is a seated peer's key")
            wanted[key] = endpoint
        if len(wanted) > self.config.max_watchers:
            raise UsageError(
                f"{len(wanted)} watchers: at most {self.config.max_watchers} are admitted"
            )
        for key in [key for key in self._watchers if key not in wanted]:
            self._remove(key)
        now = asyncio.get_running_loop().time()
        for key, endpoint in wanted.items():
            known = self._watchers.get(key)
            if known is not None:
                if known.link.endpoint != endpoint:
                    known.link.endpoint = endpoint
                    self._links.redial(known.link)
                continue
            link = Peer(key, endpoint, now)
            self._table[key] = link
            self._watchers[key] = _Watcher(link)
            self._links.open_link(link)

    def status(self, now: float) -> dict[str, WatcherInfo]:
        stats = self._stats
        return {
            key: WatcherInfo(
                watcher=key,
                endpoint=w.link.endpoint,
                last_heard_ago=None if w.last_heard is None else now - w.last_heard,
                log_length=w.log_length,
                frames_out=stats.watcher_frames_out[key],
                bytes_out=stats.watcher_bytes_out[key],
            )
            for key, w in self._watchers.items()
        }

    def push(self, position: int) -> None:
        """The mesh published its entry at ``position``: send it on, after the peers."""
        if not self._watchers or self._closed:
            return
        if not self._pushes:
            asyncio.get_running_loop().call_soon(self._flush_pushes)
        self._pushes.append(position)

    def heartbeat_all(self) -> None:
        if not self._watchers:
            return
        started = time.thread_time()
        parts = encode_mesh(self._hooks.heartbeat(), self._game_id)
        for key in list(self._watchers):
            self._send_parts(key, parts)
        self._spent(started)

    def tick(self, now: float) -> None:
        """Heartbeats when due; report a watcher silent past its limit, once."""
        if not self._watchers:
            return
        if now >= self._next_heartbeat:
            self._next_heartbeat = now + self.config.heartbeat_interval
            self.heartbeat_all()
        limit = self.config.watcher_silence_limit
        for key, watcher in self._watchers.items():
            if watcher.silent:
                continue
            since = watcher.link.added_at if watcher.last_heard is None else watcher.last_heard
            if now - since > limit:
                watcher.silent = True
                self._hooks.emit(WatcherSilent(key, now - since))

    def stop(self) -> list[asyncio.Task[None]]:
        """Nothing more is sent or served; returns the link tasks to cancel."""
        self._closed = True
        readers: list[asyncio.Task[None]] = []
        for watcher in self._watchers.values():
            if watcher.timer is not None:
                watcher.timer.cancel()
            if watcher.reader is not None:
                readers.append(watcher.reader)
        return [*readers, *self._links.stop()]

    def close_all(self, *, linger: int = 0) -> None:
        self._links.close_all(linger=linger)

    # --- internals ------------------------------------------------------------------------

    def _remove(self, key: str) -> None:
        watcher = self._watchers.pop(key)
        del self._table[key]
        if watcher.timer is not None:
            watcher.timer.cancel()
        if watcher.reader is not None:
            watcher.reader.cancel()
        self._links.drop(watcher.link)
        del self._stats.watcher_frames_out[key]
        del self._stats.watcher_bytes_out[key]

    def _read_link(self, link: Peer) -> None:
        # Called as the link's DEALER is (re)created: read the new one from now on.
        watcher = self._watchers.get(link.key)
        if watcher is None or link.dealer is None:
            return
        if watcher.reader is not None:
            watcher.reader.cancel()
        watcher.reader = asyncio.get_running_loop().create_task(
            self._read(watcher, link.dealer), name=f"mesh-watcher-{link.key[:8]}"
        )

    async def _read(self, watcher: _Watcher, dealer: zmq.asyncio.Socket) -> None:
        loop = asyncio.get_running_loop()
        budget, window = self.config.watcher_max_frames, self.config.heartbeat_interval
        window_end, read = -math.inf, 0
        with contextlib.suppress(asyncio.CancelledError, zmq.ZMQError):
            while not self._closed:
                now = loop.time()
                if now >= window_end:
                    window_end, read = now + window, 0
                elif read >= budget:
                    # Its frames wait in the link's queue, then in TCP, and then its
                    # sends fail: a flood costs us no more than the budget.
                    self._stats.watcher_reads_paused += 1
                    await asyncio.sleep(window_end - now)
                    continue
                frames = await dealer.recv_multipart()
                read += 1
                try:
                    self._receive(watcher, frames)
                except Exception:
                    # A bug must never end the reading; the frame is lost.
                    _log.exception("error while handling a watcher's frame")
                self._hooks.changed()

    def _receive(self, watcher: _Watcher, frames: list[bytes]) -> None:
        """Frames from the watcher of this link (the CURVE handshake proved its key)."""
        if self._closed or self._watchers.get(watcher.link.key) is not watcher:
            return
        started = time.thread_time()
        stats, key = self._stats, watcher.link.key
        size = sum(len(part) for part in frames)
        stats.frames_in += 1
        stats.bytes_in += size
        stats.watcher_frames_in_total += 1
        stats.watcher_bytes_in_total += size
        try:
            game_id, frame = decode_mesh(
                frames, max_payload=self.config.max_payload, max_sync=self.config.sync_batch
            )
        except FrameError as exc:
            self._hooks.malformed(key, exc.reason)
        else:
            if game_id != self._game_id:
                stats.foreign_game += 1
                self._hooks.malformed(key, "frame of another game")
            else:
                self._on_frame(watcher, frame)
        self._spent(started)

    def _on_frame(self, watcher: _Watcher, frame: MeshFrame) -> None:
        key = watcher.link.key
        match frame:
            case Heartbeat(length=length) | Ack(length=length):
                watcher.log_length = length
            case SyncRequest():
                self._on_sync(watcher, frame)
            case _:
                self._hooks.malformed(key, NOT_FROM_A_WATCHER)
                return
        watcher.last_heard = asyncio.get_running_loop().time()
        watcher.silent = False

    def _spent(self, started: float) -> None:
        self._stats.watcher_cpu_seconds += time.thread_time() - started

    def _link_up(self, link: Peer) -> bool:
        # It learns our length at once, and asks for what it lacks.
        return self._send_parts(link.key, encode_mesh(self._hooks.heartbeat(), self._game_id))

    def _flush_pushes(self) -> None:
        positions, self._pushes = self._pushes, []
        if self._closed:
            return
        started = time.thread_time()
        length = self._hooks.length()
        for position in positions:
            if position >= length:
                continue  # the node rewrote its log since
            parts = encode_mesh(Entry(position, self._hooks.entry(position)), self._game_id)
            for key in list(self._watchers):
                if self._send_parts(key, parts):
                    self._stats.watcher_entries_pushed += 1
        self._spent(started)

    def _on_sync(self, watcher: _Watcher, request: SyncRequest) -> None:
        loop = asyncio.get_running_loop()
        if watcher.timer is None and loop.time() >= watcher.next_sync:
            self._serve(watcher, request)
            return
        self._stats.watcher_syncs_deferred += 1
        watcher.pending = request
        if watcher.timer is None:
            watcher.timer = loop.call_at(watcher.next_sync, self._serve_pending, watcher)

    def _serve_pending(self, watcher: _Watcher) -> None:
        watcher.timer = None
        request, watcher.pending = watcher.pending, None
        if request is None or self._closed or self._watchers.get(watcher.link.key) is not watcher:
            return
        started = time.thread_time()
        self._serve(watcher, request)
        self._spent(started)
        self._hooks.changed()

    def _serve(self, watcher: _Watcher, request: SyncRequest) -> None:
        config = self.config
        watcher.next_sync = asyncio.get_running_loop().time() + config.watcher_sync_interval
        self._stats.watcher_syncs_served += 1
        key = watcher.link.key
        end = min(request.start + min(request.count, config.watcher_batch),
                  self._hooks.length())
        for position in range(request.start, end):
            frame = Entry(position, self._hooks.entry(position))
            if not self._send_parts(key, encode_mesh(frame, self._game_id)):
                break  # its queue is full or its link down: it asks again
            self._stats.watcher_entries_served += 1

    def _send_parts(self, key: str, parts: list[bytes]) -> bool:
        # Through the asyncio socket, not a plain handle: the link is read too, and the
        # asyncio socket then looks again for frames a send let in unannounced.
        stats = self._stats
        if self.send_filter is not None:
            parts = self.send_filter(key, parts)
        link = self._table.get(key)
        if link is None or link.dealer is None or self._closed or not send_nowait(
            link.dealer, parts
        ):
            stats.watcher_send_failures += 1
            return False
        size = sum(len(part) for part in parts)
        stats.frames_out += 1
        stats.bytes_out += size
        stats.watcher_frames_out[key] += 1
        stats.watcher_bytes_out[key] += size
        stats.watcher_frames_out_total += 1
        stats.watcher_bytes_out_total += size
        return True
