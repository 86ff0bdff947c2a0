"""The expert policy: decisions by sampled-deal search (perfect-information Monte Carlo).

For each decision it deals the cards it cannot see at random, consistently with
what its seat knows (hand sizes, cards played and turned, the voids the plays have
shown; see ``knowledge``), and weighs each deal by how well it explains the bids it
can see: a seat whose sampled hand the heuristic would bid 3 on is unlikely to have
bid 0. On every sampled deal it plays the rest of the round out with the heuristic
for every seat (``simulate.play_out``) and scores its own seat's round:

* play: each legal card is tried first on the same deals (common random numbers);
  the card with the highest weighted mean round score is played (ties: the card
  the heuristic would play);
* bid: each candidate bid (the legal bids near the heuristic's bid target) is
  played out on the same deals, the seat playing to make that bid; the bid with the
  highest expected points is made. A bid is searched on ``BID_SAMPLES`` times as
  many deals as a card (and may take twice the time budget): it is made once a
  round and every later card serves it, and with few deals the noise in the
  compared means picks a bid that misses. The bids it cannot see (later bidders, sealed bids) are
  taken to be the heuristic's bids on the sampled hands. ±1 is respected through
  ``view.legal_bids``;
* trump (after a Wizard is turned): the suit whose best bid scores highest.

The search stops at ``samples`` deals or when ``time_budget`` seconds have passed,
whichever comes first. With ``time_budget=None`` the search depends only on the
``random.Random`` it is given, so seeded games are reproducible (tournaments and
tests use this).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from wizard_p2p.bots.heuristic import (
    SUITS,
    best_trump,
    bid_target,
    choose_card,
    clairvoyant_bid,
    clairvoyant_bid_values,
    estimate_tricks,
    gone_array,
    heuristic_bid,
    nearest_bid,
    own_bid,
    remember_bid,
    require_visible_hand,
    view_gone,
)
from wizard_p2p.bots.knowledge import Knowledge, knowledge_of, original_hand, sample_hands
from wizard_p2p.bots.simulate import play_out, play_out_trick
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import Card, SeatView, Suit, score


@dataclass(frozen=True)
class CardValue:
    """What the search expects of one card: the chance it takes the trick under way and
    the seat's expected points for the round."""

    win: float
    points: float


DEFAULT_SAMPLES = 48
BID_SAMPLES = 4  # a bid searches this many times the deals a card does
_BID_BUDGET = 2.0  # and may take this many times the time budget
DEFAULT_TIME_BUDGET = 0.3
_BID_SIGMA = 0.8  # how far (in tricks) a bid strays from the heuristic's estimate
_BID_WINDOW = 2.5  # candidate bids: within this of the heuristic estimate


