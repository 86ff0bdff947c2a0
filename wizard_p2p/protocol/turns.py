"""Who may write the next position of the log, and how a replica's stage moves on.

Both are data keyed by stage, in the manner of h11's ``_state.py``: ``STAGE_TURNS``
says, for each stage, which seat writes next and which kinds it may write (in the
play stage the rules' phase decides, ``PHASE_TURNS``); ``TRANSITIONS`` lists every
way a stage moves on. An entry by any other seat, or of another kind, is out of turn.

    coin      seats 0..N-1 in order → coin   (open first-dealer commitments)
    -- every round r, dealer d (left of d is d+1) --
    shuffle   seats 0..N-1 in order → shuffle (seat N-1's also locks: its keys)
    lock      seats 0..N-2 in order → lock   (releases keys of others' positions;
              in the clairvoyance round seals them to the seats that may see each card)
    trump     the dealer, if a Wizard was turned → trump
    bid       from d+1 clockwise → bid       (sealed with hidden/secret bids)
    open      from d+1 clockwise → bid_open  (hidden bids only)
    play      the rules' player to move → play (in the last trick, with the round
              secret: after the round's last play, replay and verify)
    -- after the last round --
    final     seats 0..N-1 in order → final  (the agreed totals)

Any stage of a round also takes ``dispute`` from the seat due (a card of its hand does
not decode): the round goes to ``reveal`` (every seat whose secret is not out yet, in
seat order). A seat that stalls is named in an ``abort`` by the lowest other seat.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, auto
from typing import NamedTuple

from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.faults import OutOfTurn
from wizard_p2p.protocol.kinds import CoreKind, FaultKind, Stage, WizardKind
from wizard_p2p.rules import Phase

K = WizardKind


class Turn(NamedTuple):
    """The seat due at the next position and the kinds it may write there."""

    seat: int
    kinds: frozenset[str]  # of the game's entry kinds


class Tally(NamedTuple):
    """What the turn depends on: how far the stage has come, and the rules' state."""

    seats: int
    coins: int = 0
    shuffles: int = 0
    locks: int = 0  # locking entries, seat N-1's shuffle included
    opened: int = 0  # hidden bids opened
    played: int = 0  # plays of the round
    finals: int = 0
    unrevealed: int | None = None  # the lowest seat whose round secret is not out
    dealer: int = 0
    phase: Phase | None = None  # None before the first dealer is known
    to_move: int | None = None
    clairvoyant: bool = False


SeatDue = Callable[[Tally], int | None]


def _kinds(*kinds: str) -> frozenset[str]:
    return frozenset(kinds)


def _left_of_dealer(count: Callable[[Tally], int]) -> SeatDue:
    return lambda t: (t.dealer + 1 + count(t)) % t.seats


STAGE_TURNS: dict[Stage, tuple[SeatDue, frozenset[str]]] = {
    Stage.COIN: (lambda t: t.coins, _kinds(CoreKind.COIN)),
    Stage.SHUFFLE: (lambda t: t.shuffles, _kinds(K.SHUFFLE, K.DISPUTE)),
    # Seat N-1 locked in its shuffle entry: seats 0..N-2 follow.
    Stage.LOCK: (lambda t: t.locks - 1, _kinds(K.LOCK, K.DISPUTE)),
    # After a dispute: the seats whose last-trick play did not reveal their secret.
    Stage.REVEAL: (lambda t: t.unrevealed, _kinds(K.REVEAL)),
    Stage.FINAL: (lambda t: t.finals, _kinds(CoreKind.FINAL)),
}

PHASE_TURNS: dict[Phase, tuple[SeatDue, frozenset[str]]] = {
    Phase.OPEN_BIDS: (_left_of_dealer(lambda t: t.opened), _kinds(K.BID_OPEN, K.DISPUTE)),
    Phase.CHOOSE_TRUMP: (lambda t: t.dealer, _kinds(K.TRUMP, K.DISPUTE)),
    Phase.BID: (lambda t: t.to_move, _kinds(K.BID, K.DISPUTE)),
    Phase.PLAY: (lambda t: t.to_move, _kinds(K.PLAY, K.DISPUTE)),
}

# The clairvoyance round's one trick: every play is forced, in order from the dealer's left.
CLAIRVOYANT_PLAY: tuple[SeatDue, frozenset[str]] = (
    _left_of_dealer(lambda t: t.played),
    _kinds(K.PLAY, K.DISPUTE),
)


def due(stage: Stage, tally: Tally) -> Turn | None:
    """The turn at the next position, or None when nobody may write (the game has ended,
    or the rules wait for nothing a seat writes)."""
    if stage is Stage.PLAY:
        if tally.phase is Phase.PLAY and tally.clairvoyant:
            rule = CLAIRVOYANT_PLAY
        elif tally.phase in PHASE_TURNS:
            rule = PHASE_TURNS[tally.phase]
        else:
            return None
    elif stage in STAGE_TURNS:
        if stage is not Stage.COIN and stage is not Stage.FINAL and tally.phase is None:
            return None
        rule = STAGE_TURNS[stage]
    else:
        return None
    seat_due, kinds = rule
    seat = seat_due(tally)
    assert seat is not None, f"nobody is due in stage {stage}"
    return Turn(seat, kinds)


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
    GAME_STARTS = auto()  # the coins chose who starts a game played in one stage
    ROUND_STARTS = auto()  # the first dealer is known, or the round before is verified
    ALL_SHUFFLED = auto()
    DEALT = auto()  # every lock is in
    DISPUTED = auto()  # a dispute, or a card that does not decode
    GAME_OVER = auto()  # the last round is verified
    ALL_FINAL = auto()
    ABORTED = auto()
    CHEAT_FOUND = auto()  # a round's check named a seat, or a dispute was found false


_ANY_TIME = {Step.ABORTED: Stage.ABORTED, Step.CHEAT_FOUND: Stage.FAULTED}

TRANSITIONS: dict[Stage, dict[Step, Stage]] = {
    Stage.COIN: {Step.ROUND_STARTS: Stage.SHUFFLE, Step.GAME_STARTS: Stage.PLAY, **_ANY_TIME},
    Stage.SHUFFLE: {Step.ALL_SHUFFLED: Stage.LOCK, Step.DISPUTED: Stage.REVEAL, **_ANY_TIME},
    Stage.LOCK: {Step.DEALT: Stage.PLAY, Step.DISPUTED: Stage.REVEAL, **_ANY_TIME},
    Stage.PLAY: {
        Step.DISPUTED: Stage.REVEAL,
        Step.ROUND_STARTS: Stage.SHUFFLE,
        Step.GAME_OVER: Stage.FINAL,
        **_ANY_TIME,
    },
    Stage.REVEAL: {Step.ROUND_STARTS: Stage.SHUFFLE, Step.GAME_OVER: Stage.FINAL, **_ANY_TIME},
    Stage.FINAL: {Step.ALL_FINAL: Stage.DONE, **_ANY_TIME},
    # A round check put off until the abort still runs then: a cheat outranks the stall.
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
    "CLAIRVOYANT_PLAY",
    "PHASE_TURNS",
    "STAGE_TURNS",
    "TRANSITIONS",
    "Step",
    "Tally",
    "Turn",
    "abort_order",
    "abort_writer",
    "advance",
    "check_turn",
    "due",
]
