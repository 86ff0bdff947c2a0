"""The group wrapper: points and scalars are validated, arithmetic is libsodium's X25519,
checked against its Ed25519 multiplication."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import nacl.bindings
import nacl.exceptions
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.curve_support import (
    FIELD,
    TWIST,
    on_curve,
    small_order_twin,
    u_bytes,
    u_of_edwards,
)
from wizard_p2p.crypto import group
from wizard_p2p.errors import CryptoError

L = 2**252 + 27742317777372353535851937790883648493
VECTORS = Path(__file__).resolve().parent.parent / "protocol" / "vectors" / "crypto"
E = nacl.bindings.crypto_core_ed25519_from_uniform(bytes(range(32)))  # Edwards form of P
P = group.from_uniform(bytes(range(32)))
Q = group.from_uniform(bytes(range(1, 33)))


# The u-coordinates of the curve's points of small order (and of u = -1, of order 4 on
# the twist): libsodium's X25519 refuses them all; none may ever pass as a card point.
SMALL_ORDER = [
    u_bytes(0),  # order 2
    u_bytes(1),  # order 4
    bytes.fromhex("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),  # order 8
    bytes.fromhex("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),  # order 8
    u_bytes(FIELD - 1),
]
# u = p, u = p + 1, u = p + 9 and a set top bit: X25519 would read them as other numbers
# (p + 9 as 9, the base point, which libsodium's blocklist does not refuse).
NON_CANONICAL = [u_bytes(FIELD), u_bytes(FIELD + 1), u_bytes(FIELD + 9), b"\xff" * 32]
# A point of the full curve outside the prime-order subgroup: P + (a point of order 8).
MIXED = small_order_twin(P)

scalars = (
    st.binary(min_size=64, max_size=64).map(group.scalar_reduce).filter(lambda s: s != bytes(32))
)
# Scalars near 0 or L: X25519's clamped form cannot express every one of them
# (group._clamped), so these exercise the two-step path of group.mul too.
extreme_scalars = (
    st.integers(1, 2**130)
    | st.integers(L - 2**130, L - 1)
    | st.integers(1, 2**10).map(lambda t: 8 * t)
).map(lambda n: n.to_bytes(32, "little"))


def as_scalar(n: int) -> bytes:
    return n.to_bytes(32, "little")


def edwards_mul(scalar: bytes) -> bytes:
    """``scalar · P`` by Ed25519's multiplication, as a u-coordinate: the reference."""
    return nacl.bindings.crypto_sign_ed25519_pk_to_curve25519(
        nacl.bindings.crypto_scalarmult_ed25519_noclamp(scalar, E)
    )


def test_the_fixtures_are_what_they_claim() -> None:
    # Or the next tests prove nothing.
    assert u_of_edwards(E) == P and group.is_valid_point(P)
    assert on_curve(int.from_bytes(MIXED, "little")) and MIXED != P
    assert not on_curve(int.from_bytes(TWIST, "little"))


@pytest.mark.parametrize("bad", [*SMALL_ORDER, *NON_CANONICAL, MIXED, TWIST])
def test_the_full_check_refuses_every_point_outside_the_subgroup(bad: bytes) -> None:
    assert not group.is_valid_point(bad)
    with pytest.raises(group.InvalidPoint):
        group.check_point(bad)


@pytest.mark.parametrize("bad", [*SMALL_ORDER, *NON_CANONICAL])
def test_mul_refuses_small_order_and_non_canonical_points(bad: bytes) -> None:
    with pytest.raises(group.InvalidPoint):
        group.mul(bad, as_scalar(5))


@given(a=scalars | extreme_scalars)
def test_mul_wipes_out_a_component_of_small_order(a: bytes) -> None:
    # What lets a pass skip the subgroup check: two points that differ by a point of
    # small order have the same product (and a pass refuses such a collision), on the
    # two-step path too.
    assert group.mul(MIXED, a) == group.mul(P, a)


