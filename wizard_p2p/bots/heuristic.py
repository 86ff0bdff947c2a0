"""The heuristic policy: fast rules of thumb, also the expert's model of every player.

Its core is one estimate, ``win_chance``: the chance that a card, played now, takes
the trick. It counts the cards still unseen by the player that could beat it (the
Wizards, the higher cards of its suit, the trumps when it is not one), how many of
those the players still to play may hold (their share of the unseen cards) and how
likely they are to use them (a Wizard holder spends it on one trick of its hand; a
trump is played on another suit only by a player void in it). It is crude on
purpose: it is evaluated hundreds of thousands of times by the expert's rollouts.

* Bid: first an estimate of the hand's tricks: its Wizards plus the sum of the win
  chances of its other cards as leads (and a little for low trumps that can ruff
  short side suits), the latter scaled so that the estimates of a table's hands add
  up to the round's tricks on average (measured once per seat count and hand size
  on fixed random deals). The bid is not simply the nearest whole number: a round's
  points are not linear in the tricks, and the tricks of a long round spread
  widely, so the bid is the legal bid nearest to ``slope · estimate + shift``, the
  rule per table size and round length that earned the most points on duplicate
  deals (``bid_calibration``, written by ``tools/calibrate_bids.py``). In
  the clairvoyance round the bid is exact: the seat sees every other card, its own
  is one of the unseen cards, and the one trick's plays are forced.
* Trump (after a Wizard is turned): the suit that makes the bid estimate largest.
* Play, with ``need`` = bid − tricks taken:
  - tricks still needed: the cheapest card likely enough to win (the cheapest
    winner when playing last); when none is, lead low or discard the least useful
    card (a Jester first); when every remaining trick is needed, the surest winner
    (a Wizard is kept when a card nearly as sure can be spent instead);
  - no more tricks wanted: the most dangerous card that cannot win this trick (a
    Wizard after a Wizard, a high card under a higher one), else the card least
    likely to win; lead the card least likely to win, a Jester only when nothing
    else is safe.

The functions take plain data (lists of ``Card``, a ``bytearray`` of the cards
gone) so that the same code serves the policy, which reads a ``SeatView``, and the
expert's simulator, which plays out whole rounds.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from wizard_p2p.bots.bid_calibration import BID_RULES
from wizard_p2p.bots.knowledge import knowledge_of, round_plays
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import DECK, Card, GameConfig, Kind, SeatView, Suit, trick_winner
from wizard_p2p.rules.tricks import suit_to_follow

WIZARD = Kind.WIZARD
JESTER = Kind.JESTER
SUITS = tuple(Suit)
SUIT_BASE = {suit: 13 * i for i, suit in enumerate(SUITS)}  # DECK index of each suit's 1
_BASE_OF = tuple(SUIT_BASE[c.suit] if c.suit is not None else -1 for c in DECK)  # by index

# How likely a player holding a card that beats ours is to play it on this trick.
_Q_FOLLOW_HIGHER = 0.6  # a higher card of the suit, when it follows that suit
_Q_RUFF = 0.75  # a trump, when void in the suit led
_Q_WIZARD = 1.1  # divided by the hand size: a Wizard is spent on one trick of the hand
_THRESHOLD_WIN = 0.5  # a card this likely to win is worth spending for a trick
_SURE = 0.85  # "nearly sure": spend such a card rather than a Wizard
_RUFF_BONUS = 0.35  # per low trump matched with a short side suit
_SCALE_DEALS = 64  # random deals measured per (seats, hand size) to calibrate the bid


def power(card: Card, trump: Suit | None) -> int:
    """How valuable a card is to keep (a rough order for choosing what to spend)."""
    if card.kind is WIZARD:
        return 100
    if card.kind is JESTER:
        return 0
    if card.suit is trump:
        return 30 + card.rank
    return card.rank


def gone_array(cards: Sequence[Card]) -> bytearray:
    """A 60-entry flag array of cards no longer in play (played this round, turned up)."""
    gone = bytearray(len(DECK))
    for card in cards:
        gone[card.index] = 1
    return gone


def win_chance(
    card: Card,
    trick: Sequence[Card],
    trump: Suit | None,
    hand: Sequence[Card],
    gone: bytearray,
    seats_after: int,
    config: GameConfig,
) -> float:
    """The chance that ``card`` played from ``hand`` onto ``trick`` takes the trick.

    ``gone`` flags the cards the player knows are out of play; the others not in its
    hand are unseen: in the hands of the players still to play (each holds as many
    cards as the player, who has not played yet either) or elsewhere.
    """
    return win_chances((card,), trick, trump, hand, gone, seats_after, config)[0]


def win_chances(
    cards: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    hand: Sequence[Card],
    gone: bytearray,
    seats_after: int,
    config: GameConfig,
) -> list[float]:
    """``win_chance`` of several cards of the hand at once (the counts are shared)."""
    beaten_by_wizard = False
    top: Card | None = None  # the card winning the trick so far
    follow: Suit | None = None
    if trick:
        top = trick[trick_winner(trick, trump, config)]
        beaten_by_wizard = top.kind is WIZARD
        follow = suit_to_follow(trick, config)
    per_hand = len(hand)
    known = bytearray(gone)
    for c in hand:
        known[c.index] = 1
    unseen = len(DECK) - known.count(1)
    share = min(1.0, seats_after * per_hand / unseen) if unseen > 0 else 0.0
    wizards = 4 - known[52:56].count(1)
    # How likely a player holding a beater plays it here; with few cards left a
    # player has little choice (the last card is always played).
    q_wizard = min(1.0, _Q_WIZARD / per_hand) if per_hand else 1.0
    q_follow = _Q_FOLLOW_HIGHER + (1.0 - _Q_FOLLOW_HIGHER) / max(1, per_hand)
    q_ruff = _Q_RUFF + (1.0 - _Q_RUFF) / max(1, per_hand)
    wizard_factor = (1.0 - share * q_wizard) ** wizards
    trumps = 0
    if trump is not None:
        trump_base = SUIT_BASE[trump]
        trumps = 13 - known[trump_base : trump_base + 13].count(1)
    follow_void = 0.0  # the chance a player is void in the suit to follow
    if follow is not None and unseen > 0:
        follow_base = SUIT_BASE[follow]
        follow_void = (
            1.0 - (13 - known[follow_base : follow_base + 13].count(1)) / unseen
        ) ** per_hand
    chances: list[float] = []
    for card in cards:
        kind = card.kind
        if kind is WIZARD:
            chances.append(0.0 if beaten_by_wizard else 1.0)
            continue
        if kind is JESTER:
            chances.append(0.0)  # a Jester wins only a trick of Jesters: count it a loser
            continue
        suit = card.suit
        assert suit is not None
        if top is not None and not _beats(card, top, trump):
            chances.append(0.0)
            continue
        if seats_after == 0 or share == 0.0:
            chances.append(1.0)
            continue
        base = _BASE_OF[card.index]
        higher = 13 - card.rank - known[base + card.rank : base + 13].count(1)
        chance = wizard_factor
        if follow is None or suit is follow:
            chance *= (1.0 - share * q_follow) ** higher
            if trumps and suit is not trump:
                if follow is None:
                    left = 13 - known[base : base + 13].count(1)
                    void = (1.0 - left / unseen) ** per_hand
                else:
                    void = follow_void
                chance *= (1.0 - share * q_ruff * void) ** trumps
        else:
            # Our trump on another suit led: only a player void in that suit overtrumps.
            chance *= (1.0 - share * q_ruff * follow_void) ** higher
        chances.append(chance)
    return chances


def _beats(card: Card, top: Card, trump: Suit | None) -> bool:
    """Whether suit card ``card`` played now would take the trick from ``top``."""
    if top.kind is WIZARD:
        return False
    if top.kind is JESTER:
        return True  # only Jesters so far
    if card.suit is top.suit:
        return card.rank > top.rank
    return card.suit is trump


def estimate_tricks(
    hand: Sequence[Card], trump: Suit | None, seats: int, turned: Card | None
) -> float:
    """The expected number of tricks of a freshly dealt hand (the bid before rounding)."""
    if not hand:
        return 0.0
    sure, unsure = _raw_estimate(hand, trump, seats, turned)
    return min(float(len(hand)), sure + unsure * _scale(seats, len(hand)))


def _raw_estimate(
    hand: Sequence[Card], trump: Suit | None, seats: int, turned: Card | None
) -> tuple[float, float]:
    """The hand's sure tricks (its Wizards) and the sum of its other cards' chances."""
    gone = gone_array([turned] if turned is not None else [])
    sure = 0.0
    unsure = 0.0
    low_trumps = 0
    # A lead: no trick rule is read yet, and the estimate is calibrated on the standard game.
    chances = win_chances(hand, (), trump, hand, gone, seats - 1, GameConfig(seats))
    for card, chance in zip(hand, chances, strict=True):
        if card.kind is WIZARD:
            sure += chance
            continue
        unsure += chance
        if card.suit is trump and trump is not None and chance < 0.5:
            low_trumps += 1
    if trump is not None and len(hand) >= 4 and low_trumps:
        short = 0.0
        for suit in SUITS:
            if suit is trump:
                continue
            length = sum(1 for c in hand if c.suit is suit)
            short += 1.0 if length == 0 else 0.5 if length == 1 else 0.0
        unsure += _RUFF_BONUS * min(low_trumps, short)
    return sure, unsure


@functools.cache
def _scale(seats: int, cards: int) -> float:
    """The factor that makes the estimates of a deal's hands add up to its tricks on average.

    Every trick is taken by someone, so a well-calibrated estimate sums to the trick
    count over the table; the raw chances do not (they misjudge how the cards
    interact). Wizards are sure tricks and stay as they are; the factor scales the
    other cards' chances. It is measured on random deals from a fixed seed, so it is
    the same in every run.
    """
    rng = random.Random(f"wizard-p2p heuristic scale {seats} {cards}")
    sure = unsure = 0.0
    for _ in range(_SCALE_DEALS):
        deck = list(DECK)
        rng.shuffle(deck)
        turned = deck[seats * cards] if seats * cards < len(DECK) else None
        trump = None if turned is None or turned.kind is JESTER else turned.suit
        if turned is not None and turned.kind is WIZARD:
            trump = rng.choice(SUITS)
        for seat in range(seats):
            hand = deck[seat * cards : (seat + 1) * cards]
            s, u = _raw_estimate(hand, trump, seats, turned)
            sure += s
            unsure += u
    return max(0.0, cards * _SCALE_DEALS - sure) / unsure if unsure > 0 else 1.0


def nearest_bid(estimate: float, legal: Sequence[int]) -> int:
    """The legal bid closest to the estimate (the lower one on a tie)."""
    return min(legal, key=lambda b: (abs(b - estimate), b))


def bid_target(estimate: float, seats: int, cards: int) -> float:
    """What the heuristic bids nearest to: the calibrated rule for this table size and
    round length applied to the hand's trick estimate."""
    slope, shift = BID_RULES.get((seats, cards), (1.0, 0.0))
    return slope * estimate + shift


