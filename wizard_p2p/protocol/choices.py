"""Writing the local seat's choice at the decision its table asks for."""

from __future__ import annotations

from typing import cast

from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.kinds import EntryKind
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Card, Suit

__all__ = ["write_choice"]


def write_choice(
    table: Table, need: EntryKind, choice: int | Suit | Card, *, derived: bool = False
) -> list[Event]:
    """Write ``choice`` (a bid, a trump suit or a card) at the decision ``need`` that
    ``table.choice_needed()`` named; what the table returns, as its ``bid``,
    ``choose_trump`` or ``play`` does (``derived``: as theirs)."""
    if need is EntryKind.BID:
        return table.bid(cast(int, choice), derived=derived)
    if need is EntryKind.TRUMP:
        return table.choose_trump(cast(Suit, choice), derived=derived)
    return table.play(cast(Card, choice), derived=derived)
