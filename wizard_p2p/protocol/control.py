"""The control messages seated peers exchange beside the log, parsed strictly.

Two peers whose logs differ at a position settle it with two messages, sent as
the mesh's unreliable control payloads (JSON in ``json.dumps``'s layout)::

    {"want": 17}                          send me your entry at position 17
    {"entry_at": 17, "data": "<line>"}    my entry at position 17, its exact line

The host's seat tells every other seat who watches the game, as a reliable
private message (the whole list each time; SPEC §10)::

    {"watchers": [{"name": "Big screen", "curve_key": "<Z85>", "address": "10.0.0.7:41000"}]}

:func:`decode_control` is the only reader of such a payload: anything but one
of these objects — a position in the log's range, a line of at most
``MAX_ENTRY_BYTES``, at most ``MAX_WATCHERS`` watchers each with a name the
lobby would take, a CURVE key of 40 Z85 characters and an address that is an
IP address (no IPv6 scope id) and a port, or an empty host and a port (the host's
own machine: each seat reads it as the host's address as that seat reaches it) —
is refused with a :class:`DecodeError` saying why,
before any code touches it. The line itself is then the table's to check, as
any entry.
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass
from typing import Any

from wizard_p2p import boundedjson
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.lobby_schema import MAX_WATCHERS, check_name, check_z85_key
from wizard_p2p.protocol.messages import ENVELOPE_FIELDS, MAX_ENTRY_BYTES
from wizard_p2p.protocol.schema import Field, List, Obj, Utf8

__all__ = [
    "MAX_CONTROL_BYTES",
    "ControlMessage",
    "EntryAt",
    "ListedWatcher",
    "Want",
    "Watchers",
    "decode_control",
    "encode_control",
    "listed_address",
    "watcher_address",
]

# The line travels as a JSON string with ASCII escapes: a character of 2 to 4 bytes
# becomes at most 12 (a surrogate pair), a quote or backslash 2; so 3 bytes per byte
# of the line at most, plus the object around it.
MAX_CONTROL_BYTES = 3 * MAX_ENTRY_BYTES + 64

_POSITION: Field = ENVELOPE_FIELDS["pos"]
_WANT = Obj({"want": _POSITION})
_ENTRY_AT = Obj({"entry_at": _POSITION, "data": Utf8(MAX_ENTRY_BYTES)})
# An IPv6 address of 39 characters, a colon and a port.
_MAX_ADDRESS = 45


class _WatcherName(Field):
    def parse(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or len(value) > 64:
            raise DecodeError(f"{path}: expected a name")
        try:
            return check_name(value)
        except DecodeError as exc:
            raise DecodeError(f"{path}: {exc}") from None


class _Key(Field):
    def parse(self, value: Any, path: str) -> str:
        return check_z85_key(value, path)


class _Address(Field):
    def parse(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or len(value) > _MAX_ADDRESS:
            raise DecodeError(f"{path}: expected an address of at most {_MAX_ADDRESS} characters")
        host, port = _split_address(value, path)
        if not host:
            return f":{_port(port, path)}"
        return watcher_address(host, port, path=path)


_WATCHER = Obj({"name": _WatcherName(), "curve_key": _Key(), "address": _Address()})
_WATCHERS = Obj({"watchers": List(_WATCHER, 0, MAX_WATCHERS)})


@dataclass(frozen=True)
class Want:
    """Please send me your entry at ``position``."""

    position: int


@dataclass(frozen=True)
class EntryAt:
    """My entry at ``position``: ``data`` is its exact line (no newline)."""

    position: int
    data: bytes


@dataclass(frozen=True)
class ListedWatcher:
    """One who watches the game: its name, its CURVE key, where its mesh listens."""

    name: str
    curve_key: str
    address: str  # "IP:port", or ":port" for the host's own machine


@dataclass(frozen=True)
class Watchers:
    """Who watches the game now (the host's list, whole): sent by the host's seat alone."""

    watchers: tuple[ListedWatcher, ...]


ControlMessage = Want | EntryAt | Watchers


def encode_control(message: ControlMessage) -> bytes:
    """The payload of ``message``, byte for byte as peers have always written it."""
    if isinstance(message, Want):
        return json.dumps({"want": message.position}).encode()
    if isinstance(message, Watchers):
        listed = [{"name": w.name, "curve_key": w.curve_key, "address": w.address}
                  for w in message.watchers]
        return json.dumps({"watchers": listed}).encode()
    return json.dumps({"entry_at": message.position, "data": message.data.decode()}).encode()


def decode_control(payload: bytes) -> ControlMessage:
    """The control message in ``payload``; :class:`DecodeError` for anything else."""
    # A watchers list is three levels deep: the object, the list, a watcher.
    obj = boundedjson.loads(
        payload, max_size=MAX_CONTROL_BYTES, max_depth=3, what="control message"
    )
    if isinstance(obj, dict) and "want" in obj:
        return Want(_WANT.parse(obj, "control")["want"])
    if isinstance(obj, dict) and "entry_at" in obj:
        fields = _ENTRY_AT.parse(obj, "control")
        return EntryAt(fields["entry_at"], fields["data"])
    if isinstance(obj, dict) and "watchers" in obj:
        listed = _WATCHERS.parse(obj, "control")["watchers"]
        watchers = tuple(ListedWatcher(**w) for w in listed)
        if len({w.curve_key for w in watchers}) != len(watchers):
            raise DecodeError("control.watchers: two watchers share a key")
        return Watchers(watchers)
    raise DecodeError(
        'control message: expected {"want": n}, {"entry_at": n, "data": line} or '
        '{"watchers": [...]}'
    )


def _split_address(value: str, path: str) -> tuple[str, int]:
    host, sep, port = value.rpartition(":")
    if not sep or not port.isascii() or not port.isdigit() or len(port) > 5:
        raise DecodeError(f"{path}: expected IP:port")
    return host, int(port)


def _ip(host: str, path: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        raise DecodeError(f"{path}: {host!r:.50} is not an IP address") from None
    if getattr(ip, "scope_id", None):
        # A scope names an interface of one machine: it means nothing on another.
        raise DecodeError(f"{path}: {host!r:.50} names an interface (an IPv6 scope id)")
    return ip


def _port(port: int, path: str) -> int:
    if not 1 <= port <= 65535:
        raise DecodeError(f"{path}: port {port} is outside 1..65535")
    return port


def watcher_address(host: str, port: int, *, path: str = "address") -> str:
    """``host:port`` of a watcher's mesh, from the IP its lobby connection came from and
    the port it named; :class:`DecodeError` unless ``host`` is an IP address (without a
    scope id) and ``port`` a port."""
    ip = _ip(host, path)
    return f"{ip.compressed}:{_port(port, path)}"


def listed_address(host: str, port: int) -> str:
    """The address the host lists for a watcher whose lobby connection came from ``host``:
    ``IP:port``, or ``:port`` when it came over the loopback (the watcher runs on the
    host's machine, which each seat reaches at the host's address, not its own
    loopback). :class:`DecodeError` as :func:`watcher_address`."""
    ip = _ip(host, "address")
    mapped = getattr(ip, "ipv4_mapped", None)
    if ip.is_loopback or (mapped is not None and mapped.is_loopback):
        return f":{_port(port, 'address')}"
    return watcher_address(host, port)
