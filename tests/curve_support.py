"""Points off the prime-order subgroup, for the tests that a cheat with them is caught.

The library never builds such points (``group`` only multiplies); the tests need the
other side of RFC 7748's birational map, u = (1 + y) / (1 − y), for points that
libsodium's own conversion refuses.
"""

from __future__ import annotations

import nacl.bindings

FIELD = 2**255 - 19
# An Edwards point of order 8 (libsodium's small-order blocklist).
EDWARDS_ORDER_8 = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")


def u_bytes(u: int) -> bytes:
    return u.to_bytes(32, "little")


def u_of_edwards(encoded: bytes) -> bytes:
    """The u-coordinate of any Edwards point (y ≠ 1), in or out of the subgroup."""
    y = int.from_bytes(encoded, "little") & (2**255 - 1)
    return u_bytes((1 + y) * pow(1 - y, -1, FIELD) % FIELD)


def edwards_of_u(point: bytes) -> bytes:
    """An Edwards encoding (x's sign 0) of the point whose u-coordinate is ``point``."""
    u = int.from_bytes(point, "little")
    return u_bytes((u - 1) * pow(u + 1, -1, FIELD) % FIELD)


def small_order_twin(point: bytes) -> bytes:
    """The u of ``P + T`` for the ``P`` named by ``point`` and ``T`` of order 8: a curve
    point outside the subgroup, with the same product as ``P`` under any multiple of 8."""
    return u_of_edwards(nacl.bindings.crypto_core_ed25519_add(edwards_of_u(point), EDWARDS_ORDER_8))


def on_curve(u: int) -> bool:
    """u³ + A·u² + u is a square: u is a point of Curve25519, not of its twist."""
    v = (u**3 + 486662 * u**2 + u) % FIELD
    return v == 0 or pow(v, (FIELD - 1) // 2, FIELD) == 1


TWIST = u_bytes(next(u for u in range(2, 100) if not on_curve(u)))
