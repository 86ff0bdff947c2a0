"""巫师牌's table as a lobby offers it: two seats, no variants, and the card file.

A 巫师牌 table always seats two; what its lobby carries of the game beyond its name is
each joiner's deck's public part (``hello.deck``, checked at the host's door) and, in
the terms its host proposes, the card file's SHA-256 (``SorceryTerms``). A lobby
message or an announcement of 巫师牌 that names variants or another seat count is
refused by :func:`read_sorcery_terms`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wizard_p2p.errors import ConfigError, DecodeError, UsageError
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import SeriesTerms
from wizard_p2p.protocol.lobby_schema import DeckPart
from wizard_p2p.tables.sorcery.rules import SorceryConfig, genesis_terms
from wizard_p2p.tables.sorcery.terms import SEATS, SorceryTerms

__all__ = ["SorceryLobbyTerms", "read_sorcery_terms"]


@dataclass(frozen=True)
class SorceryLobbyTerms:
    """A 巫师牌 table. ``cards``: the SHA-256 of the card file its host reads the cards
    with, which the terms it proposes name; None where the table is only read of a
    message (a joiner's, a list's), which proposes nothing."""

    cards: bytes | None = None

    @property
    def game(self) -> GameName:
        return GameName.SORCERY

    @property
    def seats(self) -> int:
        return SEATS

    @property
    def least(self) -> int:
        return SEATS

    @property
    def variants(self) -> tuple[str, ...]:
        return ()

    def with_variants(self, names: Sequence[str]) -> SorceryLobbyTerms:
        if names:
            raise ConfigError("a table of 巫师牌 has no variants")
        return self

    def genesis_terms(
        self, players: Sequence[dict[str, Any]], nonce: bytes, *, coach: bool,
        series: SeriesTerms | None, decks: Sequence[DeckPart],
    ) -> dict[str, Any]:
        if self.cards is None:
            raise UsageError("only the host of a 巫师牌 table, who holds its card file, "
                             "proposes its terms")
        if coach or series is not None:
            raise UsageError("a table of 巫师牌 has no coach and no series")
        config = SorceryConfig.proposed(SorceryTerms(tuple(decks), self.cards))
        return genesis_terms(config, players, nonce)


def read_sorcery_terms(seats: int | None, variants: Sequence[str]) -> SorceryLobbyTerms:
    """A 巫师牌 table as a lobby message or an announcement says it, or ``DecodeError``
    for variants or a seat count other than two."""
    if seats is not None and seats != SEATS:
        raise DecodeError(f"seats: a table of sorcery has {SEATS} seats, not {seats}")
    if variants:
        raise DecodeError("variants: a table of sorcery has none")
    return SorceryLobbyTerms()
