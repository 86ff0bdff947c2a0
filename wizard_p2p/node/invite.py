"""What a joiner needs to reach a host: the lobby's default port and the invite code.

The standard library only: the command line reads the default port before it
imports anything heavy.
"""

from __future__ import annotations

import contextlib
import secrets
import socket
import struct

from wizard_p2p.errors import UsageError

DEFAULT_PORT = 47474
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"  # no 0/O, 1/I/L, U


def new_invite_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def normalise_code(code: str) -> str:
    clean = "".join(ch for ch in code.upper() if ch.isalnum())
    if len(clean) != 8 or any(ch not in CODE_ALPHABET for ch in clean):
        raise UsageError(f"an invite code looks like ABCD-EF23, not {code!r}")
    return f"{clean[:4]}-{clean[4:]}"


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, to tell the other players.

    Read from the interfaces themselves (Linux ``SIOCGIFADDR``) and from the host
    name; nothing is sent anywhere.
    """
    found: set[str] = set()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    found.update(_interface_addresses())
    return sorted(a for a in found if not a.startswith("127."))


def _interface_addresses() -> set[str]:
    try:
        import fcntl
    except ImportError:  # not on this platform: the host name's addresses must do
        return set()
    siocgifaddr = 0x8915
    addresses: set[str] = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                request = struct.pack("256s", name.encode()[:15])
                reply = fcntl.ioctl(sock.fileno(), siocgifaddr, request)
                addresses.add(socket.inet_ntoa(reply[20:24]))
    return addresses
