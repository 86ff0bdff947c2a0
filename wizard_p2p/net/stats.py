"""The counters of one mesh (:attr:`Mesh.stats <wizard_p2p.net.mesh.Mesh.stats>`).

Every part of the mesh counts into the same :class:`NetStats`: the receive path
(frames, bytes, malformed and foreign frames), the sends, the links (handshakes and
redials), the private and control message queue, and what watchers cost.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class NetStats:
    """Counters of one mesh, for diagnostics and tests."""

    frames_in: int = 0
    frames_out: int = 0
    # Application bytes (all parts of every multipart frame) sent and received;
    # the encryption and TCP overhead come on top.
    bytes_in: int = 0
    bytes_out: int = 0
    # Sends that could not be queued (link down or its queue full).
    send_failures: int = 0
    # Frames dropped as malformed, per sender, per reason, and the last reason per sender.
    malformed: Counter[str] = field(default_factory=Counter)
    malformed_reasons: Counter[str] = field(default_factory=Counter)
    last_malformed: dict[str, str] = field(default_factory=dict)
    # Frames from an authenticated key no longer on the allow-list.
    unknown_sender: int = 0
    # Well-formed frames of another game (a mesh of the same keys).
    foreign_game: int = 0
    # Handshakes on our listening socket refused by ZAP, and other failed ones.
    auth_failures: int = 0
    handshake_failures: int = 0
    handshakes: int = 0
    # Our DEALERs re-created after a refused or failed handshake.
    redials: int = 0
    # Private or control messages dropped because the node is not reading events.
    queue_overflow: int = 0
    private_delivered: int = 0
    private_duplicates: int = 0
    # Frames that arrived for replication before a log was attached.
    unattached: int = 0
    # What watchers cost this mesh (frames_in/out and bytes_in/out include it). Per
    # watcher key while it is admitted; the totals since the mesh started.
    watcher_frames_out: Counter[str] = field(default_factory=Counter)
    watcher_bytes_out: Counter[str] = field(default_factory=Counter)
    watcher_frames_out_total: int = 0
    watcher_bytes_out_total: int = 0
    watcher_frames_in_total: int = 0
    watcher_bytes_in_total: int = 0
    # Entries pushed to watchers as they were published, and served for their SYNC.
    watcher_entries_pushed: int = 0
    watcher_entries_served: int = 0
    # SYNC requests of watchers served, and those that came within the interval and
    # waited (a later one replacing a waiting one counts too).
    watcher_syncs_served: int = 0
    watcher_syncs_deferred: int = 0
    # Times the reading of a watcher's link paused: it sent more than its budget.
    watcher_reads_paused: int = 0
    # Frames for a watcher that could not be queued (its link down or its queue full;
    # not in send_failures, which counts the seated peers' only).
    watcher_send_failures: int = 0
    # CPU time of this process's thread spent serving watchers (their frames, the entries
    # and heartbeats sent them); libzmq's I/O threads (encryption, TCP) come on top.
    watcher_cpu_seconds: float = 0.0
