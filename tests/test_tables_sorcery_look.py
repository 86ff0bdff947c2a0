"""预见 at the table: the other seals the owner the top N of its deck, the owner alone
reads them and puts them back (some under the deck) in an order sealed to itself,
both run the arrangement epoch, and every game applies ``Look`` with the order
unknown; the opponent and a watcher never hold a face they were not shown; the owner
then draws what it placed; a tampered arrangement is caught and its author named."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sorcery_replica_support import MAX_ENTRIES, MemoryTable, replay
from wizard_p2p.errors import IllegalAction, PeerFault, UsageError
from wizard_p2p.sorcery.actions import EndTurn, Look
from wizard_p2p.sorcery.game import Game, Step
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.replica import Entry, SorceryReplica


def hidden_faces(game: Game, owner: int) -> list[int]:
    """Pieces of ``owner``'s deck whose face ``game`` holds."""
    return [pid for pid in game.sides[owner].deck if game.pieces[pid].known]


def assert_nothing_unshown(t: MemoryTable) -> None:
    """The opponent's game and the watcher's hold no face of a seat's deck (a hand's
    cards are shown as the game makes them public: the engine's own tests)."""
    for owner in (0, 1):
        assert not hidden_faces(t.watcher.game, owner)
        assert not hidden_faces(t.seats[1 - owner].game, owner)


def play_with_looks(seed: int, rate: float) -> tuple[MemoryTable, int]:
    """A game where the player to move looks at the top of its deck now and then (a
    random count, order and number put under), checked after every entry; the table
    and the number of looks."""
    t = MemoryTable(seed)
    rng = random.Random(seed ^ 0x100C)
    looks = 0
    for _ in range(MAX_ENTRIES):
        due = t.watcher.due()
        if due is None:
            break
        r = t.seats[due.seat]
        n = r.looking()
        if n is not None and r.choice_needed():
            order = list(range(n))
            rng.shuffle(order)
            r.choose(Look(due.seat, n, tuple(order), rng.randint(0, n)))
        elif SorceryKind.LOOK in due.kinds and r.choice_needed() and rng.random() < rate:
            r.begin_look(rng.randint(1, min(5, len(r.game.sides[due.seat].deck))))
            looks += 1
        entry = t.next_entry()
        assert entry is not None
        t.deliver(entry)
        if t.watcher.outcome is None:
            assert_nothing_unshown(t)
    return t, looks


