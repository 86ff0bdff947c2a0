"""Player identities: one Ed25519 signing key per player, kept on disk.

Every log entry is signed with the author's key; the
genesis entry of a game lists every player's public key, and players compare
:attr:`Identity.fingerprint` aloud (or on screen) to be sure they seated the
right people.

The key is created on first use at ``$XDG_DATA_HOME/wizard-p2p/identity.key``
(``~/.local/share`` when XDG_DATA_HOME is unset) as an unencrypted PKCS#8 PEM
file of mode 0600, written atomically; a key file readable by group or others
is refused, not silently used.

Domain separation (``protocol/CRYPTO.md``, "Signatures"): the bytes signed
for ``sign(domain, data)`` are ``b"wizard-p2p/v1\\x00" + domain + b"\\x00" +
data``.  The domain names the kind of message; ``data`` is its canonical
encoding, which itself carries the game id, so a signature can neither be
replayed as another kind of message nor into another game.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import re
import tempfile
from pathlib import Path

from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from nacl.bindings import crypto_sign_open
from nacl.exceptions import BadSignatureError as NaclBadSignature

from .errors import CryptoError, DecodeError, FileMissing, UsageError
from .files import fsync_directory, read_bounded

__all__ = [
    "PUBLIC_KEY_BYTES",
    "SIGNATURE_BYTES",
    "BadSignature",
    "Identity",
    "default_identity_path",
    "fingerprint",
    "signing_bytes",
    "verify",
]

PUBLIC_KEY_BYTES = 32
SIGNATURE_BYTES = 64
_SIGNING_PREFIX = b"wizard-p2p/v1\x00"
_DOMAIN_RE = re.compile(r"[a-z0-9][a-z0-9._/-]{0,63}")
_MAX_KEY_FILE = 4096


class BadSignature(CryptoError):
    """A signature, or the public key it is checked against, that does not verify."""


def signing_bytes(domain: str, data: bytes) -> bytes:
    """The exact bytes Ed25519 signs for ``data`` under ``domain``."""
    if not isinstance(domain, str) or not _DOMAIN_RE.fullmatch(domain):
        raise UsageError(
            f"signature domain {domain!r} must be 1-64 chars of [a-z0-9._/-], "
            "starting with a letter or digit"
        )
    if not isinstance(data, bytes):
        raise UsageError("signed data is bytes (use canonical.encode)")
    return _SIGNING_PREFIX + domain.encode("ascii") + b"\x00" + data


def fingerprint(public_key: bytes) -> str:
    """Short human form of a public key: 20 base32 chars of SHA-256, in groups of 4.

    100 bits: enough that nobody can make a second key with the same
    fingerprint, short enough to read aloud ("KQ2M-...").
    """
    if not isinstance(public_key, bytes) or len(public_key) != PUBLIC_KEY_BYTES:
        raise UsageError(f"a public key is {PUBLIC_KEY_BYTES} bytes")
    text = base64.b32encode(hashlib.sha256(public_key).digest()).decode("ascii")[:20]
    return "-".join(text[i : i + 4] for i in range(0, 20, 4))


def verify(public_key: bytes, domain: str, data: bytes, signature: bytes) -> None:
    """Raise :class:`BadSignature` unless ``signature`` signs ``data`` under ``domain``."""
    message = signing_bytes(domain, data)
    if not isinstance(public_key, bytes) or len(public_key) != PUBLIC_KEY_BYTES:
        raise BadSignature(f"a public key is {PUBLIC_KEY_BYTES} bytes")
    if not isinstance(signature, bytes) or len(signature) != SIGNATURE_BYTES:
        raise BadSignature(f"a signature is {SIGNATURE_BYTES} bytes")
    # libsodium's check, not OpenSSL's: it is faster, and it refuses public
    # keys of small order (for which a signature can be valid for many messages).
    try:
        crypto_sign_open(signature + message, public_key)
    except (NaclBadSignature, ValueError, TypeError):
        raise BadSignature(f"bad {domain!r} signature") from None


def default_identity_path() -> Path:
    """``$XDG_DATA_HOME/wizard-p2p/identity.key``, or under ``~/.local/share``."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    # The XDG spec says a relative value is invalid and must be ignored.
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "wizard-p2p" / "identity.key"


