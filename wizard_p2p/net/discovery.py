"""DNS-SD over multicast DNS on the local network: announce a service, browse for others.

python-zeroconf does the multicast DNS. This module knows no game: a service is an
instance name, a port, IPv4 addresses and a TXT record whose bytes it passes on
untouched (the protocol layer writes and reads them, protocol/NET.md §9).

* :class:`Announcer` announces one service of :data:`SERVICE_TYPE` on every
  interface that carries multicast, replaces its TXT record (``update``) and
  withdraws it (``close``: the goodbye packets tell every browser at once). Its
  zeroconf runs on a thread of its own, so that a host's game loop never reads the
  link's multicast DNS; a registration that fails later is told to ``on_failure``.
* :class:`Browser` browses for services of that type, on the caller's loop, and
  holds what it heard: at most ``limit`` services whose records the layer above
  can read (``readable``), each with a TXT record of at most
  :data:`MAX_TEXT_BYTES`; the others are counted, never held, and a service passed
  over while the list is full is read again when a place frees.
  ``subscribe(callback)`` asks to be called on the loop at each change.

Multicast needs an interface that is up, not the loopback, and has multicast on.
Where there is none, the interfaces cannot be listed, or zeroconf cannot open its
sockets, both raise :class:`DiscoveryUnavailable`, whose text says why in a few
words.

Zeroconf's own record cache is not bounded by this module: it holds whatever
records the link sends until their TTLs run out (protocol/NET.md §9).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import socket
import struct
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from zeroconf import Error as ZeroconfError
from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from wizard_p2p.errors import WizardError

__all__ = [
    "FAILED",
    "LISTEN_ELSEWHERE",
    "MAX_SERVICES",
    "MAX_TEXT_BYTES",
    "NO_INTERFACE",
    "SERVICE_TYPE",
    "Announcer",
    "Browser",
    "DiscoveryUnavailable",
    "Heard",
    "Lookup",
    "multicast_interfaces",
]

log = logging.getLogger(__name__)
# zeroconf logs a failed send as a warning; with no handler of its own, Python would write
# it raw over the console's screen. Whoever configures logging still sees it.
logging.getLogger("zeroconf").addHandler(logging.NullHandler())

SERVICE_TYPE = "_wizard-p2p._tcp.local."
MAX_SERVICES = 64  # services a browser holds at once
MAX_TEXT_BYTES = 1300  # TXT bytes a browser takes from one service
MAX_ADDRESSES = 8  # IPv4 addresses a browser keeps of one service
MAX_WAITING = 16 * MAX_SERVICES  # names a browser keeps of services it did not hold
# Seconds the records live in other machines' caches: a host that vanished without its
# goodbye (a crash, a cable) leaves their lists within this.
RECORD_TTL = 120
RESOLVE_TIMEOUT_MS = 3000
T = TypeVar("T")

_IFF_UP, _IFF_LOOPBACK, _IFF_MULTICAST = 0x1, 0x8, 0x1000
_SIOCGIFFLAGS, _SIOCGIFADDR, _SIOCGIFNETMASK = 0x8913, 0x8915, 0x891B
_NO_INTERFACE = (
    "no network interface here carries multicast: only the loopback is up, "
    "or multicast is switched off"
)


NO_INTERFACE, LISTEN_ELSEWHERE, FAILED = "no_interface", "listen_elsewhere", "failed"


class DiscoveryUnavailable(WizardError):
    """Multicast DNS cannot run here; the text says why (a clause, to go into a sentence).

    ``kind`` names the reason for a reader that says it in its own words:
    :data:`NO_INTERFACE`, :data:`LISTEN_ELSEWHERE` (``address``, the one listened on,
    carries no multicast) or :data:`FAILED` (zeroconf could not run; the text adds the
    system's words)."""

    def __init__(self, text: str, *, kind: str = FAILED, address: str = "") -> None:
        super().__init__(text)
        self.kind = kind
        self.address = address


@dataclass(frozen=True)
class Interface:
    name: str
    address: str
    network: ipaddress.IPv4Network


def _ioctl(sock: socket.socket, request: int, name: str) -> bytes:
    import fcntl

    return fcntl.ioctl(sock.fileno(), request, struct.pack("256s", name.encode()[:15]))


def multicast_interfaces() -> list[Interface]:
    """The interfaces multicast DNS can use: up, not the loopback, multicast on, with an
    IPv4 address (Linux reads the flags; elsewhere every non-loopback address counts).
    Raises OSError where the interfaces cannot be listed (a sandbox)."""
    try:
        import fcntl  # noqa: F401
    except ImportError:
        return _interfaces_from_ifaddr()
    found: list[Interface] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            try:
                flags = struct.unpack_from("H", _ioctl(sock, _SIOCGIFFLAGS, name), 16)[0]
                if not flags & _IFF_UP or flags & _IFF_LOOPBACK or not flags & _IFF_MULTICAST:
                    continue
                address = socket.inet_ntoa(_ioctl(sock, _SIOCGIFADDR, name)[20:24])
                netmask = socket.inet_ntoa(_ioctl(sock, _SIOCGIFNETMASK, name)[20:24])
            except OSError:
                continue  # no IPv4 address
            network = ipaddress.IPv4Network(f"{address}/{netmask}", strict=False)
            found.append(Interface(name, address, network))
    return found


def _interfaces_from_ifaddr() -> list[Interface]:
    import ifaddr

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                network = ipaddress.IPv4Network(f"{ip.ip}/{ip.network_prefix}", strict=False)
                found.append(Interface(str(adapter.nice_name), ip.ip, network))
    return found


def _interfaces(only: Sequence[str] = ()) -> list[Interface]:
    """The multicast interfaces (those of the addresses in ``only``, if given), or
    :class:`DiscoveryUnavailable`."""
    try:
        interfaces = multicast_interfaces()
    except OSError as exc:
        raise _unavailable(exc) from exc
    if only:
        interfaces = [i for i in interfaces if i.address in only]
        if not interfaces:
            raise DiscoveryUnavailable(
                f"it listens on {', '.join(only)}, the address of no interface that carries "
                "multicast", kind=LISTEN_ELSEWHERE, address=", ".join(only),
            )
    if not interfaces:
        raise DiscoveryUnavailable(_NO_INTERFACE, kind=NO_INTERFACE)
    return interfaces


def _unavailable(exc: BaseException) -> DiscoveryUnavailable:
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return DiscoveryUnavailable(
        f"multicast DNS could not run here ({detail or type(exc).__name__})"
    )


_FAILURES = (OSError, RuntimeError, ZeroconfError)  # what zeroconf raises when it cannot run


def _zeroconf_on_its_thread(interfaces: list[Interface]) -> Zeroconf:
    """Zeroconf on ``interfaces``, on a loop of its own in a thread it starts (which
    shares the caller's network namespace), so that reading the link's packets costs the
    caller's loop nothing."""
    try:
        return Zeroconf(interfaces=[i.address for i in interfaces], ip_version=IPVersion.V4Only,
                        use_asyncio=False)
    except _FAILURES as exc:
        raise _unavailable(exc) from exc


async def _on_loop_of(zc: Zeroconf, coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` on zeroconf's own loop and wait for it on this one (cancelling
    this wait cancels it there)."""
    loop = zc.loop
    try:
        assert loop is not None
        future = asyncio.run_coroutine_threadsafe(coroutine, loop)
    except (AssertionError, RuntimeError):
        coroutine.close()
        raise RuntimeError("zeroconf's loop is not running") from None
    return await asyncio.wrap_future(future)


class Announcer:
    """One service announced on the local network until :meth:`close`.

    ``instance`` is the service's instance name (the first label, at most 63 bytes; on a
    clash with another machine's, zeroconf appends a number), ``port`` the port it
    serves, ``text`` the TXT record's data, ``listen`` the address the service listens
    on ("" or 0.0.0.0: every interface). ``on_failure`` is called on the caller's loop,
    with the reason, if the announcement stops after :meth:`start` returned (the name
    could not be claimed, zeroconf stopped); :attr:`failure` then holds the reason.

    Zeroconf runs on its own thread and loop: it answers every other machine's queries
    and reads every multicast DNS packet on the link for as long as the service is
    announced, and none of that runs on the caller's loop. Each change of the records
    is handed to that loop, and waited for here.
    """

    def __init__(
        self,
        instance: str,
        port: int,
        text: bytes,
        *,
        listen: str = "",
        on_failure: Callable[[DiscoveryUnavailable], None] | None = None,
    ) -> None:
        self.instance = instance
        self.port = port
        self.text = text
        self.failure: DiscoveryUnavailable | None = None  # why the announcement stopped
        self._on_failure = on_failure
        self._only = () if listen in ("", "0.0.0.0") else (listen,)
        self._zc: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._addresses: list[str] = []
        self._host = f"wizard-{os.urandom(4).hex()}.local."
        self._lock = asyncio.Lock()  # one change of the records at a time
        self._registering: asyncio.Task[None] | None = None
        self._releasing: asyncio.Task[None] | None = None
        # The announcements zeroconf goes on sending after a registration or an update:
        # touched on zeroconf's loop alone, ended before the goodbyes.
        self._broadcasts: set[asyncio.Future[object]] = set()

    def _service(self, text: bytes) -> ServiceInfo:
        name = self._info.name if self._info is not None else f"{self.instance}.{SERVICE_TYPE}"
        return ServiceInfo(
            SERVICE_TYPE, name, port=self.port, properties=text, server=self._host,
            host_ttl=RECORD_TTL, other_ttl=RECORD_TTL, parsed_addresses=self._addresses,
        )

    async def start(self) -> None:
        """Open multicast DNS and announce the service; raises :class:`DiscoveryUnavailable`
        if it cannot run here. It returns at once: the probes that check the name is free
        (about a second) and the announcement itself go on in the background."""
        interfaces = _interfaces(self._only)
        self._addresses = [i.address for i in interfaces]
        self._zc = _zeroconf_on_its_thread(interfaces)
        self._registering = asyncio.ensure_future(self._register(self._zc))

    async def registered(self) -> None:
        """Wait until the registration started by :meth:`start` is over: the name
        claimed and the service announced, or ``failure`` saying why not."""
        if self._registering is not None:
            await asyncio.gather(self._registering, return_exceptions=True)

    @property
    def running(self) -> bool:
        """Whether multicast DNS runs for this service (its own thread): from
        :meth:`start` until :meth:`close`, or until a failure stops it."""
        return self._zc is not None

    async def _register(self, zc: Zeroconf) -> None:
        try:
            async with self._lock:
                info = self._service(self.text)
                await _on_loop_of(zc, self._register_there(zc, info))
                self._info = info
        except _FAILURES as exc:
            self._failed(_unavailable(exc))
            return
        await self.update(self.text)  # a change made while the name was probed

    def _failed(self, reason: DiscoveryUnavailable) -> None:
        self.failure = reason
        log.warning("the service is not announced: %s", reason)
        self._releasing = asyncio.ensure_future(self._release())
        if self._on_failure is not None:
            try:
                self._on_failure(reason)
            except Exception:
                log.exception("telling that the service is not announced")

    async def _register_there(self, zc: Zeroconf, info: ServiceInfo) -> None:
        self._keep(await zc.async_register_service(info, allow_name_change=True))

    async def _update_there(self, zc: Zeroconf, info: ServiceInfo) -> None:
        self._keep(await zc.async_update_service(info))

    def _keep(self, broadcast: Awaitable[object]) -> None:
        future = asyncio.ensure_future(broadcast)
        self._broadcasts.add(future)
        future.add_done_callback(self._broadcasts.discard)

    async def update(self, text: bytes) -> None:
        """Replace the TXT record: browsers hear the new one at once."""
        self.text = text
        async with self._lock:
            zc, info = self._zc, self._info
            if zc is None or info is None or info.text == text:
                return  # not announced (yet: it is announced with the latest text)
            info = self._service(text)
            try:
                await _on_loop_of(zc, self._update_there(zc, info))
            except _FAILURES as exc:
                log.info("updating the service: %s", exc)
                return
            self._info = info

    async def _withdraw_there(self, zc: Zeroconf) -> None:
        """Goodbyes for whatever zeroconf registered, known here or not (a registration
        that ended as it was cancelled included)."""
        for broadcast in list(self._broadcasts):
            broadcast.cancel()
        for info in zc.registry.async_get_service_infos():
            await (await zc.async_unregister_service(info))

    async def _release(self) -> None:
        """Withdraw the service and stop zeroconf's thread."""
        async with self._lock:
            zc, self._zc, self._info = self._zc, None, None
        if zc is None:
            return
        try:
            await _on_loop_of(zc, self._withdraw_there(zc))
        except _FAILURES as exc:
            log.info("withdrawing the service: %s", exc)
        finally:
            try:
                await asyncio.to_thread(zc.close)  # joins zeroconf's thread: not on this loop
            except _FAILURES as exc:
                log.info("stopping multicast DNS: %s", exc)

    async def close(self) -> None:
        """Withdraw the service (goodbye packets) and stop; idempotent."""
        if self._registering is not None:
            self._registering.cancel()
            await asyncio.gather(self._registering, return_exceptions=True)
        if self._releasing is not None:
            await asyncio.shield(self._releasing)
        await self._release()


@dataclass(frozen=True)
class Heard:
    """A service a browser heard: the address to reach it at (on one of this machine's
    networks where it has one there), every IPv4 address it gave, its port, its TXT data."""

    instance: str
    address: str
    addresses: tuple[str, ...]
    port: int
    text: bytes


def _nearest(addresses: list[str], networks: list[ipaddress.IPv4Network]) -> str:
    for address in addresses:
        if any(ipaddress.IPv4Address(address) in net for net in networks):
            return address
    return addresses[0]


# A service's record read: its IPv4 addresses, port and TXT data, or None until it is
# complete (its next record brings it back).
Lookup = Callable[[str], Awaitable[tuple[list[str], int, bytes] | None]]


class Browser:
    """The services of :data:`SERVICE_TYPE` on the local network, as they come and go.

    ``readable(heard)`` says whether a service's record is one the layer above can read
    (the protocol's announcement, with this module knowing no game); only readable
    services are held, so at most ``limit`` of them. A service heard while that many
    are held or being read is passed over: its name waits (at most
    :data:`MAX_WAITING` names, the oldest forgotten first) and is read again as soon
    as a place frees. A service whose record is not readable is not held either; it is
    read again when its record changes.

    Zeroconf runs on the caller's loop: a browser lives while a person chooses a table,
    before any game runs.
    """

    def __init__(
        self, *, limit: int = MAX_SERVICES, readable: Callable[[Heard], bool] = lambda _: True,
        lookup: Lookup | None = None,
    ) -> None:
        self.limit = limit
        self.readable = readable
        # How a service's record is read: by multicast DNS unless told (``Lookup``).
        self._lookup: Lookup = lookup if lookup is not None else self._lookup_by_mdns
        self.heard: dict[str, Heard] = {}
        self._waiting: dict[str, None] = {}  # names passed over, oldest first
        self._unreadable: dict[str, None] = {}  # names whose record could not be read
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._callbacks: list[Callable[[], None]] = []
        self._networks: list[ipaddress.IPv4Network] = []

    @property
    def ignored(self) -> int:
        """Services heard and not held: their records unreadable (or too large), or
        passed over while the list was full."""
        return len(self._waiting) + len(self._unreadable)

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` on the loop at each change (a service passed over or
        found unreadable included). A callback that raises is logged, and the others
        are still called."""
        self._callbacks.append(callback)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            try:
                callback()
            except Exception:
                log.exception("a subscriber of the browser failed")

    async def start(self) -> None:
        """Start browsing; raises :class:`DiscoveryUnavailable` if it cannot here."""
        interfaces = _interfaces()
        self._networks = [i.network for i in interfaces]
        try:
            self._zc = AsyncZeroconf(interfaces=[i.address for i in interfaces],
                                     ip_version=IPVersion.V4Only)
            self._browser = AsyncServiceBrowser(
                self._zc.zeroconf, [SERVICE_TYPE], handlers=[self._on_change]
            )
        except _FAILURES as exc:
            await self.close()
            raise _unavailable(exc) from exc

    def _on_change(self, **change: Any) -> None:
        """Zeroconf's handler: the change it reports, to :meth:`service_changed`."""
        self.service_changed(change["name"], change["state_change"])

    def service_changed(self, name: str, state: ServiceStateChange) -> None:
        """A service of ``name`` was added, updated or removed on the network: it is
        read (``lookup``), passed over, read again or forgotten."""
        if state is ServiceStateChange.Removed:
            self._forget(name)
            return
        if name in self._resolving:
            self._again.add(name)  # resolved again once the current answer is in
        elif name in self.heard or self._has_room():
            self._unreadable.pop(name, None)
            self._resolving[name] = asyncio.ensure_future(self._resolve(name))
        elif name not in self._waiting:
            self._unreadable.pop(name, None)
            _bounded_add(self._waiting, name)
            self._notify()

    def _has_room(self) -> bool:
        return len(self.heard) + len(self._resolving) < self.limit

    def _forget(self, name: str) -> None:
        task = self._resolving.pop(name, None)
        if task is not None:
            task.cancel()
        self._again.discard(name)
        held = self.heard.pop(name, None) is not None
        waiting = name in self._waiting or name in self._unreadable
        self._waiting.pop(name, None)
        self._unreadable.pop(name, None)
        self._fill()
        if held or waiting:
            self._notify()

    def _fill(self) -> None:
        """Read the services passed over, oldest first, while there is room."""
        while self._waiting and self._has_room():
            name = next(iter(self._waiting))
            del self._waiting[name]
            self._resolving[name] = asyncio.ensure_future(self._resolve(name))

    async def _resolve(self, name: str) -> None:
        try:
            while True:
                self._again.discard(name)
                found = await self._lookup(name)
                if found is not None:
                    self._take(name, *found)
                if name not in self._again:
                    return
        finally:
            if self._resolving.get(name) is asyncio.current_task():
                del self._resolving[name]
                self._again.discard(name)
                self._fill()

    async def _lookup_by_mdns(self, name: str) -> tuple[list[str], int, bytes] | None:
        """The service's IPv4 addresses, port and TXT data, or None until it is complete
        (its next record brings it back here)."""
        zc = self._zc
        if zc is None:
            return None
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        try:
            found = await info.async_request(zc.zeroconf, RESOLVE_TIMEOUT_MS)
        except _FAILURES as exc:
            log.info("resolving %r: %s", name, exc)
            return None
        addresses = info.parsed_addresses(IPVersion.V4Only)[:MAX_ADDRESSES]
        if not found or not addresses or info.port is None:
            return None
        return addresses, info.port, bytes(info.text)

    def _take(self, name: str, addresses: list[str], port: int, text: bytes) -> None:
        heard = Heard(name, _nearest(addresses, self._networks), tuple(addresses), port, text)
        if self.heard.get(name) == heard:
            return
        if len(text) > MAX_TEXT_BYTES or not self._readable(heard):
            self.heard.pop(name, None)
            _bounded_add(self._unreadable, name)
        else:
            self.heard[name] = heard
        self._notify()

    def _readable(self, heard: Heard) -> bool:
        try:
            return self.readable(heard)
        except Exception:
            log.exception("reading the record of %r", heard.instance)
            return False

    async def close(self) -> None:
        """Stop browsing; idempotent."""
        for task in list(self._resolving.values()):
            task.cancel()
        self._resolving.clear()
        self._waiting.clear()
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None
        with contextlib.suppress(*_FAILURES):
            if browser is not None:
                await browser.async_cancel()
            if zc is not None:
                await zc.async_close()


def _bounded_add(names: dict[str, None], name: str) -> None:
    """Add ``name`` last, forgetting the oldest beyond :data:`MAX_WAITING` (names come
    from anyone on the link)."""
    names.pop(name, None)
    names[name] = None
    while len(names) > MAX_WAITING:
        del names[next(iter(names))]
