"""The coach: advice from the seat's own view only, the expert's choice, in the console.

The coach reads a ``SeatView``; two deals that differ only in cards the seat cannot
see (the other hands and the stock) give it the same view, so the same advice — the
property test builds such pairs by shuffling the unseen cards among themselves. Its
choice is the expert's under the same seed. In the console ``c`` opens its advice
in the player's language, and a game whose terms do not allow it says so.
"""

from __future__ import annotations

import asyncio
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p.bots import make_policy
from wizard_p2p.bots.coach import (
    BidAdvice,
    CardAdvice,
    TrumpAdvice,
    advise,
    can_advise,
    view_seed,
)
from wizard_p2p.bots.expert import ExpertPolicy
from wizard_p2p.rules import (
    DECK,
    Card,
    Game,
    GameConfig,
    Phase,
    SeatView,
    Suit,
)
from wizard_p2p.rules.driver import GameDriver
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import WizardApp
from wizard_p2p.tui.coach_text import advice_lines
from wizard_p2p.tui.headless import Driver, run_with_keys, screen_text
from wizard_p2p.tui.shared import COACH

SAMPLES = 6  # few: the tests check what the advice depends on, not how good it is


def deck_for(
    seats: int, round_no: int, dealer: int, seat: int, rng: random.Random
) -> tuple[list[Card], list[Card]]:
    """Two decks that deal ``seat`` the same hand and turn the same card, every other
    card shuffled independently among the other positions."""
    deck = list(DECK)
    rng.shuffle(deck)
    dealt = round_no * seats
    mine = [p for p in range(dealt) if (dealer + 1 + p) % seats == seat]
    fixed = set(mine) | ({dealt} if dealt < len(DECK) else set())
    others = [p for p in range(len(DECK)) if p not in fixed]
    cards = [deck[p] for p in others]
    rng.shuffle(cards)
    twin = list(deck)
    for p, card in zip(others, cards, strict=True):
        twin[p] = card
    return deck, twin


def view_at(
    config: GameConfig, deck: list[Card], round_no: int, dealer: int, seat: int, plays: int
) -> SeatView | None:
    """The seat's view at its bid (``plays`` < 0) or its first card after ``plays`` cards
    of round ``round_no``, dealt from ``deck`` (the rounds before from a deck of their
    own), every seat choosing the first legal option."""
    game = Game(config, first_dealer=(dealer - round_no + 1) % config.seats)
    before = sorted(DECK, key=lambda c: c.index)
    stop: list[SeatView] = []
    played = [0]

    def decide(s: int, view: SeatView) -> int | Card | Suit | None:
        bidding = view.phase is Phase.BID and plays < 0
        playing = view.phase is Phase.PLAY and played[0] >= plays
        if view.round_no == round_no and s == seat and (bidding or playing):
            stop.append(view)
            return None
        if view.phase is Phase.BID:
            return view.legal_bids[0]
        if view.phase is Phase.PLAY:
            played[0] += view.round_no == round_no
            return view.legal_plays[0]
        return Suit.HUMANS  # the dealer's trump under a turned Wizard

    GameDriver(game, lambda r: deck if r == round_no else before).advance(decide)
    return stop[0] if stop else None


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(3, 6),
    round_no=st.integers(2, 6),
    plays=st.integers(-1, 0),
)
def test_the_advice_is_the_same_for_deals_the_seat_cannot_tell_apart(
    seed: int, seats: int, round_no: int, plays: int
) -> None:
    rng = random.Random(seed)
    config = GameConfig.with_variants(seats, [])
    dealer = rng.randrange(seats)
    seat = (dealer + 1) % seats  # the first to bid and to lead
    deck, twin = deck_for(seats, round_no, dealer, seat, rng)
    assert deck != twin or round_no * seats >= len(DECK) - 1
    view = view_at(config, deck, round_no, dealer, seat, plays)
    other = view_at(config, twin, round_no, dealer, seat, plays)
    assert view is not None and other is not None
    assert view == other  # what the seat sees is all that agrees
    assert can_advise(view)
    assert advise(view, samples=SAMPLES) == advise(other, samples=SAMPLES)


