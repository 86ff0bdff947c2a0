"""A seat's log file: kept a prefix of the table's log, and on disk before it matters.

Every new entry is written to the file; a choice that could not be made again after a
crash is fsynced before it is sent (``UNREPEATABLE_KINDS``). Crash and resume need the file
and ``seat.json`` (the master secret) alone: the table fed the file derives our other
entries again byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable

from wizard_p2p.disk.log import LogFile
from wizard_p2p.files import write_atomic
from wizard_p2p.node.store import GameStore
from wizard_p2p.node.tracing import Tracer
from wizard_p2p.protocol.kinds import CHOICE_KINDS, EntryKind
from wizard_p2p.protocol.table import Table

__all__ = ["UNREPEATABLE_KINDS", "SeatLog"]

# Our entries that depend on a choice (or on when we made it). Every other entry of ours
# (coin, shuffle, lock, bid opening, reveal, final, the last trick's forced plays and
# every play of the clairvoyance round) is derived from the master secret and the log
# before it, so after a crash the table derives the very same bytes again: it needs no
# fsync before it is sent, which takes the disk off the set-up's critical path. So is a
# deterministic bot's choice, drawn from Table.choice_seed() (BotDriver.move). What
# waits for the disk: a person's choice and a clocked bot's.
UNREPEATABLE_KINDS = frozenset({*CHOICE_KINDS, EntryKind.ABORT, EntryKind.DISPUTE})


class SeatLog:
    """The log file of one seat and how much of the table's log it holds."""

    def __init__(self, store: GameStore, table: Table, seat: int) -> None:
        self._store = store
        self._table = table
        self._seat = seat
        self.file: LogFile = store.open_log()
        self.persisted = 0  # entries of the table's log on disk
        # Positions of our bot's choices that it can make again after a crash (see
        # UNREPEATABLE_KINDS), until they are written.
        self.derived_choices: set[int] = set()

    def persist_and_publish(
        self,
        publish: Callable[[int], None],
        tracer: Tracer,
        on_disk_failure: Callable[[OSError], None],
        skip: int | None = None,
    ) -> None:
        """Write every entry the table holds beyond the file to disk, and publish ours.

        When none of our new entries must be on disk before it is sent (a pass, a forced
        or derived entry: UNREPEATABLE_KINDS), they go out before anything is written: the
        writes (ours and the entry we build on) are then off the set-up's chain, and a
        crash loses nothing the table cannot write again byte for byte. Otherwise each
        of ours goes out once it, and every entry before it, is on disk.
        """
        table = self._table
        log = table.log
        start = self.persisted
        ours = [
            pos for pos in range(start, len(log))
            if pos != skip and table.entry_meta[pos][0] == self._seat
        ]
        for pos in ours:
            kind = table.entry_meta[pos][1]
            tracer.signed(pos, kind in UNREPEATABLE_KINDS and pos not in table.forced_plays)
        durable = {pos for pos in range(start, len(log)) if self.must_wait_for_disk(pos)}
        sent_first = bool(ours) and durable.isdisjoint(ours)
        if sent_first:
            for pos in ours:
                publish(pos)
        while self.persisted < len(log):
            pos = self.persisted
            author, kind = table.entry_meta[pos]
            self.derived_choices.discard(pos)
            try:
                self.file.append(log[pos], durable=pos in durable)
            except OSError as exc:
                on_disk_failure(exc)  # nothing after it is written or sent
                return
            self.persisted += 1
            tracer.persisted(pos, author, kind)
            if pos in ours and not sent_first:
                publish(pos)

    def must_wait_for_disk(self, pos: int) -> bool:
        """Whether the entry at ``pos`` must be on disk before it is sent: our choice,
        unless it is forced or derived (UNREPEATABLE_KINDS)."""
        author, kind = self._table.entry_meta[pos]
        if author != self._seat or kind not in UNREPEATABLE_KINDS:
            return False
        return pos not in self._table.forced_plays and pos not in self.derived_choices

    def rewrite(self) -> None:
        """The table's log changed under the file: replace the file (atomically) to match."""
        self.file.close()
        write_atomic(self._store.log_path,
                     b"".join(line + b"\n" for line in self._table.log), mode=0o644)
        self.file = self._store.open_log()
        self.persisted = len(self._table.log)

    def close(self) -> None:
        self.file.close()
