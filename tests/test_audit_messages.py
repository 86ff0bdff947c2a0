"""What ``audit`` says of files that are not a good log: one plain sentence each, the
right exit code, never a raw OS error."""

from __future__ import annotations

import random
from pathlib import Path

from tests.test_audit import GOLDEN
from wizard_p2p.audit import EXIT_UNREADABLE, EXIT_VERIFIED, audit_file, format_report


def test_a_missing_path_and_a_folder_are_named_plainly(tmp_path: Path) -> None:
    missing = audit_file(tmp_path / "nowhere.jsonl")
    assert missing.exit_code == EXIT_UNREADABLE
    assert missing.message == f"no such file: {tmp_path / 'nowhere.jsonl'}"
    assert "Errno" not in format_report(missing)
    folder = audit_file(tmp_path)
    assert folder.exit_code == EXIT_UNREADABLE and "folder" in folder.message


def test_random_bytes_are_not_a_log_and_blame_nobody(tmp_path: Path) -> None:
    rng = random.Random(7)
    for size in (0, 5, 3000):
        path = tmp_path / f"random-{size}"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(size)))
        report = audit_file(path)
        assert report.exit_code == EXIT_UNREADABLE, report.message
        assert report.message.startswith("not a wizard-p2p log")
        assert report.fault_seat is None
        assert "empty" not in report.message or size == 0


def test_a_line_cut_short_is_mentioned_and_not_counted(tmp_path: Path) -> None:
    data = (GOLDEN / "game.jsonl").read_bytes()
    lines = data.split(b"\n")
    path = tmp_path / "cut.jsonl"
    path.write_bytes(b"\n".join(lines[:6]) + b"\n" + lines[6][:40])
    report = audit_file(path)
    assert report.exit_code == EXIT_VERIFIED
    assert report.entries == 6
    assert "the last line is cut short (40 bytes" in report.message
