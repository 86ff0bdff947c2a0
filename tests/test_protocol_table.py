"""The table as a state machine: restarts, observers, refusals, delivery order, aborts.

Games here are stopped after a few rounds (``MemoryGame.run(until=...)``), which
keeps every test well under a second or two; whole games are in
``test_protocol_games.py``.
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.executor_support import RunsAtOnce
from tests.protocol_support import body_json, forge, new_game, settled, snapshot
from wizard_p2p.audit import audit_entries, format_report
from wizard_p2p.bots import make_policy
from wizard_p2p.bots.policy import decide
from wizard_p2p.errors import DecodeError, IllegalAction, PeerFault, UsageError
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.choices import write_choice
from wizard_p2p.protocol.events import (
    Aborted,
    Accepted,
    Broadcast,
    EntryRejected,
    Event,
    Finished,
    GameEnded,
    broadcasts,
)
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Card, GameConfig, SeatView, Suit
from wizard_p2p.tables.wizard import round_check
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser
from wizard_p2p.tables.wizard.table import WizardTable

# An entry of Wizard's log, read by its body table.
_read = partial(m.decode_entry, bodies=BODIES)


def stop_in_round(game: MemoryGame, round_no: int, plays: int = 1) -> None:
    """Run until ``plays`` cards of round ``round_no`` are on the table, nothing in flight."""
    table = game.tables[0]

    def reached() -> bool:
        rnd = table.round
        return rnd is not None and rnd.round_no == round_no and len(rnd.played) >= plays

    assert game.run(until=settled(game, reached))


@pytest.fixture(scope="module")
def short_game() -> MemoryGame:
    """A 3-seat hidden-bids game stopped in the play of round 3."""
    game = new_game(3, "hidden_bids", seed=31)
    stop_in_round(game, 3, plays=2)
    return game


def state(table: Table) -> tuple[Any, ...]:
    """Everything a replica shows, for comparing two replicas."""
    rnd = table.round
    return (
        *snapshot(table),
        table.view(),
        None if table.game is None else tuple(table.game.totals),
        None if rnd is None else (dict(rnd.cards), rnd.my_bid, dict(rnd.opened), rnd.turned),
        table.choice_needed(),
    )


# --- restart after a crash --------------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_rebuilt_table_reaches_the_same_state_without_new_entries(seat: int) -> None:
    game = new_game(3, "hidden_bids", seed=32)
    stop_in_round(game, 2, plays=1)
    old = game.tables[seat]
    outputs = game.restart(seat, old.log)
    new = game.tables[seat]
    assert new is not old
    assert state(new) == state(old)
    # Its own entries were regenerated while being fed: identical to the logged ones.
    for out in outputs:
        assert old.log[out.pos] == out.entry
    assert new.log == old.log
    # ...and it goes on playing with the others.
    stop_in_round(game, 3, plays=1)
    assert game.rejected == []
    assert len({tuple(t.log) for t in game.tables}) == 1


def test_a_rebuilt_table_shares_its_passes_with_the_games_helper() -> None:
    def jobs_from_round_2_to_3(rebuild: bool) -> int:
        helper = RunsAtOnce()
        game = MemoryGame.create(GameConfig(3), random_chooser(35), seed=35, helper=helper)
        stop_in_round(game, 2, plays=1)
        if rebuild:
            game.restart(1, game.tables[1].log)  # seat 1 makes the 60-point pass
        before = helper.jobs
        stop_in_round(game, 3, plays=1)
        assert game.rejected == []
        return helper.jobs - before

    # The same game (one seed), so the same passes: a rebuilt seat shares its own too.
    assert jobs_from_round_2_to_3(rebuild=True) == jobs_from_round_2_to_3(rebuild=False) > 0


def test_rebuilt_table_writes_again_the_entry_lost_in_the_crash() -> None:
    game = new_game(3, seed=33)
    stop_in_round(game, 2, plays=1)
    log = game.tables[1].log
    entries = [m.decode_entry(raw, BODIES) for raw in log]
    # Seat 1 crashed just before sending its round-2 lock: the log on its disk ends before.
    lost = next(e for e in entries if e.seat == 1 and e.kind == "lock" and e.body["round"] == 2)
    outputs = game.restart(1, log[: lost.pos])
    written = {o.pos: o.entry for o in outputs}
    assert written[lost.pos] == lost.raw  # the same bytes: no second entry for the position
    assert all(log[pos] == raw for pos, raw in written.items())
    table = game.tables[1]
    assert table.log[: lost.pos + 1] == log[: lost.pos + 1]
    assert table.receive(lost.raw) == []  # the copy a peer sends back is a duplicate


def test_a_rebuilt_table_sees_the_clairvoyance_rounds_cards_again_from_its_log() -> None:
    """The key shares are in the log, sealed to their reader: a seat rebuilt from its log
    and master secret sees the others' cards at once, and nobody sends it anything."""
    game = new_game(3, "clairvoyance", seed=34)
    assert game.run(
        until=settled(game, lambda: any(t.choice_needed() == "bid" for t in game.tables))
    )
    seat = next(s for s, t in enumerate(game.tables) if t.choice_needed() == "bid")
    before = game.tables[seat]
    seen = before.view().others_hands
    assert sum(hand is not None for hand in seen) == 2 and seen[seat] is None
    outputs = game.restart(seat, before.log)
    # Only its own entries, written again byte for byte as the log is fed back.
    assert {(o.pos, o.entry) for o in outputs} <= set(enumerate(before.log))
    assert state(game.tables[seat]) == state(before)


