"""``wizard-p2p audit LOG LOG …``: copies of one game, their forks, the ending that stands.

The endings vectors (``protocol/vectors/endings``) hold each case as a seat's copies would;
our comparison must give each manifest's verdict, print JSON the schema accepts, and the
vectors must regenerate byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tools import gen_endings
from wizard_p2p import copies
from wizard_p2p.cli import main as cli_main
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.endings import rank, stands_over

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
    first, second = (m.decode_entry(Path(p).read_bytes().splitlines()[-1]) for p in logs)
    assert f"fork at position {first.pos}" in text
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
    high, low = (m.decode_entry(log[-1]) for log in lines)
    assert rank(low) < rank(high) and stands_over(low, high) and not stands_over(high, low)
    assert not stands_over(low, high, later_writers=[low.seat])
    assert not stands_over(high, high)  # an entry never stands over itself


def test_an_unreadable_copy_makes_the_report_unreadable(tmp_path: Path) -> None:
    missing = tmp_path / "nothing.jsonl"
    report = copies.audit_copies([ENDINGS / _vector("agreed")["logs"][0], missing])
    assert report.status == "unreadable" and report.exit_code == 2
    assert str(missing) in report.message
    Draft202012Validator(SCHEMA).validate(report.to_json())
