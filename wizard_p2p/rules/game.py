"""The whole game of Wizard as a deterministic state machine.

Read it top to bottom: the actions, the records of finished tricks and rounds,
then ``Game`` — its state, the legal actions in that state, and ``apply``,
which either changes the state by one action or raises ``IllegalAction``
(naming the rule broken) and changes nothing (``check`` asks the same question
without changing the state).

The engine never shuffles: a ``Deal`` action brings each seat's hand and the
turned card (make one from a shuffled deck with ``deal_from_deck``). A hand may
be ``None`` when this replica does not know it (a networked player knows only
its own hand); plays from an unknown hand are checked against what is public,
and follow-suit is then checked when the hand is revealed after the round
(``check_round_plays``).

A round goes: DEAL → (CHOOSE_TRUMP when a Wizard is turned) → BID →
(OPEN_BIDS for hidden bids) → PLAY → (OPEN_BIDS for secret bids) → scored,
then the next round's DEAL, or GAME_OVER after the last round.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.rules.cards import DECK, Card, Suit, sort_key
from wizard_p2p.rules.config import DECK_SIZE, MAX_SEATS, MIN_SEATS, GameConfig
from wizard_p2p.rules.tricks import breaks_follow_suit, legal_cards, score, trick_winner


class Phase(Enum):
    DEAL = "deal"
    CHOOSE_TRUMP = "choose_trump"
    BID = "bid"
    OPEN_BIDS = "open_bids"
    PLAY = "play"
    GAME_OVER = "game_over"


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Each seat's hand (``None`` where this replica does not know it) and the turned card.

    ``turned`` is None exactly in the last round, when the whole deck is dealt.
    """

    hands: tuple[tuple[Card, ...] | None, ...]
    turned: Card | None


@dataclass(frozen=True)
class ChooseTrump:
    """The dealer names trump after turning up a Wizard."""

    seat: int
    suit: Suit


@dataclass(frozen=True)
class Bid:
    """A seat's prediction of its tricks. ``tricks=None`` is a sealed bid (hidden/secret bids)."""

    seat: int
    tricks: int | None


@dataclass(frozen=True)
class OpenBids:
    """The sealed bids of the round, opened (seat order)."""

    bids: tuple[int, ...]


@dataclass(frozen=True)
class Play:
    seat: int
    card: Card


Action = Deal | ChooseTrump | Bid | OpenBids | Play