@pytest.mark.parametrize("bad", [b"", P[:31], P + b"\x00", "ab" * 16, None, bytearray(P)])
def test_malformed_points_are_refused(bad: object) -> None:
    assert not group.is_valid_point(bad)
    with pytest.raises(group.InvalidPoint):
        group.check_point(bad)
    with pytest.raises(group.InvalidPoint):
        group.mul(bad, as_scalar(5))  # type: ignore[arg-type]


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
    with pytest.raises(group.InvalidScalar, match=r"^scalar_reduce takes 64 bytes"):
        group.scalar_reduce(bytes(32))


@given(wide=st.binary(min_size=64, max_size=64))
def test_the_public_reduction_is_libsodiums(wide: bytes) -> None:
    assert group.public_scalar_reduce(wide) == group.scalar_reduce(wide)


@pytest.mark.parametrize("bad", [bytes(32), bytes(65), "a" * 64, None])
def test_the_public_reduction_takes_64_bytes(bad: object) -> None:
    with pytest.raises(group.InvalidScalar, match=r"^public_scalar_reduce takes 64 bytes"):
        group.public_scalar_reduce(bad)  # type: ignore[arg-type]


def test_random_scalars_are_valid_and_distinct() -> None:
    drawn = {group.random_scalar() for _ in range(50)}
    assert len(drawn) == 50
    for s in drawn:
        assert group.check_scalar(s) == s


def test_from_uniform_gives_valid_points() -> None:
    assert group.is_valid_point(P) and group.is_valid_point(Q) and P != Q
    with pytest.raises(group.InvalidPoint):
        group.from_uniform(b"short")


def test_mul_by_one_and_minus_one_is_the_identity_map() -> None:
    assert group.mul(P, as_scalar(1)) == P
    assert group.mul(P, as_scalar(L - 1)) == P  # u names the pair {P, -P}


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


@given(a=scalars | extreme_scalars)
def test_mul_is_ed25519s_multiplication_on_u_coordinates(a: bytes) -> None:
    assert group.mul(P, a) == edwards_mul(a)


@given(a=scalars | extreme_scalars, b=scalars | extreme_scalars)
def test_one_multiplier_gives_each_product_its_own_bytes(a: bytes, b: bytes) -> None:
    # A multiplier reuses one output buffer: what it returned before must not change.
    multiplier = group.Multiplier()
    first = multiplier.mul(P, group.scalar_steps(a))
    second = multiplier.mul(P, group.scalar_steps(b))
    assert first == edwards_mul(a) and second == edwards_mul(b)


@given(raw=st.binary(min_size=32, max_size=32), top=st.sampled_from([None, 0x7F, 0xFF]))
def test_a_multiplier_takes_exactly_the_canonical_points_x25519_takes(
    raw: bytes, top: int | None
) -> None:
    # Its canonical check reads the top byte first: bytes that end in 0x7f are the ones
    # that need the full comparison with p.
    point = raw if top is None else raw[:31] + bytes([top])
    steps = group.scalar_steps(as_scalar(5))
    if int.from_bytes(point, "little") >= FIELD:
        with pytest.raises(group.InvalidPoint):
            group.Multiplier().mul(point, steps)
        return
    try:
        expected: bytes | None = nacl.bindings.crypto_scalarmult(steps[0], point)
    except nacl.exceptions.RuntimeError:
        expected = None  # libsodium refuses a point of small order
    if expected is None:
        with pytest.raises(group.InvalidPoint):
            group.Multiplier().mul(point, steps)
    else:
        assert group.Multiplier().mul(point, steps) == expected


@pytest.mark.parametrize("bad", [*SMALL_ORDER, *NON_CANONICAL, b"", P[:31], P + b"\x00", None])
def test_a_multiplier_refuses_what_mul_refuses(bad: object) -> None:
    # The length is checked before libsodium reads 32 bytes of the point.
    with pytest.raises(group.InvalidPoint):
        group.Multiplier().mul(bad, group.scalar_steps(as_scalar(5)))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [bytes(32), as_scalar(L), b"\xff" * 32, as_scalar(1)[:31], "x"])