def heuristic_bid(
    hand: Sequence[Card],
    trump: Suit | None,
    seats: int,
    turned: Card | None,
    legal: Sequence[int],
    *,
    calibrated: bool = True,
) -> int:
    """The heuristic's bid on a hand as dealt (``calibrated=False``: the nearest whole
    number to its trick estimate)."""
    estimate = estimate_tricks(hand, trump, seats, turned)
    if calibrated:
        estimate = bid_target(estimate, seats, len(hand))
    return nearest_bid(estimate, legal)


def choose_card(
    hand: Sequence[Card],
    legal: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    need: int,
    gone: bytearray,
    seats_after: int,
    config: GameConfig,
) -> Card:
    """The heuristic's card (see the module docstring); ``need`` = bid − tricks taken."""
    if len(legal) == 1:
        return legal[0]
    chances = win_chances(legal, trick, trump, hand, gone, seats_after, config)
    options = list(zip(legal, chances, strict=True))
    if need > 0:
        if need >= len(hand):
            spare = [(c, p) for c, p in options if p >= _SURE and c.kind is not WIZARD]
            if spare:
                return min(spare, key=lambda o: power(o[0], trump))[0]
            return max(options, key=lambda o: (o[1], -power(o[0], trump)))[0]
        good = [(c, p) for c, p in options if p >= _THRESHOLD_WIN]
        if good:
            return min(good, key=lambda o: power(o[0], trump))[0]
        return min(options, key=lambda o: (power(o[0], trump), o[1]))[0]
    if trick:
        losers = [c for c, p in options if p == 0.0]
        if losers:
            return max(losers, key=lambda c: power(c, trump))
        return min(options, key=lambda o: (o[1], power(o[0], trump)))[0]
    plain = [(c, p) for c, p in options if c.kind is not JESTER]
    if plain:
        card, chance = min(plain, key=lambda o: (o[1], power(o[0], trump)))
        if chance <= 0.25 or len(plain) == len(options):
            return card
    return next(c for c in legal if c.kind is JESTER)


