"""WIZARD §3, "Order of the round's checks": a round with two faults names the one the
order puts first.

Two seats cheat in one round; the replica of the honest seat and the auditor must
both name the same one, as the SPEC orders the checks (decks before keys, and
released keys in the order the locking entries were written: the last shuffler's
shuffle entry before the locks of seats 0..N−2). Another implementation that
checked in another order would blame another seat for the same log.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.protocol_support import Tamper, cheat_found, new_game, replace_own_entry, settled
from wizard_p2p.audit import audit_entries
from wizard_p2p.protocol.events import Broadcast
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables.wizard.harness import MemoryGame


def wrong_key(body: dict[str, Any], table: Table) -> dict[str, Any]:
    """One released key of a dealt position swapped for another released key."""
    rnd = table.round
    assert rnd is not None
    released = [p for p, k in enumerate(body["keys"]) if k is not None and p < rnd.dealt]
    body["keys"][released[0]] = body["keys"][released[1]]
    return body


def swap_two(body: dict[str, Any], table: Table) -> dict[str, Any]:
    body["deck"][0], body["deck"][1] = body["deck"][1], body["deck"][0]
    return body


def two_cheaters(game: MemoryGame, first: Tamper, second: Tamper) -> None:
    one, two = replace_own_entry(game, first), replace_own_entry(game, second)

    def both(sender: int, outputs: list[Broadcast]) -> list[Broadcast]:
        return two(sender, one(sender, outputs))

    game.outputs_filter = both


@pytest.mark.parametrize(
    ("first", "second", "blamed", "kind"),
    [
        # Both release a wrong key: seat 2's shuffle entry was written before seat 0's
        # lock, so it is checked first, although seat 0 comes first in seat order.
        (Tamper(0, "lock", wrong_key, round_no=2), Tamper(2, "shuffle", wrong_key, round_no=2),
         2, "wrong-key"),
        # A tampered lock pass and a wrong key written before it: the decks come first.
        (Tamper(2, "shuffle", wrong_key, round_no=2), Tamper(1, "lock", swap_two, round_no=2),
         1, "lock"),
    ],
    ids=["keys-in-written-order", "decks-before-keys"],
)
def test_the_first_fault_in_the_specified_order_is_named(
    first: Tamper, second: Tamper, blamed: int, kind: str
) -> None:
    game = new_game(3, seed=8)
    two_cheaters(game, first, second)
    honest = ({0, 1, 2} - {first.seat, second.seat}).pop()
    table = game.tables[honest]
    assert game.run(until=settled(game, lambda: cheat_found(table) is not None))
    assert first.done is not None and second.done is not None  # both cheats are in the log
    assert first.done in table.log and second.done in table.log
    fault = cheat_found(table)
    assert fault is not None and (fault.seat, fault.kind) == (blamed, kind), str(fault)
    report = audit_entries(table.log)
    assert (report.fault_position, report.fault_seat, report.fault_kind) == (
        len(table.log) - 1, blamed, kind,
    ), report.message
