"""The host lobby's stages as a transition table: which step may follow which.

Sans-I/O: no socket, no clock, no task. ``HostLobby`` (the asyncio driver) asks
``advance`` before it acts, so that a step out of order is refused here, by name,
instead of leaving flags that disagree (SPEC §9 says what each stage does on the wire).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from wizard_p2p.errors import UsageError


class HostStage(enum.StrEnum):
    SEATING = "seating"  # joiners sit, wait, leave; the host admits, removes, switches variants
    ASKED = "asked"  # the host asked to start: the table no longer changes
    SIGNING = "signing"  # the terms are out for every player's endorsement
    STARTED = "started"  # the genesis is out: the game is the seats' own


class HostStep(enum.StrEnum):
    ASK_START = "ask_start"  # the host's Enter (or a full table, with autostart)
    TERMS_OUT = "terms_out"
    CALL_OFF = "call_off"  # a player left, fell silent or did not endorse in time
    GENESIS = "genesis"


TRANSITIONS: Mapping[tuple[HostStage, HostStep], HostStage] = {
    (HostStage.SEATING, HostStep.ASK_START): HostStage.ASKED,
    # A full table with autostart sends the terms without being asked.
    (HostStage.SEATING, HostStep.TERMS_OUT): HostStage.SIGNING,
    (HostStage.ASKED, HostStep.TERMS_OUT): HostStage.SIGNING,
    (HostStage.SIGNING, HostStep.CALL_OFF): HostStage.SEATING,
    (HostStage.SIGNING, HostStep.GENESIS): HostStage.STARTED,
}


def advance(stage: HostStage, step: HostStep) -> HostStage:
    """The stage after ``step``; ``UsageError`` for a step the stage does not allow."""
    try:
        return TRANSITIONS[(stage, step)]
    except KeyError:
        raise UsageError(f"the lobby cannot {step.value.replace('_', ' ')} while "
                         f"{stage.value}") from None


__all__ = ["TRANSITIONS", "HostStage", "HostStep", "advance"]
