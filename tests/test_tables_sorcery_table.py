"""巫师牌 through the core ``Table``: a genesis that names the game, two seats and a watcher
opened by ``tables.open_table``, played bot against bot to a winner; the log audited
(``audit.audit_file``) to that winner; a tampered deck step and a tampered act each
blamed on the seat that signed them; a seat rebuilt from the log writes the same bytes."""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sorcery_replica_support import secret
from tests.sorcery_table_support import TableGame, identity, sorcery_genesis
from wizard_p2p.audit import audit_entries, audit_file
from wizard_p2p.errors import DecodeError, PeerFault, UsageError
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import Aborted, Broadcast, Faulted, Finished
from wizard_p2p.protocol.genesis import game_name, read_genesis
from wizard_p2p.protocol.kinds import Stage
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables import RULES, open_table, rules_of
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.rules import CardLibrary
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser

SEED = 3


@pytest.fixture(scope="module")
def played() -> TableGame:
    game = TableGame(SEED)
    game.play()
    return game


def write_log(folder: Path, lines: list[bytes]) -> Path:
    path = folder / "seat-1.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


def test_two_seats_and_a_watcher_play_to_one_outcome_with_byte_identical_logs(
    played: TableGame,
) -> None:
    logs = [t.log for t in played.tables]
    assert logs[0] == logs[1] == logs[2]
    outcomes = [t.outcome for t in played.tables]
    assert all(isinstance(o, Finished) for o in outcomes)
    assert outcomes[0] == outcomes[1] == outcomes[2]
    assert all(t.stage is Stage.DONE for t in played.tables)
    kinds = [m.decode_envelope(raw).kind for raw in logs[0]]
    # The core's kinds frame the game's: the genesis, the two coins, ..., the two finals.
    assert kinds[:3] == ["genesis", "coin", "coin"] and kinds[-2:] == ["final", "final"]
    assert {SorceryKind.COMMITTED, SorceryKind.SEALED, SorceryKind.ACT} <= set(kinds)


def test_the_audit_verifies_the_log_and_names_the_winner(
    played: TableGame, tmp_path: Path
) -> None:
    outcome = played.watcher.outcome
    assert isinstance(outcome, Finished) and outcome.result is not None
    report = audit_file(write_log(tmp_path, played.watcher.log), cards=played.library)
    assert report.status == "verified", report.message
    assert report.exit_code == 0
    assert report.winners == outcome.winners
    assert report.entries == len(played.watcher.log)
    body = report.to_json()
    assert body["result"] == outcome.result.to_json()
    assert body["winners"] == list(outcome.winners)
    final = json.loads(played.watcher.log[-1])["body"]
    assert final == body["result"]


def test_the_audit_without_the_card_file_says_it_cannot_read_the_log(
    played: TableGame, tmp_path: Path
) -> None:
    report = audit_file(write_log(tmp_path, played.watcher.log))
    assert report.status == "unreadable" and "card file" in report.message
    other = CardLibrary(hashlib.sha256(b"another file").digest(), played.library.cards)
    report = audit_file(write_log(tmp_path, played.watcher.log), cards=other)
    assert report.status == "unreadable" and "another card file" in report.message


def resigned(
    game: TableGame, pick: Callable[[m.Entry], bool], change: Callable[[dict[str, Any]], None]
) -> tuple[list[bytes], int]:
    """The log with the first entry ``pick`` chooses changed by ``change`` and signed again
    by its own seat (a cheating client), every later entry chained to it again by its
    own seat's signature."""
    bodies = game.watcher.rules.bodies
    entries = [m.decode_entry(raw, bodies) for raw in game.watcher.log]
    at = next(i for i, e in enumerate(entries) if i and pick(e))
    lines = list(game.watcher.log[:at])
    for i, entry in enumerate(entries[at:], start=at):
        body = json.loads(game.watcher.log[i])["body"]
        if i == at:
            body = copy.deepcopy(body)
            change(body)
        lines.append(m.encode_entry(
            identity(game.seed, entry.seat), game=entry.game, pos=entry.pos,
            prev=m.entry_hash(lines[-1]), seat=entry.seat, kind=entry.kind, body=body))
    return lines, at


