"""Checking a seat's round from the secret it reveals at the round's end.

Everything a seat published in a round derives from its round secret
(:mod:`wizard_p2p.crypto.keys`), so once the secret is revealed anybody can re-run its
passes and compare them byte for byte with what it published, and check every key it
released: a seat that cheated is named.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from wizard_p2p.crypto.decks import checked_positions
from wizard_p2p.crypto.keys import InvalidSecret, RoundKeys, derive_round_keys
from wizard_p2p.crypto.passes import lock_pass, release_key, shuffle_lock_pass, shuffle_pass
from wizard_p2p.errors import CryptoError, UsageError

__all__ = [
    "KeyMismatch",
    "PassMismatch",
    "SeatPasses",
    "deck_order",
    "verify_lock_pass",
    "verify_released_key",
    "verify_round",
    "verify_shuffle_lock_pass",
    "verify_shuffle_pass",
]


class PassMismatch(CryptoError):
    """A published pass differs from the pass its seat's revealed secret produces.

    ``kind`` is ``"shuffle"``, ``"lock"`` or ``"secret"`` (a revealed secret
    that is not even well formed); ``seat`` names the seat when known (set by
    :func:`verify_round`); ``position`` is the first differing deck position.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        seat: int | None = None,
        position: int | None = None,
    ) -> None:
        who = f"seat {seat + 1} " if seat is not None else ""
        super().__init__(f"{who}{kind} pass: {message}")
        self.kind = kind
        self.seat = seat
        self.position = position
        self.reason = message


class KeyMismatch(CryptoError):
    """A released lock key that is not the one the seat's revealed secret derives."""

    def __init__(self, message: str, *, position: int) -> None:
        super().__init__(message)
        self.position = position


def _compare(expected: Sequence[bytes], published: Sequence[bytes], kind: str) -> None:
    if isinstance(published, bytes | str) or not isinstance(published, Sequence):
        raise PassMismatch(f"published {type(published).__name__}, not a deck", kind=kind)
    if len(published) != len(expected):
        raise PassMismatch(
            f"published {len(published)} points, its secret gives {len(expected)}", kind=kind
        )
    differing = [j for j, (e, p) in enumerate(zip(expected, published, strict=True)) if e != p]
    if differing:
        first = differing[0]
        others = f" and {len(differing) - 1} more" if len(differing) > 1 else ""
        raise PassMismatch(
            f"deck position {first}{others} differ from what its revealed secret produces",
            kind=kind,
            position=first,
        )


def verify_shuffle_pass(
    before: Sequence[bytes], after: Sequence[bytes], keys: RoundKeys, keep: int | None = None
) -> None:
    """Raise :class:`PassMismatch` (kind ``"shuffle"``) unless ``after`` shuffles ``before``
    (its first ``keep`` positions, if given)."""
    _compare(shuffle_pass(before, keys, keep), after, "shuffle")


def verify_shuffle_lock_pass(
    before: Sequence[bytes], after: Sequence[bytes], keys: RoundKeys, keep: int
) -> None:
    """Raise :class:`PassMismatch` (kind ``"shuffle"``) unless ``after`` is the last
    shuffler's :func:`shuffle_lock_pass` of ``before``."""
    _compare(shuffle_lock_pass(before, keys, keep), after, "shuffle")


def verify_lock_pass(
    before: Sequence[bytes],
    after: Sequence[bytes],
    keys: RoundKeys,
    positions: Iterable[int] | None = None,
) -> None:
    """Raise :class:`PassMismatch` (kind ``"lock"``) unless ``after`` locks ``before``."""
    _compare(lock_pass(before, keys, positions), after, "lock")


class SeatPasses(NamedTuple):
    """The two decks one seat published in a round."""

    shuffled: Sequence[bytes]
    locked: Sequence[bytes]


def verify_round(
    initial_deck: Sequence[bytes],
    passes_by_seat: Sequence[SeatPasses | tuple[Sequence[bytes], Sequence[bytes]]],
    secrets_by_seat: Sequence[bytes],
    contexts: Sequence[bytes],
    lock_positions: Iterable[int] | None = None,
) -> tuple[RoundKeys, ...]:
    """Re-run every seat's passes from its revealed secret; blame the first that differs.

    Order of the round: shuffle passes of seats 0..N-1 (seat 0 starts from
    ``initial_deck``, seat s from seat s-1's shuffled deck), then lock passes
    of seats 0..N-1 (seat 0 starts from seat N-1's shuffled deck).  Each pass
    is recomputed from the deck its author received, so a seat is blamed only
    for its own transformation.  Returns every seat's :class:`RoundKeys`
    (for :func:`verify_released_key` and :func:`deck_order`).
    """
    n = len(passes_by_seat)
    if n == 0 or len(secrets_by_seat) != n or len(contexts) != n:
        raise UsageError("verify_round needs one passes pair, secret and context per seat")
    size = len(initial_deck)
    positions = checked_positions(lock_positions, size)
    keys_by_seat: list[RoundKeys] = []
    for seat in range(n):
        try:
            keys_by_seat.append(
                derive_round_keys(secrets_by_seat[seat], contexts[seat], size, revealed=True)
            )
        except InvalidSecret as exc:
            raise PassMismatch(str(exc), kind="secret", seat=seat) from None
    deck: Sequence[bytes] = initial_deck
    for kind in ("shuffle", "lock"):
        for seat in range(n):
            published = passes_by_seat[seat][0 if kind == "shuffle" else 1]
            keys = keys_by_seat[seat]
            expected = (
                shuffle_pass(deck, keys) if kind == "shuffle" else lock_pass(deck, keys, positions)
            )
            try:
                _compare(expected, published, kind)
            except PassMismatch as exc:
                raise PassMismatch(
                    exc.reason, kind=kind, seat=seat, position=exc.position
                ) from None
            deck = expected
    return tuple(keys_by_seat)


def verify_released_key(keys: RoundKeys, position: int, released: bytes) -> None:
    """Raise :class:`KeyMismatch` unless ``released`` is the seat's lock key for ``position``."""
    expected = release_key(keys, position)
    if not isinstance(released, bytes) or not hmac.compare_digest(expected, released):
        raise KeyMismatch(
            f"the key released for deck position {position} is not the one its secret derives",
            position=position,
        )


def deck_order(keys_by_seat: Sequence[RoundKeys]) -> tuple[int, ...]:
    """The card at every position of the final deck, from all seats' revealed keys.

    Composes the permutations (no multiplication): position ``j`` holds card
    ``perm_0[perm_1[... perm_{N-1}[j] ...]]``.  Meaningful only once
    :func:`verify_round` has accepted the passes.
    """
    if not keys_by_seat:
        raise UsageError("deck_order needs at least one seat's keys")
    size = keys_by_seat[0].deck_size
    order = list(range(size))
    for keys in keys_by_seat:
        if keys.deck_size != size:
            raise UsageError("all seats' keys must be for the same deck size")
        order = [order[p] for p in keys.permutation]
    return tuple(order)
