"""Work a seat puts off until it is idle: a check the game put off, and what the game
derives ahead (Wizard's: a round's check, and the next round's keys).

A put-off check runs once what we had to send is sent; the work ahead is done when the
game's replica says it is due. Either runs anyway after a short delay with nothing
happening, so that a game stalled before our turn does not keep it waiting
(``Scheduling`` in the protocol says what is due).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.table import Table

__all__ = ["IDLE_CHECK_DELAY", "IDLE_PREPARE_DELAY", "IdleWork"]

# Seconds without our turn after which a put-off check runs.
IDLE_CHECK_DELAY = 0.5
# Seconds the work ahead waits for the other seats (a person chooses) before it is done
# anyway (Scheduling.work_ahead_waits).
IDLE_PREPARE_DELAY = 0.05


class IdleWork:
    def __init__(self, table: Table, on_change: Callable[[list[Event]], None]) -> None:
        self._table = table
        # The peer's reaction to a change of the table, given what the table reported.
        self._on_change = on_change
        self._check: asyncio.TimerHandle | None = None
        self._prepare: asyncio.TimerHandle | None = None
        self._closing = False

    def close(self) -> None:
        self._closing = True
        if self._check is not None:
            self._check.cancel()
        if self._prepare is not None:
            self._prepare.cancel()

    def after_change(self) -> None:
        """Run, or set a timer for, whatever put-off work the table's change made due."""
        scheduling = self._table.scheduling
        if scheduling.deferred_checks_due:
            # What we had to send is sent: the put-off check is off the critical path, and
            # so is deriving what the game will need next.
            self._run_deferred_checks()
        elif scheduling.has_deferred_checks and not self._closing:
            # Should the game stall before our turn, the check runs anyway: after
            # IDLE_CHECK_DELAY with nothing happening (the timer restarts at every change).
            if self._check is not None:
                self._check.cancel()
            self._check = asyncio.get_running_loop().call_later(
                IDLE_CHECK_DELAY, self._run_deferred_checks
            )
        elif scheduling.work_ahead_due:
            # The replica says its work ahead is due (Wizard: our hand is dealt, every
            # seat has written since, no check is pending): done now, not when needed.
            scheduling.work_ahead()
        elif (
            scheduling.work_ahead_waits
            and self._prepare is None
            and not self._closing
        ):
            self._prepare = asyncio.get_running_loop().call_later(
                IDLE_PREPARE_DELAY, self._prepare_when_idle
            )

    def _prepare_when_idle(self) -> None:
        self._prepare = None
        # Only if still waiting: once the game has moved on, its own path does the work
        # (when due, or after the next check).
        scheduling = self._table.scheduling
        if not self._closing and scheduling.work_ahead_waits and scheduling.work_ahead():
            self._on_change([])

    def _run_deferred_checks(self) -> None:
        if self._check is not None:
            self._check.cancel()
            self._check = None
        if not self._table.scheduling.has_deferred_checks or self._closing:
            return
        events = self._table.scheduling.run_deferred_checks()
        self._table.scheduling.work_ahead()
        if events:  # a cheat found: the game ended
            self._on_change(events)
