"""DNS-SD over multicast DNS on the local network: announce a service, browse for others.

python-zeroconf does the multicast DNS, on the caller's asyncio loop. This module
knows no game: a service is an instance name, a port, IPv4 addresses and a TXT
record whose bytes it passes on untouched (the protocol layer writes and reads
them, protocol/NET.md §9).

* :class:`Announcer` announces one service of :data:`SERVICE_TYPE` on every
  interface that carries multicast, replaces its TXT record (``update``) and
  withdraws it (``close``: the goodbye packets tell every browser at once).
* :class:`Browser` browses for services of that type and holds what it heard:
  at most ``limit`` services, each with a TXT record of at most
  :data:`MAX_TEXT_BYTES`; anything beyond is passed over and counted, never held.
  ``subscribe(callback)`` asks to be called on the loop at each change (a service
  passed over included).

Multicast needs an interface that is up, not the loopback, and has multicast on.
Where there is none, or zeroconf cannot open its sockets, both raise
:class:`DiscoveryUnavailable`, whose text says why in a few words.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import socket
import struct
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from zeroconf import Error as ZeroconfError
from zeroconf import IPVersion, ServiceStateChange
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from wizard_p2p.errors import WizardError

__all__ = [
    "MAX_SERVICES",
    "MAX_TEXT_BYTES",
    "SERVICE_TYPE",
    "Announcer",
    "Browser",
    "DiscoveryUnavailable",
    "Heard",
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
# Seconds the records live in other machines' caches: a host that vanished without its
# goodbye (a crash, a cable) leaves their lists within this.
RECORD_TTL = 120
RESOLVE_TIMEOUT_MS = 3000

_IFF_UP, _IFF_LOOPBACK, _IFF_MULTICAST = 0x1, 0x8, 0x1000
_SIOCGIFFLAGS, _SIOCGIFADDR, _SIOCGIFNETMASK = 0x8913, 0x8915, 0x891B
_NO_INTERFACE = (
    "no network interface here carries multicast: only the loopback is up, "
    "or multicast is switched off"
)


class DiscoveryUnavailable(WizardError):
    """Multicast DNS cannot run here; the text says why (a clause, to go into a sentence)."""


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
    IPv4 address (Linux reads the flags; elsewhere every non-loopback address counts)."""
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
    interfaces = multicast_interfaces()
    if only:
        interfaces = [i for i in interfaces if i.address in only]
        if not interfaces:
            raise DiscoveryUnavailable(
                f"it listens on {', '.join(only)}, the address of no interface that carries "
                "multicast"
            )
    if not interfaces:
        raise DiscoveryUnavailable(_NO_INTERFACE)
    return interfaces


def _unavailable(exc: Exception) -> DiscoveryUnavailable:
    detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return DiscoveryUnavailable(
        f"multicast DNS could not run here ({detail or type(exc).__name__})"
    )


def _start_zeroconf(interfaces: list[Interface]) -> AsyncZeroconf:
    try:
        return AsyncZeroconf(interfaces=[i.address for i in interfaces],
                             ip_version=IPVersion.V4Only)
    except (OSError, RuntimeError, ZeroconfError) as exc:
        raise _unavailable(exc) from exc


class Announcer:
    """One service announced on the local network until :meth:`close`.

    ``instance`` is the service's instance name (the first label, at most 63 bytes; on a
    clash with another machine's, zeroconf appends a number), ``port`` the port it
    serves, ``text`` the TXT record's data, ``listen`` the address the service listens
    on ("" or 0.0.0.0: every interface).
    """

    def __init__(self, instance: str, port: int, text: bytes, *, listen: str = "") -> None:
        self.instance = instance
        self.port = port
        self.text = text
        self.failure: str | None = None  # why the announcement stopped, if it did
        self._only = () if listen in ("", "0.0.0.0") else (listen,)
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._addresses: list[str] = []
        self._host = f"wizard-{os.urandom(4).hex()}.local."
        self._lock = asyncio.Lock()  # one change of the records at a time
        self._registering: asyncio.Task[None] | None = None
        self._broadcasts: set[asyncio.Future[object]] = set()

    def _service(self, text: bytes) -> AsyncServiceInfo:
        name = self._info.name if self._info is not None else f"{self.instance}.{SERVICE_TYPE}"
        return AsyncServiceInfo(
            SERVICE_TYPE, name, port=self.port, properties=text, server=self._host,
            host_ttl=RECORD_TTL, other_ttl=RECORD_TTL, parsed_addresses=self._addresses,
        )

    async def start(self) -> None:
        """Open multicast DNS and announce the service; raises :class:`DiscoveryUnavailable`
        if it cannot run here. It returns at once: the probes that check the name is free
        (about a second) and the announcement itself go on in the background."""
        interfaces = _interfaces(self._only)
        self._addresses = [i.address for i in interfaces]
        self._zc = _start_zeroconf(interfaces)
        self._registering = asyncio.ensure_future(self._register(self._zc))

    async def _register(self, zc: AsyncZeroconf) -> None:
        try:
            async with self._lock:
                info = self._service(self.text)
                self._keep(await zc.async_register_service(info, allow_name_change=True))
                self._info = info
        except (OSError, RuntimeError, ZeroconfError) as exc:
            self.failure = str(_unavailable(exc))
            log.warning("the service is not announced: %s", self.failure)
            return
        await self.update(self.text)  # a change made while the name was probed

    async def update(self, text: bytes) -> None:
        """Replace the TXT record: browsers hear the new one at once."""
        self.text = text
        async with self._lock:
            zc, info = self._zc, self._info
            if zc is None or info is None or info.text == text:
                return  # not announced (yet: it is announced with the latest text)
            info = self._service(text)
            try:
                self._keep(await zc.async_update_service(info))
            except (OSError, RuntimeError, ZeroconfError) as exc:
                log.info("updating the service: %s", exc)
                return
            self._info = info

    def _keep(self, broadcast: Awaitable[object]) -> None:
        """Hold the announcements zeroconf goes on sending after a registration or an
        update, so that ``close`` ends them rather than the loop dropping them."""
        future = asyncio.ensure_future(broadcast)
        self._broadcasts.add(future)
        future.add_done_callback(self._broadcasts.discard)

    async def close(self) -> None:
        """Withdraw the service (goodbye packets) and stop; idempotent."""
        pending = [f for f in (self._registering, *self._broadcasts) if f is not None]
        for future in pending:
            future.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        async with self._lock:
            zc, info = self._zc, self._info
            self._zc = self._info = None
        if zc is None:
            return
        try:
            if info is not None:
                await (await zc.async_unregister_service(info))
        except (OSError, RuntimeError, ZeroconfError) as exc:
            log.info("withdrawing the service: %s", exc)
        finally:
            with contextlib.suppress(OSError, RuntimeError, ZeroconfError):
                await zc.async_close()


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