class Identity:
    """A player's Ed25519 signing key."""

    __slots__ = ("_key", "_public")

    def __init__(self, private_key: Ed25519PrivateKey) -> None:
        self._key = private_key
        self._public = private_key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    def __repr__(self) -> str:
        return f"Identity({self.fingerprint})"

    @classmethod
    def generate(cls) -> Identity:
        """A new random identity (the key comes from the OS random generator)."""
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> Identity:
        """The identity of a 32-byte Ed25519 seed (tests and known-answer vectors)."""
        if not isinstance(seed, bytes) or len(seed) != 32:
            raise UsageError("an Ed25519 seed is 32 bytes")
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    @classmethod
    def load(cls, path: Path) -> Identity:
        """Read a key file; refuses one other users can read, or one that is not a key.

        Raises :class:`FileMissing` if there is none, :class:`FileRefused` (a
        :class:`UsageError`) for a file that must not be used as it is — a symbolic
        link, not a regular file, open to other users, too large — and
        :class:`DecodeError` for a corrupt one.
        """
        data = read_bounded(
            path, limit=_MAX_KEY_FILE, what="identity key", follow_symlinks=False, private=True
        )
        return cls.from_pem(data, f"identity key {path}")

    @classmethod
    def from_pem(cls, data: bytes, what: str = "identity key") -> Identity:
        """The identity of a key file's bytes (unencrypted PKCS#8 PEM of an Ed25519 key);
        :class:`DecodeError` naming ``what`` and saying why for anything else."""
        if len(data) > _MAX_KEY_FILE:
            raise DecodeError(f"{what} is too large to be a key file")
        try:
            key = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError, UnsupportedAlgorithm) as exc:
            # The parser's message may quote the file: keep it short and printable.
            reason = "".join(ch if ch.isprintable() else "?" for ch in str(exc)[:120])
            raise DecodeError(f"{what} is not a PEM private key: {reason}") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise DecodeError(f"{what} is not an Ed25519 key")
        return cls(key)

    @classmethod
    def load_or_create(cls, path: Path | None = None) -> Identity:
        """Load the identity at ``path`` (default :func:`default_identity_path`), or create it."""
        path = Path(path) if path is not None else default_identity_path()
        try:
            return cls.load(path)
        except FileMissing:
            pass
        identity = cls.generate()
        try:
            created = identity._write_new(path)
        except OSError as exc:
            raise UsageError(f"cannot create identity key {path}: {exc}") from None
        if created:
            return identity
        return cls.load(path)  # another process created it first: use theirs

    def _write_new(self, path: Path) -> bool:
        """Write the key atomically without replacing an existing file; False if one exists."""
        pem = self._key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        directory = path.parent
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".identity-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "wb") as f:
                os.fchmod(f.fileno(), 0o600)
                f.write(pem)
                f.flush()
                os.fsync(f.fileno())
            try:
                # link() never replaces: two processes creating the key at once
                # end up with the same one, not each with its own.
                os.link(tmp, path)
            except FileExistsError:
                return False
            except OSError:
                os.replace(tmp, path)  # a file system without hard links
            fsync_directory(directory)
            return True
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)

    @property
    def public_key(self) -> bytes:
        """The 32-byte raw Ed25519 public key."""
        return self._public

    @property
    def fingerprint(self) -> str:
        """:func:`fingerprint` of :attr:`public_key`."""
        return fingerprint(self._public)

    def sign(self, domain: str, data: bytes) -> bytes:
        """A 64-byte Ed25519 signature of :func:`signing_bytes` (domain, data)."""
        return self._key.sign(signing_bytes(domain, data))