def clairvoyant_win_chance(view: SeatView, trump: Suit | None = None) -> float:
    """The chance of taking the one trick of the clairvoyance round, seeing the others' cards.

    The seat's own card is equally likely to be any card it cannot see; the plays are
    forced (one card each), so the trick is determined by the cards. ``trump``
    defaults to the round's trump (a dealer choosing trump passes each suit).
    """
    if trump is None:
        trump = view.trump
    knowledge = knowledge_of(view)
    n = view.seats
    leader = (view.dealer + 1) % n
    order = [(leader + i) % n for i in range(n)]
    wins = 0
    for mine in knowledge.unseen:
        cards: list[Card] = []
        for seat in order:
            if seat == view.seat:
                cards.append(mine)
            else:
                hand = view.others_hands[seat]
                assert hand is not None and len(hand) == 1
                cards.append(hand[0])
        if order[trick_winner(cards, trump, view.config)] == view.seat:
            wins += 1
    return wins / len(knowledge.unseen)


def clairvoyant_bid_values(view: SeatView, trump: Suit | None = None) -> dict[int, float]:
    """The expected points of bids 0 and 1 in the clairvoyance round."""
    win = clairvoyant_win_chance(view, trump)
    # Bid 1: 30 points with chance ``win``, else −10; bid 0: 20 points, or −10 on a win.
    return {0: 20 - 30 * win, 1: 40 * win - 10}


