"""CURVE keypair file: created once with mode 0600, reloaded identically, bad files refused."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
import zmq

from wizard_p2p.errors import FileNotPrivate, UsageError
from wizard_p2p.net.keys import CurveKeys, KeyFileError, is_z85_key, load_or_create_curve_keys


def test_creates_then_reloads_the_same_keypair(tmp_path: Path) -> None:
    path = tmp_path / "transport.key"
    keys = load_or_create_curve_keys(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert zmq.curve_public(keys.secret.encode()).decode() == keys.public
    assert load_or_create_curve_keys(path) == keys
    assert [p.name for p in tmp_path.iterdir()] == ["transport.key"]  # no temp file left
    assert keys.secret not in repr(keys)


def test_two_peers_get_different_keys(tmp_path: Path) -> None:
    a = load_or_create_curve_keys(tmp_path / "a")
    b = load_or_create_curve_keys(tmp_path / "b")
    assert a.public != b.public and a.secret != b.secret


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json",
        b"[]",
        b'{"kind":"something else","public":"","secret":""}',
        b"\xff\xfe",
    ],
)
def test_malformed_file_is_refused_and_left_alone(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "k"
    path.write_bytes(content)
    path.chmod(0o600)
    with pytest.raises(KeyFileError):
        load_or_create_curve_keys(path)
    assert path.read_bytes() == content


def test_public_key_not_matching_secret_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "k"
    load_or_create_curve_keys(path)
    doc = json.loads(path.read_text())
    doc["public"] = CurveKeys.generate().public
    path.write_text(json.dumps(doc))
    with pytest.raises(KeyFileError, match="does not belong"):
        load_or_create_curve_keys(path)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_key_file_readable_by_others_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "k"
    load_or_create_curve_keys(path)
    path.chmod(0o644)
    with pytest.raises(FileNotPrivate, match="chmod 600"):
        load_or_create_curve_keys(path)


def test_z85_validation() -> None:
    keys = CurveKeys.generate()
    assert is_z85_key(keys.public)
    assert not is_z85_key(keys.public[:-1])
    assert not is_z85_key("%" * 40)  # Z85 characters, but beyond 2**32 per group
    assert not is_z85_key(" " * 40)
    assert not is_z85_key(b"x" * 40)
    with pytest.raises(UsageError):
        CurveKeys(keys.public, CurveKeys.generate().secret)
