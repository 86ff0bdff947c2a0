"""巫师牌's replica: two seats and a watcher play whole games bot against bot to a
winner over entries exchanged in memory; no replica holds a face it was not shown; a
seat rebuilt from the entries and its master secret is the same seat."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sorcery_replica_support import MemoryTable, replay
from tests.sorcery_support import real_card_file
from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.sorcery.actions import CreateDerived, EndTurn, MoveCard, Search, Unknown, Zone
from wizard_p2p.sorcery.decks import read_code
from wizard_p2p.sorcery.game import Decklist, Game, Step
from wizard_p2p.sorcery.starters import STARTERS
from wizard_p2p.tables.sorcery.bodies import Act, decode_entry
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.replica import Entry, SorceryReplica


def faces(game: Game) -> dict[int, str | None]:
    return {pid: p.face.number if p.face else None for pid, p in game.pieces.items()}


def in_clear(log: list[Entry], owner: int) -> set[str]:
    """The card numbers of ``owner``'s cards the entries carry in clear."""
    found: set[str] = set()
    for e in log:
        if e.kind == SorceryKind.OPENED and e.body["deck"] == owner:
            found.add(bytes.fromhex(e.body["message"]["card"]).decode())
        elif e.kind == SorceryKind.ACT and e.seat == owner:
            found.update(number for _, number in e.body["shown"])
    return found


def check_no_unshown_face(t: MemoryTable) -> None:
    """Every face of a player's card that another replica holds was in clear in the log,
    or is shown to all from the start (hero, extra deck)."""
    for viewer, r in ((0, t.seats[0]), (1, t.seats[1]), (None, t.watcher)):
        for owner in (0, 1):
            if owner == viewer:
                continue
            clear = in_clear(t.log, owner)
            deck = t.decks[owner]
            start = {deck.hero.number, *(c.number for c in deck.extra)}
            for p in r.game.pieces.values():
                if p.owner == owner and p.face is not None and not p.derived:
                    assert p.face.number in clear | start, (viewer, p)


@pytest.mark.parametrize("seed", range(4))
def test_two_seats_and_a_watcher_play_a_whole_game_to_a_winner(seed: int) -> None:
    t = MemoryTable(seed)
    t.play()
    assert t.watcher.outcome is not None
    assert t.watcher.outcome.winner in (0, 1)
    assert t.seats[0].outcome == t.seats[1].outcome == t.watcher.outcome
    assert t.watcher.due() is None and t.seats[0].owed() is None
    kinds = {e.kind for e in t.log}
    assert {SorceryKind.DECK_OPENED, SorceryKind.REVEALED, SorceryKind.OPENED,
            SorceryKind.SEALED} <= kinds
    # Each seat's game agrees with the watcher's on every public card.
    for seat in t.seats:
        for pid, p in t.watcher.game.pieces.items():
            if p.face is not None:
                assert seat.game.pieces[pid].face == p.face


