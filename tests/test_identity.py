"""Identities: keys on disk (0600, atomic, refused if exposed), domain-separated signatures.

``python tests/test_identity.py --write-vector`` regenerates
protocol/vectors/crypto/signatures.json (the tests compare against the file).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import stat
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from hypothesis import given
from hypothesis import strategies as st

from wizard_p2p import canonical, identity
from wizard_p2p.errors import CryptoError, DecodeError, UsageError
from wizard_p2p.identity import BadSignature, Identity

VECTOR = (
    Path(__file__).resolve().parent.parent / "protocol" / "vectors" / "crypto" / "signatures.json"
)
# RFC 8032, section 7.1, TEST 1.
RFC_SEED = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
RFC_PUBLIC = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
FINGERPRINT_RE = re.compile(r"[A-Z2-7]{4}(-[A-Z2-7]{4}){4}")

ALICE = Identity.from_seed(bytes(range(32)))
BOB = Identity.from_seed(bytes(range(1, 33)))


def signature_vector() -> dict[str, Any]:
    me = Identity.from_seed(RFC_SEED)
    data = canonical.encode({"game_id": bytes(32), "position": 7, "kind": "bid", "bid": 2})
    return {
        "description": "Ed25519 over b'wizard-p2p/v1' 0x00 domain 0x00 data; fingerprint = "
        "first 20 base32 chars of SHA-256(public key) in groups of 4",
        "seed": RFC_SEED.hex(),
        "public_key": me.public_key.hex(),
        "fingerprint": me.fingerprint,
        "domain": "log-entry",
        "data_hex": data.hex(),
        "signed_bytes_hex": identity.signing_bytes("log-entry", data).hex(),
        "signature": me.sign("log-entry", data).hex(),
    }


def test_rfc8032_seed_gives_the_rfc_public_key() -> None:
    assert Identity.from_seed(RFC_SEED).public_key == RFC_PUBLIC


def test_committed_vector_matches_and_verifies() -> None:
    v = json.loads(VECTOR.read_text(encoding="utf-8"))
    assert v == signature_vector()
    data = bytes.fromhex(v["data_hex"])
    assert bytes.fromhex(v["signed_bytes_hex"]) == b"wizard-p2p/v1\x00log-entry\x00" + data
    # Checked with the plain Ed25519 primitive: nothing but the prefix is added.
    Ed25519PublicKey.from_public_bytes(bytes.fromhex(v["public_key"])).verify(
        bytes.fromhex(v["signature"]), bytes.fromhex(v["signed_bytes_hex"])
    )
    identity.verify(
        bytes.fromhex(v["public_key"]), v["domain"], data, bytes.fromhex(v["signature"])
    )


@given(data=st.binary(max_size=200), domain=st.sampled_from(["log-entry", "genesis", "a.b/c"]))
def test_sign_then_verify(data: bytes, domain: str) -> None:
    signature = ALICE.sign(domain, data)
    assert len(signature) == 64
    identity.verify(ALICE.public_key, domain, data, signature)


@given(data=st.binary(min_size=1, max_size=64))
def test_signature_does_not_transfer(data: bytes) -> None:
    signature = ALICE.sign("log-entry", data)
    attempts = [
        (BOB.public_key, "log-entry", data, signature),  # another player's key
        (ALICE.public_key, "private-key-release", data, signature),  # another kind
        (ALICE.public_key, "log-entry", data[:-1], signature),  # altered data
        (ALICE.public_key, "log-entry", data + b"\x00", signature),
        (ALICE.public_key, "log-entry", data, signature[:-1] + bytes([signature[-1] ^ 1])),
        (ALICE.public_key, "log-entry", data, signature[:63]),
        (ALICE.public_key[:31], "log-entry", data, signature),
        (b"\x00" * 32, "log-entry", data, signature),
        (ALICE.public_key, "log-entry", data, None),
    ]
    for args in attempts:
        with pytest.raises(BadSignature):
            identity.verify(*args)  # type: ignore[arg-type]


def test_domain_and_data_cannot_trade_bytes() -> None:
    # "a" + data "\x00b..." must not equal "a\x00b" + data: NUL is refused in domains.
    assert identity.signing_bytes("ab", b"c") != identity.signing_bytes("a", b"b\x00c")
    for bad in ("", "a\x00b", "Log", "é", "x" * 65, "-lead", 3):
        with pytest.raises(UsageError):
            identity.signing_bytes(bad, b"data")  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        ALICE.sign("log-entry", "text")  # type: ignore[arg-type]


def test_bad_signature_is_a_crypto_error() -> None:
    assert issubclass(BadSignature, CryptoError)


def test_fingerprint_is_short_documented_and_distinct() -> None:
    fp = ALICE.fingerprint
    assert FINGERPRINT_RE.fullmatch(fp)
    expected = base64.b32encode(hashlib.sha256(ALICE.public_key).digest()).decode()[:20]
    assert fp.replace("-", "") == expected
    assert fp == identity.fingerprint(ALICE.public_key) != BOB.fingerprint
    assert fp in repr(ALICE)
    with pytest.raises(UsageError):
        identity.fingerprint(b"short")


# ------------------------------------------------------------------------ key files


def test_key_is_created_once_with_private_modes(tmp_path: Path) -> None:
    path = tmp_path / "data" / "wizard-p2p" / "identity.key"
    first = Identity.load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert path.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----")
    assert [p.name for p in path.parent.iterdir()] == ["identity.key"]  # no temp left
    again = Identity.load_or_create(path)
    assert again.public_key == first.public_key
    identity.verify(first.public_key, "x", b"d", again.sign("x", b"d"))


def test_default_path_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert identity.default_identity_path() == tmp_path / "xdg" / "wizard-p2p" / "identity.key"
    created = Identity.load_or_create()
    assert (tmp_path / "xdg" / "wizard-p2p" / "identity.key").exists()
    assert Identity.load_or_create().public_key == created.public_key
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")  # invalid per the XDG spec
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert identity.default_identity_path() == (
        tmp_path / "home" / ".local" / "share" / "wizard-p2p" / "identity.key"
    )


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660])
def test_exposed_key_file_is_refused_with_the_fix(tmp_path: Path, mode: int) -> None:
    path = tmp_path / "identity.key"
    original = Identity.load_or_create(path)
    path.chmod(mode)
    with pytest.raises(UsageError, match=f"chmod 600 {re.escape(str(path))}"):
        Identity.load_or_create(path)
    assert stat.S_IMODE(path.stat().st_mode) == mode  # nothing was changed
    path.chmod(0o600)
    assert Identity.load_or_create(path).public_key == original.public_key


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not a key",
        b"\x00" * 32,
        b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        ec.generate_private_key(ec.SECP256R1()).private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ),
        b"A" * 10000,
    ],
)
def test_corrupt_key_file_is_refused_and_kept(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "identity.key"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    os.write(fd, content)
    os.close(fd)
    with pytest.raises(DecodeError):
        Identity.load_or_create(path)
    assert path.read_bytes() == content  # never overwritten by a fresh key


@pytest.mark.skipif(os.name != "posix", reason="symlinks and O_NOFOLLOW")
def test_symlinked_key_file_is_refused(tmp_path: Path) -> None:
    real = tmp_path / "real.key"
    Identity.load_or_create(real)
    link = tmp_path / "identity.key"
    link.symlink_to(real)
    with pytest.raises(UsageError):
        Identity.load(link)


def test_directory_in_place_of_key_is_refused(tmp_path: Path) -> None:
    (tmp_path / "identity.key").mkdir()
    with pytest.raises(UsageError):
        Identity.load_or_create(tmp_path / "identity.key")


def test_uncreatable_key_location_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"")
    with pytest.raises(UsageError, match="identity key"):
        Identity.load_or_create(tmp_path / "file" / "identity.key")


def test_concurrent_first_use_agrees_on_one_key(tmp_path: Path) -> None:
    path = tmp_path / "identity.key"
    barrier = threading.Barrier(8)
    results: list[bytes] = []
    lock = threading.Lock()

    def create() -> None:
        barrier.wait(timeout=10)
        key = Identity.load_or_create(path).public_key
        with lock:
            results.append(key)

    threads = [threading.Thread(target=create) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert len(results) == 8
    assert set(results) == {Identity.load(path).public_key}
    assert [p.name for p in tmp_path.iterdir()] == ["identity.key"]


if __name__ == "__main__" and "--write-vector" in sys.argv:
    VECTOR.write_text(json.dumps(signature_vector(), indent=1, sort_keys=True) + "\n")
    print(VECTOR)


@pytest.mark.parametrize("message", [b"", b"any entry at all", bytes(range(256))])
def test_a_small_order_public_key_signs_nothing(message: bytes) -> None:
    # The neutral point as the key, and R = neutral, S = 0 as the signature: a check
    # without the small-order test accepts it for every message.
    neutral = (1).to_bytes(32, "little")
    forged = neutral + bytes(32)
    with pytest.raises(BadSignature):
        identity.verify(neutral, "entry", message, forged)


def test_signatures_still_verify_under_their_domain_only() -> None:
    me = Identity.generate()
    signature = me.sign("entry", b"data")
    identity.verify(me.public_key, "entry", b"data", signature)
    with pytest.raises(BadSignature):
        identity.verify(me.public_key, "private", b"data", signature)
    # The same check as OpenSSL's for an honest signature.
    Ed25519PublicKey.from_public_bytes(me.public_key).verify(
        signature, identity.signing_bytes("entry", b"data")
    )
