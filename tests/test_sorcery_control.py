"""Card texts that change the table's shape: a card taken to the other side
(获得其控制权) and slots beyond five (记忆项链, 旅行行囊)."""

from __future__ import annotations

import random

from tests import sorcery_cards as fx
from tests.sorcery_cards import E, card, els
from tests.test_sorcery_engine import find, refused, started
from wizard_p2p.bots.sorcery import SorceryBot
from wizard_p2p.sorcery.actions import (
    Attack,
    Consume,
    Damage,
    Equip,
    GainElements,
    Learn,
    MoveCard,
    SetSlots,
    SetTapped,
    TakeControl,
    Zone,
)
from wizard_p2p.sorcery.cards import CardType
from wizard_p2p.sorcery.game import Decklist, Game, Rule


def enemy_unit(game: Game) -> int:
    """A kraken (4 life) of player 1's deck, put in its front row."""
    kraken = find(game, 1, fx.KRAKEN)
    game.apply(MoveCard(1, kraken, Zone.UNITS, (0, 1)))
    return kraken


def test_a_unit_taken_fights_for_its_new_side_and_goes_home_when_it_dies() -> None:
    game = started()
    otter = enemy_unit(game)
    game.apply(Damage(0, otter, 1))
    refused(game, TakeControl(0, otter), Rule.CELL)  # a unit needs a cell
    refused(game, TakeControl(0, otter, (1, 1)), Rule.CELL)  # the hero's cell
    refused(game, TakeControl(1, otter, (0, 0)), Rule.CONTROL)  # already player 1's
    refused(game, TakeControl(0, game.sides[1].hero, (0, 0)), Rule.HERO)
    game.apply(TakeControl(0, otter, (0, 0)))
    p = game.pieces[otter]
    assert (p.owner, p.controller, p.cell, p.damage) == (1, 0, (0, 0), 1)  # keeps its state
    assert game.sides[0].grid[(0, 0)] == otter and (0, 1) not in game.sides[1].grid
    assert otter in [u.id for u in game.units(0)]
    refused(game, SetSlots(1, otter), Rule.NOT_YOURS)  # no longer player 1's to use
    game.apply(SetTapped(0, otter, tapped=False))
    enemy_hero = game.sides[1].hero
    game.apply(Attack(0, otter, enemy_hero))  # from player 0's front row
    assert game.pieces[enemy_hero].damage == fx.KRAKEN.attack
    game.apply(Damage(0, otter, 5))  # it dies: to its owner's discard pile
    assert game.pieces[otter].zone is Zone.DISCARD and otter in game.sides[1].discard
    assert game.pieces[otter].controller == 1 and not game.sides[0].grid.get((0, 0))


def test_the_owner_takes_a_card_back_and_equipment_changes_sides_within_the_limits() -> None:
    game = started()
    otter = enemy_unit(game)
    game.apply(TakeControl(0, otter, (0, 2)))
    game.apply(TakeControl(1, otter, (2, 2)))
    assert game.pieces[otter].controller == 1 and game.sides[1].grid[(2, 2)] == otter
    staff = find(game, 1, fx.STAFF)
    game.apply(MoveCard(1, staff, Zone.EQUIPMENT))
    wand = find(game, 0, fx.WAND)
    game.apply(MoveCard(0, wand, Zone.EQUIPMENT))
    refused(game, TakeControl(0, staff), Rule.EQUIPMENT_KIND)  # both are 武器
    refused(game, TakeControl(0, staff, (0, 0)), Rule.CELL)
    game.apply(MoveCard(0, wand, Zone.DISCARD))
    game.apply(TakeControl(0, staff))
    assert staff in game.sides[0].equipment and staff not in game.sides[1].equipment
    refused(game, TakeControl(0, find(game, 1, fx.WOLF), (0, 0)), Rule.ZONE)  # in the deck


