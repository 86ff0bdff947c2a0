"""A pass shared with a helper thread is the same pass, and never waits for the helper."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.executor_support import RunsAtOnce
from wizard_p2p import crypto
from wizard_p2p.crypto import group
from wizard_p2p.errors import CryptoError


def test_a_helper_thread_gives_the_same_passes() -> None:
    keys = crypto.derive_round_keys(b"\x06" * 32, b"helper")
    with ThreadPoolExecutor(max_workers=1) as helper:
        shuffled = crypto.shuffle_pass(crypto.CARD_POINTS, keys, helper=helper)
        assert shuffled == crypto.shuffle_pass(crypto.CARD_POINTS, keys)
        assert crypto.shuffle_pass(crypto.CARD_POINTS, keys, 13, helper=helper) == shuffled[:13]
        assert crypto.lock_pass(shuffled, keys, range(37), helper=helper) == crypto.lock_pass(
            shuffled, keys, range(37)
        )


class _RunsSoonAtOnce:
    """A :class:`~wizard_p2p.crypto.PassSharer` that is no executor: it runs each share
    at once on the caller's thread, and counts them."""

    def __init__(self) -> None:
        self.jobs = 0

    def run_soon(self, job: Any) -> None:
        self.jobs += 1
        job()


def test_a_pass_sharer_is_given_the_share_through_run_soon() -> None:
    keys = crypto.derive_round_keys(b"\x06" * 32, b"helper")
    helper = _RunsSoonAtOnce()
    assert isinstance(helper, crypto.PassSharer)
    alone = crypto.shuffle_pass(crypto.CARD_POINTS, keys)
    assert crypto.shuffle_pass(crypto.CARD_POINTS, keys, helper=helper) == alone
    assert helper.jobs == 1


class _NeverRuns(Executor):
    """A helper that never gets a core: its task never starts, and waiting for it fails."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(AssertionError("the pass waited for a helper that never ran"))
        return future


def _outcome(run: Any) -> object:
    """A pass's result, or the fault it reports and where."""
    try:
        return run()
    except crypto.BadDeck as fault:
        return (type(fault).__name__, getattr(fault, "position", None))


@given(
    bad=st.sets(st.integers(0, crypto.DECK_SIZE - 1), max_size=3),
    helper_kind=st.sampled_from(["thread", "never runs", "runs at once"]),
)
@settings(max_examples=25, deadline=None)
def test_a_pass_is_the_same_whoever_does_its_multiplications(
    bad: set[int], helper_kind: str
) -> None:
    keys = crypto.derive_round_keys(b"\x05" * 32, b"shared")
    deck = list(crypto.CARD_POINTS)
    for position in bad:
        deck[position] = bytes(32)  # a point of small order
    alone = [
        _outcome(lambda: crypto.shuffle_pass(deck, keys)),
        _outcome(lambda: crypto.lock_pass(deck, keys, range(41))),
    ]
    with ThreadPoolExecutor(max_workers=1) as pool:
        helper = {"thread": pool, "never runs": _NeverRuns(), "runs at once": RunsAtOnce()}[
            helper_kind
        ]
        shared = [
            _outcome(lambda: crypto.shuffle_pass(deck, keys, helper=helper)),
            _outcome(lambda: crypto.lock_pass(deck, keys, range(41), helper=helper)),
        ]
    assert shared == alone