def test_a_tampered_act_is_refused_naming_its_author(played: TableGame) -> None:
    def summon_nothing(body: dict[str, Any]) -> None:
        body["action"] = f"{body['action'].split()[0]} summon 9999 r0c0"

    lines, at = resigned(played, lambda e: e.kind == "act" and "summon" in e.body["action"],
                         summon_nothing)
    author = m.decode_envelope(lines[at]).seat
    report = audit_entries(lines, cards=played.library)
    assert report.status == "fault" and report.exit_code == 1
    assert (report.fault_position, report.fault_seat) == (at, author)
    assert report.fault_kind is not None and report.fault_kind.startswith("illegal-")
    # The honest seat refuses the entry as it arrives, naming the same seat.
    honest = open_table(played.genesis, seat=1 - author, identity=identity(SEED, 1 - author),
                        master_secret=secret(SEED, 1 - author), private=played.decks[1 - author],
                        cards=played.library)
    for raw in lines[1:at]:
        honest.receive(raw)
    with pytest.raises(PeerFault) as caught:
        honest.receive(lines[at])
    assert caught.value.seat == author and caught.value.position == at


def test_a_tampered_deck_pass_is_blamed_on_its_author_at_the_end(played: TableGame) -> None:
    def reorder(body: dict[str, Any]) -> None:
        points = body["message"]["points"]
        points[0], points[1] = points[1], points[0]

    lines, at = resigned(
        played, lambda e: e.kind == "pass" and e.body["message"]["step"] == 2, reorder)
    author = m.decode_envelope(lines[at]).seat
    report = audit_entries(lines, cards=played.library)
    assert report.status == "fault", report.message
    assert report.fault_seat == author and report.fault_kind == "wrong-pass"
    # Found when the decks are opened at the end: the log up to there is the evidence.
    assert report.fault_position is not None and report.fault_position > at
    assert m.decode_envelope(lines[report.fault_position]).kind in ("deck_opened", "revealed")


def test_a_final_signing_another_outcome_is_its_authors_fault(played: TableGame) -> None:
    def other_winner(body: dict[str, Any]) -> None:
        body["winner"] = 1 - body["winner"] if body["winner"] is not None else 0

    lines, at = resigned(played, lambda e: e.kind == "final", other_winner)
    report = audit_entries(lines, cards=played.library)
    assert (report.status, report.fault_position, report.fault_kind) == ("fault", at, "final")
    assert report.fault_seat == m.decode_envelope(lines[at]).seat


def test_a_seat_rebuilt_from_the_log_writes_the_same_entries() -> None:
    game = TableGame(SEED + 1)
    game.play(until=lambda g: len(g.watcher.log) > 80)
    held = list(game.seats[0].log)
    rebuilt = game.open_seat(0)
    for raw in held[1:]:
        rebuilt.receive(raw)
    rebuilt.start()
    assert rebuilt.log[: len(held)] == held
    game.seats[0] = rebuilt
    game.play()
    assert game.seats[0].log == game.seats[1].log == game.watcher.log
    assert isinstance(game.watcher.outcome, Finished)


def test_a_seat_needs_its_own_deck_and_the_named_card_data(played: TableGame) -> None:
    with pytest.raises(UsageError, match="deck list"):
        open_table(played.genesis, seat=0, identity=identity(SEED, 0),
                   master_secret=secret(SEED, 0), private=played.decks[1], cards=played.library)
    with pytest.raises(UsageError, match="card file"):
        open_table(played.genesis, seat=0, identity=identity(SEED, 0),
                   master_secret=secret(SEED, 0), private=played.decks[0])


def test_the_genesis_names_the_game_and_the_registry_opens_it(played: TableGame) -> None:
    assert game_name(played.genesis) == "sorcery"
    assert rules_of(played.genesis).name == "sorcery" and set(RULES) == {"wizard", "sorcery"}
    wizard = MemoryGame.create(GameConfig(seats=3), random_chooser(1)).tables[0].log[0]
    assert game_name(wizard) == "wizard"  # a genesis naming no game is Wizard's
    assert open_table(wizard).game_name == "wizard"
    # Another game's word, or a genesis whose terms say nothing readable, is refused.
    renamed = played.genesis.replace(b'"game":"sorcery"', b'"game":"chess"')
    with pytest.raises(DecodeError, match="not a game this program plays"):
        rules_of(renamed)
    with pytest.raises(DecodeError):
        rules_of(b'{"body":[]}')


def test_a_sorcery_genesis_read_by_wizards_rules_is_refused(played: TableGame) -> None:
    with pytest.raises(DecodeError, match="sorcery, not wizard"):
        Table(played.genesis, rules=RULES["wizard"])
    with pytest.raises(DecodeError, match="sorcery, not wizard"):
        read_genesis(played.genesis, RULES["wizard"])
    assert read_genesis(played.genesis, RULES["sorcery"]).seats == 2


def test_a_sorcery_genesis_of_three_players_founds_no_game(played: TableGame) -> None:
    terms = json.loads(played.genesis)["body"]["terms"]
    terms["players"].append(terms["players"][0])
    with pytest.raises(DecodeError):
        rules_of(played.genesis).bodies["genesis"].parse(
            {"terms": terms, "endorsements": ["00" * 64] * 3}, "genesis")


