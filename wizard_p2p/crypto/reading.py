"""Reading a card: removing every seat's lock from a position whose keys one holds.

A position of the final deck holds ``(∏_s k_{s,i}) · C_c``; whoever holds every seat's
lock key ``k_{s,i}`` for it computes ``(∏_s k_{s,i})⁻¹ · deck[i] = C_c`` and reads card
``c`` (:mod:`wizard_p2p.crypto.card_points`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from wizard_p2p.crypto import group
from wizard_p2p.crypto.card_points import NotACard, card_of
from wizard_p2p.crypto.sharing import Helper, SharedWork, run_shared
from wizard_p2p.errors import CryptoError, UsageError

__all__ = ["UnreadableCard", "read_card", "read_cards", "read_public_card", "unlock"]


class UnreadableCard(CryptoError):
    """One of several cards read together does not decode (:func:`read_cards`).

    ``index`` is the first such card in the order given, ``read`` the cards before it,
    and its cause the reason: a bad key, a bad point, or a point that is not a card.
    """

    def __init__(self, message: str, *, index: int, read: list[int]) -> None:
        super().__init__(message)
        self.index = index
        self.read = read


def unlock(point: bytes, keys: Sequence[bytes]) -> bytes:
    """Remove every seat's lock: ``(∏ keys)⁻¹ · point`` (one inversion, one multiplication).

    ``keys`` are the lock keys of every seat for this position, in any order.
    Raises :class:`~wizard_p2p.crypto.group.InvalidScalar` for a malformed key and
    :class:`~wizard_p2p.crypto.group.InvalidPoint` for a malformed point.
    """
    return group.mul(point, group.scalar_invert(_key_product(keys)))


def _key_product(keys: Sequence[bytes]) -> bytes:
    """The product of a card's lock keys, each checked, in constant-time arithmetic."""
    if isinstance(keys, bytes) or not keys:
        raise UsageError("reading a card needs the sequence of every seat's lock key")
    product = group.check_scalar(keys[0])
    for key in keys[1:]:
        product = group.scalar_mul(product, group.check_scalar(key))
    return product


def read_card(point: bytes, keys: Sequence[bytes]) -> int:
    """:func:`unlock` then :func:`card_of`: the card at a fully released position."""
    return card_of(unlock(point, keys))


def read_cards(
    sealed: Sequence[tuple[bytes, Sequence[bytes]]], *, helper: Helper | None = None
) -> list[int]:
    """:func:`read_card` of several cards, ``(point, every seat's lock key)`` each: the
    same cards; for the first card in order that does not decode, an
    :class:`UnreadableCard` caused by why (a bad key, a bad point, or not a card).

    A hand is read at the deal, on the set-up's last hop: one inversion for all the
    cards (Montgomery's trick: the product of every card's product, inverted, then taken
    apart with three multiplications a card) instead of one a card, in the same
    constant-time scalar arithmetic as :func:`unlock`, and the point multiplications
    shared with ``helper`` as a pass's are (:mod:`wizard_p2p.crypto.sharing`).
    """
    faults: dict[int, CryptoError] = {}
    readable: list[int] = []  # the cards whose keys are well formed, and their products
    products: list[bytes] = []
    for i, (_, keys) in enumerate(sealed):
        try:
            product = _key_product(keys)
        except CryptoError as exc:
            faults[i] = exc
        else:
            readable.append(i)
            products.append(product)
    inverses = _invert_all(products)
    work = [(sealed[i][0], inverse, i) for i, inverse in zip(readable, inverses, strict=True)]
    shared = SharedWork(work)
    run_shared(shared, helper)
    out: list[bytes | None] = [None] * len(sealed)
    for i, point in zip(readable, shared.out, strict=True):
        out[i] = point
    for j, refused in shared.faults.items():
        faults[readable[j]] = refused
    cards: list[int] = []
    for i, point in enumerate(out):
        fault = faults.get(i)
        if fault is None:
            try:
                cards.append(card_of(cast(bytes, point)))  # set where no fault is
                continue
            except NotACard as exc:
                fault = exc
        raise UnreadableCard(f"card {i}: {fault}", index=i, read=cards) from fault
    return cards


def _invert_all(scalars: Sequence[bytes]) -> list[bytes]:
    """Each scalar's inverse mod L with one inversion (Montgomery's trick), in
    libsodium's constant-time arithmetic: the scalars may be secret."""
    if not scalars:
        return []
    prefix = [scalars[0]]  # prefix[i] = scalars[0] · … · scalars[i]
    for scalar in scalars[1:]:
        prefix.append(group.scalar_mul(prefix[-1], scalar))
    inverse = group.scalar_invert(prefix[-1])  # (scalars[0] · … · scalars[i])⁻¹ below
    out = [b""] * len(scalars)
    for i in range(len(scalars) - 1, 0, -1):
        out[i] = group.scalar_mul(inverse, prefix[i - 1])
        inverse = group.scalar_mul(inverse, scalars[i])
    out[0] = inverse
    return out


def read_public_card(point: bytes, keys: Sequence[bytes]) -> int:
    """:func:`read_card` for a card whose keys are all public (released in the log).

    The same result and the same errors, with the keys' product and inverse in
    variable-time integer arithmetic (:func:`group.public_scalar_inverse_product`):
    never pass a key that is still secret, such as one's own key of a card in hand.
    """
    if isinstance(keys, bytes) or not keys:
        raise UsageError("unlock needs the sequence of every seat's lock key")
    return card_of(group.mul(point, group.public_scalar_inverse_product(keys)))