def lock_stage_replica(game: MemoryGame, kind: str, writer: int) -> tuple[Table, int, bytes]:
    """A replica of seat 1 rebuilt just before round 1's ``kind`` entry by ``writer``;
    that position and the entry."""
    stop_in_round(game, 1, plays=0)
    log = game.tables[1].log
    pos = next(
        i for i, raw in enumerate(log) if (e := m.decode_entry(raw, BODIES)).kind == kind
        and e.seat == writer and e.body.get("round") == 1
    )
    game.restart(1, log[1:pos])
    return game.tables[1], pos, log[pos]


def _drop(body: dict[str, Any], name: str) -> dict[str, Any]:
    del body[name]
    return body


CLAIRVOYANT_LOCK_CHANGES = {
    "no shares": lambda body: _drop(body, "shares"),
    "a box for the writer itself": lambda body: {**body, "shares": [
        b or body["shares"][1] for b in body["shares"]
    ]},
    "no box for a seat": lambda body: {**body, "shares": [None, None, body["shares"][2]]},
    "a box a byte short": lambda body: {**body, "shares": [
        b and b[:-2] for b in body["shares"]
    ]},
    "a box a key short": lambda body: {**body, "shares": [
        b and b[:-64] for b in body["shares"]
    ]},
    "boxes for four seats": lambda body: {**body, "shares": [*body["shares"], None]},
}


@pytest.mark.parametrize("change", sorted(CLAIRVOYANT_LOCK_CHANGES))
def test_sealed_shares_of_the_wrong_shape_are_refused_and_change_nothing(change: str) -> None:
    """Every replica checks the boxes' shape (only their reader can open them)."""
    game = new_game(3, "clairvoyance", seed=37)
    table, pos, honest = lock_stage_replica(game, "lock", 0)
    body = CLAIRVOYANT_LOCK_CHANGES[change](body_json(honest))
    before = snapshot(table)
    with pytest.raises(PeerFault) as caught:
        table.receive(forge(game, 0, "lock", body, log_of=table, pos=pos))
    assert (caught.value.seat, caught.value.kind) == (0, "malformed")
    assert snapshot(table) == before
    table.receive(honest)
    assert table.log[pos] == honest


@pytest.mark.parametrize(
    ("variant", "kind", "change"),
    [
        ("clairvoyance", "shuffle", "no box"),
        ("clairvoyance", "shuffle", "a box key of small order"),
        ("clairvoyance", "shuffle", "shares in a shuffle that does not lock"),
        (None, "shuffle", "a box outside the clairvoyance round"),
        (None, "lock", "shares outside the clairvoyance round"),
    ],
)
def test_box_keys_and_shares_only_where_the_clairvoyance_round_has_them(
    variant: str | None, kind: str, change: str
) -> None:
    game = new_game(3, *([variant] if variant else []), seed=38)
    table, pos, honest = lock_stage_replica(game, kind, 0)
    body = body_json(honest)
    box = bytes(game.tables[2].round.box_keys.get(0, b"\x09" + bytes(31))).hex()
    if change == "no box":
        del body["box"]
    elif change == "a box key of small order":
        body["box"] = (1).to_bytes(32, "little").hex()  # u = 1: X25519 refuses it
    elif change == "shares in a shuffle that does not lock":
        body["shares"] = [None, "00" * 80, "00" * 80]
    elif change == "a box outside the clairvoyance round":
        body["box"] = box
    else:
        body["shares"] = [None, "00" * 80, "00" * 80]
    before = snapshot(table)
    with pytest.raises(PeerFault) as caught:
        table.receive(forge(game, 0, kind, body, log_of=table, pos=pos))
    assert (caught.value.seat, caught.value.kind) == (0, "malformed")
    assert snapshot(table) == before


