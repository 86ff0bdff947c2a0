"""``play --out DIR``: every seat's log is copied there whole, and never over what a
person would lose: an existing file only with ``--force``, never through a symbolic link
or onto a FIFO, refused before the game starts (and again when the copies are written)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from wizard_p2p import cli, copies
from wizard_p2p.audit import audit_file
from wizard_p2p.commands import local_game, networked

HEADLESS = ["play", "--headless", "--seats", "3", "--policy", "random"]


@pytest.fixture
def bots_started(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bots this ``play`` starts (none are: a refusal comes before them)."""
    started: list[int] = []

    def no_bots(count: int, *args: Any, **kwargs: Any) -> list[Any]:
        started.append(count)
        raise AssertionError("the bots started")

    monkeypatch.setattr(local_game, "start_local_bots", no_bots)
    return started


def test_an_existing_log_copy_is_kept_unless_forced(
    tmp_path: Path, bots_started: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "seat-1.jsonl"
    old.write_bytes(b"a game of last week\n")
    assert cli.main([*HEADLESS, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"the log copy {old} exists; use --force to replace it" in err
    assert "Traceback" not in err
    assert old.read_bytes() == b"a game of last week\n"
    assert bots_started == []


def test_an_existing_evidence_file_is_kept_unless_forced(
    tmp_path: Path, bots_started: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "evidence.jsonl").write_bytes(b"{}\n")
    assert cli.main([*HEADLESS, "--out", str(tmp_path)]) == 2
    assert "the evidence file" in capsys.readouterr().err
    assert bots_started == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_link_or_a_fifo_in_the_folder_is_refused_even_when_forced(
    tmp_path: Path, bots_started: list[int], capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_bytes(b"not a log\n")
    (out / "seat-0.jsonl").symlink_to(elsewhere)
    assert cli.main([*HEADLESS, "--out", str(out), "--force"]) == 2
    assert "is a symbolic link; it is never written over" in capsys.readouterr().err
    (out / "seat-0.jsonl").unlink()
    os.mkfifo(out / "seat-2.jsonl")
    assert cli.main([*HEADLESS, "--out", str(out), "--force"]) == 2
    assert "is a FIFO (a named pipe); it is never written over" in capsys.readouterr().err
    assert elsewhere.read_bytes() == b"not a log\n"
    assert bots_started == []


def test_forced_copies_replace_old_files_and_a_link_made_during_the_game_is_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "seat-1.jsonl").write_bytes(b"a game of last week\n")
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_bytes(b"not a log\n")
    host = networked.host_async

    async def host_then_link(args: Any) -> Any:
        peer = await host(args)
        # Appears after the check before the game, before the copies are written.
        (out / "seat-2.jsonl").symlink_to(elsewhere)
        return peer

    monkeypatch.setattr(networked, "host_async", host_then_link)
    code = cli.main([*HEADLESS, "--out", str(out), "--force"])
    err = capsys.readouterr().err
    assert code == 1, err  # the game finished; a copy was refused
    assert f"the log copy {out / 'seat-2.jsonl'} is a symbolic link" in err
    assert elsewhere.read_bytes() == b"not a log\n"
    assert (out / "seat-2.jsonl").is_symlink()
    written = [out / "seat-0.jsonl", out / "seat-1.jsonl"]
    for log in written:
        assert not log.is_symlink() and audit_file(log).status == "verified", log
    report = copies.audit_copies(written)
    assert (report.status, report.exit_code) == ("agreed", 0), report.message
