"""A private deck's values that are not passes: copy points, the committed lists, the
contexts and every secret a party derives (CRYPTO.md §13.1, §13.2, §13.5).

A card is an opaque identity (bytes); this module knows no game. Equal cards of one list
get distinct points through their copy number, so no ciphertext shows two cards alike.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import nacl.bindings as nacl_bindings
import nacl.exceptions as nacl_exceptions

from wizard_p2p.crypto import group
from wizard_p2p.crypto.derivation import PREFIX, U32, expand, extract
from wizard_p2p.crypto.keys import SECRET_BYTES, RoundKeys, derive_round_keys
from wizard_p2p.errors import UsageError

__all__ = [
    "MAX_CARD_BYTES",
    "MAX_DECK",
    "MAX_EPOCHS",
    "copy_numbers",
    "copy_point",
    "deck_commitment_nonce",
    "deck_context",
    "deck_secret",
    "epoch_keys",
    "initial_deck",
    "list_bytes",
    "open_order",
    "order_key",
    "party_box_secret",
    "seal_nonce",
    "seal_order",
]

# Bounds of everything a deck message may carry: a card identity's bytes, a list's length.
MAX_CARD_BYTES = 64
MAX_DECK = 256
# A deck has at most this many epochs: a set-up, and one per search, look or put-back.
MAX_EPOCHS = 4096

_COPY_POINT_TAG = PREFIX + b"deck-card-point\x00"
_CONTEXT_TAG = PREFIX + b"deck-context\x00"
_SEAL_NONCE_TAG = PREFIX + b"deck-seal-nonce\x00"
_ORDER_NONCE_TAG = PREFIX + b"deck-order-nonce\x00"
_NONCE_BYTES = 24


def _check_card(card: object) -> bytes:
    if not isinstance(card, bytes) or not 1 <= len(card) <= MAX_CARD_BYTES:
        raise UsageError(f"a card identity is 1..{MAX_CARD_BYTES} bytes")
    return card


def copy_point(card: bytes, copy: int) -> bytes:
    """``C(card, copy)``: from_uniform(SHA-512(tag ‖ lp(card) ‖ u32(copy))[:32]), as §3's
    card points are derived, with the private deck's own tag."""
    _check_card(card)
    if not 0 <= copy < U32:
        raise UsageError(f"copy number {copy} does not fit in 32 bits")
    digest = hashlib.sha512(
        _COPY_POINT_TAG + len(card).to_bytes(4, "big") + card + copy.to_bytes(4, "big")
    ).digest()
    return group.from_uniform(digest[:32])


def copy_numbers(cards: Sequence[bytes]) -> tuple[int, ...]:
    """Each entry's copy number: how many entries before it hold the same identity."""
    seen: dict[bytes, int] = {}
    out = []
    for card in cards:
        out.append(seen.get(card, 0))
        seen[card] = out[-1] + 1
    return tuple(out)


def initial_deck(cards: Sequence[bytes]) -> tuple[bytes, ...]:
    """The initial deck of a main list: one copy point per entry, in list order.

    :class:`~wizard_p2p.errors.UsageError` for a list that is empty, too long, holds
    something that is not a card identity, or whose points collide (about ``D²·2⁻²⁵³``).
    """
    if isinstance(cards, bytes) or not 1 <= len(cards) <= MAX_DECK:
        raise UsageError(f"a main list holds 1..{MAX_DECK} cards")
    points = tuple(
        copy_point(_check_card(c), n) for c, n in zip(cards, copy_numbers(cards), strict=True)
    )
    if len(set(points)) != len(points):
        raise UsageError("two copies of this list have the same point: it cannot be used")
    return points


def list_bytes(main: Sequence[bytes], pool: Sequence[bytes]) -> bytes:
    """``lists(M, S)``: the bytes the owner commits to (§13.1)."""
    out = bytearray()
    for cards in (main, pool):
        if isinstance(cards, bytes) or len(cards) > MAX_DECK:
            raise UsageError(f"a list holds at most {MAX_DECK} cards")
        out += len(cards).to_bytes(4, "big")
        for card in cards:
            out += len(_check_card(card)).to_bytes(4, "big") + card
    return bytes(out)


