"""Tunable constants of the network layer, in one frozen value.

Times are in seconds (floats, as asyncio takes them) unless the name ends in
``_ms`` (those go straight into libzmq socket options). The defaults suit a
LAN game; tests shrink the timers so that failures are noticed in a fraction
of a second.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wizard_p2p.errors import ConfigError

_DOMAIN = re.compile(r"[A-Za-z0-9._-]{1,64}")


@dataclass(frozen=True)
class NetConfig:
    """Timers, limits and ZAP domains of a :class:`~wizard_p2p.net.Mesh` or lobby."""

    # Liveness: a heartbeat to every peer this often; a peer unheard for
    # ``silence_limit`` is reported silent.
    heartbeat_interval: float = 0.5
    silence_limit: float = 3.0
    # Reliability: unacknowledged entries and private messages are resent this
    # often; a sync request unanswered for ``sync_timeout`` goes to another peer.
    resend_interval: float = 1.0
    # Acknowledgements wait this long to be sent together: one ack per peer for a burst
    # of entries, and fewer wake-ups of the writer while the game's critical path runs.
    ack_delay: float = 0.15
    sync_timeout: float = 2.0
    # The mesh's receiving I/O thread runs as a batch task (Linux), so that the peers an
    # entry wakes do not preempt the thread still sending it to the others (see mesh).
    batch_receive_thread: bool = True
    # Entries asked for (and served) per sync request.
    sync_batch: int = 256
    # Entries received ahead of a gap that are kept until the gap is filled.
    max_ahead: int = 1024
    # Largest payload (entry, private or control message) in bytes.
    max_payload: int = 1 << 20
    # Largest entry of the replicated log: the log's own limit (SPEC §2.1). A larger
    # entry frame is dropped on receipt, before anything holds it.
    max_entry: int = 64 << 10
    # Byte budgets per peer for what is held on its behalf: entries it sent ahead of a
    # gap, and its private and control messages not yet read by the node. Past the
    # budget a frame is dropped (an entry is asked for again once the gap fills; a
    # private message is not acknowledged, so its sender offers it again).
    max_ahead_bytes: int = 4 << 20
    max_queued_bytes: int = 4 << 20
    # Private messages not yet acknowledged, per mesh.
    max_outbox: int = 4096
    # Received private and control messages waiting for the node to read them.
    max_queued_messages: int = 10_000
    # libzmq reconnection back-off after a TCP link breaks, or before a peer
    # listens. Seats open their meshes within a fraction of a second of each
    # other when a game starts, so the back-off stays short: a long one would
    # hold up the first entries (a refused dial on a LAN costs next to nothing).
    reconnect_ivl_ms: int = 50
    reconnect_ivl_max_ms: int = 250
    # libzmq gives up a link for good when a handshake is refused (a peer that
    # does not admit our key yet); the mesh dials again after this delay.
    redial_interval: float = 1.0
    # A CURVE handshake that does not finish in time is abandoned and retried.
    handshake_timeout_ms: int = 5_000
    # ZMTP-level pings, so that a dead TCP connection is torn down and redialled.
    zmtp_heartbeat_ms: int = 1_000
    zmtp_heartbeat_timeout_ms: int = 5_000
    # Watchers (read-only followers of a game, see protocol/NET.md §8): at most this
    # many per mesh. A watcher's SYNC is served at most ``watcher_sync_batch`` entries
    # at a time (never more than ``sync_batch``), one request per
    # ``watcher_sync_interval`` (a sooner one waits for it), and a watcher asks for no
    # more than that at once. The link to a watcher queues at most ``watcher_hwm``
    # frames each way; past that, what is sent is dropped (the watcher catches up by
    # SYNC). At most ``watcher_max_frames`` frames of a watcher are read per heartbeat
    # interval (it sends a few per second). A watcher unheard for
    # ``watcher_silence_limit`` is reported, once.
    max_watchers: int = 8
    watcher_sync_batch: int = 32
    watcher_sync_interval: float = 0.05
    watcher_hwm: int = 64
    watcher_max_frames: int = 32
    watcher_silence_limit: float = 30.0
    # The lobby socket (NET.md §7 "Budgets"), open to whoever holds the invite code.
    # A lobby client's message is at most ``lobby_max_request`` bytes (its socket's
    # MAXMSGSIZE: libzmq cuts a connection that announces a larger one before holding
    # it), and each connection holds at most ``lobby_rcvhwm`` messages the host has not
    # read. Each client key has a byte budget: ``lobby_burst_bytes`` at once, refilled
    # at ``lobby_rate_bytes`` a second; a message costs its size plus
    # ``lobby_message_cost``, a handshake ``lobby_handshake_cost``. A client past its
    # budget is dropped for flooding: its key is refused from then on and whatever it
    # still sends is discarded unread. The host reads at most ``lobby_max_frames`` a
    # second from the socket, whoever sends them; what waits for the host's node is at
    # most ``max_queued_messages`` messages and ``max_queued_bytes`` bytes.
    lobby_max_request: int = 16 << 10
    lobby_rcvhwm: int = 4
    lobby_burst_bytes: int = 64 << 10
    lobby_rate_bytes: int = 16 << 10
    lobby_message_cost: int = 256
    lobby_handshake_cost: int = 8 << 10
    lobby_max_frames: int = 2000
    # ZAP domains: the mesh admits only allow-listed keys; the lobby admits any
    # key while open.
    zap_domain: str = "wizard-p2p"
    lobby_domain: str = "wizard-p2p-lobby"

    def __post_init__(self) -> None:
        for name in ("heartbeat_interval", "silence_limit", "resend_interval", "sync_timeout",
                     "redial_interval", "watcher_sync_interval", "watcher_silence_limit"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or isinstance(value, bool) or not value > 0:
                raise ConfigError(f"NetConfig.{name} must be a positive number, got {value!r}")
        if not isinstance(self.ack_delay, int | float) or isinstance(self.ack_delay, bool) or not (
            0 <= self.ack_delay < self.resend_interval
        ):
            raise ConfigError("NetConfig.ack_delay must be at least 0 and below resend_interval")
        if self.silence_limit <= self.heartbeat_interval:
            raise ConfigError("NetConfig.silence_limit must exceed heartbeat_interval")
        for name in ("sync_batch", "max_ahead", "max_payload", "max_outbox",
                     "max_queued_messages", "max_entry", "max_ahead_bytes", "max_queued_bytes",
                     "reconnect_ivl_ms", "reconnect_ivl_max_ms",
                     "handshake_timeout_ms", "zmtp_heartbeat_ms", "zmtp_heartbeat_timeout_ms",
                     "watcher_sync_batch", "watcher_hwm", "watcher_max_frames",
                     "lobby_max_request", "lobby_rcvhwm", "lobby_burst_bytes",
                     "lobby_rate_bytes", "lobby_message_cost", "lobby_handshake_cost",
                     "lobby_max_frames"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"NetConfig.{name} must be a positive integer, got {value!r}")
        if self.sync_batch > 4096:
            raise ConfigError("NetConfig.sync_batch must be at most 4096")
        watchers = self.max_watchers
        if not isinstance(watchers, int) or isinstance(watchers, bool) or not 0 <= watchers <= 64:
            raise ConfigError(f"NetConfig.max_watchers must be 0..64, got {watchers!r}")
        if self.max_payload > 64 << 20:
            raise ConfigError("NetConfig.max_payload must be at most 64 MiB")
        if self.lobby_max_request > self.max_payload:
            raise ConfigError("NetConfig.lobby_max_request must be at most max_payload")
        if self.lobby_burst_bytes < self.lobby_max_request + self.lobby_message_cost:
            raise ConfigError("NetConfig.lobby_burst_bytes must hold a message of the largest size")
        if self.reconnect_ivl_max_ms < self.reconnect_ivl_ms:
            raise ConfigError("NetConfig.reconnect_ivl_max_ms must be >= reconnect_ivl_ms")
        for name in ("zap_domain", "lobby_domain"):
            if not _DOMAIN.fullmatch(getattr(self, name)):
                raise ConfigError(f"NetConfig.{name} must be 1-64 of [A-Za-z0-9._-]")
        if self.zap_domain == self.lobby_domain:
            raise ConfigError("NetConfig.zap_domain and lobby_domain must differ")

    @property
    def watcher_batch(self) -> int:
        """Entries a watcher asks for, and is served, per sync request at most."""
        return min(self.watcher_sync_batch, self.sync_batch)
