"""检索 at the table: the owner's whole deck is sealed to it, it takes the card it names
(or none), the rest is reshuffled by both, and the engine's ``Search`` (or ``Shuffle``)
follows with the order unknown to all; the other seat and a watcher learn nothing of
the deck; the game then plays on to a verified end."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sorcery_replica_support import MAX_ENTRIES, MemoryTable, replay
from wizard_p2p.errors import IllegalAction, PeerFault, UsageError
from wizard_p2p.sorcery.actions import Action, EndTurn, Search, Shuffle, Unknown
from wizard_p2p.sorcery.game import Step
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.replica import Entry, SorceryReplica

Pick = Callable[[SorceryReplica, int], Action]


def take_last(r: SorceryReplica, seat: int) -> Action:
    return Search(seat, r.game.sides[seat].deck[-1], Unknown.ORDER)


def take_none(r: SorceryReplica, seat: int) -> Action:
    return Shuffle(seat, Unknown.ORDER)


def search_once(seed: int, pick: Pick) -> tuple[MemoryTable, int, int]:
    """A game where the first player searches its deck on its first turn, ``pick``
    choosing the card; played to the end. Returns the table, the searcher and the index
    in the log of its ``search`` entry."""
    t = MemoryTable(seed)
    t.play(until=lambda t: t.watcher.game.step is Step.PLAY
           and t.seats[t.watcher.game.to_move].choice_needed())
    seat = t.watcher.game.to_move
    r = t.seats[seat]
    r.begin_search()
    at = len(t.log)
    for _ in range(MAX_ENTRIES):
        if r.searching() and r.choice_needed():
            r.choose(pick(r, seat))
        entry = t.next_entry()
        if entry is None:
            break
        t.deliver(entry)
    assert t.watcher.outcome is not None
    return t, seat, at


@pytest.mark.parametrize("seed", [0, 1])
def test_a_search_takes_the_named_card_and_both_reshuffle_the_rest(seed: int) -> None:
    t, seat, at = search_once(seed, take_last)
    kinds = [(e.seat, e.kind) for e in t.log[at : at + 8]]
    other = 1 - seat
    assert kinds == [
        (seat, SorceryKind.SEARCH), (other, SorceryKind.SEALED), (seat, SorceryKind.ARRANGED),
        (seat, SorceryKind.PASS), (other, SorceryKind.PASS), (seat, SorceryKind.PASS),
        (other, SorceryKind.PASS), (seat, SorceryKind.ACT),
    ]
    sealed = t.log[at + 1].body["message"]
    assert sealed["purpose"] == "search"
    act = t.log[at + 7].body["action"]
    assert act.split()[1] == "search" and act.split()[3] == "?"  # the order unknown to all
    # Every replica ends verified, the full replay included.
    assert t.seats[0].outcome == t.seats[1].outcome == t.watcher.outcome is not None
    assert replay(t, t.log, seat).outcome == t.watcher.outcome


def test_only_the_searcher_learns_its_deck() -> None:
    t = MemoryTable(0)
    t.play(until=lambda t: t.watcher.game.step is Step.PLAY
           and t.seats[t.watcher.game.to_move].choice_needed())
    seat = t.watcher.game.to_move
    r, other = t.seats[seat], t.seats[1 - seat]
    r.begin_search()
    while not (r.searching() and r.choice_needed()):
        entry = t.next_entry()
        assert entry is not None
        t.deliver(entry)
    deck = list(r.game.sides[seat].deck)
    assert deck and all(r.game.pieces[pid].known for pid in deck)
    assert not any(other.game.pieces[pid].known for pid in deck)
    assert not any(t.watcher.game.pieces[pid].known for pid in deck)
    wanted = deck[len(deck) // 2]
    face = r.game.pieces[wanted].face
    with pytest.raises(IllegalAction):
        r.choose(EndTurn(seat, ()))  # a search ends with a card, or none
    r.choose(Search(seat, wanted, Unknown.ORDER))
    while True:
        entry = t.next_entry()
        assert entry is not None
        t.deliver(entry)
        if entry.kind == SorceryKind.ACT:
            break
    assert r.game.pieces[wanted].face == face
    assert wanted in r.game.sides[seat].hand
    # The rest is a fresh deck nobody knows, the searcher included.
    assert not any(r.game.pieces[pid].known for pid in r.game.sides[seat].deck)
    assert not other.game.pieces[wanted].known and not t.watcher.game.pieces[wanted].known


def test_a_search_may_take_no_card() -> None:
    t, _, at = search_once(1, take_none)
    arranged = t.log[at + 2]
    assert arranged.kind == SorceryKind.ARRANGED and arranged.body["message"]["taken"] == []
    act = next(e for e in t.log[at:] if e.kind == SorceryKind.ACT)
    assert act.body["action"].split()[1] == "shuffle"


def test_a_search_naming_another_card_than_taken_is_the_searchers_fault() -> None:
    t, seat, at = search_once(0, take_last)
    act = t.log[at + 7]
    words = act.body["action"].split()
    words[2] = str(int(words[2]) - 1)  # the piece above the one taken
    log = list(t.log)
    log[at + 7] = Entry(act.seat, act.kind, {**act.body, "action": " ".join(words)})
    for viewer in (None, 1 - seat):
        with pytest.raises(PeerFault) as caught:
            replay(t, log, viewer)
        assert caught.value.seat == seat


def test_a_search_is_asked_only_by_the_player_to_move() -> None:
    t = MemoryTable(2)
    t.play(until=lambda t: t.watcher.game.step is Step.PLAY
           and t.seats[t.watcher.game.to_move].choice_needed())
    waiting = t.seats[1 - t.watcher.game.to_move]
    with pytest.raises(UsageError):
        waiting.begin_search()
    intruder = Entry(waiting.seat or 0, SorceryKind.SEARCH, {})
    with pytest.raises(PeerFault) as caught:
        t.watcher.receive(intruder)
    assert caught.value.seat == intruder.seat


# Each example is a whole game: a few in the fast profile, more in the thorough one.
@settings(max_examples=max(3, settings().max_examples // 12), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rate=st.sampled_from([0.05, 0.2]))
def test_searches_at_any_point_of_any_game_end_verified(seed: int, rate: float) -> None:
    t = MemoryTable(seed)
    rng = random.Random(seed)
    searches = 0
    for _ in range(MAX_ENTRIES):
        due = t.watcher.due()
        if due is None:
            break
        r = t.seats[due.seat]
        if r.searching() and r.choice_needed():
            deck = r.game.sides[due.seat].deck
            r.choose(Search(due.seat, rng.choice(deck), Unknown.ORDER) if rng.random() < 0.8
                     else Shuffle(due.seat, Unknown.ORDER))
        elif SorceryKind.SEARCH in due.kinds and r.choice_needed() and rng.random() < rate:
            r.begin_search()
            searches += 1
        entry = t.next_entry()
        assert entry is not None
        t.deliver(entry)
    assert t.watcher.outcome is not None
    assert t.watcher.outcome == t.seats[0].outcome == t.seats[1].outcome
    assert sum(e.kind == SorceryKind.SEARCH for e in t.log) == searches
    for seat in (0, 1):
        assert replay(t, t.log, seat).outcome == t.watcher.outcome
