"""A malicious seat for every cheat: the honest replicas and the auditor catch it and name it.

Each test plays a few rounds in memory, lets one seat cheat with its own identity
and secrets (a modified client), and checks that every honest table refuses the
entry at once (``PeerFault``, table unchanged) or faults the game when the round
is revealed (a ``Faulted`` outcome), naming the cheater; then that ``audit`` of the
honest log (with the refused entry appended, for refusals) reports the same seat
at the right position. Games stop as soon as the fault is found.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tests.curve_support import TWIST, small_order_twin
from tests.protocol_support import (
    Tamper,
    body_json,
    cheat_found,
    detected_by_all,
    forge,
    honest_seats,
    new_game,
    rejections,
    replace_own_entry,
    settled,
    snapshot,
)
from wizard_p2p import crypto
from wizard_p2p.audit import audit_entries
from wizard_p2p.crypto import group
from wizard_p2p.errors import PeerFault
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import (
    Accepted,
    Broadcast,
    EntryRejected,
    Event,
    Faulted,
    Finished,
    GameEnded,
    LogRewritten,
    broadcasts,
)
from wizard_p2p.protocol.faults import Equivocation
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.round_state import round_size
from wizard_p2p.tables.wizard.secrets import WizardSecrets
from wizard_p2p.tables.wizard.table import WizardTable

# An entry of Wizard's log, read by its body table.
_read = partial(m.decode_entry, bodies=BODIES)

INVALID_POINT = "ff" * 32  # not a canonical u-coordinate (its top bit is set)


def assert_refused(
    game: MemoryGame, raw: bytes, seat: int | None, kind: str, receivers: list[int]
) -> PeerFault:
    """Every receiver refuses ``raw`` naming ``seat``; nothing changes; audit agrees."""
    fault: PeerFault | None = None
    for s in receivers:
        table = game.tables[s]
        before = snapshot(table)
        with pytest.raises(PeerFault) as caught:
            table.receive(raw)
        fault = caught.value
        assert (fault.seat, fault.kind) == (seat, kind), str(fault)
        assert snapshot(table) == before
    log = game.tables[receivers[0]].log
    assert_audit_fault([*log, raw], len(log), seat, kind)
    assert fault is not None
    return fault


def assert_audit_fault(lines: list[bytes], position: int, seat: int | None, kind: str) -> None:
    report = audit_entries(lines)
    assert report.status == "fault", report.message
    assert report.exit_code == 1
    assert (report.fault_position, report.fault_seat, report.fault_kind) == (
        position,
        seat,
        kind,
    ), report.message


def reveals_the_round(raw: bytes) -> bool:
    """Whether an entry can reveal a round's last secret: a play of its last trick, or
    a disputed round's reveal."""
    entry = m.decode_entry(raw, BODIES)
    return entry.kind == "reveal" or (entry.kind == "play" and "secret" in entry.body)


def assert_refused_by_all(game: MemoryGame, tamper: Tamper, kind: str) -> list[bytes]:
    """Every honest table refused the tampered entry as ``kind``, naming its author, and
    the game did not fault (an entry refused changes nothing); returns an honest log."""
    honest = honest_seats(game, tamper.seat)
    assert game.run(until=detected_by_all(game, honest))
    assert tamper.done is not None
    for s in honest:
        (fault,) = rejections(game, s)
        assert (fault.seat, fault.kind) == (tamper.seat, kind), str(fault)
        assert cheat_found(game.tables[s]) is None
    return game.tables[honest[0]].log


def assert_caught_at_reveal(game: MemoryGame, cheater: int, kind: str) -> None:
    """Every honest table faulted the game naming ``cheater``; so does the audit."""
    honest = honest_seats(game, cheater)
    assert game.run(until=detected_by_all(game, honest)), "the cheat went unnoticed"
    assert game.rejected == []
    for s in honest:
        fault = cheat_found(game.tables[s])
        assert fault is not None
        assert (fault.seat, fault.kind) == (cheater, kind), str(fault)
        assert game.tables[s].stage == "faulted"
    log = game.tables[honest[0]].log
    assert all(game.tables[s].log == log for s in honest)
    assert reveals_the_round(log[-1])  # found when the round's last secret came out
    assert_audit_fault(log, len(log) - 1, cheater, kind)


def run_to_play(game: MemoryGame, seat: int, round_no: int = 2) -> Table:
    """Play until ``seat`` is to play a card in round ``round_no`` (or later)."""
    table = game.tables[seat]
    stopped = game.run(
        until=settled(
            game, lambda: table.choice_needed() == "play" and table.game.round_no >= round_no
        )
    )
    assert stopped
    return table


def unplayed(table: Table) -> dict[int, Any]:
    """The cheater's own cards still in hand: position → card."""
    rnd = table.round
    assert rnd is not None and table.seat is not None
    return {p: rnd.cards[p] for p in rnd.unplayed_positions(table.seat)}


# --- a card the player was not dealt ---------------------------------------------------------


@pytest.mark.parametrize("which", ["another seat's", "the turned card's", "an already played"])
def test_play_of_a_card_not_dealt_is_refused_at_once(which: str) -> None:
    game = new_game(3, seed=11)
    cheater = 1
    table = run_to_play(game, cheater, round_no=3)
    rnd = table.round
    assert rnd is not None and rnd.my_keys is not None
    if which == "another seat's":
        position = rnd.positions_of((cheater + 1) % 3)[0]
    elif which == "the turned card's":
        position = rnd.dealt
    else:
        stopped = game.run(
            until=settled(
                game,
                lambda: (
                    table.choice_needed() == "play"
                    and any(s == cheater for s, _, _ in table.round.played)
                ),
            )
        )
        assert stopped
        position = next(p for s, p, _ in table.round.played if s == cheater)
    body = {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[position]}
    raw = forge(game, cheater, "play", body)
    assert_refused(game, raw, cheater, "not-held", honest_seats(game, cheater))


# --- a renege -----------------------------------------------------------------------------------


