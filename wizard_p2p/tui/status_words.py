"""How the console says the table's ``Status`` lines: one table from each ``StatusKind``
to its catalogue words.

``STATUS_WORDS`` gives every kind the catalogue key (or keys) it is said with, the
fields that fill the text, where the text goes in the line, and whether it names a
seat as holding the game up. ``status_text`` joins the lines of a snapshot, in the
player's language ("shuffling (3/6)", "waiting for Ana to bid", "Ben disconnected -
waiting"; a watcher's controller adds what it verified and any entry it refused,
naming the seat). Adding a status is one member of ``StatusKind``, one row here, and
its words in each catalogue; a test checks every member has them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType

from wizard_p2p.seat.controller import WAITING_FOR, Status, StatusKind
from wizard_p2p.tui.ending_text import ending_reason, fault_words
from wizard_p2p.tui.shared import ConsoleState

__all__ = ["STATUS_WORDS", "Place", "Wording", "ended_detail", "status_text"]

# The width of the bar that shows how long a seat has held the game up.
_BAR = 10


class Place(IntEnum):
    """Where a status is said in the line, in this order. A watcher's refused entries
    and notes come after the rest, and never stand instead of whose turn it is."""

    FIRST = 0
    REFUSED = 1
    NOTE = 2


Fields = Callable[[ConsoleState, Status], Mapping[str, object]]


def _first(status: Status) -> int:
    return 0


@dataclass(frozen=True)
class Wording:
    """How one kind of status is said."""

    keys: tuple[str, ...]  # its catalogue keys: the first, unless ``pick`` chooses
    fields: Fields  # what fills the text's placeholders
    place: Place = Place.FIRST
    names_seat: bool = False  # its seat is said to hold the game up: not said again
    pick: Callable[[Status], int] = _first

    def say(self, app: ConsoleState, status: Status) -> str:
        return app.tr(self.keys[self.pick(status)], **self.fields(app, status))


def _who(app: ConsoleState, seat: int | None) -> str:
    return app.name(seat) if seat is not None else "?"


def _steps(app: ConsoleState, status: Status) -> Mapping[str, object]:
    return {"done": status.done or 0, "total": status.total or 0}


def _seat(app: ConsoleState, status: Status) -> Mapping[str, object]:
    return {"name": _who(app, status.seat)}


def _count(app: ConsoleState, status: Status) -> Mapping[str, object]:
    return {"n": status.done or 0}


def _detail(app: ConsoleState, status: Status) -> Mapping[str, object]:
    return {"detail": app.tr.say(status.said) if status.said is not None else status.detail}


def _nothing(app: ConsoleState, status: Status) -> Mapping[str, object]:
    return {}


def _refused(app: ConsoleState, status: Status) -> Mapping[str, object]:
    detail = (status.detail if status.said is None
              else fault_words(app.tr, status.said, status.detail))
    return {"n": status.done or 0, "name": _who(app, status.seat), "detail": detail}


def ended_detail(app: ConsoleState) -> str:
    """Why the game ended early (``tui.ending_text``), each seat named as this player
    reads it; "" while it has not."""
    snap = app.snapshot
    if snap is None or snap.ended is None:
        return ""
    names = tuple(app.name(seat) for seat in range(len(snap.names)))
    return ending_reason(app.tr, snap.ended, names)


def _why_ended(app: ConsoleState, status: Status) -> Mapping[str, object]:
    snap = app.snapshot
    if status.detail or snap is None or snap.ended is None:
        return {"detail": status.detail}
    return {"detail": ended_detail(app)}


def _sentence(app: ConsoleState, status: Status) -> Mapping[str, object]:
    if status.said is not None:
        return {"detail": app.tr.say(status.said)}
    return {"detail": status.detail or status.kind}


def _held_up(app: ConsoleState, status: Status) -> Mapping[str, object]:
    done, total = status.done or 0, status.total or 0
    bar = "#" * (_BAR * done // max(1, total))
    return {
        "name": _who(app, status.seat),
        "writer": _who(app, status.writer),
        "left": max(0, total - done),
        "bar": f"[{bar:<{_BAR}}]",
    }


def _held_past_limit(status: Status) -> int:
    """``may_end`` once the seat has held the game up for the whole limit."""
    return 1 if (status.total or 0) <= (status.done or 0) else 0


STATUS_WORDS: Mapping[StatusKind, Wording] = MappingProxyType({
    StatusKind.SHUFFLING: Wording(("shuffling",), _steps),
    StatusKind.DEALING: Wording(("dealing",), _steps),
    StatusKind.REVEALING: Wording(("revealing",), _steps),
    StatusKind.WAITING_BID: Wording(("waiting_bid",), _seat),
    StatusKind.WAITING_TRUMP: Wording(("waiting_trump",), _seat),
    StatusKind.WAITING_PLAY: Wording(("waiting_play",), _seat),
    StatusKind.DISCONNECTED: Wording(("disconnected",), _seat, names_seat=True),
    StatusKind.STALLED: Wording(("stalled",), _seat, names_seat=True),
    StatusKind.HELD_UP: Wording(
        ("held_up", "may_end"), _held_up, names_seat=True, pick=_held_past_limit
    ),
    StatusKind.CHEATED: Wording(("cheated",), _seat),
    StatusKind.GAME_OVER: Wording(("game_over",), _nothing),
    StatusKind.ABORTED: Wording(("aborted",), _why_ended),
    StatusKind.CONNECTING: Wording(("lobby_connecting",), _detail),
    StatusKind.ADMISSION: Wording(("watch_admission",), _detail),
    StatusKind.VERIFIED: Wording(("watch_verified",), _count, place=Place.NOTE),
    StatusKind.ROUND_CHECKED: Wording(("watch_round_checked",), _count, place=Place.NOTE),
    StatusKind.REFUSED: Wording(("watch_refused_entry",), _refused, place=Place.REFUSED),
    StatusKind.EVENT: Wording(("working",), _sentence),
})


def status_text(app: ConsoleState) -> str:
    """What the table is waiting for, in the player's language."""
    assert app.snapshot is not None
    snap = app.snapshot
    view = snap.view
    tr = app.tr
    said: dict[Place, list[str]] = {place: [] for place in Place}
    reported: set[int] = set()
    for status in snap.status:
        wording = STATUS_WORDS[status.kind]
        said[wording.place].append(wording.say(app, status))
        if wording.names_seat and status.seat is not None:
            reported.add(status.seat)
    parts = said[Place.FIRST]
    for seat, up in enumerate(snap.connected):
        if not up and seat not in reported and not app.is_me(seat):
            parts.append(tr("disconnected", name=app.name(seat)))
    waiting = WAITING_FOR.get(view.phase)
    mover = view.to_move
    if not parts and waiting is not None and mover is not None and not app.is_me(mover):
        parts.append(STATUS_WORDS[waiting].say(app, Status(waiting, seat=mover)))
    if not parts and snap.ended is not None:
        parts.append(tr("aborted", detail=ended_detail(app)))
    if not parts and (snap.finished or view.is_over):
        parts.append(tr("game_over"))
    return tr("semicolon").join([text for place in Place for text in said[place]])

