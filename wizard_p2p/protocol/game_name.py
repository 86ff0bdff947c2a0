"""Which game a table plays, as the lobby and the announcement name it.

A lobby message or an announcement without a game name is Wizard's: that is what a
client older than the name sends, so Wizard's lobby messages leave the name out and
stay as they were (protocol/SPEC.md §9, NET.md §9). Each game seats its own number of
players; only Wizard has variants.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

__all__ = ["MAX_TABLE_SEATS", "MIN_TABLE_SEATS", "SEATS", "GameName", "seats_refusal"]


class GameName(StrEnum):
    """The games a table can play, spelt as the wire spells them."""

    WIZARD = "wizard"
    SORCERY = "sorcery"  # 巫师牌


# The seats a table of each game may have (both ends included).
SEATS: Mapping[GameName, tuple[int, int]] = {
    GameName.WIZARD: (3, 6),
    GameName.SORCERY: (2, 2),
}
MIN_TABLE_SEATS = min(low for low, _ in SEATS.values())
MAX_TABLE_SEATS = max(high for _, high in SEATS.values())


def seats_refusal(game: GameName, seats: int) -> str | None:
    """Why a table of ``game`` cannot have ``seats`` seats, or None."""
    low, high = SEATS[game]
    if low <= seats <= high:
        return None
    wanted = str(low) if low == high else f"{low}..{high}"
    return f"a table of {game.value} has {wanted} seats, not {seats}"