# --- observers ----------------------------------------------------------------------------------


def test_observer_replays_a_log(short_game: MemoryGame) -> None:
    seated = short_game.tables[0]
    observer = WizardTable(short_game.genesis)
    for raw in seated.log[1:]:
        entry = m.decode_entry(raw, BODIES)
        # Each entry is reported as it joins the log, and nothing else happens.
        assert observer.receive(raw) == [
            Accepted(entry.pos, raw, entry.seat, entry.kind)
        ]
    assert observer.log == seated.log
    assert observer.stage == seated.stage and observer.expected() == seated.expected()
    assert observer.completed_rounds == 2
    assert observer.game.history == seated.game.history
    assert observer.view() is None and observer.choice_needed() is None
    with pytest.raises(UsageError):
        observer.bid(0)
    with pytest.raises(UsageError):
        observer.abort_stalled()


def test_a_seated_table_needs_the_right_identity_and_secret(short_game: MemoryGame) -> None:
    genesis = short_game.genesis
    ids, masters = short_game.identities, short_game.masters
    with pytest.raises(UsageError):
        WizardTable(genesis, seat=0, identity=ids[1], master_secret=masters[0])
    with pytest.raises(UsageError):
        WizardTable(genesis, seat=0, identity=ids[0], master_secret=masters[1])
    with pytest.raises(UsageError):
        WizardTable(genesis, seat=0)


# --- delivery order ---------------------------------------------------------------------------


@pytest.mark.parametrize("order_seed", [1, 2, 3])
def test_entries_in_any_order_converge(short_game: MemoryGame, order_seed: int) -> None:
    log = short_game.tables[1].log
    shuffled = log[1:]
    random.Random(order_seed).shuffle(shuffled)
    observer = WizardTable(short_game.genesis)
    seat_one = WizardTable(
        short_game.genesis,
        seat=1,
        identity=short_game.identities[1],
        master_secret=short_game.masters[1],
    )
    events: list[Event] = []
    for raw in shuffled:
        events += observer.receive(raw)
        written = seat_one.receive(raw)
        events += written
        for out in broadcasts(written):
            assert out.entry == log[out.pos]  # written again only if it was its own
    assert observer.log == log and seat_one.log == log
    assert state(seat_one) == state(short_game.tables[1])
    assert [e for e in events if isinstance(e, EntryRejected)] == []


def test_a_buffered_entry_refused_when_its_turn_comes_is_kept_as_evidence(
    short_game: MemoryGame,
) -> None:
    log = short_game.tables[0].log
    k = 10
    observer = WizardTable(short_game.genesis)
    for raw in log[1:k]:
        observer.receive(raw)
    real = m.decode_entry(log[k + 1], BODIES)
    intruder = (real.seat + 1) % 3
    # A validly signed entry for position k+1 by a seat that is not due there.
    bogus = m.encode_entry(
        short_game.identities[intruder],
        game=observer.game_id,
        pos=k + 1,
        prev=real.prev,
        seat=intruder,
        kind=real.kind,
        body=body_json(real.raw),
    )
    assert observer.receive(bogus) == [] and observer.receive(real.raw) == []
    assert len(observer.log) == k
    events = observer.receive(log[k])  # fills the gap: k and k+1 are accepted, not the bogus one
    assert observer.log[: k + 2] == log[: k + 2]
    (rejected,) = [e for e in events if isinstance(e, EntryRejected)]
    fault = rejected.fault
    assert (fault.seat, fault.kind, fault.position) == (intruder, "out-of-turn", k + 1)


# --- refusals change nothing -------------------------------------------------------------


