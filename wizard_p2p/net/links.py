"""The mesh's links: one DEALER to each peer, dialled, watched and redialled.

Each peer the mesh knows has a :class:`Peer` record: its link (the DEALER, the
DEALER's send-only twin, its monitor) and what the mesh last heard from the peer.
:class:`Links` opens and closes those DEALERs, redials one whose handshake failed,
and once a handshake succeeds has the mesh greet the peer; it also counts the
handshakes on the mesh's listening socket.

The mesh composes it rather than inheriting it: a link needs from the mesh only
things that are handed over once (the peer table, the keys, the config, the
counters, the sending context at start) and two calls back (a link is up; the
state changed), so its own class keeps the mesh's other attributes out of reach.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import zmq
import zmq.asyncio
from zmq.utils.monitor import parse_monitor_message

from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import PeerState
from wizard_p2p.net.keys import CurveKeys
from wizard_p2p.net.sockets import (
    HANDSHAKE_FAILURES,
    Sender,
    close_monitored,
    make_dealer,
    send_only_twin,
)
from wizard_p2p.net.stats import NetStats

_log = logging.getLogger(__name__)
# A link reported up that does not take a frame yet is tried again, this often.
_LINK_UP_TRIES = 10
_LINK_UP_RETRY = 0.01  # seconds, times the attempt number


@dataclass
class Peer:
    """One peer as the mesh knows it: its link, and what was last heard from it."""

    key: str
    endpoint: str
    added_at: float
    state: PeerState = PeerState.CONNECTING
    last_heard: float | None = None
    epoch: str = ""
    log_length: int = 0
    dealer: zmq.asyncio.Socket | None = None
    # How frames are sent to it: the dealer's send-only twin (see send_only_twin), or
    # on a watcher's mesh the route back over its listening socket.
    sender: Sender | None = None
    sent_lately: bool = False  # a frame went to it since the last heartbeat round
    monitor: zmq.asyncio.Socket | None = None
    monitor_task: asyncio.Task[None] | None = None
    redial: asyncio.TimerHandle | None = None


class Links:
    """The DEALERs of one mesh, one per peer of ``peers`` (the mesh's table, by key).

    ``on_up(peer)`` is called when a link's handshake succeeds, and returns False
    while the link takes no frame yet; ``changed()`` when a handshake on the
    listening socket was counted. Set :attr:`context` (the sending context) before
    opening a link. ``options``: socket options each link's DEALER gets on top (for
    watchers); ``on_open(peer)``: called when a link's DEALER was (re)created.
    ``redial_after_cut``: a link whose connection ends and does not come back within
    ``redial_interval`` is dialled again (libzmq itself never reconnects a connection
    it cut for a protocol error, such as a part past ``MAXMSGSIZE``: for watchers).
    """

    def __init__(
        self,
        peers: dict[str, Peer],
        keys: CurveKeys,
        config: NetConfig,
        stats: NetStats,
        *,
        on_up: Callable[[Peer], bool],
        changed: Callable[[], None],
        options: Mapping[int, int] | None = None,
        on_open: Callable[[Peer], None] | None = None,
        redial_after_cut: bool = False,
    ) -> None:
        self.context: zmq.asyncio.Context | None = None
        self._redial_after_cut = redial_after_cut
        self._options = dict(options or {})
        self._on_open = on_open
        self._peers = peers
        self.keys = keys
        self.config = config
        self.stats = stats
        self._on_up = on_up
        self._fire = changed
        self._closed = False

    def stop(self) -> list[asyncio.Task[None]]:
        """No redial and no greeting from now on; returns the monitor tasks to cancel."""
        self._closed = True
        tasks: list[asyncio.Task[None]] = []
        for peer in self._peers.values():
            if peer.redial is not None:
                peer.redial.cancel()
            if peer.monitor_task is not None:
                tasks.append(peer.monitor_task)
        return tasks

    def close_all(self, *, linger: int = 0) -> None:
        """Close every link, letting each deliver what it holds for ``linger`` ms."""
        for peer in self._peers.values():
            self.close_link(peer, linger=linger)

    def drop(self, peer: Peer) -> None:
        """Close the link of ``peer``, already removed from the table, for good."""
        if peer.redial is not None:
            peer.redial.cancel()
        if peer.monitor_task is not None:
            peer.monitor_task.cancel()
        self.close_link(peer)

    def open_link(self, peer: Peer) -> None:
        assert self.context is not None
        dealer = make_dealer(
            self.context, self.keys, peer.key, config=self.config,
            routing_id=self.keys.public.encode("ascii"), immediate=True,
        )
        for option, value in self._options.items():
            dealer.setsockopt(option, value)
        events = HANDSHAKE_FAILURES | zmq.EVENT_HANDSHAKE_SUCCEEDED
        if self._redial_after_cut:
            events |= zmq.EVENT_DISCONNECTED
        monitor = dealer.get_monitor_socket(events)
        dealer.connect(peer.endpoint)
        peer.dealer, peer.monitor = dealer, monitor
        peer.sender = send_only_twin(dealer)  # the mesh never receives on a dealer
        peer.monitor_task = asyncio.get_running_loop().create_task(
            self._dealer_monitor_loop(peer, monitor), name=f"mesh-link-{peer.key[:8]}"
        )
        if self._on_open is not None:
            self._on_open(peer)

    def close_link(self, peer: Peer, *, linger: int = 0) -> None:
        close_monitored(peer.dealer, peer.monitor, linger=linger)
        peer.dealer = peer.monitor = peer.sender = None

    def redial(self, peer: Peer) -> None:
        if peer.redial is not None:
            peer.redial.cancel()  # a no-op when this call is that very timer
            peer.redial = None
        if self._closed or self._peers.get(peer.key) is not peer:
            return
        if peer.monitor_task is not None and peer.monitor_task is not asyncio.current_task():
            peer.monitor_task.cancel()
        self.close_link(peer)
        self.stats.redials += 1
        self.open_link(peer)

    async def _dealer_monitor_loop(self, peer: Peer, monitor: zmq.asyncio.Socket) -> None:
        # libzmq never redials a link whose handshake was refused (for instance
        # because the other peer has not added our key yet): do it ourselves.
        try:
            while True:
                event = parse_monitor_message(await monitor.recv_multipart())
                if event["event"] == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                    if peer.redial is not None:  # back by itself: no redial needed
                        peer.redial.cancel()
                        peer.redial = None
                    self._link_up(peer)
                    continue
                if event["event"] == zmq.EVENT_DISCONNECTED:
                    # libzmq reconnects after a lost connection, never after one it
                    # cut itself for a protocol error: redial if it is not back soon.
                    if peer.redial is None:
                        peer.redial = asyncio.get_running_loop().call_later(
                            self.config.redial_interval, self.redial, peer
                        )
                    continue
                if event["event"] & HANDSHAKE_FAILURES:
                    _log.info("handshake with %s failed (%s); redialling", peer.key,
                              event["event"])
                    if peer.redial is None:
                        peer.redial = asyncio.get_running_loop().call_later(
                            self.config.redial_interval, self.redial, peer
                        )
                    return
        except (asyncio.CancelledError, zmq.ZMQError):
            return

    def _link_up(self, peer: Peer, attempt: int = 0) -> None:
        if self._closed or self._peers.get(peer.key) is not peer:
            return
        # The handshake is reported a moment before the link takes frames.
        if not self._on_up(peer) and attempt < _LINK_UP_TRIES:
            asyncio.get_running_loop().call_later(
                _LINK_UP_RETRY * (attempt + 1), self._link_up, peer, attempt + 1
            )

    async def watch_router(self, monitor: zmq.asyncio.Socket, endpoint: str) -> None:
        """Count the handshakes on the listening socket at ``endpoint`` (its ``monitor``)."""
        try:
            while True:
                event = parse_monitor_message(await monitor.recv_multipart())
                kind = event["event"]
                if kind == zmq.EVENT_HANDSHAKE_SUCCEEDED:
                    self.stats.handshakes += 1
                elif kind == zmq.EVENT_HANDSHAKE_FAILED_AUTH:
                    self.stats.auth_failures += 1
                    _log.warning("refused a connection on %s (ZAP status %s)", endpoint,
                                 event["value"])
                elif kind & HANDSHAKE_FAILURES:
                    self.stats.handshake_failures += 1
                self._fire()
        except (asyncio.CancelledError, zmq.ZMQError):
            return
