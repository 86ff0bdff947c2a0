"""The schema of a 巫师牌 genesis's terms (SORCERY.md §1): the rules of the game
(``tables.sorcery.rules``) read their genesis with it, and the lobby a ``terms``
message (``SorceryRules.terms``), as a joiner endorses terms it has decoded.
"""

from __future__ import annotations

from wizard_p2p.protocol.core_bodies import HASH, PLAYER, PROTOCOL
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.schema import Hex, Int, List, Obj, Str

__all__ = ["CARD_NUMBER", "CONFIG", "DECK", "GENESIS_TERMS", "MAX_EXTRA", "MAX_MAIN",
           "MAX_SKILLS", "MAX_TURN_LIMIT"]

MAX_TURN_LIMIT = 1000
MAX_EXTRA = 20  # cards of an extra deck
MAX_MAIN = 60
MAX_SKILLS = 30

CARD_NUMBER = Str(max_len=6, min_len=6)

DECK = Obj(
    {
        "hero": CARD_NUMBER,
        "extra": List(CARD_NUMBER, 0, MAX_EXTRA),
        "main": Int(1, MAX_MAIN),
        "skills": Int(0, MAX_SKILLS),
    }
)

CONFIG = Obj(
    {
        "decks": List(DECK, 2, 2),
        "turn_limit": Int(1, MAX_TURN_LIMIT),
        "cards": HASH,
    }
)

GENESIS_TERMS = Obj(
    {
        "protocol": Str(max_len=32, choices=(PROTOCOL,)),
        "game": Str(max_len=16, choices=(GameName.SORCERY.value,)),
        "config": CONFIG,
        "players": List(PLAYER, 2, 2),
        "nonce": Hex(32),
    }
)
