"""Every file the program reads from a person or a peer, given as something that is not
a file: ``/dev/zero`` behind a symbolic link, a FIFO nobody writes, and a 300 MB line
with no end. Each command is run as a person runs it (its own process, the path a
person would pass) and must end within seconds, with one sentence naming the file,
never a hang, a traceback or a read past the file's limit.

The 300 MB file is sparse (``truncate``): it costs no disk, and a reader that read it
whole would still spend 300 MB of memory and seconds of time.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_audit import GOLDEN
from tests.test_node_multiprocess import REPO
from wizard_p2p.node.store import SeatRecord

DEADLINE = 30.0  # seconds for the process, its start included
HUGE = 300 * 1024 * 1024
KINDS = ["dev-zero", "fifo", "huge-line"]
REFUSED = ("not a regular file", "larger than its limit", "symbolic link")


def _make(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        with open(path, "wb") as f:
            f.truncate(HUGE)
        path.chmod(0o600)  # as a key file must be: the size is what is refused


def _run(*args: str, cwd: Path) -> tuple[int, str]:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "wizard_p2p", *args], capture_output=True, text=True,
            cwd=REPO, timeout=DEADLINE, stdin=subprocess.DEVNULL,
            env={**os.environ, "XDG_DATA_HOME": str(cwd / "xdg")},
        )
    except subprocess.TimeoutExpired:
        raise AssertionError(f"wizard-p2p {' '.join(args)} did not end in time") from None
    return done.returncode, done.stdout + done.stderr


def _said_in_one_sentence(output: str, path: Path) -> None:
    assert "Traceback" not in output, output
    lines = [line for line in output.splitlines() if str(path) in line]
    assert lines, output
    assert any(reason in line for line in lines for reason in REFUSED), output


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", ["audit", "replay", "replay-export"])
def test_a_log_that_is_not_a_file_is_refused(tmp_path: Path, command: str, kind: str) -> None:
    log = tmp_path / "log.jsonl"
    _make(log, kind)
    args = {
        "audit": ["audit", str(log)],
        "replay": ["replay", str(log)],
        "replay-export": ["replay", str(log), "--export", str(tmp_path / "out.json")],
    }[command]
    code, output = _run(*args, cwd=tmp_path)
    assert code == 2, output
    _said_in_one_sentence(output, log)
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("kind", KINDS)
def test_an_evidence_file_that_is_not_a_file_is_refused(tmp_path: Path, kind: str) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes((GOLDEN / "game.jsonl").read_bytes())
    evidence = tmp_path / "evidence.jsonl"
    _make(evidence, kind)
    code, output = _run("audit", str(log), cwd=tmp_path)
    assert code == 0, output  # the log verifies; the file beside it proves nothing
    assert "the evidence file beside the log cannot be read" in output
    _said_in_one_sentence(output, evidence)


def _seat_record(data_dir: Path) -> Path:
    game = data_dir / "games" / "0123456789abcdef"
    game.mkdir(parents=True)
    record = SeatRecord("0123456789abcdef", 1, "Ann", bytes(32), "127.0.0.1", 40001, "127.0.0.1")
    (game / "seat.json").write_bytes(record.to_json())
    return game


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("file", ["identity.key", "curve.key", "seat.json", "log.jsonl"])
def test_a_seats_file_that_is_not_a_file_is_refused(tmp_path: Path, file: str, kind: str) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    if file in ("identity.key", "curve.key"):
        path = data_dir / file
    elif file == "seat.json":
        path = data_dir / "games" / "0123456789abcdef" / "seat.json"
    else:
        path = _seat_record(data_dir) / "log.jsonl"
    _make(path, kind)
    code, output = _run("resume", "--data-dir", str(data_dir), "--headless", cwd=tmp_path)
    assert code == 2, output
    _said_in_one_sentence(output, path)
