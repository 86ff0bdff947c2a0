"""The passes' helper thread is kept off the core of the thread it helps."""

from __future__ import annotations

import os
import threading
import weakref
from concurrent.futures import Executor

import pytest

from wizard_p2p import crypto
from wizard_p2p.crypto import PassSharer
from wizard_p2p.node.helper import PassHelper, caller_cpu

USABLE = frozenset(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else frozenset()


def _started(helper: PassHelper) -> int:
    """Run one job (it starts the thread) and return the thread's id."""
    helper.submit(int).result()
    assert helper.thread_id is not None
    return helper.thread_id


def test_each_job_keeps_the_thread_off_the_callers_core_and_follows_it():
    calls: list[tuple[int, frozenset[int]]] = []
    cores = iter([0, 3, 3, 1])
    with PassHelper(
        current_cpu=lambda: next(cores), cpus={0, 1, 2, 3},
        setaffinity=lambda tid, cpus: calls.append((tid, frozenset(cpus))),
    ) as helper:
        thread = _started(helper)  # the thread starts with its first job: nothing to move
        assert calls == []
        for _ in range(4):
            helper.submit(int).result()
    # A system call only when the caller has changed cores.
    assert calls == [(thread, {1, 2, 3}), (thread, {0, 1, 2}), (thread, {0, 2, 3})]


def test_an_unknown_core_or_a_single_one_changes_nothing():
    calls: list[object] = []
    with PassHelper(
        current_cpu=lambda: None, cpus={0, 1}, setaffinity=lambda *a: calls.append(a)
    ) as unknown:
        _started(unknown)
        unknown.submit(int).result()
    with PassHelper(
        current_cpu=lambda: 0, cpus={0}, setaffinity=lambda *a: calls.append(a)
    ) as single:
        _started(single)
        single.submit(int).result()
    assert calls == []


def test_a_refused_call_is_not_tried_again_and_jobs_still_run():
    calls: list[int] = []

    def refuse(tid: int, cpus: frozenset[int]) -> None:
        calls.append(tid)
        raise PermissionError("not here")

    cores = iter([0, 1, 0])
    with PassHelper(current_cpu=lambda: next(cores), cpus={0, 1}, setaffinity=refuse) as helper:
        _started(helper)
        assert helper.submit(pow, 3, 4).result() == 81
        assert helper.submit(pow, 2, 5).result() == 32
    assert len(calls) == 1


def test_the_helper_thread_really_runs_on_the_other_cores():
    if not hasattr(os, "sched_setaffinity") or caller_cpu() is None:
        pytest.skip("no sched_getcpu / sched_setaffinity on this platform")
    mine = min(USABLE)
    with PassHelper(current_cpu=lambda: mine) as helper:
        thread = _started(helper)
        seen = helper.submit(lambda: frozenset(os.sched_getaffinity(0))).result()
        assert frozenset(os.sched_getaffinity(thread)) == seen
        # With one core there is nowhere else to go; with more, anywhere but ours.
        assert seen == (USABLE - {mine} if len(USABLE) > 1 else USABLE)
    assert threading.get_native_id() != thread


def test_a_pass_shared_with_the_helper_is_the_same_pass():
    keys = crypto.derive_round_keys(bytes(range(32)), b"helper-test")
    deck = list(crypto.CARD_POINTS)
    alone = crypto.shuffle_pass(deck, keys)
    with PassHelper() as helper:
        for _ in range(3):  # the first pass starts the thread, the later ones move it
            assert crypto.shuffle_pass(deck, keys, helper=helper) == alone


def test_the_thread_can_be_started_before_the_first_job():
    with PassHelper(current_cpu=lambda: None) as helper:
        assert not helper.started
        helper.start_thread()
        assert helper.started
        helper.start_thread()  # already running: nothing more to do
        ran_on = helper.submit(threading.get_native_id).result(timeout=10)
        assert helper.thread_id == ran_on


def test_run_soon_runs_on_the_thread_with_no_future_and_survives_a_failing_job(caplog):
    ran: list[int] = []
    done = threading.Event()

    def fails() -> None:
        raise ValueError("a bug in a job")

    with PassHelper(current_cpu=lambda: None) as helper:
        helper.run_soon(fails)
        helper.run_soon(lambda: (ran.append(threading.get_native_id()), done.set()))
        assert done.wait(timeout=10)
        assert ran == [helper.thread_id] != [threading.get_native_id()]
        assert helper.submit(pow, 2, 3).result(timeout=10) == 8  # the thread went on
    assert "a job of the pass helper failed" in caplog.text


def test_shutdown_cancels_what_waits_and_refuses_more_work():
    started, release = threading.Event(), threading.Event()

    def hold() -> bool:
        started.set()
        return release.wait(10)

    with PassHelper(current_cpu=lambda: None) as helper:
        running = helper.submit(hold)
        assert started.wait(10)
        waiting = helper.submit(int)
        helper.shutdown(wait=False, cancel_futures=True)
        assert waiting.cancelled()
        with pytest.raises(RuntimeError, match="after its shutdown"):
            helper.submit(int)
        with pytest.raises(RuntimeError, match="after its shutdown"):
            helper.run_soon(int)
        release.set()
        assert running.result(timeout=10) is True
        helper.shutdown()  # again, and waits: the thread has ended
    assert helper.thread_id is not None  # it ran, and no thread of that id runs now
    assert all(t.native_id != helper.thread_id for t in threading.enumerate())


def test_a_pass_goes_to_run_soon_where_the_helper_has_it():
    calls: list[str] = []

    class Both(PassHelper):
        def run_soon(self, job):
            calls.append("run_soon")
            super().run_soon(job)

        def submit(self, fn, /, *args, **kwargs):
            calls.append("submit")
            return super().submit(fn, *args, **kwargs)

    keys = crypto.derive_round_keys(bytes(range(32)), b"helper-test")
    alone = crypto.shuffle_pass(list(crypto.CARD_POINTS), keys)
    with Both() as helper:
        assert crypto.shuffle_pass(list(crypto.CARD_POINTS), keys, helper=helper) == alone
    assert calls == ["run_soon"]


def test_a_job_is_let_go_of_once_it_has_run_not_when_the_next_comes():
    """A pass left to be freed on the helper's thread as the next one began held the GIL
    then, when the next pass's caller needed it."""

    class Share:
        def run(self) -> None:
            pass

    freed = threading.Event()
    with PassHelper(current_cpu=lambda: None) as helper:
        share = Share()
        weakref.finalize(share, freed.set)
        helper.run_soon(share.run)
        del share
        assert freed.wait(10)  # no other job came to push it out


def test_the_pass_helper_is_a_pass_sharer_and_an_executor():
    helper: PassSharer = PassHelper(current_cpu=lambda: None)
    assert isinstance(helper, PassSharer) and isinstance(helper, Executor)
