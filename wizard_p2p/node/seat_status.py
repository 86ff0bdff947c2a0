"""What a networked seat tells its front end while it waits: the ``Status`` lines.

``game_status`` says how a table ended or what it does or waits for; a seat and a
watcher (``node.watcher``) both take it from here.
"""

from __future__ import annotations

import time

from wizard_p2p.node.stall import StallWatch
from wizard_p2p.protocol.events import Aborted, Faulted, Finished, Outcome
from wizard_p2p.protocol.kinds import Stage
from wizard_p2p.protocol.table import Table
from wizard_p2p.seat.controller import WAITING_FOR, Status, StatusKind

__all__ = ["ended_reason", "game_status", "seat_status"]

# What a table in set-up is doing, by its stage.
_SETUP_STATUS = {
    Stage.COIN: StatusKind.SHUFFLING,
    Stage.SHUFFLE: StatusKind.SHUFFLING,
    Stage.LOCK: StatusKind.DEALING,
    Stage.REVEAL: StatusKind.REVEALING,
}


def ended_reason(outcome: Outcome | None, names: tuple[str, ...]) -> str | None:
    """Why the game ended early, if it did (None while it goes on, or once finished)."""
    if isinstance(outcome, Faulted):
        return f"cheating detected: {outcome.fault}"
    if isinstance(outcome, Aborted):
        return f"{names[outcome.stalled]} stalled: {outcome.reason}"
    return None


def stalled_seat(outcome: Outcome | None) -> int | None:
    """The seat whose stall ended the game (an abort), else None."""
    return outcome.stalled if isinstance(outcome, Aborted) else None


def cheat_found(outcome: Outcome | None) -> tuple[str | None, int | None]:
    """The kind of the cheat that ended the game and the seat to blame (None, None: none)."""
    if isinstance(outcome, Faulted):
        return str(outcome.fault.kind), outcome.seat
    return None, None


def game_status(table: Table, outcome: Outcome | None, seat: int | None = None) -> Status | None:
    """How the game ended (``outcome``), or what the table does or waits for, unless it
    waits for ``seat`` (None for a watcher, who holds none)."""
    if isinstance(outcome, Finished):
        return Status(StatusKind.GAME_OVER)
    if outcome is not None:
        return Status(StatusKind.ABORTED, detail=ended_reason(outcome, table.names) or "")
    stage, writer, done, total = table.progress()
    if stage in _SETUP_STATUS:
        return Status(_SETUP_STATUS[stage], seat=writer, done=done, total=total)
    if writer is None or writer == seat:
        return None
    # A play, but for the choices the rules' phase names.
    game = table.game
    kind = StatusKind.WAITING_PLAY if game is None else WAITING_FOR.get(game.phase)
    return Status(kind or StatusKind.WAITING_PLAY, seat=writer)


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
    writer = table.progress()[1]
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
