"""The lobby: where joiners whose keys nobody knows yet reach the host.

Before a game the host does not know the joiners' CURVE keys, so the mesh's
allow-list cannot admit them. The host therefore opens a :class:`LobbyServer`:
a separate CURVE ROUTER under its own ZAP domain whose policy starts *open*
(any CURVE key may complete the handshake). Joiners connect a
:class:`LobbyClient`; the joiner must know the host's public key (it travels
in the invitation), so a joiner is never fooled by an impostor host.

Once the table is seated the host calls :meth:`LobbyServer.restrict` with the
seated keys: the ZAP policy becomes an allow-list, every later handshake from
another key is refused, and frames still arriving from other keys on
connections admitted earlier are dropped. :meth:`LobbyServer.close` ends the
lobby.

The lobby carries opaque payloads (the node puts JSON in them: hello with
name, keys and invite code; the seat list; the genesis to sign; signatures).
A client may send a *request* and await its *reply*
(:meth:`LobbyClient.request`, resent with the same id until answered; the
server replays its cached reply to a repeated request instead of delivering
it twice), send a one-way message, or receive *pushes* from the server. Pushes
wait for the node in a queue of at most ``NetConfig.max_queued_messages`` messages
and ``max_queued_bytes`` bytes, as the server's budgets for what it receives: past
that a push is dropped and counted (:attr:`LobbyClient.pushes_dropped`), so a
hostile host cannot fill a joiner's or a watcher's memory while nothing reads them.
The client notes when it last heard the server (:attr:`LobbyClient.last_heard`),
so that the node above can tell a host that vanished; either side may close with
a short linger, so that a last message (a goodbye) still leaves.

The lobby socket is open to whoever holds the invite code, so everything it takes in
has a budget (``NetConfig.lobby_*``, NET.md §7): a request is at most
``lobby_max_request`` bytes (the socket's ``MAXMSGSIZE``), each connection holds at
most ``lobby_rcvhwm`` unread messages (``RCVHWM``), each client key has a byte budget
(:mod:`wizard_p2p.net.lobby_budget`) charged for its messages and its handshakes, the
socket is read at most ``lobby_max_frames`` times a second, and what waits for the
node is bounded in messages and bytes. A client past its budget is *dropped for
flooding*: its key is refused from then on, its frames are discarded unread, and the
server reports a :class:`~wizard_p2p.net.events.SenderDropped` to whoever subscribed
(:meth:`LobbyServer.on_dropped`), so that the host's screen names it.

The server names a client by the Z85 key its handshake authenticated and sees
the client's IP address (``Peer-Address``), so the host can tell joiners how to
reach one another. Clients do not choose their routing id: the ROUTER assigns
one, and handover is off, so no client can take over another's connection.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import zmq
import zmq.asyncio
from zmq.auth.asyncio import AsyncioAuthenticator
from zmq.utils.monitor import parse_monitor_message

from wizard_p2p.errors import UsageError, WizardError
from wizard_p2p.net._pulse import Pulse
from wizard_p2p.net.auth import KeyPolicy, start_authenticator
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import SenderDropped
from wizard_p2p.net.frames import (
    MAX_HEADER,
    MAX_INT,
    FrameError,
    LobbyReply,
    LobbyRequest,
    decode_lobby_reply,
    decode_lobby_request,
    encode_lobby,
)
from wizard_p2p.net.keys import CurveKeys, check_z85_key
from wizard_p2p.net.lobby_budget import LobbyBudget
from wizard_p2p.net.sockets import (
    HANDSHAKE_FAILURES,
    AsyncService,
    ListeningService,
    bind,
    cancel_all,
    check_endpoint,
    checked_payload,
    close_monitored,
    curve_max_part,
    make_dealer,
    make_router,
    send_nowait,
)

_log = logging.getLogger(__name__)
# Replies remembered per client, to answer a repeated request without redoing it.
_REPLIES_KEPT = 64
# Clients remembered at once (an open lobby can be dialled with any number of keys).
_CLIENTS_KEPT = 256
# Drops remembered for whoever asks (the host's screen shows them as they come).
_DROPS_KEPT = 16
# The socket is read in slices of this many seconds, at most lobby_max_frames / 10 each.
_READ_SLICE = 0.1


class LobbyClosed(WizardError):
    """The lobby endpoint was closed."""


class LobbyRefused(WizardError):
    """The lobby server refused our key (it is not open, or we are not seated)."""


class LobbyTimeout(WizardError, TimeoutError):
    """No reply from the lobby server after every attempt."""


@dataclass(frozen=True)
class LobbyMessage:
    """A message from a lobby client. ``client`` is its authenticated Z85 key."""

    client: str
    address: str  # the client's IP address as the server's TCP socket sees it
    msg_id: int
    payload: bytes


@dataclass
class LobbyStats:
    received: int = 0
    malformed: Counter[str] = field(default_factory=Counter)
    last_malformed: dict[str, str] = field(default_factory=dict)
    not_admitted: int = 0  # frames from keys outside a restricted lobby
    repeated: int = 0  # repeated requests (answered from the reply cache)
    auth_failures: int = 0
    queue_overflow: int = 0
    flooders: int = 0  # client keys dropped for flooding
    discarded: int = 0  # frames of dropped clients, discarded unread


@dataclass
class _Client:
    routing_id: bytes
    address: str = ""
    replies: OrderedDict[int, list[bytes] | None] = field(default_factory=OrderedDict)


class LobbyServer(ListeningService):
    """The host's lobby socket. Open to any CURVE key until :meth:`restrict`."""

    _what = "lobby"

    def __init__(
        self,
        keys: CurveKeys,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        config: NetConfig | None = None,
    ) -> None:
        self.keys = keys
        self.config = config or NetConfig()
        self.stats = LobbyStats()
        self._host = host
        self._requested_port = port
        self._port: int | None = None
        self._policy = KeyPolicy(open_to_all=True)
        self._budget = LobbyBudget(
            burst=self.config.lobby_burst_bytes, rate=self.config.lobby_rate_bytes
        )
        self._policy.vet = self._vet_handshake
        self._clients: OrderedDict[str, _Client] = OrderedDict()
        self._queue: asyncio.Queue[LobbyMessage | None] = asyncio.Queue()
        self._queued_bytes = 0
        self._drop_listeners: list[Callable[[SenderDropped], None]] = []
        self.drops: deque[SenderDropped] = deque(maxlen=_DROPS_KEPT)
        self._context: zmq.asyncio.Context | None = None
        self._auth: AsyncioAuthenticator | None = None
        self._router: zmq.asyncio.Socket | None = None
        self._monitor: zmq.asyncio.Socket | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pulse: Pulse | None = None
        self._closed = False

    async def start(self) -> None:
        if self._context is not None:
            raise UsageError("lobby already started")
        loop = asyncio.get_running_loop()
        self._pulse = Pulse()
        self._context = zmq.asyncio.Context()
        try:
            self._auth = start_authenticator(
                self._context, {self.config.lobby_domain: self._policy}
            )
            # No handover: a client cannot take over another client's routing id.
            self._router = make_router(
                self._context, self.keys, domain=self.config.lobby_domain, config=self.config,
                handover=False, mandatory=True,
                max_message=curve_max_part(max(self.config.lobby_max_request, MAX_HEADER)),
                rcvhwm=self.config.lobby_rcvhwm,
            )
            self._monitor = self._router.get_monitor_socket(zmq.EVENT_HANDSHAKE_FAILED_AUTH)
            self._port = bind(self._router, self._host, self._requested_port, option="--port")
        except BaseException:
            await self._teardown()
            raise
        self._tasks = [
            loop.create_task(self._receive_loop(), name="lobby-receive"),
            loop.create_task(self._monitor_loop(), name="lobby-monitor"),
        ]

    @property
    def is_open(self) -> bool:
        """True while any CURVE key is admitted."""
        return self._policy.open_to_all and not self._closed

    def restrict(self, allowed: Iterable[str]) -> None:
        """Admit only ``allowed`` keys from now on (the seated players).

        Later handshakes from any other key are refused by ZAP; frames from
        other keys on connections admitted earlier are dropped.
        """
        keys = {check_z85_key(k, "seated key") for k in allowed}
        self._policy.allowed = keys
        self._policy.open_to_all = False
        for client in [c for c in self._clients if c not in keys]:
            del self._clients[client]

    async def recv(self, timeout: float | None = None) -> LobbyMessage:
        """The next message from a client; ``LobbyClosed`` once closed."""
        if self._closed and self._queue.empty():
            raise LobbyClosed("lobby closed")
        # asyncio.timeout, not wait_for: wait_for can return a message that arrived as
        # the caller was cancelled, and the cancellation is lost (the task runs on).
        async with asyncio.timeout(timeout):
            item = await self._queue.get()
        if item is None:
            self._queue.put_nowait(None)
            raise LobbyClosed("lobby closed")
        self._queued_bytes -= len(item.payload)
        return item

    def on_dropped(self, callback: Callable[[SenderDropped], None]) -> None:
        """``callback(event)`` each time a client is dropped for flooding."""
        self._drop_listeners.append(callback)

    def reply(self, message: LobbyMessage, payload: bytes) -> bool:
        """Answer ``message``; the answer is replayed if the client repeats it."""
        return self.answer(message.client, message.msg_id, payload)

    def answer(self, client_key: str, msg_id: int, payload: bytes) -> bool:
        """Answer request ``msg_id`` of ``client_key`` (``reply`` by the request's key
        and id, for a caller that keeps those rather than the message)."""
        frames = encode_lobby(LobbyReply(msg_id, self._payload(payload)))
        client = self._clients.get(client_key)
        if client is None:
            return False
        if msg_id in client.replies:
            client.replies[msg_id] = frames
        return self._send(client, frames)

    def push(self, client_key: str, payload: bytes) -> bool:
        """Send an unsolicited message to a connected client; False if it is not reachable."""
        client = self._clients.get(client_key)
        if client is None:
            return False
        return self._send(client, encode_lobby(LobbyReply(None, self._payload(payload))))

    @property
    def clients(self) -> tuple[str, ...]:
        """Keys of the clients heard from (and still admitted)."""
        return tuple(self._clients)

    async def wait_for(
        self, predicate: Callable[[], bool], timeout: float, what: str = "condition"
    ) -> None:
        if self._pulse is None:
            raise UsageError("lobby not started")
        await self._pulse.wait_for(predicate, timeout, what)

    async def close(self, linger: float = 0.0) -> None:
        """Close the lobby: its socket, its ZAP handler and its context. With ``linger``
        (seconds), messages already pushed get that long to leave."""
        if not self._closed:
            await self._teardown(linger)

    def _payload(self, payload: bytes) -> bytes:
        return checked_payload(payload, self.config.max_payload)

    def _send(self, client: _Client, frames: list[bytes]) -> bool:
        if self._router is None or self._closed:
            return False
        return send_nowait(self._router, [client.routing_id, *frames])

    async def _teardown(self, linger: float = 0.0) -> None:
        self._closed = True
        await cancel_all(self._tasks)
        self._tasks = []
        close_monitored(self._router, self._monitor, linger=int(linger * 1000))
        if self._auth is not None:
            self._auth.stop()
            await asyncio.sleep(0)
        if self._context is not None:
            self._context.destroy(linger=0)
        self._queue.put_nowait(None)
        if self._pulse is not None:
            self._pulse.fire()

    async def _monitor_loop(self) -> None:
        assert self._monitor is not None
        try:
            while True:
                event = parse_monitor_message(await self._monitor.recv_multipart())
                if event["event"] == zmq.EVENT_HANDSHAKE_FAILED_AUTH:
                    self.stats.auth_failures += 1
                    assert self._pulse is not None
                    self._pulse.fire()
        except (asyncio.CancelledError, zmq.ZMQError):
            return

    def _vet_handshake(self, key: str) -> bool:
        """A handshake of ``key`` (asked by ZAP): refused once the key is dropped, and
        charged to its budget (a client cut for a message past the size limit
        reconnects, and is dropped for it)."""
        if self._budget.dropped(key):
            return False
        if self._budget.charge(key, self.config.lobby_handshake_cost):
            return True
        client = self._clients.get(key)
        self._drop(key, client.address if client else "", "it connected again and again")
        return False

    def _drop(self, key: str, address: str, reason: str) -> None:
        self.stats.flooders += 1
        self._clients.pop(key, None)
        event = SenderDropped(key, address, reason)
        self.drops.append(event)
        _log.warning("lobby: dropped %s (%s) for flooding: %s", key, address or "?", reason)
        for callback in list(self._drop_listeners):
            try:
                callback(event)
            except Exception:
                _log.exception("error while reporting a dropped lobby client")

    async def _receive_loop(self) -> None:
        assert self._router is not None and self._pulse is not None
        per_slice = max(1, self.config.lobby_max_frames // round(1 / _READ_SLICE))
        slice_end = 0.0
        read = 0
        while True:
            now = time.monotonic()
            if now >= slice_end:
                slice_end, read = now + _READ_SLICE, 0
            elif read >= per_slice:
                # Read no faster than this: libzmq holds what waits (RCVHWM per
                # connection) and serves the connections in turn, an honest one too.
                await asyncio.sleep(slice_end - now)
                continue
            read += 1
            try:
                frames = await self._router.recv_multipart(copy=False)
            except asyncio.CancelledError:
                return
            except zmq.ZMQError as exc:
                if self._closed:
                    return
                _log.error("lobby receive failed: %s", exc)
                continue
            try:
                self._handle(frames)
            except Exception:
                _log.exception("error while handling a lobby frame")
            self._pulse.fire()

    def _handle(self, frames: list[zmq.Frame]) -> None:
        try:
            key = frames[-1].get("User-Id")
            address = frames[-1].get("Peer-Address")
        except (zmq.ZMQError, KeyError, UnicodeDecodeError):
            return
        if not isinstance(key, str) or not self._policy.admits(key):
            self.stats.not_admitted += 1
            return
        if self._budget.dropped(key):
            self.stats.discarded += 1
            return
        size = sum(len(f) for f in frames[1:])
        if not self._budget.charge(key, size + self.config.lobby_message_cost):
            self._drop(key, address if isinstance(address, str) else "",
                       f"it sent more than {self.config.lobby_rate_bytes} bytes a second")
            return
        try:
            message = decode_lobby_request(
                [f.bytes for f in frames[1:]], max_payload=self.config.lobby_max_request
            )
        except FrameError as exc:
            self.stats.malformed[key] += 1
            self.stats.last_malformed[key] = exc.reason
            _log.warning("lobby: dropped malformed frame from %s: %s", key, exc.reason)
            return
        self.stats.received += 1
        client = self._clients.get(key)
        where = address if isinstance(address, str) else ""
        if client is None:
            client = self._clients[key] = _Client(frames[0].bytes, where)
            while len(self._clients) > _CLIENTS_KEPT:
                self._clients.popitem(last=False)
        else:
            client.routing_id = frames[0].bytes  # it may have reconnected
            client.address = where
            self._clients.move_to_end(key)
        if message.msg_id in client.replies:
            self.stats.repeated += 1
            cached = client.replies[message.msg_id]
            if cached is not None:
                self._send(client, cached)
            return
        if (self._queue.qsize() >= self.config.max_queued_messages
                or self._queued_bytes + len(message.payload) > self.config.max_queued_bytes):
            self.stats.queue_overflow += 1
            return  # not recorded: a repeat of it is a new chance
        client.replies[message.msg_id] = None
        while len(client.replies) > _REPLIES_KEPT:
            client.replies.popitem(last=False)
        self._queued_bytes += len(message.payload)
        self._queue.put_nowait(LobbyMessage(key, where, message.msg_id, message.payload))


class LobbyClient(AsyncService):
    """A joiner's connection to a host's lobby at ``endpoint`` holding ``server_key``."""

    def __init__(
        self,
        keys: CurveKeys,
        endpoint: str,
        server_key: str,
        *,
        config: NetConfig | None = None,
    ) -> None:
        self.keys = keys
        self.endpoint = check_endpoint(endpoint)
        self.server_key = check_z85_key(server_key, "lobby server key")
        self.config = config or NetConfig()
        self._next_id = secrets.randbelow(2**48)
        self._waiters: dict[int, asyncio.Future[bytes]] = {}
        # Unbounded as a queue (the closing None always fits); _push keeps the budgets.
        self._pushes: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._pushed_bytes = 0
        self.pushes_dropped = 0  # pushes past the budgets, dropped
        self._context: zmq.asyncio.Context | None = None
        self._dealer: zmq.asyncio.Socket | None = None
        self._monitor: zmq.asyncio.Socket | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._refused = False
        self._closed = False
        self.malformed = 0
        # When the server was last heard (time.monotonic()): any reply or push.
        self.last_heard = time.monotonic()

    async def start(self) -> None:
        if self._context is not None:
            raise UsageError("lobby client already started")
        loop = asyncio.get_running_loop()
        self._context = zmq.asyncio.Context()
        # Messages wait in the queue until the link is up (IMMEDIATE off); the
        # server assigns our routing id.
        self._dealer = make_dealer(
            self._context, self.keys, self.server_key, config=self.config,
            routing_id=None, immediate=False,
        )
        self._monitor = self._dealer.get_monitor_socket(HANDSHAKE_FAILURES)
        self._dealer.connect(self.endpoint)
        self._tasks = [
            loop.create_task(self._receive_loop(), name="lobby-client-receive"),
            loop.create_task(self._monitor_loop(), name="lobby-client-monitor"),
        ]

    @property
    def refused(self) -> bool:
        """True once the server refused our handshake (libzmq will not retry)."""
        return self._refused

    def send(self, payload: bytes) -> int:
        """Send a one-way message; returns its id. Raises ``LobbyRefused``/``LobbyClosed``."""
        msg_id = self._new_id()
        self._transmit(msg_id, payload)
        return msg_id

    async def request(self, payload: bytes, *, timeout: float = 2.0, attempts: int = 3) -> bytes:
        """Send ``payload`` and return the server's reply.

        Sent again with the same id every ``timeout`` seconds, ``attempts``
        times in all; raises ``LobbyTimeout`` if no reply came, ``LobbyRefused``
        as soon as the server refuses our key.
        """
        if attempts < 1 or timeout <= 0:
            raise UsageError("attempts must be >= 1 and timeout > 0")
        msg_id = self._new_id()
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._waiters[msg_id] = future
        try:
            for _ in range(attempts):
                self._transmit(msg_id, payload)
                try:
                    async with asyncio.timeout(timeout):  # not wait_for: see LobbyServer.recv
                        return await asyncio.shield(future)
                except TimeoutError:
                    continue
            raise LobbyTimeout(f"no reply from the lobby at {self.endpoint}")
        finally:
            self._waiters.pop(msg_id, None)
            if not future.done():
                future.cancel()

    async def recv(self, timeout: float | None = None) -> bytes:
        """The next message the server pushed (not a reply to a request)."""
        if self._closed and self._pushes.empty():
            raise LobbyClosed("lobby client closed")
        async with asyncio.timeout(timeout):  # not wait_for: see LobbyServer.recv
            item = await self._pushes.get()
        if item is None:
            self._pushes.put_nowait(None)
            raise LobbyRefused("the lobby refused us") if self._refused else LobbyClosed(
                "lobby client closed"
            )
        self._pushed_bytes -= len(item)
        return item

    async def close(self, linger: float = 0.0) -> None:
        """Close the connection; with ``linger`` (seconds), messages already sent get that
        long to leave."""
        if self._closed:
            return
        self._closed = True
        await cancel_all(self._tasks)
        close_monitored(self._dealer, self._monitor, linger=int(linger * 1000))
        if self._context is not None:
            self._context.destroy(linger=0)
        self._fail_all(LobbyClosed("lobby client closed"))

    def _new_id(self) -> int:
        msg_id = self._next_id
        self._next_id = (self._next_id + 1) % (MAX_INT + 1)
        return msg_id

    def _transmit(self, msg_id: int, payload: bytes) -> None:
        if self._closed or self._dealer is None:
            raise LobbyClosed("lobby client closed or not started")
        if self._refused:
            raise LobbyRefused(f"the lobby at {self.endpoint} refused our key")
        payload = checked_payload(payload, self.config.max_payload)
        # A full queue (server unreachable for long) loses this copy; request() resends.
        send_nowait(self._dealer, encode_lobby(LobbyRequest(msg_id, bytes(payload))))

    def _push(self, payload: bytes) -> None:
        if (self._pushes.qsize() >= self.config.max_queued_messages
                or self._pushed_bytes + len(payload) > self.config.max_queued_bytes):
            if not self.pushes_dropped:
                _log.warning("lobby client: pushes from %s past the budget are dropped",
                             self.endpoint)
            self.pushes_dropped += 1
            return
        self._pushed_bytes += len(payload)
        self._pushes.put_nowait(payload)

    def _fail_all(self, error: Exception) -> None:
        for future in self._waiters.values():
            if not future.done():
                future.set_exception(error)
                future.exception()  # mark retrieved: request() re-raises it
        self._pushes.put_nowait(None)

    async def _monitor_loop(self) -> None:
        assert self._monitor is not None
        try:
            while True:
                event = parse_monitor_message(await self._monitor.recv_multipart())
                if event["event"] & HANDSHAKE_FAILURES:
                    _log.warning("lobby at %s refused the handshake", self.endpoint)
                    self._refused = True
                    self._fail_all(LobbyRefused(f"the lobby at {self.endpoint} refused our key"))
                    return
        except (asyncio.CancelledError, zmq.ZMQError):
            return

    async def _receive_loop(self) -> None:
        assert self._dealer is not None
        while True:
            try:
                frames = await self._dealer.recv_multipart()
            except asyncio.CancelledError:
                return
            except zmq.ZMQError:
                if self._closed:
                    return
                continue
            try:
                reply = decode_lobby_reply(frames, max_payload=self.config.max_payload)
            except FrameError as exc:
                self.malformed += 1
                _log.warning("lobby client: dropped malformed frame: %s", exc.reason)
                continue
            self.last_heard = time.monotonic()
            if reply.reply_to is None:
                self._push(reply.payload)
                continue
            future = self._waiters.get(reply.reply_to)
            if future is not None and not future.done():
                future.set_result(reply.payload)