def test_renege_is_caught_at_the_reveal() -> None:
    game = new_game(3, seed=5)
    cheater = 2
    table = game.tables[cheater]

    def can_renege() -> bool:
        if table.choice_needed() != "play":
            return False
        view = table.view()
        return view is not None and bool(set(view.hand) - set(view.legal_plays))

    assert game.run(until=settled(game, can_renege)), "no chance to renege in this game"
    rnd = table.round
    assert rnd is not None and rnd.my_keys is not None and table.game is not None
    view = table.view()
    assert view is not None
    hand = unplayed(table)
    position = next(p for p, c in hand.items() if c not in view.legal_plays)
    body = {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[position]}
    raw = forge(game, cheater, "play", body)

    # The cheater's own client must not refuse its own renege: make it forget its hand
    # for that play (a modified client), then give the hand back minus the card.
    table.game.hands[cheater] = None
    game.deliver(raw, [cheater])
    table.game.hands[cheater] = [c for p, c in hand.items() if p != position]
    assert table.log[-1] == raw

    game.send(cheater, [Broadcast(len(table.log) - 1, raw, WizardKind.PLAY)])
    assert_caught_at_reveal(game, cheater, "follow-suit")


# --- tampered shuffle and lock passes -------------------------------------------------------


def swap_two(body: dict[str, Any], table: Table) -> dict[str, Any]:
    body["deck"][0], body["deck"][1] = body["deck"][1], body["deck"][0]
    return body


def invalid_point(body: dict[str, Any], table: Table) -> dict[str, Any]:
    body["deck"][0] = INVALID_POINT
    return body


def foreign_point(body: dict[str, Any], table: Table) -> dict[str, Any]:
    # A valid point that is no transform of the deck received: a card point in clear.
    body["deck"][0] = crypto.CARD_POINTS[59].hex()
    return body


@pytest.mark.parametrize(
    ("kind", "mutate", "cheater"),
    [
        ("shuffle", invalid_point, 2),  # the next seat (0, locking) cannot go on: it disputes
        ("shuffle", foreign_point, 2),
        # The last shuffle (which locks too), among dealt positions: cards read differ.
        ("shuffle", swap_two, 2),
        ("lock", swap_two, 0),
        ("lock", invalid_point, 0),  # the next (and last) locker, seat 1, disputes
        ("lock", foreign_point, 1),  # the last lock: an owner's card does not decode
    ],
    ids=lambda v: getattr(v, "__name__", str(v)),
)
def test_tampered_pass_is_caught_at_the_reveal(kind: str, mutate: Any, cheater: int) -> None:
    game = new_game(3, seed=3)
    game.outputs_filter = replace_own_entry(game, Tamper(cheater, kind, mutate, round_no=1))
    assert_caught_at_reveal(game, cheater, kind)


def swap_at(first: int, second: int) -> Callable[[dict[str, Any], Table], dict[str, Any]]:
    def swap(body: dict[str, Any], table: Table) -> dict[str, Any]:
        deck = body["deck"]
        deck[first], deck[second] = deck[second], deck[first]
        return body

    return swap


def foreign_point_at(position: int) -> Callable[[dict[str, Any], Table], dict[str, Any]]:
    def replace(body: dict[str, Any], table: Table) -> dict[str, Any]:
        body["deck"][position] = crypto.CARD_POINTS[59].hex()
        return body

    return replace


def secrets_of(game: MemoryGame, seat: int) -> WizardSecrets:
    """``seat``'s secrets, derived from its master secret as its table derives them."""
    table = game.tables[seat]
    return WizardSecrets(game.masters[seat], table.game_id, seat, table.seats)


def reaching_the_deal(game: MemoryGame, round_no: int, seat: int) -> list[int]:
    """The positions of ``seat``'s shuffle pass that the later passes carry into the
    positions the round locks (the rest the last shuffler drops)."""
    size = round_size(round_no, len(game.tables))
    positions = list(range(size))
    for later in reversed(range(seat + 1, len(game.tables))):
        keys, _ = secrets_of(game, later).round_keys_and_first_pass(round_no)
        positions = [keys.permutation[p] for p in positions]
    return positions


def shuffle_tamper(game: MemoryGame, cheater: int, how: str = "swap") -> Tamper:
    """A round-1 shuffle of ``cheater`` tampered where the deal takes it."""
    taken = reaching_the_deal(game, 1, cheater)
    mutate = swap_at(taken[0], taken[1]) if how == "swap" else foreign_point_at(taken[0])
    return Tamper(cheater, "shuffle", mutate, round_no=1)


@pytest.mark.parametrize("cheater", [0, 1])
@pytest.mark.parametrize("how", ["swap", "foreign"])
def test_a_shuffle_tampered_where_the_deal_takes_it_is_caught(cheater: int, how: str) -> None:
    game = new_game(3, seed=3)
    game.outputs_filter = replace_own_entry(game, shuffle_tamper(game, cheater, how))
    assert_caught_at_reveal(game, cheater, "shuffle")


def tracking_point_at(
    dropped: int, followed: int
) -> Callable[[dict[str, Any], Table], dict[str, Any]]:
    """A known multiple of one of the cheater's own points, put where the last shuffler
    will drop it: the pair stays recognisable through the next seat's pass, which would
    show the colluders where that seat sent the followed card."""

    def inject(body: dict[str, Any], table: Table) -> dict[str, Any]:
        point = bytes.fromhex(body["deck"][followed])
        body["deck"][dropped] = group.mul(point, (7).to_bytes(32, "little")).hex()
        return body

    return inject


@pytest.mark.parametrize("cheater", [0, 1])
@pytest.mark.parametrize("how", ["swap", "tracking point"])
def test_a_shuffle_tampered_where_the_deal_never_takes_it_is_caught_too(
    cheater: int, how: str
) -> None:
    """Points the last shuffler drops reach no hand, but a substitution among them can
    still serve colluders (a point and a known multiple of it stay paired through an
    honest pass): seat N−2's deck is checked where the last shuffler dropped it."""
    game = new_game(3, seed=3)
    taken = reaching_the_deal(game, 1, cheater)
    dropped = [p for p in range(crypto.DECK_SIZE) if p not in set(taken)]
    mutate = (
        swap_at(dropped[0], dropped[1])
        if how == "swap"
        else tracking_point_at(dropped[0], taken[0])
    )
    game.outputs_filter = replace_own_entry(game, Tamper(cheater, "shuffle", mutate, round_no=1))
    assert_caught_at_reveal(game, cheater, "shuffle")