class Browser:
    """The services of :data:`SERVICE_TYPE` on the local network, as they come and go."""

    def __init__(self, *, limit: int = MAX_SERVICES) -> None:
        self.limit = limit
        self.heard: dict[str, Heard] = {}
        self.ignored = 0  # services passed over: beyond the limit, or too large a record
        self._passed_over: set[str] = set()  # their names, so that each counts once
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._callbacks: list[Callable[[], None]] = []
        self._networks: list[ipaddress.IPv4Network] = []

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    async def start(self) -> None:
        """Start browsing; raises :class:`DiscoveryUnavailable` if it cannot here."""
        interfaces = _interfaces()
        self._networks = [i.network for i in interfaces]
        self._zc = _start_zeroconf(interfaces)
        try:
            self._browser = AsyncServiceBrowser(
                self._zc.zeroconf, [SERVICE_TYPE], handlers=[self._on_change]
            )
        except (OSError, RuntimeError, ZeroconfError) as exc:
            await self.close()
            raise _unavailable(exc) from exc

    def _on_change(self, **change: Any) -> None:
        name: str = change["name"]
        if change["state_change"] is ServiceStateChange.Removed:
            task = self._resolving.pop(name, None)
            if task is not None:
                task.cancel()
            if self.heard.pop(name, None) is not None:
                self._notify()
            return
        if name in self._resolving:
            self._again.add(name)  # resolved again once the current answer is in
            return
        if name not in self.heard and len(self.heard) + len(self._resolving) >= self.limit:
            self._pass_over(name)
            return
        self._resolving[name] = asyncio.ensure_future(self._resolve(name))

    def _pass_over(self, name: str) -> None:
        if name in self._passed_over:
            return
        if len(self._passed_over) >= 16 * self.limit:
            self._passed_over.clear()  # a flood of names: count them again rather than hold them
        self._passed_over.add(name)
        self.ignored += 1
        self._notify()

    async def _resolve(self, name: str) -> None:
        try:
            while True:
                self._again.discard(name)
                await self._resolve_once(name)
                if name not in self._again:
                    return
        finally:
            if self._resolving.get(name) is asyncio.current_task():
                del self._resolving[name]

    async def _resolve_once(self, name: str) -> None:
        zc = self._zc
        if zc is None:
            return
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        try:
            found = await info.async_request(zc.zeroconf, RESOLVE_TIMEOUT_MS)
        except (OSError, RuntimeError, ZeroconfError) as exc:
            log.info("resolving %r: %s", name, exc)
            return
        addresses = info.parsed_addresses(IPVersion.V4Only)[:MAX_ADDRESSES]
        if not found or not addresses or info.port is None:
            return  # not (yet) complete: its next record brings it back here
        if len(info.text) > MAX_TEXT_BYTES:
            self.heard.pop(name, None)
            self._pass_over(name)
            return
        heard = Heard(name, _nearest(addresses, self._networks), tuple(addresses), info.port,
                      bytes(info.text))
        if self.heard.get(name) != heard:
            self.heard[name] = heard
            self._notify()

    async def close(self) -> None:
        """Stop browsing; idempotent."""
        for task in list(self._resolving.values()):
            task.cancel()
        self._resolving.clear()
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None
        with contextlib.suppress(OSError, RuntimeError, ZeroconfError):
            if browser is not None:
                await browser.async_cancel()
            if zc is not None:
                await zc.async_close()
