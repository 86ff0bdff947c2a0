"""The text forms of 巫师牌's actions and their values: every action reads back as
itself, every game's history too, and any other text is refused with one sentence."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import sorcery_cards as fx
from wizard_p2p.bots.sorcery import SorceryBot
from wizard_p2p.errors import DecodeError
from wizard_p2p.sorcery import notation
from wizard_p2p.sorcery.actions import (
    ACTION_TYPES,
    Ability,
    AreaTarget,
    Cast,
    EndTurn,
    GainElements,
    Summon,
    Unknown,
    Zone,
    parse_action,
)
from wizard_p2p.sorcery.cards import Elements
from wizard_p2p.sorcery.grid import CELLS
from wizard_p2p.sorcery.keywords import AreaShape, Marker

BIG = 10**9 - 1
ints = st.integers(-BIG, BIG)
ids = st.integers(0, BIG)
elements = st.builds(
    Elements, st.tuples(*[st.integers(0, BIG) for _ in range(7)])
)
cells = st.sampled_from(CELLS)
pid_tuples = st.lists(ids, max_size=12).map(tuple)

# A strategy for every field name an action has; a new field without one fails below.
FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "piece": ids,
    "replace": st.none() | ids,
    "target": ids,
    "spell": ids,
    "attacker": ids,
    "amount": ints,
    "count": ints,
    "under": ints,
    "attack": ints,
    "life": ints,
    "power": ints,
    "skills": ints,
    "equipment": ints,
    "order": pid_tuples | st.just(Unknown.ORDER),
    "boosts": pid_tuples,
    "overdraw": pid_tuples,
    "discards": pid_tuples,
    "choice": elements,
    "payment": elements,
    "gain": elements,
    "cell": cells,
    "area": st.builds(AreaTarget, st.sampled_from([0, 1]), st.sampled_from(list(AreaShape)),
                      cells),
    "ability": st.sampled_from(list(Ability)),
    "zone": st.sampled_from(list(Zone)),
    "marker": st.sampled_from(list(Marker)),
    "bottom": st.booleans(),
    "tapped": st.booleans(),
    "any_kind": st.booleans(),
    "number": st.from_regex(r"[0-9]{6}", fullmatch=True),
}


def strategy(cls: type) -> st.SearchStrategy[Any]:
    kwargs: dict[str, st.SearchStrategy[Any]] = {"player": st.sampled_from([0, 1])}
    for f in dataclasses.fields(cls):
        if f.name == "player":
            continue
        base = FIELDS[f.name]
        if cls is GainElements and f.name == "amount":
            base = elements
        if f.default is None:
            base = st.none() | base
        kwargs[f.name] = base
    return st.builds(cls, **kwargs)


actions = st.one_of(*[strategy(cls) for cls in ACTION_TYPES])


@given(actions)
def test_every_action_reads_back_from_its_text(action: Any) -> None:
    text = str(action)
    assert "\n" not in text and text.split()[0] == f"p{action.player}"
    assert parse_action(text) == action  # the same kind of action, the same fields
    assert parse_action("  " + text.replace(" ", "   ") + " ") == action  # spacing is free


def test_the_texts_of_a_few_actions() -> None:
    assert str(Summon(0, 12, (0, 1))) == "p0 summon 12 r0c1"
    assert str(EndTurn(1)) == "p1 end-turn"
    fire2 = notation.parse_elements("2火")
    cast = Cast(0, 20, (3,), area=AreaTarget(1, AreaShape.SQUARE, (0, 0)), payment=fire2)
    assert str(cast) == "p0 cast 20 boosts=3 area=1:方阵:r0c0 payment=2火"


def test_a_whole_games_history_reads_back() -> None:
    import random

    game = fx.new_game()
    bots = (SorceryBot(random.Random(1)), SorceryBot(random.Random(2)))
    while game.outcome is None and len(game.history) < 600:
        game.apply(bots[game.to_move].decide(game, game.to_move))
    assert len(game.history) > 50
    for action in game.history:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "names a player and a verb"),
        ("p2 end-turn", "not a player"),
        ("p0 fly", "not an action"),
        ("p0 summon 12", "takes PIECE CELL"),
        ("p0 summon 12 r0c1 r0c2", "takes PIECE CELL"),
        ("p0 summon 12 r3c1", "cell of the 3x3"),
        ("p0 summon x r0c1", "whole number"),
        ("p0 summon 1234567890 r0c1", "whole number"),
        ("p0 summon 12 r0c1 payment=2木", "amount of elements"),
        ("p0 summon 12 r0c1 payment=2火2火", "amount of elements"),
        ("p0 summon 12 r0c1 payment=0火", "amount of elements"),
        ("p0 summon 12 r0c1 colour=red", "no field"),
        ("p0 summon 12 r0c1 payment=1火 payment=1火", "repeated"),
        ("p0 summon payment=1火 12 r0c1", "takes PIECE CELL"),
        ("p0 add-marker 3 burning", "one of"),
        ("p0 set-tapped 3 maybe", "yes or no"),
        ("p0 create-derived 12 单位区", "six digits"),
        ("p0 cast 3 area=1:方阵", "not an area"),
        ("p0 " + "1," * 2000, "at most"),
    ],
)
def test_other_text_is_refused_in_one_sentence(text: str, says: str) -> None:
    with pytest.raises(DecodeError, match=says) as refused:
        parse_action(text)
    assert "\n" not in str(refused.value)


@given(st.text(max_size=80))
def test_any_text_is_an_action_or_refused(text: str) -> None:
    try:
        action = parse_action(text)
    except DecodeError:
        return
    assert parse_action(str(action)) == action


@given(elements)
def test_elements_read_back(amount: Elements) -> None:
    assert notation.parse_elements(str(amount)) == amount


@given(cells)
def test_cells_read_back(cell: tuple[int, int]) -> None:
    assert notation.parse_cell(notation.format_cell(cell)) == cell
