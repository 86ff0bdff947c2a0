"""Mental cards: the deal is a permutation, hands are private, cheats are named."""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.curve_support import small_order_twin
from wizard_p2p import crypto
from wizard_p2p.crypto import group
from wizard_p2p.errors import CryptoError, UsageError

GAME = hashlib.sha256(b"test game").digest()

# A full 60-card round for 6 seats is hundreds of scalar multiplications:
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
        self.contexts = [crypto.round_context(GAME, 7, s) for s in range(self.n)]
        self.keys = [
            crypto.derive_round_keys(self.secrets[s], self.contexts[s]) for s in range(self.n)
        ]
        self.lock_positions = lock_positions
        self.shuffled: list[list[bytes]] = []
        self.locked: list[list[bytes]] = []
        deck = list(crypto.CARD_POINTS)
        for k in self.keys:
            deck = crypto.shuffle_pass(deck, k)
            self.shuffled.append(deck)
        for k in self.keys:
            deck = crypto.lock_pass(deck, k, lock_positions)
            self.locked.append(deck)
        self.final = deck

    def passes(self) -> list[crypto.SeatPasses]:
        return [crypto.SeatPasses(self.shuffled[s], self.locked[s]) for s in range(self.n)]

    def all_keys(self, position: int) -> list[bytes]:
        return [crypto.release_key(k, position) for k in self.keys]

    def verify(self, passes: Sequence[crypto.SeatPasses] | None = None) -> None:
        crypto.verify_round(
            crypto.CARD_POINTS,
            self.passes() if passes is None else passes,
            self.secrets,
            self.contexts,
            self.lock_positions,
        )


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
    crypto.check_deck(rnd.final, 60)

    cards = [crypto.read_card(rnd.final[p], rnd.all_keys(p)) for p in lock_positions]
    assert cards == list(crypto.deck_order(rnd.keys))[: len(lock_positions)]
    assert len(set(cards)) == len(cards)

    for p in range(dealt):
        owner = p % n
        # Deal: every seat but the owner publishes its key for the position.
        published = [crypto.release_key(rnd.keys[s], p) for s in range(n) if s != owner]
        own = crypto.release_key(rnd.keys[owner], p)
        assert crypto.read_card(rnd.final[p], [own, *published]) == cards[p]
        # Anybody else holds only the published keys: no subset of them opens it,
        # and the result is none of the cards under any key they know.
        partial = crypto.unlock(rnd.final[p], published)
        with pytest.raises(crypto.NotACard):
            crypto.card_of(partial)
        if p >= n:
            continue  # the exhaustive checks below once per seat are enough
        for r in range(1, len(published)):
            for subset in itertools.combinations(published, r):
                with pytest.raises(crypto.NotACard):
                    crypto.read_card(rnd.final[p], list(subset))
        # Nor does any other key it may know: the others' own K and lock keys,
        # the owner's keys of other positions (released when those are played).
        known = [rnd.keys[s].shuffle_key for s in range(n) if s != owner]
        known += [rnd.keys[s].lock_keys[(p + 1) % 60] for s in range(n)]
        disguised = {group.mul(partial, group.scalar_invert(k)) for k in published + known}
        assert not disguised & set(crypto.CARD_POINTS)

    # Positions that were not dealt still carry every seat's K: they read as nothing.
    if len(lock_positions) < 60:
        with pytest.raises(crypto.NotACard):
            crypto.read_card(rnd.final[59], rnd.all_keys(59))

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
    card = crypto.deck_order(rnd.keys)[position]
    recipients = crypto.clairvoyant_recipients(owner, range(n))
    assert owner not in recipients and sorted(recipients) == [s for s in range(n) if s != owner]

    inbox: dict[int, list[bytes]] = {s: [] for s in range(n)}
    for sender in range(n):
        key = crypto.release_key(rnd.keys[sender], position)
        for receiver in recipients:
            if receiver != sender:
                inbox[receiver].append(key)
    for seat in range(n):
        mine = [crypto.release_key(rnd.keys[seat], position), *inbox[seat]]
        if seat == owner:
            assert inbox[seat] == []
            with pytest.raises(crypto.NotACard):
                crypto.read_card(rnd.final[position], mine)
        else:
            assert len(mine) == n
            assert crypto.read_card(rnd.final[position], mine) == card


