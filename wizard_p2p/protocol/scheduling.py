"""When a seated table does work that may be put off or done ahead: the driver's one
seam for tuning, kept off the table's face (``Table.scheduling``).

Nothing here changes what a table decides, only when work is done:

* a round's end-of-round check may wait until our part of the next round's set-up is
  written (every seat runs the check, and doing it at once would put it on the
  set-up's critical path). A put-off check blames exactly what an immediate one
  would, at the same log position; the game's last round and disputed rounds are
  never put off, so no game finishes unchecked;
* our keys of the next round (and, for seat 0, its first shuffle pass, which depends
  on nothing but our secret) may be derived while the table waits, off the next
  set-up's critical path.

A driver that never calls these members gets the same game: the checks run when the
next round ends or the game is aborted, and the keys are derived when needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from wizard_p2p import crypto
from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.kinds import Stage
from wizard_p2p.protocol.round_state import RoundState
from wizard_p2p.protocol.seat_secrets import SeatSecrets
from wizard_p2p.rules import Game, GameConfig


class Scheduled(Protocol):
    """What the scheduling reads of its table (the ``Table``)."""

    seat: int | None
    config: GameConfig
    _secrets: SeatSecrets | None

    @property
    def game(self) -> Game | None: ...

    @property
    def round(self) -> RoundState | None: ...

    @property
    def stage(self) -> Stage: ...
    @property
    def seats(self) -> int: ...
    @property
    def ended(self) -> bool: ...
    @property
    def log(self) -> list[bytes]: ...
    def _reported(self, work: Callable[[], object]) -> list[Event]: ...


class Scheduling:
    """The put-off round checks and the keys derived ahead, of one table."""

    def __init__(self, table: Scheduled, *, defer_checks: bool) -> None:
        self._table = table
        self.defer_checks = defer_checks and table.seat is not None
        self._deferred_checks: list[Callable[[], object]] = []
        # round → (our keys, seat 0's first shuffle pass), derived ahead when idle
        self._prepared: dict[int, tuple[crypto.RoundKeys, list[bytes] | None]] = {}

    # --- the table's side -------------------------------------------------------------

    def defer(self, check: Callable[[], object]) -> None:
        self._deferred_checks.append(check)

    def take_prepared(self, round_no: int) -> tuple[crypto.RoundKeys, list[bytes] | None] | None:
        return self._prepared.pop(round_no, None)

    def prepared(self, round_no: int) -> tuple[crypto.RoundKeys, list[bytes] | None] | None:
        """Round ``round_no``'s keys (and our first pass, when we shuffle first) derived
        ahead and not taken yet; None if they are not."""
        return self._prepared.get(round_no)

    # --- round checks -------------------------------------------------------------------

    @property
    def deferred_checks(self) -> int:
        """How many round checks are put off and have not run yet."""
        return len(self._deferred_checks)

    @property
    def has_deferred_checks(self) -> bool:
        """Whether a round check was put off and has not run yet.

        A driver runs them when idle, too: if the next set-up stalls before our turn,
        the check must not wait for it.
        """
        return bool(self._deferred_checks)

    @property
    def deferred_checks_due(self) -> bool:
        """Whether a put-off round check should run now (:meth:`run_deferred_checks`).

        It is due once our shuffle pass of the next round is in the log (until then we
        are on the set-up's critical path), or as soon as that round has moved on.
        The driver runs it after sending what it has to send. (Once the next round is
        dealt instead: the hands come sooner, but the first bid later, by more.)
        """
        if not self._deferred_checks:
            return False
        table = self._table
        rnd = table.round
        return (
            rnd is None
            or table.stage is not Stage.SHUFFLE
            or (table.seat is not None and len(rnd.shuffles) > table.seat)
        )

    def run_deferred_checks(self) -> list[Event]:
        """Run every put-off round check; a fault found ends the game (``GameEnded``)."""
        return self._table._reported(self._run)

    def _run(self) -> None:
        while self._deferred_checks:
            check = self._deferred_checks.pop(0)
            if self._table.stage is not Stage.FAULTED:
                check()

    # --- keys derived ahead -------------------------------------------------------------

    @property
    def preparation_due(self) -> bool:
        """Whether a driver should call :meth:`prepare_next_round` now: our hand is dealt,
        every seat has written an entry since the deal (so each has checked the last
        lock), and no round check is pending (the check comes first, then the
        preparation).

        Not at the deal itself: the other seats are then still checking the last lock,
        and seat 0's pass of the next round would take a core from them at the
        set-up's very end.
        """
        since = self._entries_since_deal()
        return since is not None and since >= self._table.seats

    @property
    def preparation_waits(self) -> bool:
        """Whether :attr:`preparation_due` waits only for the entries after the deal, with
        the next round still to prepare: a driver prepares anyway if they take a while
        (a person choosing, cores idle)."""
        since = self._entries_since_deal()
        return since is not None and since < self._table.seats and self._unprepared() is not None

    def prepare_next_round(self) -> bool:
        """Derive now what starting the next round will need; True if there was work.

        Our keys of the round after the current one and, for seat 0, its shuffle pass
        of the fresh deck depend on nothing but our secret: a driver calls this when
        idle, and that seat's pass leaves the next set-up's critical path.
        """
        upcoming = self._unprepared()
        if upcoming is None:
            return False
        secrets = self._table._secrets
        assert secrets is not None
        self._prepared = {upcoming: secrets.round_keys_and_first_pass(upcoming)}
        return True

    def _entries_since_deal(self) -> int | None:
        """Entries written since our deal, while no round check is pending; else None."""
        table = self._table
        rnd = table.round
        if table.stage is not Stage.PLAY or self._deferred_checks or rnd is None:
            return None
        if not rnd.dealt_at:
            return None
        return len(table.log) - rnd.dealt_at

    def _unprepared(self) -> int | None:
        """The round :meth:`prepare_next_round` would prepare, or None if none is left."""
        table = self._table
        if table.seat is None or table.ended or not isinstance(table.config, GameConfig):
            return None  # rounds and their keys are Wizard's: another game prepares none
        # Before the first deal (the coins are being written), round 1 is next.
        game = table.game
        upcoming = 1 if game is None or table.round is None else game.round_no + 1
        if upcoming > table.config.rounds or upcoming in self._prepared:
            return None
        return upcoming


__all__ = ["Scheduling"]
