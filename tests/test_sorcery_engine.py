"""The rules engine of 巫师牌: turns, spell battles (the rule document's worked examples),
overdraw, zone and hand limits, markers at the end of a turn, range, and that an
illegal action changes nothing. Positions are built with the generic actions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import sorcery_cards as fx
from tests.sorcery_cards import els
from wizard_p2p.errors import IllegalAction
from wizard_p2p.sorcery.actions import (
    AddMarker,
    AreaTarget,
    Attack,
    Cast,
    Concede,
    Consume,
    CreateDerived,
    Damage,
    Defend,
    Draw,
    EndReason,
    EndTurn,
    Equip,
    GainElements,
    Heal,
    Invoke,
    Learn,
    Modify,
    MoveCard,
    Mulligan,
    SetTapped,
    Summon,
    UseItem,
    Zone,
)
from wizard_p2p.sorcery.cards import Card
from wizard_p2p.sorcery.game import Decklist, Game, Rule, Step
from wizard_p2p.sorcery.keywords import AreaShape, Marker


def started(decks: tuple[Decklist, Decklist] | None = None) -> Game:
    game = fx.new_game(decks)
    game.apply(Mulligan(0))
    game.apply(Mulligan(1))
    return game


def find(game: Game, player: int, card: Card, zone: Zone | None = None) -> int:
    for p in game.pieces.values():
        if p.owner == player and p.card == card and (zone is None or p.zone is zone):
            return p.id
    raise AssertionError(f"no {card.name} of player {player} in {zone}")


def ready_skill(game: Game, player: int, card: Card) -> int:
    """Put a skill of the pool into the skill zone, upright (a card text's doing)."""
    pid = find(game, player, card, Zone.POOL)
    game.apply(MoveCard(player, pid, Zone.SKILLS))
    game.apply(SetTapped(player, pid, tapped=False))
    return pid


def snapshot(game: Game) -> object:
    pieces = tuple(
        (p.id, p.card.number, p.owner, p.zone, p.cell, p.tapped, p.damage, p.attack_bonus,
         p.life_bonus, p.power_bonus, p.gain_bonus, tuple(sorted(p.markers.items())), p.uses,
         p.ultimate_used, p.active_until)
        for p in sorted(game.pieces.values(), key=lambda p: p.id)
    )
    sides = tuple(
        (tuple(s.deck), tuple(s.hand), tuple(s.discard), tuple(s.pool), tuple(s.idle),
         tuple(s.skills), tuple(s.equipment), tuple(sorted(s.grid.items())), s.elements)
        for s in game.sides
    )
    return (pieces, sides, game.step, game.active, game.to_move, game.turn, game.battle,
            game.outcome, len(game.history))


def refused(game: Game, action: object, rule: Rule) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert info.value.rule == rule.value, str(info.value)
    assert snapshot(game) == before


# --- the turn --------------------------------------------


def test_opening_hands_mulligan_and_the_first_draw() -> None:
    game = fx.new_game()
    assert game.step is Step.MULLIGAN
    assert [len(s.hand) for s in game.sides] == [4, 4]
    refused(game, Mulligan(1), Rule.TURN)  # the first player decides first
    refused(game, Mulligan(0, (0, 1)), Rule.ORDER)
    before = list(game.sides[0].hand)
    order = tuple(reversed(range(len(game.sides[0].hand) + len(game.sides[0].deck))))
    game.apply(Mulligan(0, order))
    assert game.sides[0].hand != before and len(game.sides[0].hand) == 4
    game.apply(Mulligan(1))
    assert (game.step, game.turn, game.active) == (Step.PLAY, 1, 0)
    assert len(game.sides[0].hand) == 5  # the turn's draw
    assert len(game.sides[1].hand) == 4


def test_the_first_player_takes_half_the_hero_load_on_the_first_turn() -> None:
    game = started()
    hero0 = game.sides[0].hero
    refused(game, Consume(0, hero0, els(fire=2)), Rule.FIRST_TURN_LOAD)
    game.apply(Consume(0, hero0))
    assert game.sides[0].elements == els(fire=1)
    refused(game, Consume(0, hero0), Rule.TAPPED)
    game.apply(EndTurn(0))
    assert game.sides[0].elements == els()  # unspent elements vanish
    assert not game.pieces[hero0].tapped  # reset at the end of the turn
    game.apply(Consume(1, game.sides[1].hero))
    assert game.sides[1].elements == els(water=2)


def test_cards_enter_tapped_unless_haste_and_costs_are_paid() -> None:
    game = started()
    salamander = find(game, 0, fx.SALAMANDER, Zone.HAND)
    refused(game, Summon(0, salamander, (0, 0)), Rule.COST)
    game.apply(GainElements(0, els(arcane=4)))
    refused(game, Summon(0, salamander, (1, 1)), Rule.CELL)  # the hero's cell
    game.apply(Summon(0, salamander, (0, 0)))
    assert game.pieces[salamander].tapped and salamander not in game.sides[0].hand
    assert game.sides[0].elements == els(arcane=3)  # arcane paid the fire
    runner = find(game, 0, fx.RUNNER, Zone.HAND)
    game.apply(Summon(0, runner, (0, 1)))
    assert not game.pieces[runner].tapped  # 速攻


def test_the_hand_limit_at_the_end_of_the_turn() -> None:
    game = started()
    game.apply(Draw(0, 2))
    assert len(game.sides[0].hand) == 7
    refused(game, EndTurn(0), Rule.HAND_LIMIT)
    hand = game.sides[0].hand
    refused(game, EndTurn(0, (hand[0],)), Rule.HAND_LIMIT)
    refused(game, EndTurn(0, (hand[0], hand[0])), Rule.HAND_LIMIT)
    game.apply(EndTurn(0, (hand[0], hand[1])))
    assert len(game.sides[0].hand) == 5 and len(game.sides[0].discard) == 2


# --- spell battles --------------------------------------------


def battle_position(defender_spells: tuple[Card, ...]) -> tuple[Game, int, int, int]:
    game = started()
    fireball = ready_skill(game, 0, fx.FIREBALL)
    ray = ready_skill(game, 0, fx.SCORCHING_RAY)
    for spell in defender_spells:
        ready_skill(game, 1, spell)
    game.apply(GainElements(0, els(fire=3)))
    return game, fireball, ray, game.sides[1].hero


def test_reinforced_fireball_hits_a_lone_ice_barrier() -> None:
    game, fireball, ray, hero1 = battle_position((fx.ICE_BARRIER,))
    game.apply(Cast(0, fireball, (ray,), target=hero1))
    assert game.step is Step.DEFEND and game.to_move == 1
    assert game.battle is not None and game.battle.power == 7 and game.battle.attack == 1
    refused(game, EndTurn(0), Rule.STEP)
    barrier = find(game, 1, fx.ICE_BARRIER)
    game.apply(Defend(1, barrier, overdraw=(hero1,)))
    assert game.last_battle is not None
    assert (game.last_battle.power, game.last_battle.defence, game.last_battle.hit) == (7, 4, True)
    assert game.pieces[hero1].life == 9  # the fireball's attack, 1
    assert game.pieces[hero1].marker(Marker.IGNITE) == 0  # 炽热射线's 点燃2 does not come along
    assert game.pieces[hero1].tapped and game.sides[1].elements == els()  # surplus lost
    assert game.pieces[fireball].tapped and game.pieces[ray].tapped
    assert game.step is Step.PLAY and game.to_move == 0


def test_ice_barrier_reinforced_by_ice_shard_holds_it() -> None:
    game, fireball, ray, hero1 = battle_position((fx.ICE_BARRIER, fx.ICE_SHARD))
    game.apply(Cast(0, fireball, (ray,), target=hero1))
    barrier, shard = find(game, 1, fx.ICE_BARRIER), find(game, 1, fx.ICE_SHARD)
    game.apply(Defend(1, barrier, (shard,), overdraw=(hero1,)))
    assert game.last_battle is not None
    assert (game.last_battle.defence, game.last_battle.hit) == (7, False)
    assert game.pieces[hero1].life == 10


def test_the_overdraw_example_pays_five_fire_with_four_and_three_and_loses_two() -> None:
    attacker = Decklist(fx.WATER_HERO, fx.water_deck().main, (fx.STRIKE3, fx.STRIKE5))
    defender = Decklist(
        fx.TORNADO_FIRE, (fx.MOLTEN_ARMOUR,) * 30, (fx.BIG_WARD, fx.SMALL_WARD)
    )
    game = started((attacker, defender))
    s3, s5 = ready_skill(game, 0, fx.STRIKE3), ready_skill(game, 0, fx.STRIKE5)
    big, small = ready_skill(game, 1, fx.BIG_WARD), ready_skill(game, 1, fx.SMALL_WARD)
    armour = find(game, 1, fx.MOLTEN_ARMOUR, Zone.HAND)
    game.apply(MoveCard(1, armour, Zone.EQUIPMENT))
    game.apply(SetTapped(1, armour, tapped=False))
    hero1 = game.sides[1].hero
    game.apply(GainElements(0, els(dark=2)))
    game.apply(Cast(0, s3, (s5,), target=hero1))
    assert game.battle is not None and (game.battle.power, game.battle.attack) == (8, 1)
    refused(game, Defend(1, big, (small,), overdraw=(hero1,)), Rule.COST)  # 4 fire < 5
    refused(game, Defend(1, big, (small,), overdraw=(hero1, hero1)), Rule.OVERDRAW)
    game.apply(Defend(1, big, (small,), overdraw=(hero1, armour)))
    assert game.last_battle is not None
    assert (game.last_battle.defence, game.last_battle.hit) == (8, False)  # 8 does not exceed 8
    assert game.sides[1].elements == els()  # the 2 fire left over are gone
    assert game.pieces[hero1].tapped and game.pieces[armour].tapped
    assert game.pieces[hero1].marker(Marker.MASTERY) == 0  # overdrawing is not consuming


def test_defence_only_spells_do_not_attack_and_the_undefendable_is_not_defended() -> None:
    game = started((fx.water_deck(), fx.fire_deck()))
    barrier = ready_skill(game, 0, fx.ICE_BARRIER)
    hero1 = game.sides[1].hero
    game.apply(GainElements(0, els(water=1)))
    refused(game, Cast(0, barrier, target=hero1), Rule.DEFENCE_ONLY)
    game = started()
    hell = ready_skill(game, 0, fx.UNSTOPPABLE)
    ready_skill(game, 1, fx.ICE_SHARD)
    game.apply(GainElements(0, els(fire=3)))
    game.apply(Cast(0, hell, area=AreaTarget(1, AreaShape.SQUARE, (0, 0))))
    shard = find(game, 1, fx.ICE_SHARD)
    refused(game, Defend(1, shard, overdraw=(game.sides[1].hero,)), Rule.UNDEFENDABLE)
    game.apply(Defend(1))
    hero1 = game.sides[1].hero
    assert game.pieces[hero1].life == 9 and game.pieces[hero1].marker(Marker.IGNITE) == 1


# --- range and areas --------------------------------------------


def test_mana_range_is_the_enemy_front_row_and_pierce_ignores_it() -> None:
    game = started()
    fireball = ready_skill(game, 0, fx.FIREBALL)
    meteor = ready_skill(game, 0, fx.METEOR)
    otter = find(game, 1, fx.OTTER)
    game.apply(MoveCard(1, otter, Zone.UNITS, (0, 2)))  # a unit in front of the hero
    hero1 = game.sides[1].hero
    game.apply(GainElements(0, els(fire=5)))
    refused(game, Cast(0, fireball, target=hero1), Rule.RANGE)
    game.apply(AddMarker(1, hero1, Marker.HIDDEN))
    refused(game, Cast(0, meteor, target=hero1), Rule.HIDDEN)  # 隐蔽 over 穿透
    game.apply(Cast(0, fireball, target=otter))
    game.apply(Defend(1))
    assert game.pieces[otter].zone is Zone.DISCARD  # 1 life, 1 attack: dead


def test_an_area_may_not_start_behind_the_enemy_front_row() -> None:
    game = started()
    hail = ready_skill(game, 0, fx.HAIL)
    otter = find(game, 1, fx.OTTER)
    game.apply(MoveCard(1, otter, Zone.UNITS, (0, 0)))
    game.apply(GainElements(0, els(water=1)))
    refused(game, Cast(0, hail, area=AreaTarget(1, AreaShape.SQUARE, (1, 1))), Rule.RANGE)
    refused(game, Cast(0, hail, area=AreaTarget(1, AreaShape.SQUARE, (2, 2))), Rule.AREA)
    refused(game, Cast(0, hail, target=otter), Rule.AREA)
    game.apply(Cast(0, hail, area=AreaTarget(1, AreaShape.SQUARE, (0, 0))))
    game.apply(Defend(1))
    assert game.last_battle is not None
    assert set(game.last_battle.targets) == {otter, game.sides[1].hero}


def test_direct_attacks_come_from_the_front_row_and_cannot_be_defended() -> None:
    game = started()
    brute = find(game, 0, fx.BRUTE)
    game.apply(MoveCard(0, find(game, 0, fx.SALAMANDER), Zone.UNITS, (0, 2)))
    game.apply(MoveCard(0, brute, Zone.UNITS, (1, 0)))
    game.apply(SetTapped(0, brute, tapped=False))
    hero1 = game.sides[1].hero
    refused(game, Attack(0, brute, hero1), Rule.FRONT_ROW)  # row 0 is the front now
    game.apply(MoveCard(0, brute, Zone.UNITS, (0, 0)))
    game.apply(Attack(0, brute, hero1))
    assert game.pieces[hero1].life == 8 and game.step is Step.PLAY
    refused(game, Attack(0, brute, hero1), Rule.TAPPED)


# --- zones --------------------------------------------


def test_the_skill_zone_holds_five_and_only_an_upright_skill_is_replaced() -> None:
    game = started()
    game.apply(GainElements(0, els(arcane=20)))
    pool = list(game.sides[0].pool)
    for pid in pool[:5]:
        game.apply(Learn(0, pid))
    refused(game, Learn(0, pool[5]), Rule.SKILL_LIMIT)
    refused(game, Learn(0, pool[5], replace=pool[0]), Rule.REPLACE)  # it entered tapped
    game.apply(SetTapped(0, pool[0], tapped=False))
    game.apply(Learn(0, pool[5], replace=pool[0]))
    assert pool[0] in game.sides[0].pool and pool[5] in game.sides[0].skills
    refused(game, MoveCard(0, pool[6], Zone.SKILLS), Rule.SKILL_LIMIT)


def test_one_equipment_of_a_kind_and_five_in_all() -> None:
    game = started()
    game.apply(GainElements(0, els(arcane=20)))
    wand, sabre = find(game, 0, fx.WAND), find(game, 0, fx.SABRE)
    for pid in (wand, sabre):
        if game.pieces[pid].zone is not Zone.HAND:
            game.apply(MoveCard(0, pid, Zone.HAND))
    game.apply(Equip(0, wand))
    refused(game, Equip(0, sabre), Rule.EQUIPMENT_KIND)  # both are 武器
    game.apply(Equip(0, sabre, replace=wand))
    assert game.pieces[wand].zone is Zone.DISCARD
    game.apply(EndTurn(0))
    assert not game.pieces[sabre].tapped  # reset with the rest


def test_the_equipment_zone_holds_five() -> None:
    tomes = Decklist(fx.FIRE_HERO, (fx.TOME,) * 30, fx.fire_deck().skills)
    game = started((tomes, fx.water_deck()))
    game.apply(GainElements(0, els(arcane=20)))
    deck = list(game.sides[0].deck)
    for pid in deck[:5]:
        game.apply(MoveCard(0, pid, Zone.EQUIPMENT))
    hand = game.sides[0].hand
    refused(game, Equip(0, hand[0]), Rule.EQUIPMENT_LIMIT)
    refused(game, MoveCard(0, hand[0], Zone.EQUIPMENT), Rule.EQUIPMENT_LIMIT)
    game.apply(Equip(0, hand[0], replace=deck[0]))
    assert game.pieces[deck[0]].zone is Zone.DISCARD and len(game.sides[0].equipment) == 5


def test_the_unit_area_has_nine_cells_and_the_hero_stays_in_it() -> None:
    game = started()
    refused(game, MoveCard(0, game.sides[0].hero, Zone.HAND), Rule.HERO)
    refused(game, MoveCard(0, find(game, 0, fx.WAND), Zone.UNITS, (0, 0)), Rule.CARD_KIND)
    creatures = [p.id for p in game.pieces.values() if p.owner == 0 and p.card == fx.SALAMANDER]
    creatures += [p.id for p in game.pieces.values() if p.owner == 0 and p.card == fx.APPRENTICE]
    cells = [(r, c) for r in range(3) for c in range(3) if (r, c) != (1, 1)]
    for pid, cell in zip(creatures, cells, strict=False):
        game.apply(MoveCard(0, pid, Zone.UNITS, cell))
    assert len(game.sides[0].grid) == 9
    other = find(game, 0, fx.BRUTE)
    for cell in [(0, 0), (1, 1), (3, 0), (0, -1)]:
        refused(game, MoveCard(0, other, Zone.UNITS, cell), Rule.CELL)


# --- markers at the end of the turn --------------------------------------------


def test_markers_lose_a_layer_at_their_holders_end_of_turn() -> None:
    game = started()
    hero0 = game.sides[0].hero
    salamander = find(game, 0, fx.SALAMANDER)
    game.apply(MoveCard(0, salamander, Zone.UNITS, (0, 0)))  # enters tapped
    game.apply(AddMarker(0, salamander, Marker.IGNITE, 2))
    game.apply(AddMarker(0, salamander, Marker.FREEZE, 1))
    game.apply(AddMarker(0, hero0, Marker.STUN, 1))
    refused(game, Consume(0, hero0), Rule.STUNNED)
    refused(game, AddMarker(0, salamander, Marker.WEAK, 1), Rule.WEAK_ON_HERO)
    game.apply(EndTurn(0))
    s = game.pieces[salamander]
    assert s.tapped  # frozen: not reset
    assert (s.marker(Marker.IGNITE), s.marker(Marker.FREEZE), s.life) == (1, 0, 1)
    assert game.pieces[hero0].marker(Marker.STUN) == 0
    game.apply(EndTurn(1))  # the opponent's end of turn leaves player 0's markers alone
    assert game.pieces[salamander].marker(Marker.IGNITE) == 1
    game.apply(EndTurn(0, tuple(game.sides[0].hand[5:])))
    assert game.pieces[salamander].zone is Zone.DISCARD  # the second burn killed it


def test_cooldown_keeps_a_used_skill_from_resetting_for_a_turn() -> None:
    game = started()
    bolt = find(game, 0, fx.QUICK_BOLT)
    game.apply(GainElements(0, els(air=2)))
    game.apply(Learn(0, bolt))
    assert not game.pieces[bolt].tapped  # 速攻
    game.apply(Cast(0, bolt, target=game.sides[1].hero))
    game.apply(Defend(1))
    assert game.pieces[bolt].marker(Marker.COOLDOWN) == 1
    refused(game, SetTapped(0, bolt, tapped=False), Rule.COOLDOWN)
    game.apply(EndTurn(0))
    assert game.pieces[bolt].tapped and game.pieces[bolt].marker(Marker.COOLDOWN) == 0
    game.apply(EndTurn(1))
    game.apply(EndTurn(0, tuple(game.sides[0].hand[5:])))
    assert not game.pieces[bolt].tapped


def test_a_hero_at_zero_life_loses_and_ends_the_game() -> None:
    game = started()
    hero1 = game.sides[1].hero
    game.apply(Damage(0, hero1, 9))
    assert game.outcome is None
    game.apply(Heal(1, hero1, 5))
    assert game.pieces[hero1].life == 6
    game.apply(Heal(1, hero1, 50))
    assert game.pieces[hero1].life == 10  # not above its maximum
    game.apply(Damage(0, hero1, 10))
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (0, EndReason.HERO_DIED)
    assert game.step is Step.OVER
    refused(game, EndTurn(0), Rule.GAME_OVER)


def test_concede_and_the_turn_limit_end_a_game_as_one_value() -> None:
    game = started()
    game.apply(Concede(0))
    assert game.outcome is not None and (game.outcome.winner, game.outcome.reason) == (
        1, EndReason.CONCEDED)
    decks = (fx.fire_deck(), fx.water_deck())
    short = Game.start(decks, 1, [list(range(30))] * 2, turn_limit=2)
    short.apply(Mulligan(1))
    short.apply(Mulligan(0))
    short.apply(EndTurn(1))
    short.apply(EndTurn(0))
    assert short.outcome is not None and short.outcome.winner is None
    assert short.outcome.reason is EndReason.TURN_LIMIT


def test_incantations_and_potions_gain_their_temporary_elements() -> None:
    game = started()
    meditate = ready_skill(game, 0, fx.MEDITATE)
    game.apply(Invoke(0, meditate))
    assert game.sides[0].elements == els(arcane=1) and game.pieces[meditate].tapped
    bottle = find(game, 0, fx.BOTTLE)
    if game.pieces[bottle].zone is not Zone.HAND:
        game.apply(MoveCard(0, bottle, Zone.HAND))
    game.apply(UseItem(0, bottle))
    assert game.sides[0].elements == els(arcane=2)
    assert game.pieces[bottle].zone is Zone.DISCARD


def test_generic_actions_derived_cards_and_changes() -> None:
    game = started()
    game.apply(CreateDerived(0, fx.SEED.number, Zone.UNITS, (2, 2)))
    seed = game.sides[0].grid[(2, 2)]
    assert game.pieces[seed].derived and game.pieces[seed].card == fx.SEED
    refused(game, CreateDerived(0, fx.FIREBALL.number, Zone.HAND), Rule.DERIVED)
    game.apply(Modify(0, seed, life=2, gain=els(earth=1)))
    assert game.pieces[seed].life == 3 and game.pieces[seed].gain == els(earth=1)
    game.apply(Modify(0, seed, life=-3))
    assert game.pieces[seed].zone is Zone.DISCARD
    refused(game, Damage(0, game.sides[1].hero, 0), Rule.AMOUNT)
    refused(game, Draw(0, 11), Rule.AMOUNT)


# --- an illegal action changes nothing --------------------------------------------


def random_action(rng: random.Random, game: Game) -> object:
    ids = [*game.pieces, len(game.pieces) + 5]
    player = rng.randrange(2)
    pid = rng.choice(ids)
    other = rng.choice(ids)
    cell = (rng.randrange(-1, 4), rng.randrange(-1, 4))
    amount = rng.randrange(-1, 12)
    zone = rng.choice(list(Zone))
    kinds = [
        lambda: Consume(player, pid),
        lambda: Summon(player, pid, cell),
        lambda: Equip(player, pid, rng.choice([None, other])),
        lambda: Learn(player, pid, rng.choice([None, other])),
        lambda: Cast(player, pid, rng.choice([(), (other,)]), target=other),
        lambda: Cast(player, pid, area=AreaTarget(rng.randrange(2), rng.choice(list(AreaShape)),
                                                  cell)),
        lambda: Defend(player, rng.choice([None, pid]), overdraw=(other,)),
        lambda: Attack(player, pid, other),
        lambda: Invoke(player, pid),
        lambda: UseItem(player, pid),
        lambda: EndTurn(player, tuple(rng.sample(ids, rng.randrange(3)))),
        lambda: MoveCard(player, pid, zone, cell),
        lambda: Damage(player, pid, amount),
        lambda: Heal(player, pid, amount),
        lambda: AddMarker(player, pid, rng.choice(list(Marker)), amount),
        lambda: SetTapped(player, pid, rng.random() < 0.5),
        lambda: Modify(player, pid, life=amount - 6),
        lambda: GainElements(player, els(fire=max(0, amount))),
    ]
    return rng.choice(kinds)()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 120))