class _StallsMidway(Executor):
    """A helper whose thread takes the first multiplication and is then held, as a
    thread preempted in the middle of one is, until ``release`` is set; ``submit``
    returns once it holds that multiplication."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.holding = threading.Event()
        self.release = threading.Event()
        self.finished = threading.Event()
        self.thread: threading.Thread | None = None
        helper = self

        class Held(group.Multiplier):
            __slots__ = ()

            def mul(self, point: bytes, steps: tuple[bytes, ...]) -> bytes:
                if threading.current_thread() is helper.thread and not helper.holding.is_set():
                    helper.holding.set()
                    helper.release.wait(timeout=30)  # a safety net, never the test's clock
                return super().mul(point, steps)

        monkeypatch.setattr(group, "Multiplier", Held)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()

        def run() -> None:
            try:
                future.set_result(fn(*args, **kwargs))
            finally:
                self.finished.set()

        self.thread = threading.Thread(target=run)
        self.thread.start()
        assert self.holding.wait(timeout=30)
        return future

    def let_go(self) -> None:
        self.release.set()
        assert self.thread is not None
        self.thread.join(timeout=30)


@pytest.mark.parametrize("which", ["shuffle", "lock", "lock, the held point invalid", "read"])
def test_a_pass_does_not_wait_for_a_helper_held_mid_multiplication(
    which: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = crypto.derive_round_keys(b"\x07" * 32, b"held")
    deck = list(crypto.CARD_POINTS)
    if which.endswith("invalid"):
        deck[0] = bytes(32)  # the lock's first multiplication, the one the helper holds
    sealed = [(group.mul(crypto.CARD_POINTS[c], keys.lock_keys[c]), [keys.lock_keys[c]])
              for c in range(10)]
    run = {
        "shuffle": lambda helper: crypto.shuffle_pass(deck, keys, helper=helper),
        "lock": lambda helper: crypto.lock_pass(deck, keys, range(41), helper=helper),
        "lock, the held point invalid": (
            lambda helper: crypto.lock_pass(deck, keys, range(41), helper=helper)
        ),
        "read": lambda helper: crypto.read_cards(sealed, helper=helper),
    }[which]
    alone = _outcome(lambda: run(None))
    helper = _StallsMidway(monkeypatch)
    try:
        shared = _outcome(lambda: run(helper))
        # The pass came back while the helper was still held on its multiplication.
        assert not helper.finished.is_set()
    finally:
        helper.let_go()
    assert helper.finished.is_set()
    assert shared == alone
    if which == "read":
        assert shared == list(range(10))


@pytest.mark.parametrize("bad", [(3,), (50,), (3, 50), (40, 55)])
def test_a_helper_thread_reports_the_first_invalid_point(bad: tuple[int, ...]) -> None:
    keys = crypto.derive_round_keys(b"\x06" * 32, b"helper")
    deck = list(crypto.CARD_POINTS)
    for position in bad:
        deck[position] = bytes(32)  # a point of small order
    with ThreadPoolExecutor(max_workers=1) as helper:
        with pytest.raises(crypto.InvalidDeckPoint) as caught:
            crypto.lock_pass(deck, keys, helper=helper)
        assert caught.value.position == bad[0]
        with pytest.raises(crypto.InvalidDeckPoint) as caught:
            crypto.shuffle_pass(deck, keys, helper=helper)
        first = min(keys.permutation.index(p) for p in bad)
        assert caught.value.position == keys.permutation[first]


def _read_one(point: bytes, keys: Sequence[bytes]) -> object:
    """A card read alone, or the class of the error that stops it."""
    try:
        return crypto.read_card(point, keys)
    except CryptoError as exc:
        return type(exc)


@given(
    seats=st.integers(1, 6),
    cards=st.lists(st.integers(0, crypto.DECK_SIZE - 1), min_size=0, max_size=20, unique=True),
    spoiled=st.dictionaries(
        st.integers(0, 19), st.sampled_from(["wrong key", "bad key", "bad point"]), max_size=3
    ),
    helper_kind=st.sampled_from(["none", "thread", "never runs", "runs at once"]),
    data=st.data(),
)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_cards_read_together_are_the_cards_read_one_by_one(
    seats: int,
    cards: list[int],
    spoiled: dict[int, str],
    helper_kind: str,
    data: st.DataObject,
) -> None:
    sealed: list[tuple[bytes, list[bytes]]] = []
    for card in cards:
        keys = [group.random_scalar() for _ in range(seats)]
        point = crypto.CARD_POINTS[card]
        for key in keys:
            point = group.mul(point, key)
        sealed.append((point, keys))
    for i, how in spoiled.items():
        if i >= len(sealed):
            continue
        point, keys = sealed[i]
        if how == "wrong key":
            keys = [group.random_scalar(), *keys[1:]]
        elif how == "bad key":
            keys = [*keys[:-1], bytes(32)]  # zero: never a key
        else:
            # a point of small order, or bytes that are no canonical u-coordinate
            point = data.draw(st.sampled_from([bytes(32), b"\xff" * 32]))
        sealed[i] = (point, keys)
    one_by_one = [_read_one(point, keys) for point, keys in sealed]
    with ThreadPoolExecutor(max_workers=1) as pool:
        helper = {
            "none": None, "thread": pool, "never runs": _NeverRuns(), "runs at once": RunsAtOnce()
        }[helper_kind]
        try:
            together: object = crypto.read_cards(sealed, helper=helper)
        except crypto.UnreadableCard as exc:
            # The first card that does not decode alone, for the reason it does not, and
            # every card before it read.
            first = next(i for i, got in enumerate(one_by_one) if not isinstance(got, int))
            assert exc.index == first
            assert exc.read == one_by_one[:first]
            assert isinstance(exc.__cause__, one_by_one[first])  # type: ignore[arg-type]
        else:
            assert together == one_by_one == cards