# Actions are immutable values, so ``legal_actions`` hands out shared instances of the
# bids and plays (like the interned cards) instead of building thousands per game.
_PLAYS = tuple(tuple(Play(seat, card) for card in DECK) for seat in range(MAX_SEATS))
_BIDS = tuple(
    tuple(Bid(seat, tricks) for tricks in range(DECK_SIZE // MIN_SEATS + 1))
    for seat in range(MAX_SEATS)
)
_SEALED_BIDS = tuple(Bid(seat, None) for seat in range(MAX_SEATS))


# --- records ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trick:
    leader: int
    plays: tuple[tuple[int, Card], ...]  # (seat, card) in play order
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)


@dataclass(frozen=True)
class RoundResult:
    """One row of the score pad."""

    round_no: int
    dealer: int
    turned: Card | None
    trump: Suit | None
    bids: tuple[int, ...]
    taken: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    tricks: tuple[Trick, ...]


@dataclass(frozen=True)
class Standings:
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # every seat tied on the highest total
    order: tuple[int, ...]  # seats from first place to last

    @classmethod
    def of(cls, totals: Sequence[int]) -> Standings:
        """The standings of ``totals``: by total, highest first, then by seat; every seat
        tied on the highest total wins. An aborted game's totals are ordered alike."""
        order = tuple(sorted(range(len(totals)), key=lambda s: (-totals[s], s)))
        top = max(totals) if totals else 0
        return cls(tuple(totals), tuple(s for s in order if totals[s] == top), order)


def deal_from_deck(deck: Sequence[Card], seats: int, round_no: int, dealer: int) -> Deal:
    """Deal a shuffled deck as at the table: one card at a time, starting left of the dealer.

    Deck position ``p < round_no * seats`` goes to seat ``(dealer + 1 + p) % seats``;
    position ``round_no * seats`` is turned up when the deck is not used up.
    """
    if sorted(card.index for card in deck) != list(range(DECK_SIZE)):
        raise UsageError("deal_from_deck needs all 60 cards, each once")
    hands: list[list[Card]] = [[] for _ in range(seats)]
    dealt = round_no * seats
    for p in range(dealt):
        hands[(dealer + 1 + p) % seats].append(deck[p])
    turned = deck[dealt] if dealt < DECK_SIZE else None
    return Deal(tuple(tuple(hand) for hand in hands), turned)


def seat_of_position(position: int, seats: int, dealer: int) -> int:
    """The seat that receives deck position ``position`` (see ``deal_from_deck``)."""
    return (dealer + 1 + position) % seats


@dataclass
class Game:
    """The state of one game. Mutable; ``copy()`` for look-ahead.

    Seats are numbered 0..seats-1 clockwise; "left of" seat s is seat s+1.
    """

    config: GameConfig
    first_dealer: int = 0
    round_no: int = 1
    dealer: int = field(init=False)
    phase: Phase = field(init=False, default=Phase.DEAL)
    to_move: int | None = field(init=False, default=None)
    hands: list[list[Card] | None] = field(init=False)
    hand_sizes: list[int] = field(init=False)
    turned: Card | None = field(init=False, default=None)
    trump: Suit | None = field(init=False, default=None)
    bids: list[int | None] = field(init=False)
    sealed: list[bool] = field(init=False)
    taken: list[int] = field(init=False)
    trick: list[tuple[int, Card]] = field(init=False, default_factory=list)
    round_tricks: list[Trick] = field(init=False, default_factory=list)
    totals: list[int] = field(init=False)
    history: list[RoundResult] = field(init=False, default_factory=list)
    public_cards: set[Card] = field(init=False, default_factory=set)

    def __post_init__(self) -> None:
        n = self.config.seats
        if not isinstance(self.first_dealer, int) or not 0 <= self.first_dealer < n:
            raise UsageError(f"first dealer must be a seat 0..{n - 1}")
        if self.round_no != 1:
            raise UsageError("a game starts at round 1")
        self.dealer = self.first_dealer
        self.totals = [0] * n
        self._reset_round()

    # --- reading the state ------------------------------------------------------------

    @property
    def seats(self) -> int:
        return self.config.seats

    @property
    def cards_per_hand(self) -> int:
        return self.round_no

    @property
    def is_last_round(self) -> bool:
        return self.round_no == self.config.rounds

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        return tuple([card for _, card in self.trick])

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.config.seats

    def forbidden_bid(self) -> int | None:
        """The one bid ±1 forbids the seat to move (the last bidder), if any."""
        if not self.config.plus_minus_one or self.phase is not Phase.BID:
            return None
        made = [b for b in self.bids if b is not None]
        if len(made) != self.seats - 1:
            return None
        forbidden = self.round_no - sum(made)
        return forbidden if 0 <= forbidden <= self.round_no else None

    def legal_bids(self) -> list[int]:
        if self.phase is not Phase.BID:
            return []
        forbidden = self.forbidden_bid()
        return [b for b in range(self.round_no + 1) if b != forbidden]

    def legal_plays(self) -> list[Card]:
        """The cards the seat to move may play (empty if its hand is unknown here)."""
        if self.phase is not Phase.PLAY or self.to_move is None:
            return []
        hand = self.hands[self.to_move]
        if hand is None:
            return []
        return legal_cards(hand, self.trick_cards, self.config)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take (not DEAL/OPEN_BIDS, which bring information)."""
        seat = self.to_move
        if seat is None:
            return []
        if self.phase is Phase.PLAY:
            plays = _PLAYS[seat]
            return [plays[card.index] for card in self.legal_plays()]
        if self.phase is Phase.BID:
            bids = _BIDS[seat]
            actions: list[Action] = [bids[b] for b in self.legal_bids()]
            if self.config.sealed_bids:
                actions.append(_SEALED_BIDS[seat])
            return actions
        if self.phase is Phase.CHOOSE_TRUMP:
            return [ChooseTrump(seat, suit) for suit in Suit]
        return []

    def standings(self) -> Standings:
        return Standings.of(self.totals)

    def copy(self) -> Game:
        """An independent copy, for look-ahead.

        Cheaper than ``copy.deepcopy``: every list and set of the state holds immutable
        things (cards, numbers, ``Trick`` and ``RoundResult`` records), so copying the
        containers (and each hand) is enough.
        """
        clone = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, list | set):
                setattr(clone, name, value.copy())
        clone.hands = [None if hand is None else list(hand) for hand in self.hands]
        return clone

    # --- changing the state -----------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise the ``IllegalAction`` that ``apply(action)`` would raise, and change
        nothing either way: whether a move is legal, and which rule it breaks if not."""
        self.copy().apply(action)  # the very checks of apply, on a throwaway state

    def apply(self, action: Action) -> None:
        """Apply one action, or raise ``IllegalAction`` and leave the state unchanged."""
        if isinstance(action, Play):  # the commonest action first
            self._play(action)
        elif isinstance(action, Bid):
            self._bid(action)
        elif isinstance(action, Deal):
            self._deal(action)
        elif isinstance(action, ChooseTrump):
            self._choose_trump(action)
        elif isinstance(action, OpenBids):
            self._open_bids(action)
        else:
            raise IllegalAction(f"not an action: {action!r}", rule="unknown-action")

    def _expect(self, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            raise IllegalAction(
                f"cannot {what} now: the game is in phase {self.phase.value}", rule="phase"
            )

    def _expect_turn(self, seat: int, what: str) -> None:
        if seat != self.to_move:
            due = "nobody's" if self.to_move is None else f"seat {self.to_move + 1}'s"
            raise IllegalAction(f"seat {seat + 1} cannot {what}: it is {due} turn", rule="turn")

    def _deal(self, deal: Deal) -> None:
        self._expect(Phase.DEAL, "deal")
        n, r = self.seats, self.round_no
        if not isinstance(deal.hands, tuple | list) or len(deal.hands) != n:
            raise IllegalAction(f"a deal needs {n} hands (one per seat)", rule="deal")
        known: list[Card] = []
        for seat, hand in enumerate(deal.hands):
            if hand is None:
                continue
            if not isinstance(hand, tuple | list):
                raise IllegalAction(f"seat {seat + 1}'s hand is not a list of cards", rule="deal")
            if len(hand) != r:
                raise IllegalAction(
                    f"round {r} deals {r} cards, seat {seat + 1} got {len(hand)}", rule="deal"
                )
            if not all(isinstance(card, Card) for card in hand):
                raise IllegalAction(f"seat {seat + 1} was dealt something not a card", rule="deal")
            known.extend(hand)
        if deal.turned is not None and not isinstance(deal.turned, Card):
            raise IllegalAction(f"the turned card is not a card: {deal.turned!r}", rule="deal")
        last = r * n == DECK_SIZE
        if last and deal.turned is not None:
            raise IllegalAction("the last round deals every card: nothing to turn", rule="deal")
        if not last and deal.turned is None:
            raise IllegalAction("a card must be turned up for trump", rule="deal")
        if deal.turned is not None:
            known.append(deal.turned)
        if len(set(known)) != len(known):
            raise IllegalAction("a card was dealt twice", rule="deal")

        self.hands = [list(hand) if hand is not None else None for hand in deal.hands]
        self.hand_sizes = [r] * n
        self.turned = deal.turned
        if deal.turned is not None:
            self.public_cards.add(deal.turned)
        first = self.left_of(self.dealer)
        if deal.turned is not None and deal.turned.is_wizard:
            self.phase, self.to_move, self.trump = Phase.CHOOSE_TRUMP, self.dealer, None
            return
        self.trump = deal.turned.suit if deal.turned is not None else None
        self.phase, self.to_move = Phase.BID, first

    def _choose_trump(self, action: ChooseTrump) -> None:
        self._expect(Phase.CHOOSE_TRUMP, "choose trump")
        self._expect_turn(action.seat, "choose trump")
        if not isinstance(action.suit, Suit):
            raise IllegalAction("trump must be one of the four suits", rule="trump")
        self.trump = action.suit
        self.phase, self.to_move = Phase.BID, self.left_of(self.dealer)

    def _bid(self, action: Bid) -> None:
        self._expect(Phase.BID, "bid")
        self._expect_turn(action.seat, "bid")
        if action.tricks is None:
            if not self.config.sealed_bids:
                raise IllegalAction(
                    "a sealed bid needs the hidden or secret bids variant", rule="sealed-bid"
                )
        else:
            tricks = action.tricks
            if isinstance(tricks, bool) or not isinstance(tricks, int):
                raise IllegalAction(f"a bid is a whole number, not {tricks!r}", rule="bid-range")
            if not 0 <= tricks <= self.round_no:
                raise IllegalAction(
                    f"bid {tricks} is out of range: round {self.round_no} allows "
                    f"0..{self.round_no}",
                    rule="bid-range",
                )
            if tricks == self.forbidden_bid():
                raise IllegalAction(
                    f"±1: the bids may not add up to {self.round_no}, so {tricks} is "
                    "forbidden to the last bidder",
                    rule="plus-minus-one",
                )
        self.bids[action.seat] = action.tricks
        self.sealed[action.seat] = action.tricks is None
        self.to_move = self.left_of(action.seat)
        if self.to_move != self.left_of(self.dealer):
            return
        if any(self.sealed) and self.config.hidden_bids:
            self.phase, self.to_move = Phase.OPEN_BIDS, None
        else:
            self.phase, self.to_move = Phase.PLAY, self.left_of(self.dealer)

    def _open_bids(self, action: OpenBids) -> None:
        self._expect(Phase.OPEN_BIDS, "open the bids")
        if not isinstance(action.bids, tuple | list):
            raise IllegalAction("opened bids are a list of numbers", rule="open-bids")
        bids = tuple(action.bids)
        if len(bids) != self.seats:
            raise IllegalAction(f"{self.seats} bids must be opened", rule="open-bids")
        for seat, (opened, made) in enumerate(zip(bids, self.bids, strict=True)):
            if isinstance(opened, bool) or not isinstance(opened, int):
                raise IllegalAction(f"seat {seat + 1}'s bid is not a number", rule="bid-range")
            if not 0 <= opened <= self.round_no:
                raise IllegalAction(
                    f"seat {seat + 1}'s bid {opened} is out of range 0..{self.round_no}",
                    rule="bid-range",
                )
            if not self.sealed[seat] and opened != made:
                raise IllegalAction(
                    f"seat {seat + 1} bid {made} openly, not {opened}", rule="open-bids"
                )
        self.bids = list(bids)
        self.sealed = [False] * self.seats
        if self.round_tricks and len(self.round_tricks) == self.round_no:
            self._score_round()  # secret bids: opened after the last trick
        else:
            self.phase, self.to_move = Phase.PLAY, self.left_of(self.dealer)

    def _play(self, action: Play) -> None:
        self._expect(Phase.PLAY, "play a card")
        seat, card = action.seat, action.card
        self._expect_turn(seat, "play")
        if not isinstance(card, Card):
            raise IllegalAction(f"not a card: {card!r}", rule="card")
        hand = self.hands[seat]
        trick_cards = self.trick_cards
        if hand is not None:
            if card not in hand:
                raise IllegalAction(f"seat {seat + 1} does not hold {card}", rule="not-held")
            broken = breaks_follow_suit(card, hand, trick_cards, self.config)
            if broken is not None:
                raise IllegalAction(
                    f"{card} does not follow suit: seat {seat + 1} holds "
                    f"{broken.name.lower()} ({broken.value}) and must play one "
                    "(or a Wizard or Jester)",
                    rule="follow-suit",
                )
        elif card in self.public_cards or any(
            card in other for other in self.hands if other is not None
        ):
            raise IllegalAction(
                f"{card} has been played, turned or dealt elsewhere", rule="not-held"
            )

        if hand is not None:
            hand.remove(card)
        self.hand_sizes[seat] -= 1
        self.public_cards.add(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.seats:
            self.to_move = self.left_of(seat)
            return
        winner_index = trick_winner(self.trick_cards, self.trump, self.config)
        winner = self.trick[winner_index][0]
        self.round_tricks.append(Trick(self.trick[0][0], tuple(self.trick), winner))
        self.taken[winner] += 1
        self.trick = []
        if len(self.round_tricks) < self.round_no:
            self.to_move = winner
        elif any(self.sealed):
            self.phase, self.to_move = Phase.OPEN_BIDS, None  # secret bids
        else:
            self._score_round()

    def _score_round(self) -> None:
        bids = tuple(b for b in self.bids if b is not None)
        points = tuple(score(b, t, self.config) for b, t in zip(bids, self.taken, strict=True))
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self.history.append(
            RoundResult(
                round_no=self.round_no,
                dealer=self.dealer,
                turned=self.turned,
                trump=self.trump,
                bids=bids,
                taken=tuple(self.taken),
                points=points,
                totals=tuple(self.totals),
                tricks=tuple(self.round_tricks),
            )
        )
        if self.is_last_round:
            self.phase, self.to_move = Phase.GAME_OVER, None
            return
        self.round_no += 1
        self.dealer = self.left_of(self.dealer)
        self._reset_round()

    def _reset_round(self) -> None:
        n = self.seats
        self.phase, self.to_move = Phase.DEAL, None
        self.hands = [None] * n
        self.hand_sizes = [0] * n
        self.turned = None
        self.trump = None
        self.bids = [None] * n
        self.sealed = [False] * n
        self.taken = [0] * n
        self.trick = []
        self.round_tricks = []
        self.public_cards = set()


def check_round_plays(
    config: GameConfig, hands: Sequence[Sequence[Card]], tricks: Sequence[Trick]
) -> None:
    """Re-check follow-suit for a played round once every hand is known.

    Raises ``IllegalAction`` for the first play that broke a rule; its message names
    the seat, the trick and the card. Used by replicas that saw other hands only as
    they were played, and by the auditor.
    """
    remaining = [list(hand) for hand in hands]
    for number, trick in enumerate(tricks, start=1):
        played: list[Card] = []
        for seat, card in trick.plays:
            if card not in remaining[seat]:
                raise IllegalAction(
                    f"trick {number}: seat {seat + 1} played {card}, which it was not dealt",
                    rule="not-held",
                    seat=seat,
                )
            broken = breaks_follow_suit(card, remaining[seat], played, config)
            if broken is not None:
                raise IllegalAction(
                    f"trick {number}: seat {seat + 1} played {card} while holding "
                    f"{broken.name.lower()} ({broken.value})",
                    rule="follow-suit",
                    seat=seat,
                )
            remaining[seat].remove(card)
            played.append(card)


def sorted_hand(hand: Sequence[Card], trump: Suit | None = None) -> tuple[Card, ...]:
    return tuple(sorted(hand, key=lambda card: sort_key(card, trump)))

