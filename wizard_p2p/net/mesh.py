"""The mesh: CurveZMQ links between every pair of seated peers, with heartbeats.

Topology. Each peer binds one ROUTER (its *listening socket*) and connects one
DEALER to every other peer's ROUTER. A peer sends only on its DEALERs and
receives only on its ROUTER, so every ordered pair of peers has its own TCP
connection and its own CURVE session. The DEALERs are dialled and redialled by
:mod:`wizard_p2p.net.links`; heartbeats and silence are :mod:`wizard_p2p.net.liveness`;
the ROUTER is read by :mod:`wizard_p2p.net.reader`.

Authentication. Every link is CurveZMQ: a DEALER knows the public key of the
ROUTER it dials (so it cannot be fooled by an impostor), and the ROUTER's ZAP
handler admits only the public keys on the mesh's allow-list
(:meth:`Mesh.add_peer`). The sender of each received frame is the ``User-Id``
that ZAP assigned to the connection, which is the sender's Z85 public key; no
field of a frame is ever trusted to say who sent it.

What travels (see :mod:`wizard_p2p.net.frames` and ``protocol/NET.md``):
heartbeats (liveness and log length), replicated log entries with acks and
sync requests (:mod:`wizard_p2p.net.replicate`), reliable private messages
(:mod:`wizard_p2p.net.private`) and unreliable control messages. Malformed
frames are dropped and counted per sender; nothing a peer sends can stop the
receive loop.

Watchers (:mod:`wizard_p2p.net.watchers`) follow a game read-only: a seated
player's mesh dials the watchers listed by :meth:`Mesh.set_watchers` and serves
them apart from its peers; a watcher's own mesh is built ``watching=True``, its
peers are the seated players, it dials nobody and answers on its listening socket
the links they dialled, and it never sends them an entry or a message.

A modified client. The program never changes what it sends, but the adversarial
tests run it as a seat that cheats: :meth:`Mesh.filter_sends` passes every frame the
mesh sends (to a peer or a watcher) through a function that may change it, and
:meth:`Mesh.send_raw` puts parts on a peer's link as they are, frames no encoder
makes. That is their one seam into the mesh; nothing else calls either.

Everything runs on the caller's asyncio loop: frames are handled in the loop's
reader callback for the ROUTER's descriptor (a task only holds that reader),
one timer task and one monitor task per socket. No thread is started but libzmq's own:
the ROUTER and the DEALERs live in two contexts, each with its I/O thread, and
the receiving one runs as a batch task (:attr:`NetConfig.batch_receive_thread`).
On a machine whose seats share the cores, an entry sent to five peers wakes
five receiving threads in turn; a normal task's wake-up preempts the thread
that woke it, so the sending thread is preempted by the first receiver and the
others wait for the rest of the sends. A batch task's wake-up preempts
nobody, and the sending thread, in its own context, is never behind a receive.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from collections.abc import AsyncIterator, Callable, Mapping, Sequence

import zmq
import zmq.asyncio
from zmq.auth.asyncio import AsyncioAuthenticator

from wizard_p2p.errors import UsageError, WizardError
from wizard_p2p.net._pulse import Pulse
from wizard_p2p.net.auth import KeyPolicy, start_authenticator
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import (
    MessageReceived,
    NetEvent,
    PeerInfo,
    PeerRestarted,
    PrivateReceived,
    WatcherInfo,
)
from wizard_p2p.net.frames import (
    Ack,
    Control,
    Entry,
    FrameError,
    Heartbeat,
    MeshFrame,
    Private,
    PrivateAck,
    SyncRequest,
    check_game_id,
    decode_mesh,
    encode_mesh,
)
from wizard_p2p.net.keys import CurveKeys, check_z85_key
from wizard_p2p.net.links import Links, Peer
from wizard_p2p.net.liveness import Liveness
from wizard_p2p.net.private import PrivateChannel
from wizard_p2p.net.reader import FrameReader
from wizard_p2p.net.replicate import EntryHandler, EntryStore, Replicator
from wizard_p2p.net.sockets import (
    HANDSHAKE_FAILURES,
    ListeningService,
    batch_policy_allowed,
    bind,
    cancel_all,
    check_endpoint,
    checked_payload,
    close_monitored,
    make_router,
    send_now,
    send_only_twin,
    send_within,
)
from wizard_p2p.net.stats import NetStats
from wizard_p2p.net.watchers import NOT_TO_A_WATCHER, MeshHooks, Route, SendFilter, Watchers

_log = logging.getLogger(__name__)
# Malformed frames from one peer are logged this many times, then sparsely.
_LOG_FIRST = 10
# How long closing may block to deliver the farewell heartbeats (context
# termination waits at most this long for them; a gone peer costs no more).
_FAREWELL_LINGER_MS = 200

# Let another thread queued on this core run now (see Mesh.publish); POSIX only.
_yield_core: Callable[[], None] = getattr(os, "sched_yield", lambda: None)


class MeshClosed(WizardError):
    """The mesh was closed: no more events will come."""


class Mesh(ListeningService):
    """One peer's end of the full mesh. Create, ``await start()``, ``add_peer`` the others.

    ``keys`` is this peer's CURVE keypair; ``host``/``port`` where its ROUTER
    listens (``port=0``: a random free port, see :attr:`port`). ``game_id``
    names the game: frames of another game are dropped, so keys can be
    reused across games. ``store``/``on_entry`` attach the replicated log now
    (or later with :meth:`attach_log`). ``watching``: a watcher's mesh, whose
    peers are the seated players; it never publishes nor sends a message.
    """

    _what = "mesh"

    def __init__(
        self,
        keys: CurveKeys,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        config: NetConfig | None = None,
        game_id: str = "",
        store: EntryStore | None = None,
        on_entry: EntryHandler | None = None,
        watching: bool = False,
    ) -> None:
        if not isinstance(keys, CurveKeys):
            raise UsageError("keys must be a CurveKeys")
        try:
            self.game_id = check_game_id(game_id)
        except FrameError as exc:
            raise UsageError(str(exc)) from None
        self.keys = keys
        self.watching = bool(watching)
        self.config = config or NetConfig()
        self.stats = NetStats()
        self.epoch = secrets.token_hex(8)
        self._host = host
        self._requested_port = port
        self._port: int | None = None
        self._peers: dict[str, Peer] = {}
        self._policy = KeyPolicy()
        self._events: asyncio.Queue[NetEvent | None] = asyncio.Queue()
        self._queued_messages = 0
        self._queued_bytes: dict[str, int] = {}  # unread message bytes, by sender
        self._pulse: Pulse | None = None
        self._receive_context: zmq.asyncio.Context | None = None
        self._send_context: zmq.asyncio.Context | None = None
        self._auth: AsyncioAuthenticator | None = None
        self._router: zmq.asyncio.Socket | None = None
        self._router_monitor: zmq.asyncio.Socket | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._ack_flush_scheduled = False
        self._closed = False
        self._private: PrivateChannel | None = None
        self.replicator: Replicator | None = None
        self._send_filter: SendFilter | None = None
        self._pending_log = (store, on_entry)
        if (store is None) != (on_entry is None):
            raise UsageError("store and on_entry go together")
        self._links = Links(
            self._peers, keys, self.config, self.stats, on_up=self._link_ready, changed=self._fire
        )
        self._liveness = Liveness(
            self._peers, self.config, emit=self._emit, heartbeat=self._send_heartbeat,
            returned=self._peer_returned,
        )
        self._reader: FrameReader | None = None
        self._watchers = Watchers(
            keys, self.config, self.stats, game_id=self.game_id,
            hooks=MeshHooks(
                heartbeat=self._heartbeat, length=self._log_length, entry=self._entry,
                malformed=self._malformed, emit=self._emit, changed=self._fire,
            ),
        )

    # --- life cycle ---------------------------------------------------------------------

    async def start(self) -> None:
        """Start the ZAP handler, bind the listening socket and start the timers."""
        if self._receive_context is not None:
            raise UsageError("mesh already started")
        loop = asyncio.get_running_loop()
        self._pulse = Pulse()
        self._receive_context = zmq.asyncio.Context()
        if self.config.batch_receive_thread and batch_policy_allowed():
            # libzmq applies it to the context's threads as it starts them (Linux).
            self._receive_context.set(zmq.THREAD_SCHED_POLICY, os.SCHED_BATCH)
        self._send_context = zmq.asyncio.Context()
        self._links.context = self._send_context
        self._watchers.set_context(self._send_context)
        self._private = PrivateChannel(
            epoch=self.epoch, config=self.config, send=self._send_frame, clock=loop.time
        )
        try:
            self._auth = start_authenticator(
                self._receive_context, {self.config.zap_domain: self._policy}
            )
            router = make_router(
                self._receive_context, self.keys, domain=self.config.zap_domain, config=self.config,
                # A watcher sends on it, by routing id: no seat may take another's.
                handover=not self.watching, mandatory=self.watching,
            )
            self._router = router
            self._router_monitor = router_monitor = router.get_monitor_socket(
                HANDSHAKE_FAILURES | zmq.EVENT_HANDSHAKE_SUCCEEDED
            )
            self._port = bind(router, self._host, self._requested_port, option="--mesh-port")
        except BaseException:
            await self._teardown()
            raise
        store, on_entry = self._pending_log
        if store is not None and on_entry is not None:
            self.attach_log(store, on_entry)
        self._reader = FrameReader(self._handle, closed=lambda: self._closed, changed=self._fire)
        self._tasks = [
            loop.create_task(self._reader.run(router), name="mesh-receive"),
            loop.create_task(self._timer_loop(), name="mesh-timer"),
            loop.create_task(
                self._links.watch_router(router_monitor, self.endpoint), name="mesh-monitor"
            ),
        ]
        _log.info("mesh %s listening on %s", self.keys.public, self.endpoint)

    async def close(self) -> None:
        """Close every socket, stop the ZAP handler and the timers. Never hangs."""
        if self._closed:
            return
        # A farewell heartbeat carries our final log length: a peer waiting for us
        # to catch up learns it now instead of after the silence limit.
        for key in list(self._peers):
            self._send_heartbeat(key)
        self._watchers.heartbeat_all()
        self._closed = True
        await self._teardown(farewell=True)

    async def _teardown(self, *, farewell: bool = False) -> None:
        self._closed = True
        tasks = [*self._tasks, *self._links.stop(), *self._watchers.stop()]
        await cancel_all(tasks)
        self._tasks = []
        linger = _FAREWELL_LINGER_MS if farewell else 0
        self._links.close_all(linger=linger)
        self._watchers.close_all(linger=linger)
        close_monitored(self._router, self._router_monitor)
        if self._auth is not None:
            self._auth.stop()
            # Let the authenticator's cancelled task finish on this loop.
            await asyncio.sleep(0)
        if self._private is not None:
            self._private.close()
        # The DEALERs closed above (with their farewell linger) before their context goes.
        for context in (self._send_context, self._receive_context):
            if context is not None:
                context.destroy(linger=0)
        self._events.put_nowait(None)
        if self._pulse is not None:
            self._pulse.fire()

    # --- addresses and peers ------------------------------------------------------------

    @property
    def peers(self) -> tuple[str, ...]:
        return tuple(self._peers)

    def add_peer(self, public_key: str, endpoint: str) -> None:
        """Admit ``public_key`` on our listening socket and dial it at ``endpoint``.

        Calling it again for a known key with another endpoint re-dials there. A
        watching mesh dials nobody: it answers the link the player dials.
        """
        self._require_started()
        check_z85_key(public_key, "peer public key")
        check_endpoint(endpoint)
        if public_key == self.keys.public:
            raise UsageError("a mesh cannot add itself as a peer")
        if public_key in self._watchers:
            raise UsageError(f"peer key {public_key!r:.50} is a watcher's key")
        existing = self._peers.get(public_key)
        if existing is not None:
            if existing.endpoint != endpoint:
                existing.endpoint = endpoint
                if not self.watching:
                    self._links.redial(existing)
            return
        peer = Peer(public_key, endpoint, asyncio.get_running_loop().time())
        self._peers[public_key] = peer
        self._policy.allowed.add(public_key)
        if self.watching:
            assert self._router is not None and self._reader is not None
            peer.sender = Route(send_only_twin(self._router), public_key, self._reader.poke)
        else:
            self._links.open_link(peer)

    def remove_peer(self, public_key: str) -> None:
        """Stop talking to ``public_key`` and refuse its future handshakes."""
        peer = self._peers.pop(public_key, None)
        if peer is None:
            return
        self._policy.allowed.discard(public_key)
        self._links.drop(peer)
        if self.replicator is not None:
            self.replicator.forget_peer(public_key)
        if self._private is not None:
            self._private.forget_peer(public_key)

    def peer_status(self) -> dict[str, PeerInfo]:
        """A snapshot of every peer's liveness and reported log length."""
        now = asyncio.get_running_loop().time()
        return {
            p.key: PeerInfo(
                peer=p.key,
                endpoint=p.endpoint,
                state=p.state,
                last_heard_ago=None if p.last_heard is None else now - p.last_heard,
                log_length=p.log_length,
                epoch=p.epoch,
                tip=p.tip,
            )
            for p in self._peers.values()
        }

    # --- watchers -------------------------------------------------------------------------

    def set_watchers(self, watchers: Mapping[str, str]) -> None:
        """Serve exactly these watchers (Z85 key -> ``tcp://host:port``), read-only.

        The full list each time: new keys are admitted and dialled, keys no longer
        listed dropped. ``UsageError`` (and no change) for a seated peer's key or our
        own, more than ``max_watchers``, or a watching mesh (see :mod:`.watchers`).
        """
        self._require_started()
        if self.watching:
            raise UsageError("a watching mesh serves no watchers")
        self._watchers.set(watchers, seated=self._peers.keys())

    @property
    def watchers(self) -> tuple[str, ...]:
        """The watcher keys served now."""
        return self._watchers.keys

    def watcher_status(self) -> dict[str, WatcherInfo]:
        """A snapshot of every watcher: when last heard, its length, what it was sent."""
        return self._watchers.status(asyncio.get_running_loop().time())

    # --- replication ----------------------------------------------------------------------

    def attach_log(self, store: EntryStore, on_entry: EntryHandler) -> Replicator:
        """Replicate ``store`` with the peers; received entries go to ``on_entry``.

        ``on_entry(position, data, from_peer)`` is called for the next position
        only, in order, and returns True if the node appended the entry to
        ``store``, False to reject it. It runs synchronously, in the event loop's
        callback that read the frame: it must not block, and cannot await.
        """
        self._require_started()
        if self.replicator is not None:
            raise UsageError("a log is already attached")
        self.replicator = Replicator(
            store,
            on_entry,
            config=self.config,
            send=self._send_frame,
            emit=self._emit,
            peers=lambda: self._peers.keys(),
            clock=asyncio.get_running_loop().time,
            request_batch=self.config.watcher_batch if self.watching else None,
        )
        return self.replicator

    def publish(self, position: int, first: str | None = None, last: str | None = None) -> None:
        """Replicate the node's own entry at ``position`` (already appended to the store),
        sending it to the peer ``first`` (a key) before the others and to ``last`` after
        them, if given.

        Then this thread gives up its core for a moment (:func:`os.sched_yield`): ZeroMQ
        writes to the network from its I/O thread, which the sends have just woken, and
        the kernel tends to queue that thread on the sender's own core, behind the
        sender, even with the other core idle. Traced with ``perf sched``, many such
        wake-ups wait for the sender to finish what it does next (writing its log, a
        bot's next choice) before the entry leaves at all; yielding once lets the I/O
        thread send it first, and shortens a round's set-up.
        """
        if self.watching:
            raise UsageError("a watching mesh never publishes")
        if self.replicator is None:
            raise UsageError("no log attached")
        self.replicator.publish(position, first, last)
        self._watchers.push(position)
        _yield_core()
        self._fire()

    def announce_length(self) -> None:
        """Tell every peer our log length now (a heartbeat each), not at the next timer.

        For the end of a game: peers waiting for everyone to hold the last entry
        learn it at once instead of after the acknowledgement delay.
        """
        self._require_started()
        if self.replicator is not None:
            self.replicator.flush_acks()
        for key in list(self._peers):
            self._send_heartbeat(key)

    # --- messages -------------------------------------------------------------------------

    def send(self, peer: str, payload: bytes) -> bool:
        """Send an unreliable control message; False if it could not even be queued."""
        self._require_seated()
        self._check_payload(payload)
        self._require_peer(peer)
        return self._send_frame(peer, Control(bytes(payload)))

    def broadcast(self, payload: bytes) -> int:
        """Send an unreliable control message to every peer; returns how many were queued."""
        self._require_seated()
        self._check_payload(payload)
        frame = Control(bytes(payload))
        return sum(self._send_frame(peer, frame) for peer in list(self._peers))

    def send_private(self, peer: str, payload: bytes) -> asyncio.Future[None]:
        """Send ``payload`` to ``peer`` reliably: resent until acknowledged, delivered once.

        The returned future completes when the peer acknowledges; cancel it to
        stop resending. It is cancelled if the peer is removed or the mesh closes.
        """
        self._require_seated()
        self._check_payload(payload)
        self._require_peer(peer)
        assert self._private is not None
        return self._private.send(peer, bytes(payload))

    @property
    def unread_messages(self) -> int:
        """Messages received and not read yet (``next_event``): at most
        ``max_queued_messages``."""
        return self._queued_messages

    def unread_bytes(self, peer: str | None = None) -> int:
        """Bytes of the messages received and not read yet: ``peer``'s (what its budget,
        ``max_queued_bytes``, bounds) or everyone's."""
        if peer is not None:
            return self._queued_bytes.get(peer, 0)
        return sum(self._queued_bytes.values())

    def private_pending(self, peer: str | None = None) -> int:
        """Private messages sent and not yet acknowledged (to ``peer``, or to anyone)."""
        return 0 if self._private is None else self._private.pending(peer)

    # --- events ---------------------------------------------------------------------------

    async def next_event(self, timeout: float | None = None) -> NetEvent:
        """The next event; raises ``MeshClosed`` once closed, ``TimeoutError`` on timeout."""
        if self._closed and self._events.empty():
            raise MeshClosed("mesh closed")
        if timeout is None:
            event = await self._events.get()
        else:
            event = await asyncio.wait_for(self._events.get(), timeout)
        if event is None:
            self._events.put_nowait(None)  # keep telling other readers
            raise MeshClosed("mesh closed")
        return self._read(event)

    def take_events(self) -> list[NetEvent]:
        """The events queued now, taken without waiting (what the next calls of
        :meth:`next_event` would return at once)."""
        taken: list[NetEvent] = []
        while not self._events.empty():
            event = self._events.get_nowait()
            if event is None:
                self._events.put_nowait(None)  # keep telling other readers
                break
            taken.append(self._read(event))
        return taken

    def _read(self, event: NetEvent) -> NetEvent:
        """An event handed to the reader: its message leaves its sender's budget."""
        if isinstance(event, PrivateReceived | MessageReceived):
            self._queued_messages -= 1
            self._queued_bytes[event.peer] -= len(event.payload)
        return event

    async def events(self) -> AsyncIterator[NetEvent]:
        """Every event until the mesh closes."""
        while True:
            try:
                yield await self.next_event()
            except MeshClosed:
                return

    async def wait_for(
        self, predicate: Callable[[], bool], timeout: float, what: str = "condition"
    ) -> None:
        """Wait until ``predicate()`` holds, re-checking whenever this mesh's state changes.

        Raises :class:`~wizard_p2p.net._pulse.WaitTimeout` after ``timeout`` seconds.
        """
        self._require_started()
        assert self._pulse is not None
        await self._pulse.wait_for(predicate, timeout, what)

    # --- a modified client's seam (the adversarial tests; see the module's docstring) -----

    def filter_sends(self, send_filter: SendFilter | None) -> None:
        """Pass the parts of every frame sent from now on, to a peer or a watcher, through
        ``send_filter(receiver's key, parts)`` and send what it returns (None: as they are)."""
        self._send_filter = send_filter
        self._watchers.send_filter = send_filter

    def send_raw(self, peer_key: str, parts: Sequence[bytes], *, wait_ms: int = 0) -> bool:
        """Put ``parts`` on the link to a seated peer as they are: no encoding, no filter,
        no counter. Wait up to ``wait_ms`` for the link to take them (0: not at all);
        False if it did not."""
        peer = self._peers.get(peer_key)
        if peer is None or peer.sender is None or self._closed:
            return False
        if wait_ms <= 0:
            return send_now(peer.sender, parts)
        return send_within(peer.sender, parts, wait_ms)

    # --- internals: sending -------------------------------------------------------------

    def _send_frame(self, peer_key: str, frame: MeshFrame) -> bool:
        peer = self._peers.get(peer_key)
        if peer is None or peer.sender is None or self._closed:
            self.stats.send_failures += 1
            return False
        parts = encode_mesh(frame, self.game_id)
        if self._send_filter is not None:
            parts = self._send_filter(peer_key, parts)
        if send_now(peer.sender, parts):
            # Only other frames stand in for a heartbeat (a heartbeat must not skip the next).
            peer.sent_lately = peer.sent_lately or not isinstance(frame, Heartbeat)
            self.stats.frames_out += 1
            self.stats.bytes_out += sum(len(part) for part in parts)
            return True
        self.stats.send_failures += 1
        return False

    def _check_payload(self, payload: bytes) -> None:
        checked_payload(payload, self.config.max_payload)

    def _require_peer(self, peer: str) -> None:
        if peer not in self._peers:
            raise UsageError(f"unknown peer {peer!r:.50}")

    def _require_seated(self) -> None:
        if self.watching:
            raise UsageError("a watching mesh sends no message")

    def _require_started(self) -> None:
        if self._receive_context is None:
            raise UsageError("mesh not started")
        if self._closed:
            raise MeshClosed("mesh closed")

    # --- internals: links -----------------------------------------------------------------

    def _link_ready(self, peer: Peer) -> bool:
        # Sends fail while a link is down (IMMEDIATE): once it is up, tell the peer
        # our length and push what it has not acknowledged now, not at the next
        # heartbeat or resend (this is what lets a game's first entries through fast).
        if not self._peer_returned(peer):
            return False
        if self.replicator is not None:
            self.replicator.tick(asyncio.get_running_loop().time())  # push now
        return True

    # --- internals: receiving ---------------------------------------------------------------

    def _handle(self, frames: list[zmq.Frame]) -> None:
        self.stats.frames_in += 1
        self.stats.bytes_in += sum(len(f.bytes) for f in frames[1:])
        try:
            sender = frames[-1].get("User-Id")
        except (zmq.ZMQError, KeyError, UnicodeDecodeError):
            sender = None
        peer = self._peers.get(sender) if isinstance(sender, str) else None
        if peer is None:
            self.stats.unknown_sender += 1
            return
        if frames[0].bytes != peer.key.encode("ascii"):
            # Another peer dialling with this routing id could steal the slot
            # (ROUTER_HANDOVER); we never trust the id, but we flag the abuse.
            self._malformed(peer.key, "routing id is not the sender's key")
            return
        try:
            game_id, frame = decode_mesh(
                [f.bytes for f in frames[1:]],
                max_payload=self.config.max_payload,
                max_sync=self.config.sync_batch,
            )
        except FrameError as exc:
            self._malformed(peer.key, exc.reason)
            return
        if game_id != self.game_id:
            self.stats.foreign_game += 1
            self._malformed(peer.key, "frame of another game")
            return
        if self.watching and not isinstance(frame, Heartbeat | Ack | Entry):
            self._malformed(peer.key, NOT_TO_A_WATCHER)  # players send a watcher no other
            return
        self._liveness.heard(peer)
        self._dispatch(peer, frame)

    def _dispatch(self, peer: Peer, frame: MeshFrame) -> None:
        replicator = self.replicator
        match frame:
            case Heartbeat(epoch=epoch, length=length, tip=tip):
                if peer.epoch and peer.epoch != epoch:
                    self._emit(PeerRestarted(peer.key, peer.epoch, epoch))
                    self._peer_returned(peer)
                peer.epoch = epoch
                peer.log_length, peer.tip = length, tip
                if replicator is not None:
                    replicator.on_ack(peer.key, length, tip)
            case Ack(length=length, tip=tip):
                peer.log_length, peer.tip = length, tip
                if replicator is not None:
                    replicator.on_ack(peer.key, length, tip)
            case Entry():
                if replicator is None:
                    self.stats.unattached += 1
                    return
                replicator.on_entry_frame(peer.key, frame)
                self._schedule_ack_flush()
            case SyncRequest():
                if replicator is None:
                    self.stats.unattached += 1
                    return
                replicator.on_sync_request(peer.key, frame)
            case Private(epoch=epoch, seq=seq, payload=payload):
                assert self._private is not None
                if not self._may_queue(peer.key, payload):
                    # Not acknowledged: the sender will offer it again later.
                    self.stats.queue_overflow += 1
                    return
                self._send_frame(peer.key, PrivateAck(epoch, seq))
                if self._private.accept(peer.key, epoch, seq):
                    self.stats.private_delivered += 1
                    self._queue_message(PrivateReceived(peer.key, payload))
                else:
                    self.stats.private_duplicates += 1
            case PrivateAck(epoch=epoch, seq=seq):
                assert self._private is not None
                self._private.on_ack(peer.key, epoch, seq)
            case Control(payload=payload):
                if not self._may_queue(peer.key, payload):
                    self.stats.queue_overflow += 1
                    return
                self._queue_message(MessageReceived(peer.key, payload))

    def _schedule_ack_flush(self) -> None:
        # Acks are flushed after the ack delay: a burst of entries
        # (a sync answer) is acknowledged once, not entry by entry.
        if not self._ack_flush_scheduled:
            self._ack_flush_scheduled = True
            asyncio.get_running_loop().call_later(self.config.ack_delay, self._flush_acks)

    def _flush_acks(self) -> None:
        self._ack_flush_scheduled = False
        if self.replicator is not None and not self._closed:
            self.replicator.flush_acks()

    def _malformed(self, peer: str, reason: str) -> None:
        self.stats.malformed[peer] += 1
        self.stats.malformed_reasons[reason] += 1
        self.stats.last_malformed[peer] = reason
        count = self.stats.malformed[peer]
        if count <= _LOG_FIRST or count % 1000 == 0:
            _log.warning("dropped malformed frame #%d from %s: %s", count, peer, reason)

    def _peer_returned(self, peer: Peer) -> bool:
        """Tell it our length now and have what it lacks (entries, private messages) go
        out at the next tick; False if the link takes no frame yet."""
        if self.replicator is not None:
            self.replicator.peer_back(peer.key)
        if self._private is not None:
            self._private.peer_back(peer.key)
        return self._send_heartbeat(peer.key)

    def _emit(self, event: NetEvent) -> None:
        self._events.put_nowait(event)
        self._fire()

    def _may_queue(self, peer: str, payload: bytes) -> bool:
        """Whether a message from ``peer`` fits the count and its sender's byte budget."""
        return (
            self._queued_messages < self.config.max_queued_messages
            and self._queued_bytes.get(peer, 0) + len(payload) <= self.config.max_queued_bytes
        )

    def _queue_message(self, event: PrivateReceived | MessageReceived) -> None:
        self._queued_messages += 1
        self._queued_bytes[event.peer] = self._queued_bytes.get(event.peer, 0) + len(event.payload)
        self._emit(event)

    def _fire(self) -> None:
        if self._pulse is not None:
            self._pulse.fire()

    # --- internals: timers ------------------------------------------------------------------

    def _send_heartbeat(self, peer_key: str) -> bool:
        return self._send_frame(peer_key, self._heartbeat())

    def _heartbeat(self) -> Heartbeat:
        replicator = self.replicator
        tip = replicator.tip() if replicator is not None else ""
        return Heartbeat(self.epoch, self._log_length(), tip)

    def _log_length(self) -> int:
        return self.replicator.length() if self.replicator is not None else 0

    def _entry(self, position: int) -> bytes:
        assert self.replicator is not None  # a position below a length of 0 is never asked
        return self.replicator.entry(position)

    async def _timer_loop(self) -> None:
        loop = asyncio.get_running_loop()
        config = self.config
        step = min(config.heartbeat_interval, config.resend_interval, config.sync_timeout) / 2
        try:
            while True:
                now = loop.time()
                try:
                    self._liveness.tick(now)
                    self._watchers.tick(now)
                    if self.replicator is not None:
                        self.replicator.tick(now)
                    assert self._private is not None
                    self._private.tick(now)
                except Exception:
                    _log.exception("error in the mesh timer")
                self._fire()
                await asyncio.sleep(step)
        except asyncio.CancelledError:
            return
