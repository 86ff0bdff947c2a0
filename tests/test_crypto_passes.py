"""Mental cards: the deal is a permutation, hands are private, cheats are named.

Also the known-answer vectors of protocol/vectors/crypto/, checked both against
the library and, for the key derivation, against an independent implementation
of the text of protocol/CRYPTO.md (RFC 5869 HKDF written here with hmac).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import threading
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import nacl.bindings as sodium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.curve_support import small_order_twin
from tests.executor_support import RunsAtOnce
from wizard_p2p.crypto import group
from wizard_p2p.crypto import passes as mental
from wizard_p2p.errors import CryptoError, UsageError

VECTORS = Path(__file__).resolve().parent.parent / "protocol" / "vectors" / "crypto"
GAME = hashlib.sha256(b"test game").digest()

# A full 60-card round for 6 seats is ~800 scalar multiplications (~0.1 s):
# scale the examples with the profile instead of using its default of 40.
EXPENSIVE = settings(
    max_examples=max(3, settings.default.max_examples // 5),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

secret_st = st.binary(min_size=32, max_size=32)


class Round:
    """A round played honestly by ``n`` seats; keeps every published deck."""

    def __init__(self, seat_secrets: Sequence[bytes], lock_positions: Sequence[int] | None):
        self.n = len(seat_secrets)
        self.secrets = list(seat_secrets)
        self.contexts = [mental.round_context(GAME, 7, s) for s in range(self.n)]
        self.keys = [
            mental.derive_round_keys(self.secrets[s], self.contexts[s]) for s in range(self.n)
        ]
        self.lock_positions = lock_positions
        self.shuffled: list[list[bytes]] = []
        self.locked: list[list[bytes]] = []
        deck = list(mental.CARD_POINTS)
        for k in self.keys:
            deck = mental.shuffle_pass(deck, k)
            self.shuffled.append(deck)
        for k in self.keys:
            deck = mental.lock_pass(deck, k, lock_positions)
            self.locked.append(deck)
        self.final = deck

    def passes(self) -> list[mental.SeatPasses]:
        return [mental.SeatPasses(self.shuffled[s], self.locked[s]) for s in range(self.n)]

    def all_keys(self, position: int) -> list[bytes]:
        return [mental.release_key(k, position) for k in self.keys]

    def verify(self, passes: Sequence[mental.SeatPasses] | None = None) -> None:
        mental.verify_round(
            mental.CARD_POINTS,
            self.passes() if passes is None else passes,
            self.secrets,
            self.contexts,
            self.lock_positions,
        )


# ----------------------------------------------------------------------- card points


def test_card_points_are_60_distinct_valid_points() -> None:
    assert len(mental.CARD_POINTS) == 60
    assert len(set(mental.CARD_POINTS)) == 60
    assert all(group.is_valid_point(p) for p in mental.CARD_POINTS)


def test_card_points_follow_the_documented_derivation() -> None:
    for card, point in enumerate(mental.CARD_POINTS):
        digest = hashlib.sha512(b"wizard-p2p/v1/card-point\x00" + bytes([card])).digest()
        assert point == group.from_uniform(digest[:32])
        assert mental.card_of(point) == card


@pytest.mark.parametrize(
    "bad", [group.from_uniform(b"\x07" * 32), b"", b"x" * 32, None, "card", 12]
)
def test_card_of_refuses_non_cards(bad: object) -> None:
    with pytest.raises(mental.NotACard):
        mental.card_of(bad)  # type: ignore[arg-type]


# --------------------------------------------------------------------- key derivation


def _rfc5869_hkdf_sha512(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    prk = hmac.new(salt, ikm, "sha512").digest()
    okm, block, counter = b"", b"", 1
    while len(okm) < length:
        block = hmac.new(prk, block + info + bytes([counter]), "sha512").digest()
        okm += block
        counter += 1
    return okm[:length]


def _spec_block(ikm: bytes, label: bytes, index: int, attempt: int, context: bytes) -> bytes:
    info = label + b"\x00" + index.to_bytes(4, "big") + attempt.to_bytes(4, "big") + context
    return _rfc5869_hkdf_sha512(ikm, b"wizard-p2p/v1/mental", info, 64)


def _spec_scalar(secret: bytes, label: bytes, index: int, context: bytes) -> bytes:
    return group.scalar_reduce(_spec_block(secret, label, index, 0, context))


def _spec_uniform_words(ikm: bytes, label: bytes, context: bytes):
    for block in itertools.count():
        data = _spec_block(ikm, label, block, 0, context)
        for i in range(0, 64, 4):
            yield int.from_bytes(data[i : i + 4], "big")


def _spec_below(words, n: int) -> int:
    limit = 2**32 - (2**32 % n)
    for x in words:
        if x < limit:
            return x % n
    raise AssertionError("unreachable")


def _spec_permutation(secret: bytes, context: bytes, n: int) -> tuple[int, ...]:
    words = _spec_uniform_words(secret, b"permutation", context)
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        j = _spec_below(words, i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


def test_round_context_layout() -> None:
    ctx = mental.round_context(b"\xaa\xbb", 258, 3)
    assert ctx == (
        b"wizard-p2p/v1/round-context\x00"
        + b"\x00\x00\x00\x02\xaa\xbb"
        + b"\x00\x00\x01\x02"
        + b"\x00\x00\x00\x03"
    )
    with pytest.raises(UsageError):
        mental.round_context(b"", -1, 0)
    with pytest.raises(UsageError):
        mental.round_context("game", 1, 0)  # type: ignore[arg-type]


@settings(max_examples=10)
@given(secret=secret_st, round_no=st.integers(0, 30), seat=st.integers(0, 5))
def test_derivation_matches_the_spec_text(secret: bytes, round_no: int, seat: int) -> None:
    context = mental.round_context(GAME, round_no, seat)
    keys = mental.derive_round_keys(secret, context)
    k = _spec_scalar(secret, b"shuffle-key", 0, context)
    assert keys.shuffle_key == k
    assert group.scalar_mul(k, keys.shuffle_key_inv) == (1).to_bytes(32, "little")
    assert keys.permutation == _spec_permutation(secret, context, 60)
    for i in (0, 1, 37, 59):
        assert keys.lock_keys[i] == _spec_scalar(secret, b"lock-key", i, context)
    for key, factor in zip(keys.lock_keys, keys.lock_factors, strict=True):
        assert group.scalar_mul(factor, k) == key


def test_derivation_is_deterministic_and_bound_to_its_context() -> None:
    secret = bytes(range(32))
    a = mental.derive_round_keys(secret, mental.round_context(GAME, 1, 0))
    assert a == mental.derive_round_keys(secret, mental.round_context(GAME, 1, 0))
    for other in (
        mental.round_context(GAME, 2, 0),
        mental.round_context(GAME, 1, 1),
        mental.round_context(b"other game", 1, 0),
    ):
        b = mental.derive_round_keys(secret, other)
        assert b.shuffle_key != a.shuffle_key
        assert b.permutation != a.permutation
        assert not set(a.lock_keys) & set(b.lock_keys)
    assert len(set(a.lock_keys)) == 60
    assert sorted(a.permutation) == list(range(60))


def test_round_keys_repr_hides_key_material() -> None:
    keys = mental.derive_round_keys(bytes(32), b"ctx")
    text = repr(keys)
    assert keys.shuffle_key.hex() not in text and "lock" not in text


@pytest.mark.parametrize("bad", [b"", bytes(31), bytes(33), "a" * 32, None])
def test_derive_refuses_malformed_secrets(bad: object) -> None:
    with pytest.raises(mental.InvalidSecret):
        mental.derive_round_keys(bad, b"ctx")  # type: ignore[arg-type]


@given(
    secret=secret_st,
    context=st.binary(max_size=40),
    deck_size=st.integers(1, 60),
    data=st.data(),
)
def test_a_revealed_secret_derives_the_same_keys(
    secret: bytes, context: bytes, deck_size: int, data: st.DataObject
) -> None:
    locked = data.draw(st.integers(0, deck_size))
    hidden = mental.derive_round_keys(secret, context, deck_size, locked=locked)
    assert mental.derive_round_keys(
        secret, context, deck_size, locked=locked, revealed=True
    ) == hidden


def test_new_round_secrets_are_fresh() -> None:
    drawn = {mental.new_round_secret() for _ in range(20)}
    assert len(drawn) == 20 and all(len(s) == 32 for s in drawn)


def test_permutations_are_uniform() -> None:
    # 6000 deterministic derivations of a 3-card deck: every one of the 6
    # orders must come up about 1000 times (chi-square, 5 degrees of freedom,
    # 35 is far beyond p = 10**-6; the inputs are fixed, so this never flakes).
    counts = Counter(
        mental.derive_round_keys(i.to_bytes(32, "big"), b"uniform", deck_size=3).permutation
        for i in range(6000)
    )
    assert len(counts) == 6
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 35, counts


def test_keyed_stream_rejects_the_biased_tail() -> None:
    class Scripted(mental._KeyedStream):
        def __init__(self, words: list[int]) -> None:
            self.words = iter(words)

        def u32(self) -> int:
            return next(self.words)

    # For n = 3 the last accepted word is 2**32 - 2; 2**32 - 1 must be redrawn.
    assert Scripted([2**32 - 1, 2**32 - 1, 5]).below(3) == 2
    assert Scripted([2**32 - 2]).below(3) == (2**32 - 2) % 3
    assert Scripted([2**32 - 1]).below(1) == 0


# -------------------------------------------------------------------------- the deal


@EXPENSIVE
@given(
    seat_secrets=st.integers(3, 6).flatmap(lambda n: st.lists(secret_st, min_size=n, max_size=n)),
    hand=st.integers(1, 10),
)
def test_deal_is_a_permutation_and_hands_are_private(seat_secrets: list[bytes], hand: int) -> None:
    n = len(seat_secrets)
    hand = min(hand, 60 // n)
    dealt = n * hand
    lock_positions = list(range(min(dealt + 1, 60)))
    rnd = Round(seat_secrets, lock_positions)
    mental.check_deck(rnd.final, 60)

    cards = [mental.read_card(rnd.final[p], rnd.all_keys(p)) for p in lock_positions]
    assert cards == list(mental.deck_order(rnd.keys))[: len(lock_positions)]
    assert len(set(cards)) == len(cards)

    for p in range(dealt):
        owner = p % n
        # Deal: every seat but the owner publishes its key for the position.
        published = [mental.release_key(rnd.keys[s], p) for s in range(n) if s != owner]
        own = mental.release_key(rnd.keys[owner], p)
        assert mental.read_card(rnd.final[p], [own, *published]) == cards[p]
        # Anybody else holds only the published keys: no subset of them opens it,
        # and the result is none of the cards under any key they know.
        partial = mental.unlock(rnd.final[p], published)
        with pytest.raises(mental.NotACard):
            mental.card_of(partial)
        if p >= n:
            continue  # the exhaustive checks below once per seat are enough
        for r in range(1, len(published)):
            for subset in itertools.combinations(published, r):
                with pytest.raises(mental.NotACard):
                    mental.read_card(rnd.final[p], list(subset))
        # Nor does any other key it may know: the others' own K and lock keys,
        # the owner's keys of other positions (released when those are played).
        known = [rnd.keys[s].shuffle_key for s in range(n) if s != owner]
        known += [rnd.keys[s].lock_keys[(p + 1) % 60] for s in range(n)]
        disguised = {group.mul(partial, group.scalar_invert(k)) for k in published + known}
        assert not disguised & set(mental.CARD_POINTS)

    # Positions that were not dealt still carry every seat's K: they read as nothing.
    if len(lock_positions) < 60:
        with pytest.raises(mental.NotACard):
            mental.read_card(rnd.final[59], rnd.all_keys(59))

    rnd.verify()


@EXPENSIVE
@given(seat_secrets=st.lists(secret_st, min_size=3, max_size=6), owner=st.integers(0, 5))
def test_clairvoyance_shows_a_card_to_all_but_its_owner(
    seat_secrets: list[bytes], owner: int
) -> None:
    n = len(seat_secrets)
    owner %= n
    rnd = Round(seat_secrets, list(range(n + 1)))
    position = owner  # round 1: position p belongs to seat p
    card = mental.deck_order(rnd.keys)[position]
    recipients = mental.clairvoyant_recipients(owner, range(n))
    assert owner not in recipients and sorted(recipients) == [s for s in range(n) if s != owner]

    inbox: dict[int, list[bytes]] = {s: [] for s in range(n)}
    for sender in range(n):
        key = mental.release_key(rnd.keys[sender], position)
        for receiver in recipients:
            if receiver != sender:
                inbox[receiver].append(key)
    for seat in range(n):
        mine = [mental.release_key(rnd.keys[seat], position), *inbox[seat]]
        if seat == owner:
            assert inbox[seat] == []
            with pytest.raises(mental.NotACard):
                mental.read_card(rnd.final[position], mine)
        else:
            assert len(mine) == n
            assert mental.read_card(rnd.final[position], mine) == card


def test_clairvoyant_recipients_refuses_an_unknown_owner() -> None:
    with pytest.raises(UsageError):
        mental.clairvoyant_recipients(4, range(3))


# ----------------------------------------------------------------------- verification

TAMPERS = ["substitute", "duplicate", "drop", "swap", "wrong_key", "other_secret"]


def _tamper(
    deck: list[bytes], how: str, before: list[bytes], keys: mental.RoundKeys, kind: str, j: int
) -> list[bytes]:
    out = list(deck)
    if how == "substitute":
        out[j] = group.mul(out[j], (2).to_bytes(32, "little"))
    elif how == "duplicate":
        out[j] = out[(j + 1) % len(out)]
    elif how == "drop":
        del out[j]
    elif how == "swap":
        k = (j + 1) % len(out)
        out[j], out[k] = out[k], out[j]
    elif how == "wrong_key":
        other = mental.derive_round_keys(b"\x01" * 32, b"wrong")
        if kind == "shuffle":  # right permutation, wrong K
            out = [group.mul(before[p], other.shuffle_key) for p in keys.permutation]
        else:  # one lock key off
            out[j] = group.mul(before[j], other.lock_factors[j])
    elif how == "other_secret":
        other = mental.derive_round_keys(b"\x02" * 32, b"other")
        fn = mental.shuffle_pass if kind == "shuffle" else mental.lock_pass
        out = fn(before, other) if kind == "shuffle" else fn(before, other, range(len(before)))
    return out


@pytest.mark.parametrize("how", TAMPERS)
@pytest.mark.parametrize("kind", ["shuffle", "lock"])
@settings(
    max_examples=max(2, settings.default.max_examples // 20),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seat_secrets=st.lists(secret_st, min_size=3, max_size=6, unique=True),
    cheater=st.integers(0, 5),
    j=st.integers(0, 59),
)
def test_verification_names_the_cheating_seat_and_pass(
    seat_secrets: list[bytes], cheater: int, kind: str, how: str, j: int
) -> None:
    n = len(seat_secrets)
    cheater %= n
    # Lock all positions, so that every tampered position is one that is locked.
    rnd = Round(seat_secrets, None)
    rnd.verify()  # the honest round is accepted

    # Replay the round with one seat cheating and everyone after it honest.
    keys = rnd.keys
    shuffled, locked = [], []
    deck = list(mental.CARD_POINTS)
    for stage in ("shuffle", "lock"):
        for s in range(n):
            before = deck
            fn = mental.shuffle_pass if stage == "shuffle" else mental.lock_pass
            deck = fn(before, keys[s])
            if stage == kind and s == cheater:
                deck = _tamper(deck, how, before, keys[s], kind, j)
                # Nobody would go on from a deck of the wrong size or with a repeated
                # point; fill the rest honestly.
                if how in ("drop", "duplicate"):
                    (shuffled if stage == "shuffle" else locked).append(deck)
                    deck = fn(before, keys[s])
                    continue
            (shuffled if stage == "shuffle" else locked).append(deck)
    passes = [mental.SeatPasses(shuffled[s], locked[s]) for s in range(n)]
    with pytest.raises(mental.PassMismatch) as caught:
        rnd.verify(passes)
    assert (caught.value.seat, caught.value.kind) == (cheater, kind)
    assert f"seat {cheater} {kind} pass" in str(caught.value)
    if how not in ("drop", "wrong_key", "other_secret"):
        assert caught.value.position in (j, (j + 1) % 60)


def test_a_shuffle_refuses_points_that_differ_by_a_point_of_small_order() -> None:
    """X25519 does not check a point's subgroup; a twin of another point of the deck
    (the same point plus one of order 8) has the same product, and publishing the two
    would make the honest shuffler look like the one that copied a card."""
    keys = mental.derive_round_keys(b"\x05" * 32, b"twins")
    deck = list(mental.CARD_POINTS)
    deck[7] = small_order_twin(deck[3])
    mental.check_deck(deck, mental.DECK_SIZE, validate_points=False)  # distinct bytes
    with pytest.raises(mental.InvalidDeckPoint) as caught:
        mental.check_deck(deck, mental.DECK_SIZE)  # the whole check sees it at once
    assert caught.value.position == 7
    with pytest.raises(mental.InvalidDeckPoint) as caught:
        mental.shuffle_pass(deck, keys)
    assert caught.value.position in (3, 7)
    assert "positions" in str(caught.value) and "small order" in str(caught.value)
    # A repeated point that reached a pass anyway is refused too, as what it is.
    deck[7] = deck[3]
    with pytest.raises(mental.DuplicatePoint):
        mental.shuffle_pass(deck, keys)


def test_single_pass_verification() -> None:
    keys = mental.derive_round_keys(b"\x05" * 32, b"single")
    deck = list(mental.CARD_POINTS)
    shuffled = mental.shuffle_pass(deck, keys)
    locked = mental.lock_pass(shuffled, keys, [3, 4])
    mental.verify_shuffle_pass(deck, shuffled, keys)
    mental.verify_lock_pass(shuffled, locked, keys, [3, 4])
    assert locked[5] == shuffled[5] and locked[3] != shuffled[3]
    with pytest.raises(mental.PassMismatch) as caught:
        mental.verify_lock_pass(shuffled, locked, keys, [3, 4, 5])
    assert caught.value.kind == "lock" and caught.value.position == 5
    with pytest.raises(mental.PassMismatch) as caught:
        mental.verify_shuffle_pass(deck, shuffled[::-1], keys)
    assert caught.value.kind == "shuffle" and caught.value.seat is None
    with pytest.raises(mental.PassMismatch):
        mental.verify_shuffle_pass(deck, b"".join(shuffled), keys)  # type: ignore[arg-type]


def test_verify_round_blames_a_malformed_revealed_secret() -> None:
    rnd = Round([bytes([s]) * 32 for s in range(3)], [0, 1, 2, 3])
    rnd.secrets[1] = rnd.secrets[1][:31]
    with pytest.raises(mental.PassMismatch) as caught:
        rnd.verify()
    assert (caught.value.seat, caught.value.kind) == (1, "secret")


def test_verify_round_refuses_mismatched_arguments() -> None:
    rnd = Round([bytes([s]) * 32 for s in range(3)], [0])
    with pytest.raises(UsageError):
        mental.verify_round(mental.CARD_POINTS, rnd.passes(), rnd.secrets[:2], rnd.contexts)


def test_released_keys_are_checked_against_the_revealed_secret() -> None:
    keys = mental.derive_round_keys(b"\x09" * 32, b"release")
    mental.verify_released_key(keys, 17, mental.release_key(keys, 17))
    with pytest.raises(mental.KeyMismatch) as caught:
        mental.verify_released_key(keys, 17, mental.release_key(keys, 18))
    assert caught.value.position == 17
    with pytest.raises(mental.KeyMismatch):
        mental.verify_released_key(keys, 17, None)  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        mental.release_key(keys, 60)


# ------------------------------------------------------------------------ bad inputs


def test_check_deck_names_each_fault() -> None:
    deck = list(mental.CARD_POINTS)
    mental.check_deck(deck, 60)
    with pytest.raises(mental.WrongDeckSize):
        mental.check_deck(deck[:59], 60)
    with pytest.raises(mental.WrongDeckSize):
        mental.check_deck(b"".join(deck), 60)  # type: ignore[arg-type]
    dup = deck[:]
    dup[9] = dup[2]
    with pytest.raises(mental.DuplicatePoint) as caught:
        mental.check_deck(dup, 60)
    assert caught.value.position == 9
    short = deck[:]
    short[4] = short[4][:31]
    with pytest.raises(mental.InvalidDeckPoint) as caught:
        mental.check_deck(short, 60, validate_points=False)
    assert caught.value.position == 4
    bad = deck[:]
    bad[7] = bytes(32)  # a point of order 4
    mental.check_deck(bad, 60, validate_points=False)
    with pytest.raises(mental.InvalidDeckPoint) as caught:
        mental.check_deck(bad, 60)
    assert caught.value.position == 7
    assert isinstance(caught.value, group.InvalidPoint) and isinstance(caught.value, CryptoError)


def test_passes_refuse_invalid_points_and_sizes() -> None:
    keys = mental.derive_round_keys(b"\x03" * 32, b"bad")
    deck = list(mental.CARD_POINTS)
    deck[11] = bytes.fromhex("ec" + "ff" * 30 + "7f")  # order 2
    with pytest.raises(mental.InvalidDeckPoint) as caught:
        mental.shuffle_pass(deck, keys)
    assert caught.value.position == 11
    with pytest.raises(mental.InvalidDeckPoint):
        mental.lock_pass(deck, keys, [11])
    assert mental.lock_pass(deck, keys, [10])[11] == deck[11]  # untouched, unlocked
    with pytest.raises(mental.WrongDeckSize):
        mental.shuffle_pass(deck[:-1], keys)
    with pytest.raises(mental.WrongDeckSize):
        mental.lock_pass(deck + deck[:1], keys)
    with pytest.raises(UsageError):
        mental.lock_pass(mental.CARD_POINTS, keys, [1, 1])
    with pytest.raises(UsageError):
        mental.lock_pass(mental.CARD_POINTS, keys, [60])


def test_unlock_refuses_bad_keys_and_points() -> None:
    point = mental.CARD_POINTS[0]
    one = (1).to_bytes(32, "little")
    assert mental.read_card(point, [one]) == 0
    for bad in (bytes(32), b"\xff" * 32, one[:31]):
        with pytest.raises(group.InvalidScalar):
            mental.unlock(point, [one, bad])
    with pytest.raises(UsageError):
        mental.unlock(point, [])
    with pytest.raises(group.InvalidPoint):
        mental.unlock(bytes(32), [one])
    with pytest.raises(mental.NotACard):
        mental.read_card(point, [(2).to_bytes(32, "little")])


# ---------------------------------------------------------------------- commitments


@given(domain=st.sampled_from(["bid", "first-dealer", "x"]), value=st.binary(max_size=64))
def test_commitments_open_only_with_their_value_nonce_and_domain(domain: str, value: bytes) -> None:
    commitment, nonce = mental.commit(domain, value)
    assert len(commitment) == 32 and len(nonce) == 32
    mental.verify_commitment(domain, commitment, value, nonce)
    for args in (
        (domain + "!", commitment, value, nonce),
        (domain, commitment, value + b"\x00", nonce),
        (domain, commitment, value, bytes(32)),
        (domain, commitment[:31], value, nonce),
        (domain, commitment, value, nonce[:16]),
    ):
        with pytest.raises(mental.CommitmentMismatch):
            mental.verify_commitment(*args)


def test_commitments_hide_equal_values() -> None:
    assert mental.commit("bid", b"\x02")[0] != mental.commit("bid", b"\x02")[0]


def test_commitment_encoding_is_length_prefixed() -> None:
    nonce = bytes(32)
    # Moving bytes across a field boundary must change the commitment.
    assert mental.commitment_of("ab", b"c", nonce) != mental.commitment_of("a", b"bc", nonce)
    expected = hashlib.sha256(
        b"wizard-p2p/v1/commitment\x00"
        + b"\x00\x00\x00\x03bid"
        + b"\x00\x00\x00\x20"
        + nonce
        + b"\x00\x00\x00\x01\x04"
    ).digest()
    assert mental.commitment_of("bid", b"\x04", nonce) == expected
    with pytest.raises(UsageError):
        mental.commit("", b"x")


# ---------------------------------------------------------------------- joint random


@given(contributions=st.lists(secret_st, min_size=1, max_size=6), n=st.integers(1, 6))
def test_joint_random_index_is_in_range_and_deterministic(
    contributions: list[bytes], n: int
) -> None:
    i = mental.joint_random_index(contributions, n, b"ctx")
    assert 0 <= i < n
    assert i == mental.joint_random_index(list(contributions), n, b"ctx")


@given(contributions=st.lists(secret_st, min_size=2, max_size=6, unique=True))
def test_joint_random_index_depends_on_every_contribution(contributions: list[bytes]) -> None:
    big = 2**32
    base = mental.joint_random_index(contributions, big, b"ctx")
    for i in range(len(contributions)):
        changed = contributions[:]
        changed[i] = hashlib.sha256(changed[i]).digest()
        assert mental.joint_random_index(changed, big, b"ctx") != base
    assert mental.joint_random_index(contributions, big, b"other") != base
    assert mental.joint_random_index(contributions[::-1], big, b"ctx") != base


def test_joint_random_index_is_uniform() -> None:
    counts = Counter(
        mental.joint_random_index([i.to_bytes(4, "big"), b"x" * 32], 5, b"u") for i in range(5000)
    )
    chi2 = sum((counts[k] - 1000) ** 2 / 1000 for k in range(5))
    assert chi2 < 30, counts


@pytest.mark.parametrize(
    "args", [([], 3, b"c"), ([b"a"], 0, b"c"), ([b"a"], 2**32 + 1, b"c"), (b"ab", 3, b"c")]
)
def test_joint_random_index_refuses_bad_arguments(args: tuple) -> None:
    with pytest.raises(UsageError):
        mental.joint_random_index(*args)


# --------------------------------------------------------------------------- vectors


def _load(name: str) -> dict:
    return json.loads((VECTORS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(mental.vectors()))
def test_committed_vectors_match_the_library(name: str) -> None:
    assert _load(name) == json.loads(json.dumps(mental.vectors()[name]))


def test_card_point_vector_matches_the_table() -> None:
    assert [bytes.fromhex(h) for h in _load("card_points.json")["points"]] == list(
        mental.CARD_POINTS
    )


def test_key_derivation_vector_matches_the_spec_text() -> None:
    v = _load("key_derivation.json")
    secret, context = bytes.fromhex(v["secret"]), bytes.fromhex(v["context"])
    assert context == mental.round_context(bytes.fromhex(v["game_id"]), v["round_no"], v["seat"])
    assert v["shuffle_key"] == _spec_scalar(secret, b"shuffle-key", 0, context).hex()
    assert tuple(v["permutation"]) == _spec_permutation(secret, context, v["deck_size"])
    for i, key in enumerate(v["lock_keys_first"]):
        assert key == _spec_scalar(secret, b"lock-key", i, context).hex()
    assert v["lock_key_59"] == _spec_scalar(secret, b"lock-key", 59, context).hex()


def test_small_shuffle_vector_replays_and_verifies() -> None:
    v = _load("small_shuffle.json")
    secrets_ = [bytes.fromhex(s) for s in v["secrets"]]
    contexts = [bytes.fromhex(c) for c in v["contexts"]]
    shuffled = [[bytes.fromhex(p) for p in d] for d in v["shuffled"]]
    locked = [[bytes.fromhex(p) for p in d] for d in v["locked"]]
    positions = v["lock_positions"]
    keys = mental.verify_round(
        mental.CARD_POINTS, list(zip(shuffled, locked, strict=True)), secrets_, contexts, positions
    )
    final = locked[-1]
    n = len(secrets_)
    for seat, hand in enumerate(v["hands"]):
        for slot, card in enumerate(hand):
            p = seat + slot * n
            released = [bytes.fromhex(v["lock_keys"][s][positions.index(p)]) for s in range(n)]
            assert mental.read_card(final[p], released) == card
    trump = positions[-1]
    assert mental.read_card(final[trump], [k.lock_keys[trump] for k in keys]) == v["trump_card"]
    assert list(mental.deck_order(keys)) == v["deck_order"]


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
        words = _spec_uniform_words(ikm, b"joint-random", bytes.fromhex(j["context"]))
        assert _spec_below(words, j["n"]) == j["index"]


def test_sealed_keys_vector_matches_the_spec_text() -> None:
    """CRYPTO.md §5a from its text: the derivation with plain hmac, the nonce with
    hashlib, the box with libsodium's crypto_box itself (both ways)."""
    v = _load("sealed_keys.json")
    secrets_ = [bytes.fromhex(x) for x in v["secrets"]]
    contexts = [bytes.fromhex(x) for x in v["contexts"]]
    box_secrets = [
        _spec_block(x, b"share-box", 0, 0, c)[:32] for x, c in zip(secrets_, contexts, strict=True)
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


@settings(max_examples=25, deadline=None)
@given(
    st.binary(min_size=32, max_size=32),
    st.binary(min_size=32, max_size=32),
    st.integers(1, 5),
    st.integers(0, 4),
)
def test_sealed_keys_open_only_for_their_reader_and_seal_alike(
    one: bytes, other: bytes, count: int, sender: int
) -> None:
    recipient = sender + 1
    context = mental.round_context(bytes(32), 1, 0)
    b_t, b_u = mental.derive_box_secret(one, context), mental.derive_box_secret(other, context)
    b_v = mental.derive_box_secret(hashlib.sha256(one + other).digest(), context)  # a third
    key_t, key_u = mental.box_public_key(b_t), mental.box_public_key(b_u)
    assert group.is_valid_point(key_t) and group.is_valid_point(key_u)
    shared = mental.box_shared_key(b_t, key_u)
    assert mental.box_shared_key(b_u, key_t) == shared  # one key for the two seats
    keys = list(mental.derive_round_keys(one, context, locked=count).lock_keys)
    box = mental.seal_keys(shared, sender, recipient, keys)
    assert len(box) == mental.SEAL_OVERHEAD + 32 * count
    assert mental.seal_keys(shared, sender, recipient, keys) == box  # deterministic
    assert mental.open_keys(shared, sender, recipient, box, count) == tuple(keys)
    flipped = box[:-1] + bytes([box[-1] ^ 1])
    third = mental.box_shared_key(b_v, key_t)
    refused = [
        (shared, recipient, sender, box, count),  # read as the other direction's
        (third, sender, recipient, box, count),  # by a third seat
        (shared, sender, recipient, box, count + 1),  # as more keys than it holds
        (shared, sender, recipient, flipped, count),  # altered
    ]
    for args in refused:
        with pytest.raises(mental.UnopenableKeys):
            mental.open_keys(*args)


def test_sealed_bytes_that_are_not_valid_keys_do_not_open() -> None:
    context = mental.round_context(bytes(32), 1, 0)
    b_t, b_u = (mental.derive_box_secret(bytes([i]) * 32, context) for i in (1, 2))
    not_reduced = (group.L).to_bytes(32, "little")  # L itself: not reduced modulo L
    shared = mental.box_shared_key(b_t, mental.box_public_key(b_u))
    box = sodium.crypto_box_afternm(not_reduced, mental._seal_nonce(0, 1), shared)
    with pytest.raises(mental.UnopenableKeys, match="not a valid key"):
        mental.open_keys(shared, 0, 1, box, 1)
    with pytest.raises(CryptoError):
        mental.seal_keys(shared, 0, 1, [not_reduced])
    with pytest.raises(UsageError):
        mental.seal_keys(shared, 1, 1, [])
    small_order = (1).to_bytes(32, "little")  # u = 1: X25519 gives zero, libsodium refuses
    with pytest.raises(mental.UnopenableKeys):
        mental.box_shared_key(b_t, small_order)


# ------------------------------------------------------------------------- benchmark


def test_bench_crypto_reports_its_figures() -> None:
    from wizard_p2p import bench_crypto

    lines: list[str] = []
    figures = bench_crypto.run(lines.append, repeats=1)
    assert figures["raw_mults_per_sec"] > 0
    assert figures["ratio"] == pytest.approx(
        figures["shuffle_lock_6_seats_seconds"] * figures["raw_mults_per_sec"] / 720
    )
    assert any("ratio" in line for line in lines) and len(lines) >= 4


@pytest.mark.parametrize("keep", [1, 7, 59, 60])
def test_a_kept_prefix_of_a_shuffle_locks_like_the_whole_deck(keep: int) -> None:
    """The last shuffler keeps only the positions a round locks: the same points, fewer
    multiplications, and the lock pass over them gives the prefix of the full lock."""
    keys = mental.derive_round_keys(b"\x05" * 32, b"keep")
    full = mental.shuffle_pass(mental.CARD_POINTS, keys)
    kept = mental.shuffle_pass(mental.CARD_POINTS, keys, keep)
    assert kept == full[:keep]
    mental.verify_shuffle_pass(mental.CARD_POINTS, kept, keys, keep)
    with pytest.raises(mental.PassMismatch):
        mental.verify_shuffle_pass(mental.CARD_POINTS, full, keys, keep if keep < 60 else 59)
    assert mental.lock_pass(kept, keys, range(keep)) == mental.lock_pass(full, keys, range(keep))[
        :keep
    ]


@pytest.mark.parametrize("keep", [0, -1, 61])
def test_a_kept_prefix_must_fit_the_deck(keep: int) -> None:
    keys = mental.derive_round_keys(b"\x05" * 32, b"keep")
    with pytest.raises(UsageError):
        mental.shuffle_pass(mental.CARD_POINTS, keys, keep)


@EXPENSIVE
@given(secret=st.binary(min_size=32, max_size=32), keep=st.integers(1, 60))
def test_the_last_shufflers_one_pass_is_its_shuffle_then_its_lock(secret: bytes, keep: int) -> None:
    """The last shuffler locks in its shuffle's multiplication: the very points its
    shuffle pass (keeping ``keep``) and then its lock pass give, with K cancelled out."""
    keys = mental.derive_round_keys(secret, b"last", locked=keep)
    deck = mental.shuffle_pass(mental.CARD_POINTS, mental.derive_round_keys(secret, b"before"))
    one_pass = mental.shuffle_lock_pass(deck, keys, keep)
    two = mental.lock_pass(mental.shuffle_pass(deck, keys, keep), keys, range(keep))
    assert one_pass == two
    mental.verify_shuffle_lock_pass(deck, one_pass, keys, keep)
    with pytest.raises(mental.PassMismatch) as caught:
        mental.verify_shuffle_lock_pass(deck, [*one_pass[:-1], deck[0]], keys, keep)
    assert (caught.value.kind, caught.value.position) == ("shuffle", keep - 1)


def test_the_last_shufflers_one_pass_keeps_what_it_locks() -> None:
    keys = mental.derive_round_keys(b"\x07" * 32, b"last", locked=7)
    with pytest.raises(UsageError):
        mental.shuffle_lock_pass(mental.CARD_POINTS, keys, 8)  # 7 lock keys only
    with pytest.raises(UsageError):
        mental.shuffle_lock_pass(mental.CARD_POINTS, keys, 0)
    with pytest.raises(mental.WrongDeckSize):
        mental.shuffle_lock_pass(mental.CARD_POINTS[:59], keys, 7)


def test_a_helper_thread_gives_the_same_passes() -> None:
    keys = mental.derive_round_keys(b"\x06" * 32, b"helper")
    with ThreadPoolExecutor(max_workers=1) as helper:
        shuffled = mental.shuffle_pass(mental.CARD_POINTS, keys, helper=helper)
        assert shuffled == mental.shuffle_pass(mental.CARD_POINTS, keys)
        assert mental.shuffle_pass(mental.CARD_POINTS, keys, 13, helper=helper) == shuffled[:13]
        assert mental.lock_pass(shuffled, keys, range(37), helper=helper) == mental.lock_pass(
            shuffled, keys, range(37)
        )


class _NeverRuns(Executor):
    """A helper that never gets a core: its task never starts, and waiting for it fails."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(AssertionError("the pass waited for a helper that never ran"))
        return future


def _outcome(run: Any) -> object:
    """A pass's result, or the fault it reports and where."""
    try:
        return run()
    except mental.BadDeck as fault:
        return (type(fault).__name__, getattr(fault, "position", None))


@given(
    bad=st.sets(st.integers(0, mental.DECK_SIZE - 1), max_size=3),
    helper_kind=st.sampled_from(["thread", "never runs", "runs at once"]),
)
@settings(max_examples=25, deadline=None)
def test_a_pass_is_the_same_whoever_does_its_multiplications(
    bad: set[int], helper_kind: str
) -> None:
    keys = mental.derive_round_keys(b"\x05" * 32, b"shared")
    deck = list(mental.CARD_POINTS)
    for position in bad:
        deck[position] = bytes(32)  # a point of small order
    alone = [
        _outcome(lambda: mental.shuffle_pass(deck, keys)),
        _outcome(lambda: mental.lock_pass(deck, keys, range(41))),
    ]
    with ThreadPoolExecutor(max_workers=1) as pool:
        helper = {"thread": pool, "never runs": _NeverRuns(), "runs at once": RunsAtOnce()}[
            helper_kind
        ]
        shared = [
            _outcome(lambda: mental.shuffle_pass(deck, keys, helper=helper)),
            _outcome(lambda: mental.lock_pass(deck, keys, range(41), helper=helper)),
        ]
    assert shared == alone


class _StallsMidway(Executor):
    """A helper whose thread takes the first multiplication and is then held, as a
    thread preempted in the middle of one is, until ``release`` is set; ``submit``
    returns once it holds that multiplication."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.holding = threading.Event()
        self.release = threading.Event()
        self.finished = threading.Event()
        self.thread: threading.Thread | None = None
        helper = self

        class Held(group.Multiplier):
            __slots__ = ()

            def mul(self, point: bytes, steps: tuple[bytes, ...]) -> bytes:
                if threading.current_thread() is helper.thread and not helper.holding.is_set():
                    helper.holding.set()
                    helper.release.wait(timeout=30)  # a safety net, never the test's clock
                return super().mul(point, steps)

        monkeypatch.setattr(group, "Multiplier", Held)

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()

        def run() -> None:
            try:
                future.set_result(fn(*args, **kwargs))
            finally:
                self.finished.set()

        self.thread = threading.Thread(target=run)
        self.thread.start()
        assert self.holding.wait(timeout=30)
        return future

    def let_go(self) -> None:
        self.release.set()
        assert self.thread is not None
        self.thread.join(timeout=30)


@pytest.mark.parametrize("which", ["shuffle", "lock", "lock, the held point invalid", "read"])
def test_a_pass_does_not_wait_for_a_helper_held_mid_multiplication(
    which: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = mental.derive_round_keys(b"\x07" * 32, b"held")
    deck = list(mental.CARD_POINTS)
    if which.endswith("invalid"):
        deck[0] = bytes(32)  # the lock's first multiplication, the one the helper holds
    sealed = [(group.mul(mental.CARD_POINTS[c], keys.lock_keys[c]), [keys.lock_keys[c]])
              for c in range(10)]
    run = {
        "shuffle": lambda helper: mental.shuffle_pass(deck, keys, helper=helper),
        "lock": lambda helper: mental.lock_pass(deck, keys, range(41), helper=helper),
        "lock, the held point invalid": (
            lambda helper: mental.lock_pass(deck, keys, range(41), helper=helper)
        ),
        "read": lambda helper: mental.read_cards(sealed, helper=helper),
    }[which]
    alone = _outcome(lambda: run(None))
    helper = _StallsMidway(monkeypatch)
    try:
        shared = _outcome(lambda: run(helper))
        # The pass came back while the helper was still held on its multiplication.
        assert not helper.finished.is_set()
    finally:
        helper.let_go()
    assert helper.finished.is_set()
    assert shared == alone
    if which == "read":
        assert shared == list(range(10))


@pytest.mark.parametrize("bad", [(3,), (50,), (3, 50), (40, 55)])
def test_a_helper_thread_reports_the_first_invalid_point(bad: tuple[int, ...]) -> None:
    keys = mental.derive_round_keys(b"\x06" * 32, b"helper")
    deck = list(mental.CARD_POINTS)
    for position in bad:
        deck[position] = bytes(32)  # a point of small order
    with ThreadPoolExecutor(max_workers=1) as helper:
        with pytest.raises(mental.InvalidDeckPoint) as caught:
            mental.lock_pass(deck, keys, helper=helper)
        assert caught.value.position == bad[0]
        with pytest.raises(mental.InvalidDeckPoint) as caught:
            mental.shuffle_pass(deck, keys, helper=helper)
        first = min(keys.permutation.index(p) for p in bad)
        assert caught.value.position == keys.permutation[first]


def _read_one(point: bytes, keys: Sequence[bytes]) -> object:
    """A card read alone, or the class of the error that stops it."""
    try:
        return mental.read_card(point, keys)
    except CryptoError as exc:
        return type(exc)


@given(
    seats=st.integers(1, 6),
    cards=st.lists(st.integers(0, mental.DECK_SIZE - 1), min_size=0, max_size=20, unique=True),
    spoiled=st.dictionaries(
        st.integers(0, 19), st.sampled_from(["wrong key", "bad key", "bad point"]), max_size=3
    ),
    helper_kind=st.sampled_from(["none", "thread", "never runs", "runs at once"]),
    data=st.data(),
)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_cards_read_together_are_the_cards_read_one_by_one(
    seats: int,
    cards: list[int],
    spoiled: dict[int, str],
    helper_kind: str,
    data: st.DataObject,
) -> None:
    sealed: list[tuple[bytes, list[bytes]]] = []
    for card in cards:
        keys = [group.random_scalar() for _ in range(seats)]
        point = mental.CARD_POINTS[card]
        for key in keys:
            point = group.mul(point, key)
        sealed.append((point, keys))
    for i, how in spoiled.items():
        if i >= len(sealed):
            continue
        point, keys = sealed[i]
        if how == "wrong key":
            keys = [group.random_scalar(), *keys[1:]]
        elif how == "bad key":
            keys = [*keys[:-1], bytes(32)]  # zero: never a key
        else:
            # a point of small order, or bytes that are no canonical u-coordinate
            point = data.draw(st.sampled_from([bytes(32), b"\xff" * 32]))
        sealed[i] = (point, keys)
    one_by_one = [_read_one(point, keys) for point, keys in sealed]
    with ThreadPoolExecutor(max_workers=1) as pool:
        helper = {
            "none": None, "thread": pool, "never runs": _NeverRuns(), "runs at once": RunsAtOnce()
        }[helper_kind]
        try:
            together: object = mental.read_cards(sealed, helper=helper)
        except mental.UnreadableCard as exc:
            # The first card that does not decode alone, for the reason it does not, and
            # every card before it read.
            first = next(i for i, got in enumerate(one_by_one) if not isinstance(got, int))
            assert exc.index == first
            assert exc.read == one_by_one[:first]
            assert isinstance(exc.__cause__, one_by_one[first])  # type: ignore[arg-type]
        else:
            assert together == one_by_one == cards
