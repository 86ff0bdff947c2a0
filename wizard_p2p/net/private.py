"""Reliable point-to-point messages: resent until acknowledged, delivered once.

Each message is named by ``(epoch, seq)``: ``epoch`` is a random 64-bit value
drawn when the mesh starts (so a restarted sender never reuses a name) and
``seq`` counts up from 0. The receiver acknowledges every copy it gets
(``PACK``) and delivers only the first: per sender and epoch it keeps the
lowest sequence number not yet seen plus the set of those seen above it, so
deduplication is exact with memory bounded by the messages still in flight.
The sender resends each unacknowledged message every ``resend_interval`` (and
at once when the peer comes back), for as long as the mesh runs.

Delivery order is not guaranteed: a resent message may arrive after a later one.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from wizard_p2p.errors import UsageError
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.frames import MeshFrame, Private

# Sender epochs remembered per peer: older ones are from processes long gone.
_EPOCHS_KEPT = 4


@dataclass
class _Outgoing:
    peer: str
    payload: bytes
    future: asyncio.Future[None]
    next_send: float


class _SeenWindow:
    """Sequence numbers seen from one sender epoch."""

    def __init__(self) -> None:
        self.floor = 0  # every seq below this was seen
        self.above: set[int] = set()

    def add(self, seq: int) -> bool:
        """Record ``seq``; True if it was new."""
        if seq < self.floor or seq in self.above:
            return False
        self.above.add(seq)
        while self.floor in self.above:
            self.above.discard(self.floor)
            self.floor += 1
        return True


class PrivateChannel:
    """Outbox and deduplication for the private messages of one mesh."""

    def __init__(
        self,
        *,
        epoch: str,
        config: NetConfig,
        send: Callable[[str, MeshFrame], bool],
        clock: Callable[[], float],
    ) -> None:
        self.epoch = epoch
        self._config = config
        self._send = send
        self._clock = clock
        self._next_seq = 0
        self._outbox: dict[tuple[str, int], _Outgoing] = {}
        self._seen: dict[str, OrderedDict[str, _SeenWindow]] = {}
        self.sent = 0
        self.resent = 0

    def send(self, peer: str, payload: bytes) -> asyncio.Future[None]:
        if len(self._outbox) >= self._config.max_outbox:
            raise UsageError("too many private messages awaiting acknowledgement")
        seq = self._next_seq
        self._next_seq += 1
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        item = _Outgoing(peer, payload, future, self._clock() + self._config.resend_interval)
        self._outbox[(peer, seq)] = item
        self._send(peer, Private(self.epoch, seq, payload))
        self.sent += 1
        return future

    def on_ack(self, peer: str, epoch: str, seq: int) -> None:
        if epoch != self.epoch:
            return  # an ack for a previous instance of this process
        item = self._outbox.pop((peer, seq), None)
        if item is not None and not item.future.done():
            item.future.set_result(None)

    def accept(self, peer: str, epoch: str, seq: int) -> bool:
        """Record a received message; True if it is new and must be delivered."""
        epochs = self._seen.setdefault(peer, OrderedDict())
        window = epochs.get(epoch)
        if window is None:
            window = epochs[epoch] = _SeenWindow()
            while len(epochs) > _EPOCHS_KEPT:
                epochs.popitem(last=False)
        else:
            epochs.move_to_end(epoch)
        return window.add(seq)

    def pending(self, peer: str | None = None) -> int:
        return sum(1 for item in self._outbox.values() if peer is None or item.peer == peer)

    def peer_back(self, peer: str) -> None:
        for item in self._outbox.values():
            if item.peer == peer:
                item.next_send = 0.0

    def tick(self, now: float) -> None:
        for (peer, seq), item in list(self._outbox.items()):
            if item.future.cancelled():
                del self._outbox[(peer, seq)]  # the node gave up on it
                continue
            if now >= item.next_send:
                item.next_send = now + self._config.resend_interval
                if self._send(peer, Private(self.epoch, seq, item.payload)):
                    self.resent += 1

    def forget_peer(self, peer: str) -> None:
        for key in [k for k in self._outbox if k[0] == peer]:
            self._outbox.pop(key).future.cancel()
        self._seen.pop(peer, None)

    def close(self) -> None:
        for item in self._outbox.values():
            item.future.cancel()
        self._outbox.clear()
