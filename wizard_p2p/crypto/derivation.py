"""HKDF-SHA512 as CRYPTO.md specifies it, and the keyed stream of words drawn from it.

Every secret value of the card cryptography (a seat's shuffle key, permutation and
lock keys, its box secret, the joint random index) is derived here: one Extract with
the one salt of the scheme, then an Expand per value, whose info label tells the
derivations apart.
"""

from __future__ import annotations

import struct

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import hmac as crypto_hmac
from cryptography.hazmat.primitives.kdf.hkdf import HKDFExpand

__all__ = ["PREFIX", "U32", "KeyedStream", "expand", "extract"]

# Every tag and label of the scheme starts with this.
PREFIX = b"wizard-p2p/v1/"
# One HKDF salt for every derivation; the info label tells them apart.
_HKDF_SALT = PREFIX + b"mental"
_HKDF_BLOCK = 64
U32 = 1 << 32


def extract(ikm: bytes) -> bytes:
    """HKDF-Extract (RFC 5869 §2.2) with the one salt of the scheme.

    Every derivation from a secret starts with the same Extract; done once per secret
    (a round's keys are one per deck position), only the Expand step is repeated per key.
    """
    mac = crypto_hmac.HMAC(_HKDF_SALT, hashes.SHA512())
    mac.update(ikm)
    return mac.finalize()


def expand(prk: bytes, label: bytes, index: int, attempt: int, context: bytes) -> bytes:
    """HKDF-Expand (RFC 5869 §2.3) of one 64-byte block: with :func:`extract`, exactly
    HKDF-SHA512(salt, ikm, info) for the info CRYPTO.md gives."""
    info = label + b"\x00" + index.to_bytes(4, "big") + attempt.to_bytes(4, "big") + context
    return HKDFExpand(algorithm=hashes.SHA512(), length=_HKDF_BLOCK, info=info).derive(prk)


_WORDS = struct.Struct(f">{_HKDF_BLOCK // 4}I")


class KeyedStream:
    """Unbounded keyed byte stream: HKDF blocks for index 0, 1, 2, ... concatenated,
    read as big-endian 32-bit words."""

    def __init__(self, prk: bytes, label: bytes, context: bytes) -> None:
        self._prk, self._label, self._context = prk, label, context
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._next = 0

    def u32(self) -> int:
        """The next word of the stream."""
        if self._next == len(self._words):
            block = expand(self._prk, self._label, self._block, 0, self._context)
            self._words = _WORDS.unpack(block)
            self._block += 1
            self._next = 0
        word = self._words[self._next]
        self._next += 1
        return word

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``: rejection sampling, so no modulo bias."""
        limit = U32 - (U32 % n)
        while True:
            x = self.u32()
            if x < limit:
                return x % n

