"""``wizard-p2p sorcery play --offline --headless [--deck CODE] [--against CODE] [--seed N]``.

Two bots play a whole game of 巫师牌 on this machine, and the winner is printed. A deck
is a deck code or a starter's name (``wizard-p2p sorcery starters``); both are checked
against the rules first. The same seed plays the same game again: the coin, every
shuffle and every bot choice come from it.
"""

from __future__ import annotations

import argparse
import random

from wizard_p2p.bots.sorcery import play_game
from wizard_p2p.commands.sorcery_cards import load_cards, resolve_deck
from wizard_p2p.errors import UsageError
from wizard_p2p.sorcery.actions import EndReason
from wizard_p2p.sorcery.decks import Deck
from wizard_p2p.sorcery.game import Decklist
from wizard_p2p.sorcery.starters import STARTERS

__all__ = ["decklist", "play"]

_REASONS = {
    EndReason.HERO_DIED: "the other hero's life fell to 0",
    EndReason.CONCEDED: "the other side conceded",
    EndReason.TURN_LIMIT: "the turn limit was reached",
}


def decklist(deck: Deck) -> Decklist:
    """The engine's view of a legal deck."""
    deck.check()
    return Decklist(deck.hero, deck.main, deck.skills, deck.extra)


def play(args: argparse.Namespace) -> int:
    """Play bot against bot to the end and print the winner; exit 0."""
    if not args.headless:
        raise UsageError(
            "this build plays 巫师牌 bot against bot only: add --headless "
            "(wizard-p2p sorcery play --offline --headless)"
        )
    cards = load_cards(args)
    names = (args.deck or STARTERS[0].name, args.against or STARTERS[1].name)
    decks = (decklist(resolve_deck(names[0], cards)), decklist(resolve_deck(names[1], cards)))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    record = play_game(decks, seed)
    outcome = record.outcome
    heroes = (decks[0].hero.name, decks[1].hero.name)
    print(f"巫师牌, seed {seed}: player 0 ({heroes[0]}) against player 1 ({heroes[1]})")
    if outcome.winner is None:
        print(f"a draw: {_REASONS[outcome.reason]} (turn {outcome.turn}, {record.actions} actions)")
    else:
        print(
            f"player {outcome.winner} ({heroes[outcome.winner]}) wins: "
            f"{_REASONS[outcome.reason]} (turn {outcome.turn}, {record.actions} actions)"
        )
    return 0
