"""The coach: the expert's decision at a seat, with what it expects of each choice.

The coach reads a ``SeatView`` and nothing else, so it knows exactly what a person
in that seat knows. It runs the expert's search (``ExpertPolicy``, with no time
limit) and reports, for the decision the view waits for:

* a bid: the expected points of each candidate bid (the bid the player made too,
  in a replay);
* the trump (after a Wizard is turned): the expected points of the best bid with
  each suit;
* a card: for each legal card, the chance it takes the trick under way and the
  expected points of the round.

Its randomness comes from a seed derived from the view itself (``view_seed``), so
the same view always gets the same advice, and two deals that look the same from
the seat get the same advice too. With the same seed and samples the coach's choice
is the expert's: ``advise(view, seed=s)`` chooses what ``ExpertPolicy(samples,
time_budget=None)`` chooses with ``random.Random(s)``.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from enum import StrEnum

from wizard_p2p.bots.expert import ExpertPolicy
from wizard_p2p.bots.heuristic import own_bid
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import Card, Phase, SeatView, Suit

COACH_SAMPLES = 48


class AdviceKind(StrEnum):
    BID = "bid"
    TRUMP = "trump"
    CARD = "card"


@dataclass(frozen=True)
class BidOption:
    bid: int
    points: float  # expected points of the round


@dataclass(frozen=True)
class TrumpOption:
    suit: Suit
    points: float  # expected points of the best bid with this trump


@dataclass(frozen=True)
class CardOption:
    card: Card
    win: float  # the chance the card takes the trick under way
    points: float  # expected points of the round


@dataclass(frozen=True)
class BidAdvice:
    choice: int
    options: tuple[BidOption, ...]  # by bid
    kind: AdviceKind = AdviceKind.BID

    def points(self, bid: int) -> float | None:
        return next((o.points for o in self.options if o.bid == bid), None)


@dataclass(frozen=True)
class TrumpAdvice:
    choice: Suit
    options: tuple[TrumpOption, ...]  # in the order of ``Suit``
    kind: AdviceKind = AdviceKind.TRUMP

    def points(self, suit: Suit) -> float | None:
        return next((o.points for o in self.options if o.suit is suit), None)


@dataclass(frozen=True)
class CardAdvice:
    choice: Card
    options: tuple[CardOption, ...]  # in the order of the legal plays
    bid: int  # the bid the seat plays to
    kind: AdviceKind = AdviceKind.CARD

    def option(self, card: Card) -> CardOption | None:
        return next((o for o in self.options if o.card == card), None)


Advice = BidAdvice | TrumpAdvice | CardAdvice


def view_seed(view: SeatView) -> int:
    """A seed drawn from the view alone: the same view, the same advice."""
    return int.from_bytes(hashlib.sha256(repr(view).encode()).digest()[:8], "big")


def can_advise(view: SeatView) -> bool:
    """Whether the view waits for a decision of its seat the coach can weigh."""
    if not view.my_turn:
        return False
    if view.phase is Phase.BID:
        return bool(view.legal_bids)
    if view.phase is Phase.CHOOSE_TRUMP:
        return True
    return view.phase is Phase.PLAY and view.hand is not None and bool(view.legal_plays)


def advise(
    view: SeatView,
    *,
    seed: int | None = None,
    samples: int = COACH_SAMPLES,
    bid_made: int | None = None,
) -> Advice:
    """The coach's advice for the decision ``view`` waits for (see the module docstring).

    ``bid_made`` (a replay) values that bid as well, when it is legal. The seat's own
    bid, when the view shows it, is the bid its card play aims for.
    """
    if not can_advise(view):
        raise UsageError("the coach has no decision of this seat to weigh now")
    rng = random.Random(view_seed(view) if seed is None else seed)
    expert = ExpertPolicy(samples=samples, time_budget=None)
    if view.phase is Phase.BID:
        also = () if bid_made is None else (bid_made,)
        bid, values = expert.bid_values(view, rng, also=also)
        return BidAdvice(bid, tuple(BidOption(b, values[b]) for b in sorted(values)))
    if view.phase is Phase.CHOOSE_TRUMP:
        suit, points = expert.trump_values(view, rng)
        return TrumpAdvice(suit, tuple(TrumpOption(s, points[s]) for s in Suit))
    card, cards = expert.card_values(view, rng)
    options = tuple(
        CardOption(c, cards[c].win, cards[c].points) for c in view.legal_plays
    )
    return CardAdvice(card, options, own_bid(view, {}))


__all__ = [
    "COACH_SAMPLES",
    "Advice",
    "AdviceKind",
    "BidAdvice",
    "BidOption",
    "CardAdvice",
    "CardOption",
    "TrumpAdvice",
    "TrumpOption",
    "advise",
    "can_advise",
    "view_seed",
]
