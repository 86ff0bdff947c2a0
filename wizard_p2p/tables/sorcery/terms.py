"""What a 巫师牌 host proposes for its table, as the lobby hands it to the genesis.

Both players see, before the game, the public part of each deck (its hero, its extra
deck, how many cards its main deck and skill pool hold) and which card file the table
reads the cards from: the SHA-256 of the card file's bytes, since every seat must read
each card number as the same card. The genesis's ``config`` of a 巫师牌 game is made of
this value: ``decks`` and ``cards`` are its members of those names (the game's own
terms, such as its turn limit, join them there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wizard_p2p.protocol.lobby_schema import DeckPart

__all__ = ["CARD_FILE_DIGEST_BYTES", "SEATS", "SorceryTerms"]

CARD_FILE_DIGEST_BYTES = 32  # SHA-256
SEATS = 2  # a table of 巫师牌 seats two players


@dataclass(frozen=True)
class SorceryTerms:
    """Each seat's public deck in seat order, and the card file's SHA-256."""

    decks: tuple[DeckPart, ...]
    cards: bytes

    def __post_init__(self) -> None:
        if len(self.decks) != SEATS:
            raise ValueError(f"a table of sorcery has {SEATS} seats, not {len(self.decks)}")
        if len(self.cards) != CARD_FILE_DIGEST_BYTES:
            raise ValueError("the card file's identity is its SHA-256: 32 bytes")

    @property
    def seats(self) -> int:
        return len(self.decks)

    def config(self) -> dict[str, Any]:
        """The members of the genesis's ``config`` this value makes (bytes for hex)."""
        return {"decks": [d.to_json() for d in self.decks], "cards": self.cards}
