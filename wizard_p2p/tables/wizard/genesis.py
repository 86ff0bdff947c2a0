"""Wizard's genesis terms: its ``config`` written from and read into a ``GameConfig``
(``bodies.CONFIG``), and the terms of a game the host offers (SPEC §3.1, WIZARD §1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wizard_p2p.errors import ConfigError, DecodeError, UsageError
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import SeriesTerms, as_json
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.bodies import CONFIG, GENESIS_TERMS

WIZARD = GameName.WIZARD
"""Wizard's word in a genesis's ``terms.game`` (SPEC §3.1, WIZARD §1)."""


def config_terms(config: GameConfig) -> dict[str, Any]:
    """The genesis terms' ``config``, written by the table ``bodies.CONFIG``."""
    return CONFIG.write({c.attr: getattr(config, c.attr) for c in CONFIG.columns})


def read_config(terms: dict[str, Any]) -> GameConfig:
    """The game of a ``config`` the schema accepted, an absent field read as its default.

    Raises ``DecodeError`` for a combination the rules refuse (its reason says why)."""
    try:
        return GameConfig(**CONFIG.read(terms))
    except ConfigError as exc:
        raise DecodeError(f"the genesis terms cannot be played: {exc}") from None


def genesis_terms(
    config: GameConfig, players: Sequence[dict[str, Any]], nonce: bytes,
    series: SeriesTerms | None = None, *, coach: bool = False,
) -> dict[str, Any]:
    """The terms of a game; ``nonce`` (32 random bytes from the host) makes its id unique.
    ``coach``: the players may ask the coach (the field is left out when they may not, so
    terms without it read as they always did); ``series`` links it to the games before it
    at the same table."""
    if len(players) != config.seats:
        raise UsageError(f"{config.seats} seats need {config.seats} players")
    if series is not None and not 0 <= series.first_dealer < config.seats:
        raise UsageError(f"the first dealer must be one of the {config.seats} seats")
    terms: dict[str, Any] = {
        "protocol": m.PROTOCOL,
        "game": WIZARD.value,
        "config": config_terms(config),
        "players": [dict(p) for p in players],
        "nonce": nonce,
    }
    if coach:
        terms["coach"] = True
    if series is not None:
        terms["series"] = series.to_terms()
    # Round-trip through the schema so a bad record is refused before anyone signs it.
    return GENESIS_TERMS.parse(as_json(terms), "terms")


__all__ = ["WIZARD", "config_terms", "genesis_terms", "read_config"]
