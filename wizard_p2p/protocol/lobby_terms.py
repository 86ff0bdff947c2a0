"""A table's game as its lobby offers it: a value the game makes and reads, the lobby
and the announcement carry.

The lobby (``node.lobby*``) and the announcement (``announce``) know a table's game by
its name and nothing else of it: what the table offers is a ``LobbyTerms``, made by the
game (its package under ``tables``) and read by it — the seats the table has, the
fewest a game of it starts with, its variants as the wire lists them (Wizard's; none
for a game without), and the terms of the genesis its host proposes once the seats
are fixed. Whoever reads a lobby message or an announcement turns the wire's ``game``,
``seats`` and ``variants`` into the game's value with a ``TermsReader`` (the registry's
``tables.lobby_terms``), which refuses what the game does not play as a
``DecodeError``: the schema layer reads sizes, types and the core's bounds first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import SeriesTerms
from wizard_p2p.protocol.lobby_schema import DeckPart

__all__ = ["LobbyTerms", "TermsReader"]


class LobbyTerms(Protocol):
    """What a table offers, as its game says it."""

    @property
    def game(self) -> GameName:
        """The game the table plays."""

    @property
    def seats(self) -> int:
        """The seats the table has."""

    @property
    def least(self) -> int:
        """The fewest players a game of this table starts with."""

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants played, in the game's one order (empty for a game with none)."""

    def with_variants(self, names: Sequence[str]) -> LobbyTerms:
        """The same table playing the variants ``names``; a ``ConfigError`` (a
        ``UsageError``) for names or a mix the game refuses."""

    def genesis_terms(
        self, players: Sequence[dict[str, Any]], nonce: bytes, *, coach: bool,
        series: SeriesTerms | None, decks: Sequence[DeckPart],
    ) -> dict[str, Any]:
        """The genesis terms the host proposes for ``players`` (their genesis records in
        seat order): ``nonce`` 32 random bytes, ``coach`` whether they may ask the coach,
        ``series`` the games before it at this table, ``decks`` the public parts of the
        seats' decks (a game whose players bring one), in seat order."""


# The reader of a table's terms as the wire says them: the game, its seats (None where
# the message does not say them: a welcome), the variants' names as listed.
TermsReader = Callable[[GameName, int | None, Sequence[str]], LobbyTerms]