def test_every_action_is_applied_whole_or_refused_changing_nothing(seed: int, warmup: int) -> None:
    from wizard_p2p.bots.sorcery import SorceryBot

    rng = random.Random(seed)
    game = fx.new_game(seed=seed)
    bot = SorceryBot(random.Random(seed))
    for _ in range(warmup):
        if game.outcome is not None:
            break
        game.apply(bot.decide(game, game.to_move))
    for _ in range(40):
        action = random_action(rng, game)
        before = snapshot(game)
        try:
            game.apply(action)  # type: ignore[arg-type]
        except IllegalAction as exc:
            assert exc.rule in {r.value for r in Rule}
            assert snapshot(game) == before


# --- properties --------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6))
def test_the_turn_ends_only_with_exactly_the_discards_down_to_five(extra: int) -> None:
    game = started()
    if extra:
        game.apply(Draw(0, extra))
    hand = list(game.sides[0].hand)
    over = max(0, len(hand) - 5)
    for wrong in {over - 1, over + 1} - {-1}:
        if wrong <= len(hand):
            refused(game, EndTurn(0, tuple(hand[:wrong])), Rule.HAND_LIMIT)
    game.apply(EndTurn(0, tuple(hand[:over])))
    assert len(game.sides[0].hand) == min(5, len(hand))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([Marker.IGNITE, Marker.FREEZE, Marker.STUN, Marker.COOLDOWN, Marker.SHIELD,
                     Marker.MASTERY, Marker.ALCHEMY_TOKEN]),
    st.integers(1, 4),
    st.integers(1, 4),
)
def test_each_status_loses_one_layer_at_its_holders_end_of_turn(
    marker: Marker, layers: int, life: int
) -> None:
    game = started()
    wolf = find(game, 0, fx.SALAMANDER)
    game.apply(MoveCard(0, wolf, Zone.UNITS, (0, 0)))
    if life != 2:
        game.apply(Modify(0, wolf, life=life - 2))
    game.apply(AddMarker(0, wolf, marker, layers))
    game.apply(EndTurn(0))
    p = game.pieces[wolf]
    if marker is Marker.IGNITE and life == 1:
        assert p.zone is Zone.DISCARD
        return
    assert p.marker(marker) == (layers - 1 if marker.decays else layers)
    assert p.life == life - (1 if marker is Marker.IGNITE else 0)
    assert p.tapped == (marker in (Marker.FREEZE, Marker.COOLDOWN))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12), st.integers(0, 3))
