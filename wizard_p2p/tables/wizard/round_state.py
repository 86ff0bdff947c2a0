"""What a replica knows of the round in progress: the passes, the keys released, the
cards read, the plays, the secrets revealed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wizard_p2p import crypto
from wizard_p2p.rules import Card, seat_of_position


def round_size(round_no: int, seats: int) -> int:
    """How many positions round ``round_no`` locks: the dealt ones, and the turned card
    while any is left (WIZARD §2). The last shuffler keeps exactly these."""
    return min(round_no * seats + 1, crypto.DECK_SIZE)


@dataclass
class RoundState:
    round_no: int
    dealer: int
    seats: int
    dealt: int  # positions dealt to hands: round_no * seats
    size: int  # positions locked: dealt, plus one for the turned card if any
    clairvoyant: bool
    shuffles: list[tuple[list[bytes], bytes]] = field(default_factory=list)  # (deck, secret hash)
    # seat → (deck, released keys), in the order of the locks: seat N-1 (its shuffle entry
    # locks too), then seats 0..N-2.
    locks: dict[int, tuple[list[bytes], list[bytes | None]]] = field(default_factory=dict)
    deck: list[bytes] = field(default_factory=lambda: list(crypto.CARD_POINTS))
    turned: Card | None = None
    cards: dict[int, Card] = field(default_factory=dict)  # position → card, as known here
    played: list[tuple[int, int, bytes]] = field(default_factory=list)  # (seat, position, key)
    clairvoyant_keys: dict[int, tuple[bytes, ...]] = field(default_factory=dict)
    # The clairvoyance round's key shares: each seat's box key (from its shuffle entry),
    # each locking seat's boxes (one per other seat), and the keys those sealed to us
    # hold (sender → a key per dealt position, None at ours).
    box_keys: dict[int, bytes] = field(default_factory=dict)
    sealed: dict[int, Sequence[bytes | None]] = field(default_factory=dict)
    shares: dict[int, list[bytes | None]] = field(default_factory=dict)
    my_box: bytes | None = None  # our box secret (the clairvoyance round)
    box_shared: dict[int, bytes] = field(default_factory=dict)  # seat → the key we share
    commits: dict[int, bytes] = field(default_factory=dict)
    opened: dict[int, int] = field(default_factory=dict)
    reveals: dict[int, dict[str, Any]] = field(default_factory=dict)
    dispute: tuple[int, str] | None = None
    my_keys: crypto.RoundKeys | None = None
    my_bid: int | None = None
    next_pass: list[bytes] | None = None  # our own next pass, computed while checking input
    dealt_at: int = 0  # the log's length once the last lock was in (0 before the deal)

    # The deal's fixed shape, looked up at every play: seat of each dealt position, and
    # each seat's positions.
    _owners: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _positions: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._owners = tuple(
            seat_of_position(p, self.seats, self.dealer) for p in range(self.dealt)
        )
        self._positions = tuple(
            tuple(p for p, owner in enumerate(self._owners) if owner == seat)
            for seat in range(self.seats)
        )

    def owner(self, position: int) -> int | None:
        """The seat dealt ``position``, or None for the turned card."""
        if 0 <= position < self.dealt:
            return self._owners[position]
        return None

    def positions_of(self, seat: int) -> list[int]:
        return list(self._positions[seat])

    def unplayed_positions(self, seat: int) -> list[int]:
        """``seat``'s dealt positions whose card has not been played yet."""
        played = {p for _, p, _ in self.played}
        return [p for p in self.positions_of(seat) if p not in played]

    def shared_with(self, seat: int) -> list[int]:
        """The dealt positions whose keys the clairvoyance round seals to ``seat``: every
        one but its own."""
        return [p for p in range(self.dealt) if self._owners[p] != seat]

    def released_by_lock(self, seat: int) -> list[bool]:
        """Which dealt positions ``seat`` must release in its lock entry."""
        return [
            self.owner(p) is None or (not self.clairvoyant and self.owner(p) != seat)
            for p in range(self.size)
        ]

    @property
    def in_last_trick(self) -> bool:
        """Whether the next play belongs to the round's last trick (every play of the
        clairvoyance round does): each such play reveals its writer's round secret."""
        return len(self.played) >= self.dealt - self.seats

    def public_keys(self, position: int) -> list[bytes]:
        return [key for _, keys in self.locks.values() if (key := keys[position]) is not None]


__all__ = ["RoundState", "round_size"]
