"""ZeroMQ socket set-up shared by the mesh and the lobby, and non-blocking sends.

Options and why:

* ``LINGER=0`` — closing never waits for unsent messages (the default can hang
  shutdown); anything unacknowledged is resent by the application anyway.
* ``ROUTER_HANDOVER=1`` on the mesh's listening socket — a peer that restarts
  and reconnects with the same routing id takes over the old connection at
  once instead of being ignored until the old one times out.
* ``ROUTER_MANDATORY=1`` where a ROUTER sends (the lobby) — sending to a
  client that is gone fails loudly instead of being silently dropped.
* ``IMMEDIATE=1`` on mesh DEALERs — while a link is down, sends fail at once
  (``zmq.Again``) instead of piling up stale heartbeats; resend covers the gap.
* ``RECONNECT_IVL`` / ``RECONNECT_IVL_MAX`` — exponential back-off redialling.
* ``HEARTBEAT_IVL`` / ``HEARTBEAT_TIMEOUT`` — ZMTP pings tear down a TCP link
  whose other end vanished, so it is redialled.
* ``HANDSHAKE_IVL`` — a CURVE handshake that stalls is abandoned and retried.
* ``MAXMSGSIZE`` — a peer cannot make us allocate more than one frame's limit.
  libzmq compares it with each part as it travels, inside its CurveZMQ ``MESSAGE``
  command: the part's limit plus ``CURVE_OVERHEAD`` (:func:`curve_max_part`).
* On the lobby's ROUTER: ``MAXMSGSIZE`` of the largest lobby request (libzmq cuts a
  connection that announces a larger message, before it holds it) and ``RCVHWM`` —
  each connection holds few messages the host has not read (libzmq stops reading
  that connection meanwhile); see :mod:`wizard_p2p.net.lobby_channel`.
* On a DEALER to a watcher (:mod:`wizard_p2p.net.watchers`): ``SNDHWM`` and
  ``RCVHWM`` — a slow or flooding watcher holds few frames of ours either way
  (what does not fit is dropped: it catches up by sync); ``MAXMSGSIZE`` of a
  header — a watcher sends no payload.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import os
from collections.abc import Sequence
from types import TracebackType
from typing import Any, Protocol, Self, cast

import zmq
import zmq.asyncio

from wizard_p2p.errors import UsageError
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.frames import MAX_HEADER
from wizard_p2p.net.keys import CurveKeys, check_z85_key
from wizard_p2p.ports import release_port, take_listener

_log = logging.getLogger(__name__)

# What CurveZMQ wraps around each message part on the wire (the MESSAGE command's
# name, nonce, MAC and flags): libzmq's MAXMSGSIZE counts it.
CURVE_OVERHEAD = 33


def curve_max_part(part: int) -> int:
    """The ``MAXMSGSIZE`` that lets every part of up to ``part`` bytes through CURVE,
    and no larger one."""
    return part + CURVE_OVERHEAD


# Events a monitor reports when a CURVE handshake fails.
HANDSHAKE_FAILURES = (
    zmq.EVENT_HANDSHAKE_FAILED_AUTH
    | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL
    | zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL
)


def _common(sock: zmq.Socket, config: NetConfig) -> None:
    sock.setsockopt(zmq.LINGER, 0)
    sock.setsockopt(zmq.RECONNECT_IVL, config.reconnect_ivl_ms)
    sock.setsockopt(zmq.RECONNECT_IVL_MAX, config.reconnect_ivl_max_ms)
    sock.setsockopt(zmq.HANDSHAKE_IVL, config.handshake_timeout_ms)
    sock.setsockopt(zmq.HEARTBEAT_IVL, config.zmtp_heartbeat_ms)
    sock.setsockopt(zmq.HEARTBEAT_TIMEOUT, config.zmtp_heartbeat_timeout_ms)
    sock.setsockopt(zmq.MAXMSGSIZE, config.max_payload + MAX_HEADER)


def make_router(
    context: zmq.asyncio.Context,
    keys: CurveKeys,
    *,
    domain: str,
    config: NetConfig,
    handover: bool,
    mandatory: bool,
    max_message: int | None = None,
    rcvhwm: int | None = None,
) -> zmq.asyncio.Socket:
    """A CURVE-server ROUTER whose handshakes ZAP checks under ``domain`` (not yet bound).

    ``max_message``: the largest message part accepted (default: a frame's limit);
    ``rcvhwm``: messages each connection may hold unread (default: libzmq's)."""
    sock = context.socket(zmq.ROUTER)
    _common(sock, config)
    if max_message is not None:
        sock.setsockopt(zmq.MAXMSGSIZE, max_message)
    if rcvhwm is not None:
        sock.setsockopt(zmq.RCVHWM, rcvhwm)
    sock.setsockopt(zmq.CURVE_SERVER, 1)
    sock.setsockopt(zmq.CURVE_SECRETKEY, keys.secret.encode("ascii"))
    sock.setsockopt(zmq.CURVE_PUBLICKEY, keys.public.encode("ascii"))
    sock.setsockopt(zmq.ZAP_DOMAIN, domain.encode("ascii"))
    sock.setsockopt(zmq.ZAP_ENFORCE_DOMAIN, 1)
    sock.setsockopt(zmq.ROUTER_HANDOVER, 1 if handover else 0)
    sock.setsockopt(zmq.ROUTER_MANDATORY, 1 if mandatory else 0)
    return sock


def make_dealer(
    context: zmq.asyncio.Context,
    keys: CurveKeys,
    server_key: str,
    *,
    config: NetConfig,
    routing_id: bytes | None,
    immediate: bool,
) -> zmq.asyncio.Socket:
    """A CURVE-client DEALER that will only talk to the holder of ``server_key``."""
    sock = context.socket(zmq.DEALER)
    _common(sock, config)
    sock.setsockopt(zmq.CURVE_SERVERKEY, check_z85_key(server_key).encode("ascii"))
    sock.setsockopt(zmq.CURVE_PUBLICKEY, keys.public.encode("ascii"))
    sock.setsockopt(zmq.CURVE_SECRETKEY, keys.secret.encode("ascii"))
    if routing_id is not None:
        sock.setsockopt(zmq.ROUTING_ID, routing_id)
    sock.setsockopt(zmq.IMMEDIATE, 1 if immediate else 0)
    return sock


def batch_policy_allowed() -> bool:
    """Whether a thread of this process may run as a batch task (Linux).

    libzmq aborts the whole process when it cannot give its thread the policy asked
    (a sandbox that forbids the call, a process run at idle priority), so the call is
    tried on this thread first, and undone. Only from the normal policy: another (idle,
    real-time) is the user's choice, and might not be allowed back.
    """
    batch = getattr(os, "SCHED_BATCH", None)
    if batch is None or not hasattr(os, "sched_getscheduler"):
        return False
    try:
        if os.sched_getscheduler(0) != os.SCHED_OTHER:
            return False
        os.sched_setscheduler(0, batch, os.sched_param(0))
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    except OSError:
        return False
    return True


def bind(sock: zmq.Socket, host: str, port: int, *, option: str = "") -> int:
    """Bind ``sock`` to ``host:port`` (``port=0``: a random free port); return the port.
    ``option``: the command-line option that chose the port, named in the hint when
    another program holds it."""
    if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
        raise UsageError(f"port must be 0..65535, got {port!r}")
    literal = _host_literal(host)
    if ":" in host:
        sock.setsockopt(zmq.IPV6, 1)
    try:
        if port == 0:
            return sock.bind_to_random_port(f"tcp://{literal}")
        _bind_held(sock, host, literal, port)
    except zmq.ZMQError as exc:
        if exc.errno == errno.EADDRINUSE and option:
            raise UsageError(
                f"cannot listen on {host}:{port}: another program holds that port; choose "
                f"another with {option} (or {option} 0 for any free one)"
            ) from None
        raise UsageError(f"cannot listen on {host}:{port}: {exc}") from None
    return port


def _bind_held(sock: zmq.Socket, host: str, literal: str, port: int) -> None:
    """Bind to ``tcp://literal:port`` on the listening socket this process holds for
    ``host:port`` (:mod:`wizard_p2p.ports`: the dials already waiting there are taken
    over, not refused), or as usual when it holds none."""
    # ZMQ_USE_FD came with libzmq 4.2; a Windows socket handle is not a descriptor.
    fd = take_listener(host, port) if os.name == "posix" and hasattr(zmq, "USE_FD") else None
    if fd is None:
        release_port(port)  # held where it cannot be taken over: free for the bind
        sock.bind(f"tcp://{literal}:{port}")
        return
    try:
        sock.setsockopt(zmq.USE_FD, fd)
        sock.bind(f"tcp://{literal}:{port}")
    except BaseException:
        with contextlib.suppress(OSError):
            os.close(fd)  # not taken over
        raise


def _host_literal(host: str) -> str:
    if not isinstance(host, str) or not host:
        raise UsageError("host must be a non-empty string")
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return host  # a name or an interface: libzmq resolves it
    return f"[{addr}]" if addr.version == 6 else str(addr)


def tcp_endpoint(host: str, port: int) -> str:
    """``tcp://host:port`` with IPv6 literals bracketed."""
    return f"tcp://{_host_literal(host)}:{port}"


def check_endpoint(endpoint: str) -> str:
    """Return ``endpoint`` if it is a ``tcp://host:port`` address, else raise ``UsageError``."""
    if not isinstance(endpoint, str) or not endpoint.startswith("tcp://"):
        raise UsageError(f"endpoint must look like tcp://host:port, got {endpoint!r}")
    rest = endpoint[len("tcp://") :]
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) <= 65535:
        raise UsageError(f"endpoint must look like tcp://host:port, got {endpoint!r}")
    return endpoint


def send_only_twin(sock: zmq.asyncio.Socket) -> zmq.Socket:
    """A plain (non-asyncio) handle on ``sock`` for :func:`send_now`.

    Only for a socket nobody awaits a receive on: sending through the twin skips
    the asyncio wrapper's bookkeeping, which is also what re-arms its receivers.
    The twin does not own the socket; drop it when ``sock`` is closed.
    """
    return zmq.Socket.shadow(sock.underlying)


class Sender(Protocol):
    """Where :func:`send_now` queues frames: a :func:`send_only_twin`, or a route to
    one connection of a listening socket (a watcher's answers, see ``watchers``)."""

    def send_multipart(self, msg_parts: Sequence[bytes], flags: int = ...) -> Any: ...


def send_now(sock: Sender, frames: Sequence[bytes]) -> bool:
    """:func:`send_nowait` through a :func:`send_only_twin`: no future, no event-loop work."""
    try:
        sock.send_multipart(frames, flags=zmq.NOBLOCK)
    except zmq.ZMQError as exc:
        if exc.errno not in (zmq.EAGAIN, zmq.EHOSTUNREACH):
            _log.warning("send failed: %s", exc)
        return False
    return True


def send_within(sock: Sender, frames: Sequence[bytes], timeout_ms: int) -> bool:
    """:func:`send_now`, but waiting up to ``timeout_ms`` for the link to take the frames
    (blocking the caller: only the adversarial tests' flood waits). A sender that is no
    plain socket is not waited on."""
    if not isinstance(sock, zmq.Socket) or isinstance(sock, zmq.asyncio.Socket):
        return send_now(sock, frames)
    sock.setsockopt(zmq.SNDTIMEO, timeout_ms)
    try:
        sock.send_multipart(frames)
    except zmq.ZMQError:
        return False
    finally:
        sock.setsockopt(zmq.SNDTIMEO, -1)
    return True


def send_nowait(sock: zmq.asyncio.Socket, frames: Sequence[bytes]) -> bool:
    """Queue a multipart message without waiting; False if it could not be queued.

    ``zmq.Again`` (peer not connected, or its queue full) and
    ``EHOSTUNREACH`` (ROUTER_MANDATORY, client gone) both mean "not sent";
    the protocols above resend what matters.
    """
    future = cast("asyncio.Future[object]", sock.send_multipart(list(frames), flags=zmq.NOBLOCK))
    # With NOBLOCK pyzmq resolves the future at once; consume its outcome so
    # that an unread exception is never reported by asyncio.
    if not future.done():  # pragma: no cover - not reached with NOBLOCK
        future.cancel()
        return False
    exc = future.exception()
    if exc is None:
        return True
    if isinstance(exc, zmq.ZMQError) and exc.errno in (zmq.EAGAIN, zmq.EHOSTUNREACH):
        return False
    _log.warning("send failed: %s", exc)
    return False


def close_monitored(
    sock: zmq.Socket | None, monitor: zmq.Socket | None, *, linger: int = 0
) -> None:
    """Close a socket and its monitor socket (either may be None); never raises."""
    if sock is not None:
        with contextlib.suppress(zmq.ZMQError):
            sock.disable_monitor()
        sock.close(linger=linger)
    if monitor is not None:
        monitor.close(linger=0)


def checked_payload(payload: object, limit: int) -> bytes:
    """``payload`` as bytes; ``UsageError`` unless it is bytes-like of at most ``limit``."""
    if not isinstance(payload, bytes | bytearray | memoryview):
        raise UsageError("payload must be bytes")
    if len(payload) > limit:
        raise UsageError(f"payload of {len(payload)} bytes exceeds {limit}")
    return bytes(payload)


async def cancel_all(tasks: Sequence[asyncio.Task[Any]]) -> None:
    """Cancel the tasks and wait until each has ended (whatever it raised)."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


class AsyncService:
    """``async with service:`` starts it and closes it (subclasses define both)."""

    async def start(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


class ListeningService(AsyncService):
    """An :class:`AsyncService` that listens on ``_host``:``_port`` under CURVE ``keys``."""

    keys: CurveKeys
    _host: str
    _port: int | None
    _what = "service"  # how the "not started" error names it

    @property
    def port(self) -> int:
        if self._port is None:
            raise UsageError(f"{self._what} not started")
        return self._port

    @property
    def endpoint(self) -> str:
        """``tcp://host:port`` where it listens (dialable if host is)."""
        return tcp_endpoint(self._host, self.port)

    @property
    def public_key(self) -> str:
        """Its Z85 CURVE public key: what a peer must know to reach it."""
        return self.keys.public
