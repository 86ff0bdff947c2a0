"""When a seated table does work that may be put off or done ahead: the driver's one
seam for tuning, kept off the table's face (``Table.scheduling``).

Nothing here changes what a table decides, only when work is done:

* a check the game's replica puts off (Wizard's end-of-round check) waits until the
  replica says it is off the critical path (``GameReplica.checks_may_run``). A put-off
  check blames exactly what an immediate one would, at the same log position; the
  replica never puts off one a game could finish without;
* what the replica can derive ahead of need (Wizard's keys of the next round) is
  derived when the driver is idle (``GameReplica.work_ahead``).

A driver that never calls these members gets the same game: the checks run when the
game next needs them or is aborted, and what is derived ahead is derived when needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.kinds import Stage


class Ahead(Protocol):
    """What a game's replica says of its work: when a put-off check may run, and what
    it can derive ahead of need."""

    def checks_may_run(self) -> bool:
        """Whether a check put off may run now (our part of the next step is out)."""

    def work_ahead_due(self) -> bool:
        """Whether the driver should call :meth:`work_ahead` now."""

    def work_ahead_waits(self) -> bool:
        """Whether :meth:`work_ahead_due` waits only for the other seats, with work
        still to do ahead: a driver does it anyway if they take a while."""

    def work_ahead(self) -> bool:
        """Derive now what the game will need next; True if there was work."""


class Scheduled(Protocol):
    """What the scheduling reads of its table (the ``Table``)."""

    seat: int | None

    @property
    def replica(self) -> Ahead: ...
    @property
    def stage(self) -> Stage: ...
    def _reported(self, work: Callable[[], object]) -> list[Event]: ...


class Scheduling:
    """The put-off checks and the work derived ahead, of one table."""

    def __init__(self, table: Scheduled, *, defer_checks: bool) -> None:
        self._table = table
        self.defer_checks = defer_checks and table.seat is not None
        self._deferred_checks: list[Callable[[], object]] = []

    # --- the replica's side -----------------------------------------------------------

    def defer(self, check: Callable[[], object]) -> None:
        self._deferred_checks.append(check)

    # --- put-off checks -----------------------------------------------------------------

    @property
    def deferred_checks(self) -> int:
        """How many checks are put off and have not run yet."""
        return len(self._deferred_checks)

    @property
    def has_deferred_checks(self) -> bool:
        """Whether a check was put off and has not run yet.

        A driver runs them when idle, too: if the game's next step stalls before our
        turn, the check must not wait for it.
        """
        return bool(self._deferred_checks)

    @property
    def deferred_checks_due(self) -> bool:
        """Whether a put-off check should run now (:meth:`run_deferred_checks`): the
        replica says it is off the critical path. The driver runs it after sending what
        it has to send."""
        return bool(self._deferred_checks) and self._table.replica.checks_may_run()

    def run_deferred_checks(self) -> list[Event]:
        """Run every put-off check; a fault found ends the game (``GameEnded``)."""
        return self._table._reported(self._run)

    def _run(self) -> None:
        while self._deferred_checks:
            check = self._deferred_checks.pop(0)
            if self._table.stage is not Stage.FAULTED:
                check()

    # --- work derived ahead ---------------------------------------------------------------

    @property
    def work_ahead_due(self) -> bool:
        """Whether a driver should call :meth:`work_ahead` now."""
        return self._table.replica.work_ahead_due()

    @property
    def work_ahead_waits(self) -> bool:
        """Whether :attr:`work_ahead_due` waits only for the other seats, with work still
        to do ahead: a driver does it anyway if they take a while (a person choosing,
        cores idle)."""
        return self._table.replica.work_ahead_waits()

    def work_ahead(self) -> bool:
        """Derive now what the game will need next (the replica says what); True if
        there was work. A driver calls it when idle."""
        return self._table.replica.work_ahead()


__all__ = ["Ahead", "Scheduling"]