@pytest.mark.parametrize("cheater", [0, 1])
@pytest.mark.parametrize("how", ["small-order twin", "twist point"])
def test_a_point_off_the_subgroup_in_a_shuffle_is_caught(cheater: int, how: str) -> None:
    """The multiplication does not check a point's subgroup (``group``). A twin of another
    point of the deck (that point plus one of order 8) collides with it under the next
    shuffle's key (one key for every point), so seat 1 disputes instead of publishing;
    under the last shuffler's keys (one per position) the two stay apart and deal one
    card twice. A u on the curve's twist never becomes a card. Either way the replay
    names the seat that published it."""
    game = new_game(3, seed=3)
    taken = reaching_the_deal(game, 1, cheater)

    def mutate(body: dict[str, Any], table: Table) -> dict[str, Any]:
        deck = body["deck"]
        point = bytes.fromhex(deck[taken[0]])
        deck[taken[1]] = (small_order_twin(point) if how == "small-order twin" else TWIST).hex()
        return body

    game.outputs_filter = replace_own_entry(game, Tamper(cheater, "shuffle", mutate, round_no=1))
    assert_caught_at_reveal(game, cheater, "shuffle")
    if (cheater, how) == (0, "small-order twin"):
        log = game.tables[2].log
        entries = [m.decode_entry(raw, BODIES) for raw in log]
        disputes = [e for e in entries if e.kind == "dispute"]
        assert [d.seat for d in disputes] == [1]
        assert "small order" in disputes[0].body["reason"]


@pytest.mark.parametrize("cheater", [0, 1])
@pytest.mark.parametrize("how", ["small-order twin", "twist point"])
def test_a_point_off_the_subgroup_in_a_lock_is_caught(cheater: int, how: str) -> None:
    """Under a lock pass's keys, one per position, a twin does not collide with its
    original: the two decode to one card, dealt twice. A twist point decodes to no card.
    Either way the replay names the locker."""
    game = new_game(3, seed=3)

    def mutate(body: dict[str, Any], table: Table) -> dict[str, Any]:
        deck = body["deck"]
        point = bytes.fromhex(deck[0])
        deck[1] = (small_order_twin(point) if how == "small-order twin" else TWIST).hex()
        return body

    game.outputs_filter = replace_own_entry(game, Tamper(cheater, "lock", mutate, round_no=1))
    assert_caught_at_reveal(game, cheater, "lock")


@pytest.mark.parametrize(
    ("kind", "cheater"),
    [("shuffle", 0), ("shuffle", 2), ("lock", 0), ("lock", 1)],  # seat 2 locks in its shuffle
)
def test_a_small_order_component_no_card_depends_on_is_named_by_the_auditor(
    kind: str, cheater: int
) -> None:
    """A point plus one of order 8, with no twin beside it: the next multiplication (a
    later pass, or the reading of the card) removes the component, so no card changes
    and the players' tables play on (WIZARD §3); the auditor re-runs every pass and names
    the seat that published it."""
    game = new_game(3, seed=3)

    def mutate(body: dict[str, Any], table: Table) -> dict[str, Any]:
        deck = body["deck"]
        deck[0] = small_order_twin(bytes.fromhex(deck[0])).hex()
        return body

    game.outputs_filter = replace_own_entry(game, Tamper(cheater, kind, mutate, round_no=1))
    assert game.run(until=lambda: all(t.completed_rounds >= 2 for t in game.tables))
    assert game.rejected == [] and all(cheat_found(t) is None for t in game.tables)
    log = game.tables[2].log
    report = audit_entries(log)
    assert (report.status, report.fault_seat, report.fault_kind) == ("fault", cheater, kind)
    assert "round 1:" in report.message
    # Named where round 1's last secret came out: the last play of its last trick.
    assert report.fault_position is not None
    revealing = m.decode_entry(log[report.fault_position], BODIES)
    assert revealing.kind == "play" and revealing.body["round"] == 1
    assert m.decode_entry(log[report.fault_position + 1], BODIES).body["round"] == 2


@pytest.mark.parametrize(
    ("cheater", "change"),
    [(0, "drop one"), (1, "keep what the last shuffler keeps"), (2, "keep one more")],
)
def test_a_shuffle_pass_of_the_wrong_length_is_refused_at_once(cheater: int, change: str) -> None:
    """Seats before the last publish the whole deck; the last exactly the positions the
    round locks (4 in round 1 of 3 seats)."""
    game = new_game(3, seed=3)

    def resize(body: dict[str, Any], table: Table) -> dict[str, Any]:
        deck = body["deck"]
        if change == "drop one":
            deck.pop()
        elif change == "keep what the last shuffler keeps":
            del deck[4:]
        else:
            deck.append(crypto.CARD_POINTS[59].hex())
        return body

    tamper = Tamper(cheater, "shuffle", resize, round_no=1)
    game.outputs_filter = replace_own_entry(game, tamper)
    honest = honest_seats(game, cheater)
    assert game.run(until=detected_by_all(game, honest))
    for s in honest:
        assert cheat_found(game.tables[s]) is None
        assert [(f.seat, f.kind) for f in rejections(game, s)] == [(cheater, "shuffle")]
    assert tamper.done is not None
    log = game.tables[honest[0]].log
    assert_audit_fault([*log, tamper.done], len(log), cheater, "shuffle")


def test_tampered_pass_in_a_later_round_with_more_seats() -> None:
    game = new_game(4, "hidden_bids", seed=4)
    # Seat 3 locked in its shuffle; seat 2 writes the round's last lock entry.
    game.outputs_filter = replace_own_entry(game, Tamper(2, "lock", swap_two, round_no=2))
    assert_caught_at_reveal(game, 2, "lock")


# --- wrong keys -------------------------------------------------------------------------------


def wrong_key(body: dict[str, Any], table: Table) -> dict[str, Any]:
    """One released key of a dealt position swapped for another released key."""
    rnd = table.round
    assert rnd is not None
    released = [p for p, k in enumerate(body["keys"]) if k is not None and p < rnd.dealt]
    victim, other = released[0], released[1]
    body["keys"][victim] = body["keys"][other]
    return body


