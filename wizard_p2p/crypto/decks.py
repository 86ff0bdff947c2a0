"""What a well-formed deck is: the checks on a received deck and their errors.

A deck is a sequence of points (:mod:`wizard_p2p.crypto.group`), one per position.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wizard_p2p.crypto import group
from wizard_p2p.errors import CryptoError, UsageError

__all__ = [
    "BadDeck",
    "DuplicatePoint",
    "InvalidDeckPoint",
    "WrongDeckSize",
    "check_deck",
    "checked_positions",
    "refuse_collisions",
]


class BadDeck(CryptoError):
    """A received deck that is malformed. ``position`` is the first bad index, if any."""

    def __init__(self, message: str, *, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class WrongDeckSize(BadDeck):
    """A deck with the wrong number of points."""


class DuplicatePoint(BadDeck):
    """A deck holding the same point twice (two positions would be one card)."""


class InvalidDeckPoint(BadDeck, group.InvalidPoint):
    """A deck position holding bytes that are not a valid subgroup point."""


def check_deck(deck: Sequence[bytes], size: int, *, validate_points: bool = True) -> None:
    """Check a received deck: ``size`` points, each 32 bytes, no two equal, all valid.

    With ``validate_points=False`` the (costly) subgroup check is skipped: use that
    only when every point will go through a pass (:mod:`wizard_p2p.crypto.passes`) or
    :func:`~wizard_p2p.crypto.reading.unlock`, which refuse non-canonical points and
    points of small order, and a deck whose products collide (two points that differ
    by a point of small order). A point off the subgroup that passes them
    differs from what its author's revealed secret gives, so re-running that pass
    (:func:`~wizard_p2p.crypto.verify.verify_round`) names the author.
    """
    if isinstance(deck, bytes | str) or not isinstance(deck, Sequence):
        raise WrongDeckSize(f"a deck is a sequence of points, not {type(deck).__name__}")
    if len(deck) != size:
        raise WrongDeckSize(f"a deck has {size} points, got {len(deck)}")
    for i, point in enumerate(deck):
        if not isinstance(point, bytes) or len(point) != group.POINT_BYTES:
            raise InvalidDeckPoint(f"position {i} is not {group.POINT_BYTES} bytes", position=i)
    if len(set(deck)) != size:
        seen: dict[bytes, int] = {}
        for i, point in enumerate(deck):
            if point in seen:
                raise DuplicatePoint(
                    f"positions {seen[point]} and {i} hold the same point", position=i
                )
            seen[point] = i
    if validate_points:
        for i, point in enumerate(deck):
            if not group.is_valid_point(point):
                raise InvalidDeckPoint(
                    f"position {i} is not a valid point of the prime-order subgroup",
                    position=i,
                )


def refuse_collisions(
    deck: Sequence[bytes], out: list[bytes], sources: Sequence[int]
) -> list[bytes]:
    """Return ``out`` unless two of its points are equal, ``out[j]`` coming from
    ``deck[sources[j]]``.

    A received deck holds no two equal points (:func:`check_deck`), and multiplying by
    a key is one-to-one on the subgroup: equal products mean two received points that
    differ by a point of small order, which the multiplication wipes out
    (:mod:`wizard_p2p.crypto.group`). Publishing them would look like our own fault.
    """
    if len(set(out)) == len(out):
        return out
    seen: dict[bytes, int] = {}
    for j, point in enumerate(out):
        if point in seen:
            first, second = sources[seen[point]], sources[j]
            if deck[first] == deck[second]:
                raise DuplicatePoint(
                    f"positions {first} and {second} hold the same point", position=second
                )
            raise InvalidDeckPoint(
                f"positions {first} and {second} differ only by a point of small order",
                position=second,
            )
        seen[point] = j
    raise AssertionError("unreachable: a repeated point was not found")


def checked_positions(positions: Iterable[int] | None, size: int) -> list[int]:
    """``positions`` as a list (default: every position of a deck of ``size``);
    :class:`~wizard_p2p.errors.UsageError` for one out of range or listed twice."""
    if positions is None:
        return list(range(size))
    result = list(positions)
    for i in result:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < size:
            raise UsageError(f"position {i!r} is not in 0..{size - 1}")
    if len(set(result)) != len(result):
        raise UsageError("a position is listed twice (it would be locked twice)")
    return result