# Each example is a whole game: a few in the fast profile, more in the thorough one.
@settings(max_examples=max(4, settings().max_examples // 10), deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_any_seed_ends_verified_with_no_face_held_unshown(seed: int) -> None:
    t = MemoryTable(seed)
    for _ in range(100_000):
        entry = t.next_entry()
        if entry is None:
            break
        t.deliver(entry)
        if len(t.log) % 9 == 0:
            check_no_unshown_face(t)
    check_no_unshown_face(t)
    assert t.watcher.outcome is not None
    assert t.watcher.outcome == t.seats[0].outcome == t.seats[1].outcome


def test_a_mulligan_puts_four_back_reshuffled_by_both_and_draws_four() -> None:
    seed = next(s for s in range(40) if _mulligans(s))
    t = MemoryTable(seed)
    t.play()
    at = next(i for i, e in enumerate(t.log) if e.kind == SorceryKind.RETURNED)
    returned = t.log[at]
    assert len(returned.body["message"]["addresses"]) == 4
    passes = t.log[at + 1 : at + 5]
    assert [e.kind for e in passes] == [SorceryKind.PASS] * 4
    assert [e.seat for e in passes] == [returned.seat, 1 - returned.seat] * 2
    sealed = t.log[at + 5]
    assert sealed.kind == SorceryKind.SEALED and sealed.seat == 1 - returned.seat
    assert sealed.body["message"]["count"] == 4
    assert t.watcher.outcome is not None


def _mulligans(seed: int) -> bool:
    t = MemoryTable(seed)
    t.play(until=lambda t: t.watcher.game.step is not Step.MULLIGAN)
    return any(e.kind == SorceryKind.RETURNED for e in t.log)


def test_a_seat_rebuilt_from_the_entries_and_its_secret_is_the_same() -> None:
    t = MemoryTable(3)
    checked = 0
    for _ in range(100_000):
        entry = t.next_entry()
        if entry is None:
            break
        if len(t.log) % 7 == 5:
            rebuilt = replay(t, t.log, entry.seat)
            owed = rebuilt.owed()
            if owed is None:  # a choice: the rebuilt seat is asked for it too
                assert rebuilt.choice_needed()
                decoded = decode_entry(entry.kind, dict(entry.body))
                if isinstance(decoded, Act):
                    rebuilt.choose(decoded.action)
                    assert rebuilt.owed() == entry
                    checked += 1
            else:
                assert owed == entry
                checked += 1
            assert faces(rebuilt.game) == faces(t.seats[entry.seat].game)
        t.deliver(entry)
    assert checked > 10
    for seat in (0, 1):
        rebuilt = replay(t, t.log, seat)
        assert rebuilt.outcome == t.seats[seat].outcome is not None
        assert faces(rebuilt.game) == faces(t.seats[seat].game)


def test_our_illegal_action_is_refused_naming_the_rule() -> None:
    t = MemoryTable(5)
    t.play(until=lambda t: t.watcher.game.step is Step.PLAY
           and t.seats[t.watcher.game.to_move].choice_needed())
    mover = t.watcher.game.to_move
    r = t.seats[mover]
    with pytest.raises(IllegalAction) as refused:
        r.choose(EndTurn(mover, (10_000,)))
    assert refused.value.rule
    deck = r.game.sides[mover].deck
    with pytest.raises(IllegalAction) as table:  # within the deck: a look does that
        r.choose(MoveCard(mover, deck[0], Zone.DECK, bottom=True))
    assert table.value.rule == "table"
    pool = r.game.sides[mover].pool
    with pytest.raises(IllegalAction) as table:  # never in the committed deck
        r.choose(MoveCard(mover, pool[0], Zone.DECK))
    assert table.value.rule == "table"
    with pytest.raises(IllegalAction):
        r.choose(Search(mover, r.game.sides[mover].deck[0], Unknown.ORDER))
    with pytest.raises(UsageError):
        t.seats[1 - mover].choose(EndTurn(1 - mover, ()))
    assert r.choice_needed()  # nothing was taken


def test_an_act_entry_round_trips_its_text() -> None:
    t = MemoryTable(2)
    t.play()
    acts = [e for e in t.log if e.kind == SorceryKind.ACT]
    for e in acts:
        decoded = decode_entry(e.kind, dict(e.body))
        assert isinstance(decoded, Act)
    assert any(e.body["shown"] for e in acts), "a skill learnt shows its card"


def test_a_watcher_needs_no_secret_and_a_seat_its_own_deck() -> None:
    t = MemoryTable(0)
    with pytest.raises(UsageError):
        SorceryReplica(game_id=t.game_id, decks=[d.public() for d in t.decks], first=0,
                       cards=t.cards, seat=0)
    with pytest.raises(UsageError):
        SorceryReplica(game_id=t.game_id, decks=[d.public() for d in t.decks], first=0,
                       cards=t.cards, seat=0, master_secret=b"k" * 32, own=t.decks[1])


def test_two_starter_decks_of_the_real_card_file_play_to_a_verified_end() -> None:
    database = real_card_file()
    decks = []
    for starter in STARTERS[:2]:
        d = read_code(starter.code, database).check()
        decks.append(Decklist(d.hero, d.main, d.skills, d.extra))
    t = MemoryTable(11, decks=(decks[0], decks[1]),
                    cards={c.number: c for c in database})
    t.play()
    assert t.watcher.outcome is not None
    assert t.seats[0].outcome == t.seats[1].outcome == t.watcher.outcome


def test_a_derived_card_made_in_the_hand_asks_no_draw_of_the_deck() -> None:
    t = MemoryTable(0)
    t.play(until=lambda t: t.watcher.game.step is Step.PLAY
           and t.seats[t.watcher.game.to_move].choice_needed())
    seat = t.watcher.game.to_move
    t.seats[seat].choose(CreateDerived(seat, t.decks[seat].extra[0].number, Zone.HAND))
    entry = t.next_entry()
    assert entry is not None and entry.kind == SorceryKind.ACT
    t.deliver(entry)
    due = t.watcher.due()
    assert due is not None and due.seat == seat and SorceryKind.ACT in due.kinds
    t.play()
    assert t.watcher.outcome is not None
