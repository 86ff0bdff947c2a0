"""What a networked seat tells its front end while it waits: the ``Status`` lines.

``game_status`` says how a table ended or what it does or waits for; a seat and a
watcher (``node.watcher``) both take it from here.
"""

from __future__ import annotations

import time

from wizard_p2p.node.stall import StallWatch
from wizard_p2p.protocol.events import Finished, Outcome
from wizard_p2p.protocol.table import Table
from wizard_p2p.seat.controller import Status, StatusKind

__all__ = ["game_status", "seat_status"]


def game_status(table: Table, outcome: Outcome | None, seat: int | None = None) -> Status | None:
    """How the game ended (``outcome``), or what the table does or waits for as its
    game's replica says it, unless it waits for ``seat`` (None for a watcher, who holds
    none)."""
    if isinstance(outcome, Finished):
        return Status(StatusKind.GAME_OVER)
    if outcome is not None:
        return Status(StatusKind.ABORTED)  # how: the snapshot's ``ended``
    return table.replica.status(seat)


def seat_status(
    table: Table,
    seat: int,
    outcome: Outcome | None,
    *,
    silent: set[int],
    proven: dict[int, str],
    stall: StallWatch,
    stall_limit: float,
) -> tuple[Status, ...]:
    writer = table.progress().writer
    items: list[Status] = []
    for other in sorted(silent):
        items.append(Status(StatusKind.DISCONNECTED, seat=other))
    for cheat, reason in proven.items():
        items.append(Status(StatusKind.CHEATED, seat=cheat, detail=reason))
    progress = game_status(table, outcome, seat)
    if progress is not None:
        items.append(progress)
    if stall.can_abort():
        items.append(Status(StatusKind.STALLED, seat=writer))
    elif stall.held_by is not None and stall.held_since is not None:
        # Everyone sees who holds the game up, for how long, and who may end it.
        held_by = stall.held_by
        held = time.monotonic() - stall.held_since
        items.append(Status(
            StatusKind.HELD_UP, seat=held_by, done=int(held),
            total=int(stall_limit), writer=stall.writer(held_by),
        ))
    return tuple(items)
