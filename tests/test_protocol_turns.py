"""The turn order and the stage transitions, as data: the core's
(``wizard_p2p.protocol.turns``) and Wizard's (``wizard_p2p.tables.wizard.turns``)."""

from __future__ import annotations

import pytest

from wizard_p2p.protocol.core_handlers import CORE_HANDLERS
from wizard_p2p.protocol.kinds import CoreKind, Stage
from wizard_p2p.protocol.turns import TRANSITIONS, Step, Turn, abort_writer, advance
from wizard_p2p.rules import Phase
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.handlers import HANDLERS
from wizard_p2p.tables.wizard.kinds import AUTO_KINDS, WIZARD_KINDS, WizardKind
from wizard_p2p.tables.wizard.turns import (
    CLAIRVOYANT_PLAY,
    PHASE_TURNS,
    ROUND_TRANSITIONS,
    STAGE_TURNS,
    RoundStage,
    RoundStep,
    Tally,
    due,
    round_advance,
)

K = WizardKind


def test_the_set_up_and_the_end_go_in_seat_order() -> None:
    assert due(Stage.COIN, Tally(4, coins=2)) == Turn(2, frozenset({CoreKind.COIN}))
    dealt = Tally(4, shuffles=3, locks=1, finals=1, phase=Phase.DEAL, dealer=2)
    assert due(RoundStage.SHUFFLE, dealt) == Turn(3, frozenset({K.SHUFFLE, K.DISPUTE}))
    # Seat N-1 locked in its shuffle: after it, the lock stage is seats 0..N-2.
    assert due(RoundStage.LOCK, dealt) == Turn(0, frozenset({K.LOCK, K.DISPUTE}))
    assert due(Stage.FINAL, Tally(4, finals=1, phase=Phase.GAME_OVER)) == Turn(
        1, frozenset({CoreKind.FINAL})
    )


def test_in_play_the_rules_phase_decides() -> None:
    base = {"dealer": 2, "to_move": 0, "opened": 2, "played": 1}
    expected = {
        Phase.CHOOSE_TRUMP: Turn(2, frozenset({K.TRUMP, K.DISPUTE})),
        Phase.BID: Turn(0, frozenset({K.BID, K.DISPUTE})),
        # From the dealer's left, the bids opened so far skipped.
        Phase.OPEN_BIDS: Turn(1, frozenset({K.BID_OPEN, K.DISPUTE})),
        Phase.PLAY: Turn(0, frozenset({K.PLAY, K.DISPUTE})),
    }
    for phase, turn in expected.items():
        assert due(RoundStage.PLAY, Tally(4, phase=phase, **base)) == turn  # type: ignore[arg-type]
    # The clairvoyance round's trick goes clockwise from the dealer's left.
    clairvoyant = Tally(4, phase=Phase.PLAY, clairvoyant=True, **base)  # type: ignore[arg-type]
    assert due(RoundStage.PLAY, clairvoyant) == Turn(0, frozenset({K.PLAY, K.DISPUTE}))
    assert due(RoundStage.PLAY, Tally(4, phase=Phase.DEAL)) is None


def test_a_disputed_round_reveals_in_seat_order() -> None:
    tally = Tally(3, unrevealed=1, phase=Phase.PLAY)
    assert due(RoundStage.REVEAL, tally) == Turn(1, frozenset({K.REVEAL}))


@pytest.mark.parametrize("stage", [Stage.DONE, Stage.ABORTED, Stage.FAULTED])
def test_nobody_writes_once_the_game_has_ended(stage: Stage) -> None:
    assert due(stage, Tally(3, phase=Phase.GAME_OVER)) is None
    assert stage.ended and TRANSITIONS[stage].keys() <= {Step.CHEAT_FOUND}


def test_an_abort_comes_from_the_lowest_other_seat() -> None:
    assert [abort_writer(s) for s in range(4)] == [1, 0, 0, 0]


