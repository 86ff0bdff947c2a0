"""``wizard-p2p audit LOG LOG …``: copies of one game, their forks, the ending that stands.

The endings vectors (``protocol/vectors/endings``) hold each case as a seat's copies would;
our comparison must give each manifest's verdict, print JSON the schema accepts, and the
vectors must regenerate byte for byte.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tools import gen_conformance, gen_endings
from wizard_p2p import audit, copies
from wizard_p2p.cli import main as cli_main
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.endings import rank, stands_over
from wizard_p2p.protocol.log import MAX_LOG_BYTES
from wizard_p2p.tables.wizard.bodies import BODIES

ROOT = Path(__file__).resolve().parent.parent
ENDINGS = ROOT / "protocol" / "vectors" / "endings"
SCHEMA = json.loads((ROOT / "protocol" / "schemas" / "audit-copies.json").read_text())
MANIFEST = json.loads((ENDINGS / "manifest.json").read_text())["vectors"]


@pytest.mark.parametrize("vector", MANIFEST, ids=lambda v: v["name"])
def test_our_comparison_agrees_with_each_endings_vector(vector: dict[str, Any]) -> None:
    report = copies.audit_copies([ENDINGS / log for log in vector["logs"]])
    assert gen_endings.expected(report) == vector["expected"], report.message
    Draft202012Validator(SCHEMA).validate(report.to_json())


def test_the_endings_vectors_regenerate_byte_for_byte() -> None:
    for path, data in gen_endings.endings_files().items():
        assert (ROOT / path).read_bytes() == data, path


def _vector(name: str) -> dict[str, Any]:
    return next(v for v in MANIFEST if v["name"] == name)


def test_the_resumed_seat_yields_to_the_abort_written_while_it_was_gone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    logs = [str(ENDINGS / log) for log in _vector("resumed-seat")["logs"]]
    assert cli_main(["audit", *logs]) == 0
    text = capsys.readouterr().out
    first, second = (m.decode_entry(Path(p).read_bytes().splitlines()[-1], BODIES)
                     for p in logs)
    assert f"fork at line {first.pos + 1}" in text
    assert (f"ended by seat {first.seat + 1} (Player {first.seat + 1}) because seat "
            f"{first.body['stalled'] + 1}") in text.splitlines()[-2]
    # The signature shown is the abort's own, as the log holds it.
    assert text.splitlines()[-1].endswith(first.signature.hex())
    assert second.seat == first.body["stalled"]
    assert cli_main(["audit", "--json", *logs]) == 0
    report = json.loads(capsys.readouterr().out)
    Draft202012Validator(SCHEMA).validate(report)
    assert report["standing"]["copies"] == [0] and report["forks"][0]["position"] == first.pos


def test_copies_in_any_order_give_one_verdict() -> None:
    for vector in MANIFEST:
        paths = [ENDINGS / log for log in vector["logs"]]
        forward = copies.audit_copies(paths)
        backward = copies.audit_copies(paths[::-1])
        assert (forward.status, forward.exit_code) == (backward.status, backward.exit_code)
        if forward.standing is not None:
            assert backward.standing is not None
            assert (forward.standing.outcome, forward.standing.position,
                    forward.standing.seat, forward.standing.writer) == (
                backward.standing.outcome, backward.standing.position,
                backward.standing.seat, backward.standing.writer)


def test_an_abort_does_not_stand_where_its_writer_went_on() -> None:
    lines = [(ENDINGS / log).read_bytes().splitlines() for log in _vector("two-aborts")["logs"]]
    high, low = (m.decode_entry(log[-1], BODIES) for log in lines)
    assert rank(low) < rank(high) and stands_over(low, high) and not stands_over(high, low)
    assert not stands_over(low, high, later_writers=[low.seat])
    assert not stands_over(high, high)  # an entry never stands over itself


def test_an_unreadable_copy_makes_the_report_unreadable(tmp_path: Path) -> None:
    missing = tmp_path / "nothing.jsonl"
    report = copies.audit_copies([ENDINGS / _vector("agreed")["logs"][0], missing])
    assert report.status == "unreadable" and report.exit_code == 2
    assert str(missing) in report.message
    Draft202012Validator(SCHEMA).validate(report.to_json())


# --- each copy is read and judged as `audit LOG` reads and judges it ---------------------

VECTORS = ROOT / "protocol" / "vectors"
FILES = VECTORS / "files"
FILE_VECTORS = json.loads((FILES / "manifest.json").read_text())["vectors"]
FAULT_LOGS = sorted((VECTORS / "faults").glob("*.jsonl"))


def _verdict(report: dict[str, Any]) -> tuple[Any, ...]:
    return report["status"], report["fault"], report["message"]


def _each_copy_is_judged_as_alone(path: Path) -> None:
    alone = audit.audit_file(path).to_json()
    both = copies.audit_copies([path, path]).to_json()
    for copy in both["copies"]:
        fault = alone["fault"]
        assert _verdict(copy) == _verdict(
            {**alone, "fault": None if fault is None else
             {k: fault[k] for k in ("position", "seat", "kind")}}
        ), path.name
        assert copy["entries"] == alone["entries"], path.name
    Draft202012Validator(SCHEMA).validate(both)


@pytest.mark.parametrize("vector", FILE_VECTORS, ids=lambda v: v["name"])
def test_each_copy_of_a_file_vector_gets_the_verdict_audit_gives_it_alone(
    vector: dict[str, Any], tmp_path: Path
) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes((FILES / vector["log"]).read_bytes())
    if "evidence" in vector:
        (tmp_path / "evidence.jsonl").write_bytes((FILES / vector["evidence"]).read_bytes())
    _each_copy_is_judged_as_alone(log)


@pytest.mark.parametrize("path", FAULT_LOGS, ids=lambda p: p.stem)
def test_each_copy_of_a_fault_vector_gets_the_verdict_audit_gives_it_alone(path: Path) -> None:
    _each_copy_is_judged_as_alone(path)


def test_a_copy_past_the_end_of_its_game_is_a_fault_as_audit_says() -> None:
    vector = next(v for v in FILE_VECTORS if v["name"] == "order-after-end-before-out-of-turn")
    report = copies.audit_copies([FILES / vector["log"]] * 2)
    assert [c.status for c in report.copies] == ["fault", "fault"]
    assert report.copies[0].report.fault_kind == vector["expected"]["kind"]
    assert report.exit_code == 1


def _not_logs(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    big = tmp_path / "big.jsonl"
    with big.open("wb") as f:
        f.truncate(MAX_LOG_BYTES + 1)
    return {"a FIFO": fifo, "a device": zero, "a folder": tmp_path, "too large": big,
            "missing": tmp_path / "missing.jsonl"}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_copy_that_is_no_regular_file_is_refused_as_audit_refuses_it(
    tmp_path: Path,
) -> None:
    good = ENDINGS / _vector("agreed")["logs"][0]
    for what, path in _not_logs(tmp_path).items():
        alone = audit.audit_file(path)
        report = copies.audit_copies([good, path])
        assert report.status == "unreadable" and report.exit_code == 2, what
        assert report.copies[1].status == "unreadable", what
        assert report.copies[1].message == alone.message, what
        assert "\n" not in alone.message and "Errno" not in alone.message, what
        assert str(path) in alone.message, what


# --- what the copies report shows a person ------------------------------------------------


def test_names_from_the_log_are_shown_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    log = str(FILES / "text-escaped-name.jsonl")
    assert "\u202e" in Path(log).read_text()
    assert cli_main(["audit", log, log]) == 0
    text = capsys.readouterr().out
    assert "\u202e" not in text and "\u200b" not in text
    assert "Eve\\u202e\\u200bgnp.exe" in text


def test_an_abort_reason_is_shown_escaped(tmp_path: Path) -> None:
    game = gen_conformance.base_game("3")
    log = gen_conformance.honest_log(game)
    p = 5
    stalled = m.decode_entry(log[p], BODIES).seat
    writers = [s for s in range(3) if s != stalled]
    reason = "gone\u202e\u200b"
    paths = []
    for n, writer in enumerate(writers):
        abort = gen_endings.signed(game, log, p, writer, "abort",
                                   {"reason": reason, "stalled": stalled})
        path = tmp_path / f"copy-{n}.jsonl"
        path.write_bytes(b"".join(line + b"\n" for line in [*log[:p], abort]))
        paths.append(path)
    report = copies.audit_copies(paths)
    assert report.status == "forked" and report.standing is not None
    assert report.standing.outcome == "aborted"
    text = copies.format_copies(report)
    assert "\u202e" not in text and "\u200b" not in text
    assert text.count("gone\\u202e\\u200b") == 3  # each copy's line and the ending


def test_the_text_counts_lines_and_seats_from_1_and_agrees_in_number(
    capsys: pytest.CaptureFixture[str],
) -> None:
    logs = [str(ENDINGS / log) for log in _vector("two-aborts")["logs"]]
    assert cli_main(["audit", *logs]) == 0
    text = capsys.readouterr().out
    fork = copies.audit_copies([Path(p) for p in logs]).forks[0]
    assert "position" not in text
    assert f"the copies fork at line {fork.position + 1};" in text
    assert "in copy 1;" in text and "in copy 2" in text and "in copies 1" not in text
    assert cli_main(["audit", *logs, logs[0]]) == 0
    assert "in copies 1, 3" in capsys.readouterr().out


def test_the_json_report_is_ascii(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = ENDINGS / _vector("agreed")["logs"][0]
    odd = tmp_path / "名前\u202e.jsonl"
    odd.write_bytes(log.read_bytes())
    assert cli_main(["audit", "--json", str(log), str(odd)]) == 0
    out = capsys.readouterr().out
    assert out.isascii()
    assert json.loads(out)["copies"][1]["log"] == str(odd)
