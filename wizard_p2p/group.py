"""The prime-order group of the card cryptography: Ed25519's main subgroup.

Everything here is a thin, typed layer over libsodium (through PyNaCl's
``nacl.bindings``); no curve arithmetic is written in Python. The one exception
is arithmetic modulo ``L`` on scalars that are already public (products and
inverses of released keys, ``public_scalar_*``), where Python integers are ten
times faster than a libsodium call per factor and constant time buys nothing.

* A **point** is ``bytes`` of length 32: the canonical compressed Edwards
  encoding of an element of the subgroup of prime order
  ``L = 2**252 + 27742317777372353535851937790883648493``.  The identity and
  the points of small order are never valid.
* A **scalar** is ``bytes`` of length 32: a little-endian integer, reduced
  modulo ``L`` and never zero (a zero scalar would send every card to the
  identity and make the cipher non-invertible).

Why this group: multiplication by a scalar ``k`` is a permutation of the
subgroup that commutes with multiplication by any other scalar
(``a·(b·P) = b·(a·P)``), and ``k⁻¹ mod L`` undoes it.  That is exactly the
commutative cipher the SRA mental-poker scheme needs, and deciding whether a
point ``Q`` equals ``k·P`` for an unknown ``k`` is the Decisional
Diffie-Hellman problem, believed hard in this group.

libsodium's ``crypto_scalarmult_ed25519_noclamp`` itself refuses a point that
is non-canonical, not on the curve, of small order or outside the main
subgroup, so :func:`mul` validates every point it multiplies at no extra cost;
:func:`check_point` does the same check for points that are not multiplied.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import nacl.bindings as _sodium
import nacl.exceptions as _nacl_exc

from .errors import CryptoError

__all__ = [
    "POINT_BYTES",
    "SCALAR_BYTES",
    "InvalidPoint",
    "InvalidScalar",
    "check_point",
    "check_public_scalar",
    "check_scalar",
    "from_uniform",
    "is_valid_point",
    "mul",
    "public_scalar_inverse_product",
    "public_scalar_product",
    "random_scalar",
    "scalar_invert",
    "scalar_mul",
    "scalar_reduce",
]

POINT_BYTES = 32
SCALAR_BYTES = 32
# L's top byte is 0x10: a reduced scalar never has a larger byte 31.  libsodium
# silently clears bit 255 of the scalar it multiplies by, so a scalar with a
# larger top byte must never reach it (it would be multiplied as another value).
_MAX_TOP_BYTE = 0x10
_ZERO = bytes(SCALAR_BYTES)
L = 2**252 + 27742317777372353535851937790883648493

_raw_mul = _sodium.crypto_scalarmult_ed25519_noclamp
_raw_is_valid = _sodium.crypto_core_ed25519_is_valid_point
_raw_reduce = _sodium.crypto_core_ed25519_scalar_reduce
_raw_scalar_mul = _sodium.crypto_core_ed25519_scalar_mul
_raw_invert = _sodium.crypto_core_ed25519_scalar_invert
_raw_from_uniform = _sodium.crypto_core_ed25519_from_uniform


class InvalidPoint(CryptoError):
    """Bytes that are not a valid element of the prime-order subgroup."""


class InvalidScalar(CryptoError):
    """Bytes that are not a reduced, nonzero scalar modulo L."""


def is_valid_point(point: object) -> bool:
    """True iff ``point`` is 32 bytes encoding a non-identity main-subgroup point."""
    return isinstance(point, bytes) and len(point) == POINT_BYTES and _raw_is_valid(point)


def check_point(point: object) -> bytes:
    """Return ``point`` if :func:`is_valid_point`, else raise :class:`InvalidPoint`."""
    if not isinstance(point, bytes):
        raise InvalidPoint(f"a point must be bytes, not {type(point).__name__}")
    if len(point) != POINT_BYTES:
        raise InvalidPoint(f"a point must be {POINT_BYTES} bytes, got {len(point)}")
    if not _raw_is_valid(point):
        raise InvalidPoint(
            "not a canonical encoding of a point of the prime-order subgroup "
            "(or the identity, or a point of small order)"
        )
    return point


def check_scalar(scalar: object) -> bytes:
    """Return ``scalar`` if it is 32 bytes, reduced mod L and nonzero, else raise."""
    if not isinstance(scalar, bytes):
        raise InvalidScalar(f"a scalar must be bytes, not {type(scalar).__name__}")
    if len(scalar) != SCALAR_BYTES:
        raise InvalidScalar(f"a scalar must be {SCALAR_BYTES} bytes, got {len(scalar)}")
    if _raw_reduce(scalar + _ZERO) != scalar:
        raise InvalidScalar("scalar is not reduced modulo the group order L")
    if scalar == _ZERO:
        raise InvalidScalar("the zero scalar is never a valid key")
    return scalar


def mul(point: bytes, scalar: bytes) -> bytes:
    """``scalar · point``; validates the point, refuses a zero or unreduced scalar.

    Raises :class:`InvalidPoint` if ``point`` is not a valid subgroup point and
    :class:`InvalidScalar` if ``scalar`` is zero or could not be reduced (the
    cheap test here only excludes values libsodium would silently alter; use
    :func:`check_scalar` on scalars from outside).
    """
    if len(scalar) == SCALAR_BYTES and scalar[31] <= _MAX_TOP_BYTE:
        try:
            return _raw_mul(scalar, point)
        except (_nacl_exc.RuntimeError, _nacl_exc.TypeError):
            pass  # diagnosed below, off the fast path
    check_point(point)
    check_scalar(scalar)
    # A valid point times a valid scalar cannot fail; reaching here means the
    # scalar is a nonzero value libsodium still refused, i.e. a multiple of L.
    raise InvalidScalar("libsodium refused the scalar (a multiple of the group order)")


def scalar_mul(a: bytes, b: bytes) -> bytes:
    """``a · b mod L`` for two scalars."""
    try:
        return _raw_scalar_mul(a, b)
    except _nacl_exc.TypeError as exc:
        raise InvalidScalar(str(exc)) from None


def scalar_invert(scalar: bytes) -> bytes:
    """``scalar⁻¹ mod L``; :class:`InvalidScalar` for zero or malformed input."""
    check_scalar(scalar)
    return _raw_invert(scalar)


def scalar_reduce(wide: bytes) -> bytes:
    """Reduce a 64-byte little-endian integer modulo L (result may be zero)."""
    if not isinstance(wide, bytes) or len(wide) != 2 * SCALAR_BYTES:
        raise InvalidScalar(f"scalar_reduce takes {2 * SCALAR_BYTES} bytes")
    return _raw_reduce(wide)


def from_uniform(r: bytes) -> bytes:
    """libsodium's Elligator 2 map of 32 bytes to a main-subgroup point."""
    if not isinstance(r, bytes) or len(r) != POINT_BYTES:
        raise InvalidPoint(f"from_uniform takes {POINT_BYTES} bytes")
    return _raw_from_uniform(r)