# Seat 2, the last shuffler, releases its keys in its shuffle entry (it locks there).
@pytest.mark.parametrize(
    ("kind", "cheater", "round_no"), [("lock", 0, 2), ("shuffle", 2, 2), ("shuffle", 2, 3)]
)
def test_wrong_key_released_in_a_lock_is_caught(kind: str, cheater: int, round_no: int) -> None:
    game = new_game(3, seed=8)
    tamper = Tamper(cheater, kind, wrong_key, round_no=round_no)
    game.outputs_filter = replace_own_entry(game, tamper)
    assert_caught_at_reveal(game, cheater, "wrong-key")


def withhold_a_release(body: dict[str, Any], table: Table) -> dict[str, Any]:
    first = next(p for p, k in enumerate(body["keys"]) if k is not None)
    body["keys"][first] = None
    return body


def release_an_own_key(body: dict[str, Any], table: Table) -> dict[str, Any]:
    rnd = table.round
    assert rnd is not None and rnd.my_keys is not None and table.seat is not None
    own = rnd.positions_of(table.seat)[0]
    body["keys"][own] = rnd.my_keys.lock_keys[own].hex()
    return body


def keys_on_a_middle_shuffle(body: dict[str, Any], table: Table) -> dict[str, Any]:
    body["keys"] = [None] * len(body["deck"])
    return body


@pytest.mark.parametrize(
    ("cheater", "mutate"),
    [(2, withhold_a_release), (2, release_an_own_key), (1, keys_on_a_middle_shuffle)],
    ids=lambda v: getattr(v, "__name__", str(v)),
)
def test_a_shuffle_releasing_keys_it_must_not_is_refused(cheater: int, mutate: Any) -> None:
    """Only the last shuffler's pass releases keys, and exactly the pattern a lock does."""
    game = new_game(3, seed=8)
    tamper = Tamper(cheater, "shuffle", mutate, round_no=2)
    game.outputs_filter = replace_own_entry(game, tamper)
    assert_refused_by_all(game, tamper, "malformed")


def test_play_with_a_wrong_key_is_caught() -> None:
    game = new_game(3, seed=9)
    cheater = 1
    table = run_to_play(game, cheater, round_no=2)
    rnd = table.round
    assert rnd is not None and rnd.my_keys is not None
    position, other = list(unplayed(table))[:2]
    body = {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[other]}
    raw = forge(game, cheater, "play", body)
    game.deliver(raw, [cheater])  # the card does not open: every replica disputes the round
    assert table.log[-1] == raw and table.progress().stage == "reveal"
    game.send(cheater, [Broadcast(len(table.log) - 1, raw, WizardKind.PLAY)])
    assert_caught_at_reveal(game, cheater, "wrong-key")


# --- a card dealt twice ------------------------------------------------------------------


def deal_twice(to: int, copy_of: int) -> Callable[[dict[str, Any], Table], dict[str, Any]]:
    """The last shuffler's pass giving seat ``to`` (its first position) a copy of the card
    headed for seat ``copy_of``, under the right key: the two points differ, so the deck
    looks well formed, and both seats read the same card."""

    def mutate(body: dict[str, Any], table: Table) -> dict[str, Any]:
        rnd = table.round
        assert rnd is not None and rnd.my_keys is not None
        keys, before = rnd.my_keys, rnd.shuffles[-2][0]
        a, b = rnd.positions_of(to)[0], rnd.positions_of(copy_of)[0]
        body["deck"][a] = group.mul(before[keys.permutation[b]], keys.lock_keys[a]).hex()
        return body

    return mutate


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_card_dealt_twice_is_disputed_by_its_other_holder(seed: int) -> None:
    """The seat that holds a card another plays accepts the play (only it can know) and
    disputes: the replicas stay alike, and the replay blames the pass that duplicated it."""
    game = new_game(3, seed=seed)
    cheater = 2
    game.outputs_filter = replace_own_entry(
        game, Tamper(cheater, "shuffle", deal_twice(0, 1), round_no=3)
    )
    assert_caught_at_reveal(game, cheater, "shuffle")
    log = game.tables[0].log
    assert any(m.decode_entry(line, BODIES).kind == "dispute" for line in log)


def test_a_card_dealt_twice_in_the_clairvoyance_round_is_caught() -> None:
    """There every card is read when the trick is: the round check finds the copy."""
    game = new_game(3, "clairvoyance", seed=5)
    cheater = 2
    game.outputs_filter = replace_own_entry(
        game, Tamper(cheater, "shuffle", deal_twice(0, 1), round_no=1)
    )
    assert_caught_at_reveal(game, cheater, "shuffle")


# --- the round's secrets, revealed by the plays of its last trick ------------------------


def test_a_wrong_secret_revealed_in_the_last_trick_is_caught() -> None:
    game = new_game(3, seed=9)
    cheater = 2

    def other_secret(body: dict[str, Any], table: Table) -> dict[str, Any]:
        body["secret"] = bytes(32).hex()
        return body

    tamper = Tamper(cheater, "play", other_secret, round_no=2, only_if=lambda b: "secret" in b)
    game.outputs_filter = replace_own_entry(game, tamper)
    assert_caught_at_reveal(game, cheater, "secret")


def last_trick_due(game: MemoryGame, round_no: int, index: int) -> tuple[int, Table]:
    """Run until some replica waits for the ``index``-th play of round ``round_no``'s last
    trick (index −1: the play before it); return the seat due and that replica.

    The last trick's cards play themselves, so the seat due has written (or writes at
    once) its play: it is the replica still waiting for it that is observed.
    """
    n = len(game.tables)

    def waiting() -> Table | None:
        for t in game.tables:
            rnd, due = t.round, t.expected()
            if (
                rnd is not None
                and due is not None
                and rnd.round_no == round_no
                and t.progress().stage == "play"
                and "play" in due[1]
                and due[0] != t.seat
                and len(rnd.played) == rnd.dealt - n + index
            ):
                return t
        return None

    assert game.run(until=lambda: waiting() is not None)
    table = waiting()
    assert table is not None
    due = table.expected()
    assert due is not None
    return due[0], table


def forged_last_play(
    game: MemoryGame, seat: int, waiting: Table, fields: dict[str, Any]
) -> bytes:
    """A play by ``seat`` for ``waiting``'s next position, of a card it holds, with
    ``fields`` added to its body (keys from the seat's own table)."""
    own = game.tables[seat]
    rnd = waiting.round
    assert rnd is not None and own.round is not None and own.round.my_keys is not None
    assert own.round.round_no == rnd.round_no
    position = rnd.unplayed_positions(seat)[0]
    body = {"round": rnd.round_no, "position": position,
            "key": own.round.my_keys.lock_keys[position], **fields}
    return forge(game, seat, "play", body, log_of=waiting)