def test_a_spell_hits_exactly_when_its_power_exceeds_the_defence(
    attack_power: int, defence_power: int, boost: int, weak: int
) -> None:
    bolt = fx.card("361903", "试验之击", fx.S, fx.E.DARK, tag="法术-飞弹", attack=2,
                   power=attack_power)
    lift = fx.card("361904", "试验之助", fx.S, fx.E.DARK, tag="法术-脉冲", attack=1, power=boost)
    ward = fx.card("321903", "试验之墙", fx.S, fx.E.WATER, tag="法术-防御", power=defence_power)
    game = started((Decklist(fx.FIRE_HERO, fx.fire_deck().main, (bolt, lift)),
                    Decklist(fx.WATER_HERO, fx.water_deck().main, (ward,))))
    b, lf, w = ready_skill(game, 0, bolt), ready_skill(game, 0, lift), ready_skill(game, 1, ward)
    hero0, hero1 = game.sides[0].hero, game.sides[1].hero
    if weak:
        game.apply(AddMarker(1, hero0, Marker.WEAK, weak))
    game.apply(Cast(0, b, (lf,), target=hero1))
    game.apply(Defend(1, w))
    power = attack_power + boost - weak
    assert game.last_battle is not None and game.last_battle.power == power
    assert game.last_battle.hit == (power > defence_power)
    assert game.pieces[hero1].life == (8 if power > defence_power else 10)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5), st.integers(0, 6))
