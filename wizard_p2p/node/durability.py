"""A seat's log file: kept a prefix of the table's log, and on disk before it matters.

The file is written from the table's events alone (``protocol.events``): every entry
that joins the log (``Broadcast`` for ours, ``Accepted`` for another seat's) is
appended at its position, and a ``LogRewritten`` cuts the file back first. An entry of
ours whose ``durable`` is set (a choice that could not be made again after a crash) is
fsynced before it is sent. Crash and resume need the file and ``seat.json`` (the
master secret) alone: the table fed the file derives our other entries again byte for
byte.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from wizard_p2p.disk.log import LogFile
from wizard_p2p.files import write_atomic
from wizard_p2p.node.store import GameStore
from wizard_p2p.node.tracing import Tracer
from wizard_p2p.protocol.events import Accepted, Broadcast, Event, LogRewritten

__all__ = ["SeatLog", "new_entries"]


def new_entries(events: Iterable[Event], held: int) -> tuple[int, list[Broadcast | Accepted]]:
    """What ``events`` do to a file that holds ``held`` entries: the length it keeps
    (shorter where the log was rewritten before it) and the entries that follow, in
    order. An entry reported before a rewrite of its position never stays in the log."""
    keep = held
    entries: list[Broadcast | Accepted] = []
    for event in events:
        if isinstance(event, LogRewritten):
            keep = min(keep, event.position)
            entries = [e for e in entries if e.pos < event.position]
        elif isinstance(event, Broadcast | Accepted) and event.pos >= keep:
            # An entry below ``keep`` is on disk already (a log fed back on resume).
            entries.append(event)
    return keep, entries


class SeatLog:
    """The log file of one seat and how many entries of the table's log it holds."""

    def __init__(self, store: GameStore, seat: int) -> None:
        self._store = store
        self._seat = seat
        self.file: LogFile = store.open_log()
        self.persisted = 0  # entries of the table's log on disk
        self._failed = False  # a write failed: the seat stops, nothing more is written

    def persist_and_publish(
        self,
        events: Iterable[Event],
        publish: Callable[[int], None],
        tracer: Tracer,
        on_disk_failure: Callable[[OSError], None],
    ) -> None:
        """Write every entry the events report beyond the file to disk, and publish ours.

        When none of our new entries must be on disk before it is sent (a pass, a forced
        or derived entry: ``Broadcast.durable``), they go out before anything is written:
        the writes (ours and the entry we build on) are then off the set-up's chain, and
        a crash loses nothing the table cannot write again byte for byte. Otherwise each
        of ours goes out once it, and every entry before it, is on disk.
        """
        if self._failed:
            return
        keep, entries = new_entries(events, self.persisted)
        if keep < self.persisted:
            try:
                self._cut(keep)
            except OSError as exc:
                self._failed = True
                on_disk_failure(exc)
                return
        ours = [e for e in entries if isinstance(e, Broadcast)]
        for entry in ours:
            tracer.signed(entry.pos, entry.chosen or entry.durable)
        sent_first = bool(ours) and not any(e.durable for e in ours)
        if sent_first:
            for entry in ours:
                publish(entry.pos)
        for new in entries:
            assert new.pos == self.persisted  # every entry of the log is reported, in order
            durable = isinstance(new, Broadcast) and new.durable
            try:
                self.file.append(new.entry, durable=durable)
            except OSError as exc:
                self._failed = True
                on_disk_failure(exc)  # nothing after it is written or sent
                return
            self.persisted = new.pos + 1
            author = new.seat if isinstance(new, Accepted) else self._seat
            tracer.persisted(new.pos, author, new.kind)
            if isinstance(new, Broadcast) and not sent_first:
                publish(new.pos)

    def _cut(self, length: int) -> None:
        """The table's log changed from ``length`` on: keep the file's first ``length``
        entries (replaced atomically); what follows is written from the events."""
        lines = self._store.read_log()[:length]
        self.file.close()
        write_atomic(self._store.log_path, b"".join(line + b"\n" for line in lines), mode=0o644)
        self.file = self._store.open_log()
        self.persisted = length

    def close(self) -> None:
        self.file.close()
