"""Wizard's table as a lobby offers it: its seats and variants (a ``GameConfig``).

The lobby and the announcement carry a Wizard table's seat count and the names of its
variants (``players.seats``, ``players.variants``: protocol/SPEC.md §9, NET.md §9);
:func:`read_wizard_terms` reads them back into a ``GameConfig``, refusing a seat count
or a mix of variants Wizard's rules refuse, and a name none of them has. A game starts
with the players seated (at least three): its genesis's config has as many seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wizard_p2p.errors import ConfigError, DecodeError, UsageError
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import SeriesTerms
from wizard_p2p.protocol.lobby_schema import DeckPart
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS, VARIANT_NAMES, GameConfig
from wizard_p2p.tables.wizard.genesis import genesis_terms

__all__ = ["WizardTerms", "read_wizard_terms"]


@dataclass(frozen=True)
class WizardTerms:
    """A Wizard table: the configuration its lobby offers (its seats, its variants)."""

    config: GameConfig

    @property
    def game(self) -> GameName:
        return GameName.WIZARD

    @property
    def seats(self) -> int:
        return self.config.seats

    @property
    def least(self) -> int:
        return MIN_SEATS

    @property
    def variants(self) -> tuple[str, ...]:
        return self.config.variants()

    def with_variants(self, names: Sequence[str]) -> WizardTerms:
        return WizardTerms(GameConfig.with_variants(self.config.seats, list(names)))

    def genesis_terms(
        self, players: Sequence[dict[str, Any]], nonce: bytes, *, coach: bool,
        series: SeriesTerms | None, decks: Sequence[DeckPart],
    ) -> dict[str, Any]:
        if decks:
            raise UsageError("a Wizard player brings no deck")
        config = GameConfig.with_variants(len(players), list(self.variants))
        return genesis_terms(config, players, nonce, coach=coach, series=series)


def read_wizard_terms(seats: int | None, variants: Sequence[str]) -> WizardTerms:
    """A Wizard table as a lobby message or an announcement says it (``seats`` None: not
    said, the fewest), or ``DecodeError``: a seat count out of Wizard's, a variant named
    twice or unknown, or a mix the rules refuse. The variants come back in the one order
    every program lists them."""
    if seats is not None and not MIN_SEATS <= seats <= MAX_SEATS:
        raise DecodeError(f"seats: a table of wizard has {MIN_SEATS}..{MAX_SEATS} seats, "
                          f"not {seats}")
    if len(set(variants)) != len(variants) or any(n not in VARIANT_NAMES for n in variants):
        raise DecodeError("variants: unknown or repeated variant names")
    try:
        return WizardTerms(GameConfig.with_variants(MIN_SEATS if seats is None else seats,
                                                    list(variants)))
    except ConfigError as exc:
        raise DecodeError(f"variants: {exc}") from None
