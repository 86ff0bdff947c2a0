"""Paying a cost by hand: which elements of the pool pay each unit of a cost.

The engine pays on its own when an action gives no ``payment`` (``costs.choose_payment``);
a player who wants another payment (keep the arcane, spend the fire) builds it one unit
of the cost at a time. ``options`` says which elements may pay the next unit so that the
rest of the cost can still be paid: a unit of an ordinary element is paid by that element
or by arcane, a unit of arcane by any element the pool holds. Every sequence of answers
ends in a payment the engine accepts, and every payment the engine accepts is reached by
some sequence. A unit with one option is not a question: it is taken at once.

The first player's first turn uses the same steps: taking half the hero's load is paying
a cost of that many arcane units out of the load.
"""

from __future__ import annotations

from dataclasses import dataclass

from wizard_p2p.sorcery import costs
from wizard_p2p.sorcery.cards import Element, Elements

__all__ = ["PaymentSteps", "arcane_units", "options"]

_ORDER = (*costs.ORDINARY, Element.ARCANE)  # the cost's units: ordinary ones, arcane last


def _one(element: Element) -> Elements:
    return Elements.of({element: 1})


def arcane_units(n: int) -> Elements:
    """A cost of ``n`` units of arcane (any element pays each)."""
    return Elements.of({Element.ARCANE: n})


def next_unit(cost: Elements) -> Element | None:
    """The unit of ``cost`` paid next, or ``None`` when nothing is left to pay."""
    return next((e for e in _ORDER if cost[e]), None)


def options(pool: Elements, cost: Elements) -> tuple[Element, ...]:
    """The elements of ``pool`` that may pay the next unit of ``cost`` with the rest still
    payable out of what is left; empty when nothing is left or the pool cannot pay."""
    unit = next_unit(cost)
    if unit is None:
        return ()
    rest = costs.subtract(cost, _one(unit))
    payers = (unit, Element.ARCANE) if unit is not Element.ARCANE else tuple(Element)
    out = []
    for e in dict.fromkeys(payers):
        if pool[e] and costs.can_pay(costs.subtract(pool, _one(e)), rest):
            out.append(e)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PaymentSteps:
    """A payment being built: what is left of the pool and of the cost, what is paid."""

    pool: Elements
    cost: Elements
    paid: Elements = costs.ZERO

    @property
    def done(self) -> bool:
        return next_unit(self.cost) is None

    @property
    def unit(self) -> Element | None:
        return next_unit(self.cost)

    def options(self) -> tuple[Element, ...]:
        return options(self.pool, self.cost)

    def pay(self, element: Element) -> PaymentSteps:
        """The next unit paid with ``element`` (one of ``options()``)."""
        unit = self.unit
        if unit is None or element not in self.options():
            raise ValueError(f"{element} does not pay the next unit of {self.cost}")
        return PaymentSteps(
            costs.subtract(self.pool, _one(element)),
            costs.subtract(self.cost, _one(unit)),
            costs.add(self.paid, _one(element)),
        )

    def forced(self) -> PaymentSteps:
        """Every next unit that has only one way to be paid, paid that way."""
        steps = self
        while not steps.done and len(steps.options()) == 1:
            steps = steps.pay(steps.options()[0])
        return steps
