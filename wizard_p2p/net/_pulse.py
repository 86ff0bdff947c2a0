"""A wake-up signal for "something changed": lets callers wait on a condition.

Tests (and the node) wait for a state, such as "the store holds 15 entries",
without sleeping in a loop: they re-check their predicate each time the
object they watch reports a change, until a deadline.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from wizard_p2p.errors import WizardError


class WaitTimeout(WizardError, TimeoutError):
    """A condition awaited with a deadline did not come true in time."""


class Pulse:
    """Fires every waiter on each :meth:`fire`; waiters then re-check their condition."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def fire(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait_for(
        self, predicate: Callable[[], bool], timeout: float, what: str = "condition"
    ) -> None:
        """Return once ``predicate()`` is true; raise :class:`WaitTimeout` after ``timeout`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate():
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise WaitTimeout(f"{what} not reached within {timeout} s")
            try:
                await asyncio.wait_for(self._event.wait(), remaining)
            except TimeoutError:
                if predicate():
                    return
                raise WaitTimeout(f"{what} not reached within {timeout} s") from None