class ExpertPolicy:
    """Sampled-deal search under a time budget (see the module docstring)."""

    name = "expert"

    def __init__(
        self,
        samples: int = DEFAULT_SAMPLES,
        time_budget: float | None = DEFAULT_TIME_BUDGET,
        *,
        weigh_bids: bool = True,
        bid_samples: int | None = None,
    ) -> None:
        if samples < 1:
            raise UsageError("the expert needs at least one sample per decision")
        if time_budget is not None and time_budget <= 0:
            raise UsageError("the expert's time budget must be positive (or None)")
        self.samples = samples
        # A bid is made once a round and fixes what every later card is for: it is worth
        # more deals than a card (the noise of a few deals makes a bid miss).
        self.bid_samples = bid_samples if bid_samples is not None else BID_SAMPLES * samples
        self.time_budget = time_budget
        self.deterministic = time_budget is None  # a deadline makes it depend on the clock
        self.weigh_bids = weigh_bids
        self._bids: dict[tuple[object, ...], int] = {}

    # --- the three decisions ------------------------------------------------------------

    def bid(self, view: SeatView, rng: random.Random) -> int:
        bid, _ = self.bid_values(view, rng)
        remember_bid(view, bid, self._bids)
        return bid

    def bid_values(
        self, view: SeatView, rng: random.Random, also: Iterable[int] = ()
    ) -> tuple[int, dict[int, float]]:
        """The bid the expert makes and the expected points of each candidate bid (and of
        the legal bids in ``also``, which are valued but never chosen over the others
        unless they are candidates too). Records nothing: ``bid`` remembers its bid."""
        if not view.legal_bids:
            raise UsageError("it is not this seat's turn to bid")
        if view.hand is None:
            exact = clairvoyant_bid_values(view)  # exact: see the heuristic
            return clairvoyant_bid(view), {b: exact[b] for b in view.legal_bids}
        values = self._bid_values(
            view, view.trump, view.legal_bids, rng, self.bid_samples, _BID_BUDGET, also=also
        )
        candidates = self._candidates(view, view.trump, view.legal_bids)
        target = self._target(view, view.trump)
        bid = max(candidates, key=lambda b: (values[b], -abs(b - target)))
        return bid, values

    def choose_trump(self, view: SeatView, rng: random.Random) -> Suit:
        return self.trump_values(view, rng)[0]

    def trump_values(
        self, view: SeatView, rng: random.Random
    ) -> tuple[Suit, dict[Suit, float]]:
        """The trump the expert chooses and, per suit, the expected points of the seat's
        best bid with it (in the clairvoyance round: of the best exact bid)."""
        if view.hand is None:
            exact = {suit: max(clairvoyant_bid_values(view, suit).values()) for suit in SUITS}
            return best_trump(view), exact  # clairvoyance: exact, from the others' cards
        per_suit = max(1, self.samples // 2)
        best: tuple[float, int] | None = None
        choice = SUITS[0]
        bids = range(view.round_no + 1)
        points: dict[Suit, float] = {}
        # The same sampled deals for every suit, so that the suits are compared fairly.
        seed = rng.getrandbits(64)
        for i, suit in enumerate(SUITS):
            values = self._bid_values(
                view, suit, bids, random.Random(seed), per_suit, budget_share=0.25
            )
            points[suit] = max(values.values())
            key = (points[suit], -i)
            if best is None or key > best:
                best, choice = key, suit
        return choice, points

    def play(self, view: SeatView, rng: random.Random) -> Card:
        require_visible_hand(view)
        if len(view.legal_plays) == 1:
            return view.legal_plays[0]
        return self.card_values(view, rng)[0]

    def card_values(
        self, view: SeatView, rng: random.Random
    ) -> tuple[Card, dict[Card, CardValue]]:
        """The card the expert plays and, for every legal card, the chance it takes the
        trick and the expected points of the round (cards that play alike share them)."""
        hand = require_visible_hand(view)
        legal = list(view.legal_plays)
        me = view.seat
        my_bid = own_bid(view, self._bids)
        gone = view_gone(view)
        trick = [card for _, card in view.trick]
        fallback = choose_card(
            hand,
            legal,
            trick,
            view.trump,
            my_bid - view.taken[me],
            gone,
            view.seats - len(trick) - 1,
            view.config,
        )
        knowledge = knowledge_of(view)
        visible = list(view.bids)
        visible[me] = my_bid
        classes = equivalent_cards(legal, hand, gone)
        candidates = list(classes)
        totals = dict.fromkeys(candidates, 0.0)
        wins = dict.fromkeys(candidates, 0.0)
        weight_sum = 0.0
        deadline = self._deadline()
        for i in range(self.samples):
            if i and deadline is not None and time.perf_counter() > deadline:
                break
            hands = sample_hands(knowledge, rng)
            weight = self._weight(knowledge, hands, view, visible)
            bids = self._complete_bids(knowledge, hands, view, visible, view.trump)
            weight_sum += weight
            for card in candidates:
                taken, winner = play_out_trick(
                    hands,
                    view.trump,
                    bids,
                    view.taken,
                    view.trick,
                    me,
                    gone,
                    view.config,
                    first=card,
                )
                totals[card] += weight * score(my_bid, taken[me], view.config)
                wins[card] += weight * (winner == me)
        values: dict[Card, CardValue] = {}
        for rep, members in classes.items():
            if weight_sum > 0.0:
                value = CardValue(wins[rep] / weight_sum, totals[rep] / weight_sum)
            else:
                value = CardValue(0.0, 0.0)
            for card in members:
                values[card] = value
        if weight_sum <= 0.0:
            return fallback, values
        best = max(totals.values())
        # Floating-point sums of the same points can differ in the last bits only.
        tied = [c for c in candidates if totals[c] >= best - 1e-9 * max(1.0, abs(best))]
        for rep in tied:
            if fallback in classes[rep]:
                return fallback, values
        return tied[0], values

    # --- the search ---------------------------------------------------------------------

    def _deadline(self, share: float = 1.0) -> float | None:
        if self.time_budget is None:
            return None
        return time.perf_counter() + self.time_budget * share

    def _bid_values(
        self,
        view: SeatView,
        trump: Suit | None,
        legal: Sequence[int],
        rng: random.Random,
        samples: int,
        budget_share: float = 1.0,
        also: Iterable[int] = (),
    ) -> dict[int, float]:
        """The expected round points of each candidate bid (and of those in ``also``),
        with ``trump`` as trump."""
        me = view.seat
        n = view.seats
        candidates = self._candidates(view, trump, legal)
        candidates += [b for b in also if b in legal and b not in candidates]
        knowledge = knowledge_of(view)
        gone = gone_array([view.turned] if view.turned is not None else [])
        leader = (view.dealer + 1) % n
        visible = list(view.bids)
        totals = dict.fromkeys(candidates, 0.0)
        weight_sum = 0.0
        deadline = self._deadline(budget_share)
        zero = [0] * n
        for i in range(samples):
            if i and deadline is not None and time.perf_counter() > deadline:
                break
            hands = sample_hands(knowledge, rng)
            weight = self._weight(knowledge, hands, view, visible, trump)
            bids = self._complete_bids(knowledge, hands, view, visible, trump)
            weight_sum += weight
            for b in candidates:
                bids[me] = b
                taken = play_out(
                    hands,
                    trump,
                    bids,
                    zero,
                    (),
                    leader,
                    gone,
                    view.config,
                )
                totals[b] += weight * score(b, taken[me], view.config)
        if weight_sum <= 0.0:
            return {b: 0.0 for b in candidates}
        return {b: total / weight_sum for b, total in totals.items()}

    @staticmethod
    def _target(view: SeatView, trump: Suit | None) -> float:
        """The heuristic's bid target for the seat's hand with ``trump`` as trump."""
        assert view.hand is not None
        estimate = estimate_tricks(view.hand, trump, view.seats, view.turned)
        return bid_target(estimate, view.seats, len(view.hand))

    def _candidates(self, view: SeatView, trump: Suit | None, legal: Sequence[int]) -> list[int]:
        """The bids the search weighs: the legal bids within a window of the heuristic's
        target (the nearest legal bid when none is)."""
        target = self._target(view, trump)
        near = [b for b in legal if abs(b - target) <= _BID_WINDOW]
        return near or [nearest_bid(target, legal)]

    def _weight(
        self,
        knowledge: Knowledge,
        hands: Sequence[Sequence[Card]],
        view: SeatView,
        visible: Sequence[int | None],
        trump: Suit | None = None,
    ) -> float:
        """How well a sampled deal explains the other seats' visible bids (a likelihood)."""
        if not self.weigh_bids:
            return 1.0
        trump = trump if trump is not None else view.trump
        log_weight = 0.0
        for seat, bid in enumerate(visible):
            if seat == view.seat or bid is None or knowledge.known_hands[seat] is not None:
                continue
            dealt = original_hand(knowledge, seat, hands[seat])
            miss = estimate_tricks(dealt, trump, view.seats, view.turned) - bid
            log_weight -= miss * miss / (2 * _BID_SIGMA * _BID_SIGMA)
        return math.exp(log_weight)

    def _complete_bids(
        self,
        knowledge: Knowledge,
        hands: Sequence[Sequence[Card]],
        view: SeatView,
        visible: Sequence[int | None],
        trump: Suit | None,
    ) -> list[int]:
        """Every seat's bid: the visible ones, the heuristic's for the rest."""
        bids: list[int] = []
        legal = range(view.round_no + 1)
        for seat, bid in enumerate(visible):
            if bid is not None:
                bids.append(bid)
            else:
                dealt = original_hand(knowledge, seat, hands[seat])
                bids.append(heuristic_bid(dealt, trump, view.seats, view.turned, legal))
        return bids


def equivalent_cards(
    legal: Sequence[Card], hand: Sequence[Card], gone: bytearray
) -> dict[Card, list[Card]]:
    """The legal cards grouped into classes that play alike, keyed by one member.

    The Wizards are alike, and so are the Jesters; two cards of a suit are alike when
    every card ranked between them is in the hand or out of play, so that no card
    anyone else could hold tells them apart. The search tries one card per class.
    """
    held = {c.index for c in hand}
    classes: dict[Card, list[Card]] = {}
    by_suit: dict[Suit, list[Card]] = {}
    wizards = [c for c in legal if c.is_wizard]
    jesters = [c for c in legal if c.is_jester]
    for group in (wizards, jesters):
        if group:
            classes[group[0]] = group
    for card in legal:
        if card.suit is not None:
            by_suit.setdefault(card.suit, []).append(card)
    for cards in by_suit.values():
        cards.sort(key=lambda c: c.rank)
        rep = cards[0]
        classes[rep] = [rep]
        for low, high in pairwise(cards):
            between = range(low.index + 1, high.index)
            if all(i in held or gone[i] for i in between):
                classes[rep].append(high)
            else:
                rep = high
                classes[rep] = [rep]
    return classes
