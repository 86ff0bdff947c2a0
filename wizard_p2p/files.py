"""Files that must survive a crash whole: atomic replacement and directory sync.

A leaf module (it imports nothing of ours), so that every layer that keeps
something on disk — identities, transport keys, seat records, logs — writes it
the same way: a temporary file in the same directory, fsynced, renamed over the
target, and the directory fsynced so that the rename itself is durable. A crash
leaves the old file or the new one, never a mix; a temporary left behind by a
crash is named ``.<name>.<pid>.<random>.tmp``.
"""

from __future__ import annotations

import os
from pathlib import Path


def write_atomic(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Replace ``path`` with ``data``; the new file has ``mode`` from its first byte."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    tmp = directory / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_directory(directory)


def fsync_directory(directory: Path) -> None:
    """Make a rename or a new file in ``directory`` durable (where the platform allows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # not possible on every platform; the file itself is synced
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
