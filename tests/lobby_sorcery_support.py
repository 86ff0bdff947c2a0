"""A 巫师牌 table's lobby in the tests: the tests' own cards (never the real card file),
a legal deck, its public part, the door a host's lobby is given, and hellos of it."""

from __future__ import annotations

from typing import Any

from tests.sorcery_support import card_file_bytes, small_pool
from wizard_p2p.commands.sorcery_door import card_file_identity, deck_door, deck_part
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys
from wizard_p2p.node.lobby_common import LobbyTimers, Seated
from wizard_p2p.node.lobby_host_machine import DeckDoor, HostMachine, Message
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.lobby_schema import DeckPart, Hello, LobbyPlayer
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.sorcery.cards import Card
from wizard_p2p.sorcery.decks import Deck, Group, group_of
from wizard_p2p.tables.sorcery.lobby import SorceryLobbyTerms

POOL = small_pool()
HEROES = [c for c in POOL if group_of(c) is Group.HERO]
MAIN = [c for c in POOL if group_of(c) is Group.MAIN]
SKILLS = [c for c in POOL if group_of(c) is Group.SKILLS]
EXTRA = [c for c in POOL if group_of(c) is Group.EXTRA]
LEGEND = next(c for c in MAIN if c.legendary)
CARD_FILE = card_file_bytes(list(POOL))
CODE = "ABCD-EFGH"


def legal_cards(hero: int = 0) -> list[Card]:
    plain = [c for c in MAIN if not c.legendary]
    return [HEROES[hero], *(plain[:15] * 2), *SKILLS[:10], *EXTRA]


def legal_deck(hero: int = 0) -> Deck:
    return Deck.of(legal_cards(hero))


def legal_part(hero: int = 0) -> DeckPart:
    return deck_part(legal_deck(hero))


# A public part that breaks a rule the host sees, naming a card: the legendary card
# shown twice in the extra deck (the main deck's size still counts it).
TWO_LEGENDS = DeckPart(HEROES[1].number, (LEGEND.number, LEGEND.number), 28, 10)


def door() -> DeckDoor:
    return deck_door(legal_deck(), POOL)


def sorcery_terms() -> SorceryLobbyTerms:
    """The terms of a 巫师牌 table read with the tests' cards."""
    return SorceryLobbyTerms(card_file_identity(CARD_FILE))


def sorcery_host(**options: Any) -> HostMachine:
    """A host machine of a 巫师牌 table with the tests' cards."""
    me = Seated("Host", Identity.generate().public_key, CurveKeys.generate().public, ":7001",
                b"\x01" * 32)
    return HostMachine(me, sorcery_terms(), CODE,
                       timers=LobbyTimers(hello=10.0, ping=1.0, silence=10.0, endorse=60.0),
                       door=door(), **options)


def sorcery_hello(client: str, identity: Identity, name: str, part: DeckPart | None,
                  game: GameName = GameName.SORCERY, msg_id: int = 1) -> Message:
    """``client``'s hello to a table of ``game`` bringing ``part``."""
    player = LobbyPlayer(name, identity.public_key, client, "", identity.public_key[:32])
    return Message(client, "127.0.0.1", msg_id, Hello(CODE, PROTOCOL, 40000, player, game, part))