@pytest.mark.parametrize(
    ("variant", "index", "fields", "message"),
    [
        ((), -1, ("secret",), "only a play of the last trick"),
        ((), 1, (), "reveals the round secret"),
        ((), 1, ("secret", "bid", "nonce"), "only with secret bids"),
        (("secret_bids",), 1, ("secret",), "opens the bid"),
        (("secret_bids",), -1, ("secret", "bid", "nonce"), "only a play of the last trick"),
    ],
)
def test_exactly_the_last_trick_reveals_the_secret_and_opens_secret_bids(
    variant: tuple[str, ...], index: int, fields: tuple[str, ...], message: str
) -> None:
    game = new_game(3, *variant, seed=9)
    seat, waiting = last_trick_due(game, 2, index)
    secret = secrets_of(game, seat).round_secret(2)
    values = {"secret": secret, "bid": 0, "nonce": secret}  # refused before it is checked
    raw = forged_last_play(game, seat, waiting, {f: values[f] for f in fields})
    before = len(waiting.log)
    with pytest.raises(PeerFault) as refused:
        waiting.receive(raw)
    assert (refused.value.seat, refused.value.kind) == (seat, "malformed")
    assert message in str(refused.value)
    assert len(waiting.log) == before


def test_a_seat_owes_its_forced_plays_at_once_the_clairvoyance_rounds_too() -> None:
    """Withheld while connected, a forced play stalls the game (the stall rule's
    "owed at once"). So does the clairvoyance round's: the key shares it needs came
    with the locks, in the log, so nothing can be missing that no one else sees."""
    game = new_game(3, "clairvoyance", seed=9)
    _, waiting = last_trick_due(game, 1, 1)
    assert waiting.round is not None and waiting.round.clairvoyant
    assert waiting.owes_at_once()
    _, waiting = last_trick_due(game, 2, 1)
    assert waiting.owes_at_once()
    _, waiting = last_trick_due(new_game(3, seed=9), 2, -1)  # a chosen card
    assert not waiting.owes_at_once()


def wrong_key_in_the_last_trick(body: dict[str, Any], table: Table) -> dict[str, Any]:
    """The last card played with the seat's key of another position (derived from the
    secret the play reveals: the seat's table may be in the next round already)."""
    assert table.seat is not None
    context = crypto.round_context(table.game_id, body["round"], table.seat)
    keys = crypto.derive_round_keys(bytes.fromhex(body["secret"]), context)
    body["key"] = keys.lock_keys[body["position"] + 1].hex()
    return body


@pytest.mark.parametrize("index", [0, 1, 2])
@pytest.mark.parametrize("variant", [(), ("secret_bids",)])
def test_a_dispute_in_the_last_trick_reveals_only_the_secrets_still_missing(
    index: int, variant: tuple[str, ...]
) -> None:
    """A card that does not open in the last trick: the seats whose play has not revealed
    their secret yet reveal it, in seat order (none when the N-th secret came with the
    disputed play), and the replay blames the player."""
    # A first run finds who plays the index-th card of round 2's last trick; the same
    # seeded game then has that seat play it with a wrong key.
    cheater, _ = last_trick_due(new_game(3, *variant, seed=9), 2, index)
    game = new_game(3, *variant, seed=9)
    tamper = Tamper(
        cheater, "play", wrong_key_in_the_last_trick, round_no=2,
        only_if=lambda body: "secret" in body,
    )
    game.outputs_filter = replace_own_entry(game, tamper)
    assert_caught_at_reveal(game, cheater, "wrong-key")
    assert tamper.done is not None
    log = game.tables[honest_seats(game, cheater)[0]].log
    disputed_at = log.index(tamper.done)
    earlier = [m.decode_entry(line, BODIES) for line in log[:disputed_at]]
    out_before = {
        e.seat for e in earlier
        if e.kind == "play" and "secret" in e.body and e.body["round"] == 2
    }
    assert len(out_before) == index
    reveals = [m.decode_entry(line, BODIES) for line in log[disputed_at + 1 :]]
    assert all(e.kind == "reveal" for e in reveals)
    missing = [s for s in range(3) if s not in out_before | {cheater}]
    assert [e.seat for e in reveals] == missing  # in seat order, each once


def test_clairvoyance_play_with_wrong_keys_is_caught() -> None:
    game = new_game(3, "clairvoyance", seed=10)
    cheater = 2

    def wrong_keys(body: dict[str, Any], table: Table) -> dict[str, Any]:
        mine = body["position"]
        others = [p for p in range(len(body["keys"])) if p != mine]
        body["keys"][others[0]] = body["keys"][others[1]]
        return body

    game.outputs_filter = replace_own_entry(game, Tamper(cheater, "play", wrong_keys, round_no=1))
    assert_caught_at_reveal(game, cheater, "wrong-key")


def sealed_to(victim: int, how: str) -> Callable[[dict[str, Any], Table], dict[str, Any]]:
    """A locking entry's box for ``victim`` replaced: the sealer's keys in the wrong
    order, or bytes that do not open."""

    def mutate(body: dict[str, Any], table: Table) -> dict[str, Any]:
        rnd = table.round
        assert rnd is not None and rnd.my_keys is not None and rnd.my_box is not None
        if how == "wrong keys":
            keys = [rnd.my_keys.lock_keys[p] for p in rnd.shared_with(victim)]
            keys.reverse()  # every key valid, none where it belongs
            shared = crypto.box_shared_key(rnd.my_box, rnd.box_keys[victim])
            box = crypto.seal_keys(shared, table.seat, victim, keys)
        else:
            box = hashlib.shake_256(b"junk").digest(len(bytes.fromhex(body["shares"][victim])))
        body["shares"][victim] = box.hex()
        return body

    return mutate


