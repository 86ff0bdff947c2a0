"""The prime-order group of the card cryptography: Curve25519's main subgroup, x-only.

Everything here is a thin, typed layer over libsodium (through PyNaCl's
``nacl.bindings``, and for the passes' multiplications PyNaCl's own handle on
libsodium, :class:`Multiplier`); no curve arithmetic is written in Python. The exceptions
are arithmetic modulo ``L`` on scalars (products and inverses of released keys,
``public_scalar_*``, and the conversion of a scalar to X25519's form in
:func:`mul`), where Python integers are much cheaper than a libsodium call
per factor, and the birational map between the Montgomery and Edwards forms
(one field inversion) used to validate a point.

* A **point** is ``bytes`` of length 32: the canonical little-endian
  u-coordinate (RFC 7748) of an element ``P`` of the subgroup of prime order
  ``L = 2**252 + 27742317777372353535851937790883648493`` of Curve25519. The
  u-coordinate names the pair ``{P, −P}``; the cipher works on those pairs,
  which is all it needs, since ``u(k·P)`` depends only on ``u(P)``. The
  identity and the points of small order are never valid.
* A **scalar** is ``bytes`` of length 32: a little-endian integer, reduced
  modulo ``L`` and never zero (a zero scalar would send every card to the
  identity and make the cipher non-invertible).

Why this group: multiplication by a scalar ``k`` is a permutation of the
subgroup (of its ± pairs) that commutes with multiplication by any other scalar
(``a·(b·P) = b·(a·P)``), and ``k⁻¹ mod L`` undoes it.  That is exactly the
commutative cipher the SRA mental-poker scheme needs, and deciding whether a
point ``Q`` equals ``k·P`` for an unknown ``k`` is the Decisional
Diffie-Hellman problem, believed hard in this group (it is X25519's).

Why X25519 and not Ed25519's own ``crypto_scalarmult_ed25519_noclamp``: that
function checks every point's subgroup with a second full multiplication (by
``L``), so it costs about twice X25519's Montgomery ladder. What :func:`mul` does
instead, for every canonical u (CRYPTO.md §2):

* It refuses a non-canonical u and the points libsodium's X25519 refuses (the
  points of small order, and u = p − 1).
* It does not check the subgroup. X25519 multiplies by a multiple of 8 (the
  clamped form of the scalar, :func:`_clamped`), so a component of small order
  (the curve's cofactor is 8) vanishes in the product, and a u on the curve's
  quadratic twist gives a u on the twist, never a card. A seat that publishes
  such a point is named by the auditor, which re-runs every pass and compares
  it byte for byte; the players' tables name it where it changes what they
  check (a shuffle refuses a deck whose products collide; a twist point never
  decodes) or where their round check compares bytes, and let a component pass
  that vanishes in a multiplication or a card's reading: it changes no card
  (WIZARD §3).
* :func:`is_valid_point` / :func:`check_point` do the whole check (canonical,
  on the curve, in the prime-order subgroup) for points that are not multiplied.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import cast

import nacl.bindings as _sodium
import nacl.exceptions as _nacl_exc
from nacl._sodium import ffi as _ffi
from nacl._sodium import lib as _lib

from wizard_p2p.errors import CryptoError

__all__ = [
    "POINT_BYTES",
    "SCALAR_BYTES",
    "STEP_FACTORS",
    "InvalidPoint",
    "InvalidScalar",
    "Multiplier",
    "check_point",
    "check_public_scalar",
    "check_scalar",
    "clamped_steps",
    "from_uniform",
    "is_valid_point",
    "mul",
    "public_scalar_inverse_product",
    "public_scalar_product",
    "public_scalar_reduce",
    "random_scalar",
    "scalar_invert",
    "scalar_mul",
    "scalar_reduce",
    "scalar_steps",
]

POINT_BYTES = 32
SCALAR_BYTES = 32
_ZERO = bytes(SCALAR_BYTES)
L = 2**252 + 27742317777372353535851937790883648493
FIELD_PRIME = 2**255 - 19
_INV8 = pow(8, -1, L)

_raw_edwards_is_valid = _sodium.crypto_core_ed25519_is_valid_point
_raw_edwards_to_u = _sodium.crypto_sign_ed25519_pk_to_curve25519
_raw_reduce = _sodium.crypto_core_ed25519_scalar_reduce
_raw_scalar_mul = _sodium.crypto_core_ed25519_scalar_mul
_raw_invert = _sodium.crypto_core_ed25519_scalar_invert
_raw_from_uniform = _sodium.crypto_core_ed25519_from_uniform


class InvalidPoint(CryptoError):
    """Bytes that are not a valid element of the prime-order subgroup."""


class InvalidScalar(CryptoError):
    """Bytes that are not a reduced, nonzero scalar modulo L."""


def _u_value(point: object) -> int | None:
    """The u-coordinate of 32 canonical bytes, or None."""
    if not isinstance(point, bytes) or len(point) != POINT_BYTES:
        return None
    u = int.from_bytes(point, "little")
    return u if u < FIELD_PRIME else None


def _edwards(u: int) -> bytes | None:
    """The Edwards encoding (x's sign 0) of the point whose u-coordinate is ``u``:
    y = (u − 1) / (u + 1), RFC 7748 §4.1. None for u = −1, which has no y."""
    if u == FIELD_PRIME - 1:
        return None
    y = (u - 1) * pow(u + 1, -1, FIELD_PRIME) % FIELD_PRIME
    return y.to_bytes(POINT_BYTES, "little")


def is_valid_point(point: object) -> bool:
    """True iff ``point`` is 32 bytes, the canonical u of a non-identity main-subgroup point."""
    u = _u_value(point)
    if u is None:
        return False
    edwards = _edwards(u)
    return edwards is not None and bool(_raw_edwards_is_valid(edwards))


def _point_error(point: object) -> InvalidPoint:
    if not isinstance(point, bytes):
        return InvalidPoint(f"a point must be bytes, not {type(point).__name__}")
    if len(point) != POINT_BYTES:
        return InvalidPoint(f"a point must be {POINT_BYTES} bytes, got {len(point)}")
    return InvalidPoint("not a canonical u-coordinate (u must be below 2**255 - 19)")


def check_point(point: object) -> bytes:
    """Return ``point`` if :func:`is_valid_point`, else raise :class:`InvalidPoint`."""
    if _u_value(point) is None:
        raise _point_error(point)
    if not is_valid_point(point):
        raise InvalidPoint(
            "not the u-coordinate of a point of the prime-order subgroup "
            "(of small order, outside the subgroup, or on the twist)"
        )
    return cast(bytes, point)  # 32 bytes: _u_value checked it


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


def _clamped(value: int) -> bytes | None:
    """X25519's form of the scalar ``value`` (0 < value < L), or None where it has none.

    X25519 clamps its scalar (clears the three low bits and bit 255, sets bit 254), so
    it only ever multiplies by ``8·n`` with ``2**251 ≤ n < 2**252``. On the subgroup's
    u-coordinates that is multiplication by ``±8·n mod L``, so ``value`` is multiplied
    exactly by ``n = value/8 (mod L)`` if that lies in the range, else by
    ``n = −value/8 (mod L)`` if that does (both can: the first is taken).
    One does unless ``value/8`` is within ``L − 2**252`` (about ``2**124.4``) of a
    multiple of L: a chance of ``2**-126`` for a random scalar, but true of small ones
    such as 8 (:func:`mul` then takes two steps).

    This runs on secret keys in variable-time integer arithmetic. The one branch on the
    key's value (which of ``±value/8`` lies in range) tells about one bit of it, in a
    timing difference of nanoseconds beside a whole multiplication; the two-step path
    takes twice as long, but only for about ``2**-126`` of the keys.
    """
    n = value * _INV8 % L
    if n >> 251 != 1:
        n = L - n
        if n >> 251 != 1:
            return None
    return (n << 3).to_bytes(SCALAR_BYTES, "little")


# For a scalar with no clamped form, the first c here such that c and value·c⁻¹ both
# have one: value·P = (value·c⁻¹)·(c·P). value/8 is then a nonzero t within 2**124.4 of
# a multiple of L, and (value·c⁻¹)/8 = t/c lacks a form only if c divides t; the
# product of these primes exceeds 2**125, so not all of them do. Every c has a form.
STEP_FACTORS = (
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89,
    97, 101, 103,
)


def clamped_steps(value: int) -> tuple[bytes, ...]:
    """The X25519 scalars whose successive products are ``value · P`` (0 < value < L):
    its clamped form, or else two for some ``c`` of :data:`STEP_FACTORS` (CRYPTO.md §2)."""
    clamped = _clamped(value)
    if clamped is not None:
        return (clamped,)
    for c in STEP_FACTORS:
        first, second = _clamped(c), _clamped(value * pow(c, -1, L) % L)
        if first is not None and second is not None:
            return first, second
    raise InvalidScalar("no two-step form (impossible for a reduced, nonzero scalar)")


def scalar_steps(scalar: bytes) -> tuple[bytes, ...]:
    """The X25519 scalars that multiply by ``scalar`` (:func:`clamped_steps`), for
    :meth:`Multiplier.mul`; :class:`InvalidScalar` unless it is 32 bytes, reduced and
    nonzero. A pass multiplies many points by one scalar: converted once, not each time.
    """
    if not isinstance(scalar, bytes) or len(scalar) != SCALAR_BYTES:
        raise InvalidScalar(f"a scalar must be {SCALAR_BYTES} bytes")
    value = int.from_bytes(scalar, "little")
    if not 0 < value < L:
        raise InvalidScalar("a scalar must be reduced modulo L and nonzero")
    return clamped_steps(value)


class Multiplier:
    """:func:`mul` by a scalar already converted (:func:`scalar_steps`), for one thread.

    A set-up's critical path is its passes, dozens of multiplications each, on two
    threads that take the GIL between two calls into libsodium. Whatever Python runs
    between them is time the other thread may wait for the GIL, and on a virtual core a
    thread that waits sleeps and must be woken. So this calls libsodium's X25519 through
    PyNaCl's own handle on it (``nacl._sodium``, what ``nacl.bindings`` calls), with one
    output buffer per multiplier and the scalar's form computed once a pass, so that
    little Python runs between two multiplications. Not shared between threads: the
    buffer is the thread's own.
    """

    __slots__ = ("_out",)

    def __init__(self) -> None:
        self._out = _ffi.new("unsigned char[]", POINT_BYTES)

    def mul(self, point: bytes, steps: tuple[bytes, ...]) -> bytes:
        """``scalar · point`` for ``steps = scalar_steps(scalar)``; raises as :func:`mul`."""
        # The length is checked before libsodium reads 32 bytes of it. A top byte below
        # 0x7f makes u < 2**255 − 19 whatever the rest; the full comparison is rare.
        if (
            not isinstance(point, bytes)
            or len(point) != POINT_BYTES
            or (point[31] >= 0x7F and int.from_bytes(point, "little") >= FIELD_PRIME)
        ):
            raise _point_error(point)
        out = self._out
        for step in steps:
            # libsodium refuses an all-zero product: the points of small order.
            if _lib.crypto_scalarmult(out, step, point) != 0:
                raise InvalidPoint("a point of small order (X25519 refuses it)")
            point = _ffi.buffer(out, POINT_BYTES)[:]
        return point


def mul(point: bytes, scalar: bytes) -> bytes:
    """``scalar · point`` on u-coordinates: X25519 of the scalar's clamped form, or the
    two steps of :func:`clamped_steps` for a scalar without one.

    Raises :class:`InvalidPoint` for bytes that are not a canonical u-coordinate and for
    the points X25519 refuses (small order), and :class:`InvalidScalar` for a scalar
    that is not 32 bytes, reduced and nonzero. It does not check the point's subgroup;
    the module's docstring says why and where that is caught.
    """
    if _u_value(point) is None:
        raise _point_error(point)
    return Multiplier().mul(point, scalar_steps(scalar))


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


def _check_wide(wide: object, reduction: str) -> bytes:
    """``wide`` if it is the 64 bytes a reduction takes; else :class:`InvalidScalar`
    naming the ``reduction`` called."""
    if not isinstance(wide, bytes) or len(wide) != 2 * SCALAR_BYTES:
        raise InvalidScalar(f"{reduction} takes {2 * SCALAR_BYTES} bytes")
    return wide


def scalar_reduce(wide: bytes) -> bytes:
    """Reduce a 64-byte little-endian integer modulo L (result may be zero)."""
    return _raw_reduce(_check_wide(wide, "scalar_reduce"))


def from_uniform(r: bytes) -> bytes:
    """The u-coordinate of libsodium's Elligator 2 map of 32 bytes to a main-subgroup
    point (``crypto_core_ed25519_from_uniform``, then the birational map to Curve25519)."""
    if not isinstance(r, bytes) or len(r) != POINT_BYTES:
        raise InvalidPoint(f"from_uniform takes {POINT_BYTES} bytes")
    return _raw_edwards_to_u(_raw_from_uniform(r))


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
# for much less than a libsodium call per factor. Never use these on a secret.


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
    return cast(bytes, scalar)  # checked to be bytes above


def public_scalar_product(scalars: Sequence[bytes]) -> bytes:
    """``∏ scalars mod L`` of public scalars (each checked as :func:`check_scalar` does)."""
    if not scalars:
        raise InvalidScalar("the product of no scalars")
    product = 1
    for scalar in scalars:
        product = product * _public_int(scalar) % L
    return product.to_bytes(SCALAR_BYTES, "little")


def public_scalar_reduce(wide: bytes) -> bytes:
    """:func:`scalar_reduce` of public bytes (those of a secret already revealed): the
    same result in Python's integers, in variable time, cheaper than a call into
    libsodium through PyNaCl."""
    value = int.from_bytes(_check_wide(wide, "public_scalar_reduce"), "little")
    return (value % L).to_bytes(SCALAR_BYTES, "little")


def public_scalar_inverse_product(scalars: Sequence[bytes]) -> bytes:
    """``(∏ scalars)⁻¹ mod L`` of public scalars (each checked as :func:`check_scalar` does)."""
    product = int.from_bytes(public_scalar_product(scalars), "little")
    return pow(product, -1, L).to_bytes(SCALAR_BYTES, "little")
