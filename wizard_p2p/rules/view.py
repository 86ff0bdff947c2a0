"""What one seat may see: the only window bots and the front end have onto a game.

A ``SeatView`` is a frozen snapshot with no reference back to the ``Game``, so a
policy holding it cannot reach another seat's hand. It shows:

* the seat's own hand — except in the clairvoyance round, where it is hidden and
  the other seats' hands are shown instead;
* everything public: trump, the turned card, the current and finished tricks,
  tricks taken, totals, the score pad;
* bids as the variant allows: open bids at once; hidden bids once all are opened;
  secret bids after the round. A seat always sees its own bid.

``public_view`` is what a watcher sees, who holds no seat: the same public part,
no hand at all, and every bid only once the variant shows it to the whole table.
"""

from __future__ import annotations

from dataclasses import dataclass

from wizard_p2p.rules.cards import Card, Suit
from wizard_p2p.rules.config import GameConfig
from wizard_p2p.rules.game import Game, Phase, RoundResult, Trick, sorted_hand


@dataclass(frozen=True)
class SeatView:
    seat: int
    config: GameConfig
    round_no: int
    dealer: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...] | None  # None when hidden from its owner (clairvoyance round)
    hand_sizes: tuple[int, ...]
    others_hands: tuple[tuple[Card, ...] | None, ...]  # shown only in the clairvoyance round
    turned: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]  # None: not made yet, or not visible to this seat
    bid_made: tuple[bool, ...]
    taken: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    round_tricks: tuple[Trick, ...]
    totals: tuple[int, ...]
    history: tuple[RoundResult, ...]
    legal_bids: tuple[int, ...]  # when this seat is to bid
    forbidden_bid: int | None  # the bid ±1 forbids this seat, when it is the last bidder
    legal_plays: tuple[Card, ...]  # when this seat is to play a card it can see
    # A watcher's view (``public_view``): no hand, no choice, ``seat`` only the seat
    # the table is drawn from.
    watcher: bool = False

    @property
    def seats(self) -> int:
        return self.config.seats

    @property
    def my_turn(self) -> bool:
        return not self.watcher and self.to_move == self.seat

    @property
    def hand_hidden(self) -> bool:
        return self.hand is None

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER


def is_clairvoyance_round(game: Game) -> bool:
    return game.config.clairvoyance and game.round_no == 1


def bid_visible(game: Game, seat: int | None, of: int) -> bool:
    """Whether ``seat`` (None: a watcher) may see the bid of seat ``of`` now."""
    if seat == of or not game.config.sealed_bids:
        return True
    if game.sealed[of]:
        return False
    # A bid this Game holds in the clear is still sealed to the other seats until the
    # table opens them all: hidden bids once bidding is over, secret bids after the round.
    if game.config.hidden_bids:
        return game.phase is not Phase.BID
    return game.phase is Phase.GAME_OVER


def _bids_seen(
    game: Game, seat: int | None
) -> tuple[tuple[int | None, ...], tuple[bool, ...]]:
    """The bids ``seat`` (None: a watcher) sees, and which seats have made theirs."""
    bids = tuple(
        b if bid_visible(game, seat, other) else None for other, b in enumerate(game.bids)
    )
    made = tuple(b is not None or sealed for b, sealed in zip(game.bids, game.sealed, strict=True))
    return bids, made


def seat_view(game: Game, seat: int, *, own_sealed_bid: int | None = None) -> SeatView:
    """The view of ``game`` from ``seat``.

    ``own_sealed_bid``: the seat's own bid when it was sealed (hidden or secret bids).
    The game holds a sealed bid only as "made"; the seat that made it knows the number
    and sees it in its own view.
    """
    if not 0 <= seat < game.seats:
        raise ValueError(f"no seat {seat}")
    clairvoyant = is_clairvoyance_round(game)
    own = game.hands[seat]
    hand = None if clairvoyant or own is None else sorted_hand(own, game.trump)
    others: list[tuple[Card, ...] | None] = [None] * game.seats
    if clairvoyant:
        for other, cards in enumerate(game.hands):
            if other != seat and cards is not None:
                others[other] = tuple(cards)
    bids, bid_made = _bids_seen(game, seat)
    if own_sealed_bid is not None and game.sealed[seat] and bids[seat] is None:
        bids = (*bids[:seat], own_sealed_bid, *bids[seat + 1 :])
    my_turn = game.to_move == seat
    legal_plays = tuple(game.legal_plays()) if my_turn and not clairvoyant else ()
    return SeatView(
        seat=seat,
        config=game.config,
        round_no=game.round_no,
        dealer=game.dealer,
        phase=game.phase,
        to_move=game.to_move,
        hand=hand,
        hand_sizes=tuple(game.hand_sizes),
        others_hands=tuple(others),
        turned=game.turned,
        trump=game.trump,
        bids=bids,
        bid_made=bid_made,
        taken=tuple(game.taken),
        trick=tuple(game.trick),
        round_tricks=tuple(game.round_tricks),
        totals=tuple(game.totals),
        history=tuple(game.history),
        legal_bids=tuple(game.legal_bids()) if my_turn else (),
        forbidden_bid=game.forbidden_bid() if my_turn else None,
        legal_plays=legal_plays,
    )


def public_view(game: Game) -> SeatView:
    """The view of ``game`` from no seat: what a watcher may see.

    No hand is shown (not even in the clairvoyance round, where each seat sees the
    others'), a bid only when every seat sees it, and no choice is offered. The
    table is drawn from the first seat.
    """
    bids, bid_made = _bids_seen(game, None)
    return SeatView(
        seat=0,
        config=game.config,
        round_no=game.round_no,
        dealer=game.dealer,
        phase=game.phase,
        to_move=game.to_move,
        hand=None,
        hand_sizes=tuple(game.hand_sizes),
        others_hands=(None,) * game.seats,
        turned=game.turned,
        trump=game.trump,
        bids=bids,
        bid_made=bid_made,
        taken=tuple(game.taken),
        trick=tuple(game.trick),
        round_tricks=tuple(game.round_tricks),
        totals=tuple(game.totals),
        history=tuple(game.history),
        legal_bids=(),
        forbidden_bid=None,
        legal_plays=(),
        watcher=True,
    )
