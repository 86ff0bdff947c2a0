"""Hash commitments open only with their value, nonce and domain; the joint random index
is in range, unbiased, and depends on every contribution."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_p2p import crypto
from wizard_p2p.errors import UsageError

secret_st = st.binary(min_size=32, max_size=32)


# ---------------------------------------------------------------------- commitments


@given(domain=st.sampled_from(["bid", "first-dealer", "x"]), value=st.binary(max_size=64))
def test_commitments_open_only_with_their_value_nonce_and_domain(domain: str, value: bytes) -> None:
    commitment, nonce = crypto.commit(domain, value)
    assert len(commitment) == 32 and len(nonce) == 32
    crypto.verify_commitment(domain, commitment, value, nonce)
    for args in (
        (domain + "!", commitment, value, nonce),
        (domain, commitment, value + b"\x00", nonce),
        (domain, commitment, value, bytes(32)),
        (domain, commitment[:31], value, nonce),
        (domain, commitment, value, nonce[:16]),
    ):
        with pytest.raises(crypto.CommitmentMismatch):
            crypto.verify_commitment(*args)


def test_commitments_hide_equal_values() -> None:
    assert crypto.commit("bid", b"\x02")[0] != crypto.commit("bid", b"\x02")[0]


def test_commitment_encoding_is_length_prefixed() -> None:
    nonce = bytes(32)
    # Moving bytes across a field boundary must change the commitment.
    assert crypto.commitment_of("ab", b"c", nonce) != crypto.commitment_of("a", b"bc", nonce)
    expected = hashlib.sha256(
        b"wizard-p2p/v1/commitment\x00"
        + b"\x00\x00\x00\x03bid"
        + b"\x00\x00\x00\x20"
        + nonce
        + b"\x00\x00\x00\x01\x04"
    ).digest()
    assert crypto.commitment_of("bid", b"\x04", nonce) == expected
    with pytest.raises(UsageError):
        crypto.commit("", b"x")


# ---------------------------------------------------------------------- joint random


@given(contributions=st.lists(secret_st, min_size=1, max_size=6), n=st.integers(1, 6))
def test_joint_random_index_is_in_range_and_deterministic(
    contributions: list[bytes], n: int
) -> None:
    i = crypto.joint_random_index(contributions, n, b"ctx")
    assert 0 <= i < n
    assert i == crypto.joint_random_index(list(contributions), n, b"ctx")


@given(contributions=st.lists(secret_st, min_size=2, max_size=6, unique=True))
def test_joint_random_index_depends_on_every_contribution(contributions: list[bytes]) -> None:
    big = 2**32
    base = crypto.joint_random_index(contributions, big, b"ctx")
    for i in range(len(contributions)):
        changed = contributions[:]
        changed[i] = hashlib.sha256(changed[i]).digest()
        assert crypto.joint_random_index(changed, big, b"ctx") != base
    assert crypto.joint_random_index(contributions, big, b"other") != base
    assert crypto.joint_random_index(contributions[::-1], big, b"ctx") != base


def test_joint_random_index_is_uniform() -> None:
    counts = Counter(
        crypto.joint_random_index([i.to_bytes(4, "big"), b"x" * 32], 5, b"u") for i in range(5000)
    )
    chi2 = sum((counts[k] - 1000) ** 2 / 1000 for k in range(5))
    assert chi2 < 30, counts


@pytest.mark.parametrize(
    "args", [([], 3, b"c"), ([b"a"], 0, b"c"), ([b"a"], 2**32 + 1, b"c"), (b"ab", 3, b"c")]
)
def test_joint_random_index_refuses_bad_arguments(args: tuple) -> None:
    with pytest.raises(UsageError):
        crypto.joint_random_index(*args)
