"""``wizard-p2p audit``: the golden log's expected output, and tampering found where it is.

Any change to any entry of a finished log — a flipped byte, or a field changed
without its author re-signing — must make the audit fail at exactly that entry:
the signature, the canonical form or the schema no longer hold there, and every
entry before it is untouched. The property tests tamper a short finished log (a
3-seat game ended by an abort after two rounds, so that each example costs
milliseconds); the golden log, a whole game, is tampered at its first and last
entries.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.protocol_support import genesis_of_version, new_game, settled
from tools import gen_vectors
from wizard_p2p import audit, canonical
from wizard_p2p.audit import audit_entries, audit_file, format_report
from wizard_p2p.disk.log import read_log
from wizard_p2p.protocol import messages as m
from wizard_p2p.tables.wizard.harness import MemoryGame

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / gen_vectors.GOLDEN_DIR


@pytest.fixture(scope="module")
def ended_game() -> MemoryGame:
    """Two rounds of a 3-seat game with sealed bids and clairvoyance, then an abort."""
    game = new_game(3, "hidden_bids", "clairvoyance", seed=51)
    table = game.tables[0]
    assert game.run(
        until=settled(
            game,
            lambda: table.completed_rounds == 2 and any(t.choice_needed() for t in game.tables),
        )
    )
    due = table.expected()
    assert due is not None
    writer = 1 if due[0] == 0 else 0
    game.send(writer, game.tables[writer].abort_stalled("left the table"))
    game.run()
    assert all(t.stage == "aborted" for t in game.tables)
    return game


@pytest.fixture(scope="module")
def ended_log(ended_game: MemoryGame) -> list[bytes]:
    log = ended_game.tables[0].log
    report = audit_entries(log)
    assert report.status == "aborted" and report.rounds_verified == 2, report.message
    return log


def assert_fault_at(lines: list[bytes], position: int) -> None:
    report = audit_entries(lines)
    assert report.status == "fault", f"tampering at {position} not found: {report.message}"
    assert report.fault_position == position, report.message
    assert report.exit_code == 1


# --- the golden log ---------------------------------------------------------------------------


def test_golden_log_audits_to_the_committed_output() -> None:
    report = audit_file(GOLDEN / "game.jsonl")
    assert report.status == "verified" and report.exit_code == 0
    assert format_report(report) + "\n" == (GOLDEN / "audit.txt").read_text()
    expected = json.loads((GOLDEN / "audit.json").read_text())
    assert report.to_json() == expected
    assert expected["rounds_verified"] == gen_vectors.GOLDEN_CONFIG.rounds


@pytest.mark.parametrize("where", ["first", "last"])
def test_golden_log_tampered_at_its_ends(where: str) -> None:
    lines = read_log(GOLDEN / "game.jsonl")
    position = 0 if where == "first" else len(lines) - 1
    raw = bytearray(lines[position])
    raw[len(raw) // 2] ^= 0x01
    lines[position] = bytes(raw)
    assert_fault_at(lines, position)


# --- tampering, anywhere ----------------------------------------------------------------------


@given(data=st.data())
def test_a_flipped_byte_is_found_at_its_entry(ended_log: list[bytes], data: st.DataObject) -> None:
    last = len(ended_log) - 1
    position = data.draw(st.sampled_from([0, last]) | st.integers(0, last))
    raw = bytearray(ended_log[position])
    index = data.draw(st.integers(0, len(raw) - 1))
    raw[index] ^= data.draw(st.integers(1, 255))
    lines = list(ended_log)
    lines[position] = bytes(raw)
    assert_fault_at(lines, position)


def leaf_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaf_paths(v, (*prefix, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaf_paths(v, (*prefix, i))]
    return [prefix]


def changed(value: Any, data: st.DataObject) -> Any:
    """Another value of the same JSON type, or of another type."""
    if isinstance(value, bool):
        options = st.sampled_from([not value, None, 0])
    elif isinstance(value, int):
        options = st.sampled_from([value + 1, value - 1, 0, 1, None, str(value)])
    elif isinstance(value, str) and value and all(c in "0123456789abcdef" for c in value):
        i = data.draw(st.integers(0, len(value) - 1))
        digit = data.draw(st.sampled_from("0123456789abcdef"))
        options = st.sampled_from([value[:i] + digit + value[i + 1 :], value[:-2], value + "00"])
    elif isinstance(value, str):
        options = st.text(max_size=12)
    else:
        options = st.one_of(st.integers(0, 10), st.text(max_size=4))
    return data.draw(options)


@given(data=st.data())
def test_a_changed_field_is_found_at_its_entry(ended_log: list[bytes], data: st.DataObject) -> None:
    last = len(ended_log) - 1
    position = data.draw(st.sampled_from([0, last]) | st.integers(0, last))
    obj = json.loads(ended_log[position])
    sig = obj.pop("sig")
    path = data.draw(st.sampled_from([*leaf_paths(obj), ("sig",)]))
    if path == ("sig",):
        sig = changed(sig, data)
        assume(isinstance(sig, str))
    else:
        target = obj
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = changed(target[path[-1]], data)
    raw = canonical.encode(obj)[:-1] + b',"sig":"' + sig.encode() + b'"}'
    assume(raw != ended_log[position])
    lines = list(ended_log)
    lines[position] = raw
    assert_fault_at(lines, position)


def test_lines_missing_repeated_or_after_the_end(ended_log: list[bytes]) -> None:
    report = audit_entries([*ended_log[:7], ended_log[6], *ended_log[7:]])
    assert (report.status, report.fault_position, report.fault_kind) == ("fault", 7, "duplicate")
    report = audit_entries([*ended_log[:7], *ended_log[8:]])
    assert (report.status, report.fault_position, report.fault_kind) == ("fault", 7, "gap")
    report = audit_entries([*ended_log, ended_log[-1]])
    assert (report.status, report.fault_position) == ("fault", len(ended_log))
    assert audit_entries([]).status == "unreadable"


# --- the command -----------------------------------------------------------------------


def write_log(path: Path, lines: list[bytes], tail: bytes = b"") -> Path:
    path.write_bytes(b"".join(line + b"\n" for line in lines) + tail)
    return path


def test_audit_command_output_and_exit_codes(
    ended_game: MemoryGame,
    ended_log: list[bytes],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    good = write_log(tmp_path / "game.jsonl", ended_log)
    assert audit.main(str(good)) == 0
    text = capsys.readouterr().out
    assert "stalled: left the table" in text and "round" in text
    assert audit.main(str(good), as_json=True) == 0
    as_json = json.loads(capsys.readouterr().out)
    assert as_json["status"] == "aborted" and as_json["rounds_verified"] == 2
    assert as_json["players"] == list(ended_game.tables[0].names)

    # A torn last line (a crash while writing) is not part of the log.
    torn = write_log(tmp_path / "torn.jsonl", ended_log[:-1], tail=ended_log[-1][:40])
    report = audit_file(torn)
    assert report.status == "incomplete" and report.entries == len(ended_log) - 1

    bad = list(ended_log)
    bad[5] = bad[5].replace(b'"round":1', b'"round":2', 1)
    assert audit.main(str(write_log(tmp_path / "bad.jsonl", bad))) == 1
    out = capsys.readouterr().out
    assert "FAULT at line 6" in out

    assert audit.main(str(tmp_path / "missing.jsonl")) == 2
    assert audit.main(str(write_log(tmp_path / "empty.jsonl", []))) == 2
    assert audit.main(str(write_log(tmp_path / "blank.jsonl", [b"x", b""]))) == 2


def test_a_log_of_another_protocol_version_is_unreadable_not_a_fault() -> None:
    """A genuine genesis of another version (its host's signature holds) is not read
    with this version's rules, which would blame a seat; a version changed by hand is
    tampering at position 0."""
    game = new_game(3, seed=11)
    older = genesis_of_version(game, m.VERSION - 1)
    report = audit_entries([older])
    assert report.status == "unreadable" and report.exit_code != 0
    assert report.fault_seat is None
    assert f"protocol version {m.VERSION - 1}" in report.message
    assert f"version {m.VERSION}" in report.message
    this, before = b'"v":%d' % m.VERSION, b'"v":%d' % (m.VERSION - 1)
    forged = game.tables[0].log[0].replace(this, before, 1)
    assert audit_entries([forged]).status == "fault"
