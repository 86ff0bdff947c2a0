"""The one bounded reader and the write guards of ``wizard_p2p.files``: a regular file
is read up to its limit; anything else — a folder, a device, a FIFO nobody writes, a
symbolic link to them, a file past its limit — is refused at once with one sentence."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p.errors import (
    FileMissing,
    FileNotPrivate,
    FileRefused,
    FileTooLarge,
    NotRegularFile,
    WouldOverwrite,
)
from wizard_p2p.files import CHUNK_BYTES, check_target, read_bounded, write_atomic


def _one_sentence(exc: BaseException, path: Path) -> None:
    text = str(exc)
    assert "\n" not in text and str(path) in text


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=3 * 1024), limit=st.integers(0, 4 * 1024))
def test_a_regular_file_is_read_whole_up_to_its_limit(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, limit: int
) -> None:
    path = tmp_path_factory.mktemp("f") / "file"
    path.write_bytes(data)
    if len(data) <= limit:
        assert read_bounded(path, limit=limit, what="file") == data
    else:
        with pytest.raises(FileTooLarge) as refused:
            read_bounded(path, limit=limit, what="file")
        assert refused.value.limit == limit


def test_a_file_of_many_chunks_is_read_whole(tmp_path: Path) -> None:
    data = os.urandom(3 * CHUNK_BYTES + 17)
    path = tmp_path / "big"
    path.write_bytes(data)
    assert read_bounded(path, limit=len(data), what="file") == data
    with pytest.raises(FileTooLarge, match="larger than its limit"):
        read_bounded(path, limit=len(data) - 1, what="file")


def _run_with_deadline(call: Callable[[], object], seconds: float = 10.0) -> BaseException | None:
    """Run ``call`` on a thread; the exception it raised (None if none). Fails the test
    if it has not returned by the deadline (the reader must never block)."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            call()
            outcome.append(None)
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert outcome, "the reader blocked"
    return outcome[0]


@pytest.mark.parametrize("kind", ["dev-zero", "symlink-dev-zero", "fifo", "folder", "socket"])
def test_what_is_not_a_regular_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "input"
    if kind == "dev-zero":
        path = Path("/dev/zero")
    elif kind == "symlink-dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        import socket

        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()
    exc = _run_with_deadline(lambda: read_bounded(path, limit=1 << 30, what="log"))
    assert isinstance(exc, NotRegularFile), exc
    assert "not a regular file" in str(exc)
    _one_sentence(exc, path)


def test_a_symlink_to_a_regular_file_is_followed_unless_refused(tmp_path: Path) -> None:
    target = tmp_path / "target"
    target.write_bytes(b"key")
    link = tmp_path / "link"
    link.symlink_to(target)
    assert read_bounded(link, limit=10, what="file") == b"key"
    with pytest.raises(NotRegularFile, match="symbolic link"):
        read_bounded(link, limit=10, what="identity key", follow_symlinks=False)


def test_missing_unreadable_and_shared_files_are_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(FileMissing, match="there is no seat record at"):
        read_bounded(tmp_path / "nothing", limit=10, what="seat record")
    secret = tmp_path / "secret"
    secret.write_bytes(b"k")
    secret.chmod(0o644)
    with pytest.raises(FileNotPrivate, match="chmod 600"):
        read_bounded(secret, limit=10, what="key file", private=True)
    secret.chmod(0o600)
    assert read_bounded(secret, limit=10, what="key file", private=True) == b"k"
    if os.geteuid() != 0:  # root reads whatever the mode says
        secret.chmod(0o000)
        with pytest.raises(FileRefused, match="cannot read the key file"):
            read_bounded(secret, limit=10, what="key file")


def test_check_target_refuses_the_input_a_device_a_fifo_and_an_existing_file(
    tmp_path: Path,
) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(b"entry\n")
    with pytest.raises(WouldOverwrite, match="being read"):
        check_target(log, what="export", inputs=[log], force=True)
    link = tmp_path / "link"
    link.symlink_to(log)
    with pytest.raises(WouldOverwrite, match="being read"):
        check_target(link, what="export", inputs=[log], force=True)
    with pytest.raises(WouldOverwrite, match="never written over"):
        check_target("/dev/null", what="export", force=True)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(WouldOverwrite, match="FIFO"):
        check_target(fifo, what="export", force=True)
    existing = tmp_path / "old.json"
    existing.write_bytes(b"{}")
    with pytest.raises(WouldOverwrite, match="--force"):
        check_target(existing, what="export")
    check_target(existing, what="export", force=True)
    check_target(tmp_path / "new.json", what="export", inputs=[log])


def test_write_atomic_without_replace_never_replaces(tmp_path: Path) -> None:
    path = tmp_path / "keep"
    write_atomic(path, b"first", replace=False)
    with pytest.raises(WouldOverwrite):
        write_atomic(path, b"second", replace=False)
    assert path.read_bytes() == b"first"
    assert [p.name for p in tmp_path.iterdir()] == ["keep"]  # no temporary left
    write_atomic(path, b"second")
    assert path.read_bytes() == b"second"