def test_a_shield_that_takes_all_the_damage_loses_the_spell_its_target(
    attack: int, shield: int
) -> None:
    ray = fx.card("361905", "试验之焰", fx.S, fx.E.DARK, tag="法术·脉冲", text="点燃2",
                  attack=attack, power=5)
    game = started((Decklist(fx.FIRE_HERO, fx.fire_deck().main, (ray,)), fx.water_deck()))
    r, hero1 = ready_skill(game, 0, ray), game.sides[1].hero
    if shield:
        game.apply(AddMarker(1, hero1, Marker.SHIELD, shield))
    life = game.pieces[hero1].life
    assert life is not None
    game.apply(Cast(0, r, target=hero1))
    game.apply(Defend(1))
    assert game.last_battle is not None and game.last_battle.hit  # still a hit
    p = game.pieces[hero1]
    assert p.marker(Marker.SHIELD) == max(0, shield - attack)
    if shield >= attack:  # the damage is 0: no damage, no markers
        assert (p.life, p.marker(Marker.IGNITE)) == (life, 0)
    else:
        assert (p.life, p.marker(Marker.IGNITE)) == (life - attack + shield, 2)


def test_only_derived_cards_are_copied_and_a_legendary_one_is_in_play_once() -> None:
    beast = fx.card("140101", "灵兽 辛柯", fx.C, fx.E.EARTH, tag="传奇野兽-衍生", life=3)
    legend = fx.card("100001", "试验之传奇", fx.C, fx.E.ARCANE, tag="传奇人类", life=4)
    fire = fx.fire_deck()
    game = started((Decklist(fire.hero, fire.main, fire.skills, (fx.SEED, beast, legend)),
                    fx.water_deck()))
    game.apply(CreateDerived(0, fx.SEED.number, Zone.UNITS, (2, 0)))
    game.apply(CreateDerived(0, fx.SEED.number, Zone.UNITS, (2, 1)))  # any number of tokens
    refused(game, CreateDerived(0, legend.number, Zone.UNITS, (2, 2)), Rule.DERIVED)
    game.apply(CreateDerived(0, beast.number, Zone.UNITS, (2, 2)))
    refused(game, CreateDerived(0, beast.number, Zone.UNITS, (1, 0)), Rule.DERIVED)
    refused(game, CreateDerived(0, beast.number, Zone.HAND), Rule.DERIVED)
    game.apply(MoveCard(0, game.sides[0].grid[(2, 2)], Zone.DISCARD))
    game.apply(CreateDerived(0, beast.number, Zone.UNITS, (2, 2)))  # the first one left play
    idle = find(game, 0, legend, Zone.IDLE)  # the special card itself enters by moving
    game.apply(MoveCard(0, idle, Zone.UNITS, (1, 0)))
    assert game.pieces[idle].zone is Zone.UNITS
