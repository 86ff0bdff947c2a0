"""A lean simulator of the rest of a round, for the expert's look-ahead.

It plays out the remaining tricks of a fully known deal (a sample of the unseen
cards) with the heuristic rules for every seat, over plain lists: no ``Game``, no
copies of frozen views, only ``legal_cards`` and ``trick_winner`` from the rules,
so that the trick rules are the engine's own. Copying a ``Game`` (a deepcopy) per
rollout would cost more than the rollout itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from wizard_p2p.bots.heuristic import choose_card
from wizard_p2p.rules import Card, GameConfig, Suit, legal_cards, trick_winner


def play_out(
    hands: Sequence[Sequence[Card]],
    trump: Suit | None,
    bids: Sequence[int],
    taken: Sequence[int],
    trick: Sequence[tuple[int, Card]],
    to_move: int,
    gone: bytearray,
    config: GameConfig,
    *,
    first: Card | None = None,
) -> list[int]:
    """The tricks each seat has taken at the end of the round.

    ``hands`` are the current hands, ``trick`` the plays of the unfinished trick,
    ``to_move`` the seat to play next and ``gone`` the cards out of play (flags by
    card index, as the heuristic expects; it is not modified); ``config`` is the game's,
    whose rules every play and trick follows. If ``first`` is
    given, the seat to move plays it; every other play is the heuristic's.
    """
    return play_out_trick(
        hands,
        trump,
        bids,
        taken,
        trick,
        to_move,
        gone,
        config,
        first=first,
    )[0]


def play_out_trick(
    hands: Sequence[Sequence[Card]],
    trump: Suit | None,
    bids: Sequence[int],
    taken: Sequence[int],
    trick: Sequence[tuple[int, Card]],
    to_move: int,
    gone: bytearray,
    config: GameConfig,
    *,
    first: Card | None = None,
) -> tuple[list[int], int | None]:
    """``play_out``'s tricks, and the seat that takes the trick under way (None when the
    hands are already empty)."""
    n = len(hands)
    held = [list(h) for h in hands]  # a copy each: the cards leave them as they are played
    taken = list(taken)
    gone = bytearray(gone)
    trick_seats = [seat for seat, _ in trick]
    trick_cards = [card for _, card in trick]
    seat = to_move
    winner: int | None = None
    while True:
        hand = held[seat]
        if not hand:
            break
        if first is not None:
            card, first = first, None
        else:
            legal = legal_cards(hand, trick_cards, config)
            if len(legal) == 1:
                card = legal[0]
            else:
                card = choose_card(
                    hand,
                    legal,
                    trick_cards,
                    trump,
                    bids[seat] - taken[seat],
                    gone,
                    n - len(trick_cards) - 1,
                    config,
                )
        hand.remove(card)
        gone[card.index] = 1
        trick_cards.append(card)
        trick_seats.append(seat)
        if len(trick_cards) == n:
            seat = trick_seats[trick_winner(trick_cards, trump, config)]
            taken[seat] += 1
            if winner is None:
                winner = seat
            trick_cards = []
            trick_seats = []
        else:
            seat = (seat + 1) % n
    return taken, winner
