"""The card points and a seat's round keys: derived as protocol/CRYPTO.md says, checked
against an independent implementation of its text (tests/crypto_spec.py)."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.crypto_spec import spec_permutation, spec_scalar
from wizard_p2p import crypto
from wizard_p2p.crypto import group
from wizard_p2p.crypto.derivation import KeyedStream
from wizard_p2p.errors import UsageError

GAME = hashlib.sha256(b"test game").digest()

secret_st = st.binary(min_size=32, max_size=32)


# ----------------------------------------------------------------------- card points


def test_card_points_are_60_distinct_valid_points() -> None:
    assert len(crypto.CARD_POINTS) == 60
    assert len(set(crypto.CARD_POINTS)) == 60
    assert all(group.is_valid_point(p) for p in crypto.CARD_POINTS)


def test_card_points_follow_the_documented_derivation() -> None:
    for card, point in enumerate(crypto.CARD_POINTS):
        digest = hashlib.sha512(b"wizard-p2p/v1/card-point\x00" + bytes([card])).digest()
        assert point == group.from_uniform(digest[:32])
        assert crypto.card_of(point) == card


@pytest.mark.parametrize(
    "bad", [group.from_uniform(b"\x07" * 32), b"", b"x" * 32, None, "card", 12]
)
def test_card_of_refuses_non_cards(bad: object) -> None:
    with pytest.raises(crypto.NotACard):
        crypto.card_of(bad)  # type: ignore[arg-type]

# --------------------------------------------------------------------- key derivation
def test_round_context_layout() -> None:
    ctx = crypto.round_context(b"\xaa\xbb", 258, 3)
    assert ctx == (
        b"wizard-p2p/v1/round-context\x00"
        + b"\x00\x00\x00\x02\xaa\xbb"
        + b"\x00\x00\x01\x02"
        + b"\x00\x00\x00\x03"
    )
    with pytest.raises(UsageError):
        crypto.round_context(b"", -1, 0)
    with pytest.raises(UsageError):
        crypto.round_context("game", 1, 0)  # type: ignore[arg-type]


@settings(max_examples=10)
@given(secret=secret_st, round_no=st.integers(0, 30), seat=st.integers(0, 5))
def test_derivation_matches_the_spec_text(secret: bytes, round_no: int, seat: int) -> None:
    context = crypto.round_context(GAME, round_no, seat)
    keys = crypto.derive_round_keys(secret, context)
    k = spec_scalar(secret, b"shuffle-key", 0, context)
    assert keys.shuffle_key == k
    assert group.scalar_mul(k, keys.shuffle_key_inv) == (1).to_bytes(32, "little")
    assert keys.permutation == spec_permutation(secret, context, 60)
    for i in (0, 1, 37, 59):
        assert keys.lock_keys[i] == spec_scalar(secret, b"lock-key", i, context)
    for key, factor in zip(keys.lock_keys, keys.lock_factors, strict=True):
        assert group.scalar_mul(factor, k) == key


def test_derivation_is_deterministic_and_bound_to_its_context() -> None:
    secret = bytes(range(32))
    a = crypto.derive_round_keys(secret, crypto.round_context(GAME, 1, 0))
    assert a == crypto.derive_round_keys(secret, crypto.round_context(GAME, 1, 0))
    for other in (
        crypto.round_context(GAME, 2, 0),
        crypto.round_context(GAME, 1, 1),
        crypto.round_context(b"other game", 1, 0),
    ):
        b = crypto.derive_round_keys(secret, other)
        assert b.shuffle_key != a.shuffle_key
        assert b.permutation != a.permutation
        assert not set(a.lock_keys) & set(b.lock_keys)
    assert len(set(a.lock_keys)) == 60
    assert sorted(a.permutation) == list(range(60))


def test_round_keys_repr_hides_key_material() -> None:
    keys = crypto.derive_round_keys(bytes(32), b"ctx")
    text = repr(keys)
    assert keys.shuffle_key.hex() not in text and "lock" not in text


@pytest.mark.parametrize("bad", [b"", bytes(31), bytes(33), "a" * 32, None])
def test_derive_refuses_malformed_secrets(bad: object) -> None:
    with pytest.raises(crypto.InvalidSecret):
        crypto.derive_round_keys(bad, b"ctx")  # type: ignore[arg-type]


@given(
    secret=secret_st,
    context=st.binary(max_size=40),
    deck_size=st.integers(1, 60),
    data=st.data(),
)
def test_a_revealed_secret_derives_the_same_keys(
    secret: bytes, context: bytes, deck_size: int, data: st.DataObject
) -> None:
    locked = data.draw(st.integers(0, deck_size))
    hidden = crypto.derive_round_keys(secret, context, deck_size, locked=locked)
    assert crypto.derive_round_keys(
        secret, context, deck_size, locked=locked, revealed=True
    ) == hidden


def test_new_round_secrets_are_fresh() -> None:
    drawn = {crypto.new_round_secret() for _ in range(20)}
    assert len(drawn) == 20 and all(len(s) == 32 for s in drawn)


def test_permutations_are_uniform() -> None:
    # 6000 deterministic derivations of a 3-card deck: every one of the 6
    # orders must come up about 1000 times (chi-square, 5 degrees of freedom,
    # 35 is far beyond p = 10**-6; the inputs are fixed, so this never flakes).
    counts = Counter(
        crypto.derive_round_keys(i.to_bytes(32, "big"), b"uniform", deck_size=3).permutation
        for i in range(6000)
    )
    assert len(counts) == 6
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 35, counts


def test_keyed_stream_rejects_the_biased_tail() -> None:
    class Scripted(KeyedStream):
        def __init__(self, words: list[int]) -> None:
            self.words = iter(words)

        def u32(self) -> int:
            return next(self.words)

    # For n = 3 the last accepted word is 2**32 - 2; 2**32 - 1 must be redrawn.
    assert Scripted([2**32 - 1, 2**32 - 1, 5]).below(3) == 2
    assert Scripted([2**32 - 2]).below(3) == (2**32 - 2) % 3
    assert Scripted([2**32 - 1]).below(1) == 0
