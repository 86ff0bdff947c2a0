"""Statistics of the bench: summaries of repeated figures and the paired comparison."""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Sequence


def summary(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"median": float("nan"), "min": float("nan"), "max": float("nan"), "n": 0}
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


def fmt(stat: dict[str, float], scale: float = 1.0, digits: int = 1) -> str:
    return (
        f"{stat['median'] * scale:.{digits}f} "
        f"({stat['min'] * scale:.{digits}f}–{stat['max'] * scale:.{digits}f})"
    )


def ms(seconds: float | None) -> float:
    """Milliseconds, NaN for a figure not measured (printed as nan)."""
    return float("nan") if seconds is None else seconds * 1000


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


# The least confidence of a paired interval, and the fewest pairs that can reach it: the
# widest interval, the smallest and largest change, covers the median 1 − 2/2ⁿ of the time.
PAIRED_LEVEL = 0.9
PAIRED_MIN = next(n for n in itertools.count(2) if 1 - 2 / 2**n >= PAIRED_LEVEL)


def paired_change(
    base: Sequence[float | None], other: Sequence[float | None], *, level: float = PAIRED_LEVEL
) -> dict[str, float] | None:
    """How ``other`` differs from ``base`` game by game: ``base[i]`` and ``other[i]`` were
    played one after the other, on the same minutes.

    The median of ``other[i] / base[i] − 1`` over the pairs where both are known, and an
    interval for it that assumes nothing about the spread (the sign test's): the k-th
    smallest and k-th largest change, for the largest k whose interval covers the true
    median with probability ``level`` or more, ``1 − 2·P(B ≤ k − 1)`` for ``B`` binomial
    (n, ½). An interval that holds 0 says the change is not told from the noise. None
    when even the widest interval, the smallest and largest change, covers less than
    ``level`` (at 90 %: fewer than :data:`PAIRED_MIN` pairs).
    """
    changes = sorted(
        o / b - 1.0 for b, o in zip(base, other, strict=True)
        if b is not None and o is not None and b > 0
    )
    n = len(changes)

    def coverage(k: int) -> float:
        return 1.0 - 2.0 * sum(math.comb(n, i) for i in range(k)) / 2.0**n

    if n < 2 or coverage(1) < level:
        return None
    k = 1
    while k + 1 <= n // 2 and coverage(k + 1) >= level:
        k += 1
    return {
        "median": statistics.median(changes),
        "low": changes[k - 1],
        "high": changes[n - k],
        "confidence": coverage(k),
        "pairs": float(n),
    }
