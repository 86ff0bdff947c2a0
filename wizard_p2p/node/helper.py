"""A seat's second thread for its passes, kept off the core of the thread it helps.

A pass is shared by the thread that needs it and one helper thread
(:mod:`wizard_p2p.crypto.sharing`): each takes the next multiplication not taken. The
helper is only worth its wake-up if it runs beside its caller, yet the kernel may
queue it on the caller's own core, behind a caller that will not sleep before the
pass is done, while another core idles or runs a seat that is only recording an entry.

So before each job :class:`PassHelper` lets its thread run anywhere but the core the
caller is on now (Linux: ``sched_getcpu`` and ``sched_setaffinity``; a system call
only when the caller has moved). Elsewhere, or with one usable core, it is a plain
one-thread executor.

A pass's share goes through :meth:`PassHelper.run_soon` (it is a
:class:`~wizard_p2p.crypto.sharing.PassSharer`), with no ``Future``, on a thread that
runs nothing else of ours between two jobs. The two threads take the GIL between
their calls into libsodium, and the caller, back from one while the helper holds it,
sleeps until it is let go; another seat's thread may then take its core and keep it
while the other core idles. So the helper holds the GIL as little as it can around a
share: no executor's or future's bookkeeping, and the finished share let go of at
once rather than as the next one comes.
"""

from __future__ import annotations

import ctypes
import logging
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

from wizard_p2p.crypto.sharing import PassSharer

__all__ = ["PassHelper", "caller_cpu"]

_T = TypeVar("_T")

_log = logging.getLogger(__name__)


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
    return getcpu


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


class _FutureJob:
    """A :meth:`PassHelper.submit` job: runs ``fn`` and settles its future."""

    __slots__ = ("args", "fn", "future", "kwargs")

    def __init__(
        self, fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
        self.future: Future[Any] = Future()
        self.fn, self.args, self.kwargs = fn, args, kwargs

    def __call__(self) -> None:
        if not self.future.set_running_or_notify_cancel():
            return  # cancelled while it waited
        try:
            result = self.fn(*self.args, **self.kwargs)
        except BaseException as exc:
            self.future.set_exception(exc)
        else:
            self.future.set_result(result)


class PassHelper(Executor, PassSharer):
    """A one-thread executor whose thread never waits on the core of the thread that
    gives it work (where the platform lets a thread's cores be set).

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
        self._current_cpu = current_cpu
        self._cpus = _usable_cpus() if cpus is None else frozenset(cpus)
        self._setaffinity = setaffinity or getattr(os, "sched_setaffinity", None)
        # Jobs in order; None tells the thread to end.
        self._jobs: queue.SimpleQueue[Callable[[], object] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._thread_id: int | None = None  # the thread's, once it runs
        self._kept_from: int | None = None  # the core it is kept off now
        self._shut = False
        self._lock = threading.Lock()  # one start, and no job after shutdown

    @property
    def thread_id(self) -> int | None:
        """The helper thread's native id, once it has started (at the first job)."""
        return self._thread_id

    @property
    def started(self) -> bool:
        """Whether the thread has been started (by :meth:`start_thread` or a first job)."""
        return self._thread is not None

    def start_thread(self) -> None:
        """Start the thread now, not with the first job.

        Starting a thread waits until it runs, and a thread started with a pass's share
        runs it holding the GIL between its multiplications, so that the caller, woken
        too late each time the GIL is free, gets it back only once the share is done:
        the first pass would run as on one thread.
        """
        with self._lock:
            self._start_locked()

    def run_soon(self, job: Callable[[], object]) -> None:
        """Run ``job()`` on the thread, with no future: for a share of work its caller
        never waits on (a pass's), so that between two jobs the thread runs nothing of
        ours but the queue's ``get``. What it raises is logged, and the thread goes on.
        """
        self._put(job)

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        job = _FutureJob(fn, args, kwargs)
        self._put(job)
        return job.future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more jobs, and end the thread once it has run those queued (with
        ``cancel_futures``, the submitted ones are cancelled and the others dropped)."""
        with self._lock:
            if self._shut:
                return
            self._shut = True
            if cancel_futures:
                while True:
                    try:
                        job = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if isinstance(job, _FutureJob):
                        job.future.cancel()
            self._jobs.put(None)
            thread = self._thread
        if wait and thread is not None:
            thread.join()

    def _put(self, job: Callable[[], object]) -> None:
        with self._lock:
            if self._shut:
                raise RuntimeError("cannot give the pass helper work after its shutdown")
            self._keep_off_caller()
            self._start_locked()
            self._jobs.put(job)

    def _start_locked(self) -> None:
        if self._thread is None and not self._shut:
            # A daemon: nothing it does is needed once its caller's process ends (its
            # caller does whatever share is left undone), so exit never waits for it.
            thread = threading.Thread(target=self._work, name="wizard-passes", daemon=True)
            thread.start()  # returns once the thread runs
            self._thread, self._thread_id = thread, thread.native_id

    def _work(self) -> None:
        get = self._jobs.get
        while True:
            job = get()
            if job is None:
                return
            try:
                job()
            except Exception:
                # A pass's caller does whatever share the helper left undone.
                _log.exception("a job of the pass helper failed")
            # Let go of it now. Held until the next job came, a finished pass would be
            # freed on this thread as the next one began, holding the GIL just when the
            # caller comes back from libsodium and needs it.
            job = None

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