def clairvoyant_bid(view: SeatView) -> int:
    values = clairvoyant_bid_values(view)
    return max(view.legal_bids, key=lambda b: (values[b], -b))


def own_bid(view: SeatView, memory: dict[tuple[object, ...], int]) -> int:
    """This seat's bid this round: from the view, else from the policy's memory.

    A sealed bid is not in the seat's own view (the table keeps it aside until it is
    opened), so a policy remembers what it bid, keyed by the hand as dealt. Should the
    memory miss (a policy object created mid-round), the bid is re-estimated.
    """
    bid = view.bids[view.seat]
    if bid is not None:
        return bid
    key = memory_key(view)
    if key in memory:
        return memory[key]
    dealt = dealt_hand(view)
    return heuristic_bid(dealt, view.trump, view.seats, view.turned, range(view.round_no + 1))


def dealt_hand(view: SeatView) -> list[Card]:
    """The seat's hand as dealt this round: what it holds plus what it has played."""
    hand = list(view.hand or ())
    for plays in round_plays(view):
        hand.extend(card for seat, card in plays if seat == view.seat)
    return hand


def memory_key(view: SeatView) -> tuple[object, ...]:
    dealt = frozenset(dealt_hand(view)) if view.hand is not None else None
    return (view.seat, view.round_no, view.dealer, view.turned, dealt)


