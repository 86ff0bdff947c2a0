"""Liveness: a heartbeat to every peer each interval, and which peers went silent.

A heartbeat carries our epoch, log length and tip. A peer we keep sending other
frames to hears from us anyway, so it gets a heartbeat only every few rounds. A
peer not heard from for the silence limit is reported silent (:class:`PeerSilent`);
its next frame makes it alive again (:class:`PeerUp` the first time,
:class:`PeerBack` after).

The mesh composes it: it hands over its peer table and config, and three calls
back: emit an event, send a peer a heartbeat, and catch up with a peer that came
back (its log length, what it lacks).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable

from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import NetEvent, PeerBack, PeerSilent, PeerState, PeerUp
from wizard_p2p.net.links import Peer

_log = logging.getLogger(__name__)
# While frames flow to a peer, every this many heartbeat rounds still carries one.
_HEARTBEAT_EVERY = 4


class Liveness:
    """Heartbeats to and silence of the peers of ``peers`` (the mesh's table, by key)."""

    def __init__(
        self,
        peers: dict[str, Peer],
        config: NetConfig,
        *,
        emit: Callable[[NetEvent], None],
        heartbeat: Callable[[str], bool],
        returned: Callable[[Peer], bool],
    ) -> None:
        self._peers = peers
        self.config = config
        self._emit = emit
        self._send_heartbeat = heartbeat
        self._peer_returned = returned
        self._next_heartbeat = -math.inf
        self._rounds = 0

    def heard(self, peer: Peer) -> None:
        """A well-formed frame of this game came from ``peer``."""
        now = asyncio.get_running_loop().time()
        first = peer.last_heard is None
        peer.last_heard = now
        if peer.state is PeerState.ALIVE:
            return
        peer.state = PeerState.ALIVE
        self._emit(PeerUp(peer.key) if first else PeerBack(peer.key))
        self._peer_returned(peer)

    def tick(self, now: float) -> None:
        """Send the heartbeats due, then report the peers silent for too long."""
        config = self.config
        if now >= self._next_heartbeat:
            self._next_heartbeat = now + config.heartbeat_interval
            self._rounds += 1
            for key, peer in list(self._peers.items()):
                # A peer we keep sending frames to hears from us anyway; it
                # still gets a heartbeat (epoch, length, tip) every few rounds.
                if peer.sent_lately and self._rounds % _HEARTBEAT_EVERY:
                    peer.sent_lately = False
                    continue
                peer.sent_lately = False
                self._send_heartbeat(key)
        self._check_silence(now)

    def _check_silence(self, now: float) -> None:
        limit = self.config.silence_limit
        for peer in self._peers.values():
            if peer.state is PeerState.SILENT:
                continue
            since = peer.last_heard if peer.last_heard is not None else peer.added_at
            if now - since > limit:
                peer.state = PeerState.SILENT
                _log.info("peer %s silent for %.1f s", peer.key, now - since)
                self._emit(PeerSilent(peer.key, now - since))
