"""巫师牌's replica names the seat at fault: a log with one entry tampered with is
replayed by a fresh watcher and by the honest seat rebuilt from its master secret, and
each stops at the fault (at once, or at the end's checks) naming the entry's author."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tests.sorcery_replica_support import MemoryTable, replay
from wizard_p2p.crypto.deck_faults import (
    BrokenCommitment,
    DeckFault,
    WrongOpening,
    WrongPass,
)
from wizard_p2p.errors import PeerFault, UsageError
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.replica import Entry

SEED = 7  # a game with a mulligan


@pytest.fixture(scope="module")
def honest() -> MemoryTable:
    t = MemoryTable(SEED)
    t.play()
    assert t.watcher.outcome is not None
    return t


def tampered(
    t: MemoryTable, pick: Callable[[int, Entry], bool], change: Callable[[dict[str, Any]], None]
) -> tuple[list[Entry], Entry]:
    """The log with the first entry ``pick`` chooses changed by ``change``."""
    log = list(t.log)
    at = next(i for i, e in enumerate(log) if pick(i, e))
    body = copy.deepcopy(dict(log[at].body))
    change(body)
    log[at] = Entry(log[at].seat, log[at].kind, body)
    return log, log[at]


def blamed(t: MemoryTable, log: list[Entry], author: int) -> list[PeerFault]:
    """Replay ``log`` by a watcher and by the honest seat; both blame ``author``."""
    faults = []
    for seat in (None, 1 - author):
        with pytest.raises(PeerFault) as caught:
            replay(t, log, seat)
        assert caught.value.seat == author, (seat, caught.value)
        faults.append(caught.value)
    return faults


def test_the_honest_log_replays_to_the_same_end(honest: MemoryTable) -> None:
    assert replay(honest, honest.log).outcome == honest.watcher.outcome
    for seat in (0, 1):
        assert replay(honest, honest.log, seat).outcome == honest.watcher.outcome


def test_a_swapped_card_in_an_opening_is_the_owners_fault(honest: MemoryTable) -> None:
    def swap(body: dict[str, Any]) -> None:
        other = "111715" if bytes.fromhex(body["message"]["card"]) != b"111715" else "111716"
        body["message"]["card"] = other.encode().hex()

    log, entry = tampered(honest, lambda i, e: e.kind == SorceryKind.OPENED, swap)
    for fault in blamed(honest, log, entry.seat):
        assert isinstance(fault, WrongOpening)


def test_a_card_played_that_is_not_at_its_position_is_caught(honest: MemoryTable) -> None:
    def elsewhere(body: dict[str, Any]) -> None:
        epoch, position = body["message"]["address"]
        body["message"]["address"] = [epoch, (position + 1) % 30]

    log, entry = tampered(honest, lambda i, e: e.kind == SorceryKind.OPENED, elsewhere)
    for fault in blamed(honest, log, entry.seat):
        assert isinstance(fault, WrongOpening)


def test_a_card_played_without_its_opening_is_the_players_fault(honest: MemoryTable) -> None:
    at = next(i for i, e in enumerate(honest.log) if e.kind == SorceryKind.OPENED)
    author = honest.log[at].seat
    log = honest.log[:at] + honest.log[at + 1 :]
    for fault in blamed(honest, log, author):
        assert "illegal act" in str(fault)


def test_a_wrong_pass_is_caught_at_the_end_and_its_author_named(honest: MemoryTable) -> None:
    def reorder(body: dict[str, Any]) -> None:
        points = body["message"]["points"]
        points[0], points[1] = points[1], points[0]

    log, entry = tampered(
        honest, lambda i, e: e.kind == SorceryKind.PASS and e.body["message"]["step"] == 2,
        reorder)
    for fault in blamed(honest, log, entry.seat):
        assert isinstance(fault, WrongPass)


def test_an_illegal_act_is_its_authors_fault_naming_the_rule(honest: MemoryTable) -> None:
    def summon_nothing(body: dict[str, Any]) -> None:
        player = body["action"].split()[0]
        body["action"] = f"{player} summon 9999 r0c0"

    log, entry = tampered(
        honest, lambda i, e: e.kind == SorceryKind.ACT and "summon" in e.body["action"],
        summon_nothing)
    for fault in blamed(honest, log, entry.seat):
        assert "illegal act" in str(fault)


def test_an_act_that_does_not_decode_is_refused_with_a_reason(honest: MemoryTable) -> None:
    def garble(body: dict[str, Any]) -> None:
        body["action"] = "p0 fly-away"

    log, entry = tampered(honest, lambda i, e: e.kind == SorceryKind.ACT, garble)
    for fault in blamed(honest, log, entry.seat):
        assert "does not decode" in str(fault)


def test_a_reveal_of_another_list_is_the_owners_fault(honest: MemoryTable) -> None:
    def swap_lists(body: dict[str, Any]) -> None:
        main = body["message"]["main"]
        j = next(j for j in range(1, len(main)) if main[j] != main[0])
        main[0], main[j] = main[j], main[0]

    log, entry = tampered(honest, lambda i, e: e.kind == SorceryKind.DECK_OPENED, swap_lists)
    for fault in blamed(honest, log, entry.seat):
        assert isinstance(fault, BrokenCommitment)


def test_a_wrong_secret_revealed_is_the_revealers_fault(honest: MemoryTable) -> None:
    def other_secret(body: dict[str, Any]) -> None:
        body["message"]["secret"] = "11" * 32

    log, entry = tampered(honest, lambda i, e: e.kind == SorceryKind.REVEALED, other_secret)
    faults = []
    for seat in (None, 1 - entry.seat):
        # The deck's other reveals last: the owner (the honest seat here) and a watcher
        # check the whole deck with it.
        with pytest.raises(DeckFault) as caught:
            replay(honest, log, seat)
        faults.append(caught.value)
    assert all(f.seat == entry.seat for f in faults)


def test_an_entry_out_of_turn_is_its_authors_fault(honest: MemoryTable) -> None:
    log = list(honest.log)
    first_act = next(i for i, e in enumerate(log) if e.kind == SorceryKind.ACT)
    intruder = Entry(1 - log[first_act].seat, log[first_act].kind, log[first_act].body)
    log[first_act] = intruder
    for fault in blamed(honest, log, intruder.seat):
        assert "not due" in str(fault)


def test_keys_sealed_for_another_count_than_drawn_are_the_sealers_fault(
    honest: MemoryTable,
) -> None:
    def fewer(body: dict[str, Any]) -> None:
        message = body["message"]
        message["count"] -= 1
        message["box"] = message["box"][: -64]

    log, entry = tampered(
        honest, lambda i, e: e.kind == SorceryKind.SEALED and e.body["message"]["count"] > 1,
        fewer)
    for fault in blamed(honest, log, entry.seat):
        assert "sealed" in str(fault)


def test_after_a_fault_the_replica_takes_nothing_more(honest: MemoryTable) -> None:
    log = list(honest.log)
    at = next(i for i, e in enumerate(log) if e.kind == SorceryKind.ACT)
    bad = Entry(log[at].seat, log[at].kind, {"action": "p0 fly", "shown": []})
    watcher = honest.new_watcher()
    for entry in log[:at]:
        watcher.receive(entry)
    with pytest.raises(PeerFault):
        watcher.receive(bad)
    assert watcher.fault is not None and watcher.fault.seat == bad.seat
    assert watcher.due() is None and watcher.outcome is None
    with pytest.raises(UsageError):
        watcher.receive(log[at])
