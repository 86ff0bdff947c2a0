"""The group wrapper: points and scalars are validated, arithmetic is libsodium's."""

from __future__ import annotations

import nacl.bindings
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_p2p import group
from wizard_p2p.errors import CryptoError

L = 2**252 + 27742317777372353535851937790883648493
P = group.from_uniform(bytes(range(32)))
Q = group.from_uniform(bytes(range(1, 33)))

# The eight points of small order (libsodium's blocklist) plus the identity's
# non-canonical spellings: none of them may ever pass as a card point.
SMALL_ORDER = [
    bytes.fromhex(h)
    for h in (
        "0100000000000000000000000000000000000000000000000000000000000000",  # identity
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  # order 2
        "0000000000000000000000000000000000000000000000000000000000000000",  # order 4
        "0000000000000000000000000000000000000000000000000000000000000080",  # order 4
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",  # order 8
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",  # order 8
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",  # order 8
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",  # order 8
    )
]
# y = p (≡ 0) and y = p + 1 (≡ 1): non-canonical encodings.
NON_CANONICAL = [
    bytes.fromhex("ed" + "ff" * 30 + "7f"),
    bytes.fromhex("ee" + "ff" * 30 + "7f"),
]
# A point of the full curve outside the prime-order subgroup: P + (order-2 point).
MIXED = nacl.bindings.crypto_core_ed25519_add(P, SMALL_ORDER[1])

scalars = (
    st.binary(min_size=64, max_size=64).map(group.scalar_reduce).filter(lambda s: s != bytes(32))
)


def as_scalar(n: int) -> bytes:
    return n.to_bytes(32, "little")


def test_mixed_point_is_on_the_curve_but_not_in_the_subgroup() -> None:
    # The fixture must really be a curve point, or the next tests prove nothing.
    assert MIXED != P and len(MIXED) == 32
    assert not group.is_valid_point(MIXED)


@pytest.mark.parametrize("bad", [*SMALL_ORDER, *NON_CANONICAL, MIXED])
def test_invalid_points_are_refused_everywhere(bad: bytes) -> None:
    assert not group.is_valid_point(bad)
    with pytest.raises(group.InvalidPoint):
        group.check_point(bad)
    with pytest.raises(group.InvalidPoint):
        group.mul(bad, as_scalar(5))


@pytest.mark.parametrize("bad", [b"", P[:31], P + b"\x00", "ab" * 16, None, bytearray(P)])
def test_malformed_points_are_refused(bad: object) -> None:
    assert not group.is_valid_point(bad)
    with pytest.raises(group.InvalidPoint):
        group.check_point(bad)


def test_invalid_point_is_a_crypto_error() -> None:
    assert issubclass(group.InvalidPoint, CryptoError)
    assert issubclass(group.InvalidScalar, CryptoError)


@pytest.mark.parametrize(
    "bad",
    [
        bytes(32),  # zero
        as_scalar(L),  # ≡ 0, unreduced
        as_scalar(L + 1),  # unreduced
        b"\xff" * 32,  # top bit set: libsodium would silently clear it
        as_scalar(1)[:31],
        "x" * 32,
    ],
)
def test_bad_scalars_are_refused(bad: object) -> None:
    with pytest.raises(group.InvalidScalar):
        group.check_scalar(bad)


@pytest.mark.parametrize("bad", [bytes(32), as_scalar(L), b"\xff" * 32, as_scalar(2**255)])
def test_mul_refuses_zero_and_unreduced_scalars(bad: bytes) -> None:
    with pytest.raises(group.InvalidScalar):
        group.mul(P, bad)


def test_scalar_invert_refuses_zero() -> None:
    with pytest.raises(group.InvalidScalar):
        group.scalar_invert(bytes(32))


def test_scalar_reduce_takes_64_bytes() -> None:
    assert group.scalar_reduce(as_scalar(L + 7) + bytes(32)) == as_scalar(7)
    with pytest.raises(group.InvalidScalar):
        group.scalar_reduce(bytes(32))