def refused_entries(game: MemoryGame) -> list[tuple[str, bytes]]:
    """Entries a mid-round table must refuse, each signed by the seat it names."""
    table = game.tables[0]
    rnd = table.round
    assert rnd is not None
    due = table.expected()
    assert due is not None and due[1] == frozenset({"play", "dispute"})
    seat = due[0]
    me = game.tables[seat]
    assert me.round is not None and me.round.my_keys is not None
    position = rnd.unplayed_positions(seat)[0]
    key = me.round.my_keys.lock_keys[position]
    r = rnd.round_no
    play = {"round": r, "position": position, "key": key}

    def signed(kind: str, body: dict[str, Any], prev: bytes | None = None) -> bytes:
        if prev is None:
            return forge(game, seat, kind, body, log_of=table)
        return m.encode_entry(
            game.identities[seat],
            game=table.game_id,
            pos=len(table.log),
            prev=prev,
            seat=seat,
            kind=kind,
            body=body,
        )

    return [
        ("wrong round", signed("play", {**play, "round": r + 1})),
        ("not a key", signed("play", {**play, "key": "00" * 32})),
        ("position out of the deal", signed("play", {**play, "position": 59})),
        ("wrong kind", signed("bid", {"round": r, "bid": 0})),
        ("extra keys", signed("play", {**play, "keys": [key.hex()] * 3})),
        ("trump now", signed("trump", {"round": r, "suit": "B"})),
        ("another chain", signed("play", play, prev=bytes(32))),
        ("final now", signed("final", {"totals": [0, 0, 0]})),
        ("genesis again", signed("genesis", body_json(game.genesis))),
    ]


def test_refused_entries_leave_the_table_unchanged(short_game: MemoryGame) -> None:
    table = short_game.tables[0]
    for name, raw in refused_entries(short_game):
        before = snapshot(table)
        with pytest.raises((PeerFault, DecodeError)):
            table.receive(raw)
        assert snapshot(table) == before, name


def test_local_choices_out_of_turn_are_refused(short_game: MemoryGame) -> None:
    table = next(t for t in short_game.tables if t.choice_needed() is None)
    before = snapshot(table)
    with pytest.raises(IllegalAction):
        table.play(table.view().hand[0])
    with pytest.raises(IllegalAction):
        table.bid(0)
    assert snapshot(table) == before


# --- aborts and logs cut short -----------------------------------------------------------


def test_abort_of_a_stalled_seat() -> None:
    game = new_game(3, seed=36)
    stop_in_round(game, 2, plays=0)
    due = game.tables[0].expected()
    assert due is not None
    stalled = due[0]
    writer = 1 if stalled == 0 else 0
    with pytest.raises(UsageError):
        game.tables[stalled].abort_stalled()  # never the stalled seat itself
    events = game.tables[writer].abort_stalled("no answer for 60 s")
    outputs = broadcasts(events)
    assert events == [*outputs, GameEnded(Aborted(writer, stalled, "no answer for 60 s"))]
    assert [m.decode_entry(o.entry, BODIES).kind for o in outputs] == ["abort"]
    # When a seat ends the game is its clock's: after a crash it might not again.
    assert [(o.kind, o.durable, o.chosen) for o in outputs] == [("abort", True, False)]
    game.send(writer, outputs)
    game.run()
    assert game.rejected == []
    for table in game.tables:
        assert table.stage == "aborted" and table.ended
        assert table.outcome == Aborted(writer, stalled, "no answer for 60 s")
    log = game.tables[0].log
    assert all(t.log == log for t in game.tables)
    report = audit_entries(log)
    assert report.status == "aborted" and report.exit_code == 0
    assert report.rounds_verified == 1
    assert f"seat {stalled + 1} ({report.names[stalled]}) stalled" in report.message
    assert f"seat {stalled + 1}" in format_report(report)
    # Nothing is accepted after the end.
    late = forge(game, stalled, "bid", {"round": 2, "bid": 0}, log_of=game.tables[writer])
    with pytest.raises(PeerFault) as caught:
        game.tables[writer].receive(late)
    assert caught.value.kind == "after-end"


# Cut after the genesis, in the coins, just before round 1's last play (position 17), whole.
@pytest.mark.parametrize("cut", [1, 5, 17, -1])
def test_a_log_cut_short_audits_as_incomplete(short_game: MemoryGame, cut: int) -> None:
    log = short_game.tables[0].log
    lines = log[:cut] if cut > 0 else log
    report = audit_entries(lines)
    assert report.status == "incomplete" and report.exit_code == 0
    done = 2 if cut < 0 else 0
    assert report.rounds_verified == done
    assert f"verified up to round {done}" in report.message
    assert len(report.history) == done


