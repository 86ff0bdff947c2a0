"""Writing the local seat's choice at the decision its table asks for."""

from __future__ import annotations

from wizard_p2p.errors import IllegalAction
from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.table import Table

__all__ = ["write_choice"]


def write_choice(
    table: Table, need: str, choice: object, *, derived: bool = False
) -> list[Event]:
    """Write ``choice`` (a bid, a trump suit or a card) at the decision ``need`` that
    ``table.choice_needed()`` named; what ``table.choose`` returns (``derived``: as
    there). A decision the table no longer waits for is refused as out of turn."""
    if table.seat is not None and table.choice_needed() != need:
        raise IllegalAction(f"it is not your turn to {need}", rule="turn")
    return table.choose(choice, derived=derived)