def remember_bid(view: SeatView, bid: int, memory: dict[tuple[object, ...], int]) -> None:
    if len(memory) > 64:
        memory.clear()  # only the current round matters
    memory[memory_key(view)] = bid


def view_gone(view: SeatView) -> bytearray:
    """The cards out of play for this seat: played this round and the turned card."""
    cards = [card for plays in round_plays(view) for _, card in plays]
    if view.turned is not None:
        cards.append(view.turned)
    return gone_array(cards)


def require_visible_hand(view: SeatView) -> tuple[Card, ...]:
    if view.hand is None:
        raise UsageError(
            "the hand is hidden (clairvoyance round): the card is played without a choice"
        )
    if not view.legal_plays:
        raise UsageError("it is not this seat's turn to play")
    return view.hand


class HeuristicPolicy:
    """Fast rules of thumb (see the module docstring)."""

    name = "heuristic"
    calibrated = True  # bids by the calibrated rule, not the nearest whole number
    # Its memory of its own sealed bid is only a fallback for a view that does not show
    # it; a seat's table shows it (Table.view), also after a restart.
    deterministic = True

    def __init__(self) -> None:
        self._bids: dict[tuple[object, ...], int] = {}

    def bid(self, view: SeatView, rng: random.Random) -> int:
        if not view.legal_bids:
            raise UsageError("it is not this seat's turn to bid")
        if view.hand is None:
            bid = clairvoyant_bid(view)
        else:
            bid = heuristic_bid(
                view.hand,
                view.trump,
                view.seats,
                view.turned,
                view.legal_bids,
                calibrated=self.calibrated,
            )
        remember_bid(view, bid, self._bids)
        return bid

    def choose_trump(self, view: SeatView, rng: random.Random) -> Suit:
        return best_trump(view)

    def play(self, view: SeatView, rng: random.Random) -> Card:
        hand = require_visible_hand(view)
        need = own_bid(view, self._bids) - view.taken[view.seat]
        trick = [card for _, card in view.trick]
        return choose_card(
            hand,
            list(view.legal_plays),
            trick,
            view.trump,
            need,
            view_gone(view),
            view.seats - len(trick) - 1,
            view.config,
        )


class TrickBidHeuristicPolicy(HeuristicPolicy):
    """The heuristic bidding the nearest whole number to its trick estimate: the
    baseline its calibrated bidding is measured against in tournaments."""

    name = "heuristic-tricks"
    calibrated = False


def best_trump(view: SeatView) -> Suit:
    """The suit that makes the hand's estimated tricks largest (ties: the longest suit).

    In the clairvoyance round the dealer does not see its own card but sees the
    others': the suit that makes its best bid worth most.
    """
    if view.hand is None:
        return max(
            SUITS,
            key=lambda suit: (max(clairvoyant_bid_values(view, suit).values()), -SUITS.index(suit)),
        )
    hand = view.hand

    def value(suit: Suit) -> tuple[float, int, int]:
        length = sum(1 for c in hand if c.suit is suit)
        return (
            estimate_tricks(hand, suit, view.seats, view.turned),
            length,
            -SUITS.index(suit),
        )

    return max(SUITS, key=value)


__all__ = [
    "HeuristicPolicy",
    "TrickBidHeuristicPolicy",
    "best_trump",
    "bid_target",
    "choose_card",
    "clairvoyant_bid",
    "clairvoyant_bid_values",
    "clairvoyant_win_chance",
    "estimate_tricks",
    "gone_array",
    "heuristic_bid",
    "nearest_bid",
    "power",
    "win_chance",
    "win_chances",
]
