"""The keywords read from card texts, the areas of the unit grid, and every text of the
real card file read without a failure."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests import sorcery_cards as fx
from tests.sorcery_cards import els
from tests.sorcery_support import real_card_file
from wizard_p2p.sorcery.cards import Element
from wizard_p2p.sorcery.grid import CELLS, area_cells, square_fits
from wizard_p2p.sorcery.keywords import (
    ELEMENT_WORDS,
    AreaShape,
    Marker,
    closing_gain,
    equipment_kind,
    is_consumable,
    is_defence_only,
    is_spell,
    parse,
)


def test_keyword_clauses_are_read_and_the_rest_left_to_the_players() -> None:
    kw = parse("速攻。冷却1")
    assert kw.haste and kw.cooldown == 1 and kw.automatic
    kw = parse("范围：方阵，晕眩1")
    assert kw.area is AreaShape.SQUARE and kw.on_hit == ((Marker.STUN, 1),) and kw.automatic
    kw = parse("不能被防御。点燃1。范围：方阵。")
    assert kw.undefendable and kw.on_hit == ((Marker.IGNITE, 1),)
    kw = parse("冷却2.使所有敌人石化1")
    assert kw.cooldown == 2 and kw.manual == ("使所有敌人石化1",)
    assert parse("临时获得1？").gain == els(arcane=1)
    assert parse("临时获得1火1？").gain == els(fire=1, arcane=1)
    assert parse("穿透").pierce


def test_a_triggered_text_is_the_players_but_its_counts_are_the_engines() -> None:
    kw = parse("回合技：丢弃1张手牌，临时获得2点该卡牌属性的元素")
    assert kw.per_turn == 1 and not kw.gain and len(kw.manual) == 2
    assert parse("回合技3：献祭任意数量的火").per_turn == 3
    kw = parse("绝技：丢弃任意数量手牌，每张使你临时获得1气")
    assert kw.ultimate and not kw.gain
    kw = parse("入场：临时获得1气。遗言：抽一张牌")
    assert not kw.gain and not kw.automatic  # an entry text, not the card's use
    kw = parse("精通1：负载+1地，生命+1。精通3：负载+1地，生命+1")
    assert kw.mastery and not kw.automatic


def test_the_tag_says_what_a_card_is() -> None:
    assert is_spell(fx.FIREBALL) and not is_defence_only(fx.FIREBALL)
    assert is_spell(fx.ICE_BARRIER) and is_defence_only(fx.ICE_BARRIER)
    assert is_spell(fx.FIRE_SCROLL) and is_consumable(fx.FIRE_SCROLL)
    assert not is_spell(fx.MEDITATE)
    assert is_consumable(fx.BOTTLE) and not is_spell(fx.BOTTLE)
    assert equipment_kind(fx.WAND) == "武器" and equipment_kind(fx.TOME) is None


@given(st.sampled_from(list(AreaShape)), st.sampled_from(CELLS), st.sampled_from([None, 0, 1, 2]))
def test_areas_stay_on_the_grid_and_hold_their_main_cell(
    shape: AreaShape, cell: tuple[int, int], front: int | None
) -> None:
    cells = area_cells(shape, cell, front)
    assert cells <= set(CELLS)
    if shape in (AreaShape.SPLASH, AreaShape.COLUMN, AreaShape.FIELD, AreaShape.ANY):
        assert cell in cells
    if shape is AreaShape.SQUARE and square_fits(cell):
        assert len(cells) == 4 and cell in cells
    if shape is AreaShape.SPLASH:
        assert 3 <= len(cells) <= 5
    if shape is AreaShape.FRONT:
        assert cells == (frozenset() if front is None else {(front, c) for c in range(3)})


def test_every_text_of_the_real_card_file_is_read() -> None:
    cards = real_card_file()
    parsed = {card.number: parse(card.description) for card in cards}
    automatic = [n for n, kw in parsed.items() if kw.automatic]
    assert len(automatic) > 100  # blank texts and texts of keywords only
    by_name = {card.name: card for card in cards}
    assert parse(by_name["烈焰风暴"].description).area is AreaShape.SQUARE
    assert parse(by_name["海啸"].description).cooldown == 1
    assert parse(by_name["冥想"].description).gain == els(arcane=1)


_WORD_OF = {element: word for word, element in ELEMENT_WORDS.items() if word not in "?？"}


@given(
    st.lists(
        st.tuples(st.sampled_from(sorted(_WORD_OF, key=str)), st.integers(1, 9)),
        min_size=1,
        max_size=4,
    ),
    st.sampled_from(["", "进场时，"]),
)
def test_a_closing_gain_is_read_whole_and_summed_per_element(
    parts: list[tuple[Element, int]], before: str
) -> None:
    text = before + "临时获得" + "".join(f"{n}{_WORD_OF[element]}" for element, n in parts)
    expected: dict[Element, int] = {}
    for element, n in parts:
        expected[element] = expected.get(element, 0) + n
    assert closing_gain(text) == expected
    assert closing_gain(text + "，抽1张牌") is None