@pytest.mark.parametrize("how", ["wrong keys", "a box that does not open"])
@pytest.mark.parametrize(("cheater", "kind"), [(0, "lock"), (2, "shuffle")])
def test_wrong_key_shares_in_the_clairvoyance_round_are_caught(
    cheater: int, kind: str, how: str
) -> None:
    """Only the reader of a box can open it: it disputes, every secret comes out, and
    the replay seals the box again from the sealer's secret and names it."""
    victim = 1
    game = new_game(3, "clairvoyance", seed=23)
    tamper = Tamper(cheater, kind, sealed_to(victim, how), round_no=1,
                    only_if=lambda body: "shares" in body)
    game.outputs_filter = replace_own_entry(game, tamper)
    assert_caught_at_reveal(game, cheater, "wrong-key")
    assert tamper.done is not None
    disputes = [
        e for e in map(_read, game.tables[victim].log) if e.kind == "dispute"
    ]
    assert [e.seat for e in disputes] == [victim]
    reason = disputes[0].body["reason"]
    if how == "wrong keys":
        assert "does not decode with the shares" in reason
    else:
        assert f"seat {cheater + 1}'s key shares for me do not open" in reason


@pytest.mark.parametrize("key", ["of its own choosing", "seat 0's"])
def test_a_box_key_its_secret_does_not_derive_is_caught(key: str) -> None:
    """A seat that publishes a box key its secret does not derive (it could then open
    nothing sealed to it and dispute every box, or, with seat 0's key, let seat 0 open
    what is sealed to it) is named by the round's replay."""
    cheater = 1
    game = new_game(3, "clairvoyance", seed=24)

    def other_box_key(body: dict[str, Any], table: Table) -> dict[str, Any]:
        if key == "seat 0's":
            assert table.round is not None
            body["box"] = table.round.box_keys[0].hex()
        else:
            body["box"] = crypto.box_public_key(hashlib.sha256(b"another").digest()).hex()
        return body

    game.outputs_filter = replace_own_entry(game, Tamper(cheater, "shuffle", other_box_key, 1))
    assert_caught_at_reveal(game, cheater, "wrong-key")


# --- bids opened against their commitment ---------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "kind"), [("hidden_bids", "bid_open"), ("secret_bids", "play")]
)
def test_bid_opening_that_does_not_match_its_commitment_is_refused(variant: str, kind: str) -> None:
    game = new_game(3, variant, seed=12)
    cheater = 1

    def other_bid(body: dict[str, Any], table: Table) -> dict[str, Any]:
        body["bid"] = (body["bid"] + 1) % (body["round"] + 1)
        return body

    # With secret bids the bid is opened by the writer's play of the last trick.
    tamper = Tamper(cheater, kind, other_bid, round_no=2, only_if=lambda body: "bid" in body)
    game.outputs_filter = replace_own_entry(game, tamper)
    log = assert_refused_by_all(game, tamper, "commitment")
    assert tamper.done is not None
    assert_audit_fault([*log, tamper.done], len(log), cheater, "commitment")


# --- out of turn --------------------------------------------------------------------------


def test_bid_out_of_turn_is_refused() -> None:
    game = new_game(3, seed=13)
    table = game.tables[0]
    assert game.run(until=settled(game, lambda: "bid" in (table.expected() or (0, ()))[1]))
    due = table.expected()
    assert due is not None
    intruder = (due[0] + 1) % 3
    raw = forge(game, intruder, "bid", {"round": 1, "bid": 0}, log_of=table)
    fault = assert_refused(
        game, raw, intruder, "out-of-turn", [s for s in range(3) if s != intruder]
    )
    assert f"seat {due[0] + 1} was due" in str(fault)


def test_entry_for_a_position_another_seat_holds_is_refused() -> None:
    game = new_game(3, seed=14)
    table = game.tables[0]
    assert game.run(until=lambda: table.round is not None and len(table.round.shuffles) == 3)
    held = m.decode_entry(table.log[5], BODIES)  # a shuffle
    intruder = (held.seat + 1) % 3
    body = body_json(table.log[5])
    raw = forge(game, intruder, "shuffle", body, log_of=table, pos=5)
    receivers = [s for s in range(3) if s != intruder]
    for s in receivers:
        before = snapshot(game.tables[s])
        with pytest.raises(PeerFault) as caught:
            game.tables[s].receive(raw)
        assert (caught.value.seat, caught.value.kind) == (intruder, "out-of-turn")
        assert snapshot(game.tables[s]) == before
    assert_audit_fault([*table.log[:6], raw], 6, intruder, "out-of-turn")


def test_abort_by_the_stalled_seat_or_naming_a_seat_not_due_is_refused() -> None:
    game = new_game(3, seed=15)
    table = game.tables[0]
    assert game.run(until=settled(game, lambda: "bid" in (table.expected() or (0, ()))[1]))
    due = table.expected()
    assert due is not None
    stalled = due[0]
    writer = 1 if stalled == 0 else 0
    raw = forge(game, stalled, "abort", {"stalled": stalled, "reason": "x"}, log_of=table)
    assert_refused(game, raw, stalled, "out-of-turn", [writer])
    innocent = next(s for s in range(3) if s not in (stalled, writer))
    raw = forge(game, writer, "abort", {"stalled": innocent, "reason": "x"}, log_of=table)
    assert_refused(game, raw, writer, "out-of-turn", [stalled])


# --- forged and replayed signatures ---------------------------------------------------------


def test_forged_signature_is_refused() -> None:
    game = new_game(3, seed=16)
    table = game.tables[0]
    assert game.run(until=lambda: table.round is not None)
    due = table.expected()
    assert due is not None
    seat = due[0]
    body = {"round": 1, "deck": [p.hex() for p in table.round.deck], "secret_hash": "00" * 32}
    # Signed by another seat's key, but naming the seat due: it proves nothing against either.
    raw = forge(game, seat, "shuffle", body, log_of=table, signer=(seat + 1) % 3)
    assert_refused(game, raw, None, "bad-signature", [s for s in range(3) if s != seat])


def test_entry_moved_to_another_position_or_altered_is_refused() -> None:
    game = new_game(3, seed=17)
    table = game.tables[0]
    assert game.run(until=lambda: table.round is not None and len(table.round.shuffles) >= 2)
    source = table.log[-1]
    original = m.decode_entry(source, BODIES)
    moved = source.replace(b'"pos":%d' % original.pos, b'"pos":%d' % len(table.log))
    assert moved != source
    assert_refused(game, moved, None, "bad-signature", [0])
    # The same entry re-sent as it was: a harmless duplicate, nothing changes.
    before = snapshot(table)
    assert table.receive(source) == []
    assert snapshot(table) == before