@pytest.mark.parametrize(("seats", "variant"), [(3, None), (5, "clairvoyance")])
def test_the_round_check_takes_every_opened_card_as_read(
    monkeypatch: pytest.MonkeyPatch, seats: int, variant: str | None
) -> None:
    """Every locked position of a finished round was opened in the log with the keys the
    secrets derive, so the check compares cards instead of multiplying again — except in
    the clairvoyance round, whose cards were read with sealed shares."""
    seen: list[tuple[int, bool, int]] = []
    original = round_check._opened_with_derived_keys

    def recording(rnd: Any, keys_by_seat: Any) -> dict[int, Any]:
        opened = original(rnd, keys_by_seat)
        seen.append((rnd.size, rnd.clairvoyant, len(opened)))
        return opened

    monkeypatch.setattr(round_check, "_opened_with_derived_keys", recording)
    game = new_game(seats, *([variant] if variant else []), seed=6)
    game.run()
    assert all(isinstance(t.outcome, Finished) for t in game.tables)
    rounds = game.tables[0].config.rounds
    assert len(seen) == rounds * seats  # every seat checks every round
    for size, clairvoyant, opened in seen:
        assert opened == (0 if clairvoyant else size)


@pytest.mark.parametrize("seats", [3, 5])
def test_progress_counts_each_stage_of_a_set_up(seats: int) -> None:
    """The shuffle stage has N entries; the lock stage N − 1 (the last shuffler locked in
    its shuffle), written by seats 0..N−2."""
    game = new_game(seats, seed=17)
    seen: set[tuple[str, int | None, int, int]] = set()
    while game.step() and all(t.round is None or t.round.round_no == 1 for t in game.tables):
        for table in game.tables:  # a table writing its own entry at once skips its turn
            progress = table.progress()
            if progress[0] in ("shuffle", "lock"):
                seen.add(progress)
    n = seats
    assert seen == {("shuffle", s, s, n) for s in range(n)} | {
        ("lock", s, s, n - 1) for s in range(n - 1)
    }


@pytest.mark.parametrize("variants", [(), ("clairvoyance", "secret_bids")])
def test_the_last_tricks_cards_play_themselves(variants: tuple[str, ...]) -> None:
    """No player is asked for a card left alone in the hand (each round's last trick,
    the clairvoyance round's unseen card): the table writes that play itself."""
    config = GameConfig.with_variants(3, list(variants))
    asked: list[tuple[int, int]] = []  # (round, cards in hand) of every play asked for
    choose = random_chooser(5)

    def chooser(seat: int, need: str, view: Any) -> Any:
        if need == "play":
            asked.append((view.round_no, len(view.hand or ())))
        return choose(seat, need, view)

    game = MemoryGame.create(config, chooser, seed=5)
    assert game.run() is False
    assert all(isinstance(t.outcome, Finished) for t in game.tables)
    assert all(cards > 1 for _, cards in asked)
    plays = sum(3 * r for r in range(1, config.rounds + 1))
    assert len(asked) == plays - 3 * config.rounds


def _derived_choice(table: Table, policy: Any, need: str, view: SeatView) -> int | Suit | Card:
    """A bot's choice as a seat's client makes it (node.bot_driver): the randomness of
    a deterministic policy comes from the table's choice seed."""
    return decide(policy, view, random.Random(table.choice_seed()))


def _bot_writes(table: Table, policy: Any) -> list[Event]:
    """The entry a seat's client writes for its bot's next choice."""
    need, view = table.choice_needed(), table.view()
    assert need is not None and view is not None
    return write_choice(table, need, _derived_choice(table, policy, need, view))


def derived_bots_game(
    policy_name: str, variants: tuple[str, ...] = (), entries: int | None = None
) -> MemoryGame:
    """A seeded 3-seat game of bots drawing their randomness from their tables' choice
    seeds, as a seat's client has them do (node.bot_driver): played to its end, or
    until its log holds ``entries``."""
    config = GameConfig.with_variants(3, list(variants))
    policies = [make_policy(policy_name) for _ in range(config.seats)]
    tables: list[Table] = []

    def choose(seat: int, need: str, view: SeatView) -> int | Suit | Card:
        return _derived_choice(tables[seat], policies[seat], need, view)

    game = MemoryGame.create(config, choose, seed=9)
    tables.extend(game.tables)
    if entries is None:
        assert game.run() is False
    else:
        assert game.run(until=lambda: len(game.tables[0].log) >= entries) is True
    return game


