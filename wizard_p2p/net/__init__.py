"""The network layer of wizard-p2p: ZeroMQ only, and it knows no game.

It carries opaque byte payloads between peers over CurveZMQ-encrypted,
key-authenticated links, and replicates an append-only sequence of opaque
entries by position. The node above it decides what the bytes mean.

Public API (see each module for details):

* :class:`Mesh` — one peer's end of the full mesh: ``await start()``,
  ``add_peer(key, endpoint)``, ``attach_log(store, on_entry)``,
  ``publish(position)``, ``send``/``broadcast`` (unreliable),
  ``send_private`` (reliable), ``next_event``/``events``, ``peer_status``,
  ``set_watchers``/``watcher_status`` (read-only followers), ``await close()``;
  ``Mesh(..., watching=True)`` is a watcher's own mesh.
* :class:`LobbyServer` / :class:`LobbyClient` — the pre-game lobby that admits
  unknown keys until :meth:`LobbyServer.restrict`.
* :class:`CurveKeys`, :func:`load_or_create_curve_keys` — transport keypairs.
* :class:`NetConfig` — timers and limits.
* Events: :class:`PeerUp`, :class:`PeerSilent`, :class:`PeerBack`,
  :class:`PeerRestarted`, :class:`Diverged`, :class:`PrivateReceived`,
  :class:`MessageReceived`, :class:`WatcherSilent`.
* :class:`EntryStore` — what the replicator reads from the node's log.

The modules: ``mesh`` composes ``links`` (the DEALERs, dialled and redialled),
``liveness`` (heartbeats and silence), ``reader`` (the listening socket read in the
event loop's reader callback), ``replicate`` (the log by position), ``private``
(reliable point-to-point messages), ``watchers`` (serving read-only followers) and
``stats`` (its counters); ``frames`` encodes
and strictly decodes the wire frames, ``sockets`` sets ZeroMQ sockets up, ``auth``
and ``keys`` decide and hold the CURVE keys, ``config`` holds the timers and limits,
``events`` what the mesh reports, ``lobby_channel`` the lobby's socket, ``_pulse`` a
wake-up signal to wait on a condition, and ``testing`` helpers for tests (an in-memory
store, a faulty link).

The wire format is specified in ``protocol/NET.md``.
"""

from wizard_p2p.net._pulse import WaitTimeout
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import (
    Diverged,
    MessageReceived,
    NetEvent,
    PeerBack,
    PeerInfo,
    PeerRestarted,
    PeerSilent,
    PeerState,
    PeerUp,
    PrivateReceived,
    SenderDropped,
    WatcherInfo,
    WatcherSilent,
)
from wizard_p2p.net.frames import FrameError
from wizard_p2p.net.keys import CurveKeys, KeyFileError, load_or_create_curve_keys
from wizard_p2p.net.lobby_channel import (
    LobbyClient,
    LobbyClosed,
    LobbyMessage,
    LobbyRefused,
    LobbyServer,
    LobbyTimeout,
)
from wizard_p2p.net.mesh import Mesh, MeshClosed
from wizard_p2p.net.replicate import (
    EntryHandler,
    EntryStore,
    ReplicationStats,
    Replicator,
    entry_digest,
)
from wizard_p2p.net.stats import NetStats

__all__ = [
    "CurveKeys",
    "Diverged",
    "EntryHandler",
    "EntryStore",
    "FrameError",
    "KeyFileError",
    "LobbyClient",
    "LobbyClosed",
    "LobbyMessage",
    "LobbyRefused",
    "LobbyServer",
    "LobbyTimeout",
    "Mesh",
    "MeshClosed",
    "MessageReceived",
    "NetConfig",
    "NetEvent",
    "NetStats",
    "PeerBack",
    "PeerInfo",
    "PeerRestarted",
    "PeerSilent",
    "PeerState",
    "PeerUp",
    "PrivateReceived",
    "ReplicationStats",
    "Replicator",
    "SenderDropped",
    "WaitTimeout",
    "WatcherInfo",
    "WatcherSilent",
    "entry_digest",
    "load_or_create_curve_keys",
]
