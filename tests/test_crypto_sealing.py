"""Lock keys sealed to one seat open only for that seat, and seal alike each time."""

from __future__ import annotations

import hashlib

import nacl.bindings as sodium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p import crypto
from wizard_p2p.crypto import group
from wizard_p2p.crypto.sealing import seal_nonce
from wizard_p2p.errors import CryptoError, UsageError


@settings(max_examples=25, deadline=None)
@given(
    st.binary(min_size=32, max_size=32),
    st.binary(min_size=32, max_size=32),
    st.integers(1, 5),
    st.integers(0, 4),
)
def test_sealed_keys_open_only_for_their_reader_and_seal_alike(
    one: bytes, other: bytes, count: int, sender: int
) -> None:
    recipient = sender + 1
    context = crypto.round_context(bytes(32), 1, 0)
    b_t, b_u = crypto.derive_box_secret(one, context), crypto.derive_box_secret(other, context)
    b_v = crypto.derive_box_secret(hashlib.sha256(one + other).digest(), context)  # a third
    key_t, key_u = crypto.box_public_key(b_t), crypto.box_public_key(b_u)
    assert group.is_valid_point(key_t) and group.is_valid_point(key_u)
    shared = crypto.box_shared_key(b_t, key_u)
    assert crypto.box_shared_key(b_u, key_t) == shared  # one key for the two seats
    keys = list(crypto.derive_round_keys(one, context, locked=count).lock_keys)
    box = crypto.seal_keys(shared, sender, recipient, keys)
    assert len(box) == crypto.SEAL_OVERHEAD + 32 * count
    assert crypto.seal_keys(shared, sender, recipient, keys) == box  # deterministic
    assert crypto.open_keys(shared, sender, recipient, box, count) == tuple(keys)
    flipped = box[:-1] + bytes([box[-1] ^ 1])
    third = crypto.box_shared_key(b_v, key_t)
    refused = [
        (shared, recipient, sender, box, count),  # read as the other direction's
        (third, sender, recipient, box, count),  # by a third seat
        (shared, sender, recipient, box, count + 1),  # as more keys than it holds
        (shared, sender, recipient, flipped, count),  # altered
    ]
    for args in refused:
        with pytest.raises(crypto.UnopenableKeys):
            crypto.open_keys(*args)


def test_sealed_bytes_that_are_not_valid_keys_do_not_open() -> None:
    context = crypto.round_context(bytes(32), 1, 0)
    b_t, b_u = (crypto.derive_box_secret(bytes([i]) * 32, context) for i in (1, 2))
    not_reduced = (group.L).to_bytes(32, "little")  # L itself: not reduced modulo L
    shared = crypto.box_shared_key(b_t, crypto.box_public_key(b_u))
    box = sodium.crypto_box_afternm(not_reduced, seal_nonce(0, 1), shared)
    with pytest.raises(crypto.UnopenableKeys, match="not a valid key"):
        crypto.open_keys(shared, 0, 1, box, 1)
    with pytest.raises(CryptoError):
        crypto.seal_keys(shared, 0, 1, [not_reduced])
    with pytest.raises(UsageError):
        crypto.seal_keys(shared, 1, 1, [])
    small_order = (1).to_bytes(32, "little")  # u = 1: X25519 gives zero, libsodium refuses
    with pytest.raises(crypto.UnopenableKeys):
        crypto.box_shared_key(b_t, small_order)