def derived_bots_digest(policy_name: str, entries: int) -> str:
    """SHA-256 of the first ``entries`` lines of :func:`derived_bots_game`'s log."""
    log = derived_bots_game(policy_name, entries=entries).tables[0].log
    return hashlib.sha256(b"\n".join(log[:entries])).hexdigest()


def test_derived_bot_choices_do_not_depend_on_the_interpreter() -> None:
    """A bot resumed after a crash is a new process with another hash seed: its choices
    must not hang on the order of a set or a dict of strings. The same seeded game,
    here and in an interpreter with another hash seed, is the same log."""
    code = (
        "from tests.test_protocol_table import derived_bots_digest; "
        "print(derived_bots_digest('heuristic', 150))"
    )
    here = os.environ.get("PYTHONHASHSEED")
    env = {**os.environ, "PYTHONHASHSEED": "2" if here == "1" else "1"}
    other = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=Path(__file__).resolve().parent.parent,
        capture_output=True, text=True, check=True, timeout=120,
    )
    assert other.stdout.strip() == derived_bots_digest("heuristic", 150)


@pytest.mark.parametrize("policy_name", ["random", "heuristic"])
@pytest.mark.parametrize("variants", [(), ("secret_bids",)])
def test_a_bot_choice_lost_in_a_crash_is_written_again_byte_for_byte(
    policy_name: str, variants: tuple[str, ...]
) -> None:
    """Why a deterministic bot's choice needs no fsync before it is sent: a new process
    (a new policy object, a table rebuilt from the log before it and the master secret)
    chooses the same and writes the very same bytes."""
    game = derived_bots_game(policy_name, variants)
    log = game.tables[0].log
    chosen = [
        e for e in map(_read, log)
        if e.kind in ("bid", "trump") or (e.kind == "play" and "secret" not in e.body)
    ]
    # Choices of every seat, in rounds 2 to 8, at different points of a round.
    picked = [chosen[i] for i in (7, 10, 14, 60, 95, 130)]
    assert {e.seat for e in picked} == {0, 1, 2}
    assert {e.kind for e in picked} >= {"bid", "play"}
    seeds = set()
    for entry in picked:
        table = WizardTable(
            log[0], seat=entry.seat, identity=game.identities[entry.seat],
            master_secret=game.masters[entry.seat],
        )
        for line in log[1 : entry.pos]:
            table.receive(line)
        seeds.add(table.choice_seed())
        (written,) = _bot_writes(table, make_policy(policy_name))
        assert (written.pos, written.entry) == (entry.pos, entry.raw)
    assert len(seeds) == len(picked)  # a seed per position


@pytest.mark.parametrize("variants", [(), ("secret_bids",), ("hidden_bids",)])
def test_a_forced_play_lost_in_a_crash_is_written_again_byte_for_byte(
    variants: tuple[str, ...]
) -> None:
    """Why a forced play needs no fsync before it is sent: a table rebuilt from the log
    before it, and the master secret, writes the very same bytes."""
    config = GameConfig.with_variants(3, list(variants))
    game = MemoryGame.create(config, random_chooser(8), seed=8)
    assert game.run() is False
    log = game.tables[0].log
    forced = [
        e for e in map(_read, log) if e.kind == "play" and "secret" in e.body
    ][:12]
    assert len(forced) == 12
    for entry in forced:
        seat = entry.seat
        table = WizardTable(
            log[0], seat=seat, identity=game.identities[seat], master_secret=game.masters[seat]
        )
        written: dict[int, Broadcast] = {}
        for line in log[1 : entry.pos]:
            for out in broadcasts(table.receive(line)):
                written[out.pos] = out
        assert written[entry.pos].entry == entry.raw
        # So the table says it may be sent before it reaches the disk.
        assert (written[entry.pos].chosen, written[entry.pos].durable) == (False, False)


def test_the_next_round_is_prepared_once_the_game_goes_on_past_the_deal() -> None:
    # At the deal itself the other seats may still be checking the last lock: seat 0's
    # pass of the next round waits for an entry from every seat.
    game = MemoryGame.create(GameConfig(seats=3), random_chooser(3), seed=3, defer_checks=True)
    table = game.tables[0]
    while table.progress().stage != "play":
        assert game.step()
    dealt = len(table.log)
    # Until every seat has written since the deal (so each has checked the last lock).
    while len(table.log) < dealt + 3:
        assert table.scheduling.work_ahead_waits and not table.scheduling.work_ahead_due
        assert game.step()
    assert table.scheduling.work_ahead_due and not table.scheduling.work_ahead_waits
