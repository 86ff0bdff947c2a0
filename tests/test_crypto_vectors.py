"""The known-answer vectors of protocol/vectors/crypto/ (those tools/crypto_vectors.py
writes), checked both against the library and, for the derivations, the commitments
and the sealed keys, against an independent implementation of the text of
protocol/CRYPTO.md (tests/crypto_spec.py)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import nacl.bindings as sodium
import pytest

from tests.crypto_spec import (
    spec_below,
    spec_block,
    spec_permutation,
    spec_scalar,
    spec_uniform_words,
)
from tools import crypto_vectors
from wizard_p2p import crypto

VECTORS = Path(__file__).resolve().parent.parent / "protocol" / "vectors" / "crypto"


def _load(name: str) -> dict:
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(crypto_vectors.vectors()))
def test_committed_vectors_match_the_library(name: str) -> None:
    assert _load(name) == json.loads(json.dumps(crypto_vectors.vectors()[name]))


def test_card_point_vector_matches_the_table() -> None:
    assert [bytes.fromhex(h) for h in _load("card_points.json")["points"]] == list(
        crypto.CARD_POINTS
    )


def test_key_derivation_vector_matches_the_spec_text() -> None:
    v = _load("key_derivation.json")
    secret, context = bytes.fromhex(v["secret"]), bytes.fromhex(v["context"])
    assert context == crypto.round_context(bytes.fromhex(v["game_id"]), v["round_no"], v["seat"])
    assert v["shuffle_key"] == spec_scalar(secret, b"shuffle-key", 0, context).hex()
    assert tuple(v["permutation"]) == spec_permutation(secret, context, v["deck_size"])
    for i, key in enumerate(v["lock_keys_first"]):
        assert key == spec_scalar(secret, b"lock-key", i, context).hex()
    assert v["lock_key_59"] == spec_scalar(secret, b"lock-key", 59, context).hex()


def test_small_shuffle_vector_replays_and_verifies() -> None:
    v = _load("small_shuffle.json")
    secrets_ = [bytes.fromhex(s) for s in v["secrets"]]
    contexts = [bytes.fromhex(c) for c in v["contexts"]]
    shuffled = [[bytes.fromhex(p) for p in d] for d in v["shuffled"]]
    locked = [[bytes.fromhex(p) for p in d] for d in v["locked"]]
    positions = v["lock_positions"]
    keys = crypto.verify_round(
        crypto.CARD_POINTS, list(zip(shuffled, locked, strict=True)), secrets_, contexts, positions
    )
    final = locked[-1]
    n = len(secrets_)
    for seat, hand in enumerate(v["hands"]):
        for slot, card in enumerate(hand):
            p = seat + slot * n
            released = [bytes.fromhex(v["lock_keys"][s][positions.index(p)]) for s in range(n)]
            assert crypto.read_card(final[p], released) == card
    trump = positions[-1]
    assert crypto.read_card(final[trump], [k.lock_keys[trump] for k in keys]) == v["trump_card"]
    assert list(crypto.deck_order(keys)) == v["deck_order"]


def test_commitment_vectors_match_the_spec_text() -> None:
    v = _load("commitments.json")
    for c in v["commitments"]:
        domain = c["domain"].encode()
        nonce, value = bytes.fromhex(c["nonce"]), bytes.fromhex(c["value"])
        data = b"".join(len(x).to_bytes(4, "big") + x for x in (domain, nonce, value))
        assert hashlib.sha256(b"wizard-p2p/v1/commitment\x00" + data).hexdigest() == c["commitment"]
    for j in v["joint_random"]:
        contributions = [bytes.fromhex(c) for c in j["contributions"]]
        ikm = b"".join(len(c).to_bytes(4, "big") + c for c in contributions)
        words = spec_uniform_words(ikm, b"joint-random", bytes.fromhex(j["context"]))
        assert spec_below(words, j["n"]) == j["index"]


def test_sealed_keys_vector_matches_the_spec_text() -> None:
    """CRYPTO.md §5a from its text: the derivation with plain hmac, the nonce with
    hashlib, the box with libsodium's crypto_box itself (both ways)."""
    v = _load("sealed_keys.json")
    secrets_ = [bytes.fromhex(x) for x in v["secrets"]]
    contexts = [bytes.fromhex(x) for x in v["contexts"]]
    box_secrets = [
        spec_block(x, b"share-box", 0, 0, c)[:32] for x, c in zip(secrets_, contexts, strict=True)
    ]
    assert [b.hex() for b in box_secrets] == v["box_secrets"]
    assert [sodium.crypto_scalarmult_base(b).hex() for b in box_secrets] == v["box_keys"]
    t, u = v["sender"], v["recipient"]
    tag = b"wizard-p2p/v1/seal-nonce\x00" + t.to_bytes(4, "big") + u.to_bytes(4, "big")
    nonce = hashlib.sha256(tag).digest()[:24]
    assert nonce.hex() == v["nonce"]
    plaintext = b"".join(bytes.fromhex(k) for k in v["keys"])
    reader_key, sealer_key = bytes.fromhex(v["box_keys"][1]), bytes.fromhex(v["box_keys"][0])
    box = bytes.fromhex(v["box"])
    assert sodium.crypto_box(plaintext, nonce, reader_key, box_secrets[0]) == box
    assert sodium.crypto_box_open(box, nonce, sealer_key, box_secrets[1]) == plaintext
