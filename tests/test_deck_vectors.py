"""protocol/vectors/crypto/private_deck.json (tools/deck_vectors.py): the committed file
equals what the library gives, and every value in it is derived again from the text of
CRYPTO.md §13 with hashlib, the HKDF of tests/crypto_spec.py, integers modulo L and
libsodium's primitives."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import nacl.bindings as sodium

from tests.crypto_spec import spec_block, spec_permutation, spec_scalar
from tools import deck_vectors
from wizard_p2p.crypto import group

VECTOR = Path(__file__).resolve().parent.parent / "protocol" / "vectors" / "crypto" / (
    deck_vectors.NAME
)
L = 2**252 + 27742317777372353535851937790883648493
V = json.loads(VECTOR.read_text(encoding="utf-8"))


def lp(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def u32(n: int) -> bytes:
    return n.to_bytes(4, "big")


def context(author: int, epoch: int) -> bytes:
    return (b"wizard-p2p/v1/deck-context\x00" + lp(bytes.fromhex(V["game_id"]))
            + u32(V["owner"]) + u32(author) + u32(epoch))


def first32(ikm: bytes, label: bytes, ctx: bytes) -> bytes:
    return spec_block(ikm, label, 0, 0, ctx)[:32]


def scalar(secret: bytes, label: bytes, index: int, ctx: bytes) -> int:
    return int.from_bytes(spec_scalar(secret, label, index, ctx), "little")


def times(point: bytes, value: int) -> bytes:
    return group.mul(point, (value % L).to_bytes(32, "little"))


class Keys:
    """A party's keys of one epoch, from the text of §4 and §13.2."""

    def __init__(self, secret: bytes, author: int, epoch: int, size: int) -> None:
        ctx = context(author, epoch)
        self.K = scalar(secret, b"shuffle-key", 0, ctx)
        self.perm = spec_permutation(secret, ctx, size)
        self.k = [scalar(secret, b"lock-key", i, ctx) for i in range(size)]


OWNER_SECRET = bytes.fromhex(V["owner_deck_secret"])
OTHER_SECRET = bytes.fromhex(V["other_deck_secret"])
MAIN = [bytes.fromhex(c) for c in V["main"]]


def test_the_committed_vector_is_the_librarys() -> None:
    assert json.loads(json.dumps(deck_vectors.vectors()[deck_vectors.NAME])) == V


def test_secrets_points_commitment_and_box_keys_follow_the_text() -> None:
    owner, other = V["owner"], V["other"]
    assert first32(bytes.fromhex(V["owner_master"]), b"deck-secret",
                                   context(owner, 0)) == OWNER_SECRET
    assert first32(bytes.fromhex(V["other_master"]), b"deck-secret",
                                   context(other, 0)) == OTHER_SECRET
    seen: dict[bytes, int] = {}
    for card, n, point in zip(MAIN, V["copy_numbers"], V["copy_points"], strict=True):
        assert n == seen.get(card, 0)
        seen[card] = n + 1
        r = hashlib.sha512(b"wizard-p2p/v1/deck-card-point\x00" + lp(card) + u32(n)).digest()
        edwards = sodium.crypto_core_ed25519_from_uniform(r[:32])
        assert point == sodium.crypto_sign_ed25519_pk_to_curve25519(edwards).hex()
    pool = [bytes.fromhex(c) for c in V["pool"]]
    lists = u32(len(MAIN)) + b"".join(map(lp, MAIN)) + u32(len(pool)) + b"".join(map(lp, pool))
    nonce = first32(OWNER_SECRET, b"deck-commitment-nonce", context(owner, 0))
    tag = b"wizard-p2p/v1/commitment\x00"
    commitment = hashlib.sha256(tag + lp(V["domain"].encode()) + lp(nonce) + lp(lists))
    assert V["commitment"] == commitment.hexdigest()
    for secret, author, key in ((OWNER_SECRET, owner, "owner_box_key"),
                                (OTHER_SECRET, other, "other_box_key")):
        box_secret = first32(secret, b"share-box", context(author, 0))
        assert V[key] == sodium.crypto_scalarmult_base(box_secret).hex()


def _epoch(entries: list[bytes], old_o: list[int], old_p: list[int], o: Keys, p: Keys,
           published: list[list[str]]) -> list[bytes]:
    """The four passes of a shuffle epoch (§13.3), each checked against the published one."""
    n = len(entries)
    y1 = [times(x, o.K * pow(old_o[j], -1, L)) for j, x in enumerate(entries)]
    y2 = [times(y1[s], p.K * pow(old_p[s], -1, L)) for s in p.perm]
    y3 = [times(y2[o.perm[i]], o.k[i] * pow(o.K, -1, L)) for i in range(n)]
    y4 = [times(y3[i], p.k[i] * pow(p.K, -1, L)) for i in range(n)]
    for computed, expected in zip((y1, y2, y3, y4), published, strict=True):
        assert [c.hex() for c in computed] == expected
    return y4


def _box(keys: list[int], number: int) -> str:
    nonce = hashlib.sha256(b"wizard-p2p/v1/deck-seal-nonce\x00" + u32(number)).digest()[:24]
    b_other = first32(OTHER_SECRET, b"share-box", context(V["other"], 0))
    shared = sodium.crypto_box_beforenm(bytes.fromhex(V["owner_box_key"]), b_other)
    plaintext = b"".join(k.to_bytes(32, "little") for k in keys)
    return sodium.crypto_box_afternm(plaintext, nonce, shared).hex()


def _card(point: bytes, keys: list[int]) -> tuple[str, int]:
    product = 1
    for k in keys:
        product = product * k % L
    plain = times(point, pow(product, -1, L)).hex()
    index = V["copy_points"].index(plain)
    return V["main"][index], V["copy_numbers"][index]


def test_the_set_up_the_draw_and_the_search_follow_the_text() -> None:
    owner, other = V["owner"], V["other"]
    points = [bytes.fromhex(p) for p in V["copy_points"]]
    o0, p0 = Keys(OWNER_SECRET, owner, 0, 6), Keys(OTHER_SECRET, other, 0, 6)
    deck0 = _epoch(points, [1] * 6, [1] * 6, o0, p0, V["setup_passes"])
    # The draw: the other's key of the top, sealed in box 0; the owner reads the card.
    draw = V["draw"]
    assert draw["box"] == _box([p0.k[0]], 0)
    assert (draw["card"], draw["copy"]) == _card(deck0[0], [o0.k[0], p0.k[0]])
    # The search: the other's keys of the rest of the deck in box 1; the card taken goes
    # to the hand, and the others go through a shuffle epoch.
    search = V["search"]
    assert search["addresses"] == [[0, i] for i in range(1, 6)]
    assert search["box"] == _box(p0.k[1:], 1)
    assert search["cards"] == [list(_card(deck0[i], [o0.k[i], p0.k[i]])) for i in range(1, 6)]
    rest = [i for n, i in enumerate(range(1, 6)) if n != search["taken"]]
    o1, p1 = Keys(OWNER_SECRET, owner, 1, 4), Keys(OTHER_SECRET, other, 1, 4)
    deck1 = _epoch([deck0[i] for i in rest], [o0.k[i] for i in rest], [p0.k[i] for i in rest],
                   o1, p1, search["shuffle_passes"])
    assert search["deck_after"] == [[1, i] for i in range(4)]
    # Position i of the new deck holds entry ρ(σ(i)).
    for i in range(4):
        entry = rest[p1.perm[o1.perm[i]]]
        assert _card(deck1[i], [o1.k[i], p1.k[i]]) == _card(deck0[entry], [o0.k[entry],
                                                                           p0.k[entry]])