def test_entry_of_another_game_is_refused_as_a_replay() -> None:
    game = new_game(3, seed=18)
    other = MemoryGame.create(game.config, game.chooser, seed=18, nonce=bytes(range(32)))
    assert other.tables[0].game_id != game.tables[0].game_id
    # Same players, same secrets, another game: seat 0's coin entry is validly signed.
    replayed = other.tables[0].start()[0]
    assert replayed.pos == 1
    for s in (1, 2):
        before = snapshot(game.tables[s])
        with pytest.raises(PeerFault) as caught:
            game.tables[s].receive(replayed.entry)
        assert (caught.value.seat, caught.value.kind) == (0, "replay")
        assert snapshot(game.tables[s]) == before
    assert_audit_fault([game.genesis, replayed.entry], 1, 0, "replay")
    # Also when it arrives for a position already filled: a replay, not an equivocation.
    assert game.run(until=lambda: len(game.tables[1].log) > 2)
    with pytest.raises(PeerFault) as caught:
        game.tables[1].receive(replayed.entry)
    assert (caught.value.seat, caught.value.kind) == (0, "replay")


# --- equivocation ------------------------------------------------------------------------


def test_equivocation_ends_the_game_with_the_proof_in_every_log() -> None:
    game = new_game(3, seed=19)
    assert game.run(until=settled(game, lambda: any(t.choice_needed() for t in game.tables)))
    cheater = next(s for s, t in enumerate(game.tables) if t.choice_needed() == "bid")
    first = forge(game, cheater, "bid", {"round": 1, "bid": 0})
    second = forge(game, cheater, "bid", {"round": 1, "bid": 1})
    position = m.decode_entry(first, BODIES).pos
    a, b = honest_seats(game, cheater)
    # Seat a sees first then second; seat b sees second then first. Each ends the game
    # with a proof of its own at the position the cheater signed twice.
    proofs = {}
    for seat, (one, two) in ((a, (first, second)), (b, (second, first))):
        game.tables[seat].receive(one)
        events = game.tables[seat].receive(two)
        rejected = [e.fault for e in events if isinstance(e, EntryRejected)]
        assert [(f.seat, f.kind, f.position) for f in rejected] == [
            (cheater, "equivocation", position)
        ]
        assert isinstance(rejected[0], Equivocation) and rejected[0].evidence == (one, two)
        assert LogRewritten(position) in events
        (proof,) = broadcasts(events)
        assert proof.pos == position and m.decode_entry(proof.entry, BODIES).kind == "proof"
        ended = events[-1]
        assert isinstance(ended, GameEnded) and isinstance(ended.outcome, Faulted)
        assert ended.outcome.fault.seat == cheater
        proofs[seat] = proof.entry
        # Both lines are in the proof: they convince anyone, with nothing but the log.
        body = m.decode_entry(proof.entry, BODIES).body
        assert sorted(body["entries"]) == sorted([first.decode(), second.decode()])
    # The two proofs compete for one position: the lower writer's stands, everywhere.
    low, high = sorted((a, b))
    assert LogRewritten(position) in game.tables[high].receive(proofs[low])
    with pytest.raises(PeerFault):
        game.tables[low].receive(proofs[high])
    assert game.tables[low].log == game.tables[high].log
    assert game.tables[low].log[-1] == proofs[low]
    report = audit_entries(game.tables[low].log)
    assert (report.status, report.fault_kind, report.fault_seat, report.fault_position) == (
        "fault", "equivocation", cheater, position
    )


def test_an_observer_names_an_equivocation_and_writes_nothing() -> None:
    game = new_game(3, seed=19)
    assert game.run(until=settled(game, lambda: any(t.choice_needed() for t in game.tables)))
    cheater = next(s for s, t in enumerate(game.tables) if t.choice_needed() == "bid")
    first = forge(game, cheater, "bid", {"round": 1, "bid": 0})
    second = forge(game, cheater, "bid", {"round": 1, "bid": 1})
    observer = WizardTable(game.tables[0].log[0])
    for line in game.tables[0].log[1:]:
        observer.receive(line)
    observer.receive(first)
    before = snapshot(observer)
    with pytest.raises(Equivocation) as caught:
        observer.receive(second)
    assert caught.value.seat == cheater and caught.value.evidence == (first, second)
    assert snapshot(observer) == before
    log = observer.log
    assert_audit_fault([*log, second], len(log), cheater, "equivocation")


def test_equivocation_between_buffered_entries_is_caught() -> None:
    game = new_game(3, seed=20)
    assert game.run(until=settled(game, lambda: any(t.choice_needed() for t in game.tables)))
    cheater = next(s for s, t in enumerate(game.tables) if t.choice_needed() == "bid")
    first = forge(game, cheater, "bid", {"round": 1, "bid": 0})
    second = forge(game, cheater, "bid", {"round": 1, "bid": 1})
    # A replica that has not yet seen the entries before: both are for a future position.
    seat = honest_seats(game, cheater)[0]
    game.restart(seat, [])
    table = game.tables[seat]
    assert table.receive(first) == []
    with pytest.raises(Equivocation) as caught:
        table.receive(second)
    assert caught.value.evidence == (first, second) and caught.value.seat == cheater


# --- a dispute with no cause ---------------------------------------------------------------------


def test_false_dispute_is_blamed_on_its_author() -> None:
    game = new_game(3, seed=21)
    table = game.tables[0]
    assert game.run(until=settled(game, lambda: "bid" in (table.expected() or (0, ()))[1]))
    due = table.expected()
    assert due is not None
    raw = forge(game, due[0], "dispute", {"round": 1, "reason": "I say so"}, log_of=table)
    game.deliver(raw, range(3))
    assert all(t.progress().stage == "reveal" for t in game.tables)
    assert_caught_at_reveal(game, due[0], "false-dispute")


# --- round checks put off until a seat's part of the next set-up is sent -----------------------


