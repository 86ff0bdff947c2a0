"""``wizard-p2p sorcery play --offline [--headless] [--deck CODE] [--against CODE] [--seed N]``.

``--headless`` without ``--offline`` plays over loopback between two processes
(``sorcery_seat.play_networked``). Offline, without ``--headless`` a person plays
against the bot in the console
(``tui/sorcery_app.py``); with it, two bots play a whole game of 巫师牌 on this machine
and the winner is printed. A deck is a deck code or a starter's name (``wizard-p2p
sorcery starters``); both are checked against the rules first. The same seed plays the
same game again: the coin, every shuffle and every bot choice come from it.
"""

from __future__ import annotations

import random
import sys

from wizard_p2p.bots.sorcery import play_game
from wizard_p2p.commands.options import SorceryPlayOptions
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


def play(options: SorceryPlayOptions) -> int:
    """Play against the bot in the console, or (``--headless``) bot against bot to the
    end, printing the winner; exit 0."""
    if not options.headless and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(
            "the console needs a terminal to read keys from; run it in one, or let two bots "
            "play with: wizard-p2p sorcery play --offline --headless"
        )
    if options.headless and not options.offline:
        from wizard_p2p.commands.sorcery_seat import play_networked

        return play_networked(options)
    cards = load_cards(options.cards, options.data_dir)
    names = (options.deck or STARTERS[0].name, options.against or STARTERS[1].name)
    decks = (decklist(resolve_deck(names[0], cards)), decklist(resolve_deck(names[1], cards)))
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**32)
    if not options.headless:
        return _console(decks, seed, options.lang)
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


def _console(decks: tuple[Decklist, Decklist], seed: int, lang: str | None) -> int:
    """The person (player 0, ``--deck``) against the bot (``--against``) in the console."""
    from wizard_p2p.tui.sorcery_app import run_sorcery_app
    from wizard_p2p.tui.sorcery_table import SorceryTable

    app = run_sorcery_app(SorceryTable(decks, seed), lang)
    outcome = app.table.game.outcome
    if outcome is None:
        print(f"巫师牌, seed {seed}: left before the end")
    elif outcome.winner is None:
        print(f"巫师牌, seed {seed}: a draw: {_REASONS[outcome.reason]} (turn {outcome.turn})")
    else:
        who = "you win" if outcome.winner == 0 else "the bot wins"
        print(f"巫师牌, seed {seed}: {who}: {_REASONS[outcome.reason]} (turn {outcome.turn})")
    return 0
