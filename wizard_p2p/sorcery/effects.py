"""What a card text's clauses do, and the generic actions that carry each out.

``keywords.parse`` keeps a text's automatic keywords and leaves every other clause to
the players (``Keywords.manual``). This module reads those clauses for *what kind of
effect* they name, by their vocabulary, and says how the players carry each kind out:
with which generic actions, or, for a condition or a restriction, by judging it (the
table decides whether a text applies, and does not take an action a text forbids).

A clause names one effect or more (``effects_in``); a clause that names none is one the
game cannot carry out (``unmapped``); the tests hold every clause of the real card file
to having one. A console can show ``EFFECTS[e].actions`` as the tools for a text.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from enum import StrEnum

from wizard_p2p.sorcery.actions import (
    AddMarker,
    Cast,
    CreateDerived,
    Damage,
    Draw,
    GainElements,
    Heal,
    Invoke,
    Learn,
    Look,
    Modify,
    MoveCard,
    RemoveMarker,
    Search,
    SetSlots,
    SetTapped,
    Shuffle,
    TakeControl,
    UseAbility,
)
from wizard_p2p.sorcery.cards import Card
from wizard_p2p.sorcery.keywords import keywords_of

__all__ = ["EFFECTS", "Effect", "EffectRule", "effects_in", "unmapped"]


class Effect(StrEnum):
    """The kinds of effect card texts name."""

    DRAW = "draw"
    SEARCH = "search"
    DISCARD = "discard"
    DAMAGE = "damage"
    DESTROY = "destroy"
    SACRIFICE = "sacrifice"
    HEAL = "heal"
    MARKER = "marker"
    NUMBERS = "numbers"
    ELEMENTS = "elements"
    COST = "cost"
    ZONES = "zones"
    POSITION = "position"
    TAP = "tap"
    DERIVED = "derived"
    CONTROL = "control"
    SLOTS = "slots"
    SKILLS = "skills"
    TARGETS = "targets"
    PREVENT = "prevent"
    CHAOS = "chaos"
    BOARD = "board"
    RESTRICT = "restrict"
    CONDITION = "condition"


@dataclass(frozen=True, slots=True)
class EffectRule:
    """One kind of effect: the words that name it, and what carries it out (``actions``;
    none for what the players judge) with a sentence for a person."""

    effect: Effect
    words: re.Pattern[str]
    actions: tuple[type, ...]
    how: str


def _rule(effect: Effect, words: str, actions: tuple[type, ...], how: str) -> EffectRule:
    return EffectRule(effect, re.compile(words), actions, how)


_ELEMENT = "[光暗火水地气？?]"
EFFECTS: dict[Effect, EffectRule] = {
    r.effect: r
    for r in (
        _rule(Effect.DRAW, r"抽|补充手牌", (Draw,), "the player draws"),
        _rule(
            Effect.SEARCH,
            r"检索|查看|翻开|牌堆顶|卡组顶|牌堆底|重洗|顺序",
            (Search, Shuffle, Look, MoveCard),
            "a card of the deck into the hand, the deck reordered; a look at the top and "
            "its cards put back on top or under the deck (Look)",
        ),
        _rule(Effect.DISCARD, r"丢弃|弃置|弃牌", (MoveCard,), "a card to the discard pile"),
        _rule(Effect.DAMAGE, r"伤害", (Damage, Modify), "damage to a unit, or a spell's "
              "damage changed (攻击 by Modify)"),
        _rule(Effect.DESTROY, r"消灭|摧毁|破坏", (MoveCard,), "the card to its discard pile"),
        _rule(
            Effect.SACRIFICE,
            r"献祭|吞噬",
            (MoveCard, GainElements, Modify),
            "the card sacrificed or devoured to the discard pile; what it gives by "
            "GainElements or Modify",
        ),
        _rule(Effect.HEAL, r"回复|复活", (Heal, MoveCard), "life back, or a dead creature "
              "from the discard pile into a cell"),
        _rule(
            Effect.MARKER,
            r"点燃|冻结|晕眩|眩晕|石化|虚弱|封印|隐蔽|中毒|麻痹|负面状态|负面效果|标记物|星象图|护盾",
            (AddMarker, RemoveMarker),
            "markers put on or taken off",
        ),
        _rule(
            Effect.NUMBERS,
            r"威力|攻击|生命|负载|[+＋-]\d",
            (Modify,),
            "a card's attack, life, power or load changed while it stays in play",
        ),
        _rule(
            Effect.ELEMENTS,
            rf"临时获得|元素|当做|当作|用作|^{_ELEMENT}$|获得\d*{_ELEMENT}",
            (GainElements,),
            "elements gained for the turn",
        ),
        _rule(
            Effect.COST,
            r"消耗\d|消耗减少|费用|无需消耗|无需花费|无需再消耗|消耗为0|代替|额外消耗|入场消耗|消耗-",
            (GainElements,),
            "a cost lowered or waived: the player gains what it saves before paying",
        ),
        _rule(
            Effect.ZONES,
            r"召唤|入场|移回|回到|置于|放回|返回|移出游戏|手牌|卡组|牌组|弃牌堆",
            (MoveCard,),
            "a card moved between zones (a summon without cost by MoveCard into a cell)",
        ),
        _rule(Effect.POSITION, r"移动|排列|位置|后方|相邻|内部", (MoveCard,), "a unit moved to "
              "another cell"),
        _rule(
            Effect.TAP,
            r"重置|消耗(?:其|目标|你的|前排|1个|此卡|.*标记物)|被消耗|主动消耗",
            (SetTapped, UseAbility),
            "a card tapped or reset, or a card's 消耗 text used",
        ),
        _rule(
            Effect.DERIVED,
            r"衍生|复制|混沌生物|生命种子|傀儡|形骸",
            (CreateDerived, MoveCard),
            "a card of the extra deck put into play",
        ),
        _rule(Effect.CONTROL, r"控制权", (TakeControl,), "the card crosses to the player's "
              "side"),
        _rule(Effect.SLOTS, r"槽位|任意种类道具", (SetSlots,), "slots beyond five, or any kind "
              "of equipment"),
        _rule(
            Effect.SKILLS,
            r"学习|技能|法术池|法术书|释放|使用|强化|防御|法术",
            (Learn, MoveCard, Cast, Invoke, GainElements),
            "a skill learnt, moved or used (a free use: the player gains its cost first)",
        ),
        _rule(
            Effect.TARGETS,
            r"目标|范围|选择|命中所有",
            (Damage, AddMarker),
            "more or other targets: the hit carried out on them with Damage and markers",
        ),
        _rule(
            Effect.PREVENT,
            r"免疫|不会受到|防止|无效|代受|变为0",
            (Heal, RemoveMarker),
            "what it prevents is undone: the life healed, the marker removed",
        ),
        _rule(
            Effect.CHAOS,
            r"混沌检定|检定",
            (),
            "a chaos check: the players roll; what the result gives is carried out with "
            "the other actions",
        ),
        _rule(
            Effect.BOARD,
            r"巨型|障碍|可摧毁|地形|变形|光环|公开|学派|直到",
            (),
            "the table's shape the players keep in mind: terrain, giants, a form's or "
            "aura's lasting effects (the engine tracks their duration)",
        ),
        _rule(
            Effect.RESTRICT,
            r"不能|无法|只能|只在|不再|不占用|不造成|失去",
            (),
            "a restriction: the players do not take the action it forbids",
        ),
        _rule(
            Effect.CONDITION,
            r"如果|若|当|每当|时$|后$|时，|则|每有|每张|每个|每\d|每选择|每召唤|每抽取|根据|达成|生效|"
            r"视为|其余|以下|[0-9]+个(?:及以上)?$|^并|^或|^但|有一次额外的机会",
            (),
            "a condition or a choice: the players judge whether and how the text applies",
        ),
    )
}


def effects_in(clause: str) -> tuple[Effect, ...]:
    """The effects one clause names, in ``Effect`` order."""
    return tuple(e for e, rule in EFFECTS.items() if rule.words.search(clause))


def unmapped(card: Card, names: Collection[str] = ()) -> tuple[str, ...]:
    """The clauses of a card's text left to the players that name no effect: texts the
    game could not carry out (none, for every card of the real card file). A clause that
    is one of ``names`` (the card file's names) continues a list of cards, such as the
    skills a text lets the player use, and belongs to the effect before it."""
    return tuple(
        c for c in keywords_of(card).manual if not effects_in(c) and c not in names
    )
