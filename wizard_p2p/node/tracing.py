"""What a seat notes for the bench: when each entry arrived, was signed and was written.

A seat traces nothing unless it is asked to (``--trace``): ``Tracer`` is the no-op every
seat holds by default, ``BenchTracer`` the one that keeps the times and writes them to a
JSON file when the seat closes (read by ``tools.bench``).
"""

from __future__ import annotations

import dataclasses
import json
import resource
import time
from pathlib import Path

from wizard_p2p.disk.log import LogFile
from wizard_p2p.files import write_atomic
from wizard_p2p.net import Mesh

__all__ = ["BenchTracer", "Tracer"]


class Tracer:
    """Notes nothing: the seat of a game nobody measures."""

    def received(self, position: int) -> None:
        """The entry at ``position`` arrived from the mesh, not yet checked."""

    def chose(self) -> None:
        """A choice (a bid, the trump, a play) was made just now."""

    def signed(self, position: int, chosen: bool) -> None:
        """Our entry at ``position`` was made (``chosen``: it carries a choice)."""

    def persisted(self, position: int, author: int, kind: str) -> None:
        """The entry at ``position`` entered our log file."""

    def write(self, *, seat: int, seats: int, finished: bool, mesh: Mesh | None,
              log_file: LogFile) -> None:
        """The seat closes: keep what was noted."""


class BenchTracer(Tracer):
    def __init__(self, path: Path) -> None:
        self.path = path
        # (position, author seat, kind, monotonic time it entered our log)
        self.entries: list[tuple[int, int, str, float]] = []
        self.cpu_at_first_entry: float | None = None  # separates start-up from the game
        self.received_at: dict[int, float] = {}  # position → when it arrived, unchecked
        # Our entries: position → when we signed it (a choice: when it was made, just before).
        self.signed_at: dict[int, float] = {}
        self._chosen_at: float | None = None

    def received(self, position: int) -> None:
        self.received_at.setdefault(position, time.monotonic())

    def chose(self) -> None:
        self._chosen_at = time.monotonic()

    def signed(self, position: int, chosen: bool) -> None:
        signed_at = time.monotonic()
        if chosen and self._chosen_at is not None:
            signed_at, self._chosen_at = self._chosen_at, None
        self.signed_at[position] = signed_at

    def persisted(self, position: int, author: int, kind: str) -> None:
        self.entries.append((position, author, kind, time.monotonic()))
        if self.cpu_at_first_entry is None:
            self.cpu_at_first_entry = time.process_time()

    def write(self, *, seat: int, seats: int, finished: bool, mesh: Mesh | None,
              log_file: LogFile) -> None:
        stats = mesh.stats if mesh is not None else None
        usage = resource.getrusage(resource.RUSAGE_SELF)
        report = {
            "seat": seat,
            "seats": seats,
            "entries": self.entries,
            "received": sorted(self.received_at.items()),
            "signed": sorted(self.signed_at.items()),
            "bytes_out": stats.bytes_out if stats else 0,
            "bytes_in": stats.bytes_in if stats else 0,
            "frames_out": stats.frames_out if stats else 0,
            "frames_in": stats.frames_in if stats else 0,
            # What serving watchers cost (included in the figures above).
            "watcher_bytes_out": stats.watcher_bytes_out_total if stats else 0,
            "watcher_frames_out": stats.watcher_frames_out_total if stats else 0,
            "watcher_cpu_seconds": stats.watcher_cpu_seconds if stats else 0.0,
            "acks": (
                dataclasses.asdict(mesh.replicator.stats)
                if mesh is not None and mesh.replicator is not None
                else {}
            ),
            "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "fsyncs": log_file.fsyncs,
            "fsync_seconds": log_file.fsync_seconds,
            "cpu_at_first_entry": self.cpu_at_first_entry,
            "closed_at": time.monotonic(),
            "max_rss_kb": _peak_rss_kb(usage),
            "finished": finished,
        }
        write_atomic(self.path, json.dumps(report).encode(), mode=0o644)


def _peak_rss_kb(usage: resource.struct_rusage) -> int:
    """This process's peak resident set. ``VmHWM`` where Linux offers it: ``ru_maxrss``
    survives ``exec``, so a process started from a large one (a test runner) would
    report its parent's peak."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return usage.ru_maxrss
    for line in status.splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return usage.ru_maxrss