def test_random_scalars_are_valid_and_distinct() -> None:
    drawn = {group.random_scalar() for _ in range(50)}
    assert len(drawn) == 50
    for s in drawn:
        assert group.check_scalar(s) == s


def test_from_uniform_gives_valid_points() -> None:
    assert group.is_valid_point(P) and group.is_valid_point(Q) and P != Q
    with pytest.raises(group.InvalidPoint):
        group.from_uniform(b"short")


def test_mul_by_one_is_identity_map() -> None:
    assert group.mul(P, as_scalar(1)) == P


@given(a=scalars, b=scalars)
def test_multiplication_commutes(a: bytes, b: bytes) -> None:
    # The property the whole mental-card scheme rests on.
    assert group.mul(group.mul(P, a), b) == group.mul(group.mul(P, b), a)
    assert group.mul(P, group.scalar_mul(a, b)) == group.mul(group.mul(P, a), b)


@given(a=scalars)
def test_inverse_undoes_multiplication(a: bytes) -> None:
    encrypted = group.mul(Q, a)
    assert group.is_valid_point(encrypted)
    assert group.mul(encrypted, group.scalar_invert(a)) == Q
    assert group.scalar_mul(a, group.scalar_invert(a)) == as_scalar(1)


@given(a=scalars)
def test_mul_matches_the_raw_binding(a: bytes) -> None:
    assert group.mul(P, a) == nacl.bindings.crypto_scalarmult_ed25519_noclamp(a, P)


# --- public-scalar arithmetic: the same values as libsodium's, the same refusals --------------


@given(st.lists(scalars, min_size=1, max_size=7))
def test_public_scalar_product_equals_libsodiums(factors: list[bytes]) -> None:
    expected = factors[0]
    for factor in factors[1:]:
        expected = group.scalar_mul(expected, factor)
    assert group.public_scalar_product(factors) == expected
    assert group.public_scalar_inverse_product(factors) == group.scalar_invert(expected)


@given(st.lists(scalars, min_size=1, max_size=6), st.integers(min_value=0, max_value=59))
def test_a_public_card_reads_as_with_libsodium(keys: list[bytes], card: int) -> None:
    from wizard_p2p import mental

    locked = mental.CARD_POINTS[card]
    for key in keys:
        locked = group.mul(locked, key)
    assert mental.read_public_card(locked, keys) == mental.read_card(locked, keys) == card


@pytest.mark.parametrize(
    "bad",
    [
        bytes(32),  # zero
        group.L.to_bytes(32, "little"),  # L itself, unreduced
        (group.L + 1).to_bytes(32, "little"),
        b"\x01" * 31,  # short
        "01" * 32,  # not bytes
    ],
)
def test_public_scalar_arithmetic_refuses_what_check_scalar_refuses(bad: object) -> None:
    one = (1).to_bytes(32, "little")
    with pytest.raises(group.InvalidScalar):
        group.check_scalar(bad)
    with pytest.raises(group.InvalidScalar):
        group.check_public_scalar(bad)
    with pytest.raises(group.InvalidScalar):
        group.public_scalar_product([one, bad])  # type: ignore[list-item]
    with pytest.raises(group.InvalidScalar):
        group.public_scalar_inverse_product([bad])  # type: ignore[list-item]
    with pytest.raises(group.InvalidScalar):
        group.public_scalar_product([])


@given(raw=st.binary(min_size=32, max_size=32) | st.integers(0, 2 * group.L).map(as_scalar))
def test_check_public_scalar_accepts_exactly_what_check_scalar_accepts(raw: bytes) -> None:
    try:
        group.check_scalar(raw)
        expected = True
    except group.InvalidScalar:
        expected = False
    try:
        assert group.check_public_scalar(raw) == raw
        accepted = True
    except group.InvalidScalar:
        accepted = False
    assert accepted == expected
