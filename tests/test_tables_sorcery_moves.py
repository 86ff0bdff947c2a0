"""The moves of a deck beyond a draw, a search and a plain look, at the table: a shuffle
of the deck (the owner's ``returned`` of none, then a shuffle epoch), a card of the
hand or shown put into the deck on top or under it (``placed``, a placement epoch), a
look that moves some of the cards it looked at out of the deck (``MoveCard`` acts,
openings first when the card goes where both see it), and the top card moved out of
the deck (a look at one, then its move). At any point of any game each ends verified,
and neither the opponent nor a watcher ever holds a face it was not shown."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sorcery_replica_support import MAX_ENTRIES, MemoryTable, replay
from wizard_p2p.errors import IllegalAction, PeerFault
from wizard_p2p.sorcery.actions import Action, Look, MoveCard, Shuffle, Unknown, Zone
from wizard_p2p.sorcery.game import Game, Step
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.replica import CardsLearned, Entry, SorceryReplica

MOVES = ("shuffle", "hand-to-deck", "shown-to-deck", "top-out", "look-take")


def faces_of(game: Game, owner: int) -> set[int]:
    """Pieces of ``owner``'s deck and hand whose face ``game`` holds."""
    side = game.sides[owner]
    return {pid for pid in (*side.deck, *side.hand) if game.pieces[pid].known}


class Watched:
    """A table whose every entry goes to every replica, the faces each learned kept."""

    def __init__(self, t: MemoryTable) -> None:
        self.t = t
        self.learned: dict[int, set[int]] = {id(r): set() for r in t.replicas}

    def deliver(self, entry: Entry) -> None:
        for r in self.t.replicas:
            for event in r.receive(entry):
                if isinstance(event, CardsLearned):
                    self.learned[id(r)].update(event.pieces)
        self.t.log.append(entry)

    def check_nothing_unshown(self) -> None:
        """The opponent's game and the watcher's hold no face of a seat's deck or hand
        that was not shown to them (opened, as their own events say)."""
        t = self.t
        for owner in (0, 1):
            for viewer in (t.watcher, t.seats[1 - owner]):
                held = faces_of(viewer.game, owner)
                assert held <= self.learned[id(viewer)], (owner, viewer.seat)


def _try(r: SorceryReplica, actions: list[Action]) -> bool:
    """Choose the first of ``actions`` the table and the rules take."""
    for action in actions:
        try:
            r.choose(action)
        except IllegalAction:
            continue
        return True
    return False


def start_move(r: SorceryReplica, seat: int, move: str, rng: random.Random) -> bool:
    """Begin ``move`` for ``seat`` now, if it can be made; whether it was."""
    g = r.game
    side = g.sides[seat]
    if move == "shuffle":
        return bool(side.deck) and _try(r, [Shuffle(seat, Unknown.ORDER)])
    if move == "hand-to-deck":
        hand = list(side.hand)
        rng.shuffle(hand)
        return _try(r, [MoveCard(seat, pid, Zone.DECK, bottom=rng.random() < 0.5)
                        for pid in hand])
    if move == "shown-to-deck":
        shown = [pid for pid, p in g.pieces.items()
                 if p.owner == seat and p.zone in (Zone.DISCARD, Zone.UNITS) and p.known
                 and not p.is_hero]
        return _try(r, [MoveCard(seat, pid, Zone.DECK, bottom=rng.random() < 0.5)
                        for pid in shown])
    if not side.deck or SorceryKind.LOOK not in (r.due().kinds if r.due() else ()):
        return False
    if move == "top-out":
        zone = rng.choice([Zone.HAND, Zone.DISCARD])
        return _try(r, [MoveCard(seat, side.deck[0], zone)])
    r.begin_look(rng.randint(1, min(4, len(side.deck))))
    return True


def end_look(r: SorceryReplica, seat: int, n: int, rng: random.Random) -> None:
    """Our choice in a look at ``n``: move some looked-at cards out, put the rest back."""
    looked = list(r.game.sides[seat].deck[:n])
    taken = rng.sample(looked, rng.randint(0, n))
    for pid in taken:
        if not _try(r, [MoveCard(seat, pid, rng.choice([Zone.HAND, Zone.DISCARD])),
                        MoveCard(seat, pid, Zone.HAND)]):
            taken.remove(pid)
        if not r.choice_needed():
            return  # every card moved: the look ends there
    rest = n - len(taken)
    order = list(range(rest))
    rng.shuffle(order)
    r.choose(Look(seat, rest, tuple(order), rng.randint(0, rest)))


def play_with_moves(seed: int, rate: float, moves: tuple[str, ...] = MOVES
                    ) -> tuple[Watched, dict[str, int]]:
    """A game where the player to move makes one of ``moves`` now and then, checked after
    every entry; the table and how many of each move were made."""
    t = MemoryTable(seed)
    w = Watched(t)
    rng = random.Random(seed ^ 0x30E5)
    made = dict.fromkeys(moves, 0)
    for _ in range(MAX_ENTRIES):
        due = t.watcher.due()
        if due is None:
            break
        r = t.seats[due.seat]
        n = r.looking()
        if n is not None and r.choice_needed():
            end_look(r, due.seat, n, rng)
        elif (r.choice_needed() and t.watcher.game.step is Step.PLAY
              and due.seat == t.watcher.game.active and rng.random() < rate):
            move = rng.choice(moves)
            if start_move(r, due.seat, move, rng):
                made[move] += 1
        entry = t.next_entry()
        assert entry is not None
        w.deliver(entry)
        if t.watcher.outcome is None:
            w.check_nothing_unshown()
    return w, made


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rate=st.sampled_from([0.15, 0.3]),
       moves=st.sets(st.sampled_from(MOVES), min_size=1))
