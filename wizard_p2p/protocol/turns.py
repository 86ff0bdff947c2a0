"""Who may write the next position of the log, and how a table's stage moves on.

A game's replica says who is due (``Turn``: the seat and the kinds it may write, e.g.
Wizard's ``tables.wizard.turns``); ``check_turn`` holds every entry to it, and to the
core's rules for endings: an abort of the seat due by any other seat, a proof by any
seat at any position. ``TRANSITIONS`` lists every way a stage moves on, as data keyed
by stage in the manner of h11's ``_state.py``.
"""

from __future__ import annotations

from enum import Enum, auto
from typing import NamedTuple

from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.faults import OutOfTurn
from wizard_p2p.protocol.kinds import CoreKind, FaultKind, Stage


class Turn(NamedTuple):
    """The seat due at the next position and the kinds it may write there."""

    seat: int
    kinds: frozenset[str]  # of the game's entry kinds


def check_turn(entry: m.Entry, turn: Turn) -> None:
    """Raise ``OutOfTurn`` unless ``entry`` is what ``turn`` allows: an entry of one of
    its kinds by the seat due, an abort of the seat due by any other seat, or a proof
    (which any seat may write at any position: SPEC §6.3)."""
    writer, kinds = turn
    if entry.kind == CoreKind.PROOF:
        return
    if entry.kind == CoreKind.ABORT:
        if entry.body["stalled"] != writer or entry.seat == writer:
            raise OutOfTurn(
                "an abort must name the seat due and come from another seat",
                seat=entry.seat,
                position=entry.pos,
                kind=FaultKind.OUT_OF_TURN,
            )
    elif entry.seat != writer or entry.kind not in kinds:
        raise OutOfTurn(
            f"wrote a '{entry.kind}' entry; seat {writer + 1} was due to write "
            f"{' or '.join(sorted(kinds))}",
            seat=entry.seat,
            position=entry.pos,
            kind=FaultKind.OUT_OF_TURN,
        )


def abort_order(stalled: int, seats: int) -> tuple[int, ...]:
    """The seats that may end the game when ``stalled`` holds it up, in the order the
    right passes (SPEC §6.1): every other seat, lowest first. Where two of them end it,
    the lower one's abort stands (SPEC §6.2)."""
    return tuple(s for s in range(seats) if s != stalled)


def abort_writer(stalled: int) -> int:
    """The first seat the right to end the game falls to: the lowest other seat."""
    return 1 if stalled == 0 else 0


# --- how the stage moves on -----------------------------------------------------------------


class Step(Enum):
    GAME_STARTS = auto()  # the coins are open: the game's own entries follow
    GAME_OVER = auto()  # the game's course is over and verified (Wizard: its last round)
    ALL_FINAL = auto()
    ABORTED = auto()
    CHEAT_FOUND = auto()  # the replica's replay named a seat (Wizard: a round's check)


_ANY_TIME = {Step.ABORTED: Stage.ABORTED, Step.CHEAT_FOUND: Stage.FAULTED}

TRANSITIONS: dict[Stage, dict[Step, Stage]] = {
    Stage.COIN: {Step.GAME_STARTS: Stage.PLAY, **_ANY_TIME},
    Stage.PLAY: {Step.GAME_OVER: Stage.FINAL, **_ANY_TIME},
    Stage.FINAL: {Step.ALL_FINAL: Stage.DONE, **_ANY_TIME},
    # A check put off until the abort still runs then: a cheat outranks the stall.
    Stage.ABORTED: {Step.CHEAT_FOUND: Stage.FAULTED},
    Stage.DONE: {},
    Stage.FAULTED: {},
}


def advance(stage: Stage, step: Step) -> Stage:
    """The stage after ``step``; a step the table does not allow there is our bug."""
    try:
        return TRANSITIONS[stage][step]
    except KeyError:
        raise AssertionError(f"no step {step.name} from stage {stage}") from None


__all__ = [
    "TRANSITIONS",
    "Step",
    "Turn",
    "abort_order",
    "abort_writer",
    "advance",
    "check_turn",
]
