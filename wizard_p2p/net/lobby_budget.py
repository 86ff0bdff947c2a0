"""The byte budget of each lobby client: who floods the host's lobby socket.

The lobby socket is open to whoever holds the invite code, so a client is known only
by the CURVE key its handshake authenticated. Each key has a bucket of
``burst`` bytes, refilled at ``rate`` bytes a second; every message and every
handshake of that key takes from it. A key whose bucket would go below zero is
*dropped*: from then on :meth:`LobbyBudget.dropped` says so, and the lobby refuses its
handshakes and discards its frames unread. An honest client sends a few small messages
a second and never comes near its budget.

Memory is bounded whatever keys are used: at most ``keys`` buckets (the least recently
charged is forgotten first: a fresh bucket is full, so forgetting one only forgives),
and at most ``keys`` dropped keys (the oldest drop is forgotten first).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

from wizard_p2p.errors import UsageError

DEFAULT_KEYS = 1024


class LobbyBudget:
    """Byte buckets per client key, and the keys dropped for flooding."""

    def __init__(
        self,
        *,
        burst: int,
        rate: int,
        keys: int = DEFAULT_KEYS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if burst < 1 or rate < 1 or keys < 1:
            raise UsageError("a lobby budget needs a positive burst, rate and key count")
        self.burst = burst
        self.rate = rate
        self._keys = keys
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # level, when
        self._dropped: OrderedDict[str, None] = OrderedDict()

    def dropped(self, key: str) -> bool:
        """Whether ``key`` was dropped for flooding (and is not forgotten yet)."""
        return key in self._dropped

    def charge(self, key: str, cost: int) -> bool:
        """Take ``cost`` bytes from ``key``'s bucket: True if they fit. False the first
        time they do not — the key is dropped then — and for every charge after."""
        if key in self._dropped:
            return False
        now = self._clock()
        level, when = self._buckets.pop(key, (float(self.burst), now))
        level = min(float(self.burst), level + (now - when) * self.rate) - cost
        if level < -1e-6:  # not a rounding error of the refill
            self._dropped[key] = None
            while len(self._dropped) > self._keys:
                self._dropped.popitem(last=False)
            return False
        self._buckets[key] = (level, now)
        while len(self._buckets) > self._keys:
            self._buckets.popitem(last=False)
        return True

    def forget(self, key: str) -> None:
        """Forget ``key``'s bucket (it left); a dropped key stays dropped."""
        self._buckets.pop(key, None)
