"""Who writes the next position of Wizard's log.

Data keyed by stage, in the manner of h11's ``_state.py``: while the table plays
(``Stage.PLAY``) a round has stages of its own (``RoundStage``), which move on as
``ROUND_TRANSITIONS`` lists; ``STAGE_TURNS`` says, for each stage, which seat writes
next and which kinds it may write (in the round's play stage the rules' phase decides,
``PHASE_TURNS``); ``due`` reads them (the replica's ``due``). An entry by any other
seat, or of another kind, is out of turn (``protocol.turns``).

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
from enum import Enum, StrEnum, auto
from typing import NamedTuple

from wizard_p2p.protocol.kinds import CoreKind, Stage
from wizard_p2p.protocol.turns import Turn
from wizard_p2p.rules import Phase
from wizard_p2p.tables.wizard.kinds import WizardKind

K = WizardKind


class RoundStage(StrEnum):
    """Where a round is, while the table plays (``Stage.PLAY``): it decides who writes
    the next position."""

    SHUFFLE = "shuffle"
    LOCK = "lock"
    PLAY = "play"  # the rules' phases: trump, bids, opening bids, tricks
    REVEAL = "reveal"  # a disputed round: the secrets not out yet


# Where Wizard's table is: the core's stage, but a round's own while it plays.
WizardStage = Stage | RoundStage


class RoundStep(Enum):
    ROUND_STARTS = auto()  # the first dealer is known, or the round before is verified
    ALL_SHUFFLED = auto()
    DEALT = auto()  # every lock is in
    DISPUTED = auto()  # a dispute, or a card that does not decode


# How a round's stage moves on (the first round starts from the coins: ``ROUND_STARTS``
# from no round at all).
ROUND_TRANSITIONS: dict[RoundStage | None, dict[RoundStep, RoundStage]] = {
    None: {RoundStep.ROUND_STARTS: RoundStage.SHUFFLE},
    RoundStage.SHUFFLE: {
        RoundStep.ALL_SHUFFLED: RoundStage.LOCK, RoundStep.DISPUTED: RoundStage.REVEAL,
    },
    RoundStage.LOCK: {RoundStep.DEALT: RoundStage.PLAY, RoundStep.DISPUTED: RoundStage.REVEAL},
    RoundStage.PLAY: {
        RoundStep.DISPUTED: RoundStage.REVEAL, RoundStep.ROUND_STARTS: RoundStage.SHUFFLE,
    },
    RoundStage.REVEAL: {RoundStep.ROUND_STARTS: RoundStage.SHUFFLE},
}


def round_advance(stage: RoundStage | None, step: RoundStep) -> RoundStage:
    """The round's stage after ``step``; a step it does not allow there is our bug."""
    try:
        return ROUND_TRANSITIONS[stage][step]
    except KeyError:
        raise AssertionError(f"no step {step.name} from round stage {stage}") from None


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


STAGE_TURNS: dict[WizardStage, tuple[SeatDue, frozenset[str]]] = {
    Stage.COIN: (lambda t: t.coins, _kinds(CoreKind.COIN)),
    RoundStage.SHUFFLE: (lambda t: t.shuffles, _kinds(K.SHUFFLE, K.DISPUTE)),
    # Seat N-1 locked in its shuffle entry: seats 0..N-2 follow.
    RoundStage.LOCK: (lambda t: t.locks - 1, _kinds(K.LOCK, K.DISPUTE)),
    # After a dispute: the seats whose last-trick play did not reveal their secret.
    RoundStage.REVEAL: (lambda t: t.unrevealed, _kinds(K.REVEAL)),
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


def due(stage: WizardStage, tally: Tally) -> Turn | None:
    """The turn at the next position, or None when nobody may write (the game has ended,
    or the rules wait for nothing a seat writes)."""
    if stage is RoundStage.PLAY:
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


__all__ = [
    "CLAIRVOYANT_PLAY",
    "PHASE_TURNS",
    "ROUND_TRANSITIONS",
    "STAGE_TURNS",
    "RoundStage",
    "RoundStep",
    "Tally",
    "WizardStage",
    "due",
    "round_advance",
]
