"""One card of 巫师牌 as a value type: its element, kind, costs and numbers.

The card file (SorceryComposer's ``all_card_infos.json``) is decoded into these types
by the card-file decoder; everything else in the game works on them, never on the
file's dictionaries.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Element(StrEnum):
    """The seven elements, spelt as the card file spells them. ``ARCANE`` (奥术) is
    ``?``: in a cost any element pays it, and gained it pays for any element."""

    LIGHT = "光"
    DARK = "暗"
    FIRE = "火"
    WATER = "水"
    EARTH = "地"
    AIR = "气"
    ARCANE = "?"


class CardType(StrEnum):
    """The four kinds of card, spelt as the card file spells them."""

    CREATURE = "生物"  # the rules' 伙伴牌
    ITEM = "道具"
    SKILL = "技能"
    HERO = "英雄"  # the rules' 人物牌


@dataclass(frozen=True, slots=True)
class Elements:
    """An amount of each element, in ``Element`` order; every count is 0 or more."""

    counts: tuple[int, int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0, 0)

    def __post_init__(self) -> None:
        if len(self.counts) != len(Element) or any(n < 0 for n in self.counts):
            raise ValueError(f"not an amount of the seven elements: {self.counts!r}")

    @classmethod
    def of(cls, amounts: dict[Element, int]) -> Elements:
        return cls(tuple(amounts.get(e, 0) for e in Element))  # type: ignore[arg-type]

    def __getitem__(self, element: Element) -> int:
        return self.counts[list(Element).index(element)]

    @property
    def total(self) -> int:
        return sum(self.counts)

    def __bool__(self) -> bool:
        return self.total > 0

    def __str__(self) -> str:
        """``2火1?`` ; ``0`` when empty."""
        parts = [f"{n}{e.value}" for e, n in zip(Element, self.counts, strict=True) if n]
        return "".join(parts) or "0"


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the card file. ``number`` (6 digits) is its identity: its first digit
    is its type, and a third digit 0 marks a card of the extra deck (derived cards and a
    few special ones). ``None`` stands where the file writes -1 (no such number)."""

    number: str
    type: CardType
    name: str
    element: Element  # the file's ``category``
    tag: str  # its subtype: 巫师, 法术-飞弹, 武器, 传奇人类 …
    description: str
    quote: str
    cost: Elements  # 入场费用, ``elements_cost``
    gain: Elements  # 负载, ``elements_gain``
    expense: Elements  # 使用费用, ``elements_expense``
    attack: int | None
    life: int | None
    power: int | None  # 威力, spells
    duration: int | None  # an 异能's duration
    version: str  # the pack: 基础包, 百家争鸣, or empty

    @property
    def legendary(self) -> bool:
        """A 传奇 card: at most one copy in a deck."""
        return self.tag.startswith("传奇")

    @property
    def extra(self) -> bool:
        """A card of the extra deck (derived, 衍生, and a few special ones): outside the
        counts of the deck's groups; only a derived one is outside the copy limits."""
        return self.number[2] == "0"

    @property
    def derived(self) -> bool:
        """A derived card (衍生, by its tag): other cards' effects bring it into play, so a
        deck may hold it outside every count and copy limit."""
        return "衍生" in self.tag

    def __str__(self) -> str:
        return f"{self.name} ({self.number})"
