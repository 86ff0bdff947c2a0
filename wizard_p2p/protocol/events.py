"""What a ``Table`` tells its caller: a closed set of frozen events, in the order they
happened, returned by every call that feeds it (``receive``, ``start``, a choice, an
abort, a round check run late). They are a driver's one channel: it needs to read
nothing else of the table to keep the log file, send our entries and end the game.

Every entry that joins the log is reported once, at its position: ``Broadcast`` for
one the table wrote (ours: send it to every peer, after it reaches the disk when
``durable`` says so), ``Accepted`` for another seat's. A driver that keeps the log on
disk writes both, in order; it cuts its file back on ``LogRewritten`` (the entries
reported after it follow the cut); may report an ``EntryRejected``; and stops the game
on ``GameEnded``, which comes once (again only after a ``LogRewritten``: the game then
ended anew, maybe otherwise).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from wizard_p2p.errors import PeerFault, Said
from wizard_p2p.protocol.kinds import FaultKind


@dataclass(frozen=True)
class Broadcast:
    """Send this entry of ours to every peer (it is already in our log at ``pos``).

    ``durable``: it must be on disk before it is sent. That is an entry that depends
    on a choice, or on when it was made (a bid, the trump, a chosen play, an abort, a
    dispute), which a table rebuilt after a crash might not write again byte for byte.
    Every other entry of ours (coin, shuffle, lock, bid opening, reveal, final, a
    forced play, a proof, a choice the caller said it derives from ``choice_seed``) is
    derived from the master secret and the log before it: it can go out first.

    ``chosen``: it carries the local player's choice (``bid``, ``choose_trump`` or
    ``play``), not an entry the table wrote by itself.
    """

    pos: int
    entry: bytes
    kind: str  # one of the game's entry kinds
    durable: bool = False
    chosen: bool = False


@dataclass(frozen=True)
class Accepted:
    """Another seat's entry (``seat``, ``kind``) joined our log at ``pos``: one a peer
    sent, or one kept for a later position whose turn came."""

    pos: int
    entry: bytes
    seat: int
    kind: str  # one of the game's entry kinds


@dataclass(frozen=True)
class EntryRejected:
    """An entry kept for a later position was refused when its turn came (it was
    authenticated when it arrived, so the fault names its author)."""

    fault: PeerFault


@dataclass(frozen=True)
class LogRewritten:
    """The log changed from ``position`` on: an ending took the place of our entries
    there (ours never reached anyone, or a seat equivocated). Whoever keeps the log on
    disk cuts it back to ``position`` entries; the entries reported after this event
    follow."""

    position: int


class GameResult(Protocol):
    """How a game finished, as its ``final`` entries agree on it (Wizard: its totals)."""

    def text(self) -> str:
        """One line for a person, in English."""

    def said(self) -> Said:
        """The same line as data, for a person's text in their language."""

    def to_json(self) -> dict[str, Any] | None:
        """The result as the audit's JSON report carries it (None: the game's verified
        parts say it, as Wizard's rounds and totals do)."""


@dataclass(frozen=True)
class Finished:
    """Every seat signed the game's end: ``winners`` the seats that won (none: a draw),
    and the game's own ``result``."""

    winners: tuple[int, ...]
    result: GameResult


@dataclass(frozen=True)
class Aborted:
    """``writer`` ended the game because ``stalled`` held it up."""

    writer: int
    stalled: int
    reason: str


@dataclass(frozen=True)
class Faulted:
    """A round's check named a cheat, a proof of equivocation ended the game, or a
    dispute found no fault: the log is the evidence."""

    fault: PeerFault

    @property
    def seat(self) -> int | None:
        """The seat to blame (None: a dispute that names nobody)."""
        return self.fault.seat

    @property
    def kind(self) -> str:
        """The fault's kind (a ``FaultKind``)."""
        return self.fault.kind

    @property
    def proven_in_log(self) -> bool:
        """Whether a proof entry ended the log (an equivocation), rather than a check
        each replica ran by itself."""
        return self.fault.kind == FaultKind.EQUIVOCATION


Outcome = Finished | Aborted | Faulted


@dataclass(frozen=True)
class GameEnded:
    outcome: Outcome


Event = Broadcast | Accepted | EntryRejected | LogRewritten | GameEnded


def broadcasts(events: Iterable[Event]) -> list[Broadcast]:
    """The entries to send, of what a call returned."""
    return [event for event in events if isinstance(event, Broadcast)]


__all__ = [
    "Aborted",
    "Accepted",
    "Broadcast",
    "EntryRejected",
    "Event",
    "Faulted",
    "Finished",
    "GameEnded",
    "GameResult",
    "LogRewritten",
    "Outcome",
    "broadcasts",
]
