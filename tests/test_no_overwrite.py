"""Nothing a person has is overwritten by accident: ``replay --export`` and
``watch --save`` never write over the log being read, never over a device, a FIFO or
a folder, and over an existing file only with ``--force``. Each command is run with
the paths a person would pass; a refusal is one sentence, exit status 2, and the file
at the path is left as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_audit import GOLDEN
from tests.test_node_multiprocess import REPO
from wizard_p2p import cli

DEADLINE = 30.0


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "log.jsonl"
    path.write_bytes((GOLDEN / "game.jsonl").read_bytes())
    return path


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], reason: str) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert reason in err and len(err.strip().splitlines()) == 1, err


def test_export_onto_the_log_itself_is_refused_even_with_force(
    tmp_path: Path, log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = log.read_bytes()
    _refused(capsys, ["replay", str(log), "--export", str(log)], "being read")
    _refused(capsys, ["replay", str(log), "--export", str(log), "--force"], "being read")
    link = tmp_path / "other-name.json"
    link.symlink_to(log)
    _refused(capsys, ["replay", str(log), "--export", str(link), "--force"], "being read")
    assert log.read_bytes() == before


def test_export_onto_a_device_a_fifo_or_a_folder_is_refused(
    tmp_path: Path, log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target in ("/dev/null", str(fifo), str(tmp_path)):
        _refused(capsys, ["replay", str(log), "--export", target, "--force"], "never written")
    assert Path("/dev/null").is_char_device() and fifo.is_fifo()


def test_export_onto_an_existing_file_needs_force(
    tmp_path: Path, log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "game.json"
    target.write_text("mine\n")
    _refused(capsys, ["replay", str(log), "--export", str(target)], "--force")
    assert target.read_text() == "mine\n"
    assert cli.main(["replay", str(log), "--export", str(target), "--force"]) == 0
    assert json.loads(target.read_text())["status"] == "finished"
    fresh = tmp_path / "fresh.json"
    assert cli.main(["replay", str(log), "--export", str(fresh)]) == 0
    assert json.loads(fresh.read_text()) == json.loads(target.read_text())


def _watch_saving(save: str, *extra: str) -> tuple[int, str]:
    # The address is never dialled: the path is refused before anything starts.
    done = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "watch", "127.0.0.1:9", "--code", "ABCD-EF23",
         "--headless", "--name", "Wes", "--save", save, *extra],
        capture_output=True, text=True, cwd=REPO, timeout=DEADLINE, stdin=subprocess.DEVNULL,
    )
    return done.returncode, done.stdout + done.stderr


def test_watch_save_onto_a_device_a_fifo_or_an_existing_file_is_refused(tmp_path: Path) -> None:
    existing = tmp_path / "kept.jsonl"
    existing.write_bytes(b"a person's file\n")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for save, extra, reason in (
        (str(existing), (), "use --force to replace it"),
        ("/dev/null", ("--force",), "never written over"),
        (str(fifo), ("--force",), "never written over"),
    ):
        code, output = _watch_saving(save, *extra)
        assert code == 2 and reason in output and "Traceback" not in output, output
        assert "asking" not in output  # refused before it asked the host anything
    assert existing.read_bytes() == b"a person's file\n" and fifo.is_fifo()
