"""``python -m tools.crypto_vectors``: regenerate the known-answer vectors of the card
cryptography, ``protocol/vectors/crypto/`` (but ``canonical.json`` and
``signatures.json``, which ``tests/test_canonical.py`` and ``tests/test_identity.py``
write).

Every value is computed with :mod:`wizard_p2p.crypto` from fixed inputs, so the files
regenerate byte for byte; the tests check them both against the library and against
the text of ``protocol/CRYPTO.md``. Run it from the repository root after an intended
change and commit the result.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from tools.generated import generator_main, write_files
from wizard_p2p.crypto import (
    CARD_POINTS,
    DECK_SIZE,
    RoundKeys,
    box_public_key,
    box_shared_key,
    commitment_of,
    deck_order,
    derive_box_secret,
    derive_round_keys,
    group,
    joint_random_index,
    lock_pass,
    read_card,
    round_context,
    seal_keys,
    shuffle_pass,
)
from wizard_p2p.crypto.sealing import seal_nonce

VECTOR_DIR = Path("protocol/vectors/crypto")

VECTOR_GAME_ID = hashlib.sha256(b"wizard-p2p test vector game").digest()


def _vector_secret(seat: int) -> bytes:
    return hashlib.sha256(b"wizard-p2p test vector secret " + bytes([seat])).digest()


def vectors() -> dict[str, Any]:
    """The known-answer vectors of ``protocol/vectors/crypto/``, by file name."""
    card_points = {
        "description": "card id c (0..59, canonical deck order) -> point: the X25519 "
        "u-coordinate of crypto_core_ed25519_from_uniform("
        "SHA-512(b'wizard-p2p/v1/card-point' || 0x00 || u8(c))[:32])",
        "points": [p.hex() for p in CARD_POINTS],
    }

    context = round_context(VECTOR_GAME_ID, 3, 1)
    secret = _vector_secret(0)
    keys = derive_round_keys(secret, context)
    key_derivation = {
        "description": "derive_round_keys(secret, round_context(game_id, round_no, seat))",
        "game_id": VECTOR_GAME_ID.hex(),
        "round_no": 3,
        "seat": 1,
        "context": context.hex(),
        "secret": secret.hex(),
        "deck_size": DECK_SIZE,
        "shuffle_key": keys.shuffle_key.hex(),
        "shuffle_key_inv": keys.shuffle_key_inv.hex(),
        "permutation": list(keys.permutation),
        "lock_keys_first": [k.hex() for k in keys.lock_keys[:4]],
        "lock_factors_first": [f.hex() for f in keys.lock_factors[:4]],
        "lock_key_59": keys.lock_keys[59].hex(),
    }

    n_seats, round_no, hand = 3, 2, 2
    dealt = n_seats * hand  # positions 0..5 go to seat (p mod 3), position 6 is the trump
    lock_positions = list(range(dealt + 1))
    contexts = [round_context(VECTOR_GAME_ID, round_no, s) for s in range(n_seats)]
    seat_secrets = [_vector_secret(s) for s in range(n_seats)]
    seat_keys = [derive_round_keys(seat_secrets[s], contexts[s]) for s in range(n_seats)]
    shuffled: list[list[bytes]] = []
    deck: list[bytes] = list(CARD_POINTS)
    for s in range(n_seats):
        deck = shuffle_pass(deck, seat_keys[s])
        shuffled.append(deck)
    locked: list[list[bytes]] = []
    for s in range(n_seats):
        deck = lock_pass(deck, seat_keys[s], lock_positions)
        locked.append(deck)

    def read(p: int) -> int:
        return read_card(deck[p], [k.lock_keys[p] for k in seat_keys])

    small_shuffle = {
        "description": "3 seats, round 2: shuffle passes of seats 0,1,2 from the card "
        "points, then lock passes of seats 0,1,2 at lock_positions; the deal layout "
        "(position p < 6 to seat p mod 3, position 6 the trump indicator) is only "
        "this vector's example",
        "game_id": VECTOR_GAME_ID.hex(),
        "round_no": round_no,
        "secrets": [s.hex() for s in seat_secrets],
        "contexts": [c.hex() for c in contexts],
        "lock_positions": lock_positions,
        "shuffled": [[p.hex() for p in d] for d in shuffled],
        "locked": [[p.hex() for p in d] for d in locked],
        "lock_keys": [[k.lock_keys[p].hex() for p in lock_positions] for k in seat_keys],
        "hands": [[read(p) for p in range(s, dealt, n_seats)] for s in range(n_seats)],
        "trump_card": read(dealt),
        "deck_order": list(deck_order(seat_keys)),
    }

    nonce = hashlib.sha256(b"wizard-p2p test vector nonce").digest()
    contributions = [hashlib.sha256(bytes([s])).digest() for s in range(4)]
    jr_context = b"first-dealer:" + VECTOR_GAME_ID
    commitments = {
        "description": "commitment_of(domain, value, nonce) and joint_random_index",
        "commitments": [
            {
                "domain": domain,
                "value": value.hex(),
                "nonce": nonce.hex(),
                "commitment": commitment_of(domain, value, nonce).hex(),
            }
            for domain, value in (("bid", b"\x03"), ("first-dealer", contributions[0]))
        ],
        "joint_random": [
            {
                "contributions": [c.hex() for c in contributions[:k]],
                "n": k,
                "context": jr_context.hex(),
                "index": joint_random_index(contributions[:k], k, jr_context),
            }
            for k in (3, 4)
        ]
        + [
            {
                "contributions": [c.hex() for c in contributions],
                "n": 1000003,
                "context": jr_context.hex(),
                "index": joint_random_index(contributions, 1000003, jr_context),
            }
        ],
    }
    sealer, reader = 0, 2
    box_secrets = [derive_box_secret(seat_secrets[s], contexts[s]) for s in range(n_seats)]
    sealed_keys_of = [seat_keys[sealer].lock_keys[p] for p in (1, 2, 4)]
    sealed_keys = {
        "description": "derive_box_secret(secret, context) and box_public_key of seats 0 "
        "and 2 of small_shuffle.json; seal_keys of seat 0's lock keys of positions 1, 2 "
        "and 4 from seat 0 to seat 2 (nonce: the 24 bytes crypto_box was given)",
        "contexts": [contexts[sealer].hex(), contexts[reader].hex()],
        "secrets": [seat_secrets[sealer].hex(), seat_secrets[reader].hex()],
        "box_secrets": [box_secrets[sealer].hex(), box_secrets[reader].hex()],
        "box_keys": [box_public_key(box_secrets[s]).hex() for s in (sealer, reader)],
        "sender": sealer,
        "recipient": reader,
        "nonce": seal_nonce(sealer, reader).hex(),
        "keys": [k.hex() for k in sealed_keys_of],
        "box": seal_keys(
            box_shared_key(box_secrets[sealer], box_public_key(box_secrets[reader])),
            sealer,
            reader,
            sealed_keys_of,
        ).hex(),
    }
    return {
        "sealed_keys.json": sealed_keys,
        "card_points.json": card_points,
        "key_derivation.json": key_derivation,
        "small_shuffle.json": small_shuffle,
        "commitments.json": commitments,
        "scalars.json": _scalar_vectors(keys),
    }


# u = 2 is a point of Curve25519's quadratic twist (2³ + 486662·2² + 2 is not a square).
_TWIST_U2 = (2).to_bytes(group.POINT_BYTES, "little")


def _scalar_vectors(keys: RoundKeys) -> dict[str, Any]:
    """Products by scalars with and without a clamped form (CRYPTO.md §2)."""
    small = [1, 8, 16, 8 * 3, 8 * 3 * 5 * 7 * 11 * 13]
    values = [int.from_bytes(k, "little") for k in (keys.shuffle_key, keys.lock_keys[0])]
    values += small + [group.L - v for v in small]
    values.append(2**254 % group.L)  # s/8 = 2**251: both s/8 and −s/8 lie in range
    cases = []
    for value in values:
        scalar = value.to_bytes(group.SCALAR_BYTES, "little")
        cases.append(
            {
                "scalar": scalar.hex(),
                "steps": [step.hex() for step in group.clamped_steps(value)],
                "card": group.mul(CARD_POINTS[0], scalar).hex(),
                "twist": group.mul(_TWIST_U2, scalar).hex(),
            }
        )
    return {
        "description": "s·P for the point of card 0 and for u = 2 (a point of the twist): "
        "steps are the X25519 scalars applied in turn (the clamped form of s, or those of "
        "c and s·c⁻¹)",
        "card": CARD_POINTS[0].hex(),
        "twist": _TWIST_U2.hex(),
        "cases": cases,
    }



def files() -> dict[str, bytes]:
    """Every vector file's bytes, by file name."""
    return {
        name: (json.dumps(content, indent=1, sort_keys=True) + "\n").encode()
        for name, content in vectors().items()
    }


def write(directory: Path) -> list[Path]:
    """Write every vector file into ``directory`` (atomically); returns the paths."""
    return write_files(directory, files())


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__, write, argv, option="--dir", default=VECTOR_DIR)


if __name__ == "__main__":
    raise SystemExit(main())