@pytest.mark.parametrize(
    ("kind", "how", "cheater"),
    [("shuffle", "swap", 1), ("shuffle", "foreign", 0), ("lock", "swap", 0)],
)
def test_a_deferred_round_check_blames_the_same_seat_at_the_same_position(
    kind: str, how: str, cheater: int
) -> None:
    found = {}
    for defer in (False, True):
        game = new_game(3, seed=3)
        game.defer_checks = defer
        for table in game.tables:
            table.scheduling.defer_checks = defer  # as WizardTable(defer_checks=...) sets it
        tamper = (
            shuffle_tamper(game, cheater, how)
            if kind == "shuffle"
            else Tamper(cheater, kind, swap_two, round_no=1)
        )
        game.outputs_filter = replace_own_entry(game, tamper)
        honest = honest_seats(game, cheater)
        assert game.run(until=detected_by_all(game, honest)), "the cheat went unnoticed"
        faults = {
            (fault.seat, fault.kind, fault.position)
            for fault in (cheat_found(game.tables[s]) for s in honest)
            if fault is not None
        }
        assert len(faults) == 1
        found[defer] = faults.pop()
        reveal = found[defer][2]
        assert reveals_the_round(game.tables[honest[0]].log[reveal])
        longest = max((game.tables[s].log for s in honest), key=len)
        disputed = any(m.decode_entry(line, BODIES).kind == "dispute" for line in longest)
        if defer and not disputed:  # a disputed round is checked at once
            # The next round's set-up went on before the check ran, and the audit of
            # the longer log still names the same seat at the reveal.
            assert len(longest) > reveal + 1
            assert m.decode_entry(longest[reveal + 1], BODIES).kind == "shuffle"
        assert_audit_fault(longest, reveal, cheater, kind)
    assert found[True] == found[False]
    assert found[True][:2] == (cheater, kind)


def test_a_put_off_check_falls_due_once_our_own_shuffle_of_the_next_round_is_out() -> None:
    """Until then this seat is on the set-up's critical path (WIZARD §3)."""
    game = new_game(4, seed=5)
    game.defer_checks = True
    for table in game.tables:
        table.scheduling.defer_checks = True
    seen: list[set[tuple[str, bool, bool]]] = [set() for _ in game.tables]
    while game.step() and not all(t.round and t.round.round_no >= 3 for t in game.tables):
        for seat, table in enumerate(game.tables):
            if table.scheduling.has_deferred_checks:
                assert table.round is not None
                ours_out = len(table.round.shuffles) > seat
                seen[seat].add((table.progress().stage, ours_out,
                                 table.scheduling.deferred_checks_due))
    for seat, states in enumerate(seen):
        assert all(due == (stage != "shuffle" or ours_out) for stage, ours_out, due in states)
        # Put off while the shuffles before ours come in, due as soon as ours is out.
        assert ("shuffle", False, False) in states or seat == 0
        assert ("shuffle", True, True) in states or seat == len(game.tables) - 1


def test_a_deferred_check_never_lets_a_game_finish_unchecked() -> None:
    game = new_game(3, seed=2)
    game.defer_checks = True
    for table in game.tables:
        table.scheduling.defer_checks = True
    ran = [0] * 3
    for i, table in enumerate(game.tables):
        original = table.scheduling.run_deferred_checks

        def counted(original: Any = original, i: int = i) -> list[Event]:
            ran[i] += game.tables[i].scheduling.deferred_checks
            return original()

        table.scheduling.run_deferred_checks = counted  # type: ignore[method-assign]
    game.run()
    rounds = game.config.rounds
    for i, table in enumerate(game.tables):
        assert isinstance(table.outcome, Finished)
        assert table.scheduling.deferred_checks == 0
        assert ran[i] == rounds - 1  # every round but the last was checked later


def test_a_deferred_check_runs_when_the_next_set_up_stalls_before_our_turn() -> None:
    game = new_game(3, seed=3)
    game.defer_checks = True
    for table in game.tables:
        table.scheduling.defer_checks = True
    cheater = 1
    tamper = replace_own_entry(game, shuffle_tamper(game, cheater))

    def then_go_silent(sender: int, batch: list[Broadcast]) -> list[Broadcast]:
        batch = tamper(sender, batch)
        if sender != cheater:
            return batch
        # The cheater never sends its shuffle of round 2 (nor anything after it).
        return [out for out in batch
                if m.decode_entry(out.entry, BODIES).body.get("round", 1) == 1]

    game.outputs_filter = then_go_silent
    game.run()
    last = game.tables[2]  # waits for the cheater's shuffle before its own: never due
    fault = cheat_found(last)
    assert fault is not None
    assert (fault.seat, fault.kind) == (cheater, "shuffle")
    assert m.decode_entry(last.log[-1], BODIES).kind == "shuffle"  # round 2 had begun


def test_a_put_off_check_still_runs_when_the_game_is_aborted() -> None:
    game = new_game(3, seed=3)
    game.defer_checks = True
    cheater = 1
    for table in game.tables:
        table.scheduling.defer_checks = True
    game.outputs_filter = replace_own_entry(game, shuffle_tamper(game, cheater))
    # Stop once round 2 has begun and the check is still put off at seat 2.
    table = game.tables[2]
    assert game.run(
        until=lambda: table.scheduling.has_deferred_checks and table.progress().stage == "shuffle"
    )
    assert table.outcome is None
    due = table.expected()
    assert due is not None
    stalled = due[0]
    writer = 1 if stalled == 0 else 0
    abort = forge(game, writer, "abort", {"stalled": stalled, "reason": "x"}, log_of=table)
    events = table.receive(abort)
    assert table.stage == "faulted" and table.log[-1] == abort  # the abort was taken
    fault = cheat_found(table)
    assert fault is not None and (fault.seat, fault.kind) == (cheater, "shuffle")
    # The game's end is reported once, as the cheat (which outranks the stall).
    assert [e for e in events if not isinstance(e, Accepted)] == [GameEnded(Faulted(fault))]


def test_a_tracking_point_in_a_later_round_with_more_seats_is_caught() -> None:
    game = new_game(5, seed=4)
    cheater = 2
    taken = reaching_the_deal(game, 2, cheater)
    dropped = [p for p in range(crypto.DECK_SIZE) if p not in set(taken)]
    inject = tracking_point_at(dropped[-1], taken[-1])
    game.outputs_filter = replace_own_entry(game, Tamper(cheater, "shuffle", inject, round_no=2))
    assert_caught_at_reveal(game, cheater, "shuffle")
