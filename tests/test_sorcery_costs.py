"""Paying costs in elements, arcane on both sides: property tests against an oracle that
matches unit to unit."""

from __future__ import annotations

from functools import cache
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from tests.sorcery_cards import els
from wizard_p2p.sorcery.cards import Element, Elements
from wizard_p2p.sorcery.costs import (
    add,
    can_pay,
    choose_payment,
    choose_payment_overdrawn,
    contains,
    is_payment,
    subtract,
)

ELEMENTS = list(Element)
ARC = ELEMENTS.index(Element.ARCANE)


def amounts(top: int) -> st.SearchStrategy[Elements]:
    return st.tuples(*[st.integers(0, top)] * len(Element)).map(Elements)


@cache
def _matchable(pool: tuple[int, ...], cost: tuple[int, ...]) -> bool:
    """Whether every unit of ``cost`` can be given its own unit of ``pool`` (same element,
    or either one arcane): tried unit by unit, every way."""
    if not any(cost):
        return True
    i = next(k for k, n in enumerate(cost) if n)
    rest = list(cost)
    rest[i] -= 1
    for j, have in enumerate(pool):
        if have and (j in (i, ARC) or i == ARC):
            left = list(pool)
            left[j] -= 1
            if _matchable(tuple(left), tuple(rest)):
                return True
    return False


@given(amounts(3), amounts(2))
def test_a_cost_is_paid_exactly_when_units_can_be_matched(pool: Elements, cost: Elements) -> None:
    payment = choose_payment(pool, cost)
    assert (payment is not None) == _matchable(pool.counts, cost.counts)
    if payment is not None:
        assert contains(pool, payment)
        assert is_payment(payment, cost)
        assert payment.total == cost.total


@given(amounts(3), amounts(3))
def test_is_payment_agrees_with_the_oracle(payment: Elements, cost: Elements) -> None:
    expected = payment.total == cost.total and _matchable(payment.counts, cost.counts)
    assert is_payment(payment, cost) == expected


@given(amounts(4), amounts(4))
def test_add_and_subtract_are_inverse(a: Elements, b: Elements) -> None:
    assert subtract(add(a, b), b) == a
    assert contains(add(a, b), a)


def test_the_rules_examples_of_arcane() -> None:
    # 巫师的学徒 costs 1 arcane: 1 fire pays it.
    assert choose_payment(els(fire=1), els(arcane=1)) == els(fire=1)
    # 2 arcane gained pay 活泼的炉火's 1 fire 1 arcane.
    assert choose_payment(els(arcane=2), els(fire=1, arcane=1)) == els(arcane=2)
    # Elements do not stand in for one another: water does not pay fire.
    assert not can_pay(els(water=5), els(fire=1))


def test_arcane_is_spent_last_when_anything_else_pays() -> None:
    assert choose_payment(els(fire=1, arcane=1), els(arcane=1)) == els(fire=1)
    assert choose_payment(els(fire=2, water=1, arcane=1), els(fire=1, arcane=2)) == els(
        fire=2, water=1
    )


def few(top: int) -> st.SearchStrategy[Elements]:
    """Amounts of fire, water and arcane only (small enough to try every payment)."""
    return st.tuples(st.integers(0, top), st.integers(0, top), st.integers(0, top)).map(
        lambda t: els(fire=t[0], water=t[1], arcane=t[2]))


def _from_pool(payment: Elements, overdrawn: Elements) -> int:
    return sum(max(0, p - o) for p, o in zip(payment.counts, overdrawn.counts, strict=True))


@given(few(2), few(2), few(3))
def test_overdrawn_loads_pay_all_they_can_and_the_pool_the_rest(
    pool: Elements, overdrawn: Elements, cost: Elements
) -> None:
    both = add(pool, overdrawn)
    every = (Elements(t) for t in product(*(range(n + 1) for n in both.counts)))  # type: ignore[arg-type]
    payments = [p for p in every if is_payment(p, cost)]
    chosen = choose_payment_overdrawn(pool, overdrawn, cost)
    if not payments:
        assert chosen is None
        return
    assert chosen is not None and contains(both, chosen) and is_payment(chosen, cost)
    # No payment spends less of the pool: the loads' surplus is what is lost.
    assert _from_pool(chosen, overdrawn) == min(_from_pool(p, overdrawn) for p in payments)


def test_overdrawn_arcane_pays_before_the_pool() -> None:
    # 2 fire overdrawn and 3 water in the pool for a cost of 2 arcane: the load pays.
    assert choose_payment_overdrawn(els(water=3), els(fire=2), els(arcane=2)) == els(fire=2)
    assert choose_payment_overdrawn(els(water=1), els(arcane=1), els(fire=1, arcane=1)) == els(
        water=1, arcane=1)
    assert choose_payment_overdrawn(els(water=1), els(arcane=1), els(fire=2)) is None
