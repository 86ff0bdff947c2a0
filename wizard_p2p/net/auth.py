"""Who may connect: the ZAP policy behind every listening socket.

libzmq asks a ZAP handler (here pyzmq's :class:`AsyncioAuthenticator`, which
runs as a task on the node's asyncio loop, no thread) whether to admit each
CURVE handshake on a socket that declares a ZAP domain. Every listening socket
sets ``ZAP_ENFORCE_DOMAIN=1``, so a handshake for a domain without a policy is
refused rather than let through.

:class:`KeyPolicy` decides per domain: *allow-list* (only the listed public
keys) or *open* (any CURVE key: the lobby, where joiners are not known yet).
Switching an open policy to an allow-list refuses every later handshake from
other keys; connections already admitted stay up, so the socket owner also
drops frames whose authenticated ``User-Id`` is not on its list.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import zmq
import zmq.asyncio
from zmq.auth.asyncio import AsyncioAuthenticator

_log = logging.getLogger(__name__)


class KeyPolicy:
    """Admission rule for one ZAP domain: an allow-list of Z85 keys, or open to all."""

    def __init__(self, allowed: set[str] | None = None, *, open_to_all: bool = False) -> None:
        self.allowed: set[str] = set(allowed or ())
        self.open_to_all = open_to_all
        self.refused = 0
        # Asked about every handshake the list admits (the lobby's flood budget); a
        # False refuses it too.
        self.vet: Callable[[str], bool] | None = None

    def admits(self, key: str) -> bool:
        return self.open_to_all or key in self.allowed

    # Called by pyzmq's authenticator with the domain and the Z85 client key.
    def callback(self, domain: str, key: bytes) -> bool:
        try:
            text = key.decode("ascii")
        except UnicodeDecodeError:
            text = ""
        ok = bool(text) and self.admits(text) and (self.vet is None or self.vet(text))
        if not ok:
            self.refused += 1
            _log.info("ZAP %s: refused CURVE key %s", domain, text or key[:8])
        return ok


def start_authenticator(
    context: zmq.asyncio.Context, policies: dict[str, KeyPolicy]
) -> AsyncioAuthenticator:
    """Start a ZAP handler on ``context`` with one :class:`KeyPolicy` per domain.

    Only one authenticator can exist per context (it binds the fixed ZAP
    endpoint ``inproc://zeromq.zap.01``): give each mesh or lobby its own context.
    """
    auth = AsyncioAuthenticator(context, log=logging.getLogger("wizard_p2p.net.zap"))
    auth.start()
    for domain, policy in policies.items():
        auth.configure_curve_callback(domain, credentials_provider=policy)
    return auth
