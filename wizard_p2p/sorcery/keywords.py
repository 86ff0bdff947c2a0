"""The keywords the engine reads in a card's text and its tag, and applies itself.

A card's description is free prose. It is cut into clauses at its punctuation; a clause
that is one of the keywords below becomes a field of ``Keywords``, every other clause
is kept in ``manual`` for the players to carry out with the generic actions. Once a
clause opens a triggered or activated text (``入场：``, ``遗言：``, ``回合技：``,
``绝技：``, ``消耗：`` …), everything after it belongs to that text and is manual too,
except the count of ``回合技X`` and ``绝技``, which the engine keeps.

The automatic keywords:

========================  ===============================================================
速攻                      the card enters the battlefield upright (ready to consume)
冷却X                     after each use the card takes X cooldown markers
回合技X (回合技 = 1)      the ability is used at most X times a turn
绝技                      the ability is used once while the card stays in play
穿透                      the card's attack ignores mana range
范围：前排/方阵/溅射/…    the spell targets an area, not a unit
不能被防御                no defence can be declared against the spell
点燃X 冻结X 晕眩X 石化X   markers a spell puts on every unit it hits
临时获得X元素             an incantation or consumable gains these elements when used
精通X                     each consumption of the card adds a mastery marker
引魔                      the unit is always in the enemy's mana range
========================  ===============================================================

The tag says what kind of card it is: ``法术`` spells (``防御`` among them only defend),
``咒术`` incantations, ``卷轴`` scrolls (a scroll with power is a spell cast from the
hand), ``药剂`` potions, and an item's kind (武器, 防具, 饰物, 神器: one of each).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from wizard_p2p.sorcery.cards import Card, CardType, Element, Elements
from wizard_p2p.sorcery.costs import ZERO

__all__ = [
    "EQUIPMENT_KINDS",
    "AreaShape",
    "Keywords",
    "Marker",
    "SkillKind",
    "equipment_kind",
    "is_consumable",
    "is_defence_only",
    "is_spell",
    "keywords_of",
    "parse",
    "skill_kind",
]


class Marker(StrEnum):
    """The markers a card can carry: the status markers (the first nine lose one layer at
    their holder's end of turn), mastery and the named tokens of card texts (kept)."""

    IGNITE = "点燃"
    FREEZE = "冻结"
    STUN = "眩晕"
    PETRIFY = "石化"
    WEAK = "虚弱"
    COOLDOWN = "冷却"
    SHIELD = "护盾"
    HIDDEN = "隐蔽"
    SEAL = "封印"
    MASTERY = "精通"
    FIRE_TOKEN = "火焰标记物"
    ALCHEMY_TOKEN = "炼金标记物"
    SHADOW_TOKEN = "暗影标记物"
    EARTH_TOKEN = "地脉标记物"
    MANA_TOKEN = "法力标记物"
    STAR_CHART = "星象图"

    @property
    def decays(self) -> bool:
        """Whether one layer is removed at the end of its holder's turn."""
        return self in _DECAYING


_DECAYING = frozenset(
    {
        Marker.IGNITE,
        Marker.FREEZE,
        Marker.STUN,
        Marker.PETRIFY,
        Marker.WEAK,
        Marker.COOLDOWN,
        Marker.SHIELD,
        Marker.HIDDEN,
        Marker.SEAL,
    }
)


class AreaShape(StrEnum):
    """The areas of 范围：… (the unit grid and its cells are in ``grid.py``)."""

    FRONT = "前排"
    SQUARE = "方阵"
    SPLASH = "溅射"
    COLUMN = "纵列"
    FIELD = "全场"
    ANY = "任意"


class SkillKind(StrEnum):
    SPELL = "法术"
    INCANTATION = "咒术"


EQUIPMENT_KINDS = ("武器", "防具", "饰物", "神器")

# The spelling of a status in card texts -> its marker (晕眩 is the texts' 眩晕).
_STATUS_WORDS = {
    "点燃": Marker.IGNITE,
    "冻结": Marker.FREEZE,
    "晕眩": Marker.STUN,
    "眩晕": Marker.STUN,
    "石化": Marker.PETRIFY,
    "虚弱": Marker.WEAK,
}
# An element as card texts write it (a full-width ？ for arcane too).
ELEMENT_WORDS = {
    "光": Element.LIGHT,
    "暗": Element.DARK,
    "火": Element.FIRE,
    "水": Element.WATER,
    "地": Element.EARTH,
    "气": Element.AIR,
    "?": Element.ARCANE,
    "？": Element.ARCANE,
}
_TRIGGERS = ("入场", "遗言", "回合技", "绝技", "消耗", "祈咒", "献祭", "命中", "精通")

_CLAUSE_SPLIT = re.compile(r"[。，,；;\n]|\.(?!\d)")
_COOLDOWN = re.compile(r"冷却(\d+)")
_PER_TURN = re.compile(r"回合技(\d*)[：:]")
_AREA = re.compile(r"范围[：:](前排|方阵|溅射|纵列|全场|任意)")
_STATUS = re.compile(r"(点燃|冻结|晕眩|眩晕|石化|虚弱)(\d+)")
_GAIN = re.compile(r"临时获得((?:\d+[光暗火水地气?？])+)")
_GAIN_PART = re.compile(r"(\d+)([光暗火水地气?？])")
_GAIN_AT_END = re.compile(_GAIN.pattern + "$")
_MASTERY = re.compile(r"精通(\d+)")


@dataclass(frozen=True, slots=True)
class Keywords:
    """What the engine applies of one card's text; ``manual`` is the rest, clause by
    clause, for the players."""

    haste: bool = False
    cooldown: int = 0
    per_turn: int = 0  # uses of its 回合技 a turn; 0: it has none
    ultimate: bool = False
    pierce: bool = False
    area: AreaShape | None = None
    undefendable: bool = False
    on_hit: tuple[tuple[Marker, int], ...] = ()
    gain: Elements = ZERO
    mastery: bool = False
    lure: bool = False
    manual: tuple[str, ...] = ()

    @property
    def automatic(self) -> bool:
        """Whether the engine carries out the whole text."""
        return not self.manual


def parse(description: str) -> Keywords:
    """The keywords of a card text (see the module's table)."""
    fields: dict[str, object] = {}
    on_hit: list[tuple[Marker, int]] = []
    gain = [0] * len(Element)
    manual: list[str] = []
    in_text = False
    for raw in _CLAUSE_SPLIT.split(description):
        clause = raw.strip()
        if not clause:
            continue
        if _MASTERY.match(clause):
            fields["mastery"] = True
        per_turn = _PER_TURN.match(clause)
        if per_turn:
            fields["per_turn"] = int(per_turn.group(1) or 1)
        if clause.startswith("绝技"):
            fields["ultimate"] = True
        if in_text or clause.startswith(_TRIGGERS):
            in_text = True
            manual.append(clause)
            continue
        if clause == "速攻":
            fields["haste"] = True
        elif m := _COOLDOWN.fullmatch(clause):
            fields["cooldown"] = int(m.group(1))
        elif clause == "引魔":
            fields["lure"] = True
        elif clause == "穿透":
            fields["pierce"] = True
        elif clause == "不能被防御":
            fields["undefendable"] = True
        elif m := _AREA.fullmatch(clause):
            fields["area"] = AreaShape(m.group(1))
        elif m := _STATUS.fullmatch(clause):
            on_hit.append((_STATUS_WORDS[m.group(1)], int(m.group(2))))
        elif m := _GAIN.fullmatch(clause):
            for element, n in _gained(m.group(1)).items():
                gain[list(Element).index(element)] += n
        else:
            manual.append(clause)
    return Keywords(
        haste=bool(fields.get("haste", False)),
        cooldown=int(fields.get("cooldown", 0)),  # type: ignore[call-overload]
        per_turn=int(fields.get("per_turn", 0)),  # type: ignore[call-overload]
        ultimate=bool(fields.get("ultimate", False)),
        pierce=bool(fields.get("pierce", False)),
        area=fields.get("area"),  # type: ignore[arg-type]
        undefendable=bool(fields.get("undefendable", False)),
        on_hit=tuple(on_hit),
        gain=Elements(tuple(gain)),  # type: ignore[arg-type]
        mastery=bool(fields.get("mastery", False)),
        lure=bool(fields.get("lure", False)),
        manual=tuple(manual),
    )


_CACHE: dict[str, Keywords] = {}


def keywords_of(card: Card) -> Keywords:
    """``parse(card.description)``, remembered (card texts repeat across games)."""
    found = _CACHE.get(card.description)
    if found is None:
        found = _CACHE[card.description] = parse(card.description)
    return found


def _tag_parts(card: Card) -> list[str]:
    return re.split(r"[-·]", card.tag)


def skill_kind(card: Card) -> SkillKind | None:
    """A skill's kind (法术 or 咒术); a scroll's too (it is cast as that kind)."""
    if card.type is CardType.SKILL or (card.type is CardType.ITEM and "卷轴" in card.tag):
        if "法术" in card.tag or (card.power is not None and "卷轴" in card.tag):
            return SkillKind.SPELL
        if "咒术" in card.tag:
            return SkillKind.INCANTATION
    return None


def is_spell(card: Card) -> bool:
    """A spell (a skill or a scroll) with a power, the cards of a spell battle."""
    return skill_kind(card) is SkillKind.SPELL and card.power is not None


def is_defence_only(card: Card) -> bool:
    """防御: a spell used only to defend."""
    return "防御" in _tag_parts(card)


def is_consumable(card: Card) -> bool:
    """An item that goes to the discard pile once used: potions and scrolls."""
    return card.type is CardType.ITEM and ("药剂" in card.tag or "卷轴" in card.tag)


def equipment_kind(card: Card) -> str | None:
    """The kind of an equipment (one of each is allowed), or ``None`` for the
    unclassified ones (用具, 地形, …), which only count towards the five."""
    first = _tag_parts(card)[0].removeprefix("传奇")
    return first if first in EQUIPMENT_KINDS else None


def _gained(parts: str) -> dict[Element, int]:
    amounts: dict[Element, int] = {}
    for n, word in _GAIN_PART.findall(parts):
        element = ELEMENT_WORDS[word]
        amounts[element] = amounts.get(element, 0) + int(n)
    return amounts


def closing_gain(text: str) -> dict[Element, int] | None:
    """The elements a text's closing 临时获得… clause gives, or None when it ends otherwise."""
    m = _GAIN_AT_END.search(text)
    return _gained(m.group(1)) if m else None