@settings(max_examples=200, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3),
    max_leaves=12))
def test_reading_the_game_of_any_line_names_a_word_or_refuses(value: Any) -> None:
    for line in (json.dumps(value).encode(),
                 json.dumps({"body": {"terms": {"game": value}}}).encode()):
        try:
            name = game_name(line)
        except DecodeError:
            continue
        assert isinstance(name, str) and 1 <= len(name) <= 16


def test_the_sorcery_genesis_helper_is_deterministic() -> None:
    game = TableGame(SEED)
    assert sorcery_genesis(SEED, game.decks, game.library) == game.genesis


def test_a_stalled_seat_is_named_in_an_abort_and_the_audit_says_so(tmp_path: Path) -> None:
    game = TableGame(SEED + 2)
    game.play(until=lambda g: len(g.watcher.log) > 40 and g.watcher.expected() is not None
              and g.watcher.expected().seat == 1)  # type: ignore[union-attr]
    turn = game.seats[0].expected()
    assert turn is not None and turn.seat == 1
    events = game.seats[0].abort_stalled("seat 2 did not write in time")
    (sent,) = [e for e in events if isinstance(e, Broadcast)]
    game.watcher.receive(sent.entry)
    outcome = game.watcher.outcome
    assert isinstance(outcome, Aborted) and (outcome.writer, outcome.stalled) == (0, 1)
    report = audit_file(write_log(tmp_path, game.watcher.log), cards=game.library)
    assert report.status == "aborted" and "seat 2" in report.message


def test_two_entries_one_seat_signed_for_one_position_end_the_game_with_the_proof(
    played: TableGame,
) -> None:
    lines = played.watcher.log
    bodies = played.watcher.rules.bodies
    at = next(i for i, raw in enumerate(lines)
              if i and m.decode_entry(raw, bodies).kind == "act" and i > 20)
    entry = m.decode_entry(lines[at], bodies)
    # Another act of the same seat's, signed again for this position.
    body = next(json.loads(raw)["body"] for raw in lines[at + 1:]
                if (e := m.decode_entry(raw, bodies)).kind == "act" and e.seat == entry.seat
                and e.body != entry.body)
    other = m.encode_entry(identity(SEED, entry.seat), game=entry.game, pos=at,
                           prev=entry.prev, seat=entry.seat, kind="act", body=body)
    honest = 1 - entry.seat
    table = open_table(played.genesis, seat=honest, identity=identity(SEED, honest),
                       master_secret=secret(SEED, honest), private=played.decks[honest],
                       cards=played.library)
    for raw in lines[1:at + 1]:
        table.receive(raw)
    events = table.receive(other)
    proofs = [e for e in events if isinstance(e, Broadcast) and e.kind == "proof"]
    assert len(proofs) == 1 and proofs[0].pos == at
    outcome = table.outcome
    assert isinstance(outcome, Faulted) and outcome.kind == "equivocation"
    assert outcome.seat == entry.seat


def test_an_entry_of_wizards_kinds_in_a_sorcery_log_is_malformed_naming_its_signer(
    played: TableGame,
) -> None:
    """The core reads each entry by its own game's body table: a Wizard ``bid``, well
    formed for Wizard, is no entry of 巫师牌."""
    lines = played.watcher.log
    entry = m.decode_envelope(lines[3])
    bid = m.encode_entry(identity(SEED, entry.seat), game=entry.game, pos=3, prev=entry.prev,
                         seat=entry.seat, kind="bid", body={"round": 1, "bid": 0})
    m.decode_entry(bid, BODIES)  # Wizard's body table reads it
    report = audit_entries([*lines[:3], bid], cards=played.library)
    assert (report.status, report.fault_position, report.fault_seat) == ("fault", 3, entry.seat)
    assert report.fault_kind == "malformed" and "kind" in report.message


def test_what_a_node_shows_comes_from_the_replica_for_seats_and_the_watcher() -> None:
    game = TableGame(3)
    # Every entry delivered, and seat 1 to choose its action: everyone waits for it.
    game.play(until=lambda g: g.seats[1].choice_needed() is not None and not g.in_flight)
    waiting = game.seats[0].replica.status(0)
    assert waiting is not None and waiting.seat == 1
    assert game.seats[1].replica.status(1) is None  # a seat is not told it waits for itself
    assert game.watcher.replica.status(None) == waiting
    assert [t.replica.checked() for t in game.tables] == [0, 0, 0]  # no deck opened yet
    game.play()
    outcome = game.watcher.replica.result().result
    turns = [t.replica.checked() for t in game.tables]
    assert turns[0] == turns[1] == turns[2] > 0
    assert all(t.replica.status(None) is None for t in game.tables)  # nobody is due
    assert outcome is not None
