"""``wizard-p2p audit --json`` against ``protocol/schemas/audit.json`` (SPEC §8).

The schema is the contract another auditor or tool reads the report by: every
report the audit prints — a verified game, logs cut short, a flipped byte, an
aborted game, files it cannot read — must validate, carry the exit code its
status stands for, and keep the relations the schema's descriptions state but
JSON Schema cannot (``rounds_verified`` is the length of ``rounds``, ``totals``
is the last row's, ``winners`` are the seats on the highest total).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.protocol_support import new_game, settled
from tools import gen_vectors
from wizard_p2p import audit
from wizard_p2p.disk.log import read_log

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "protocol" / "schemas" / "audit.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA)
GOLDEN = ROOT / gen_vectors.GOLDEN_DIR / "game.jsonl"
EXIT_OF = {"verified": 0, "incomplete": 0, "aborted": 0, "fault": 1, "unreadable": 2}


def run_audit(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[dict[str, Any], int]:
    """What ``wizard-p2p audit --json path`` prints, and its exit code."""
    code = audit.main(str(path), as_json=True)
    return json.loads(capsys.readouterr().out), code


def check_report(report: dict[str, Any], code: int) -> None:
    errors = sorted(VALIDATOR.iter_errors(report), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors)
    assert code == EXIT_OF[report["status"]]
    assert report["rounds_verified"] == len(report["rounds"])
    assert [r["round"] for r in report["rounds"]] == list(range(1, len(report["rounds"]) + 1))
    if report["rounds"]:
        totals = report["rounds"][-1]["totals"]
        assert report["totals"] == totals
        assert report["winners"] == [s for s, t in enumerate(totals) if t == max(totals)]
        for row in report["rounds"]:
            assert len(row["bids"]) == len(report["players"])
    else:
        assert report["totals"] == [] and report["winners"] == []
    if report["fault"] is not None:
        assert report["fault"]["message"] == report["message"]


def write_log(tmp_path: Path, lines: list[bytes], *, torn: bytes = b"") -> Path:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines) + torn)
    return path


def test_the_schema_is_a_valid_json_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


def test_the_golden_log(capsys: pytest.CaptureFixture[str]) -> None:
    report, code = run_audit(GOLDEN, capsys)
    check_report(report, code)
    assert report["status"] == "verified" and code == 0
    assert report["entries"] == len(read_log(GOLDEN))
    committed = json.loads((ROOT / gen_vectors.GOLDEN_DIR / "audit.json").read_text())
    assert report == committed
    check_report(committed, 0)


@pytest.mark.parametrize("keep", [1, 2, 5, 40, 400])
def test_the_golden_log_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], keep: int
) -> None:
    lines = read_log(GOLDEN)[:keep]
    # A torn last line (no newline) was never sent: it is not read, nor counted.
    path = write_log(tmp_path, lines, torn=b'{"body":')
    report, code = run_audit(path, capsys)
    check_report(report, code)
    assert report["status"] == "incomplete" and code == 0
    assert report["entries"] == keep
    assert report["rounds_verified"] < gen_vectors.GOLDEN_CONFIG.rounds
    if keep <= 5:  # the genesis and coins: no round yet
        assert report["rounds_verified"] == 0 and report["totals"] == []
    assert "the log ends in stage" in report["message"]


@pytest.mark.parametrize("where", [0, 3, 200, -1])
def test_the_golden_log_with_a_flipped_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: int
) -> None:
    lines = read_log(GOLDEN)
    position = where % len(lines)
    raw = bytearray(lines[position])
    raw[len(raw) // 3] ^= 0x04
    lines[position] = bytes(raw)
    report, code = run_audit(write_log(tmp_path, lines), capsys)
    check_report(report, code)
    assert report["status"] == "fault" and code == 1
    assert report["fault"]["position"] == position
    assert report["entries"] == len(lines)


def test_an_aborted_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game(3, "secret_bids", seed=41)
    assert game.run(until=settled(game, lambda: game.tables[0].completed_rounds == 1))
    due = game.tables[0].expected()
    assert due is not None
    writer = 1 if due[0] == 0 else 0
    game.send(writer, game.tables[writer].abort_stalled("gone"))
    game.run()
    report, code = run_audit(write_log(tmp_path, game.tables[0].log), capsys)
    check_report(report, code)
    assert report["status"] == "aborted" and code == 0
    assert report["rounds_verified"] == 1 and len(report["totals"]) == 3


@pytest.mark.parametrize("content", [b"", b"\x00\xff not json\n", None])
def test_what_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None
) -> None:
    path = tmp_path / "game.jsonl"
    if content is not None:
        path.write_bytes(content)
    report, code = run_audit(path, capsys)
    check_report(report, code)
    assert report["status"] in ("unreadable", "fault")
    if content is None or content == b"":
        assert report["status"] == "unreadable" and code == 2
