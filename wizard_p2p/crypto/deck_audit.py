"""The checks at a private deck's end, from its record and the two revealed secrets
(CRYPTO.md §13.12): anyone holding the log runs them and names the first party at
fault.

The owner's lists come first (they give the initial deck the rest is checked against),
then, in the order of the log, every box key, every pass of every epoch (re-run from the
points its author received as published) and every box (sealed again).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from wizard_p2p.crypto.commitments import CommitmentMismatch, verify_commitment
from wizard_p2p.crypto.deck_faults import (
    BrokenCommitment,
    DeckFault,
    IllegalList,
    WrongBox,
    WrongOrder,
    WrongPass,
)
from wizard_p2p.crypto.deck_messages import Address
from wizard_p2p.crypto.deck_points import (
    copy_numbers,
    deck_commitment_nonce,
    deck_context,
    epoch_keys,
    initial_deck,
    list_bytes,
    open_order,
    order_key,
    party_box_secret,
    seal_nonce,
)
from wizard_p2p.crypto.deck_record import BoxRecord, DeckRecord, EpochRecord
from wizard_p2p.crypto.decks import InvalidDeckPoint
from wizard_p2p.crypto.keys import RoundKeys
from wizard_p2p.crypto.relayer import (
    EpochKind,
    Step,
    is_permutation,
    other_order,
    owner_order,
    run_step,
    source_of,
)
from wizard_p2p.crypto.sealing import (
    UnopenableKeys,
    box_public_key,
    box_shared_key,
    seal_keys_with_nonce,
)
from wizard_p2p.errors import UsageError

__all__ = ["DeckAudit", "LegalCheck", "verify_end"]

# The game's check of a deck's lists: None if they are a legal deck, else why not.
LegalCheck: TypeAlias = Callable[[tuple[bytes, ...], tuple[bytes, ...]], str | None]


@dataclass(frozen=True)
class DeckAudit:
    """A deck that passed every check: its opened lists, and the card (identity, copy
    number) at every address of every finished epoch."""

    main: tuple[bytes, ...]
    pool: tuple[bytes, ...]
    cards: Mapping[Address, tuple[bytes, int]]


@dataclass(frozen=True)
class _Parties:
    game_id: bytes
    owner: int
    other: int
    owner_secret: bytes
    other_secret: bytes


class _Checker:
    def __init__(self, record: DeckRecord, parties: _Parties, initial: Sequence[bytes]) -> None:
        self.record, self.parties, self.initial = record, parties, initial
        self._keys: dict[tuple[bool, int], RoundKeys] = {}
        self._orders: dict[int, tuple[int, ...]] = {}

    def keys(self, owner: bool, epoch: int) -> RoundKeys:
        cached = self._keys.get((owner, epoch))
        if cached is None:
            p = self.parties
            author = p.owner if owner else p.other
            secret = p.owner_secret if owner else p.other_secret
            cached = epoch_keys(
                secret,
                deck_context(p.game_id, p.owner, author, epoch),
                self.record.epochs[epoch].size,
                revealed=True,
            )
            self._keys[owner, epoch] = cached
        return cached

    def chosen(self, epoch: EpochRecord) -> tuple[int, ...] | None:
        """The owner's order of an arrangement, opened with its revealed secret."""
        if epoch.kind is not EpochKind.ARRANGE:
            return None
        if epoch.number not in self._orders:
            p = self.parties
            key = order_key(p.owner_secret, p.game_id, p.owner)
            order = open_order(key, epoch.number, epoch.order_box, epoch.size)
            if order is None or not is_permutation(order, epoch.size):
                index = epoch.indices[2] if len(epoch.indices) > 2 else None
                raise WrongOrder(
                    f"the order of arrangement epoch {epoch.number} does not open to a "
                    "permutation of its cards",
                    seat=p.owner,
                    index=index,
                )
            self._orders[epoch.number] = order
        return self._orders[epoch.number]

    def box_key(self, owner: bool) -> None:
        p, record = self.parties, self.record
        seat = p.owner if owner else p.other
        secret = p.owner_secret if owner else p.other_secret
        published = record.owner_box_key if owner else record.other_box_key
        if box_public_key(party_box_secret(secret, p.game_id, p.owner, seat)) != published:
            raise WrongPass(
                "the box key is not the one its revealed secret gives",
                seat=seat,
                index=record.committed_index if owner else record.greeted_index,
            )

    def step(self, epoch: EpochRecord, step: Step) -> None:
        p = self.parties
        by_owner = step.by_owner
        seat = p.owner if by_owner else p.other
        keys = self.keys(by_owner, epoch.number)
        old_keys: list[bytes | None] = []
        if step in (Step.ENCRYPT, Step.SHUFFLE):
            for entry in epoch.entries:
                if isinstance(entry, Address):
                    old_keys.append(self.keys(by_owner, entry.epoch).lock_keys[entry.position])
                else:
                    old_keys.append(None)
        if step is Step.ENCRYPT:
            points = [
                self.record.epochs[e.epoch].point(e.position)
                if isinstance(e, Address)
                else self.initial[e]
                for e in epoch.entries
            ]
        else:
            points = list(epoch.passes[step - 2])
        order: tuple[int, ...] = ()
        if step is Step.SHUFFLE:
            order = other_order(epoch.kind, keys)
        elif step is Step.SHUFFLE_LOCK:
            order = owner_order(epoch.kind, keys, self.chosen(epoch))
        try:
            expected = run_step(step, points, keys, old_keys=old_keys, order=order)
        except InvalidDeckPoint as exc:
            raise self._bad_input(epoch, step, exc.position) from None
        published = epoch.passes[step - 1]
        differing = [j for j, (e, q) in enumerate(zip(expected, published, strict=True)) if e != q]
        if differing:
            raise WrongPass(
                f"epoch {epoch.number}, step {int(step)}: position {differing[0]} "
                f"({len(differing)} in all) differs from what its revealed secret gives",
                seat=seat,
                index=epoch.indices[step - 1],
            )

    def _bad_input(self, epoch: EpochRecord, step: Step, position: int | None) -> DeckFault:
        """The author of a point a pass could not multiply."""
        p = self.parties
        if step is Step.ENCRYPT:
            entry = epoch.entries[position] if position is not None else None
            index = (
                self.record.epochs[entry.epoch].indices[3] if isinstance(entry, Address) else None
            )
            return WrongPass("a locked point is not a valid point", seat=p.other, index=index)
        seat = p.other if step.by_owner else p.owner
        return WrongPass(
            f"epoch {epoch.number}, step {int(step) - 1}: a point is not a valid point",
            seat=seat,
            index=epoch.indices[step - 2],
        )

    def box(self, box: BoxRecord) -> None:
        p, record = self.parties, self.record
        keys = [
            self.keys(False, a.epoch).lock_keys[a.position] for a in box.addresses
        ]
        box_secret = party_box_secret(p.other_secret, p.game_id, p.owner, p.other)
        try:
            shared = box_shared_key(box_secret, record.owner_box_key)
        except UnopenableKeys:
            raise WrongPass(
                "the owner's box key is refused", seat=p.owner, index=record.committed_index
            ) from None
        if seal_keys_with_nonce(shared, seal_nonce(box.number), keys) != box.box:
            raise WrongBox(
                f"box {box.number} is not what the revealed secret seals",
                seat=p.other,
                index=box.index,
            )

    def cards(self, main: Sequence[bytes]) -> dict[Address, tuple[bytes, int]]:
        copies = copy_numbers(main)
        out: dict[Address, tuple[bytes, int]] = {}
        for epoch in self.record.epochs:
            if not epoch.done:
                continue
            rho = other_order(epoch.kind, self.keys(False, epoch.number))
            sigma = owner_order(epoch.kind, self.keys(True, epoch.number), self.chosen(epoch))
            for i in range(epoch.size):
                entry = epoch.entries[source_of(sigma, rho, i)]
                card = out[entry] if isinstance(entry, Address) else (main[entry], copies[entry])
                out[Address(epoch.number, i)] = card
        return out


