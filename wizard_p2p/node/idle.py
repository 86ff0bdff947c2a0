"""Work a seat puts off until it is idle: a round's check, and the next round's keys.

A round's check runs once what we had to send is sent; the next round's keys (and seat
0's first pass) are derived once our hand is dealt. Either runs anyway after a short
delay with nothing happening, so that a set-up stalled before our turn does not keep
it waiting (``Scheduling`` in the protocol says what is due).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.table import Table

__all__ = ["IDLE_CHECK_DELAY", "IDLE_PREPARE_DELAY", "IdleWork"]

# Seconds without our turn in the next set-up after which a put-off round check runs.
IDLE_CHECK_DELAY = 0.5
# Seconds after a deal, the seats not all having written since (a person chooses), after
# which the next round is prepared anyway (Scheduling.preparation_waits).
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
            # What we had to send is sent: the last round's check is off the critical path,
            # and so is deriving what the next round's start will need.
            self._run_deferred_checks()
        elif scheduling.has_deferred_checks and not self._closing:
            # Should the next set-up stall before our turn, the check runs anyway: after
            # IDLE_CHECK_DELAY with nothing happening (the timer restarts at every change).
            if self._check is not None:
                self._check.cancel()
            self._check = asyncio.get_running_loop().call_later(
                IDLE_CHECK_DELAY, self._run_deferred_checks
            )
        elif scheduling.preparation_due:
            # Our hand is dealt, every seat has written since and no check is pending: the
            # next round's keys (and seat 0's first pass) are derived now, not at that
            # round's start. After round 1 nothing else would: its set-up has no check of
            # a round before it.
            scheduling.prepare_next_round()
        elif (
            scheduling.preparation_waits
            and self._prepare is None
            and not self._closing
        ):
            self._prepare = asyncio.get_running_loop().call_later(
                IDLE_PREPARE_DELAY, self._prepare_when_idle
            )

    def _prepare_when_idle(self) -> None:
        self._prepare = None
        # Only if still waiting: once the game has moved on, the round's own path prepares
        # (when due, or after the next round's check), and not in the middle of a set-up.
        scheduling = self._table.scheduling
        if not self._closing and scheduling.preparation_waits and scheduling.prepare_next_round():
            self._on_change([])

    def _run_deferred_checks(self) -> None:
        if self._check is not None:
            self._check.cancel()
            self._check = None
        if not self._table.scheduling.has_deferred_checks or self._closing:
            return
        events = self._table.scheduling.run_deferred_checks()
        self._table.scheduling.prepare_next_round()
        if events:  # a cheat found: the game ended
            self._on_change(events)
