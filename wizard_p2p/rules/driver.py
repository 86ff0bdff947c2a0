"""Advancing a game from one decision to the next, as a table of players would.

``GameDriver`` deals each round from the deck it is given, seals bids and opens them
as the variant says, plays the cards nobody chooses (the clairvoyance round's unseen
one, and, if asked, any card left alone in a hand), and asks a ``decide`` callback for
every other decision, given the seat's ``SeatView`` and nothing else. The offline game
(``seat.offline``) and the bot tournament (``bots.tournament``) drive their games with
it; a callback that returns ``None`` stops it at that seat's decision (a person's turn).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from wizard_p2p.rules.cards import Card, Suit
from wizard_p2p.rules.game import Bid, ChooseTrump, Game, OpenBids, Phase, Play, deal_from_deck
from wizard_p2p.rules.view import SeatView, seat_view

__all__ = ["Choice", "Decide", "GameDriver", "action_for"]

Choice = int | Suit | Card  # a bid, a trump suit or a card
# (seat, its view) -> its choice, or None to stop before it
Decide = Callable[[int, SeatView], Choice | None]


def action_for(phase: Phase, seat: int, choice: Choice) -> Bid | ChooseTrump | Play:
    """The action that makes ``seat``'s ``choice`` at a decision of ``phase``."""
    if phase is Phase.CHOOSE_TRUMP:
        return ChooseTrump(seat, cast(Suit, choice))
    if phase is Phase.BID:
        return Bid(seat, cast(int, choice))
    return Play(seat, cast(Card, choice))


class GameDriver:
    def __init__(
        self,
        game: Game,
        deck: Callable[[int], Sequence[Card]],
        *,
        lone_cards_play: bool = True,
    ) -> None:
        """``deck(round_no)``: the shuffled deck a round is dealt from. ``lone_cards_play``:
        a card left alone in a hand plays itself, as at a networked table; otherwise only
        the clairvoyance round's unseen card does, and the seat is asked for the rest."""
        self.game = game
        self._deck = deck
        self._lone_cards_play = lone_cards_play
        self.sealed: dict[int, int] = {}  # seat -> its sealed bid, until the bids open

    def apply(self, action: Bid | ChooseTrump | Play) -> None:
        """Apply ``action``, a bid sealed where the variant seals bids: the value is kept
        aside until the bids are opened. Raises ``IllegalAction`` and changes nothing if
        it breaks a rule."""
        game = self.game
        if isinstance(action, Bid) and game.config.sealed_bids and action.tricks is not None:
            game.check(action)
            game.apply(Bid(action.seat, None))
            self.sealed[action.seat] = action.tricks
        else:
            game.apply(action)

    def advance(self, decide: Decide) -> None:
        """Play on until the game is over or ``decide`` returns ``None``."""
        game = self.game
        while not game.is_over:
            if game.phase is Phase.DEAL:
                deck = self._deck(game.round_no)
                game.apply(deal_from_deck(deck, game.seats, game.round_no, game.dealer))
                continue
            if game.phase is Phase.OPEN_BIDS:
                game.apply(OpenBids(tuple(self.sealed[s] for s in range(game.seats))))
                self.sealed.clear()
                continue
            seat = game.to_move
            assert seat is not None
            view = seat_view(game, seat)
            if game.phase is Phase.PLAY and self._plays_itself(seat, view):
                hand = game.hands[seat]
                assert hand is not None
                self.apply(Play(seat, hand[0]))  # no choice: nobody is asked
                continue
            choice = decide(seat, view)
            if choice is None:
                return
            self.apply(action_for(game.phase, seat, choice))

    def _plays_itself(self, seat: int, view: SeatView) -> bool:
        if view.hand_hidden:
            return True  # clairvoyance: nobody chooses the card they cannot see
        hand = self.game.hands[seat]
        return self._lone_cards_play and hand is not None and len(hand) == 1
