"""A pass's multiplications shared between the thread that needs them and one helper.

This is the only place where threads touch the card cryptography: everything else in
:mod:`wizard_p2p.crypto` runs on its caller's thread. libsodium runs without the GIL,
so on two free cores a pass shared with a second thread takes nearly half the time,
and a helper that gets no core only leaves its share to the caller. The result is the
same whoever does which multiplication, and the caller never waits for the helper.

A helper is either a :class:`PassSharer`, which takes a share with no future (a peer's
``PassHelper``), or any :class:`~concurrent.futures.Executor`, given the share through
``submit``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Protocol, TypeAlias, cast, runtime_checkable

from wizard_p2p.crypto import group
from wizard_p2p.crypto.decks import InvalidDeckPoint

__all__ = ["Helper", "PassSharer", "SharedWork", "multiply_all", "run_shared"]

# Below this many points a second thread costs more than it saves.
_SPLIT_FROM = 8


@runtime_checkable
class PassSharer(Protocol):
    """A second thread that takes a share of a pass.

    :meth:`run_soon` hands it the share with no :class:`~concurrent.futures.Future`:
    a future's bookkeeping on the helper's thread holds the GIL just when the caller
    comes back from libsodium for it, and the caller then sleeps until it is let go.
    """

    def run_soon(self, job: Callable[[], object]) -> None:
        """Run ``job()`` on the helper's thread, soon; never wait for it."""
        ...


# What a pass may be given as its ``helper``.
Helper: TypeAlias = PassSharer | Executor


# Whether a class of helper is a PassSharer, by class. Checked once per class: an
# isinstance check against a protocol inspects its members each time, on the pass's
# path just before the helper is handed its share.
_SHARER_CLASSES: dict[type, bool] = {}


def _is_sharer(kind: type) -> bool:
    known = _SHARER_CLASSES.get(kind)
    if known is None:
        known = _SHARER_CLASSES[kind] = issubclass(kind, PassSharer)
    return known


class SharedWork:
    """Multiplications that two threads take one at a time, each the next not taken.

    ``work`` holds ``(point, scalar, position)`` triples; ``out[i]`` is the product of
    the ``i``-th, and ``faults[i]`` the :class:`InvalidDeckPoint` naming its position
    where the point is refused.

    Neither thread waits for the other, to start or to finish. Under load one of the
    two may get a core well after the other (the helper just woken, or the caller
    whose core the helper took): with a fixed half each, the pass would run its two
    halves one after the other. And the caller, out of work, does the helper's last
    multiplication again rather than wait for it (:meth:`finish_here`).
    """

    def __init__(self, work: Sequence[tuple[bytes, bytes, int]]) -> None:
        self.work = work
        self.out: list[bytes | None] = [None] * len(work)
        self.faults: dict[int, InvalidDeckPoint] = {}
        # Each scalar in X25519's form once: a shuffle multiplies every point by one key.
        self.forms: dict[bytes, tuple[bytes, ...]] = {}
        for _, scalar, _ in work:
            if scalar not in self.forms:
                self.forms[scalar] = group.scalar_steps(scalar)
        # next() of a count is one call into C, so no two threads get the same index.
        self._next = itertools.count()
        self.stopped = False

    def run(self) -> None:
        """Take the next multiplication not taken, until none is left or :attr:`stopped`."""
        count, multiply = len(self.work), self._multiply
        mul = group.Multiplier().mul  # the buffer is this thread's
        for index in self._next:
            if index >= count or self.stopped:
                return
            multiply(index, mul)

    def _multiply(self, index: int, mul: Callable[[bytes, tuple[bytes, ...]], bytes]) -> None:
        point, scalar, position = self.work[index]
        try:
            self.out[index] = mul(point, self.forms[scalar])
        except group.InvalidPoint as exc:
            self.faults[index] = InvalidDeckPoint(f"position {position}: {exc}", position=position)

    def finish_here(self) -> None:
        """Do on this thread every multiplication not yet done (or failed).

        Called once every index is taken: what is left is the one the other thread is
        on, if it is still on one. A thread preempted mid-multiplication would hold the
        whole pass up, where doing one multiplication twice costs little. Both threads
        write the same bytes, so whichever writes last changes nothing.
        """
        mul = group.Multiplier().mul
        out, faults = self.out, self.faults
        for index in range(len(self.work)):
            if out[index] is None and index not in faults:
                self._multiply(index, mul)


def multiply_all(work: Sequence[tuple[bytes, bytes, int]], helper: Helper | None) -> list[bytes]:
    """``scalar · point`` over ``(point, scalar, position)`` triples, in order; for the
    first invalid point in order, :class:`InvalidDeckPoint` naming its position.

    With a ``helper``, its thread shares the work (:class:`SharedWork`).
    """
    shared = SharedWork(work)
    run_shared(shared, helper)
    if shared.faults:
        raise shared.faults[min(shared.faults)]
    # A copy: the helper may still write the last product it was on (the same bytes).
    return cast(list[bytes], list(shared.out))


def run_shared(shared: SharedWork, helper: Helper | None) -> None:
    """Do ``shared``'s work on this thread, and on ``helper``'s where it is worth one."""
    if helper is None or len(shared.work) < _SPLIT_FROM:
        shared.run()
        return
    if _is_sharer(type(helper)):
        cast(PassSharer, helper).run_soon(shared.run)
    else:
        cast(Executor, helper).submit(shared.run)
    try:
        shared.run()
    finally:
        shared.stopped = True
    # Every index is taken. This thread never waits for the helper: one it has not
    # started finds nothing left, and one it is still on is done here too. Whatever the
    # helper failed to finish (it raised, or never ran) is done here as well.
    shared.finish_here()
