"""Hash commitments (hidden bids, commit-reveal of random contributions) and an
unbiased joint random choice (the first dealer)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

from wizard_p2p.crypto.derivation import PREFIX, U32, KeyedStream, extract
from wizard_p2p.errors import CryptoError, UsageError

__all__ = [
    "NONCE_BYTES",
    "CommitmentMismatch",
    "commit",
    "commitment_of",
    "joint_random_index",
    "verify_commitment",
]

NONCE_BYTES = 32

_COMMITMENT_TAG = PREFIX + b"commitment\x00"


class CommitmentMismatch(CryptoError):
    """An opening (value, nonce) that does not match its commitment."""


def _length_prefixed(*parts: bytes) -> bytes:
    return b"".join(len(p).to_bytes(4, "big") + p for p in parts)


def _domain_bytes(domain: str) -> bytes:
    if not isinstance(domain, str) or not domain:
        raise UsageError("a commitment domain is a non-empty string")
    return domain.encode("utf-8")


def commitment_of(domain: str, value: bytes, nonce: bytes) -> bytes:
    """SHA-256(tag ‖ lp(domain) ‖ lp(nonce) ‖ lp(value)), lp = 4-byte big-endian length + bytes."""
    if not isinstance(value, bytes) or not isinstance(nonce, bytes):
        raise UsageError("a committed value and its nonce are bytes")
    return hashlib.sha256(
        _COMMITMENT_TAG + _length_prefixed(_domain_bytes(domain), nonce, value)
    ).digest()


def commit(domain: str, value: bytes) -> tuple[bytes, bytes]:
    """Commit to ``value`` under ``domain``: returns (commitment, nonce); keep the nonce."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    return commitment_of(domain, value, nonce), nonce


def verify_commitment(domain: str, commitment: bytes, value: bytes, nonce: bytes) -> None:
    """Raise :class:`CommitmentMismatch` unless (value, nonce) opens ``commitment``."""
    if not isinstance(nonce, bytes) or len(nonce) != NONCE_BYTES:
        raise CommitmentMismatch(f"a commitment nonce is {NONCE_BYTES} bytes")
    if not isinstance(value, bytes):
        raise CommitmentMismatch("a committed value is bytes")
    expected = commitment_of(domain, value, nonce)
    if not isinstance(commitment, bytes) or not hmac.compare_digest(expected, commitment):
        raise CommitmentMismatch(f"the opening does not match the {domain!r} commitment")


def joint_random_index(contributions: Sequence[bytes], n: int, context: bytes) -> int:
    """An index in ``[0, n)`` that no contributor controls alone, without modulo bias.

    The contributions (in seat order, each revealed after all were committed)
    are length-prefixed and concatenated into the HKDF input; the index is
    drawn from the keyed stream labelled ``joint-random`` by rejection sampling.
    """
    if isinstance(contributions, bytes) or not contributions:
        raise UsageError("joint_random_index needs a sequence of contributions")
    if not all(isinstance(c, bytes) for c in contributions):
        raise UsageError("every contribution is bytes")
    if not 1 <= n <= U32:
        raise UsageError(f"n = {n} out of range 1..2**32")
    if not isinstance(context, bytes):
        raise UsageError("context must be bytes")
    ikm = _length_prefixed(*contributions)
    return KeyedStream(extract(ikm), b"joint-random", context).below(n)
