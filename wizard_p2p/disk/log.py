"""The game log on disk: JSON Lines, one entry per line, appended with fsync.

Each line is the exact entry bytes that were signed and sent (``jq`` reads the
file as it is). An entry is on disk — flushed and fsynced — before it is sent,
so after a crash the log holds at least everything any peer has seen from us.
A crash can leave at most a torn last line (no newline); ``read_log`` drops it,
and ``LogFile`` cuts it off before appending. The lines themselves are split by
``protocol.log``, which does no I/O.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from wizard_p2p.files import fsync_directory, read_bounded
from wizard_p2p.protocol.log import MAX_LOG_BYTES, split_log


def read_log_bytes(path: Path) -> bytes:
    """The bytes of the log file at ``path``: a ``FileRefused`` (one sentence) for a
    path that is not a regular file or holds more than ``MAX_LOG_BYTES``."""
    return read_bounded(path, limit=MAX_LOG_BYTES, what="log")


def read_log(path: Path) -> list[bytes]:
    """The complete lines of a log file (a torn last line is dropped)."""
    return split_log(read_log_bytes(path), str(path))


class LogFile:
    """An append-only log file: ``append`` writes a line and, if asked, waits for the disk."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        existed = self.path.exists()
        if existed:
            self._drop_torn_tail()
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        # How long durable appends waited for the disk (benchmarks show the disk's share).
        self.fsyncs = 0
        self.fsync_seconds = 0.0
        self._unsynced = False  # appended since the last fsync
        if not existed:
            fsync_directory(self.path.parent)

    def _drop_torn_tail(self) -> None:
        data = read_log_bytes(self.path)
        keep = data.rfind(b"\n") + 1
        if keep != len(data):
            with open(self.path, "r+b") as f:
                f.truncate(keep)
                f.flush()
                os.fsync(f.fileno())

    def append(self, line: bytes, *, durable: bool = True) -> None:
        """Append one entry; with ``durable`` return only once it (and all before it) is on disk.

        Our own entries must be durable before they are sent: after a crash we must not
        sign a different entry for a position a peer has seen. Entries received from
        peers may skip the fsync — one lost in a crash is fetched again from them — and
        the next durable append flushes them too.
        """
        if b"\n" in line:
            raise ValueError("a log entry is one line")
        data = memoryview(line + b"\n")
        while data:
            data = data[os.write(self._fd, data) :]
        self._unsynced = True
        if durable:
            self._sync()

    def _sync(self) -> None:
        started = time.perf_counter()
        os.fsync(self._fd)
        self.fsync_seconds += time.perf_counter() - started
        self.fsyncs += 1
        self._unsynced = False

    def close(self) -> None:
        """Close the file, on disk whole: what no durable append flushed is flushed now."""
        with contextlib.suppress(OSError):
            if self._unsynced:
                self._sync()
        with contextlib.suppress(OSError):
            os.close(self._fd)
