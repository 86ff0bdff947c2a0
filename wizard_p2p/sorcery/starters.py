"""The project's own starter decks of 巫师牌, one per pair of elements, as deck codes.

Each is composed for practice and tests: one hero, a main deck whose costs curve
from 1 to 5 elements (most at 2 and 3), paid by its two elements and arcane, and a
skill pool of attack spells with at least one defence spell. The codes are written
exactly as SorceryComposer writes them (an empty extra group ends in ``// ``) and
name card numbers of SorceryComposer's card file; a test checks every one is legal
on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from wizard_p2p.sorcery.cards import Element

__all__ = ["STARTERS", "Starter", "starter"]


@dataclass(frozen=True, slots=True)
class Starter:
    """A starter deck: its name on the command line (``--deck NAME``), its two
    elements (the hero's first), a line about it, and its code."""

    name: str
    elements: tuple[Element, Element]
    about: str
    code: str


STARTERS: tuple[Starter, ...] = (
    Starter(
        "fire-earth",
        (Element.FIRE, Element.EARTH),
        "女巫 维兰德: cheap fire creatures, burning and ignition spells, earth walls",
        (
            "411101 // "
            "102002 102002 112001 112001 112002 112002 112003 112003 112004 112004 112006 "
            "112006 112009 112009 112011 112011 112102 112102 112110 112110 142002 142002 "
            "142105 142105 142110 202011 212008 242002 242010 242010 // "
            "311001 311002 311003 311004 311006 311010 311012 341001 341005 341010 // "
        ),
    ),
    Starter(
        "water-air",
        (Element.WATER, Element.AIR),
        "水行者 巴特尔: water creatures, freezing spells and barriers, air for reach",
        (
            "421001 // "
            "122002 122002 122006 122006 122009 122009 122010 122010 122103 122103 122107 "
            "122107 122109 122109 132001 132001 132003 132003 132010 132011 132011 132101 "
            "132101 132105 132111 132111 202011 222005 222009 222105 // "
            "321001 321002 321003 321004 321005 321006 321011 321012 321101 331010 // "
        ),
    ),
    Starter(
        "air-fire",
        (Element.AIR, Element.FIRE),
        "掌门 穆伶: air and fire creatures side by side, lightning and fireballs",
        (
            "431001 // "
            "111008 112001 112001 112002 112002 112006 112006 112011 112011 112012 112012 "
            "112102 112102 112110 132001 132001 132003 132003 132010 132010 132101 132101 "
            "132102 132105 132105 132111 132111 202011 212008 232005 // "
            "311001 311002 311012 331001 331002 331003 331004 331005 331006 331010 // "
        ),
    ),
    Starter(
        "earth-water",
        (Element.EARTH, Element.WATER),
        "森林隐士 白须: sturdy earth creatures, stone walls, petrifying and ice",
        (
            "441001 // "
            "102002 102002 102011 102011 102101 102101 122002 122002 122009 122009 122010 "
            "122010 142001 142001 142002 142002 142005 142005 142012 142012 142105 142105 "
            "142107 142110 142110 202011 242002 242007 242010 242010 // "
            "321002 321004 321011 341001 341002 341003 341005 341007 341008 341010 // "
        ),
    ),
    Starter(
        "light-air",
        (Element.LIGHT, Element.AIR),
        "圣使 玛丽斯 南森埃尔: angels and air beasts, light missiles and a holy shield",
        (
            "451001 // "
            "102004 102004 132001 132001 132003 132003 132004 132004 132006 132006 132010 "
            "132010 132101 132101 132102 132102 132105 132105 152003 152003 152008 152008 "
            "152009 152009 152012 152012 202011 232005 252008 252008 // "
            "331002 331003 331004 331010 331012 351003 351004 351006 351008 351010 // "
        ),
    ),
    Starter(
        "dark-earth",
        (Element.DARK, Element.EARTH),
        "魔女 爱莉斯: dark creatures, shadow missiles and reaping, earth walls",
        (
            "461001 // "
            "102011 102011 102101 102101 142002 142002 142005 142005 142012 142012 142105 "
            "142105 142110 142110 162001 162001 162002 162002 162005 162005 162011 162011 "
            "162101 162101 162102 162102 202011 242002 262009 262009 // "
            "341001 341005 361001 361002 361003 361004 361005 361007 361008 361012 // "
        ),
    ),
)


def starter(name: str) -> Starter | None:
    """The starter deck called ``name``, or None."""
    return next((s for s in STARTERS if s.name == name), None)