def random_scalar() -> bytes:
    """A uniformly random nonzero scalar from :mod:`secrets` (64 bytes reduced mod L)."""
    while True:
        s = _raw_reduce(secrets.token_bytes(2 * SCALAR_BYTES))
        if s != _ZERO:  # probability 2**-252 of looping; never in practice
            return s


# --- arithmetic on public scalars ----------------------------------------------------------
#
# Products and inverses of scalars that everyone already knows (released lock keys,
# revealed round keys) need no constant-time arithmetic: Python's integers do them
# in a few microseconds where a libsodium call per factor costs tens. Never use
# these on a secret.


def _public_int(scalar: object) -> int:
    if not isinstance(scalar, bytes) or len(scalar) != SCALAR_BYTES:
        raise InvalidScalar(f"a scalar must be {SCALAR_BYTES} bytes")
    value = int.from_bytes(scalar, "little")
    if not 0 < value < L:
        raise InvalidScalar("a scalar must be reduced modulo L and nonzero")
    return value


def check_public_scalar(scalar: object) -> bytes:
    """:func:`check_scalar` for a scalar that is already public (a released key): the
    same refusals, without a libsodium call."""
    _public_int(scalar)
    return scalar  # type: ignore[return-value]  # checked to be bytes above


def public_scalar_product(scalars: Sequence[bytes]) -> bytes:
    """``∏ scalars mod L`` of public scalars (each checked as :func:`check_scalar` does)."""
    if not scalars:
        raise InvalidScalar("the product of no scalars")
    product = 1
    for scalar in scalars:
        product = product * _public_int(scalar) % L
    return product.to_bytes(SCALAR_BYTES, "little")


def public_scalar_inverse_product(scalars: Sequence[bytes]) -> bytes:
    """``(∏ scalars)⁻¹ mod L`` of public scalars (each checked as :func:`check_scalar` does)."""
    product = int.from_bytes(public_scalar_product(scalars), "little")
    return pow(product, -1, L).to_bytes(SCALAR_BYTES, "little")