def test_scalar_steps_refuse_what_mul_refuses(bad: object) -> None:
    with pytest.raises(group.InvalidScalar):
        group.scalar_steps(bad)  # type: ignore[arg-type]


@given(a=scalars | extreme_scalars)
def test_the_clamped_form_multiplies_by_the_scalar_up_to_sign(a: bytes) -> None:
    value = int.from_bytes(a, "little")
    clamped = group._clamped(value)
    if clamped is None:  # only near 0 or L: value / 8 within 2**125 of a multiple of L
        n = value * pow(8, -1, L) % L
        assert min(n, L - n) <= L - 2**252
        return
    # X25519's clamping leaves it as it is ...
    assert clamped[0] & 7 == 0 and clamped[31] & 0xC0 == 0x40
    # ... and it is ±value modulo L, so X25519 given it multiplies by the scalar.
    assert int.from_bytes(clamped, "little") % L in (value, L - value)
    assert nacl.bindings.crypto_scalarmult(clamped, P) == edwards_mul(a)


# CRYPTO.md §2, written again from its text: the scalars X25519 is given for s·P.
SPEC_STEP_FACTORS = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
                     73, 79, 83, 89, 97, 101, 103]


def spec_clamped_form(s: int) -> bytes | None:
    m = s * pow(8, -1, L) % L
    for candidate in (m, L - m):
        if 2**251 <= candidate < 2**252:
            return (8 * candidate).to_bytes(32, "little")
    return None


def spec_steps(s: int) -> list[bytes]:
    form = spec_clamped_form(s)
    if form is not None:
        return [form]
    for c in SPEC_STEP_FACTORS:
        first, second = spec_clamped_form(c), spec_clamped_form(s * pow(c, -1, L) % L)
        if first is not None and second is not None:
            return [first, second]
    raise AssertionError("CRYPTO.md says one c always works")


def test_the_scalar_vectors_follow_crypto_md() -> None:
    vectors = json.loads((VECTORS / "scalars.json").read_text(encoding="utf-8"))
    card, twist = bytes.fromhex(vectors["card"]), bytes.fromhex(vectors["twist"])
    assert not on_curve(int.from_bytes(twist, "little"))
    card_edwards = nacl.bindings.crypto_core_ed25519_from_uniform(
        hashlib.sha512(b"wizard-p2p/v1/card-point\x00\x00").digest()[:32]
    )
    assert u_of_edwards(card_edwards) == card
    assert {len(case["steps"]) for case in vectors["cases"]} == {1, 2}  # both paths
    # ... and a scalar whose s/8 and −s/8 both lie in range (which one is taken shows on
    # the twist).
    eighths = [int.from_bytes(bytes.fromhex(c["scalar"]), "little") * pow(8, -1, L) % L
               for c in vectors["cases"]]
    assert any(2**251 <= m < 2**252 and 2**251 <= L - m < 2**252 for m in eighths)
    for case in vectors["cases"]:
        scalar = bytes.fromhex(case["scalar"])
        steps = spec_steps(int.from_bytes(scalar, "little"))
        assert [step.hex() for step in steps] == case["steps"]
        for start, expected in ((card, case["card"]), (twist, case["twist"])):
            point = start
            for step in steps:
                point = nacl.bindings.crypto_scalarmult(step, point)
            assert point.hex() == expected
        # A point of the twist stays on the twist.
        assert not on_curve(int.from_bytes(bytes.fromhex(case["twist"]), "little"))
        # On the curve, that is Ed25519's multiplication of the card's point.
        product = nacl.bindings.crypto_scalarmult_ed25519_noclamp(scalar, card_edwards)
        assert nacl.bindings.crypto_sign_ed25519_pk_to_curve25519(product).hex() == case["card"]


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
    from wizard_p2p import crypto

    locked = crypto.CARD_POINTS[card]
    for key in keys:
        locked = group.mul(locked, key)
    assert crypto.read_public_card(locked, keys) == crypto.read_card(locked, keys) == card


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
