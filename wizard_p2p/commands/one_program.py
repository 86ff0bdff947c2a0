"""One seat per data folder: a program that plays holds its data folder's lock.

Two programs with the same folder share its keys, and a table cannot tell them
apart (they are one player to it, on one connection key): the second would take
the first's place. So a seat's program locks the folder for as long as it runs, and
a second one ends at once with a sentence that says what to do instead. The lock is
the operating system's (``flock``): it goes with the process, a crash included.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from wizard_p2p.errors import UsageError

LOCK_NAME = "playing.lock"


@contextlib.contextmanager
def one_program(data_dir: Path) -> Iterator[None]:
    """Hold ``data_dir``'s lock while the body runs; ``UsageError`` if another program
    holds it."""
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(data_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise UsageError(
                f"another wizard-p2p program is playing with the keys in {data_dir}: "
                "each player needs a data folder of their own (--data-dir)"
            ).saying("error_one_program", path=str(data_dir)) from None
        yield
    finally:
        os.close(fd)  # the lock goes with it


__all__ = ["LOCK_NAME", "one_program"]
