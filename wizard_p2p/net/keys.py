"""CURVE keypairs for the encrypted links, and their file on disk.

Every peer has one long-lived CurveZMQ keypair (Curve25519, encoded in Z85 as
40 ASCII characters). The public key is the peer's *transport identity*: the
mesh identifies the sender of every frame by the key the CURVE handshake
authenticated, never by anything the frame claims.

The keypair is kept in one small JSON file, written atomically (temporary file,
fsync, ``os.replace``, fsync of the directory) with mode 0600, so a crash never
leaves a half-written key and no other user can read the secret.
"""

from __future__ import annotations

import json
import os
import struct
from dataclasses import dataclass, field
from pathlib import Path

import zmq
from zmq.utils import z85

from wizard_p2p import boundedjson
from wizard_p2p.errors import DecodeError, FileMissing, UsageError
from wizard_p2p.files import read_bounded, write_atomic

Z85_KEY_LENGTH = 40
_Z85_ALPHABET = frozenset(
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
)
_FILE_KIND = "wizard-p2p curve keypair"
# Cap on what we read: a real key file is about 150 bytes.
_MAX_FILE_BYTES = 4096


class KeyFileError(DecodeError):
    """A key file that cannot be used: unreadable content or wrong permissions."""


def is_z85_key(text: object) -> bool:
    """True when ``text`` is a 40-character Z85 string that decodes to a 32-byte key."""
    if not isinstance(text, str) or len(text) != Z85_KEY_LENGTH:
        return False
    if not all(ch in _Z85_ALPHABET for ch in text):
        return False
    try:
        # Some 5-character groups exceed 2**32; those are not keys.
        raw = z85.decode(text.encode("ascii"))
    except (ValueError, struct.error):
        return False
    return len(raw) == 32


def check_z85_key(text: object, what: str = "CURVE key") -> str:
    """Return ``text`` if it is a Z85 CURVE key, else raise ``UsageError`` naming ``what``."""
    if not is_z85_key(text):
        raise UsageError(f"{what} must be 40 Z85 characters, got {text!r:.60}")
    assert isinstance(text, str)
    return text


@dataclass(frozen=True)
class CurveKeys:
    """A CURVE keypair in Z85 text. ``public`` names this peer on the network."""

    public: str
    secret: str = field(repr=False)

    def __post_init__(self) -> None:
        check_z85_key(self.public, "public key")
        check_z85_key(self.secret, "secret key")
        derived = zmq.curve_public(self.secret.encode("ascii")).decode("ascii")
        if derived != self.public:
            raise UsageError("CURVE public key does not belong to the secret key")

    @classmethod
    def generate(cls) -> CurveKeys:
        """A fresh keypair from libzmq's (libsodium's) random generator."""
        public, secret = zmq.curve_keypair()
        return cls(public.decode("ascii"), secret.decode("ascii"))


def load_or_create_curve_keys(path: str | os.PathLike[str]) -> CurveKeys:
    """Load the keypair stored at ``path``, or create, store and return a new one.

    Raises ``KeyFileError`` if the file exists but is malformed, holds a public
    key that does not match its secret, or is readable by group or others.
    Nothing is written in those cases.
    """
    target = Path(path)
    try:
        return _load(target)
    except FileMissing:
        pass
    keys = CurveKeys.generate()
    write_atomic(target, encode_key_file(keys), mode=0o600)
    return keys


def encode_key_file(keys: CurveKeys) -> bytes:
    """The key file's bytes for ``keys`` (what :func:`parse_key_file` reads back)."""
    doc = {"kind": _FILE_KIND, "public": keys.public, "secret": keys.secret}
    return (json.dumps(doc, sort_keys=True, indent=1) + "\n").encode("ascii")


def _load(path: Path) -> CurveKeys:
    raw = read_bounded(
        path, limit=_MAX_FILE_BYTES, what="key file", follow_symlinks=False, private=True
    )
    return parse_key_file(raw, str(path))


def parse_key_file(raw: bytes, path: str = "key file") -> CurveKeys:
    """The keypair a key file's bytes hold; ``KeyFileError`` saying why if they hold none."""
    if len(raw) > _MAX_FILE_BYTES:
        raise KeyFileError(f"{path}: too large for a key file")
    if not raw.isascii():
        raise KeyFileError(f"{path}: not a key file (not ASCII)")
    try:
        doc = boundedjson.loads(raw, max_size=_MAX_FILE_BYTES, max_depth=1, what="content")
    except DecodeError as exc:
        raise KeyFileError(f"{path}: not a key file ({exc})") from None
    if not isinstance(doc, dict) or doc.get("kind") != _FILE_KIND or set(doc) != {
        "kind",
        "public",
        "secret",
    }:
        raise KeyFileError(f"{path}: not a {_FILE_KIND} file")
    try:
        return CurveKeys(doc["public"], doc["secret"])
    except UsageError as exc:
        raise KeyFileError(f"{path}: {exc}") from None
