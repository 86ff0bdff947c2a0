"""A seat's keys for one round, all derived from the one secret it draws for the round.

Each seat draws one 32-byte secret per round (:func:`new_round_secret`); its shuffle
key, permutation and lock keys all derive from it and the round's context with
HKDF-SHA512 (:func:`derive_round_keys`). Revealing that secret at the round's end lets
anybody re-run the seat's passes (:mod:`wizard_p2p.crypto.verify`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from functools import cached_property

from wizard_p2p.crypto import group
from wizard_p2p.crypto.card_points import DECK_SIZE
from wizard_p2p.crypto.derivation import PREFIX, U32, KeyedStream, expand, extract
from wizard_p2p.errors import CryptoError, UsageError

__all__ = [
    "SECRET_BYTES",
    "InvalidSecret",
    "RoundKeys",
    "check_secret_and_context",
    "derive_round_keys",
    "new_round_secret",
    "round_context",
]

SECRET_BYTES = 32

_ROUND_CONTEXT_TAG = PREFIX + b"round-context\x00"


class InvalidSecret(CryptoError):
    """A round secret that is not 32 bytes."""


def _derive_scalar(
    prk: bytes, label: bytes, index: int, context: bytes, revealed: bool = False
) -> bytes:
    reduce = group.public_scalar_reduce if revealed else group.scalar_reduce
    attempt = 0
    while True:
        s = reduce(expand(prk, label, index, attempt, context))
        if s != bytes(32):  # zero has probability 2**-252; specified, never seen
            return s
        attempt += 1


def _fisher_yates(stream: KeyedStream, n: int) -> tuple[int, ...]:
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


@dataclass(frozen=True)
class RoundKeys:
    """One seat's keys for one round, all derived from its round secret.

    ``lock_factors[i] = lock_keys[i] · shuffle_key_inv`` so that the lock pass is
    one multiplication per position.  ``repr`` hides the key material.

    The inverse and the factors are computed on first use: checking another seat's
    round from its revealed secret needs only the permutation and the lock keys.
    """

    shuffle_key: bytes = field(repr=False)
    permutation: tuple[int, ...] = field(repr=False)
    lock_keys: tuple[bytes, ...] = field(repr=False)

    @property
    def deck_size(self) -> int:
        """The number of positions the permutation orders."""
        return len(self.permutation)

    @cached_property
    def shuffle_key_inv(self) -> bytes:
        """``K⁻¹ mod L``."""
        return group.scalar_invert(self.shuffle_key)

    @cached_property
    def lock_factors(self) -> tuple[bytes, ...]:
        """``k_i · K⁻¹`` for every derived lock key ``k_i``."""
        inverse = self.shuffle_key_inv
        return tuple(group.scalar_mul(k, inverse) for k in self.lock_keys)


def round_context(game_id: bytes, round_no: int, seat: int) -> bytes:
    """The context that binds a seat's round keys to one game, round and seat."""
    if not isinstance(game_id, bytes):
        raise UsageError("game_id must be bytes")
    for name, value in (("round_no", round_no), ("seat", seat), ("len(game_id)", len(game_id))):
        if not 0 <= value < U32:
            raise UsageError(f"{name} = {value} does not fit in 32 bits")
    return (
        _ROUND_CONTEXT_TAG
        + len(game_id).to_bytes(4, "big")
        + game_id
        + round_no.to_bytes(4, "big")
        + seat.to_bytes(4, "big")
    )


def new_round_secret() -> bytes:
    """A fresh 32-byte round secret from :mod:`secrets`."""
    return secrets.token_bytes(SECRET_BYTES)


def check_secret_and_context(secret: bytes, context: bytes) -> None:
    """Raise :class:`InvalidSecret` unless ``secret`` is a round secret, and
    :class:`~wizard_p2p.errors.UsageError` unless ``context`` is bytes."""
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise InvalidSecret(f"a round secret is {SECRET_BYTES} bytes")
    if not isinstance(context, bytes):
        raise UsageError("context must be bytes (see round_context)")


def derive_round_keys(
    secret: bytes,
    context: bytes,
    deck_size: int = DECK_SIZE,
    *,
    locked: int | None = None,
    revealed: bool = False,
) -> RoundKeys:
    """Derive K, K⁻¹, the permutation and the per-position lock keys from ``secret``.

    ``locked``: derive lock keys (and factors) only for positions ``0..locked-1``, the
    positions a round locks; each key depends on its position alone, so the keys are
    the same as in the full derivation. Default: every position.

    ``revealed``: the secret is public already (another seat's, revealed for the round
    check or an audit), so the keys are reduced modulo L with Python's integers: the
    same keys, derived faster, but in variable time: never for a secret that is still
    secret.
    """
    check_secret_and_context(secret, context)
    if not 1 <= deck_size < U32:
        raise UsageError(f"deck_size {deck_size} out of range")
    if locked is None:
        locked = deck_size
    if not 0 <= locked <= deck_size:
        raise UsageError(f"locked {locked} out of range 0..{deck_size}")
    prk = extract(secret)
    shuffle_key = _derive_scalar(prk, b"shuffle-key", 0, context, revealed)
    permutation = _fisher_yates(KeyedStream(prk, b"permutation", context), deck_size)
    lock_keys = tuple(
        _derive_scalar(prk, b"lock-key", i, context, revealed) for i in range(locked)
    )
    return RoundKeys(shuffle_key, permutation, lock_keys)
