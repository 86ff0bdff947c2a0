"""The protocol's vocabulary: entry kinds, a replica's stages, and the kinds of fault.

Each is a ``StrEnum`` whose values are the very strings of the wire format and of
``PeerFault.kind``: a member compares equal to its string, so JSON and callers that
hold plain strings see no difference. The kinds every game's log shares are the
core's (``CoreKind``); each game adds its own (Wizard's ``WizardKind`` here,
巫师牌's ``tables.sorcery.kinds.SorceryKind``), and an entry's kind is one of its
game's body table (``messages.decode_entry``).
"""

from __future__ import annotations

from enum import StrEnum


class CoreKind(StrEnum):
    """The ``kind`` of an entry every game's log has (SPEC §2): the genesis, the coins,
    the finals every seat signs at the end, and the endings (SPEC §6)."""

    GENESIS = "genesis"
    COIN = "coin"
    FINAL = "final"
    ABORT = "abort"
    PROOF = "proof"


class WizardKind(StrEnum):
    """The ``kind`` of an entry of Wizard's own (WIZARD §2, §3): a round's steps."""

    SHUFFLE = "shuffle"
    LOCK = "lock"
    TRUMP = "trump"
    BID = "bid"
    BID_OPEN = "bid_open"
    PLAY = "play"
    REVEAL = "reveal"
    DISPUTE = "dispute"


class Stage(StrEnum):
    """Where a table is in the game: the coins, the game's own course (its replica's
    stages within, e.g. Wizard's ``tables.wizard.turns.RoundStage``), the finals, the
    end."""

    COIN = "coin"
    PLAY = "play"  # the game's own entries
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
ENDING_KINDS = frozenset({CoreKind.ABORT, CoreKind.PROOF})

class FaultKind(StrEnum):
    """``PeerFault.kind``: the closed list of faults (SPEC §5 and WIZARD §4, "Fault
    kinds"). Every fault a replica or the audit reports is one of these, a broken game
    rule too."""

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


# Every kind of Wizard's log, by its word: the core's and Wizard's own.
WIZARD_KINDS: dict[str, CoreKind | WizardKind] = {
    **{str(k): k for k in CoreKind},
    **{str(k): k for k in WizardKind},
}


__all__ = [
    "ENDING_KINDS",
    "WIZARD_KINDS",
    "CoreKind",
    "FaultKind",
    "Stage",
    "WizardKind",
]
