"""What a front end may read from, and do at, one seat of a game.

A front end holds a ``SeatController``. It reads ``snapshot()`` — an immutable
``Snapshot`` built from the seat's ``SeatView`` plus the table's names and
progress — and calls ``bid``/``choose_trump``/``play``. A refused choice raises
``IllegalAction`` (naming the rule) and changes nothing. ``subscribe`` registers
a callback invoked, on the event loop's thread, whenever the snapshot changes.
Nothing here reaches sockets or crypto.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from wizard_p2p.protocol.events import Aborted, Faulted
from wizard_p2p.protocol.status import Status as Status
from wizard_p2p.protocol.status import StatusKind as StatusKind
from wizard_p2p.rules import Card, SeatView, Suit
from wizard_p2p.tables.wizard.replica import WAITING_FOR as WAITING_FOR


@dataclass(frozen=True)
class WatchRequest:
    """Somebody asking the host to watch the game: the name it gives, the fingerprint
    of the key it connects with, and ``key``, what the host admits or refuses it by."""

    name: str
    fingerprint: str
    key: str


@dataclass(frozen=True)
class Snapshot:
    view: SeatView
    names: tuple[str, ...]
    fingerprints: tuple[str, ...] = ()
    connected: tuple[bool, ...] = ()
    status: tuple[Status, ...] = ()
    log: tuple[str, ...] = ()  # human-readable lines of the game log, oldest first
    finished: bool = False
    # How the game ended early, if it did: the outcome itself, which the console words.
    ended: Aborted | Faulted | None = None
    resumable: bool = False  # the seat's files let it rejoin after ``quit()``
    watchers: tuple[str, ...] = ()  # the names of who watches the table now
    # Asking to watch, shown to the host alone: ``admit_watcher``/``refuse_watcher``.
    watch_requests: tuple[WatchRequest, ...] = ()
    # The game's terms let its players ask the coach (``bots.coach``); a practice game's
    # always do, a networked game's when its host offered it and everyone endorsed that.
    coach: bool = False
    # The seats a program plays, as whoever seated them knows it (the lobby's seat list,
    # a practice game's bots, a resumed seat's record of them); empty when not known.
    # The console names them as bots whatever name they were given, and nobody else so.
    bots: frozenset[int] = frozenset()


class SeatController(Protocol):
    seat: int

    def snapshot(self) -> Snapshot: ...

    def bid(self, tricks: int) -> None: ...

    def choose_trump(self, suit: Suit) -> None: ...

    def play(self, card: Card) -> None:
        """Play ``card``. A card left alone in the hand — the last trick's, and the
        clairvoyance round's unseen one — plays by itself and is never asked for."""
        ...

    def subscribe(self, callback: Callable[[], None]) -> None: ...

    def quit(self) -> None:
        """Leave the table; a networked game stays resumable."""
        ...

    def admit_watcher(self, key: str) -> None:
        """Let the one asking to watch (``WatchRequest.key``) follow the game."""
        ...

    def refuse_watcher(self, key: str) -> None:
        """Turn away the one asking to watch (``WatchRequest.key``)."""
        ...

    def abort_stalled(self) -> None:
        """End a game held up by a silent seat, when ``snapshot().status`` says this seat
        may (``StatusKind.STALLED``); ``UsageError`` says why it may not now (a game with
        no other machine never stalls)."""
        ...


class WatchController(Protocol):
    """What a front end may do at a game it watches: read it, and leave.

    The snapshot's view is a ``rules.public_view``: no hand, no choice; its status
    says what the watcher verified (a refused entry names the seat that sent it).
    """

    def snapshot(self) -> Snapshot: ...

    def subscribe(self, callback: Callable[[], None]) -> None: ...

    def quit(self) -> None: ...
