"""The counters of one mesh (:attr:`Mesh.stats <wizard_p2p.net.mesh.Mesh.stats>`).

Every part of the mesh counts into the same :class:`NetStats`: the receive path
(frames, bytes, malformed and foreign frames), the sends, the links (handshakes and
redials) and the private and control message queue.
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
