"""The protocol's vocabulary: entry kinds, a replica's stages, and the kinds of fault.

Each is a ``StrEnum`` whose values are the very strings of the wire format and of
``PeerFault.kind``: a member compares equal to its string, so JSON and callers that
hold plain strings see no difference. The kinds every game's log shares are the
core's (``CoreKind``); each game adds its own (Wizard's
``tables.wizard.kinds.WizardKind``, 巫师牌's ``tables.sorcery.kinds.SorceryKind``), and
an entry's kind is one of its game's body table (``messages.decode_entry``).
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
    """``PeerFault.kind``: the closed list of the core's faults (SPEC §5, "Fault kinds").
    A game adds the faults of its own rules (Wizard's ``tables.wizard.kinds.WizardFault``,
    WIZARD §4); every fault a replica or the audit reports is one of the two."""

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
    FINAL = "final"
    # the audit's, for a line that is not the entry of its position
    GAP = "gap"
    DUPLICATE = "duplicate"


__all__ = [
    "ENDING_KINDS",
    "CoreKind",
    "FaultKind",
    "Stage",
]