def test_a_card_gives_skill_slots_while_it_stays_in_play() -> None:
    game = started()
    tome = find(game, 0, fx.TOME)
    game.apply(MoveCard(0, tome, Zone.EQUIPMENT))
    for skill in (fx.FIREBALL, fx.SCORCHING_RAY, fx.METEOR, fx.MEDITATE, fx.QUICK_BOLT):
        game.apply(MoveCard(0, find(game, 0, skill, Zone.POOL), Zone.SKILLS))
    game.apply(GainElements(0, els(arcane=20)))
    sixth = find(game, 0, fx.HAIL, Zone.POOL)
    refused(game, Learn(0, sixth), Rule.SKILL_LIMIT)
    refused(game, SetSlots(1, tome, skills=2), Rule.NOT_YOURS)
    refused(game, SetSlots(0, tome, skills=11), Rule.AMOUNT)
    refused(game, SetSlots(0, find(game, 0, fx.BRUTE), skills=2), Rule.ZONE)
    game.apply(SetSlots(0, tome, skills=2))  # 记忆项链: 你的技能槽位+2
    assert game.skill_limit(0) == 7 and game.skill_limit(1) == 5
    game.apply(Learn(0, sixth))
    assert len(game.sides[0].skills) == 6
    refused(game, SetSlots(0, tome), Rule.SKILL_LIMIT)  # six skills do not fit in five
    game.apply(MoveCard(0, tome, Zone.DISCARD))  # the necklace leaves: its slots go
    assert game.skill_limit(0) == 5
    refused(game, Learn(0, find(game, 0, fx.ICE_SHARD, Zone.POOL)), Rule.SKILL_LIMIT)


def test_a_card_gives_equipment_slots_of_any_kind() -> None:
    tomes = Decklist(fx.FIRE_HERO, (fx.WAND,) * 10 + (fx.TOME,) * 20, fx.fire_deck().skills)
    game = started((tomes, fx.water_deck()))
    game.apply(GainElements(0, els(arcane=20)))
    bag = game.sides[0].deck[-1]  # a tome: 旅行行囊 for the test
    game.apply(MoveCard(0, bag, Zone.EQUIPMENT))
    game.apply(SetSlots(0, bag, equipment=2, any_kind=True))
    assert game.equipment_limit(0) == 7 and game.any_kind(0)
    wands = [pid for pid in game.sides[0].hand if game.pieces[pid].card == fx.WAND]
    wands += [pid for pid in game.sides[0].deck if game.pieces[pid].card == fx.WAND]
    for pid in wands[:3]:
        if game.pieces[pid].zone is not Zone.HAND:
            game.apply(MoveCard(0, pid, Zone.HAND))
        game.apply(Equip(0, pid))  # three 武器 at once
    refused(game, SetSlots(0, bag, equipment=2), Rule.EQUIPMENT_KIND)
    tomes_left = [pid for pid in game.sides[0].deck if game.pieces[pid].card == fx.TOME]
    for pid in tomes_left[:3]:
        game.apply(MoveCard(0, pid, Zone.EQUIPMENT))
    assert len(game.sides[0].equipment) == 7
    refused(game, MoveCard(0, tomes_left[3], Zone.EQUIPMENT), Rule.EQUIPMENT_LIMIT)


def test_the_bot_takes_the_slots_of_the_equipment_it_puts_in_play() -> None:
    necklace = card("202903", "记忆项链", CardType.ITEM, E.ARCANE, tag="饰物",
                    text="你的技能槽位+2", cost=els(arcane=1))
    deck = fx.fire_deck()
    game = started((Decklist(deck.hero, (necklace,) * 30, deck.skills), fx.water_deck()))
    game.apply(GainElements(0, els(arcane=20)))
    bot = SorceryBot(random.Random(0))
    equip = bot.decide(game, 0)
    for _ in range(20):  # it takes its loads and learns skills first
        if isinstance(equip, Equip):
            break
        assert isinstance(equip, Consume | Learn), equip
        game.apply(equip)
        equip = bot.decide(game, 0)
    assert isinstance(equip, Equip) and game.pieces[equip.piece].card == necklace
    game.apply(equip)
    assert bot.decide(game, 0) == SetSlots(0, equip.piece, skills=2)
    game.apply(SetSlots(0, equip.piece, skills=2))
    assert game.skill_limit(0) == 7
