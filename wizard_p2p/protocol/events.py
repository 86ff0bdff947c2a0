"""What a ``Table`` tells its caller: a closed set of frozen events, in the order they
happened, returned by every call that feeds it (``receive``, ``start``, a choice, an
abort, a round check run late).

A driver sends every ``Broadcast``; rewrites its log file on ``LogRewritten``; may
report an ``EntryRejected``; and stops the game on ``GameEnded``, which comes once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wizard_p2p.errors import PeerFault


@dataclass(frozen=True)
class Broadcast:
    """Send this entry to every peer (it is already in our log at ``pos``)."""

    pos: int
    entry: bytes


@dataclass(frozen=True)
class EntryRejected:
    """An entry kept for a later position was refused when its turn came (it was
    authenticated when it arrived, so the fault names its author)."""

    fault: PeerFault


@dataclass(frozen=True)
class LogRewritten:
    """The log changed from ``position`` on: an abort of our stall took the place of
    our last entry, which never reached anyone. Whoever keeps the log on disk rewrites
    it from there."""

    position: int


@dataclass(frozen=True)
class Finished:
    """Every seat agreed on the final totals."""

    totals: tuple[int, ...]


@dataclass(frozen=True)
class Aborted:
    """``writer`` ended the game because ``stalled`` held it up."""

    writer: int
    stalled: int
    reason: str


@dataclass(frozen=True)
class Faulted:
    """A round's check named a cheat (or a dispute found no fault): the log is the
    evidence."""

    fault: PeerFault


Outcome = Finished | Aborted | Faulted


@dataclass(frozen=True)
class GameEnded:
    outcome: Outcome


Event = Broadcast | EntryRejected | LogRewritten | GameEnded


def broadcasts(events: Iterable[Event]) -> list[Broadcast]:
    """The entries to send, of what a call returned."""
    return [event for event in events if isinstance(event, Broadcast)]


__all__ = [
    "Aborted",
    "Broadcast",
    "EntryRejected",
    "Event",
    "Faulted",
    "Finished",
    "GameEnded",
    "LogRewritten",
    "Outcome",
    "broadcasts",
]
