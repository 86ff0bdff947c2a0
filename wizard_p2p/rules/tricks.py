"""One trick: which suit must be followed, which plays are legal, who wins.

These are plain functions over card sequences so that the engine, the auditor
and the bots' simulations share one definition of every rule in RULES.md:

* Follow the suit led if you can; Wizards and Jesters may always be played.
* Jester led: the first non-Jester card decides the suit to follow.
* Wizard led: anything may be played (house rule ``wizard_lead_sets_suit``:
  the first suit card after it decides the suit instead).
* Winner: the first Wizard; else the highest trump; else the highest card of
  the suit led; a trick of Jesters only goes to the first Jester.

Every rule takes the game's ``GameConfig`` whole, so that a variant changing a rule
changes it here, for the engine, the auditor, the bots and the console alike, and
no caller picks the fields a rule reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from wizard_p2p.rules.cards import Card, Suit
from wizard_p2p.rules.config import GameConfig


def suit_to_follow(trick: Sequence[Card], config: GameConfig) -> Suit | None:
    """The suit the next card must follow, or None when any card may be played."""
    for i, card in enumerate(trick):
        if card.is_jester:
            continue
        if card.is_wizard:
            if i == 0 and config.wizard_lead_sets_suit:
                # The house rule: the Wizard's follower sets the suit. Later Wizards and
                # Jesters set nothing, so keep looking for the first suit card.
                for later in trick[1:]:
                    if later.is_suit_card:
                        return later.suit
                return None
            return None
        return card.suit
    return None


def legal_cards(hand: Iterable[Card], trick: Sequence[Card], config: GameConfig) -> list[Card]:
    """The cards of ``hand`` that may be played onto ``trick`` (in hand order)."""
    hand = list(hand)
    follow = suit_to_follow(trick, config)
    if follow is None or not _holds(hand, follow):
        return hand
    return [card for card in hand if card.suit is follow or not card.is_suit_card]


def breaks_follow_suit(
    card: Card, hand: Iterable[Card], trick: Sequence[Card], config: GameConfig
) -> Suit | None:
    """The suit ``card`` fails to follow, or None if playing it from ``hand`` is legal."""
    if not card.is_suit_card:
        return None
    follow = suit_to_follow(trick, config)
    if follow is None or card.suit is follow:
        return None
    return follow if _holds(hand, follow) else None


def _holds(hand: Iterable[Card], suit: Suit) -> bool:
    # Not any(...): a generator costs more to start than this scan of a few cards.
    return suit in [card.suit for card in hand]


def trick_winner(trick: Sequence[Card], trump: Suit | None, config: GameConfig) -> int:
    """The index (into ``trick``) of the winning card of a complete or partial trick.

    No variant changes who wins a trick; ``config`` is where one would be read."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    best: int | None = None
    for i, card in enumerate(trick):
        if card.is_wizard:
            return i  # the first Wizard wins, whatever follows
        if card.is_jester:
            continue
        if best is None:
            best = i
            continue
        current = trick[best]
        if card.suit is current.suit:
            if card.rank > current.rank:
                best = i
        elif card.suit is trump:
            best = i
    return 0 if best is None else best  # only Jesters: the first one wins


# Why a trick was won, as ``trick_winner_reason`` names it.
FIRST_WIZARD = "first-wizard"
HIGHEST_TRUMP = "highest-trump"
HIGHEST_LED = "highest-led"
FIRST_JESTER = "first-jester"
WIN_REASONS = (FIRST_WIZARD, HIGHEST_TRUMP, HIGHEST_LED, FIRST_JESTER)


def trick_winner_reason(
    trick: Sequence[Card], trump: Suit | None, config: GameConfig
) -> tuple[int, str]:
    """The winning index of ``trick`` (as ``trick_winner``) and the rule that decided it:
    the first Wizard, the highest trump, the highest card of the suit led (the first
    suit card's suit, after any Jesters), or, when only Jesters were played, the first.
    """
    winner = trick_winner(trick, trump, config)
    card = trick[winner]
    if card.is_wizard:
        return winner, FIRST_WIZARD
    if card.is_jester:
        return winner, FIRST_JESTER
    if trump is not None and card.suit is trump:
        return winner, HIGHEST_TRUMP
    return winner, HIGHEST_LED


def score(bid: int, taken: int, config: GameConfig) -> int:
    """Points for one round: 20 + 10 per trick for an exact bid, else −10 per trick off.

    No variant changes the points; ``config`` is where one would be read."""
    if bid == taken:
        return 20 + 10 * taken
    return -10 * abs(bid - taken)
