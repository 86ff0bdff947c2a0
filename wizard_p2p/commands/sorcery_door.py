"""A 巫师牌 deck at the lobby's door: checked whole at home, its public part at the host.

A player's deck never leaves its machine whole: a joiner's hello carries its public
part (``protocol.lobby_schema.DeckPart``: the hero, the extra deck, the sizes of the
main deck and the skill pool). So each player checks its WHOLE deck before it opens a
table or says hello (:func:`check_own_deck`), and the host checks every joiner's public
part against what it can see (:func:`door_check`: one hero, the two sizes, the copy
limits among the shown cards, every shown card in the host's card file). Both name the
first rule broken and the card in the player's language, in the same words
(:func:`fault_said`, the catalogues' ``deck_rule_<rule>``); the lobby itself knows no
deck rule and is given these as values.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from wizard_p2p.commands.options import SorceryTableOptions
from wizard_p2p.commands.sorcery_cards import load_card_file, resolve_deck
from wizard_p2p.errors import Said, UsageError
from wizard_p2p.node.lobby_host_machine import DeckDoor
from wizard_p2p.protocol.lobby_schema import DeckFault, DeckPart
from wizard_p2p.sorcery.cardfile import CardDatabase
from wizard_p2p.sorcery.cards import Card
from wizard_p2p.sorcery.decks import (
    MAIN_COUNT,
    SKILL_COUNT,
    Deck,
    DeckRule,
    Group,
    Violation,
    group_of,
)
from wizard_p2p.sorcery.game import Decklist
from wizard_p2p.tables import CardLibrary
from wizard_p2p.tables.sorcery.lobby import SorceryLobbyTerms

__all__ = [
    "UNKNOWN_CARD",
    "IllegalOwnDeck",
    "SeatDeck",
    "card_file_identity",
    "check_own_deck",
    "deck_door",
    "deck_part",
    "decklist",
    "door_check",
    "fault_of",
    "fault_said",
    "seat_deck",
]

# The rule a host names when a shown card is not in its card file (the two players'
# card files differ): no deck rule of the game, but the reason the deck cannot sit.
UNKNOWN_CARD = "unknown_card"
_RULES = frozenset(r.value for r in DeckRule) | {UNKNOWN_CARD}


class IllegalOwnDeck(UsageError):
    """The player's own deck breaks a rule: it is not taken to any table."""


def card_file_identity(data: bytes) -> bytes:
    """The card file's identity as a table names it: the SHA-256 of its bytes."""
    return hashlib.sha256(data).digest()


def deck_part(deck: Deck) -> DeckPart:
    """What the other player is shown of ``deck`` (a deck that holds one hero)."""
    return DeckPart(deck.hero.number, tuple(c.number for c in deck.extra), len(deck.main),
                    len(deck.skills))


def fault_of(violation: Violation) -> DeckFault:
    """A rule broken as a refusal carries it: the rule, the count, the first card."""
    card = violation.cards[0].number if violation.cards else None
    return DeckFault(violation.rule.value, violation.count, card)


def _card_text(number: str | None, cards: CardDatabase) -> str | Said:
    if number is None:
        return Said("deck_no_card")
    card = cards.get(number)
    return str(card) if card is not None else number


def fault_said(fault: DeckFault, cards: CardDatabase) -> Said:
    """The rule ``fault`` names, worded with its card's name from ``cards`` (the number
    alone when the card file lacks it); a rule this program does not know, as such."""
    if fault.rule not in _RULES:
        return Said("deck_rule_unknown")
    return Said(f"deck_rule_{fault.rule}", card=_card_text(fault.card, cards), count=fault.count)


def check_own_deck(deck: Deck, cards: CardDatabase) -> DeckPart:
    """The public part of the player's own ``deck``, or :class:`IllegalOwnDeck` naming the
    first rule it breaks and the card, before anything is sent."""
    broken = deck.violations()
    if broken:
        first = broken[0]
        raise IllegalOwnDeck(f"your deck cannot be played: {first}").saying(
            "deck_illegal", rule=fault_said(fault_of(first), cards))
    return deck_part(deck)


def door_check(cards: CardDatabase) -> Callable[[DeckPart], DeckFault | None]:
    """The host's check of a joiner's public part against the rules it can see, with
    the host's card file: the first rule broken, or None."""

    def check(part: DeckPart) -> DeckFault | None:
        shown: list[Card] = []
        for number in (part.hero, *part.extra):
            card = cards.get(number)
            if card is None:
                return DeckFault(UNKNOWN_CARD, 0, number)
            shown.append(card)
        visible = Deck.of(shown)
        # A shown card outside its group (a creature listed as extra) counts where it
        # belongs: the sizes are the public counts plus such cards.
        main = part.main + len(visible.main)
        skills = part.skills + len(visible.skills)
        hero = cards.get(part.hero)
        if hero is None or group_of(hero) is not Group.HERO or len(visible.heroes) != 1:
            return fault_of(Violation(DeckRule.ONE_HERO, len(visible.heroes),
                                      visible.heroes or (shown[0],)))
        if main != MAIN_COUNT:
            return DeckFault(DeckRule.MAIN_SIZE.value, main)
        if skills != SKILL_COUNT:
            return DeckFault(DeckRule.SKILL_POOL_SIZE.value, skills)
        sized = (DeckRule.ONE_HERO, DeckRule.MAIN_SIZE, DeckRule.SKILL_POOL_SIZE)
        copies = [v for v in visible.violations() if v.rule not in sized]
        return fault_of(copies[0]) if copies else None

    return check


def deck_door(deck: Deck, cards: CardDatabase) -> DeckDoor:
    """A 巫师牌 table's door for a host bringing ``deck`` (checked whole first:
    :class:`IllegalOwnDeck`), read with ``cards``."""
    return DeckDoor(check_own_deck(deck, cards), door_check(cards))


@dataclass(frozen=True)
class SeatDeck:
    """A player's deck for a 巫师牌 table, checked whole: its public part, the card file
    it was read with, and that file's identity."""

    part: DeckPart
    cards: CardDatabase
    card_file: bytes  # the SHA-256 of the card file's bytes
    deck: Decklist  # what the seat brings to the table, which nobody else sees
    library: CardLibrary  # the cards the table reads entries with

    def door(self) -> DeckDoor:
        """The door of the table this player hosts."""
        return DeckDoor(self.part, door_check(self.cards))

    def terms(self) -> SorceryLobbyTerms:
        """The table this player hosts, proposing the card file it was read with."""
        return SorceryLobbyTerms(self.card_file)

    def word_fault(self, fault: DeckFault) -> Said:
        """A rule the host says this deck breaks, worded with this player's cards."""
        return fault_said(fault, self.cards)


def seat_deck(options: SorceryTableOptions) -> SeatDeck:
    """The deck ``options`` name, read with this run's card file and checked whole before
    any lobby is opened or greeted: :class:`IllegalOwnDeck` names the rule and card."""
    data, cards = load_card_file(options.cards, options.net.data_dir)
    deck = resolve_deck(options.deck, cards)
    part = check_own_deck(deck, cards)
    library = CardLibrary(card_file_identity(data), {c.number: c for c in cards})
    return SeatDeck(part, cards, library.digest, decklist(deck), library)


def decklist(deck: Deck) -> Decklist:
    """``deck`` as a seat brings it to a table (a deck without one hero: ``IllegalDeck``)."""
    return Decklist(deck.hero, deck.main, deck.skills, deck.extra)
