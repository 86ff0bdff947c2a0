"""The mental-poker steps of a round as one replica sees them: the keys and sealed key
shares a locking entry carries, our own next pass, reading the turned card, our hand
and, in the clairvoyance round, the others' cards (WIZARD §2, §6, CRYPTO.md).

Each function reads and updates a ``RoundState`` and reports what it could not do as
the reason for a dispute (a string), never as an exception: what only one replica can
see must not split the replicas (the round's check names the seat at fault).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor

from wizard_p2p import crypto
from wizard_p2p.crypto import group
from wizard_p2p.errors import CryptoError, DecodeError
from wizard_p2p.protocol import messages as m
from wizard_p2p.rules import DECK, Card, Game, Phase, Play
from wizard_p2p.tables.wizard.round_state import RoundState

# Any 32 bytes: X25519 refuses a point of small order whatever the (clamped) secret.
_ANY_BOX_SECRET = bytes(31) + b"\x01"


def check_scalar(key: bytes) -> None:
    try:
        group.check_public_scalar(key)  # a key in an entry is public
    except CryptoError as exc:
        raise DecodeError(f"not a valid key: {exc}") from None


def kept_by_shuffle(rnd: RoundState, seat: int) -> int | None:
    """How many positions ``seat``'s shuffle pass publishes: the last shuffler keeps
    only those the round locks (None: the whole deck)."""
    return rnd.size if seat == rnd.seats - 1 else None


def released_keys(rnd: RoundState, entry: m.Entry) -> list[bytes | None]:
    """The keys a locking entry releases: exactly the pattern its seat must release."""
    keys = list(entry.body["keys"])
    if len(keys) != rnd.size:
        raise DecodeError(f"a lock of round {rnd.round_no} releases {rnd.size} positions")
    must = rnd.released_by_lock(entry.seat)
    for p, (key, needed) in enumerate(zip(keys, must, strict=True)):
        if (key is not None) != needed:
            raise DecodeError(
                f"deck position {p}: a key must be {'released' if needed else 'withheld'}"
            )
        if key is not None:
            check_scalar(key)
    return keys


def no_shares(entry: m.Entry) -> None:
    if "shares" in entry.body:
        raise DecodeError("only a locking entry of the clairvoyance round seals key shares")


def sealed_shares(rnd: RoundState, entry: m.Entry) -> Sequence[bytes | None] | None:
    """The key shares a locking entry seals (None outside the clairvoyance round): one
    box per other seat, with the writer's keys of every dealt position but that
    seat's. Every replica checks their shape; only the seat a box is sealed to can
    open it (:func:`open_shares`)."""
    boxes: list[bytes | None] | None = entry.body.get("shares")
    if rnd.clairvoyant != (boxes is not None):
        raise DecodeError(
            "a locking entry of the clairvoyance round, and only it, seals key shares"
        )
    if boxes is None:
        return None
    if len(boxes) != rnd.seats:
        raise DecodeError(f"key shares are sealed to each of the {rnd.seats} seats")
    for to, box in enumerate(boxes):
        if (box is None) != (to == entry.seat):
            due = "sealed" if box is None else "null"
            raise DecodeError(f"the key shares for seat {to + 1} must be {due}")
        count = len(rnd.shared_with(to))
        if box is not None and len(box) != crypto.SEAL_OVERHEAD + group.SCALAR_BYTES * count:
            raise DecodeError(f"the key shares sealed to seat {to + 1} are not {count} keys")
    return boxes


def key_shared_with(rnd: RoundState, me: int | None, seat: int, box_key: bytes) -> bytes | None:
    """The key we share with ``seat`` (None for an observer, or our own entry), worked
    out as soon as its box key is out: one Diffie-Hellman per seat and round, which
    seals our shares to it and opens its shares to us, done while we wait rather than
    when we lock.

    A box key of small order shares no key with any secret (X25519 refuses it), so
    every replica refuses it alike; an observer, or the writer, tries it with a
    fixed secret to decide as a seat would.
    """
    mine = rnd.my_box if me is not None and seat != me else None
    try:
        shared = crypto.box_shared_key(mine or _ANY_BOX_SECRET, box_key)
    except crypto.UnopenableKeys as exc:
        raise DecodeError(f"the box key shares no key with any seat: {exc}") from None
    return shared if mine is not None else None


def open_shares(
    rnd: RoundState, me: int | None, sender: int, boxes: Sequence[bytes | None] | None
) -> str | None:
    """Keep a locking entry's sealed key shares, and open the box sealed to us; returns
    the reason to dispute if it does not open.

    Keys of ours that do not open are not a reason to refuse the entry (nobody else
    can tell): we dispute, and the round's check names the writer if its box differs
    from the one its secret seals (WIZARD §6).
    """
    if boxes is None:
        return None
    rnd.sealed[sender] = boxes
    if me is None or me == sender:
        return None
    shared = rnd.box_shared[sender]
    positions = rnd.shared_with(me)
    mine = boxes[me]
    assert mine is not None
    try:
        opened = crypto.open_keys(shared, sender, me, mine, len(positions))
    except crypto.UnopenableKeys as exc:
        return f"seat {sender + 1}'s key shares for me do not open: {exc}"
    keys: list[bytes | None] = [None] * rnd.dealt
    for p, key in zip(positions, opened, strict=True):
        keys[p] = key
    rnd.shares[sender] = keys
    return None


def next_pass(
    make: Callable[[list[bytes]], list[bytes]], deck: list[bytes]
) -> tuple[list[bytes] | None, str | None]:
    """Our pass over a deck just received, or the reason to dispute it.

    Only the next seat multiplies (so validates) the points of a deck; the others
    accept it as well formed. Refusing it here alone would split the replicas, so
    the entry is accepted by all and we dispute it: the replay names its author.
    """
    try:
        return make(deck), None
    except crypto.BadDeck as exc:
        return None, f"the deck I received holds an invalid point: {exc}"


def my_shuffle(
    rnd: RoundState, seat: int, helper: Executor | None
) -> Callable[[list[bytes]], list[bytes]]:
    """Our shuffle pass (the last shuffler's locks in the same pass)."""
    keys = rnd.my_keys
    assert keys is not None
    if seat == rnd.seats - 1:
        return lambda deck: crypto.shuffle_lock_pass(deck, keys, rnd.size, helper=helper)
    return lambda deck: crypto.shuffle_pass(deck, keys, helper=helper)


def my_lock(rnd: RoundState, helper: Executor | None) -> Callable[[list[bytes]], list[bytes]]:
    keys = rnd.my_keys
    assert keys is not None
    return lambda deck: crypto.lock_pass(deck, keys, range(rnd.size), helper=helper)


def read_turned_card(rnd: RoundState) -> bool:
    """Read the turned card, if the round turns one; False if it does not decode."""
    if rnd.size > rnd.dealt:
        try:
            rnd.turned = DECK[
                crypto.read_public_card(rnd.deck[rnd.dealt], rnd.public_keys(rnd.dealt))
            ]
        except CryptoError:
            return False
    return True


def read_own_hand(
    rnd: RoundState, seat: int, helper: Executor | None
) -> tuple[tuple[Card, ...] | None, str | None]:
    """Our hand, read with every released key and ours, or the reason to dispute it."""
    assert rnd.my_keys is not None
    positions = rnd.positions_of(seat)
    sealed = [(rnd.deck[p], [*rnd.public_keys(p), rnd.my_keys.lock_keys[p]]) for p in positions]
    try:
        mine = [DECK[card] for card in crypto.read_cards(sealed, helper=helper)]
    except crypto.UnreadableCard as exc:
        rnd.cards.update(zip(positions, (DECK[card] for card in exc.read), strict=False))
        return None, f"my card at deck position {positions[exc.index]} does not decode"
    rnd.cards.update(zip(positions, mine, strict=True))
    if len(set(mine)) != len(mine) or rnd.turned in mine:
        return None, "my hand holds a card twice"
    return tuple(mine), None


def read_clairvoyant_cards(
    rnd: RoundState, game: Game, seat: int, helper: Executor | None
) -> str | None:
    """In the clairvoyance round, read the others' cards once the locks (and with them
    the key shares sealed to us) are in; returns the reason to dispute, if any."""
    if len(rnd.locks) < rnd.seats or len(rnd.shares) < rnd.seats - 1:
        return None
    if any(p in rnd.cards for p in range(rnd.dealt) if rnd.owner(p) != seat):
        return None
    assert rnd.my_keys is not None
    positions = [p for p in range(rnd.dealt) if rnd.owner(p) != seat]
    sealed = []
    for p in positions:
        keys = [rnd.shares[t][p] for t in rnd.shares] + [rnd.my_keys.lock_keys[p]]
        sealed.append((rnd.deck[p], [k for k in keys if k is not None]))
    dispute = None
    try:
        cards = crypto.read_cards(sealed, helper=helper)
    except crypto.UnreadableCard as exc:
        cards, unreadable = exc.read, positions[exc.index]
        dispute = f"the card at deck position {unreadable} does not decode with the shares"
    for p, number in zip(positions, cards, strict=False):  # those read before a failure
        card = rnd.cards[p] = DECK[number]
        owner = rnd.owner(p)
        assert owner is not None
        if game.phase is not Phase.DEAL and game.round_no == rnd.round_no:
            game.hands[owner] = [card]
    return dispute


def resolve_clairvoyant_trick(rnd: RoundState, game: Game) -> bool:
    """All plays of the clairvoyance round are in: every key is public; read the trick.
    False (and the round's dispute set) if a card does not decode."""
    cards: list[Card] = []
    for seat, position, _ in rnd.played:
        keys = [rnd.clairvoyant_keys[t][position] for t in range(rnd.seats)]
        try:
            cards.append(DECK[crypto.read_public_card(rnd.deck[position], keys)])
        except CryptoError:
            rnd.dispute = (seat, f"the card at deck position {position} does not decode")
            return False
    for (seat, position, _), card in zip(rnd.played, cards, strict=True):
        rnd.cards[position] = card
        # The publicly released keys decide, as they do for every replica (an observer
        # included); what the sealed shares showed us here is not needed.
        game.hands[seat] = [card]
        game.apply(Play(seat, card))
    return True


def dealt_to_us_too(rnd: RoundState, me: int | None, card: Card, author: int) -> bool:
    """Whether another seat's ``card`` is also in our hand, unplayed."""
    if me is None or author == me:
        return False
    return any(rnd.cards.get(p) is card for p in rnd.unplayed_positions(me))


def drop_from_hand(game: Game, seat: int, card: Card) -> None:
    hand = game.hands[seat]
    assert hand is not None
    hand.remove(card)
