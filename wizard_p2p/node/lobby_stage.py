"""The lobby's stages as transition tables, the host's and the joiner's: which step may
follow which.

Sans-I/O: no socket, no clock, no task. The lobby's machines (``lobby_host_machine``,
``lobby_join_machine``) ask ``advance`` (or ``join_advance``) before they act, so that a
step out of order is refused here, by name, instead of leaving flags that disagree
(SPEC §9 says what each stage does on the wire).
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
    CLOSED = "closed"  # the host left the lobby before its game began


class HostStep(enum.StrEnum):
    ASK_START = "ask_start"  # the host's Enter (or a full table, with autostart)
    TERMS_OUT = "terms_out"
    CALL_OFF = "call_off"  # a player left, fell silent or did not endorse in time
    GENESIS = "genesis"
    CLOSE = "close"  # the host leaves: everyone is told


TRANSITIONS: Mapping[tuple[HostStage, HostStep], HostStage] = {
    (HostStage.SEATING, HostStep.ASK_START): HostStage.ASKED,
    # A full table with autostart sends the terms without being asked.
    (HostStage.SEATING, HostStep.TERMS_OUT): HostStage.SIGNING,
    (HostStage.ASKED, HostStep.TERMS_OUT): HostStage.SIGNING,
    (HostStage.SIGNING, HostStep.CALL_OFF): HostStage.SEATING,
    (HostStage.SIGNING, HostStep.GENESIS): HostStage.STARTED,
    (HostStage.SEATING, HostStep.CLOSE): HostStage.CLOSED,
    (HostStage.ASKED, HostStep.CLOSE): HostStage.CLOSED,
    (HostStage.SIGNING, HostStep.CLOSE): HostStage.CLOSED,
}


def advance(stage: HostStage, step: HostStep) -> HostStage:
    """The stage after ``step``; ``UsageError`` for a step the stage does not allow."""
    try:
        return TRANSITIONS[(stage, step)]
    except KeyError:
        raise UsageError(f"the lobby cannot {step.value.replace('_', ' ')} while "
                         f"{stage.value}") from None


class JoinStage(enum.StrEnum):
    CONNECTING = "connecting"  # the hello is out (and asked again while a next lobby opens)
    WAITING = "waiting"  # the host admits joiners one by one: waiting for its decision
    SEATED = "seated"  # waiting for the host to start
    SIGNING = "signing"  # the terms are endorsed: waiting for the genesis
    STARTED = "started"  # the genesis came: the game is the seat's own
    REFUSED = "refused"  # the lobby ended for this joiner, with a reason
    LEFT = "left"  # the joiner left the lobby


class JoinStep(enum.StrEnum):
    WELCOMED = "welcomed"  # the host seats us (at once, or once it admits us)
    ASKED_TO_WAIT = "asked_to_wait"
    ENDORSED = "endorsed"  # the host took our endorsement of its terms
    CALLED_OFF = "called_off"  # a new seat list instead of the genesis
    GENESIS = "genesis"
    REFUSE = "refuse"  # refused, removed, the host left or went silent, or it broke the rules
    LEAVE = "leave"


_LIVE = (JoinStage.CONNECTING, JoinStage.WAITING, JoinStage.SEATED, JoinStage.SIGNING)

JOIN_TRANSITIONS: Mapping[tuple[JoinStage, JoinStep], JoinStage] = {
    (JoinStage.CONNECTING, JoinStep.WELCOMED): JoinStage.SEATED,
    (JoinStage.CONNECTING, JoinStep.ASKED_TO_WAIT): JoinStage.WAITING,
    (JoinStage.WAITING, JoinStep.WELCOMED): JoinStage.SEATED,
    (JoinStage.SEATED, JoinStep.WELCOMED): JoinStage.SEATED,  # a welcome said again
    (JoinStage.SEATED, JoinStep.ENDORSED): JoinStage.SIGNING,
    (JoinStage.SIGNING, JoinStep.CALLED_OFF): JoinStage.SEATED,
    (JoinStage.SIGNING, JoinStep.GENESIS): JoinStage.STARTED,
    **{(stage, JoinStep.REFUSE): JoinStage.REFUSED for stage in _LIVE},
    **{(stage, JoinStep.LEAVE): JoinStage.LEFT for stage in _LIVE},
}


def join_advance(stage: JoinStage, step: JoinStep) -> JoinStage:
    """The joiner's stage after ``step``; ``UsageError`` for a step the stage does not
    allow."""
    try:
        return JOIN_TRANSITIONS[(stage, step)]
    except KeyError:
        raise UsageError(f"the joiner cannot {step.value.replace('_', ' ')} while "
                         f"{stage.value}") from None


__all__ = [
    "JOIN_TRANSITIONS",
    "TRANSITIONS",
    "HostStage",
    "HostStep",
    "JoinStage",
    "JoinStep",
    "advance",
    "join_advance",
]
