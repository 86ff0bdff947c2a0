"""The host lobby's stages: every sequence of steps either follows the transition table
or is refused by name, and a refused step changes nothing."""

from __future__ import annotations

import hypothesis.strategies as st
import pytest
from hypothesis import given

from wizard_p2p.errors import UsageError
from wizard_p2p.node.lobby_stage import TRANSITIONS, HostStage, HostStep, advance


@given(st.lists(st.sampled_from(list(HostStep)), max_size=20))
def test_a_sequence_of_steps_follows_the_table_or_is_refused(steps: list[HostStep]) -> None:
    stage = HostStage.SEATING
    for step in steps:
        expected = TRANSITIONS.get((stage, step))
        if expected is not None:
            stage = advance(stage, step)
            assert stage is expected
        else:
            with pytest.raises(UsageError, match=step.value.replace("_", " ")):
                advance(stage, step)
    # Once started, nothing moves the lobby again.
    if stage is HostStage.STARTED:
        for step in HostStep:
            with pytest.raises(UsageError):
                advance(stage, step)


def test_a_start_called_off_seats_players_again_and_may_start_once_more() -> None:
    stage = HostStage.SEATING
    for step in (HostStep.ASK_START, HostStep.TERMS_OUT, HostStep.CALL_OFF,
                 HostStep.ASK_START, HostStep.TERMS_OUT, HostStep.GENESIS):
        stage = advance(stage, step)
    assert stage is HostStage.STARTED
    with pytest.raises(UsageError, match="ask start while started"):
        advance(HostStage.STARTED, HostStep.ASK_START)
