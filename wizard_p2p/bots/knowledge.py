"""What one seat knows about the cards it cannot see, and deals consistent with it.

Everything here is read from a ``SeatView`` only (so from what a human in that seat
knows): the seat's own hand, the turned card, the cards played so far this round,
the hand sizes and, in the clairvoyance round, the other seats' cards. From the
history of the round it infers *voids*: a seat that played a suit card of another
suit when a suit was to be followed holds no card of that suit (Wizards and Jesters
may always be played, so they prove nothing).

``sample_hands`` then deals the unseen cards at random to the seats whose cards are
unknown, respecting the hand sizes and the voids (the rest is the stock). The
expert policy evaluates its choices on many such deals.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wizard_p2p.rules import DECK, Card, GameConfig, SeatView, Suit, suit_to_follow

_SAMPLE_ATTEMPTS = 40


@dataclass(frozen=True)
class Knowledge:
    """The seat's knowledge of this round's cards (see the module docstring)."""

    seat: int
    seats: int
    trump: Suit | None
    config: GameConfig  # the game's, whose rules the plays followed
    hand: tuple[Card, ...] | None  # None in the clairvoyance round
    known_hands: tuple[tuple[Card, ...] | None, ...]  # every hand this seat can see (own too)
    hand_sizes: tuple[int, ...]
    unseen: tuple[Card, ...]  # cards in unknown hands or in the stock
    voids: tuple[frozenset[Suit], ...]
    played_by: tuple[tuple[Card, ...], ...]  # each seat's plays this round, in order
    gone: frozenset[Card]  # played this round, or turned up


def round_plays(view: SeatView) -> list[list[tuple[int, Card]]]:
    """The plays of this round, one list per trick (the current one last, if started)."""
    tricks: list[list[tuple[int, Card]]] = [list(t.plays) for t in view.round_tricks]
    if view.trick:
        tricks.append(list(view.trick))
    return tricks


def infer_voids(
    tricks: Iterable[Sequence[tuple[int, Card]]], config: GameConfig
) -> list[set[Suit]]:
    """The suits each seat has shown it does not hold, from the public plays."""
    voids: list[set[Suit]] = [set() for _ in range(config.seats)]
    for plays in tricks:
        cards: list[Card] = []
        for seat, card in plays:
            follow = suit_to_follow(cards, config)
            if follow is not None and card.is_suit_card and card.suit is not follow:
                voids[seat].add(follow)
            cards.append(card)
    return voids


def knowledge_of(view: SeatView) -> Knowledge:
    """Read the seat's knowledge of the cards from its view."""
    n = view.seats
    tricks = round_plays(view)
    played_by: list[list[Card]] = [[] for _ in range(n)]
    gone: set[Card] = set()
    for plays in tricks:
        for seat, card in plays:
            played_by[seat].append(card)
            gone.add(card)
    if view.turned is not None:
        gone.add(view.turned)
    known: list[tuple[Card, ...] | None] = list(view.others_hands)
    known[view.seat] = view.hand
    seen = set(gone)
    for hand in known:
        if hand is not None:
            seen.update(hand)
    unseen = tuple(card for card in DECK if card not in seen)
    voids = infer_voids(tricks, view.config)
    return Knowledge(
        seat=view.seat,
        seats=n,
        trump=view.trump,
        config=view.config,
        hand=view.hand,
        known_hands=tuple(known),
        hand_sizes=view.hand_sizes,
        unseen=unseen,
        voids=tuple(frozenset(v) for v in voids),
        played_by=tuple(tuple(p) for p in played_by),
        gone=frozenset(gone),
    )


def sample_hands(knowledge: Knowledge, rng: random.Random) -> list[list[Card]]:
    """Every seat's current hand: the known ones as they are, the others a random deal.

    The unknown hands get uniformly chosen unseen cards of the right number, no card of
    a suit the seat is known to be void in. The most constrained seats are dealt first;
    a dead end (rare: only when voids leave little slack) is retried, and after many
    attempts the voids are dropped rather than fail, so a decision is always possible.
    """
    unknown = [
        s
        for s in range(knowledge.seats)
        if knowledge.known_hands[s] is None and knowledge.hand_sizes[s] > 0
    ]
    base: list[list[Card]] = [list(h) if h is not None else [] for h in knowledge.known_hands]
    if not unknown:
        return base
    voids = knowledge.voids

    # The most constrained seats first: the fewest eligible cards per card needed.
    def slack(seat: int) -> float:
        eligible = sum(1 for c in knowledge.unseen if c.suit is None or c.suit not in voids[seat])
        return eligible / knowledge.hand_sizes[seat]

    order = sorted(unknown, key=slack)
    for attempt in range(_SAMPLE_ATTEMPTS + 1):
        respect_voids = attempt < _SAMPLE_ATTEMPTS
        pool = list(knowledge.unseen)
        rng.shuffle(pool)
        hands = [list(h) for h in base]
        ok = True
        for seat in order:
            need = knowledge.hand_sizes[seat]
            if respect_voids and voids[seat]:
                void = voids[seat]
                eligible = [c for c in pool if c.suit is None or c.suit not in void]
            else:
                eligible = pool
            if len(eligible) < need:
                ok = False
                break
            chosen = eligible[:need]
            hands[seat] = chosen
            taken = set(chosen)
            pool = [c for c in pool if c not in taken]
        if ok:
            return hands
    raise AssertionError("unreachable: without voids the unseen cards always suffice")


def original_hand(knowledge: Knowledge, seat: int, current: Sequence[Card]) -> list[Card]:
    """A seat's hand as dealt: its current cards plus those it played this round."""
    return [*current, *knowledge.played_by[seat]]


__all__ = [
    "Knowledge",
    "infer_voids",
    "knowledge_of",
    "original_hand",
    "round_plays",
    "sample_hands",
]
