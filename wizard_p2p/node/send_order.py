"""Which peer our newest entry goes to first, or last."""

from __future__ import annotations

from wizard_p2p.protocol.table import Table

__all__ = ["send_order"]

def send_order(table: Table, seat: int) -> tuple[str | None, str | None]:
    """(first, last): the mesh key of the seat that writes the entry after our newest
    one, as the peer that entry goes to before the others or after them (``None``
    when we write it).

    An entry written at once by its client, a pass of a set-up above all, goes to
    its writer first: it is the chain, and every other seat only records ours
    (SPEC §4). A choice (Wizard's bid, trump or play) goes to its chooser last: every
    seat checks and shows our entry, and a bot chooses the moment it has it, so its
    sends would wake the seats still checking ours. The game's rules say which kinds
    are choices (``GameRules.choice_kinds``). Sent last to the next player, a
    play reaches the others sooner, and the game is no slower.
    """
    due = table.expected()
    if due is None or due[0] == seat:
        return None, None
    writer = table.players[due[0]]["curve_key"]
    # The choices that make the next entry one (an ending may follow any entry, and
    # Wizard's Table.expected() always allows a dispute, so neither does).
    if not due[1].isdisjoint(table.rules.choice_kinds):
        return None, writer
    return writer, None
