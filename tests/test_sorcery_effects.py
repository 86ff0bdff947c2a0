"""Every card of the real card file can be carried out: its keywords parse, and every
clause left to the players names an effect with the actions that carry it out."""

from __future__ import annotations

import re

from tests.sorcery_cards import card
from tests.sorcery_support import real_card_file
from wizard_p2p.sorcery.actions import ACTION_TYPES, SetSlots, TakeControl
from wizard_p2p.sorcery.cards import CardType
from wizard_p2p.sorcery.effects import EFFECTS, Effect, effects_in, unmapped
from wizard_p2p.sorcery.keywords import AreaShape, keywords_of


def test_every_effect_has_its_rule_and_its_actions_are_actions() -> None:
    assert set(EFFECTS) == set(Effect)
    for effect, rule in EFFECTS.items():
        assert rule.effect is effect and rule.how
        assert all(a in ACTION_TYPES for a in rule.actions), effect


def test_clauses_name_their_effects() -> None:
    assert effects_in("抽2张牌") == (Effect.DRAW,)
    assert Effect.CONTROL in effects_in("获得其控制权")
    assert EFFECTS[Effect.CONTROL].actions == (TakeControl,)
    assert Effect.SLOTS in effects_in("你的技能槽位+2")
    assert SetSlots in EFFECTS[Effect.SLOTS].actions
    assert effects_in("对1个敌人造成1点伤害") == (Effect.DAMAGE,)
    assert effects_in("跳舞") == ()


def test_a_clause_that_names_nothing_is_unmapped_unless_it_names_a_card() -> None:
    odd = card("202901", "怪书", CardType.ITEM, text="跳舞。海啸")
    assert unmapped(odd) == ("跳舞", "海啸")
    assert unmapped(odd, names={"海啸"}) == ("跳舞",)
    assert unmapped(card("202902", "快书", CardType.ITEM, text="速攻。冷却1")) == ()


def test_every_card_of_the_real_card_file_can_be_carried_out() -> None:
    cards = real_card_file()
    names = {c.name for c in cards}
    seen: set[Effect] = set()
    for c in cards:
        kw = keywords_of(c)  # parses, or the test fails here
        assert unmapped(c, names) == (), c
        area = re.search(r"范围[：:](前排|方阵|溅射|纵列|全场|任意)", c.description)
        if area and not any(area.group(0) in clause for clause in kw.manual):
            assert kw.area is AreaShape(area.group(1)), c  # an area outside a trigger
        for clause in kw.manual:
            seen.update(effects_in(clause))
    assert len(cards) > 400
    assert seen == set(Effect)  # every kind of effect is named by some card
    by_name = {c.name: c for c in cards}
    sage = keywords_of(by_name["白袍大贤者 掌号使"]).manual
    assert any(Effect.CONTROL in effects_in(clause) for clause in sage)
    for slots in ("记忆项链", "旅行行囊", "混沌增幅器"):
        manual = keywords_of(by_name[slots]).manual
        assert any(Effect.SLOTS in effects_in(clause) for clause in manual), slots