def test_deck_moves_at_any_point_of_any_game_end_verified(
    seed: int, rate: float, moves: set[str]
) -> None:
    w, made = play_with_moves(seed, rate, tuple(sorted(moves)))
    t = w.t
    assert t.watcher.outcome is not None and sum(made.values()) > 0
    assert t.watcher.outcome == t.seats[0].outcome == t.seats[1].outcome
    for viewer in (None, 0, 1):
        assert replay(t, t.log, viewer).outcome == t.watcher.outcome


@pytest.mark.parametrize("move", MOVES)
def test_each_move_is_carried_to_a_verified_end(move: str) -> None:
    for seed in range(12):
        w, made = play_with_moves(seed, 0.3, (move,))
        if made[move]:
            break
    else:
        pytest.fail(f"no game of twelve made a {move}")
    t = w.t
    assert t.watcher.outcome is not None
    assert t.watcher.outcome == t.seats[0].outcome == t.seats[1].outcome
    kinds = {e.kind for e in t.log}
    wanted = {"shuffle": SorceryKind.RETURNED, "hand-to-deck": SorceryKind.PLACED,
              "shown-to-deck": SorceryKind.PLACED, "top-out": SorceryKind.LOOK,
              "look-take": SorceryKind.LOOK}[move]
    assert wanted in kinds
    for viewer in (None, 0, 1):
        assert replay(t, t.log, viewer).outcome == t.watcher.outcome


def test_a_card_placed_on_top_is_the_next_drawn_and_the_owner_knows_it() -> None:
    for seed in range(12):
        t = MemoryTable(seed)
        t.play(until=lambda t: t.watcher.game.step is Step.PLAY
               and t.seats[t.watcher.game.to_move].choice_needed())
        seat = t.watcher.game.to_move
        r = t.seats[seat]
        moved = next((pid for pid in r.game.sides[seat].hand
                      if _try(r, [MoveCard(seat, pid, Zone.DECK)])), None)
        if moved is not None:
            break
    else:
        pytest.fail("no hand card could be put on the deck")
    w = Watched(t)
    face = r.game.pieces[moved].face
    at = len(t.log)
    while not any(e.kind == SorceryKind.PLACED for e in t.log[at:]):
        entry = t.next_entry()
        assert entry is not None
        w.deliver(entry)
    placed = next(e for e in t.log[at:] if e.kind == SorceryKind.PLACED)
    assert placed.seat == seat and placed.body["message"]["bottom"] == 0
    for viewer in (t.watcher, t.seats[1 - seat]):  # where it went, not what it is
        assert viewer.game.sides[seat].deck[0] == moved
        assert not viewer.game.pieces[moved].known
    assert r.game.sides[seat].deck[0] == moved and r.game.pieces[moved].face == face
    # Its next draw reads that card again (the owner's deck checks it).
    t.play(until=lambda t: moved in t.seats[seat].game.sides[seat].hand
           or t.watcher.outcome is not None)
    assert t.watcher.outcome is not None or r.game.pieces[moved].face == face
    t.play()
    assert t.watcher.outcome is not None


def test_a_placement_tampered_is_the_owners_fault() -> None:
    w, made = play_with_moves(3, 0.3, ("hand-to-deck",))
    t = w.t
    assert made["hand-to-deck"]
    at = next(i for i, e in enumerate(t.log) if e.kind == SorceryKind.PLACED)
    log = list(t.log)
    body = dict(log[at].body)
    message = dict(body["message"])
    message["bottom"] = 1 - message["bottom"]  # on top instead of under, or the reverse
    body["message"] = message
    log[at] = Entry(log[at].seat, log[at].kind, body)
    for viewer in (None, 1 - log[at].seat):
        with pytest.raises(PeerFault) as caught:
            replay(t, log, viewer)
        assert caught.value.seat == log[at].seat
        assert "placed otherwise" in str(caught.value)  # at once, not at the end


def test_a_shuffle_that_puts_back_a_card_of_the_hand_is_the_owners_fault() -> None:
    w, made = play_with_moves(3, 0.3, ("shuffle",))
    t = w.t
    assert made["shuffle"]
    at = next(i for i, e in enumerate(t.log)
              if e.kind == SorceryKind.RETURNED and not e.body["message"]["addresses"])
    owner = t.log[at].seat
    watcher = t.new_watcher()
    for entry in t.log[:at]:
        watcher.receive(entry)
    hand = watcher.decks[owner].hand
    assert hand
    body = {"deck": owner, "message": {"kind": "returned", "addresses": [list(hand[0])]}}
    with pytest.raises(PeerFault) as caught:
        watcher.receive(Entry(owner, SorceryKind.RETURNED, body))
    assert caught.value.seat == owner and "put back" in str(caught.value)