def deck_context(game_id: bytes, owner: int, author: int, epoch: int) -> bytes:
    """``deck_context(g, o, a, e)``: binds a party's values to one game, deck, party and
    epoch."""
    if not isinstance(game_id, bytes) or len(game_id) >= U32:
        raise UsageError("game_id must be bytes")
    for name, value in (("owner", owner), ("author", author), ("epoch", epoch)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < U32:
            raise UsageError(f"{name} = {value!r} does not fit in 32 bits")
    return (
        _CONTEXT_TAG
        + len(game_id).to_bytes(4, "big")
        + game_id
        + owner.to_bytes(4, "big")
        + author.to_bytes(4, "big")
        + epoch.to_bytes(4, "big")
    )


def _first_bytes(ikm: bytes, label: bytes, context: bytes) -> bytes:
    return expand(extract(ikm), label, 0, 0, context)[:SECRET_BYTES]


def deck_secret(master_secret: bytes, game_id: bytes, owner: int, author: int) -> bytes:
    """A party's deck secret, from its master secret: revealed at the end, unlike the
    master secret."""
    if not isinstance(master_secret, bytes) or len(master_secret) != SECRET_BYTES:
        raise UsageError(f"a master secret is {SECRET_BYTES} bytes")
    return _first_bytes(master_secret, b"deck-secret", deck_context(game_id, owner, author, 0))


def epoch_keys(secret: bytes, context: bytes, size: int, *, revealed: bool = False) -> RoundKeys:
    """A party's keys of one epoch of ``size`` positions: §4's derivation with the deck
    context (``revealed`` as :func:`~wizard_p2p.crypto.keys.derive_round_keys` says)."""
    return derive_round_keys(secret, context, size, revealed=revealed)


def party_box_secret(secret: bytes, game_id: bytes, owner: int, author: int) -> bytes:
    """A party's box secret of one deck (§5a's label, the deck's context of epoch 0)."""
    return _first_bytes(secret, b"share-box", deck_context(game_id, owner, author, 0))


def deck_commitment_nonce(secret: bytes, game_id: bytes, owner: int) -> bytes:
    """The nonce of the owner's commitment to its lists, from its deck secret."""
    return _first_bytes(secret, b"deck-commitment-nonce", deck_context(game_id, owner, owner, 0))


def seal_nonce(count: int) -> bytes:
    """The nonce of a deck's box number ``count`` (0, 1, …): one box key pair per deck,
    so the count alone keeps every nonce fresh."""
    if not 0 <= count < U32:
        raise UsageError(f"box number {count} does not fit in 32 bits")
    return hashlib.sha256(_SEAL_NONCE_TAG + count.to_bytes(4, "big")).digest()[:_NONCE_BYTES]


def order_key(secret: bytes, game_id: bytes, owner: int) -> bytes:
    """The key with which the owner seals its chosen orders to itself."""
    return _first_bytes(secret, b"deck-order-key", deck_context(game_id, owner, owner, 0))


def _order_nonce(epoch: int) -> bytes:
    if not 0 <= epoch < U32:
        raise UsageError(f"epoch {epoch} does not fit in 32 bits")
    return hashlib.sha256(_ORDER_NONCE_TAG + epoch.to_bytes(4, "big")).digest()[:_NONCE_BYTES]


def seal_order(key: bytes, epoch: int, order: Sequence[int]) -> bytes:
    """The owner's chosen order of an arrangement epoch, sealed to itself: libsodium's
    secretbox of the u32 indices, the nonce fixed by the epoch (one arrangement each)."""
    plaintext = b"".join(i.to_bytes(4, "big") for i in order)
    return nacl_bindings.crypto_secretbox(plaintext, _order_nonce(epoch), key)


def open_order(key: bytes, epoch: int, box: bytes, size: int) -> tuple[int, ...] | None:
    """The order sealed by :func:`seal_order`, or None if the box does not open to
    ``size`` indices."""
    try:
        plaintext = nacl_bindings.crypto_secretbox_open(box, _order_nonce(epoch), key)
    except (nacl_exceptions.CryptoError, TypeError):
        return None
    if len(plaintext) != 4 * size:
        return None
    return tuple(int.from_bytes(plaintext[i : i + 4], "big") for i in range(0, len(plaintext), 4))
