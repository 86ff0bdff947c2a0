"""Which game a table plays, as the lobby and the announcement name it.

A lobby message or an announcement without a game name is Wizard's: that is what a
client older than the name sends, so Wizard's lobby messages leave the name out and
stay as they were (protocol/SPEC.md §9, NET.md §9). What a table of each game offers
(its seats, its variants) is the game's to say and read (``lobby_terms``); the core
bounds every table's seats by what the mesh and the deal serve.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["MAX_TABLE_SEATS", "MIN_TABLE_SEATS", "GameName"]


class GameName(StrEnum):
    """The games a table can play, spelt as the wire spells them."""

    WIZARD = "wizard"
    SORCERY = "sorcery"  # 巫师牌


# The seats any table may have (both ends included): a game's own range lies within.
MIN_TABLE_SEATS = 2
MAX_TABLE_SEATS = 6
