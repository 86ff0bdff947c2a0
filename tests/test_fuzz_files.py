"""Fuzzing the readers of a player's own files: seat.json, the CURVE key file, the identity
key, and the evidence file beside a log (which ``audit`` reads, wherever it came from).

A damaged or hostile file must be refused with a ``DecodeError`` (``KeyFileError``
for the CURVE key) saying why, never with another exception: random bytes,
mutated bytes of valid files, valid JSON with a field replaced, PEM files of
other key types, and PEM files whose DER inside is mutated.
"""

from __future__ import annotations

import base64
import json
import os
from functools import partial
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519, rsa, x25519
from hypothesis import given

from tests.fuzz_support import (
    Chooser,
    attempt,
    document_tests,
    dump_compact,
    dump_spaced,
    feed_all,
    fuzz_settings,
    golden_lines,
    inputs,
    mutated,
    one_of,
    random_bytes,
    scratch_dir,
)
from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.errors import DecodeError
from wizard_p2p.identity import Identity
from wizard_p2p.net.keys import (
    CurveKeys,
    KeyFileError,
    encode_key_file,
    load_or_create_curve_keys,
    parse_key_file,
)
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.protocol.evidence import Evidence, decode_evidence
from wizard_p2p.tables import PROVABLE

_DIR = scratch_dir()


def _write(name: str, data: bytes) -> Path:
    path = _DIR / name
    path.write_bytes(data)
    os.chmod(path, 0o600)
    return path


# --- seat.json ----------------------------------------------------------------------

RECORDS = [
    SeatRecord("0123456789abcdef", 2, "Zoë", bytes(range(32)), "127.0.0.1", 40001, "10.0.0.1"),
    SeatRecord("fedcba9876543210", 0, "host", bytes(32), "0.0.0.0", 0, "127.0.0.1"),
]
SEATS = [record.to_json() for record in RECORDS]
_STORE = GameStore(_DIR, "fuzzed")


def _seat(data: bytes) -> None:
    record = attempt(SeatRecord.from_json, data)
    if record is not None:
        assert SeatRecord.from_json(record.to_json()) == record
        assert 0 <= record.seat <= 5 and len(record.master_secret) == 32
    _STORE.path.mkdir(parents=True, exist_ok=True)
    _STORE.seat_path.write_bytes(data)
    assert (attempt(_STORE.load_seat) is None) == (record is None)


test_seat_record_random, test_seat_record_mutated = document_tests(
    "seat_record", "seat.json", _seat, SEATS, dump_spaced
)


@pytest.mark.parametrize(
    "change",
    [{"seat": 1e999}, {"seat": float("nan")}, {"seat": "1"}, {"seat": True}, {"seat": 6},
     {"listen_port": 70000}, {"listen_port": [1]}, {"name": 5}, {"master_secret": "ab"},
     {"game_dir": ""}, {"extra": 1}],
)
def test_seat_record_fields_are_checked(change: dict) -> None:
    obj = {**json.loads(SEATS[0]), **change}
    with pytest.raises(DecodeError, match="seat record is damaged"):
        SeatRecord.from_json(json.dumps(obj).encode())


def test_seat_record_deep_or_huge_is_refused() -> None:
    for data in (b"[" * 100_000, b" " * 100_000 + b"{}"):
        with pytest.raises(DecodeError):
            SeatRecord.from_json(data)


# --- the CURVE key file -------------------------------------------------------------

CURVE_FILES = [encode_key_file(CurveKeys.generate()) for _ in range(2)]


def _curve(data: bytes) -> None:
    keys = attempt(parse_key_file, data)
    if keys is not None:
        assert parse_key_file(encode_key_file(keys)) == keys
    from_file = attempt(load_or_create_curve_keys, _write("curve.key", data))
    assert (from_file is None) == (keys is None)


test_curve_key_file_random, test_curve_key_file_mutated = document_tests(
    "curve_key_file", "CURVE key file", _curve, CURVE_FILES, dump_spaced
)


def test_curve_key_file_deep_json_is_refused() -> None:
    with pytest.raises(KeyFileError, match="not a key file"):
        parse_key_file(b"[" * 4000)


# --- the identity key file ----------------------------------------------------------


def _pem(key: object, encryption: serialization.KeySerializationEncryption | None = None) -> bytes:
    return key.private_bytes(  # type: ignore[attr-defined]
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        encryption or serialization.NoEncryption(),
    )


ED25519_PEMS = [_pem(ed25519.Ed25519PrivateKey.generate()) for _ in range(2)]
OTHER_PEMS = [
    _pem(ec.generate_private_key(ec.SECP256R1())),
    _pem(x25519.X25519PrivateKey.generate()),
    _pem(ed448.Ed448PrivateKey.generate()),
    _pem(rsa.generate_private_key(65537, 1024)),
    _pem(ed25519.Ed25519PrivateKey.generate(), serialization.BestAvailableEncryption(b"secret")),
    ed25519.Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH,
        serialization.NoEncryption(),
    ),
]
PEMS = ED25519_PEMS + OTHER_PEMS


def _der_mutated(pick: Chooser) -> bytes:
    """A PEM file whose base64 body decodes to mutated DER: past the armour, into the parser."""
    pem = pick.choice(PEMS)
    lines = pem.split(b"\n")
    head, body, tail = lines[0], b"".join(lines[1:-2]), lines[-2]
    der = mutated([base64.b64decode(body)], max_ops=2)(pick)
    return b"\n".join([head, base64.encodebytes(der).replace(b"\n", b""), tail, b""])


def _identity(data: bytes) -> None:
    identity = attempt(Identity.from_pem, data)
    from_file = attempt(Identity.load, _write("identity.key", data))
    assert (identity is None) == (from_file is None)
    if identity is not None:
        assert from_file is not None and identity.public_key == from_file.public_key


@fuzz_settings(share=2)
@given(inputs(one_of(random_bytes(200), mutated(PEMS))))
def test_identity_key_random_and_mutated(batch: list[bytes]) -> None:
    feed_all("identity key file", _identity, batch)


@fuzz_settings(share=2)
@given(inputs(_der_mutated))
def test_identity_key_mutated_der(batch: list[bytes]) -> None:
    feed_all("identity key file", _identity, batch)


@pytest.mark.parametrize("pem", OTHER_PEMS)
def test_identity_keys_of_other_kinds_are_refused(pem: bytes) -> None:
    with pytest.raises(DecodeError):
        Identity.from_pem(pem)


# --- evidence.jsonl ------------------------------------------------------------------

_GOLDEN = golden_lines()
EVIDENCE = [
    Evidence("bid-range", 1, 9, "bid 5 is out of range 0..1", (_GOLDEN[9],)).encode(),
    Evidence("equivocation", 2, 11, "two entries", (_GOLDEN[11], _GOLDEN[12])).encode(),
]


def _evidence(data: bytes) -> None:
    record = attempt(partial(decode_evidence, provable=PROVABLE), data)
    if record is not None:
        assert decode_evidence(record.encode(), PROVABLE) == record
        assert len(record.entries) in (1, 2) and 0 <= record.seat <= 5
    file = _write("evidence.jsonl", data + b"\n")
    assert (attempt(read_evidence, file) is None) == (record is None)


test_evidence_file_random, test_evidence_file_mutated = document_tests(
    "evidence_file", "evidence file", _evidence, EVIDENCE, dump_compact, random_size=300
)
