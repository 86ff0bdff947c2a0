"""The four passes of a private deck's epoch (CRYPTO.md §13.3).

An epoch takes ``n`` entries, each under the two parties' old per-position keys (or
under none: the initial deck), and gives them back under new ones, permuted by both:

    step 1, owner:  y1[j] = (K_O · k_O,old(j)⁻¹) · x[j]
    step 2, other:  y2[i] = (K_P · k_P,old(ρ(i))⁻¹) · y1[ρ(i)]
    step 3, owner:  y3[i] = (k_O,i · K_O⁻¹) · y2[σ(i)]
    step 4, other:  y4[i] = (k_P,i · K_P⁻¹) · y3[i]

Each party strips its old layer while the positions are still those its keys are indexed
by, and the owner permutes last, so neither knows the final order (for a shuffle). Every
step is one multiplication per point; :func:`run_step` computes a step and
:func:`verify_step` re-runs it from its author's revealed keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum, StrEnum

from wizard_p2p.crypto import group
from wizard_p2p.crypto.decks import refuse_collisions
from wizard_p2p.crypto.keys import RoundKeys
from wizard_p2p.crypto.sharing import Helper, multiply_all
from wizard_p2p.errors import UsageError

__all__ = [
    "EpochKind",
    "Step",
    "is_permutation",
    "other_order",
    "owner_order",
    "run_step",
    "source_of",
]


class EpochKind(StrEnum):
    """What an epoch is for, which fixes its two permutations."""

    SETUP = "set-up"  # epoch 0 on the initial deck: both permute
    SHUFFLE = "shuffle"  # after a search or cards put back: both permute
    ARRANGE = "arrangement"  # cards put back on top or bottom: the owner's chosen order
    PLACE = "placement"  # cards put on top or under the deck in the order named: no permutation


class Step(IntEnum):
    """The four passes of an epoch, in order; odd steps are the owner's."""

    ENCRYPT = 1  # owner: its old per-position layer becomes one key
    SHUFFLE = 2  # other: its old layer becomes one key, and it permutes
    SHUFFLE_LOCK = 3  # owner: it permutes, and its one key becomes one per position
    LOCK = 4  # other: its one key becomes one per position

    @property
    def by_owner(self) -> bool:
        return self in (Step.ENCRYPT, Step.SHUFFLE_LOCK)


def is_permutation(order: Sequence[int], size: int) -> bool:
    """True iff ``order`` lists ``0..size-1`` once each."""
    return len(order) == size and sorted(order) == list(range(size))


def other_order(kind: EpochKind, keys: RoundKeys) -> tuple[int, ...]:
    """ρ: the other's permutation (none in an arrangement or a placement)."""
    if kind is EpochKind.ARRANGE or kind is EpochKind.PLACE:
        return tuple(range(keys.deck_size))
    return keys.permutation


def owner_order(
    kind: EpochKind, keys: RoundKeys, chosen: Sequence[int] | None
) -> tuple[int, ...]:
    """σ: the owner's derived permutation, in an arrangement the order it chose, in a
    placement none."""
    if kind is EpochKind.PLACE:
        return tuple(range(keys.deck_size))
    if kind is not EpochKind.ARRANGE:
        return keys.permutation
    if chosen is None or not is_permutation(chosen, keys.deck_size):
        raise UsageError("an arrangement needs the owner's order, a permutation of its entries")
    return tuple(chosen)


def source_of(sigma: Sequence[int], rho: Sequence[int], i: int) -> int:
    """The entry whose card output ``i`` of an epoch holds: ``ρ(σ(i))``."""
    return rho[sigma[i]]


def _strip_factor(key: bytes, old: bytes | None) -> bytes:
    """``K · old⁻¹``: the old per-position layer swapped for the one key."""
    return key if old is None else group.scalar_mul(key, group.scalar_invert(old))


def run_step(
    step: Step,
    points: Sequence[bytes],
    keys: RoundKeys,
    *,
    old_keys: Sequence[bytes | None] = (),
    order: Sequence[int] = (),
    helper: Helper | None = None,
) -> list[bytes]:
    """The output of ``step`` on ``points`` (the previous step's output, or the entries),
    by the party whose epoch keys are ``keys``.

    ``old_keys``: steps 1 and 2, the author's lock key of each entry's old address (None
    for an entry of the initial deck), by entry. ``order``: step 2, ρ; step 3, σ.
    Raises :class:`~wizard_p2p.crypto.decks.InvalidDeckPoint` for a point that is not
    canonical or of small order, or two products that collide.
    """
    n = keys.deck_size
    if len(points) != n:
        raise UsageError(f"an epoch of {n} entries, given {len(points)} points")
    if step in (Step.ENCRYPT, Step.SHUFFLE) and len(old_keys) != n:
        raise UsageError("steps 1 and 2 strip one old key per entry")
    if step in (Step.SHUFFLE, Step.SHUFFLE_LOCK) and not is_permutation(order, n):
        raise UsageError("steps 2 and 3 take a permutation of the entries")
    sources: Sequence[int]
    if step is Step.ENCRYPT:
        sources = range(n)
        factors = [_strip_factor(keys.shuffle_key, old) for old in old_keys]
    elif step is Step.SHUFFLE:
        sources = order
        factors = [_strip_factor(keys.shuffle_key, old_keys[s]) for s in order]
    elif step is Step.SHUFFLE_LOCK:
        sources = order
        factors = list(keys.lock_factors)
    else:
        sources = range(n)
        factors = list(keys.lock_factors)
    work = [(points[s], f, s) for s, f in zip(sources, factors, strict=True)]
    return refuse_collisions(points, multiply_all(work, helper), sources)
