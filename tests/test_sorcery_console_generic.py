"""巫师牌's console: the generic actions that change the table's shape (taking control of
a card, the slots a card gives) and a card's load, reached by keys through the ``g``
menu and told in words (the tests' own cards; the real card file is not needed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests import sorcery_cards as fx
from wizard_p2p.sorcery.actions import Modify, MoveCard, SetSlots, TakeControl, Zone
from wizard_p2p.sorcery.cards import CardType, Element
from wizard_p2p.tui.headless import FixedSizeOutput
from wizard_p2p.tui.sorcery_app import SorceryApp
from wizard_p2p.tui.sorcery_pick import LABELS
from wizard_p2p.tui.sorcery_table import SorceryTable
from wizard_p2p.tui.sorcery_text import card_text, zone_name


def playing(lang: str = "en", seed: int = 4) -> SorceryApp:
    """A console at the player's first move of play (both opening hands kept)."""
    app = SorceryApp(SorceryTable((fx.fire_deck(), fx.water_deck()), seed), lang,
                     output=FixedSizeOutput(24, 80))
    app.run_bot()
    app.key("k")
    app.run_bot()
    assert app.mode() == "play"
    return app


def choose(app: SorceryApp, match: Callable[[Any], bool]) -> None:
    """Press the key of the open question's first choice whose value matches."""
    assert app.picker is not None, app.message
    values = [c.value for c in app.picker.choices]
    index = next(i for i, v in enumerate(values) if match(v))
    app.pick(LABELS[index])


def generic(app: SorceryApp, name: str) -> None:
    app.key("g")
    assert app.picker is not None
    texts = [c.text for c in app.picker.choices]
    app.pick(LABELS[texts.index(app.tr(f"sorcery_generic_{name}"))])


def bot_creature_on_its_grid(app: SorceryApp) -> int:
    """The bot carries out a text that puts a creature of its hand on its grid."""
    bot = app.bot_side
    side = app.game.sides[bot]
    pid = next(p for p in side.hand if app.game.pieces[p].card.type is CardType.CREATURE)
    cell = next((r, c) for r in range(3) for c in range(3) if (r, c) not in side.grid)
    app.game.apply(MoveCard(bot, pid, Zone.UNITS, cell))
    return pid


def test_taking_control_of_the_bots_creature_brings_it_to_the_players_grid() -> None:
    app = playing()
    pid = bot_creature_on_its_grid(app)
    generic(app, "control")
    assert app.picker is not None
    offered = [c for c in app.picker.choices if c.value == pid]
    assert offered and app.tr("sorcery_theirs") in offered[0].text
    hero = app.game.sides[app.bot_side].hero
    assert hero not in [c.value for c in app.picker.choices]  # a hero never changes sides
    choose(app, lambda v: v == pid)
    choose(app, lambda cell: True)  # the first free cell of the player's grid
    last = app.game.history[-1]
    assert isinstance(last, TakeControl) and last.piece == pid
    piece = app.game.pieces[pid]
    assert piece.controller == app.me and piece.owner == app.bot_side
    assert piece.cell in app.game.sides[app.me].grid
    assert app.told[-1] == f"You took control of {piece.card.name}."
    # Shown as the controller's: in the player's choices without "bot's", on the player's
    # grid, and its text says it is not on its owner's side.
    app.key("v")
    assert app.picker is not None
    mine = next(c for c in app.picker.choices if c.value == pid)
    assert app.tr("sorcery_theirs") not in mine.text
    assert app.tr("sorcery_borrowed") in card_text(app.tr, app.game, pid)
    app.cancel()
    # The bot's side no longer offers it; the owner could take it back the same way.
    generic(app, "control")
    assert app.picker is None or pid not in [c.value for c in app.picker.choices]


def test_a_cards_slots_are_set_by_keys_and_change_the_zone_limits() -> None:
    app = playing("zh")
    hero = app.game.sides[app.me].hero
    skills, equipment = app.game.skill_limit(app.me), app.game.equipment_limit(app.me)
    generic(app, "slots")
    choose(app, lambda v: v == hero)
    choose(app, lambda n: n == 2)
    choose(app, lambda n: n == 1)
    choose(app, lambda yes: yes is True)
    last = app.game.history[-1]
    assert last == SetSlots(app.me, hero, 2, 1, True)
    assert app.game.skill_limit(app.me) == skills + 2
    assert app.game.equipment_limit(app.me) == equipment + 1
    assert app.game.any_kind(app.me)
    assert app.told[-1].startswith("你：") and "+2" in app.told[-1] and "+1" in app.told[-1]
    assert app.tr("sorcery_told_any_kind") in app.told[-1]


def test_a_cards_load_is_modified_by_keys() -> None:
    app = playing("ja")
    hero = app.game.sides[app.me].hero
    before = app.game.pieces[hero].gain
    generic(app, "modify")
    choose(app, lambda v: v == hero)
    choose(app, lambda field: field == "gain")
    choose(app, lambda e: e is Element.WATER)
    choose(app, lambda n: n == 2)
    last = app.game.history[-1]
    assert isinstance(last, Modify) and last.gain == fx.els(water=2)
    assert app.game.pieces[hero].gain[Element.WATER] == before[Element.WATER] + 2
    assert app.message == ""


_ZH_ZONES = ("主卡组", "手牌", "单位区", "技能区", "装备区", "技能池", "弃牌堆", "闲置区")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_zones_are_named_in_the_screens_language(lang: str) -> None:
    app = playing(lang)
    shown: list[str] = []

    def offered() -> list[str]:
        assert app.picker is not None, app.message
        return [c.text for c in app.picker.choices]

    app.key("v")  # every card of the table, the hand's and the pool's named by zone
    shown += offered()
    assert any(zone_name(app.tr, Zone.HAND) in t for t in shown)
    assert any(zone_name(app.tr, Zone.POOL) in t for t in shown)
    app.cancel()
    generic(app, "move")
    shown += offered()
    choose(app, lambda z: z is Zone.HAND)
    assert app.picker is not None
    pid = app.picker.choices[0].value
    choose(app, lambda v: v == pid)
    shown += offered()
    choose(app, lambda z: z is Zone.DISCARD)
    last = app.game.history[-1]
    assert isinstance(last, MoveCard) and last.zone is Zone.DISCARD
    shown += [app.told[-1], card_text(app.tr, app.game, pid)]
    assert zone_name(app.tr, Zone.DISCARD) in app.told[-1]
    for text in shown:
        assert not any(word in text for word in _ZH_ZONES), text
