"""Paying by hand in 巫师牌's console: the steps that build a payment unit by unit reach
exactly the payments the engine accepts (property tests against every payment of small
pools), and the console asks for them by keys when the player pays by hand (``$``),
including which half of the hero's load the first player takes on the first turn."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests import sorcery_cards as fx
from wizard_p2p.sorcery import costs
from wizard_p2p.sorcery.actions import Consume, GainElements, Learn
from wizard_p2p.sorcery.cards import CardType, Element, Elements
from wizard_p2p.tui.headless import FixedSizeOutput
from wizard_p2p.tui.sorcery_app import SorceryApp
from wizard_p2p.tui.sorcery_pay import PaymentSteps, arcane_units, options
from wizard_p2p.tui.sorcery_pick import LABELS
from wizard_p2p.tui.sorcery_table import SorceryTable

# A few elements keep the brute force small; arcane is always among them.
_SOME = (Element.FIRE, Element.WATER, Element.ARCANE)


def amounts(top: int) -> st.SearchStrategy[Elements]:
    return st.tuples(*[st.integers(0, top) for _ in _SOME]).map(
        lambda ns: Elements.of(dict(zip(_SOME, ns, strict=True)))
    )


def every_payment(pool: Elements, cost: Elements) -> set[Elements]:
    """Every amount out of ``pool`` that pays ``cost`` (brute force)."""
    out = set()
    for ns in itertools.product(*[range(pool[e] + 1) for e in _SOME]):
        payment = Elements.of(dict(zip(_SOME, ns, strict=True)))
        if costs.is_payment(payment, cost):
            out.add(payment)
    return out


def reachable(steps: PaymentSteps) -> set[Elements]:
    """Every payment some sequence of answers builds."""
    if steps.done:
        return {steps.paid}
    found: set[Elements] = set()
    for e in steps.options():
        found |= reachable(steps.pay(e))
    return found


@settings(max_examples=150, deadline=None)
@given(amounts(3), amounts(2))
def test_the_steps_reach_exactly_the_payments_the_engine_accepts(
    pool: Elements, cost: Elements
) -> None:
    steps = PaymentSteps(pool, cost)
    if not costs.can_pay(pool, cost):
        assert cost.total and options(pool, cost) == ()
        return
    assert reachable(steps) == every_payment(pool, cost)
    assert reachable(steps.forced()) == reachable(steps)


@settings(max_examples=150, deadline=None)
@given(amounts(3), amounts(3), st.randoms(use_true_random=False))
def test_any_answers_end_in_a_payment_out_of_the_pool(
    pool: Elements, cost: Elements, rnd: Any
) -> None:
    if not costs.can_pay(pool, cost):
        return
    steps = PaymentSteps(pool, cost).forced()
    while not steps.done:
        choices = steps.options()
        assert len(choices) >= 2  # a forced unit is never a question
        steps = steps.pay(rnd.choice(choices)).forced()
    assert costs.contains(pool, steps.paid) and costs.is_payment(steps.paid, cost)
    assert steps.pool == costs.subtract(pool, steps.paid)


def test_half_a_load_is_a_cost_of_arcane_units() -> None:
    load = fx.els(fire=2, water=2)
    taken = reachable(PaymentSteps(load, arcane_units(2)))
    assert taken == {fx.els(fire=2), fx.els(fire=1, water=1), fx.els(water=2)}


# --- in the console -------------------------------------------------------------------


def console(decks: Any = None, seed: int = 4) -> SorceryApp:
    decks = decks or (fx.fire_deck(), fx.water_deck())
    return SorceryApp(SorceryTable(decks, seed), "en", output=FixedSizeOutput(24, 80))


def keep_both(app: SorceryApp) -> None:
    app.run_bot()
    app.key("k")
    app.run_bot()


def choose(app: SorceryApp, match: Callable[[Any], bool]) -> None:
    assert app.picker is not None, app.message
    values = [c.value for c in app.picker.choices]
    app.pick(LABELS[next(i for i, v in enumerate(values) if match(v))])


def test_by_hand_the_player_chooses_which_elements_pay_a_cost() -> None:
    app = console()
    keep_both(app)
    app.key("$")
    assert app.by_hand and "paying by hand" in app.board_text(120)
    pool = fx.els(fire=2, arcane=1)
    assert app.submit(GainElements(0, pool)) and app.game.sides[0].elements == pool
    fireball = next(p for p in app.game.sides[0].pool if app.game.pieces[p].card is fx.FIREBALL)
    app.key("l")
    choose(app, lambda v: v == fireball)
    # 火球术 costs 2火: the first 火 by 火 or by arcane; the player keeps a 火.
    assert app.picker is not None and "2火" in app.picker.title
    assert sorted(c.value for c in app.picker.choices) == sorted([Element.FIRE, Element.ARCANE])
    choose(app, lambda e: e is Element.ARCANE)
    assert app.picker is None  # the second 火 has one way left: taken at once
    last = app.game.history[-1]
    assert isinstance(last, Learn) and last.payment == fx.els(fire=1, arcane=1)
    assert app.game.sides[0].elements == fx.els(fire=1)


def test_automatic_payment_asks_nothing_and_the_engine_chooses() -> None:
    app = console()
    keep_both(app)
    assert not app.by_hand
    app.submit(GainElements(0, fx.els(fire=2, arcane=1)))
    fireball = next(p for p in app.game.sides[0].pool if app.game.pieces[p].card is fx.FIREBALL)
    app.key("l")
    choose(app, lambda v: v == fireball)
    last = app.game.history[-1]
    assert isinstance(last, Learn) and last.payment is None
    assert app.game.sides[0].elements == fx.els(arcane=1)  # the engine keeps the arcane
    app.key("$")
    app.key("$")
    assert not app.by_hand and app.message == app.tr("sorcery_by_hand_off")


def test_the_first_player_chooses_which_half_of_the_heros_load_to_take() -> None:
    hero = fx.card("411902", "双元贤者", CardType.HERO, gain=fx.els(fire=2, water=2), life=10)
    mine = dataclasses.replace(fx.fire_deck(), hero=hero)
    app = next(
        a for a in (console((mine, fx.water_deck()), s) for s in range(20)) if a.game.first == 0
    )
    keep_both(app)
    assert app.game.turn == 1 and app.game.hero_load_limit(0) == 2
    app.key("$")
    app.key("c")
    choose(app, lambda v: v == app.game.sides[0].hero)
    assert app.picker is not None and "2火2水" in app.picker.title
    choose(app, lambda e: e is Element.WATER)
    choose(app, lambda e: e is Element.WATER)
    last = app.game.history[-1]
    assert isinstance(last, Consume) and last.choice == fx.els(water=2)
    assert app.game.sides[0].elements == fx.els(water=2)
