"""What a private deck's messages leave on the table: its epochs and its boxes, as every
party and every watcher holds them, for the checks at the end
(:mod:`wizard_p2p.crypto.deck_audit`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from wizard_p2p.crypto.deck_messages import Address
from wizard_p2p.crypto.relayer import EpochKind

__all__ = ["BoxRecord", "DeckRecord", "Entry", "EpochRecord"]

# An epoch's entry: an index of the initial deck (epoch 0) or a live address.
Entry = int | Address


@dataclass
class EpochRecord:
    """One epoch: its kind, its entries in order, the passes published so far (steps 1..4)
    and the place of each pass message in the deck's history; for an arrangement, how
    many outputs go on top and the owner's sealed order."""

    number: int
    kind: EpochKind
    entries: tuple[Entry, ...]
    passes: list[tuple[bytes, ...]] = field(default_factory=list)
    indices: list[int] = field(default_factory=list)
    top: int = 0
    order_box: bytes = b""

    @property
    def size(self) -> int:
        return len(self.entries)

    @property
    def done(self) -> bool:
        return len(self.passes) == 4

    def point(self, position: int) -> bytes:
        """The locked point of an address of this epoch (its step 4 output)."""
        return self.passes[3][position]


@dataclass(frozen=True)
class BoxRecord:
    """A box of the other's keys: its number, its addresses in order, its bytes and the
    place of its message in the deck's history."""

    number: int
    addresses: tuple[Address, ...]
    box: bytes
    index: int


@dataclass
class DeckRecord:
    """Everything public about one deck, in the order it was published."""

    size: int = 0
    commitment: bytes = b""
    owner_box_key: bytes = b""
    other_box_key: bytes = b""
    epochs: list[EpochRecord] = field(default_factory=list)
    boxes: list[BoxRecord] = field(default_factory=list)
    committed_index: int = 0
    greeted_index: int = 0
