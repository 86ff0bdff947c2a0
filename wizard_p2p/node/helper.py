"""A seat's second thread for its passes, kept off the core of the thread it helps.

A pass (up to 60 multiplications) is shared by the thread that needs it and one
helper thread (``mental``'s ``helper=``): each takes the next multiplication not
taken. The helper is only worth its wake-up if it runs beside its caller, yet the
kernel may queue it on the caller's own core, behind a caller that will not sleep
before the pass is done, while another core idles or runs a seat that is only
recording an entry. Traced with ``perf sched`` in 6-seat games, threads waited on one
core while the other idled for a quarter of the game; a 60-point pass there took
5.3–6.9 ms where the two threads alone take 2.4 (docs/PERFORMANCE.md, fifteenth
session).

So before each job :class:`PassHelper` lets its thread run anywhere but the core the
caller is on now (Linux: ``sched_getcpu`` and ``sched_setaffinity``; a system call
only when the caller has moved). Elsewhere, or with one usable core, it is a plain
one-thread executor.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

__all__ = ["PassHelper", "caller_cpu"]

_T = TypeVar("_T")


def _libc_sched_getcpu() -> Callable[[], int] | None:
    """libc's ``sched_getcpu`` (Linux: glibc, musl), or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None  # and no sched_setaffinity either (macOS, Windows)
    try:
        getcpu = ctypes.CDLL(None, use_errno=True).sched_getcpu
    except (OSError, AttributeError, TypeError):
        return None
    getcpu.argtypes = []
    getcpu.restype = ctypes.c_int
    return getcpu  # type: ignore[no-any-return]


_sched_getcpu = _libc_sched_getcpu()


def caller_cpu() -> int | None:
    """The core this thread runs on now, or None where that cannot be known."""
    if _sched_getcpu is None:
        return None
    cpu = _sched_getcpu()
    return cpu if cpu >= 0 else None


def _usable_cpus() -> frozenset[int]:
    getaffinity = getattr(os, "sched_getaffinity", None)
    return frozenset(getaffinity(0)) if getaffinity is not None else frozenset()


class PassHelper(ThreadPoolExecutor):
    """A one-thread executor whose thread never waits on the core of the thread that
    submits to it (where the platform lets a thread's cores be set).

    ``current_cpu`` (the submitting thread's core, None if unknown), ``cpus`` (the
    cores the process may use) and ``setaffinity`` (``os.sched_setaffinity``) are
    there for tests; by default, libc's, the process's own and the OS's.
    """

    def __init__(
        self,
        *,
        current_cpu: Callable[[], int | None] = caller_cpu,
        cpus: Iterable[int] | None = None,
        setaffinity: Callable[[int, frozenset[int]], None] | None = None,
    ) -> None:
        super().__init__(
            max_workers=1, thread_name_prefix="wizard-passes", initializer=self._note_thread
        )
        self._current_cpu = current_cpu
        self._cpus = _usable_cpus() if cpus is None else frozenset(cpus)
        self._setaffinity = setaffinity or getattr(os, "sched_setaffinity", None)
        self._thread_id: int | None = None  # the worker's, once it has started
        self._kept_from: int | None = None  # the core it is kept off now

    @property
    def thread_id(self) -> int | None:
        """The helper thread's native id, once it has started (at the first job)."""
        return self._thread_id

    def _note_thread(self) -> None:
        self._thread_id = threading.get_native_id()

    @property
    def started(self) -> bool:
        """Whether the thread has been started (by :meth:`start_thread` or a first job)."""
        return bool(self._threads)

    def start_thread(self) -> None:
        """Start the thread now, not with the first job.

        Starting a thread waits until it runs, and the thread then runs the job holding
        the GIL between its multiplications, so that the caller, woken too late each
        time the GIL is free, got it back only once the job was done: traced in round
        1, a seat's first pass ran on one thread, 2.3 ms where two take about 1, and
        seat 0's first split pass, a 10-point lock, took 4.6 ms (docs/PERFORMANCE.md,
        seventeenth session).
        """
        if not self.started:
            self.submit(int)

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        self._keep_off_caller()
        return super().submit(fn, *args, **kwargs)

    def _keep_off_caller(self) -> None:
        thread, setaffinity = self._thread_id, self._setaffinity
        if thread is None or setaffinity is None:
            return  # not started yet (it starts with this job), or no such call here
        cpu = self._current_cpu()
        if cpu is None or cpu == self._kept_from:
            return
        others = self._cpus - {cpu}
        if not others:
            return  # one core: the helper can only share it
        try:
            setaffinity(thread, others)
        except OSError:
            # Not allowed here (a sandbox, a core set changed under us): stay a plain
            # executor rather than try at every pass.
            self._setaffinity = None
            return
        self._kept_from = cpu
