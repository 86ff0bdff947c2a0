"""What a networked seat tells its front end while it waits: the ``Status`` lines."""

from __future__ import annotations

import time

from wizard_p2p.node.stall import StallWatch
from wizard_p2p.protocol.events import Aborted, Faulted, Finished, Outcome
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Phase
from wizard_p2p.seat.controller import Status

__all__ = ["ended_reason", "seat_status"]

_SETUP_STATUS = {
    "shuffle": "shuffling", "lock": "dealing", "reveal": "revealing", "coin": "shuffling",
}
_WAITING: dict[Phase | None, str] = {
    Phase.BID: "waiting-bid",
    Phase.CHOOSE_TRUMP: "waiting-trump",
    Phase.PLAY: "waiting-play",
}


def ended_reason(outcome: Outcome | None, names: tuple[str, ...]) -> str | None:
    """Why the game ended early, if it did (None while it goes on, or once finished)."""
    if isinstance(outcome, Faulted):
        return f"cheating detected: {outcome.fault}"
    if isinstance(outcome, Aborted):
        return f"{names[outcome.stalled]} stalled: {outcome.reason}"
    return None


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
    stage, writer, done, total = table.progress()
    items: list[Status] = []
    for other in sorted(silent):
        items.append(Status("disconnected", seat=other))
    for cheat, reason in proven.items():
        items.append(Status("cheated", seat=cheat, detail=reason))
    if isinstance(outcome, Finished):
        items.append(Status("game-over"))
    elif outcome is not None:
        items.append(Status("aborted", detail=ended_reason(outcome, table.names) or ""))
    elif stage in _SETUP_STATUS:
        items.append(Status(_SETUP_STATUS[stage], seat=writer, done=done, total=total))
    elif writer is not None and writer != seat:
        view = table.view()
        phase = view.phase if view else None
        items.append(Status(_WAITING.get(phase, "waiting-play"), seat=writer))
    if stall.can_abort():
        items.append(Status("stalled", seat=writer))
    elif stall.held_by is not None and stall.held_since is not None:
        # Everyone sees who holds the game up, for how long, and who may end it.
        held_by = stall.held_by
        held = time.monotonic() - stall.held_since
        items.append(Status(
            "held-up", seat=held_by, done=int(held),
            total=int(stall_limit), writer=stall.writer(held_by),
        ))
    return tuple(items)