def test_a_game_goes_through_the_tables_stages() -> None:
    stage = Stage.COIN
    for step, then in [
        (Step.GAME_STARTS, Stage.PLAY),
        (Step.GAME_OVER, Stage.FINAL),
        (Step.ALL_FINAL, Stage.DONE),
    ]:
        stage = advance(stage, step)
        assert stage is then
    # A cheat found by a check put off until an abort outranks the stall.
    assert advance(advance(Stage.PLAY, Step.ABORTED), Step.CHEAT_FOUND) is Stage.FAULTED


def test_a_round_goes_through_its_stages() -> None:
    stage: RoundStage | None = None
    for step, then in [
        (RoundStep.ROUND_STARTS, RoundStage.SHUFFLE),
        (RoundStep.ALL_SHUFFLED, RoundStage.LOCK),
        (RoundStep.DEALT, RoundStage.PLAY),
        (RoundStep.ROUND_STARTS, RoundStage.SHUFFLE),
        (RoundStep.DISPUTED, RoundStage.REVEAL),
        (RoundStep.ROUND_STARTS, RoundStage.SHUFFLE),
    ]:
        stage = round_advance(stage, step)
        assert stage is then


@pytest.mark.parametrize(
    ("stage", "step"),
    [(Stage.COIN, Step.ALL_FINAL), (Stage.FINAL, Step.GAME_STARTS), (Stage.DONE, Step.ABORTED)],
)
def test_a_step_the_table_does_not_allow_is_a_bug(stage: Stage, step: Step) -> None:
    with pytest.raises(AssertionError):
        advance(stage, step)


@pytest.mark.parametrize(
    ("stage", "step"),
    [(None, RoundStep.DEALT), (RoundStage.REVEAL, RoundStep.DISPUTED),
     (RoundStage.SHUFFLE, RoundStep.DEALT)],
)
def test_a_step_the_round_does_not_allow_is_a_bug(
    stage: RoundStage | None, step: RoundStep
) -> None:
    with pytest.raises(AssertionError):
        round_advance(stage, step)


def test_every_stage_has_its_transitions_and_every_ongoing_one_a_writer() -> None:
    assert set(TRANSITIONS) == set(Stage)
    assert set(ROUND_TRANSITIONS) == {None, *RoundStage}
    # Wizard's game goes on in the coins, a round's own stages, and the finals.
    ongoing = {Stage.COIN, *RoundStage, Stage.FINAL}
    assert ongoing == set(STAGE_TURNS) | {RoundStage.PLAY}


def test_the_handler_table_agrees_with_the_turns() -> None:
    """Every kind a turn allows in a stage has a handler that takes it in that stage; an
    abort and a proof are taken in every stage of a game that goes on; a genesis in none."""
    allowed: dict[str, set[str]] = {kind: set() for kind in WIZARD_KINDS}
    for stage, (_, kinds) in STAGE_TURNS.items():
        for kind in kinds:
            allowed[kind].add(stage)
    for _, kinds in [*PHASE_TURNS.values(), CLAIRVOYANT_PLAY]:
        for kind in kinds:
            allowed[kind].add(RoundStage.PLAY)
    allowed[CoreKind.ABORT] = {s for s in Stage if not s.ended}
    allowed[CoreKind.PROOF] = {s for s in Stage if not s.ended}
    # The kinds every game shares are the core's; the rest, the game's.
    assert not set(HANDLERS) & set(CORE_HANDLERS)
    assert set(HANDLERS) | set(CORE_HANDLERS) == set(WIZARD_KINDS)
    # The core's handlers take the core's kinds only: no kind of Wizard's own.
    assert set(CORE_HANDLERS) <= set(CoreKind)
    stages = {kind: set(h.stages) for kind, h in [*HANDLERS.items(), *CORE_HANDLERS.items()]}
    assert stages == allowed
    # What a client writes by itself is never a choice, an abort or a dispute.
    assert not AUTO_KINDS & {K.BID, K.TRUMP, K.PLAY, CoreKind.ABORT, K.DISPUTE}


def test_the_kinds_are_the_wire_formats_kinds() -> None:
    assert set(BODIES) == {kind.value for kind in (*CoreKind, *WizardKind)} == set(WIZARD_KINDS)
    # No word is both the core's and Wizard's own.
    assert not {k.value for k in CoreKind} & {k.value for k in WizardKind}
