"""What the network layer tells the node: peer status changes and received messages.

The node reads these from :meth:`Mesh.next_event` / ``async for ev in
mesh.events()``. Log entries are *not* events: they are offered to the node
through the ``on_entry`` callback, because the node must answer whether it
accepts them (see :mod:`wizard_p2p.net.replicate`).

A peer is always named by its Z85 CURVE public key (``str``), which the CURVE
handshake authenticated.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class PeerState(enum.Enum):
    """Liveness of a peer as heartbeats show it."""

    CONNECTING = "connecting"  # added, never heard from yet
    ALIVE = "alive"
    SILENT = "silent"  # heard nothing for longer than the silence limit


@dataclass(frozen=True)
class PeerInfo:
    """A snapshot of one peer, as returned by :meth:`Mesh.peer_status`."""

    peer: str
    endpoint: str
    state: PeerState
    # Seconds since the last valid frame from the peer (None: never heard).
    last_heard_ago: float | None
    # The log length the peer last reported (0 before it reported any).
    log_length: int
    # Random id of the peer's current process instance ("" before it sent one).
    epoch: str


@dataclass(frozen=True)
class WatcherInfo:
    """A snapshot of one watcher of a seated player's mesh (:meth:`Mesh.watcher_status`)."""

    watcher: str
    endpoint: str
    # Seconds since the last valid frame from the watcher (None: never heard).
    last_heard_ago: float | None
    # The log length the watcher last reported (0 before it reported any).
    log_length: int
    # Frames and bytes sent to it since it was admitted.
    frames_out: int
    bytes_out: int


@dataclass(frozen=True)
class PeerUp:
    """First valid frame from a peer since it was added."""

    peer: str


@dataclass(frozen=True)
class PeerSilent:
    """No valid frame from ``peer`` for ``silent_for`` seconds (past the silence limit)."""

    peer: str
    silent_for: float


@dataclass(frozen=True)
class PeerBack:
    """A peer reported silent has spoken again."""

    peer: str


@dataclass(frozen=True)
class PeerRestarted:
    """The peer's heartbeats come from a new process instance (its epoch changed)."""

    peer: str
    old_epoch: str
    new_epoch: str


@dataclass(frozen=True)
class Diverged:
    """``peer`` holds, at ``position``, an entry whose digest differs from ours.

    Digests are SHA-256 of the entry bytes, in hex. The net layer cannot tell
    who is at fault; the node can ask for the peer's entry by sync and decide.
    """

    peer: str
    position: int
    ours: str
    theirs: str


@dataclass(frozen=True)
class PrivateReceived:
    """A private message from ``peer``, delivered once even if it was resent."""

    peer: str
    payload: bytes


@dataclass(frozen=True)
class MessageReceived:
    """An unreliable control message from ``peer``."""

    peer: str
    payload: bytes


@dataclass(frozen=True)
class WatcherSilent:
    """No valid frame from the watcher ``watcher`` for ``silent_for`` seconds.

    Reported once per silence (past ``NetConfig.watcher_silence_limit``); the node may
    drop the watcher. No other event ever names a watcher.
    """

    watcher: str
    silent_for: float


NetEvent = (
    PeerUp | PeerSilent | PeerBack | PeerRestarted | Diverged | PrivateReceived | MessageReceived
    | WatcherSilent
)


@dataclass(frozen=True)
class SenderDropped:
    """A lobby client sent past its byte budget (``NetConfig.lobby_*``): its key is
    refused from now on and what it still sends is discarded unread."""

    client: str  # its Z85 CURVE key
    address: str  # its IP address as the lobby socket saw it ("" if not known)
    reason: str  # one sentence: what it sent