# Each example is a whole game: a few in the fast profile, more in the thorough one.
@settings(max_examples=max(3, settings().max_examples // 12), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rate=st.sampled_from([0.1, 0.3]))
def test_looks_at_any_point_of_any_game_end_verified(seed: int, rate: float) -> None:
    t, looks = play_with_looks(seed, rate)
    assert t.watcher.outcome is not None and looks > 0
    assert t.watcher.outcome == t.seats[0].outcome == t.seats[1].outcome
    assert sum(e.kind == SorceryKind.LOOK for e in t.log) == looks
    assert sum(e.kind == SorceryKind.ARRANGED for e in t.log) == looks
    for seat in (0, 1):
        assert replay(t, t.log, seat).outcome == t.watcher.outcome


def first_turn(seed: int) -> tuple[MemoryTable, SorceryReplica, int]:
    t = MemoryTable(seed)
    t.play(until=lambda t: t.watcher.game.step is Step.PLAY
           and t.seats[t.watcher.game.to_move].choice_needed())
    seat = t.watcher.game.to_move
    return t, t.seats[seat], seat


def deliver_until(t: MemoryTable, kind: SorceryKind) -> None:
    for _ in range(MAX_ENTRIES):
        entry = t.next_entry()
        assert entry is not None
        t.deliver(entry)
        if entry.kind == kind:
            return
    raise AssertionError(f"no {kind} entry came")


@pytest.mark.parametrize("seed", [0, 1])
def test_the_owner_alone_reads_the_top_and_draws_what_it_placed(seed: int) -> None:
    t, r, seat = first_turn(seed)
    other = t.seats[1 - seat]
    r.begin_look(3)
    deliver_until(t, SorceryKind.SEALED)
    assert r.looking() == 3 and other.looking() is None
    top = r.game.sides[seat].deck[:3]
    faces = [r.game.pieces[pid].face for pid in top]
    assert all(faces)
    assert_nothing_unshown(t)
    with pytest.raises(IllegalAction):
        r.choose(EndTurn(seat, ()))  # a look ends with the cards put back
    with pytest.raises(IllegalAction):
        r.choose(Look(seat, 2, (1, 0)))  # all of them
    r.choose(Look(seat, 3, (2, 0, 1), 1))  # the third on top, then the first; the second under
    at = len(t.log)
    deliver_until(t, SorceryKind.ACT)
    kinds = [(e.seat, e.kind) for e in t.log[at:]]
    assert kinds[0] == (seat, SorceryKind.ARRANGED) and kinds[-1] == (seat, SorceryKind.ACT)
    assert [k for _, k in kinds[1:-1]] == [SorceryKind.PASS] * 4
    assert t.log[-1].body["action"] == f"p{seat} look 3 ? under=1"  # the order no one's
    deck = r.game.sides[seat].deck
    assert [r.game.pieces[pid].face for pid in (deck[0], deck[1], deck[-1])] == \
        [faces[2], faces[0], faces[1]]
    rebuilt = replay(t, t.log, seat)  # a seat rebuilt from the log knows them again
    assert [rebuilt.game.pieces[pid].face for pid in (deck[0], deck[1], deck[-1])] == \
        [faces[2], faces[0], faces[1]]
    assert not set(top) & set(r.game.pieces)  # renumbered, in every game
    assert not set(top) & set(t.watcher.game.pieces) and not set(top) & set(other.game.pieces)
    assert_nothing_unshown(t)
    placed = [deck[0], deck[1]]
    # The owner draws what it placed: its next draws read the same faces.
    t.play(until=lambda t: t.watcher.outcome is not None
           or len(t.seats[seat].game.sides[seat].deck) <= len(deck) - 2)
    hand = r.game.sides[seat].hand
    drawn = [pid for pid in hand if pid in placed]
    assert all(r.game.pieces[pid].face == faces[[2, 0][placed.index(pid)]] for pid in drawn)
    t.play()
    assert t.watcher.outcome is not None and t.seats[1 - seat].outcome == t.watcher.outcome


def test_a_look_is_asked_only_by_the_player_to_move_and_within_the_deck() -> None:
    t, r, seat = first_turn(2)
    waiting = t.seats[1 - seat]
    with pytest.raises(UsageError):
        waiting.begin_look(2)
    with pytest.raises(UsageError):
        r.begin_look(len(r.game.sides[seat].deck) + 1)
    too_many = Entry(seat, SorceryKind.LOOK, {"count": len(r.game.sides[seat].deck) + 1})
    with pytest.raises(PeerFault) as caught:
        t.watcher.receive(too_many)
    assert caught.value.seat == seat


@pytest.fixture(scope="module")
def looked() -> tuple[MemoryTable, int, int]:
    """A whole game with a look of four on the first turn (one put under); the looker
    and the index of its ``arranged`` in the log."""
    t, r, seat = first_turn(3)
    r.begin_look(4)
    deliver_until(t, SorceryKind.SEALED)
    r.choose(Look(seat, 4, (3, 1, 0, 2), 1))
    at = len(t.log)
    t.play()
    assert t.watcher.outcome is not None and t.log[at].kind == SorceryKind.ARRANGED
    return t, seat, at


def tamper(t: MemoryTable, at: int, change: object) -> list[Entry]:
    log = list(t.log)
    body = copy.deepcopy(dict(log[at].body))
    change(body)  # type: ignore[operator]
    log[at] = Entry(log[at].seat, log[at].kind, body)
    return log


def blamed(t: MemoryTable, log: list[Entry], author: int) -> None:
    for viewer in (None, 1 - author):
        with pytest.raises(PeerFault) as caught:
            replay(t, log, viewer)
        assert caught.value.seat == author, (viewer, caught.value)


def test_the_honest_look_replays(looked: tuple[MemoryTable, int, int]) -> None:
    t, _, _ = looked
    for viewer in (None, 0, 1):
        assert replay(t, t.log, viewer).outcome == t.watcher.outcome


def test_more_put_under_than_the_look_says_is_the_lookers_fault(
    looked: tuple[MemoryTable, int, int],
) -> None:
    t, seat, at = looked

    def under(body: dict[str, object]) -> None:
        message = body["message"]
        assert isinstance(message, dict)
        message["bottom"] = 2

    blamed(t, tamper(t, at, under), seat)


def test_another_order_sealed_is_the_lookers_fault(looked: tuple[MemoryTable, int, int]) -> None:
    t, seat, at = looked

    def reseal(body: dict[str, object]) -> None:
        message = body["message"]
        assert isinstance(message, dict)
        box = bytearray.fromhex(str(message["order_box"]))
        box[-1] ^= 1
        message["order_box"] = box.hex()

    blamed(t, tamper(t, at, reseal), seat)


@pytest.mark.parametrize("step", [1, 2, 3, 4])
def test_a_pass_of_the_arrangement_tampered_is_its_authors_fault(
    looked: tuple[MemoryTable, int, int], step: int,
) -> None:
    t, seat, at = looked
    entry = t.log[at + step]
    assert entry.kind == SorceryKind.PASS and entry.body["message"]["step"] == step
    assert entry.seat == (seat if step % 2 else 1 - seat)

    def reorder(body: dict[str, object]) -> None:
        message = body["message"]
        assert isinstance(message, dict)
        points = message["points"]
        assert isinstance(points, list)
        points[0], points[1] = points[1], points[0]

    log = tamper(t, at + step, reorder)
    # A tampered last pass (the other's) is named by the owner at its first read of a
    # moved card, by the other from its own secret, and by a watcher at the end (the
    # owner's openings of those cards held until the passes are checked).
    for viewer in (None, 0, 1):
        if viewer == entry.seat and step != 4:
            continue  # a seat's own replay of a log it did not write: not asked
        with pytest.raises(PeerFault) as caught:
            replay(t, log, viewer)
        assert caught.value.seat == entry.seat, (viewer, caught.value)


def test_a_look_acted_with_another_count_is_the_lookers_fault(
    looked: tuple[MemoryTable, int, int],
) -> None:
    t, seat, at = looked

    def recount(body: dict[str, object]) -> None:
        body["action"] = f"p{seat} look 3 ? under=1"

    blamed(t, tamper(t, at + 5, recount), seat)


def test_a_look_order_given_at_the_table_is_the_lookers_fault(
    looked: tuple[MemoryTable, int, int],
) -> None:
    t, seat, at = looked

    def disclose(body: dict[str, object]) -> None:
        body["action"] = f"p{seat} look 4 3,1,0,2 under=1"

    blamed(t, tamper(t, at + 5, disclose), seat)
