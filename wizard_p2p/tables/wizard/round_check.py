"""A round's check from its revealed secrets: replay it, and name the seat at fault.

Pure: it reads a finished round (``RoundState``) and raises ``CheatDetected`` naming
the seat to blame, at the log position the round's check belongs to. Every replica
runs it on every round; the auditor with ``every_pass`` (WIZARD §3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wizard_p2p import crypto
from wizard_p2p.crypto import group
from wizard_p2p.errors import CryptoError, IllegalAction
from wizard_p2p.protocol.faults import CheatDetected
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.rules import DECK, Card, GameConfig, Trick, check_round_plays
from wizard_p2p.tables.wizard.faults import rule_fault
from wizard_p2p.tables.wizard.kinds import WizardFault
from wizard_p2p.tables.wizard.round_state import RoundState
from wizard_p2p.tables.wizard.secrets import secret_hash

# (seat to blame, what it did, the fault's kind) -> the fault to raise
Blame = Callable[[int | None, str, FaultKind | WizardFault], CheatDetected]


def check_round(
    rnd: RoundState,
    *,
    config: GameConfig,
    game_id: bytes,
    log_position: int,
    own_seat: int | None = None,
    every_pass: bool = False,
) -> None:
    """Check the round from the revealed secrets: passes, keys, cards and follow-suit.

    The deck the last lock left is recomputed straight from the secrets (one
    multiplication per position); only when it differs, or when the round was
    disputed before the deal, is every published pass re-run one by one to name the
    seat whose pass is wrong. A single cheater's wrong point of the prime-order
    subgroup always changes the last deck, since every later honest pass is a
    bijection of the subgroup; a component of small order that a later pass removes
    does not, and only a check with ``every_pass`` (the auditor's)
    re-runs every pass anyway and names it.
    """
    n = config.seats

    def blame(seat: int | None, reason: str, kind: FaultKind | WizardFault) -> CheatDetected:
        return CheatDetected(
            f"round {rnd.round_no}: {reason}", seat=seat, position=log_position, kind=kind
        )

    keys_by_seat: list[crypto.RoundKeys] = []
    for s in range(n):
        secret = rnd.reveals[s]["secret"]
        if s < len(rnd.shuffles) and secret_hash(secret) != rnd.shuffles[s][1]:
            raise blame(s, "revealed a secret that does not match its commitment",
                        WizardFault.SECRET)
        if s == own_seat and rnd.my_keys is not None:
            keys_by_seat.append(rnd.my_keys)  # our reveal is our own secret
            continue
        context = crypto.round_context(game_id, rnd.round_no, s)
        keys_by_seat.append(
            crypto.derive_round_keys(secret, context, locked=rnd.size, revealed=True)
        )
    dealt_in_full = len(rnd.shuffles) == n and len(rnd.locks) == n
    every_pass = every_pass or not dealt_in_full
    if every_pass or not _final_deck_matches(rnd, keys_by_seat):
        _replay_passes(rnd, keys_by_seat, blame)
        if not every_pass:
            raise blame(None, "the dealt deck differs from the revealed secrets", WizardFault.DECK)
    for s, (_, keys) in rnd.locks.items():
        for p, key in enumerate(keys):
            if key is not None and key != keys_by_seat[s].lock_keys[p]:
                raise blame(s, f"released a wrong key for deck position {p}", WizardFault.WRONG_KEY)
    for seat, position, key in rnd.played:
        if key != keys_by_seat[seat].lock_keys[position]:
            reason = f"played with a wrong key for deck position {position}"
            raise blame(seat, reason, WizardFault.WRONG_KEY)
        extra = rnd.clairvoyant_keys.get(seat)
        if extra is not None and list(extra) != list(keys_by_seat[seat].lock_keys[: rnd.dealt]):
            raise blame(seat, "released wrong keys with its play", WizardFault.WRONG_KEY)
    if rnd.clairvoyant:
        _check_sealed_shares(rnd, keys_by_seat, blame, game_id=game_id, own_seat=own_seat)
    if len(rnd.locks) < n or len(rnd.shuffles) < n:
        return  # a round disputed before the deal: the passes so far are verified
    order = crypto.deck_order(keys_by_seat)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for p in range(rnd.dealt):
        owner = rnd.owner(p)
        assert owner is not None
        hands[owner].append(DECK[order[p]])
    plays = [(seat, DECK[order[position]]) for seat, position, _ in rnd.played]
    tricks = [
        Trick(plays[i][0], tuple(plays[i : i + n]), -1) for i in range(0, len(plays), n)
    ]
    try:
        check_round_plays(config, hands, tricks)
    except IllegalAction as exc:
        raise blame(exc.seat, str(exc), rule_fault(exc.rule)) from None


def _check_sealed_shares(
    rnd: RoundState,
    keys_by_seat: list[crypto.RoundKeys],
    blame: Blame,
    *,
    game_id: bytes,
    own_seat: int | None,
) -> None:
    """The clairvoyance round's box keys and sealed key shares are exactly those the
    revealed secrets derive and seal (the seal is deterministic), byte for byte."""
    box_secrets: dict[int, bytes] = {}
    for s, published in rnd.box_keys.items():
        if s == own_seat and rnd.my_box is not None:
            box_secrets[s] = rnd.my_box
            continue
        context = crypto.round_context(game_id, rnd.round_no, s)
        box_secrets[s] = crypto.derive_box_secret(rnd.reveals[s]["secret"], context)
        if crypto.box_public_key(box_secrets[s]) != published:
            raise blame(s, "published a box key its secret does not derive", WizardFault.WRONG_KEY)
    shared: dict[frozenset[int], bytes] = {}  # each pair's one key, for both directions
    for sender, boxes in rnd.sealed.items():
        for to, box in enumerate(boxes):
            if box is None:
                continue
            pair = frozenset((sender, to))
            if pair not in shared:
                shared[pair] = crypto.box_shared_key(box_secrets[sender], rnd.box_keys[to])
            keys = [keys_by_seat[sender].lock_keys[p] for p in rnd.shared_with(to)]
            if crypto.seal_keys(shared[pair], sender, to, keys) != box:
                raise blame(
                    sender, f"sealed wrong key shares to seat {to + 1}", WizardFault.WRONG_KEY
                )

def _final_deck_matches(rnd: RoundState, keys_by_seat: list[crypto.RoundKeys]) -> bool:
    """Whether the decks are the ones the revealed secrets produce: the deck the
    last lock left, and seat N−2's at the positions the last shuffler dropped.

    A position already opened in the log with exactly the keys the secrets derive
    needs no multiplication: ``(∏ k)·C_{order[i]}`` equals the published point iff
    the card read from it (``(∏ k)⁻¹ ·`` that point) is ``order[i]``, for a point of
    the prime-order subgroup (the reading removes a component of small order,
    which changes no card: see ``every_pass``).
    """
    before_last = crypto.deck_order(keys_by_seat[:-1])
    if not _dropped_points_match(rnd, keys_by_seat, before_last):
        return False
    order = [before_last[p] for p in keys_by_seat[-1].permutation]
    opened = _opened_with_derived_keys(rnd, keys_by_seat)
    for i in range(rnd.size):  # the last shuffler kept no other position
        card = opened.get(i)
        if card is not None:
            if DECK[order[i]] != card:
                return False
            continue
        # Every key here was revealed: their product in public-scalar arithmetic.
        key = group.public_scalar_product([k.lock_keys[i] for k in keys_by_seat])
        if group.mul(crypto.CARD_POINTS[order[i]], key) != rnd.deck[i]:
            return False
    return True

def _dropped_points_match(
    rnd: RoundState, keys_by_seat: list[crypto.RoundKeys], order: Sequence[int]
) -> bool:
    """Whether seat N−2's deck is the secrets' deck at every position the last
    shuffler dropped (the kept ones are checked through the deal).

    Every seat but the last publishes all 60 points, so a point substituted before
    the last shuffle shows in seat N−2's deck (every honest pass maps the deck it is
    given one to one, and no later seat can undo an honest seat's key). Unchecked,
    a substitution the last shuffler drops would go unseen, yet it can let
    colluders follow a card through an honest seat's permutation (a point and a
    known multiple of it stay paired through any pass). ``order``: the card at each
    position of that deck, from the first N−1 permutations.
    """
    before_last = rnd.shuffles[-2][0]
    kept = set(keys_by_seat[-1].permutation[: rnd.size])
    key = group.public_scalar_product([k.shuffle_key for k in keys_by_seat[:-1]])
    return all(
        group.mul(crypto.CARD_POINTS[order[i]], key) == before_last[i]
        for i in range(crypto.DECK_SIZE)
        if i not in kept
    )

def _opened_with_derived_keys(
    rnd: RoundState, keys_by_seat: list[crypto.RoundKeys]
) -> dict[int, Card]:
    """The locked positions whose card was read from the final deck with every seat's
    released key, each equal to the key its secret derives: position → card read."""
    if rnd.clairvoyant or len(rnd.locks) != rnd.seats:
        return {}  # clairvoyance cards are read with sealed shares, not released keys
    played_key = {position: (seat, key) for seat, position, key in rnd.played}
    opened: dict[int, Card] = {}
    for i in range(rnd.size):
        if i < rnd.dealt:
            card = rnd.cards.get(i)
            if card is None or i not in played_key:
                continue
            owner, key = played_key[i]
            if key != keys_by_seat[owner].lock_keys[i]:
                continue
        else:
            card, owner = rnd.turned, None
            if card is None:
                continue
        if all(
            s == owner or released[i] == keys_by_seat[s].lock_keys[i]
            for s, (_, released) in rnd.locks.items()
        ):
            opened[i] = card
    return opened

def _replay_passes(
    rnd: RoundState, keys_by_seat: list[crypto.RoundKeys], blame: Blame
) -> None:
    """Re-run each published pass from the deck its seat was given; blame the first wrong."""
    n = rnd.seats
    deck = list(crypto.CARD_POINTS)
    for s, (published, _) in enumerate(rnd.shuffles):
        try:
            if s == n - 1:  # the last shuffler's pass locks too
                crypto.verify_shuffle_lock_pass(deck, published, keys_by_seat[s], rnd.size)
            else:
                crypto.verify_shuffle_pass(deck, published, keys_by_seat[s])
        except crypto.InvalidDeckPoint:
            culprit = s - 1 if s else None
            raise blame(culprit, "published an invalid point", WizardFault.SHUFFLE) from None
        except crypto.PassMismatch as exc:
            raise blame(s, f"tampered shuffle pass ({exc})", WizardFault.SHUFFLE) from None
        deck = published
    for s, (published, _) in rnd.locks.items():
        if s == n - 1:
            continue  # checked with its shuffle
        try:
            expected = crypto.lock_pass(deck, keys_by_seat[s], range(rnd.size))
        except CryptoError:
            culprit = s - 1 if s else n - 1
            raise blame(culprit, "published an invalid point", WizardFault.LOCK) from None
        if expected != published:
            first = next(
                p for p, (a, b) in enumerate(zip(expected, published, strict=True)) if a != b
            )
            raise blame(s, f"tampered lock pass at deck position {first}", WizardFault.LOCK)
        deck = published


__all__ = ["check_round"]
