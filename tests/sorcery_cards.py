"""Cards of 巫师牌 built in the tests (the card file is never in the repository).

Their numbers follow the card file's scheme (first digit the type, third digit 0 for
the extra deck); their values are the tests' own, except where a rule example of the
rule document fixes them (the spells of the spell-battle example, the overdraw
example's hero and armour).
"""

from __future__ import annotations

import random

from wizard_p2p.sorcery.cards import Card, CardType, Element, Elements
from wizard_p2p.sorcery.costs import ZERO
from wizard_p2p.sorcery.game import Decklist, Game

E = Element


def els(**amounts: int) -> Elements:
    """``els(fire=2, arcane=1)``"""
    names = {
        "light": E.LIGHT,
        "dark": E.DARK,
        "fire": E.FIRE,
        "water": E.WATER,
        "earth": E.EARTH,
        "air": E.AIR,
        "arcane": E.ARCANE,
    }
    return Elements.of({names[k]: v for k, v in amounts.items()})


def card(
    number: str,
    name: str,
    type_: CardType,
    element: Element = E.FIRE,
    *,
    tag: str = "",
    text: str = "",
    cost: Elements = ZERO,
    gain: Elements = ZERO,
    expense: Elements = ZERO,
    attack: int | None = None,
    life: int | None = None,
    power: int | None = None,
    duration: int | None = None,
) -> Card:
    return Card(
        number=number,
        type=type_,
        name=name,
        element=element,
        tag=tag,
        description=text,
        quote="",
        cost=cost,
        gain=gain,
        expense=expense,
        attack=attack,
        life=life,
        power=power,
        duration=duration,
        version="",
    )


C, S, IT, H = CardType.CREATURE, CardType.SKILL, CardType.ITEM, CardType.HERO

# The spell battle example: 火球术 (3 power) reinforced by 炽热射线 (4) is 7; 寒冰屏障 (4)
# alone does not hold it, reinforced by 冰锥术 (3) it does.
FIREBALL = card(
    "311001", "火球术", S, tag="法术·飞弹", cost=els(fire=2), expense=els(fire=1), attack=1, power=3
)
SCORCHING_RAY = card(
    "311003",
    "炽热射线",
    S,
    tag="法术·脉冲",
    text="点燃2",
    cost=els(fire=3),
    expense=els(fire=2),
    attack=1,
    power=4,
)
ICE_BARRIER = card(
    "321004",
    "寒冰屏障",
    S,
    E.WATER,
    tag="法术·防御",
    cost=els(water=2),
    expense=els(water=1),
    power=4,
)
ICE_SHARD = card(
    "321002",
    "冰锥术",
    S,
    E.WATER,
    tag="法术·飞弹",
    cost=els(water=2),
    expense=els(water=1),
    attack=1,
    power=3,
)
HAIL = card(
    "321001",
    "冰雹术",
    S,
    E.WATER,
    tag="法术·AOE",
    text="范围：方阵",
    cost=els(water=2),
    expense=els(water=1),
    attack=1,
    power=2,
)
METEOR = card(
    "311006",
    "陨石术",
    S,
    tag="法术·飞弹",
    text="穿透",
    cost=els(fire=4),
    expense=els(fire=4),
    attack=3,
    power=8,
)
MEDITATE = card("301003", "冥想", S, E.ARCANE, tag="咒术", text="临时获得1？", cost=els(arcane=2))
QUICK_BOLT = card(
    "331005",
    "气旋波",
    S,
    E.AIR,
    tag="法术-飞弹",
    text="速攻。冷却1",
    cost=els(air=1),
    expense=els(air=1),
    attack=1,
    power=1,
)
UNSTOPPABLE = card(
    "311109",
    "地狱烈焰",
    S,
    tag="法术-AOE",
    text="不能被防御。点燃1。范围：方阵。",
    cost=els(fire=4),
    expense=els(fire=3),
    attack=1,
    power=5,
)

# The overdraw example: a 1-attack 6-power spell reinforced by a 1-attack 2-power one,
# 5 fire in all, paid by overdrawing a hero of 4 fire and an armour of 3 fire.
BIG_WARD = card(
    "311901", "大火墙", S, tag="法术·脉冲", cost=els(fire=3), expense=els(fire=3), attack=1, power=6
)
SMALL_WARD = card(
    "311902", "小火墙", S, tag="法术·脉冲", cost=els(fire=2), expense=els(fire=2), attack=1, power=2
)
STRIKE3 = card(
    "361901",
    "三威之击",
    S,
    E.DARK,
    tag="法术-飞弹",
    cost=els(dark=1),
    expense=els(dark=1),
    attack=1,
    power=3,
)
STRIKE5 = card(
    "361902",
    "五威之击",
    S,
    E.DARK,
    tag="法术-飞弹",
    cost=els(dark=1),
    expense=els(dark=1),
    attack=2,
    power=5,
)
TORNADO_FIRE = card("411001", "龙卷火", H, tag="", gain=els(fire=4), life=10)
MOLTEN_ARMOUR = card("212901", "熔火战铠", IT, tag="防具", cost=els(fire=3), gain=els(fire=3))

