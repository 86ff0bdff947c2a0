"""The key derivation of protocol/CRYPTO.md written again from its text, independently of
the library (RFC 5869 HKDF with plain hmac), for the tests to check the library against."""

from __future__ import annotations

import hmac
import itertools
from collections.abc import Iterator

from wizard_p2p.crypto import group


def rfc5869_hkdf_sha512(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    prk = hmac.new(salt, ikm, "sha512").digest()
    okm, block, counter = b"", b"", 1
    while len(okm) < length:
        block = hmac.new(prk, block + info + bytes([counter]), "sha512").digest()
        okm += block
        counter += 1
    return okm[:length]


def spec_block(ikm: bytes, label: bytes, index: int, attempt: int, context: bytes) -> bytes:
    info = label + b"\x00" + index.to_bytes(4, "big") + attempt.to_bytes(4, "big") + context
    return rfc5869_hkdf_sha512(ikm, b"wizard-p2p/v1/mental", info, 64)


def spec_scalar(secret: bytes, label: bytes, index: int, context: bytes) -> bytes:
    return group.scalar_reduce(spec_block(secret, label, index, 0, context))


def spec_uniform_words(ikm: bytes, label: bytes, context: bytes) -> Iterator[int]:
    for block in itertools.count():
        data = spec_block(ikm, label, block, 0, context)
        for i in range(0, 64, 4):
            yield int.from_bytes(data[i : i + 4], "big")


def spec_below(words: Iterator[int], n: int) -> int:
    limit = 2**32 - (2**32 % n)
    for x in words:
        if x < limit:
            return x % n
    raise AssertionError("unreachable")


def spec_permutation(secret: bytes, context: bytes, n: int) -> tuple[int, ...]:
    words = spec_uniform_words(secret, b"permutation", context)
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        j = spec_below(words, i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)
