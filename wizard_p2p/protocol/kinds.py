"""The protocol's vocabulary: entry kinds, a replica's stages, and the kinds of fault.

Each is a ``StrEnum`` whose values are the very strings of the wire format and of
``PeerFault.kind``: a member compares equal to its string, so JSON and callers that
hold plain strings see no difference.
"""

from __future__ import annotations

from enum import StrEnum


class EntryKind(StrEnum):
    """The ``kind`` of a log entry (SPEC §2)."""

    GENESIS = "genesis"
    COIN = "coin"
    SHUFFLE = "shuffle"
    LOCK = "lock"
    TRUMP = "trump"
    BID = "bid"
    BID_OPEN = "bid_open"
    PLAY = "play"
    REVEAL = "reveal"
    DISPUTE = "dispute"
    FINAL = "final"
    ABORT = "abort"
    PROOF = "proof"


class Stage(StrEnum):
    """Where a replica is in the game: it decides who writes the next position."""

    COIN = "coin"
    SHUFFLE = "shuffle"
    LOCK = "lock"
    PLAY = "play"  # the rules' phases: trump, bids, opening bids, tricks
    REVEAL = "reveal"  # a disputed round: the secrets not out yet
    FINAL = "final"
    DONE = "done"
    ABORTED = "aborted"
    FAULTED = "faulted"

    @property
    def ended(self) -> bool:
        return self in _ENDED


_ENDED = frozenset({Stage.DONE, Stage.ABORTED, Stage.FAULTED})

# The entries that end a game wherever they stand, and may replace another entry at their
# position (SPEC §6.2): a stalled seat's abort, and the proof of an equivocation.
ENDING_KINDS = frozenset({EntryKind.ABORT, EntryKind.PROOF})

# Entries a seat's client writes by itself, with no choice to think over.
AUTO_KINDS = frozenset(
    {
        EntryKind.COIN,
        EntryKind.SHUFFLE,
        EntryKind.LOCK,
        EntryKind.BID_OPEN,
        EntryKind.REVEAL,
        EntryKind.FINAL,
    }
)

# The entries a player chooses, in the order ``Table.choice_needed`` asks for them.
CHOICE_KINDS = (EntryKind.BID, EntryKind.TRUMP, EntryKind.PLAY)


class FaultKind(StrEnum):
    """``PeerFault.kind``: the closed list of faults (SPEC §5, "Fault kinds"). Every
    fault a replica or the audit reports is one of these, a broken game rule too."""

    # an entry refused as it arrives
    BAD_SIGNATURE = "bad-signature"
    ENDORSEMENT = "endorsement"
    REPLAY = "replay"
    AFTER_END = "after-end"
    FORK = "fork"
    OUT_OF_TURN = "out-of-turn"
    EQUIVOCATION = "equivocation"
    MALFORMED = "malformed"
    COMMITMENT = "commitment"
    BID_RANGE = "bid-range"
    PLUS_MINUS_ONE = "plus-minus-one"
    FINAL = "final"
    # the audit's, for a line that is not the entry of its position
    GAP = "gap"
    DUPLICATE = "duplicate"
    # on arrival (a play) and at a round's check (against the rebuilt hands)
    NOT_HELD = "not-held"
    # at a round's check only (shuffle and lock also on arrival: a deck repeating a point)
    FOLLOW_SUIT = "follow-suit"
    SECRET = "secret"
    DECK = "deck"
    WRONG_KEY = "wrong-key"
    SHUFFLE = "shuffle"
    LOCK = "lock"
    FALSE_DISPUTE = "false-dispute"
    DISPUTE = "dispute"


__all__ = ["AUTO_KINDS", "CHOICE_KINDS", "ENDING_KINDS", "EntryKind", "FaultKind", "Stage"]
