"""Lock keys sealed to one seat: the boxes of the clairvoyance round.

In that round a card is shown to everyone but its owner, so each seat's key of the
position goes to every other seat but the owner (:func:`clairvoyant_recipients`),
sealed in a libsodium box that only its recipient opens. A seat's box secret derives
from its round secret like its keys, so once the secret is revealed anyone can redo
every box the seat sealed or was sent.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

import nacl.bindings as nacl_bindings
import nacl.exceptions as nacl_exceptions

from wizard_p2p.crypto import group
from wizard_p2p.crypto.derivation import PREFIX, U32, expand, extract
from wizard_p2p.crypto.keys import check_secret_and_context
from wizard_p2p.errors import CryptoError, UsageError

__all__ = [
    "SEAL_OVERHEAD",
    "UnopenableKeys",
    "box_public_key",
    "box_shared_key",
    "clairvoyant_recipients",
    "derive_box_secret",
    "open_keys",
    "open_keys_with_nonce",
    "seal_keys",
    "seal_keys_with_nonce",
    "seal_nonce",
]

_SEAL_NONCE_TAG = PREFIX + b"seal-nonce\x00"

# A libsodium box adds a 16-byte authenticator (Poly1305) to what it seals.
SEAL_OVERHEAD = nacl_bindings.crypto_box_ZEROBYTES - nacl_bindings.crypto_box_BOXZEROBYTES
_BOX_SECRET_BYTES = nacl_bindings.crypto_box_SECRETKEYBYTES
_SEAL_NONCE_BYTES = nacl_bindings.crypto_box_NONCEBYTES


class UnopenableKeys(CryptoError):
    """Sealed keys that do not open with the recipient's box secret, or hold no keys."""


def clairvoyant_recipients(owner: int, seats: Iterable[int]) -> list[int]:
    """Who receives each lock key of a position shown to everyone but its ``owner``.

    Every seat ``t`` (the owner included) gives its own key ``k_{t,i}`` for the
    position, sealed to each (:func:`seal_keys`), to every seat in the returned list
    other than ``t`` itself.  The owner receives no key for the position, so it lacks N-1 of
    the N keys; every other seat ends with all N and can read the card.
    """
    all_seats = sorted(set(seats))
    if owner not in all_seats:
        raise UsageError(f"owner {owner} is not one of the seats {all_seats}")
    return [s for s in all_seats if s != owner]


def derive_box_secret(secret: bytes, context: bytes) -> bytes:
    """The X25519 secret with which a seat seals, and opens, lock keys meant for one seat
    (the clairvoyance round's key shares), derived from its round secret like its keys.

    Derived rather than drawn, so the seat's public key is bound to its secret: once the
    secret is revealed, anyone can redo every box the seat sealed or was sent.
    """
    check_secret_and_context(secret, context)
    return expand(extract(secret), b"share-box", 0, 0, context)[:_BOX_SECRET_BYTES]


def box_public_key(box_secret: bytes) -> bytes:
    """The public key (an X25519 point of the prime-order subgroup) of a box secret:
    libsodium's ``crypto_scalarmult_base``, which clamps the secret."""
    return nacl_bindings.crypto_scalarmult_base(box_secret)


def box_shared_key(box_secret: bytes, other_key: bytes) -> bytes:
    """The key one seat shares with another whose box key is ``other_key``: libsodium's
    ``crypto_box_beforenm`` (X25519, then HSalsa20). The same from either side, so a
    seat computes it once per other seat and round, to seal to it and to open from it."""
    try:
        return nacl_bindings.crypto_box_beforenm(other_key, box_secret)
    except (nacl_exceptions.RuntimeError, nacl_exceptions.ValueError, TypeError) as exc:
        raise UnopenableKeys(f"not a usable box key: {exc}") from None


def seal_nonce(sender: int, recipient: int) -> bytes:
    """The nonce of every box from seat ``sender`` to seat ``recipient``."""
    # Both directions between two seats share one key, so the nonce tells them apart;
    # every key pair is one round's, so nothing else repeats.
    if not (0 <= sender < U32 and 0 <= recipient < U32) or sender == recipient:
        raise UsageError(f"no box from seat {sender} to seat {recipient}")
    tag = _SEAL_NONCE_TAG + sender.to_bytes(4, "big") + recipient.to_bytes(4, "big")
    return hashlib.sha256(tag).digest()[:_SEAL_NONCE_BYTES]


def seal_keys(shared_key: bytes, sender: int, recipient: int, keys: Sequence[bytes]) -> bytes:
    """``keys`` (scalars, in order) sealed from seat ``sender`` to seat ``recipient``
    with the key they share (:func:`box_shared_key`): libsodium's box (XSalsa20-Poly1305,
    ``crypto_box_afternm``) with a nonce fixed by the two seats, so the same inputs
    always seal to the same bytes."""
    return seal_keys_with_nonce(shared_key, seal_nonce(sender, recipient), keys)


def seal_keys_with_nonce(shared_key: bytes, nonce: bytes, keys: Sequence[bytes]) -> bytes:
    """:func:`seal_keys` with the caller's nonce (one never used before with this key)."""
    plaintext = b"".join(group.check_scalar(k) for k in keys)
    return nacl_bindings.crypto_box_afternm(plaintext, nonce, shared_key)


def open_keys(
    shared_key: bytes, sender: int, recipient: int, sealed: bytes, count: int
) -> tuple[bytes, ...]:
    """The ``count`` keys seat ``sender`` sealed to seat ``recipient``; raises
    :class:`UnopenableKeys` if the box does not open or does not hold ``count`` valid keys."""
    return open_keys_with_nonce(shared_key, seal_nonce(sender, recipient), sealed, count)


def open_keys_with_nonce(
    shared_key: bytes, nonce: bytes, sealed: bytes, count: int
) -> tuple[bytes, ...]:
    """:func:`open_keys` of a box sealed with :func:`seal_keys_with_nonce`."""
    try:
        plaintext = nacl_bindings.crypto_box_open_afternm(sealed, nonce, shared_key)
    except nacl_exceptions.CryptoError:
        raise UnopenableKeys("the sealed keys do not open (forged or sealed to another)") from None
    size = group.SCALAR_BYTES
    if len(plaintext) != count * size:
        raise UnopenableKeys(f"the sealed keys hold {len(plaintext)} bytes, not {count} keys")
    keys = tuple(plaintext[i : i + size] for i in range(0, len(plaintext), size))
    for key in keys:
        try:
            group.check_scalar(key)
        except group.InvalidScalar as exc:
            raise UnopenableKeys(f"a sealed key is not a valid key: {exc}") from None
    return keys
