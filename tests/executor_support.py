"""Executors standing in for a peer's pass thread (``helper=``), for the tests."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from typing import Any


class RunsAtOnce(Executor):
    """A helper that runs each job at once on the caller's thread (so it takes every
    multiplication of a pass before the caller takes one), and counts the jobs."""

    def __init__(self) -> None:
        self.jobs = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.jobs += 1
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future
