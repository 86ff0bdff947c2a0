"""Paying a cost in elements, with arcane (奥术, ``?``) on both sides.

The rules: elements do not substitute for one another, except arcane. Arcane in a cost
is paid by any element; arcane gained (in the pool) pays for any element. So one unit
of the pool can pay one unit of the cost when they are the same element, or when
either of them is arcane.

A *payment* is the amount taken out of the pool. It pays a cost when its units can be
matched one to one with the cost's units under that rule: the totals are equal, the
cost's units of each ordinary element not met by the same element are met by the
payment's arcane, and the payment's surplus ordinary units go to the cost's arcane.
"""

from __future__ import annotations

from wizard_p2p.sorcery.cards import Element, Elements

__all__ = [
    "ORDINARY",
    "ZERO",
    "add",
    "can_pay",
    "choose_payment",
    "choose_payment_overdrawn",
    "contains",
    "is_payment",
    "subtract",
]

ZERO = Elements()  # no elements at all
ORDINARY: tuple[Element, ...] = tuple(e for e in Element if e is not Element.ARCANE)
_ARC = list(Element).index(Element.ARCANE)


def add(a: Elements, b: Elements) -> Elements:
    return Elements(tuple(x + y for x, y in zip(a.counts, b.counts, strict=True)))  # type: ignore[arg-type]


def contains(pool: Elements, part: Elements) -> bool:
    """Whether ``part`` can be taken out of ``pool`` unit for unit (no substitution)."""
    return all(p >= q for p, q in zip(pool.counts, part.counts, strict=True))


def subtract(pool: Elements, part: Elements) -> Elements:
    """``pool`` less ``part``, unit for unit; ``ValueError`` when it does not contain it."""
    if not contains(pool, part):
        raise ValueError(f"{part} is not in {pool}")
    return Elements(tuple(p - q for p, q in zip(pool.counts, part.counts, strict=True)))  # type: ignore[arg-type]


def is_payment(payment: Elements, cost: Elements) -> bool:
    """Whether ``payment`` pays ``cost`` exactly, arcane standing for any element."""
    if payment.total != cost.total:
        return False
    short = sum(max(0, cost.counts[i] - payment.counts[i]) for i in range(_ARC))
    return short <= payment.counts[_ARC]


def choose_payment(pool: Elements, cost: Elements) -> Elements | None:
    """A payment of ``cost`` out of ``pool``, or ``None`` when the pool cannot pay it.

    Each ordinary element of the cost is paid with that element first and arcane after;
    the cost's arcane is paid with the ordinary elements the pool holds most of, and
    with the pool's arcane last (arcane is the most useful element to keep).
    """
    left = list(pool.counts)
    paid = [0] * len(Element)
    for i in range(_ARC):
        need = cost.counts[i]
        own = min(need, left[i])
        left[i] -= own
        paid[i] += own
        rest = need - own
        if rest > left[_ARC]:
            return None
        left[_ARC] -= rest
        paid[_ARC] += rest
    need = cost.counts[_ARC]
    while need:
        best = max(range(_ARC), key=lambda i: (left[i], -i))
        if left[best] == 0:
            break
        take = min(need, left[best])
        left[best] -= take
        paid[best] += take
        need -= take
    if need > left[_ARC]:
        return None
    left[_ARC] -= need
    paid[_ARC] += need
    return Elements(tuple(paid))  # type: ignore[arg-type]


def choose_payment_overdrawn(
    pool: Elements, overdrawn: Elements, cost: Elements
) -> Elements | None:
    """A payment of ``cost`` out of ``pool`` plus the ``overdrawn`` loads (透支) that uses
    as much of the loads as any payment can, or ``None`` when the two cannot pay it.

    The loads' surplus is lost, so every unit they can pay is one the pool keeps. Each
    step below is safe by exchange (a payment that did otherwise can be changed into
    one that does it, paying no less from the loads): a load's ordinary element pays
    its own element of the cost, then the cost's arcane; the loads' arcane pays the
    ordinary units the pool is short of, then the cost's arcane, then the rest. What is
    left is paid out of the pool as :func:`choose_payment` pays. A unit of the result
    comes from the loads first, element by element.
    """
    need = list(cost.counts)
    load = list(overdrawn.counts)
    used = [0] * len(Element)

    def take(source: int, into: int, n: int) -> None:
        load[source] -= n
        used[source] += n
        need[into] -= n

    for i in range(_ARC):
        take(i, i, min(load[i], need[i]))
    for i in range(_ARC):
        take(i, _ARC, min(load[i], need[_ARC]))
    for i in range(_ARC):
        take(_ARC, i, min(load[_ARC], max(0, need[i] - pool.counts[i])))
    take(_ARC, _ARC, min(load[_ARC], need[_ARC]))
    for i in range(_ARC):
        take(_ARC, i, min(load[_ARC], need[i]))
    rest = choose_payment(pool, Elements(tuple(need)))  # type: ignore[arg-type]
    if rest is None:
        return None
    return add(Elements(tuple(used)), rest)  # type: ignore[arg-type]


def can_pay(pool: Elements, cost: Elements) -> bool:
    return choose_payment(pool, cost) is not None