def expert_views(seats: int, seed: int) -> list[SeatView]:
    """Views of seat 0 at its decisions in a few rounds of a game of heuristics."""
    config = GameConfig.with_variants(seats, [])
    game = Game(config, first_dealer=0)
    rng = random.Random(seed)
    policies = [make_policy("heuristic") for _ in range(seats)]
    views: list[SeatView] = []

    def deck(_: int) -> list[Card]:
        cards = list(DECK)
        rng.shuffle(cards)
        return cards

    def decide(s: int, view: SeatView) -> int | Card | Suit | None:
        if game.round_no > 4:
            return None
        if s == 0:
            views.append(view)
        if view.phase is Phase.BID:
            return policies[s].bid(view, rng)
        if view.phase is Phase.PLAY:
            return policies[s].play(view, rng)
        return policies[s].choose_trump(view, rng)

    GameDriver(game, deck).advance(decide)
    return views


def test_the_coach_chooses_what_the_expert_chooses_under_the_same_seed() -> None:
    views = [v for v in expert_views(4, 3) if can_advise(v)]
    kinds = set()
    for view in views:
        advice = advise(view, samples=SAMPLES)
        expert = ExpertPolicy(samples=SAMPLES, time_budget=None)
        rng = random.Random(view_seed(view))
        if view.phase is Phase.BID:
            assert isinstance(advice, BidAdvice)
            assert advice.choice == expert.bid(view, rng)
            assert advice.choice in view.legal_bids
            assert advice.points(advice.choice) == max(o.points for o in advice.options)
        elif view.phase is Phase.CHOOSE_TRUMP:
            assert isinstance(advice, TrumpAdvice)
            assert advice.choice == expert.choose_trump(view, rng)
        else:
            assert isinstance(advice, CardAdvice)
            assert advice.choice == expert.play(view, rng)
            assert [o.card for o in advice.options] == list(view.legal_plays)
            assert all(0.0 <= o.win <= 1.0 for o in advice.options)
        kinds.add(advice.kind)
    assert {"bid", "card"} <= {k.value for k in kinds}


def test_a_wizard_led_takes_the_trick_for_sure() -> None:
    for view in expert_views(3, 8):
        if can_advise(view) and view.phase is Phase.PLAY and not view.trick:
            advice = advise(view, samples=SAMPLES)
            assert isinstance(advice, CardAdvice)
            for option in advice.options:
                if option.card.is_wizard:
                    assert option.win == 1.0
                if option.card.is_jester and len(view.hand or ()) > 1:
                    assert option.win < 1.0


def test_a_bid_made_is_valued_beside_the_coachs() -> None:
    view = next(v for v in expert_views(3, 5) if v.phase is Phase.BID and v.round_no == 4)
    far = max(view.legal_bids)
    advice = advise(view, samples=SAMPLES, bid_made=far)
    assert isinstance(advice, BidAdvice)
    assert advice.points(far) is not None
    assert advice.choice == advise(view, samples=SAMPLES).choice  # valuing it changes nothing


# --- the console ------------------------------------------------------------------------


def practice(coach: bool = True) -> OfflineSeat:
    config = GameConfig.with_variants(3, [])
    policies = [None, make_policy("heuristic"), make_policy("heuristic")]
    return OfflineSeat(config, ["You", "Bot 1", "Bot 2"], policies, seed=21, coach=coach)


def run_coach(lang: str, coach: bool = True) -> tuple[WizardApp, list[str]]:
    s = practice(coach)
    shown: list[str] = []

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("c")
        if app.coach_task is not None:
            await asyncio.wait_for(app.coach_task, 30)
        app.invalidate()
        shown.extend(screen_text(app, 80, 24))

    app = run_with_keys(lambda pipe, out: WizardApp(s, lang, input=pipe, output=out), script)
    return app, shown


def test_the_coach_answers_in_chinese_and_japanese() -> None:
    for lang in ("zh", "ja"):
        app, screen = run_coach(lang)
        assert app.overlay == COACH
        advice = app.coach_advice
        assert isinstance(advice, BidAdvice)
        assert app.snapshot is not None
        assert advice == advise(app.snapshot.view)  # the seat's view, the coach's own seed
        text = "\n".join(screen)
        first = advice_lines(app.tr, advice)[0]
        assert first in text, text
        assert app.tr("coach_title") in text
        assert app.tr("coach_allowed") in screen[0]
        assert "The coach" not in text  # nothing left in English


def test_a_game_that_does_not_allow_the_coach_says_so() -> None:
    app, screen = run_coach("en", coach=False)
    assert app.overlay is None and app.coach_advice is None
    assert app.message == app.tr("coach_not_allowed")
    assert app.tr("coach_off") in screen[0]