def verify_end(
    record: DeckRecord,
    *,
    game_id: bytes,
    owner: int,
    other: int,
    domain: str,
    owner_secret: bytes,
    other_secret: bytes,
    main: tuple[bytes, ...],
    pool: tuple[bytes, ...],
    legal: LegalCheck,
    end_index: int | None = None,
    held: DeckFault | None = None,
) -> DeckAudit:
    """Check a deck from its record, the two revealed deck secrets and the opened lists;
    the first fault raises its :class:`~wizard_p2p.crypto.deck_faults.DeckFault`.
    ``end_index``: the place of the owner's opening in the deck's history. ``held``: an
    opening a watcher could not check (its keys did not give its card), raised in its
    place in the log unless a pass or a box before it is at fault (§13.6)."""
    nonce = deck_commitment_nonce(owner_secret, game_id, owner)
    try:
        verify_commitment(domain, record.commitment, list_bytes(main, pool), nonce)
    except (CommitmentMismatch, UsageError):
        raise BrokenCommitment(
            "the opened lists and secret do not open the commitment", seat=owner, index=end_index
        ) from None
    if len(main) != record.size:
        raise IllegalList(
            f"the main list holds {len(main)} cards, the deck {record.size}",
            seat=owner,
            index=end_index,
        )
    reason = legal(main, pool)
    if reason is not None:
        raise IllegalList(f"not a legal deck: {reason}", seat=owner, index=end_index)
    try:
        initial = initial_deck(main)
    except UsageError as exc:
        raise IllegalList(str(exc), seat=owner, index=end_index) from None
    checker = _Checker(
        record, _Parties(game_id, owner, other, owner_secret, other_secret), initial
    )
    # In the order of the log: (index, what) with what a box key, a pass or a box.
    checks: list[tuple[int, bool | tuple[EpochRecord, Step] | BoxRecord | DeckFault]] = [
        (record.committed_index, True),
        (record.greeted_index, False),
    ]
    for epoch in record.epochs:
        checks.extend((index, (epoch, Step(n + 1))) for n, index in enumerate(epoch.indices))
    checks.extend((box.index, box) for box in record.boxes)
    if held is not None and held.index is not None:
        checks.append((held.index, held))
    for _, what in sorted(checks, key=lambda c: c[0]):
        if isinstance(what, DeckFault):
            raise what
        if isinstance(what, bool):
            checker.box_key(what)
        elif isinstance(what, BoxRecord):
            checker.box(what)
        else:
            checker.step(*what)
    return DeckAudit(main, pool, checker.cards(main))