FIRE_HERO = card("411901", "火之贤者", H, gain=els(fire=2), life=10)
WATER_HERO = card("421901", "水之贤者", H, E.WATER, gain=els(water=2), life=10)

APPRENTICE = card(
    "102002", "巫师的学徒", C, E.ARCANE, tag="巫师", cost=els(arcane=1), gain=els(arcane=1), life=1
)
SALAMANDER = card("112901", "火蜥蜴", C, tag="野兽", cost=els(fire=1), gain=els(fire=1), life=2)
FIRE_WIZARD = card(
    "112012", "火云法师", C, tag="巫师", cost=els(fire=4), gain=els(fire=2, air=2), life=3
)
BRUTE = card("112902", "熔岩巨兽", C, tag="异兽", cost=els(fire=3), attack=2, life=3)
RUNNER = card(
    "102001",
    "屠魔者杀手",
    C,
    E.ARCANE,
    tag="人类",
    text="速攻。",
    cost=els(arcane=3),
    attack=1,
    life=1,
)
OTTER = card(
    "122009", "水栖狸猫", C, E.WATER, tag="野兽", cost=els(water=2), gain=els(water=2), life=1
)
WOLF = card(
    "122010", "冰原狼", C, E.WATER, tag="野兽", cost=els(water=3), gain=els(water=2), life=2
)
KRAKEN = card("122012", "南海海怪", C, E.WATER, tag="异兽", cost=els(water=5), attack=2, life=4)
DRAWER = card(
    "112002",
    "活泼的炉火",
    C,
    tag="造物",
    text="入场：抽1张牌",
    cost=els(fire=2),
    gain=els(fire=1),
    life=1,
)
SEED = card("140001", "生命种子", C, E.EARTH, tag="衍生生物-植物", life=1)
WAND = card("232005", "雷霆魔杖", IT, E.AIR, tag="武器", cost=els(air=1), gain=els(air=1))
STAFF = card("222005", "玛涅斯之杖", IT, E.WATER, tag="武器", cost=els(water=3), gain=els(water=2))
SABRE = card("202108", "纹饰佩剑", IT, E.ARCANE, tag="武器", cost=els(arcane=3), attack=1)
TOME = card("202001", "秘法宝典", IT, E.ARCANE, tag="用具", cost=els(arcane=2), gain=els(arcane=1))
BOTTLE = card("202005", "瓶装元素", IT, E.ARCANE, tag="用具-药剂", text="临时获得1？")
FIRE_SCROLL = card(
    "212004",
    "灼烧卷轴",
    IT,
    tag="用具-卷轴-法术-脉冲",
    text="点燃1",
    cost=els(fire=2),
    attack=1,
    power=5,
)


def fire_deck() -> Decklist:
    main = (
        APPRENTICE,
        SALAMANDER,
        FIRE_WIZARD,
        BRUTE,
        RUNNER,
        DRAWER,
        WAND,
        SABRE,
        TOME,
        BOTTLE,
        FIRE_SCROLL,
        SALAMANDER,
        APPRENTICE,
        FIRE_WIZARD,
        DRAWER,
    )
    skills = (
        FIREBALL,
        SCORCHING_RAY,
        METEOR,
        MEDITATE,
        QUICK_BOLT,
        UNSTOPPABLE,
        SMALL_WARD,
        BIG_WARD,
        HAIL,
        ICE_SHARD,
    )
    return Decklist(FIRE_HERO, main * 2, skills, (SEED,))


def water_deck() -> Decklist:
    main = (
        APPRENTICE,
        OTTER,
        WOLF,
        KRAKEN,
        RUNNER,
        STAFF,
        TOME,
        BOTTLE,
        OTTER,
        WOLF,
        APPRENTICE,
        SABRE,
        KRAKEN,
        TOME,
        BOTTLE,
    )
    skills = (
        ICE_BARRIER,
        ICE_SHARD,
        HAIL,
        MEDITATE,
        QUICK_BOLT,
        FIREBALL,
        STRIKE3,
        STRIKE5,
        SCORCHING_RAY,
        METEOR,
    )
    return Decklist(WATER_HERO, main * 2, skills, (SEED,))


def new_game(
    decks: tuple[Decklist, Decklist] | None = None, *, first: int = 0, seed: int | None = None
) -> Game:
    """A game past its mulligans (both keep); decks in file order unless ``seed``."""
    decks = decks or (fire_deck(), water_deck())
    orders = []
    for d in decks:
        order = list(range(len(d.main)))
        if seed is not None:
            random.Random(seed).shuffle(order)
        orders.append(order)
    return Game.start(decks, first, orders)
