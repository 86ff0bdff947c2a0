"""Which seat holds the game up, for how long, and when it may be named as stalled.

A seat holds the game up when it is due and silent, or owes an entry its client writes
by itself. Once it has for the stall limit, the seat the right to end it falls to may end
the game: a bot does at once, a person is offered it, and the console counts down. The
right goes to the other seats lowest first and passes over every seat that is silent
too (SPEC §6.1): where two seats end the game at once, the lower one's abort stands.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass

from wizard_p2p.protocol.table import Table

__all__ = ["COUNTDOWN_TICK", "DEFAULT_STALL_LIMIT", "PeerTimers", "StallWatch"]

DEFAULT_STALL_LIMIT = 120.0
COUNTDOWN_TICK = 1.0  # seconds between updates of a stalled seat's countdown


@dataclass
class PeerTimers:
    """How long a seat may hold up the game (silent, or withholding an entry its client
    writes by itself) before it can be named as stalled."""

    stall_limit: float = DEFAULT_STALL_LIMIT
    # A bot's seat waits this long before it leads the next trick of a round, so that
    # the trick just finished stays a moment on the players' screens (0: no wait).
    trick_pause: float = 0.0


class StallWatch:
    def __init__(
        self,
        table: Table,
        seat: int,
        *,
        silent: set[int],
        timers: PeerTimers,
        auto_abort: bool,
        subscribers: list[Callable[[], None]],
        abort: Callable[[], None],
        people: frozenset[int] | None = None,
    ) -> None:
        self._table = table
        self._seat = seat
        self._silent = silent  # the peer's set, kept up to date by its event loop
        self._timers = timers
        self._auto_abort = auto_abort
        self._people = people  # the seats persons play (the lobby's word; None: not known)
        self._subscribers = subscribers  # a countdown is shown to them
        self._abort = abort
        self.held_by: int | None = None  # the silent seat the game waits for
        self.held_since: float | None = None
        self._writer: int | None = None  # the seat the right to end it falls to, as last seen
        self.timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closing = False

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        self.arm()  # a stall seen before the loop was known (status())

    def close(self) -> None:
        self._closing = True
        if self.timer is not None:
            self.timer.cancel()

    def arm(self) -> None:
        """While a seat holds the game up, a timer falls due every second (so the console's
        countdown moves) and at the stall limit (when the seat that writes the abort may
        end the game: a bot does, a person is offered it). It is set again only when the
        seat held up changes or it falls due: a task woken at every entry would cost each
        peer a loop turn per entry, on the set-up's critical path."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if (
            self._closing
            or self._loop is None
            or self.held_by is None
            or self.held_since is None
        ):
            return
        left = self.held_since + self._timers.stall_limit - time.monotonic()
        ends_it = self.ends_stalls() and self.writer(self.held_by) == self._seat
        if left > 0:
            if not self._subscribers and not ends_it:
                return  # nobody watches a countdown, and this seat ends nothing by itself
            delay = min(left, COUNTDOWN_TICK) if self._subscribers else left
        elif ends_it:
            delay = 0.0
        else:
            return  # the limit has passed: the console shows who may end the game
        self.timer = self._loop.call_later(delay, self._due)

    def _due(self) -> None:
        self.timer = None
        if self._closing:
            return
        self.track()  # sets the timer again if the seat held up changed
        if self.can_abort() and self.ends_stalls():
            self._abort()
            return
        if self.timer is None and self.held_by is not None:
            self.arm()
        for callback in list(self._subscribers):
            callback()  # the countdown moved, or this person may now end the game

    def writer(self, stalled: int) -> int:
        """The seat the right to end the game falls to when ``stalled`` holds it up: the
        lowest other seat that is not silent (this seat is never silent to itself)."""
        order = self._table.abort_order(stalled)
        return next(
            (s for s in order if s == self._seat or s not in self._silent), order[0]
        )

    def ends_stalls(self) -> bool:
        """Whether this client writes an abort by itself (SPEC §6): a bot's does, and only
        while no person other than the stalled seat is seated; a person is offered it."""
        if not self._auto_abort:
            return False
        if self._people is None:
            return True
        return not (self._people - {self.held_by, self._seat})

    def holding_up(self, due: tuple[int, frozenset[str]] | None) -> bool:
        """Whether the seat due holds the game up: it is silent, or it owes an entry its
        client writes by itself (a shuffle, a lock, a reveal...) — a seat that stays
        connected but withholds one stalls the game as surely as one that left."""
        if due is None or self._table.ended or due[0] == self._seat:
            return False
        return due[0] in self._silent or self._table.owes_at_once()

    def track(self) -> None:
        """Start (or stop) the clock of the seat the game is waiting for, if it holds it up;
        and set the timer again when the right to end the game passes to another seat (a
        lower seat fell silent, or came back), which no entry announces."""
        due = self._table.expected()
        held = due[0] if due is not None and self.holding_up(due) else None
        writer = None if held is None else self.writer(held)
        if held != self.held_by:
            self.held_by = held
            self.held_since = None if held is None else time.monotonic()
            self._writer = writer
            self.arm()
        elif writer != self._writer:
            self._writer = writer
            self.arm()

    def stalled_for(self) -> float:
        """Seconds the seat due has held up the game (0.0 when none does)."""
        self.track()
        return 0.0 if self.held_since is None else time.monotonic() - self.held_since

    def can_abort(self) -> bool:
        """Whether this seat may end the game now: the seat due has held it up (silent,
        or withholding an automatic entry) for the stall limit, and the right to end it
        falls to us (every lower other seat is silent too)."""
        due = self._table.expected()
        if due is None or not self.holding_up(due):
            return False
        if self.writer(due[0]) != self._seat:
            return False
        return self.stalled_for() >= self._timers.stall_limit
