"""The passes a seat makes on the deck: shuffle, lock, and the key it releases.

In a round every seat shuffles in turn (multiplies every point by its key ``K`` and
permutes), then every seat locks in turn (swaps its ``K`` layer for a key of its own
per position), so that a position opens only with every seat's key for it; a seat
releases its key of a position for whoever may see that card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wizard_p2p.crypto.decks import WrongDeckSize, checked_positions, refuse_collisions
from wizard_p2p.crypto.keys import RoundKeys
from wizard_p2p.crypto.sharing import Helper, multiply_all
from wizard_p2p.errors import UsageError

__all__ = ["lock_pass", "release_key", "shuffle_lock_pass", "shuffle_pass"]


def shuffle_pass(
    deck: Sequence[bytes],
    keys: RoundKeys,
    keep: int | None = None,
    *,
    helper: Helper | None = None,
) -> list[bytes]:
    """Encrypt every point with K and permute: ``out[j] = K · deck[permutation[j]]``.

    ``keep``: only ``out[:keep]`` (the last shuffler's pass keeps just the positions a
    round locks and deals; the rest, never dealt, is not worth a multiplication each).
    ``helper``: a second thread that shares the multiplications
    (:mod:`wizard_p2p.crypto.sharing`; the result is the same).
    """
    perm = keys.permutation
    if len(deck) != len(perm):
        raise WrongDeckSize(f"a deck has {len(perm)} points, got {len(deck)}")
    if keep is not None:
        if not 0 < keep <= len(perm):
            raise UsageError(f"keep {keep} out of range 1..{len(perm)}")
        perm = perm[:keep]
    k = keys.shuffle_key
    return refuse_collisions(deck, multiply_all([(deck[p], k, p) for p in perm], helper), perm)


def shuffle_lock_pass(
    deck: Sequence[bytes],
    keys: RoundKeys,
    keep: int,
    *,
    helper: Helper | None = None,
) -> list[bytes]:
    """The last shuffler's shuffle and lock in one multiplication per position:
    ``out[j] = k_j · deck[permutation[j]]`` for ``j < keep``.

    It is :func:`shuffle_pass` (keeping ``keep``) followed by :func:`lock_pass` of the
    same seat, with ``K`` and ``K⁻¹`` cancelled out: nobody ever sees the deck in
    between, so it need not exist.
    """
    perm = keys.permutation
    if len(deck) != len(perm):
        raise WrongDeckSize(f"a deck has {len(perm)} points, got {len(deck)}")
    lock = keys.lock_keys
    if not 0 < keep <= min(len(perm), len(lock)):
        raise UsageError(f"keep {keep} out of range 1..{min(len(perm), len(lock))}")
    kept = perm[:keep]
    return refuse_collisions(
        deck, multiply_all([(deck[p], lock[j], p) for j, p in enumerate(kept)], helper), kept
    )



def lock_pass(
    deck: Sequence[bytes],
    keys: RoundKeys,
    positions: Iterable[int] | None = None,
    *,
    helper: Helper | None = None,
) -> list[bytes]:
    """Swap the K layer for the per-position key at ``positions`` (default all).

    ``out[i] = (k_i · K⁻¹) · deck[i]`` for ``i`` in ``positions``; every other
    position is copied unchanged (it stays under K and is never dealt). The deck may
    be the first positions only (what the last shuffler kept).
    """
    size = len(deck)
    if not 0 < size <= keys.deck_size:
        raise WrongDeckSize(f"a deck has 1..{keys.deck_size} points, got {size}")
    out = list(deck)
    factors = keys.lock_factors
    chosen = checked_positions(positions, size)
    locked = multiply_all([(deck[i], factors[i], i) for i in chosen], helper)
    for i, point in zip(chosen, locked, strict=True):
        out[i] = point
    return refuse_collisions(deck, out, range(size))


def release_key(keys: RoundKeys, position: int) -> bytes:
    """The lock key this seat gives away so that ``position`` can be opened."""
    checked_positions((position,), keys.deck_size)
    return keys.lock_keys[position]

