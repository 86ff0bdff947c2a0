"""Benchmark of the card cryptography: how much the library adds over libsodium.

The cost of a round's deal is dominated by scalar multiplications: N shuffle
passes and N lock passes of 60 multiplications each.  This measures the raw
binding (``nacl.bindings.crypto_scalarmult``, libsodium's X25519, given a scalar
already in its clamped form), then one full
shuffle + lock of 60 positions for 6 seats through :mod:`wizard_p2p.crypto`,
and reports the ratio of the latter to ``2 × 6 × 60`` raw multiplications.
Target: ratio ≤ 1.3.  Every figure is the best of several repetitions, so
that another process stealing the CPU does not inflate it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import nacl.bindings

from wizard_p2p import crypto
from wizard_p2p.crypto.group import SCALAR_BYTES

__all__ = ["SEATS", "TARGET_RATIO", "run"]

SEATS = 6
TARGET_RATIO = 1.3


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def run(print_fn: Callable[[str], Any] = print, repeats: int = 5) -> dict[str, float]:
    """Measure and print the figures; returns them by name (seconds and ratios)."""
    size = crypto.DECK_SIZE
    n_mults = 2 * SEATS * size
    points = crypto.CARD_POINTS
    clamped = bytes([0x40]) * SCALAR_BYTES  # a scalar X25519's clamping leaves as it is
    raw = nacl.bindings.crypto_scalarmult

    def raw_batch() -> None:
        for _ in range(2 * SEATS):
            for p in points:
                raw(clamped, p)

    contexts = [crypto.round_context(b"\x00" * 32, 1, s) for s in range(SEATS)]
    seat_secrets = [crypto.new_round_secret() for _ in range(SEATS)]

    def derive() -> list[crypto.RoundKeys]:
        return [crypto.derive_round_keys(seat_secrets[s], contexts[s]) for s in range(SEATS)]

    keys = derive()

    def passes(keys: list[crypto.RoundKeys] = keys) -> list[list[bytes]]:
        decks: list[list[bytes]] = []
        deck: list[bytes] = list(points)
        for k in keys:
            deck = crypto.shuffle_pass(deck, k)
            decks.append(deck)
        for k in keys:
            deck = crypto.lock_pass(deck, k)
            decks.append(deck)
        return decks

    def derive_and_passes() -> None:
        passes(derive())

    # Interleave the measurements so that a change of CPU speed hits all alike.
    raw_t = passes_t = full_t = derive_t = float("inf")
    for _ in range(repeats):
        raw_t = min(raw_t, _timed(raw_batch))
        passes_t = min(passes_t, _timed(passes))
        full_t = min(full_t, _timed(derive_and_passes))
        derive_t = min(derive_t, _timed(derive))

    decks = passes()
    seat_passes = [(decks[s], decks[SEATS + s]) for s in range(SEATS)]
    verify_t = _timed(lambda: crypto.verify_round(points, seat_passes, seat_secrets, contexts))
    check_t = min(_timed(lambda: crypto.check_deck(decks[-1], size)) for _ in range(repeats))

    per_mult = raw_t / n_mults
    figures = {
        "raw_mults_per_sec": 1.0 / per_mult,
        "raw_mult_seconds": per_mult,
        "shuffle_lock_6_seats_seconds": passes_t,
        "ratio": passes_t / raw_t,
        "derive_shuffle_lock_6_seats_seconds": full_t,
        "ratio_with_derivation": full_t / raw_t,
        "derive_6_seats_seconds": derive_t,
        "verify_round_6_seats_seconds": verify_t,
        "check_deck_seconds": check_t,
    }
    ok = "ok" if figures["ratio"] <= TARGET_RATIO else "ABOVE TARGET"
    rows = [
        ("raw scalar multiplications", f"{figures['raw_mults_per_sec']:9.0f} /s", ""),
        (
            f"shuffle+lock, {SEATS} seats x {size}",
            f"{passes_t * 1e3:9.1f} ms",
            f"ratio {figures['ratio']:.3f} to {n_mults} raw mults (target <= {TARGET_RATIO}: {ok})",
        ),
        (
            "same, deriving the keys too",
            f"{full_t * 1e3:9.1f} ms",
            f"ratio {figures['ratio_with_derivation']:.3f}",
        ),
        (f"key derivation, {SEATS} seats", f"{derive_t * 1e3:9.1f} ms", ""),
        (f"verify_round, {SEATS} seats", f"{verify_t * 1e3:9.1f} ms", ""),
        (f"check_deck, {size} points", f"{check_t * 1e3:9.1f} ms", ""),
    ]
    print_fn("crypto (Curve25519 prime-order subgroup, X25519 via libsodium)")
    for label, value, note in rows:
        print_fn(f"  {label:<30}{value}   {note}".rstrip())
    return figures


if __name__ == "__main__":
    run()
