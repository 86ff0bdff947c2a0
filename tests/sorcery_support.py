"""Cards of 巫师牌 built in the tests, and the real card file where it is present.

The card file is the game's data and never in the repository: tests that need it call
:func:`real_card_file`, which skips with the reason when ``../shared`` is absent;
everything else builds its cards here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wizard_p2p.sorcery.cardfile import CardDatabase, decode_card_file
from wizard_p2p.sorcery.cards import Card, CardType, Element, Elements

REPO = Path(__file__).resolve().parent.parent
REAL_CARD_FILE = REPO.parent / "shared" / "sorcery" / "all_card_infos.json"

_TYPE_DIGIT = {CardType.CREATURE: "1", CardType.ITEM: "2", CardType.SKILL: "3", CardType.HERO: "4"}
_ELEMENT_DIGIT = {
    Element.ARCANE: "0", Element.FIRE: "1", Element.WATER: "2", Element.AIR: "3",
    Element.EARTH: "4", Element.LIGHT: "5", Element.DARK: "6",
}


def real_card_file_bytes() -> bytes:
    """The bytes of the real card file, or the test is skipped saying why."""
    if not REAL_CARD_FILE.is_file():
        pytest.skip(f"the real card file is not at {REAL_CARD_FILE} (it is never in the "
                    "repository; CI may run without it)")
    return REAL_CARD_FILE.read_bytes()


def real_card_file() -> CardDatabase:
    return decode_card_file(real_card_file_bytes())


def card(
    card_type: CardType,
    serial: int,
    *,
    element: Element = Element.FIRE,
    extra: bool = False,
    tag: str = "",
    name: str | None = None,
    cost: dict[Element, int] | None = None,
    gain: dict[Element, int] | None = None,
    life: int | None = None,
    attack: int | None = None,
    power: int | None = None,
) -> Card:
    """A card numbered as the card file numbers them: type digit, element digit, then
    ``0`` for an extra-deck card or a non-zero third digit, then ``serial``."""
    third = "0" if extra else "1"
    number = f"{_TYPE_DIGIT[card_type]}{_ELEMENT_DIGIT[element]}{third}{serial:03d}"
    if card_type is CardType.HERO and life is None:
        life = 10
    return Card(
        number=number, type=card_type, name=name or f"卡{number}", element=element, tag=tag,
        description="", quote="", cost=Elements.of(cost or {}), gain=Elements.of(gain or {}),
        expense=Elements(), attack=attack, life=life, power=power, duration=None, version="",
    )


def card_json(c: Card) -> dict[str, Any]:
    """``c`` as the card file writes a card."""
    def elements(e: Elements) -> dict[str, int]:
        return {el.value: e[el] for el in Element}

    def stat(n: int | None) -> int:
        return -1 if n is None else n

    return {
        "number": c.number, "type": c.type.value, "name": c.name, "category": c.element.value,
        "tag": c.tag, "description": c.description, "quote": c.quote,
        "elements_cost": elements(c.cost), "elements_gain": elements(c.gain),
        "attack": stat(c.attack), "life": stat(c.life), "version": c.version,
        "duration": stat(c.duration), "power": stat(c.power),
        "elements_expense": elements(c.expense),
    }


def card_file_bytes(cards: list[Card]) -> bytes:
    return json.dumps([card_json(c) for c in cards], ensure_ascii=False).encode()


def small_pool() -> CardDatabase:
    """Enough cards for a legal deck and for breaking each rule: 2 heroes, 20 main
    cards (one legendary), 12 skills, 2 extra cards."""
    cards = [card(CardType.HERO, 1), card(CardType.HERO, 2, element=Element.WATER)]
    cards += [card(CardType.CREATURE, i, life=2, gain={Element.FIRE: 1}) for i in range(1, 11)]
    cards += [card(CardType.ITEM, i) for i in range(1, 10)]
    cards.append(card(CardType.CREATURE, 99, tag="传奇人类", life=3))
    cards += [card(CardType.SKILL, i, power=3, attack=1) for i in range(1, 13)]
    cards += [card(CardType.SKILL, 1, extra=True, tag="衍生法术-AOE"),
              card(CardType.CREATURE, 1, extra=True, tag="衍生生物")]
    return CardDatabase(tuple(cards))
