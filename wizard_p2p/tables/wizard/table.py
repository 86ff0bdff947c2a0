"""A table of Wizard: the core ``Table`` opened with Wizard's rules, and Wizard's state
and choices by name.

``WizardTable`` is what ``tables.open_table`` opens for a genesis of Wizard (and what
the in-memory harness plays); a caller holding a core ``Table`` reaches Wizard's
state through :func:`wizard_replica`.
"""

from __future__ import annotations

from typing import Any

from wizard_p2p.protocol.choices import write_choice
from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Card, Game, Suit
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.replica import WIZARD_RULES, WizardReplica
from wizard_p2p.tables.wizard.round_state import RoundState


def wizard_replica(table: Table) -> WizardReplica | None:
    """Wizard's state in ``table``, or None for a table of another game."""
    replica = table.replica
    return replica if isinstance(replica, WizardReplica) else None


class WizardTable(Table):
    """One seat's (or an observer's) table of Wizard (``Table``'s arguments, but the
    rules, which are Wizard's)."""

    def __init__(self, genesis: bytes, **kwargs: Any) -> None:
        super().__init__(genesis, rules=WIZARD_RULES, **kwargs)

    @property
    def wizard(self) -> WizardReplica:
        replica = self.replica
        assert isinstance(replica, WizardReplica)
        return replica

    @property
    def game(self) -> Game | None:
        """The rules' game (None until the coins chose the first dealer)."""
        return self.wizard.game

    @property
    def round(self) -> RoundState | None:
        return self.wizard.round

    @property
    def coins(self) -> dict[int, bytes]:
        return self.wizard.coins

    @property
    def finals(self) -> dict[int, tuple[int, ...]]:
        return self.wizard.finals

    @property
    def completed_rounds(self) -> int:
        return self.wizard.completed_rounds

    # ``derived``: as ``Table.choose``'s.

    def bid(self, tricks: int, *, derived: bool = False) -> list[Event]:
        return self._choose_as(WizardKind.BID, tricks, derived)

    def choose_trump(self, suit: Suit, *, derived: bool = False) -> list[Event]:
        return self._choose_as(WizardKind.TRUMP, suit, derived)

    def play(self, card: Card, *, derived: bool = False) -> list[Event]:
        """Play ``card`` (the last trick's card, and the clairvoyance round's unseen one,
        play by themselves: see ``choice_needed``)."""
        return self._choose_as(WizardKind.PLAY, card, derived)

    def _choose_as(self, kind: WizardKind, choice: object, derived: bool) -> list[Event]:
        return write_choice(self, kind, choice, derived=derived)


__all__ = ["WizardTable", "wizard_replica"]
