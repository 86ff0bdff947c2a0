"""Helpers for testing code that runs over the mesh: an in-memory log and a faulty link.

* :class:`MemoryStore` — the simplest :class:`~wizard_p2p.net.replicate.EntryStore`
  plus an ``accept`` method usable as ``on_entry`` (with an optional validator).
* :func:`connect_all` — add every mesh of a list as a peer of every other.
* :class:`FaultProxy` — a TCP relay on the loopback interface to put between
  two peers. It can *blackhole* a link (keep the connections, silently discard
  every byte, as a cable pulled without a reset would) and *restore* it (the
  streams that lost bytes are cut, so the peers reconnect cleanly), or
  *drop* every connection at once. It relays bytes only; it never reads them.

Only loopback addresses are accepted: this is a test tool, never a relay.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Callable

from wizard_p2p.errors import UsageError
from wizard_p2p.net._pulse import Pulse
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.mesh import Mesh

_CHUNK = 65536

# Timers fast enough for tests on loopback to see silence, resends and redials in
# well under a second.
FAST_TIMERS = NetConfig(
    heartbeat_interval=0.05,
    silence_limit=0.4,
    resend_interval=0.15,
    ack_delay=0.03,
    sync_timeout=0.4,
    redial_interval=0.1,
    reconnect_ivl_ms=20,
    reconnect_ivl_max_ms=200,
)


class MemoryStore:
    """An append-only list of entries; ``accept`` appends what ``validator`` approves."""

    def __init__(
        self,
        entries: list[bytes] | None = None,
        validator: Callable[[int, bytes], bool] | None = None,
    ) -> None:
        self.entries: list[bytes] = list(entries or [])
        self.validator = validator
        self.sources: list[str | None] = [None] * len(self.entries)
        self.offered: list[tuple[int, bytes, str]] = []

    def length(self) -> int:
        return len(self.entries)

    def get(self, position: int) -> bytes:
        return self.entries[position]

    def append(self, data: bytes) -> int:
        """Append the node's own entry; returns its position (then call ``mesh.publish``)."""
        self.entries.append(bytes(data))
        self.sources.append(None)
        return len(self.entries) - 1

    def accept(self, position: int, data: bytes, peer: str) -> bool:
        self.offered.append((position, data, peer))
        if position != len(self.entries):
            return False
        if self.validator is not None and not self.validator(position, data):
            return False
        self.entries.append(data)
        self.sources.append(peer)
        return True


def _require_loopback(host: str) -> None:
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise UsageError(f"FaultProxy works on loopback addresses only, not {host!r}")


class FaultProxy:
    """A loopback TCP relay to ``upstream_host:upstream_port`` that can lose a link."""

    def __init__(self, upstream_host: str, upstream_port: int, *, host: str = "127.0.0.1") -> None:
        _require_loopback(upstream_host)
        _require_loopback(host)
        self._upstream = (upstream_host, upstream_port)
        self._host = host
        self._server: asyncio.Server | None = None
        self._links: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._pulse = Pulse()
        self.blackholed = False
        self.forwarded_bytes = 0
        self.discarded_bytes = 0
        self.connections = 0

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._on_client, self._host, 0)

    @property
    def port(self) -> int:
        if self._server is None:
            raise UsageError("proxy not started")
        return int(self._server.sockets[0].getsockname()[1])

    @property
    def endpoint(self) -> str:
        return f"tcp://{self._host}:{self.port}"

    def blackhole(self) -> None:
        """Keep every connection open but discard all bytes, both ways, from now on."""
        self.blackholed = True

    def restore(self) -> None:
        """Relay again. Connections that lost bytes are cut, so peers redial afresh."""
        self.blackholed = False
        self.drop()

    def drop(self) -> None:
        """Cut every current connection at once (what was in flight is lost)."""
        for client, upstream in list(self._links):
            for writer in (client, upstream):
                writer.transport.abort()
        self._links.clear()

    async def wait_for(self, predicate: Callable[[], bool], timeout: float) -> None:
        await self._pulse.wait_for(predicate, timeout, "proxy condition")

    async def close(self) -> None:
        self.drop()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _on_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self._upstream)
        except OSError:
            writer.transport.abort()
            return
        self.connections += 1
        link = (writer, up_writer)
        self._links.add(link)
        self._pulse.fire()
        for src, dst in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.get_running_loop().create_task(self._pump(src, dst, link))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(
        self,
        src: asyncio.StreamReader,
        dst: asyncio.StreamWriter,
        link: tuple[asyncio.StreamWriter, asyncio.StreamWriter],
    ) -> None:
        try:
            while chunk := await src.read(_CHUNK):
                if self.blackholed or link not in self._links:
                    self.discarded_bytes += len(chunk)
                else:
                    dst.write(chunk)
                    await dst.drain()
                    self.forwarded_bytes += len(chunk)
                self._pulse.fire()
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            if link in self._links:
                self._links.discard(link)
                for writer in link:
                    with contextlib.suppress(Exception):
                        writer.transport.abort()
            self._pulse.fire()


def connect_all(meshes: list[Mesh]) -> None:
    """Make ``meshes`` a full mesh: every one admits and dials every other."""
    for mesh in meshes:
        for other in meshes:
            if other is not mesh:
                mesh.add_peer(other.public_key, other.endpoint)