def test_clairvoyant_recipients_refuses_an_unknown_owner() -> None:
    with pytest.raises(UsageError):
        crypto.clairvoyant_recipients(4, range(3))


# ----------------------------------------------------------------------- verification

TAMPERS = ["substitute", "duplicate", "drop", "swap", "wrong_key", "other_secret"]


def _tamper(
    deck: list[bytes], how: str, before: list[bytes], keys: crypto.RoundKeys, kind: str, j: int
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
        other = crypto.derive_round_keys(b"\x01" * 32, b"wrong")
        if kind == "shuffle":  # right permutation, wrong K
            out = [group.mul(before[p], other.shuffle_key) for p in keys.permutation]
        else:  # one lock key off
            out[j] = group.mul(before[j], other.lock_factors[j])
    elif how == "other_secret":
        other = crypto.derive_round_keys(b"\x02" * 32, b"other")
        fn = crypto.shuffle_pass if kind == "shuffle" else crypto.lock_pass
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
    deck = list(crypto.CARD_POINTS)
    for stage in ("shuffle", "lock"):
        for s in range(n):
            before = deck
            fn = crypto.shuffle_pass if stage == "shuffle" else crypto.lock_pass
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
    passes = [crypto.SeatPasses(shuffled[s], locked[s]) for s in range(n)]
    with pytest.raises(crypto.PassMismatch) as caught:
        rnd.verify(passes)
    assert (caught.value.seat, caught.value.kind) == (cheater, kind)
    assert f"seat {cheater + 1} {kind} pass" in str(caught.value)
    if how not in ("drop", "wrong_key", "other_secret"):
        assert caught.value.position in (j, (j + 1) % 60)


def test_a_shuffle_refuses_points_that_differ_by_a_point_of_small_order() -> None:
    """X25519 does not check a point's subgroup; a twin of another point of the deck
    (the same point plus one of order 8) has the same product, and publishing the two
    would make the honest shuffler look like the one that copied a card."""
    keys = crypto.derive_round_keys(b"\x05" * 32, b"twins")
    deck = list(crypto.CARD_POINTS)
    deck[7] = small_order_twin(deck[3])
    crypto.check_deck(deck, crypto.DECK_SIZE, validate_points=False)  # distinct bytes
    with pytest.raises(crypto.InvalidDeckPoint) as caught:
        crypto.check_deck(deck, crypto.DECK_SIZE)  # the whole check sees it at once
    assert caught.value.position == 7
    with pytest.raises(crypto.InvalidDeckPoint) as caught:
        crypto.shuffle_pass(deck, keys)
    assert caught.value.position in (3, 7)
    assert "positions" in str(caught.value) and "small order" in str(caught.value)
    # A repeated point that reached a pass anyway is refused too, as what it is.
    deck[7] = deck[3]
    with pytest.raises(crypto.DuplicatePoint):
        crypto.shuffle_pass(deck, keys)


def test_single_pass_verification() -> None:
    keys = crypto.derive_round_keys(b"\x05" * 32, b"single")
    deck = list(crypto.CARD_POINTS)
    shuffled = crypto.shuffle_pass(deck, keys)
    locked = crypto.lock_pass(shuffled, keys, [3, 4])
    crypto.verify_shuffle_pass(deck, shuffled, keys)
    crypto.verify_lock_pass(shuffled, locked, keys, [3, 4])
    assert locked[5] == shuffled[5] and locked[3] != shuffled[3]
    with pytest.raises(crypto.PassMismatch) as caught:
        crypto.verify_lock_pass(shuffled, locked, keys, [3, 4, 5])
    assert caught.value.kind == "lock" and caught.value.position == 5
    with pytest.raises(crypto.PassMismatch) as caught:
        crypto.verify_shuffle_pass(deck, shuffled[::-1], keys)
    assert caught.value.kind == "shuffle" and caught.value.seat is None
    with pytest.raises(crypto.PassMismatch):
        crypto.verify_shuffle_pass(deck, b"".join(shuffled), keys)  # type: ignore[arg-type]


def test_verify_round_blames_a_malformed_revealed_secret() -> None:
    rnd = Round([bytes([s]) * 32 for s in range(3)], [0, 1, 2, 3])
    rnd.secrets[1] = rnd.secrets[1][:31]
    with pytest.raises(crypto.PassMismatch) as caught:
        rnd.verify()
    assert (caught.value.seat, caught.value.kind) == (1, "secret")


def test_verify_round_refuses_mismatched_arguments() -> None:
    rnd = Round([bytes([s]) * 32 for s in range(3)], [0])
    with pytest.raises(UsageError):
        crypto.verify_round(crypto.CARD_POINTS, rnd.passes(), rnd.secrets[:2], rnd.contexts)


def test_released_keys_are_checked_against_the_revealed_secret() -> None:
    keys = crypto.derive_round_keys(b"\x09" * 32, b"release")
    crypto.verify_released_key(keys, 17, crypto.release_key(keys, 17))
    with pytest.raises(crypto.KeyMismatch) as caught:
        crypto.verify_released_key(keys, 17, crypto.release_key(keys, 18))
    assert caught.value.position == 17
    with pytest.raises(crypto.KeyMismatch):
        crypto.verify_released_key(keys, 17, None)  # type: ignore[arg-type]
    with pytest.raises(UsageError):
        crypto.release_key(keys, 60)


# ------------------------------------------------------------------------ bad inputs


def test_check_deck_names_each_fault() -> None:
    deck = list(crypto.CARD_POINTS)
    crypto.check_deck(deck, 60)
    with pytest.raises(crypto.WrongDeckSize):
        crypto.check_deck(deck[:59], 60)
    with pytest.raises(crypto.WrongDeckSize):
        crypto.check_deck(b"".join(deck), 60)  # type: ignore[arg-type]
    dup = deck[:]
    dup[9] = dup[2]
    with pytest.raises(crypto.DuplicatePoint) as caught:
        crypto.check_deck(dup, 60)
    assert caught.value.position == 9
    short = deck[:]
    short[4] = short[4][:31]
    with pytest.raises(crypto.InvalidDeckPoint) as caught:
        crypto.check_deck(short, 60, validate_points=False)
    assert caught.value.position == 4
    bad = deck[:]
    bad[7] = bytes(32)  # a point of order 4
    crypto.check_deck(bad, 60, validate_points=False)
    with pytest.raises(crypto.InvalidDeckPoint) as caught:
        crypto.check_deck(bad, 60)
    assert caught.value.position == 7
    assert isinstance(caught.value, group.InvalidPoint) and isinstance(caught.value, CryptoError)


def test_passes_refuse_invalid_points_and_sizes() -> None:
    keys = crypto.derive_round_keys(b"\x03" * 32, b"bad")
    deck = list(crypto.CARD_POINTS)
    deck[11] = bytes.fromhex("ec" + "ff" * 30 + "7f")  # order 2
    with pytest.raises(crypto.InvalidDeckPoint) as caught:
        crypto.shuffle_pass(deck, keys)
    assert caught.value.position == 11
    with pytest.raises(crypto.InvalidDeckPoint):
        crypto.lock_pass(deck, keys, [11])
    assert crypto.lock_pass(deck, keys, [10])[11] == deck[11]  # untouched, unlocked
    with pytest.raises(crypto.WrongDeckSize):
        crypto.shuffle_pass(deck[:-1], keys)
    with pytest.raises(crypto.WrongDeckSize):
        crypto.lock_pass(deck + deck[:1], keys)
    with pytest.raises(UsageError):
        crypto.lock_pass(crypto.CARD_POINTS, keys, [1, 1])
    with pytest.raises(UsageError):
        crypto.lock_pass(crypto.CARD_POINTS, keys, [60])


def test_unlock_refuses_bad_keys_and_points() -> None:
    point = crypto.CARD_POINTS[0]
    one = (1).to_bytes(32, "little")
    assert crypto.read_card(point, [one]) == 0
    for bad in (bytes(32), b"\xff" * 32, one[:31]):
        with pytest.raises(group.InvalidScalar):
            crypto.unlock(point, [one, bad])
    with pytest.raises(UsageError):
        crypto.unlock(point, [])
    with pytest.raises(group.InvalidPoint):
        crypto.unlock(bytes(32), [one])
    with pytest.raises(crypto.NotACard):
        crypto.read_card(point, [(2).to_bytes(32, "little")])


# ------------------------------------------------------------------------- benchmark


def test_bench_crypto_reports_its_figures() -> None:
    from tools.bench import crypto as bench_crypto

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
    keys = crypto.derive_round_keys(b"\x05" * 32, b"keep")
    full = crypto.shuffle_pass(crypto.CARD_POINTS, keys)
    kept = crypto.shuffle_pass(crypto.CARD_POINTS, keys, keep)
    assert kept == full[:keep]
    crypto.verify_shuffle_pass(crypto.CARD_POINTS, kept, keys, keep)
    with pytest.raises(crypto.PassMismatch):
        crypto.verify_shuffle_pass(crypto.CARD_POINTS, full, keys, keep if keep < 60 else 59)
    assert crypto.lock_pass(kept, keys, range(keep)) == crypto.lock_pass(full, keys, range(keep))[
        :keep
    ]


@pytest.mark.parametrize("keep", [0, -1, 61])
def test_a_kept_prefix_must_fit_the_deck(keep: int) -> None:
    keys = crypto.derive_round_keys(b"\x05" * 32, b"keep")
    with pytest.raises(UsageError):
        crypto.shuffle_pass(crypto.CARD_POINTS, keys, keep)


@EXPENSIVE
@given(secret=st.binary(min_size=32, max_size=32), keep=st.integers(1, 60))
def test_the_last_shufflers_one_pass_is_its_shuffle_then_its_lock(secret: bytes, keep: int) -> None:
    """The last shuffler locks in its shuffle's multiplication: the very points its
    shuffle pass (keeping ``keep``) and then its lock pass give, with K cancelled out."""
    keys = crypto.derive_round_keys(secret, b"last", locked=keep)
    deck = crypto.shuffle_pass(crypto.CARD_POINTS, crypto.derive_round_keys(secret, b"before"))
    one_pass = crypto.shuffle_lock_pass(deck, keys, keep)
    two = crypto.lock_pass(crypto.shuffle_pass(deck, keys, keep), keys, range(keep))
    assert one_pass == two
    crypto.verify_shuffle_lock_pass(deck, one_pass, keys, keep)
    with pytest.raises(crypto.PassMismatch) as caught:
        crypto.verify_shuffle_lock_pass(deck, [*one_pass[:-1], deck[0]], keys, keep)
    assert (caught.value.kind, caught.value.position) == ("shuffle", keep - 1)


def test_the_last_shufflers_one_pass_keeps_what_it_locks() -> None:
    keys = crypto.derive_round_keys(b"\x07" * 32, b"last", locked=7)
    with pytest.raises(UsageError):
        crypto.shuffle_lock_pass(crypto.CARD_POINTS, keys, 8)  # 7 lock keys only
    with pytest.raises(UsageError):
        crypto.shuffle_lock_pass(crypto.CARD_POINTS, keys, 0)
    with pytest.raises(crypto.WrongDeckSize):
        crypto.shuffle_lock_pass(crypto.CARD_POINTS[:59], keys, 7)
