"""The rules of Wizard as a pure library: stdlib only, no I/O, no clock, no randomness.

    >>> from wizard_p2p.rules import Game, GameConfig, Card, deal_from_deck, DECK, Bid, Play
    >>> game = Game(GameConfig(seats=3), first_dealer=0)
    >>> game.apply(deal_from_deck(DECK, seats=3, round_no=1, dealer=0))
    >>> game.to_move, game.trump
    (1, <Suit.HUMANS: 'B'>)

See ``cards.py`` for the cards, ``config.py`` for a game's set-up, ``game.py`` for
the state machine, ``tricks.py`` for the trick rules, ``view.py`` for what one seat
may see and ``driver.py`` for a game advanced from one decision to the next.
"""

from wizard_p2p.rules.cards import DECK, Card, Kind, Suit, parse_cards, sort_key
from wizard_p2p.rules.config import MAX_SEATS, MIN_SEATS, VARIANT_NAMES, GameConfig
from wizard_p2p.rules.game import (
    Action,
    Bid,
    ChooseTrump,
    Deal,
    Game,
    OpenBids,
    Phase,
    Play,
    RoundResult,
    Standings,
    Trick,
    check_round_plays,
    deal_from_deck,
    seat_of_position,
    sorted_hand,
)
from wizard_p2p.rules.tricks import (
    WIN_REASONS,
    legal_cards,
    score,
    suit_to_follow,
    trick_winner,
    trick_winner_reason,
)
from wizard_p2p.rules.view import SeatView, public_view, seat_view

__all__ = [
    "DECK",
    "MAX_SEATS",
    "MIN_SEATS",
    "VARIANT_NAMES",
    "WIN_REASONS",
    "Action",
    "Bid",
    "Card",
    "ChooseTrump",
    "Deal",
    "Game",
    "GameConfig",
    "Kind",
    "OpenBids",
    "Phase",
    "Play",
    "RoundResult",
    "SeatView",
    "Standings",
    "Suit",
    "Trick",
    "check_round_plays",
    "deal_from_deck",
    "legal_cards",
    "parse_cards",
    "public_view",
    "score",
    "seat_of_position",
    "seat_view",
    "sort_key",
    "sorted_hand",
    "suit_to_follow",
    "trick_winner",
    "trick_winner_reason",
]
