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
    """``PeerFault.kind`` for the faults the protocol names itself (a broken game rule
    is named by the rule instead, ``IllegalAction.rule``)."""

    BAD_SIGNATURE = "bad-signature"
    REPLAY = "replay"
    AFTER_END = "after-end"
    FORK = "fork"
    OUT_OF_TURN = "out-of-turn"
    EQUIVOCATION = "equivocation"
    MALFORMED = "malformed"
    COMMITMENT = "commitment"
    # found by a round's check from the revealed secrets
    SECRET = "secret"
    DECK = "deck"
    WRONG_KEY = "wrong-key"
    SHUFFLE = "shuffle"
    LOCK = "lock"
    FALSE_DISPUTE = "false-dispute"
    DISPUTE = "dispute"


__all__ = ["AUTO_KINDS", "CHOICE_KINDS", "EntryKind", "FaultKind", "Stage"]
