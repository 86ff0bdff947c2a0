"""A modified client's hook on what its table writes (``WizardTable(rewrite=…)``).

The hook sees each body of ours before it is signed and returns the body to sign or
None to write nothing. A lie it returns is signed with the seat's own key and
believed by its own replica (checked as the others check it, without its hand); the
honest replicas take it or find it exactly as they would any cheat.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from tests.protocol_support import cheat_found, honest_seats, new_game, settled
from tests.test_protocol_cheats import assert_caught_at_reveal
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.game import Body, Rewrite
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.table import WizardTable

# An entry of Wizard's log, read by its body table.
_read = partial(m.decode_entry, bodies=BODIES)

CHEATER = 2


def with_rewrite(game: MemoryGame, seat: int, rewrite: Rewrite) -> Table:
    """``seat``'s table, built again with ``rewrite`` before the game starts."""
    table = WizardTable(
        game.genesis, seat=seat, identity=game.identities[seat],
        master_secret=game.masters[seat], rewrite=rewrite,
    )
    game.tables[seat] = table
    return table


def entries_of(table: Table, seat: int, kind: WizardKind) -> list[m.Entry]:
    entries = (m.decode_entry(raw, BODIES) for raw in table.log[1:])
    return [e for e in entries if e.seat == seat and e.kind == kind.value]


def test_an_unchanged_body_is_written_as_without_the_hook() -> None:
    plain, hooked = new_game(3, seed=4), new_game(3, seed=4)
    seen: list[WizardKind] = []

    def watch(kind: WizardKind, body: Body) -> Body:
        seen.append(kind)
        return body

    with_rewrite(hooked, CHEATER, watch)
    plain.run()
    hooked.run()
    assert hooked.tables[CHEATER].log == plain.tables[CHEATER].log
    assert hooked.tables[0].outcome == plain.tables[0].outcome
    # Every entry of the seat but the genesis went through the hook, in order.
    assert seen == [e.kind for e in map(_read, plain.tables[CHEATER].log[1:])
                    if e.seat == CHEATER]


def test_a_rewritten_bid_is_signed_by_the_seat_and_taken_by_every_replica() -> None:
    game = new_game(3, seed=2)
    chosen: list[int] = []

    def other_bid(kind: WizardKind, body: Body) -> Body:
        if kind is not WizardKind.BID:
            return body
        chosen.append(body["bid"])
        return {**body, "bid": (body["bid"] + 1) % (body["round"] + 1)}

    with_rewrite(game, CHEATER, other_bid)
    assert game.run(until=settled(game, lambda: game.tables[0].completed_rounds >= 2))
    bids = [e.body["bid"] for e in entries_of(game.tables[0], CHEATER, WizardKind.BID)]
    assert len(bids) >= 2 and bids == [(b + 1) % (r + 1) for r, b in enumerate(chosen, 1)]
    logs = {tuple(t.log) for t in game.tables}
    assert len(logs) == 1 and game.rejected == []


def test_a_withheld_entry_is_never_written_and_the_game_waits_for_it() -> None:
    game = new_game(3, seed=3)

    def stall(kind: WizardKind, body: Body) -> Body | None:
        table = game.tables[CHEATER]
        withheld = kind in (WizardKind.LOCK, WizardKind.SHUFFLE) and table.completed_rounds >= 1
        return None if withheld else body

    with_rewrite(game, CHEATER, stall)
    assert game.run() is False  # nothing more can happen
    for table in game.tables:
        turn = table.expected()
        assert not table.ended and table.completed_rounds == 1
        assert turn is not None and turn.seat == CHEATER
        assert turn.kinds & {WizardKind.LOCK, WizardKind.SHUFFLE}
    assert len({len(t.log) for t in game.tables}) == 1


def test_a_renege_the_seat_believes_is_caught_at_the_reveal() -> None:
    game = new_game(3, seed=5)
    reneged: list[dict[str, Any]] = []

    def renege(kind: WizardKind, body: Body) -> Body:
        table = game.tables[CHEATER]
        view = table.view()
        if reneged or kind is not WizardKind.PLAY or view is None:
            return body
        held_back = [c for c in view.hand if c not in view.legal_plays]
        if not held_back:
            return body
        rnd = table.round
        assert rnd is not None and rnd.my_keys is not None
        position = next(p for p in rnd.unplayed_positions(CHEATER) if rnd.cards[p] is held_back[0])
        lie = {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[position]}
        reneged.append(lie)
        return lie

    cheater = with_rewrite(game, CHEATER, renege)
    assert_caught_at_reveal(game, CHEATER, "follow-suit")
    (lie,) = reneged
    plays = entries_of(cheater, CHEATER, WizardKind.PLAY)
    assert lie in [e.body for e in plays]  # its own replica went on from its lie
    honest = game.tables[honest_seats(game, CHEATER)[0]]
    assert lie in [e.body for e in entries_of(honest, CHEATER, WizardKind.PLAY)]
    assert cheat_found(cheater) is not None  # its own reveal finds it as well
