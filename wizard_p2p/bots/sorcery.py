"""A bot for 巫师牌, and bot-against-bot games played to their end.

``SorceryBot.decide(game, player)`` returns the player's next action whenever the game
waits for it (``game.to_move``): its mulligan, one move of its turn, or its answer in a
spell battle. It plays by simple priorities, and asks the engine (range, costs,
powers) rather than guessing the rules:

* its turn: carry out the text of the card it just played where the text is one it
  knows (draw, search, a look at the top and the cards it takes, gain, damage, heal, a
  marker on an enemy); take every load;
  summon the dearest creature it can pay (front row first, to shield the hero); learn
  the best spell it can pay while it has room; equip; drink free potions; cast its
  attack spells at the enemy hero when it is in range, else at what they kill,
  reinforced until the enemy's likely defence is beaten; attack with the front row;
  end the turn discarding its dearest cards;
* the opponent's spells: defend when the hit would cost more than the defence (the
  cards overdrawn and the spells spent stay tapped through its next turn), and its
  spells, paid by overdrawing its cards, can hold the attack.

The bot reads only what its game knows: given one seat's game of hidden cards
(``Game.start_hidden``, fed what the table shows that seat) it never reads a card it was
not shown (the opponent's hand, any deck), and it leaves every new deck order to the
table (``SorceryBot(rng, shuffles=False)``: ``Unknown.ORDER``). Given a game that knows
every card it sees the opponent's hand as the game does.

``play_game`` plays one whole game between two bots from a seed: the coin, both
shuffles and every later shuffle come from ``random.Random(seed)``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from wizard_p2p.sorcery import costs
from wizard_p2p.sorcery.actions import (
    Action,
    AddMarker,
    AreaTarget,
    Attack,
    Cast,
    Consume,
    Damage,
    Defend,
    Draw,
    EndTurn,
    Equip,
    GainElements,
    Heal,
    Invoke,
    Learn,
    Look,
    MoveCard,
    Mulligan,
    Order,
    Outcome,
    Reveal,
    Search,
    SetSlots,
    Summon,
    Unknown,
    UseItem,
    Zone,
)
from wizard_p2p.sorcery.cards import Card, CardType, Element, Elements
from wizard_p2p.sorcery.game import (
    DEFAULT_TURN_LIMIT,
    HAND_LIMIT,
    Decklist,
    Game,
    Piece,
    Step,
)
from wizard_p2p.sorcery.grid import CELLS, COLS, Cell, area_cells, front_row, square_fits
from wizard_p2p.sorcery.keywords import (
    AreaShape,
    Marker,
    SkillKind,
    closing_gain,
    equipment_kind,
    is_consumable,
    is_defence_only,
    is_spell,
    keywords_of,
    skill_kind,
)

__all__ = ["GameRecord", "SorceryBot", "play_game", "seeded_start"]

HOPELESS = 1_000  # the loss of the game: any defence is worth it
HERO_DANGER = 6  # the hero's life below which each point lost weighs three times
MAX_ACTIONS = 20_000  # far beyond any game's length: a stuck bot is a bug, not a game

_DRAW = re.compile(r"(?<!不)抽(\d+)张牌")
_SEARCH = re.compile(r"检索1(?:张|个)(.*)")
_LOOK = re.compile(r"查看(?:牌堆|卡组)顶(\d+)张牌")
_LOOK_TAKE = re.compile(r"抽取(\d+)张")
_DAMAGE = re.compile(r"造成(\d+)点伤害")
_HEAL = re.compile(r"回复(\d+)生命")
_SKILL_SLOTS = re.compile(r"技能槽位\+(\d+)|获得(\d+)个技能槽位")
_ITEM_SLOTS = re.compile(r"道具槽位\+(\d+)")
_WEAK = re.compile(r"敌方(?:人物|英雄)虚弱(\d+)")
_IGNITE = re.compile(r"对1名敌人点燃(\d+)")
_KIND_WORDS = {
    "火焰": Element.FIRE,
    "水": Element.WATER,
    "大气": Element.AIR,
    "地脉": Element.EARTH,
    "光辉": Element.LIGHT,
    "暗影": Element.DARK,
}


@dataclass(frozen=True, slots=True)
class GameRecord:
    outcome: Outcome
    actions: int
    turns: int
    first: int = 0  # the player the coin chose to begin


def _total_cost(card: Card) -> int:
    return card.cost.total


class SorceryBot:
    """A practice partner: legal, simple and sensible. ``rng`` gives its shuffles; with
    ``shuffles`` false the table shuffles instead (every new order ``Unknown.ORDER``)."""

    def __init__(self, rng: random.Random, *, shuffles: bool = True) -> None:
        self.rng = rng
        self.shuffles = shuffles
        self._look_take = 0  # cards the look it asked for takes into the hand
        self._declined = -1  # the length of the history whose card text it gave up

    def decline(self, game: Game) -> None:
        """The table cannot carry out the text just decided on (a look it may not take
        now): the bot leaves that card's text and decides again."""
        self._declined = len(game.history)

    def end_look(self, game: Game, player: int, count: int) -> list[Action]:
        """The end of a look at the top ``count`` cards it asked for, given a game that
        shows it their faces: the cards its text lets it take into the hand (the dearest
        first), then the rest put back, the cheapest on top."""
        top = list(game.sides[player].deck[:count])
        take = min(self._look_take, count)
        self._look_take = 0
        by_cost = sorted(top, key=lambda pid: -_total_cost(game.pieces[pid].card))
        taken = by_cost[:take]
        moves: list[Action] = [MoveCard(player, pid, Zone.HAND) for pid in taken]
        rest = [pid for pid in top if pid not in taken]
        if rest:
            cheap_first = sorted(rest, key=lambda pid: _total_cost(game.pieces[pid].card))
            moves.append(Look(player, len(rest), tuple(rest.index(pid) for pid in cheap_first)))
        return moves

    # --- the one entry point -----------------------------------------------------------

    def decide(self, game: Game, player: int) -> Action:
        if game.step is Step.MULLIGAN:
            return self._mulligan(game, player)
        if game.step is Step.DEFEND:
            return self._defend(game, player)
        return (
            self._card_text(game, player)
            or self._take_loads(game, player)
            or self._develop(game, player)
            or self._cast(game, player)
            or self._attack(game, player)
            or self._end_turn(game, player)
        )

    # --- helpers -----------------------------------------------------------------------

    def _perm(self, n: int) -> Order:
        if not self.shuffles:
            return Unknown.ORDER
        order = list(range(n))
        self.rng.shuffle(order)
        return tuple(order)

    def _can_tap(self, p: Piece) -> bool:
        return not p.tapped and not p.marker(Marker.STUN)

    def _pay(self, game: Game, player: int, cost: Elements) -> bool:
        return costs.can_pay(game.sides[player].elements, cost)

    def _enemy_targets(self, game: Game, player: int, pierce: bool) -> list[Piece]:
        return [u for u in game.units(1 - player) if game.in_range(player, u.id, pierce=pierce)]

    # --- mulligan ----------------------------------------------------------------------

    def _mulligan(self, game: Game, player: int) -> Action:
        side = game.sides[player]
        cheap = [
            pid
            for pid in side.hand
            if game.pieces[pid].card.type is CardType.CREATURE
            and _total_cost(game.pieces[pid].card) <= 2
        ]
        if cheap:
            return Mulligan(player)
        return Mulligan(player, self._perm(len(side.hand) + len(side.deck)))

    # --- carrying out the text of what it just played ----------------------------------

    def _card_text(self, game: Game, player: int) -> Action | None:
        last = next((a for a in reversed(game.history) if not isinstance(a, Reveal)), None)
        if last is None or len(game.history) == self._declined:
            return None
        if isinstance(last, Summon) and last.player == player:
            text = game.pieces[last.piece].card.description
            if not text.startswith("入场："):
                return None
            return self._known_text(
                game, player, text.removeprefix("入场：").split("。")[0], entered=True
            )
        if isinstance(last, Equip) and last.player == player:
            return self._slots(game, player, last.piece)
        if isinstance(last, Invoke | UseItem) and last.player == player:
            p = game.pieces[last.piece]
            if p.marker(Marker.PETRIFY):
                return None
            return self._known_text(game, player, p.card.description, entered=False)
        return None

    def _slots(self, game: Game, player: int, pid: int) -> Action | None:
        """The slots an equipment it just put in play gives (记忆项链: 你的技能槽位+2)."""
        p = game.pieces[pid]
        text = p.card.description
        if p.zone is not Zone.EQUIPMENT or p.marker(Marker.PETRIFY):
            return None
        skills = sum(int(a or b) for a, b in _SKILL_SLOTS.findall(text))
        equipment = sum(int(n) for n in _ITEM_SLOTS.findall(text))
        any_kind = "任意种类道具" in text
        if not (skills or equipment or any_kind):
            return None
        return SetSlots(player, pid, min(skills, 10), min(equipment, 10), any_kind)

    def _known_text(self, game: Game, player: int, text: str, *, entered: bool) -> Action | None:
        """The generic action that carries out ``text``, where the bot knows how. A gain
        in an entry text is the bot's to take; elsewhere the engine takes it."""
        side = game.sides[player]
        hero = game.pieces[side.hero]
        if m := _DRAW.search(text):
            if side.deck and "不抽牌" not in text:
                return Draw(player, min(int(m.group(1)), 10))
        elif m := _LOOK.search(text):
            if side.deck:
                n = min(int(m.group(1)), len(side.deck))
                took = _LOOK_TAKE.search(text)
                return self._look(game, player, n, int(took.group(1)) if took else 0)
        elif m := _SEARCH.search(text):
            found = self._searchable(game, player, m.group(1))
            if found is not None:
                return Search(player, found, self._perm(len(side.deck) - 1))
        elif entered and (amounts := closing_gain(text)) is not None:
            return GainElements(player, Elements.of(amounts))
        elif m := _WEAK.search(text):
            enemy_hero = game.sides[1 - player].hero
            return AddMarker(player, enemy_hero, Marker.WEAK, int(m.group(1)))
        elif m := _IGNITE.search(text):
            targets = self._enemy_targets(game, player, "穿透" in text)
            if targets:
                return AddMarker(player, targets[0].id, Marker.IGNITE, int(m.group(1)))
        elif (m := _DAMAGE.search(text)) and "敌人" in text:
            targets = self._enemy_targets(game, player, "穿透" in text)
            if targets:
                best = min(targets, key=lambda u: (u.card.type is not CardType.HERO, u.life or 0))
                return Damage(player, best.id, int(m.group(1)))
        elif (m := _HEAL.search(text)) and hero.damage:
            return Heal(player, hero.id, int(m.group(1)))
        return None

    def _look(self, game: Game, player: int, count: int, take: int) -> Action:
        """A look at the top ``count`` (预见 and its kin), ``take`` of them into the hand.
        A game that knows the deck gets the look's end at once; at a trustless table (the
        table shuffles) the bot asks for the look (its order unknown) and ends it by
        :meth:`end_look` once it sees the cards."""
        self._look_take = take
        top = game.sides[player].deck[:count]
        if self.shuffles and all(game.pieces[pid].known for pid in top):
            return self.end_look(game, player, count)[0]
        return Look(player, count, Unknown.ORDER)

    def _searchable(self, game: Game, player: int, what: str) -> int | None:
        want_type = (
            CardType.ITEM
            if "道具" in what or "卷轴" in what or "符文" in what
            else CardType.CREATURE
            if "生物" in what or "野兽" in what
            else None
        )
        want_element = next((e for w, e in _KIND_WORDS.items() if w in what), None)
        for pid in game.sides[player].deck:
            if not game.pieces[pid].known:  # a deck the table shuffled: nothing to pick
                continue
            c = game.pieces[pid].card
            if want_type is not None and c.type is not want_type:
                continue
            if want_element is not None and c.element is not want_element:
                continue
            if "野兽" in what and "野兽" not in c.tag:
                continue
            return pid
        return None

    # --- loads and development -----------------------------------------------------------

    def _take_loads(self, game: Game, player: int) -> Action | None:
        side = game.sides[player]
        for pid in [*side.grid.values(), *side.equipment]:
            p = game.pieces[pid]
            if self._can_tap(p) and p.gain:
                return Consume(player, pid)
        return None

    def _free_cell(self, game: Game, player: int) -> Cell | None:
        grid = game.sides[player].grid
        for cell in CELLS:  # front row first
            if cell not in grid:
                return cell
        return None

    def _develop(self, game: Game, player: int) -> Action | None:
        side = game.sides[player]
        pool = side.elements
        hand = sorted(side.hand, key=lambda pid: -_total_cost(game.pieces[pid].card))
        cell = self._free_cell(game, player)
        for pid in hand:  # creatures with a load first: they pay for everything else
            c = game.pieces[pid].card
            if c.type is CardType.CREATURE and c.gain and cell and costs.can_pay(pool, c.cost):
                return Summon(player, pid, cell)
        learn = self._learnable(game, player)
        if learn is not None:
            return learn
        for pid in hand:
            c = game.pieces[pid].card
            if c.type is CardType.CREATURE and cell and costs.can_pay(pool, c.cost):
                return Summon(player, pid, cell)
            if c.type is CardType.ITEM and not is_consumable(c) and costs.can_pay(pool, c.cost):
                equip = self._equip(game, player, pid)
                if equip is not None:
                    return equip
            if is_consumable(c) and not is_spell(c) and costs.can_pay(pool, c.cost):
                kw = keywords_of(c)
                if kw.gain.total > c.cost.total or self._known_use(c.description):
                    return UseItem(player, pid)
        for pid in side.skills:
            p = game.pieces[pid]
            if (
                skill_kind(p.card) is SkillKind.INCANTATION
                and self._can_tap(p)
                and not p.marker(Marker.SEAL)
                and costs.can_pay(pool, p.card.expense)
                and (
                    keywords_of(p.card).gain.total > p.card.expense.total
                    or self._known_use(p.card.description)
                )
            ):
                return Invoke(player, pid)
        return None

    def _known_use(self, text: str) -> bool:
        """Whether the bot can carry out this text (and it is worth doing)."""
        return (
            bool(
                _DRAW.search(text)
                or _WEAK.search(text)
                or _IGNITE.search(text)
                or (_DAMAGE.search(text) and "敌人" in text and "献祭" not in text)
            )
            and "献祭" not in text
            and "丢弃" not in text
        )

    def _equip(self, game: Game, player: int, pid: int) -> Action | None:
        side = game.sides[player]
        c = game.pieces[pid].card
        kind = equipment_kind(c)
        same = [q for q in side.equipment if kind and equipment_kind(game.pieces[q].card) == kind]
        if same:
            old = game.pieces[same[0]]
            if old.marker(Marker.COOLDOWN) or old.gain.total + old.attack >= c.gain.total + (
                c.attack or 0
            ):
                return None
            return Equip(player, pid, replace=old.id)
        if len(side.equipment) >= game.equipment_limit(player):
            return None
        return Equip(player, pid)

    def _spell_value(self, c: Card) -> int:
        if not is_spell(c):
            return 0
        if is_defence_only(c):
            return 3 + (c.power or 0)
        return (c.power or 0) + 3 * (c.attack or 0) + (2 if keywords_of(c).pierce else 0)

    def _skill_value(self, game: Game, player: int, c: Card) -> int:
        if skill_kind(c) is SkillKind.INCANTATION:
            worth = keywords_of(c).gain.total > c.expense.total or self._known_use(c.description)
            return 2 if worth else 0
        value = self._spell_value(c)
        skills = game.sides[player].skills
        if is_defence_only(c) and any(
            is_defence_only(game.pieces[q].card) and game.pieces[q].card != c for q in skills
        ):
            value -= 4
        return value

    def _learnable(self, game: Game, player: int) -> Action | None:
        """The best skill it can pay: into a free slot, or replacing its weakest upright
        skill when the new one is clearly better."""
        side = game.sides[player]
        weakest: tuple[int, int] | None = None
        if len(side.skills) >= game.skill_limit(player):
            upright = [
                (self._skill_value(game, player, game.pieces[q].card), q)
                for q in side.skills
                if not game.pieces[q].tapped and not game.pieces[q].marker(Marker.COOLDOWN)
            ]
            if not upright:
                return None
            weakest = min(upright)
        best: tuple[int, int] | None = None
        for pid in side.pool:
            c = game.pieces[pid].card
            if not costs.can_pay(side.elements, c.cost):
                continue
            value = self._skill_value(game, player, c)
            if value > 0 and (best is None or value > best[0]):
                best = (value, pid)
        if best is None:
            return None
        if weakest is None:
            return Learn(player, best[1])
        if best[0] >= weakest[0] + 3:
            return Learn(player, best[1], replace=weakest[1])
        return None

    # --- spells ----------------------------------------------------------------------------

    def _ready_spells(self, game: Game, player: int, *, defending: bool) -> list[int]:
        side = game.sides[player]
        ready = [
            pid
            for pid in side.skills
            if is_spell(game.pieces[pid].card)
            and self._can_tap(game.pieces[pid])
            and not game.pieces[pid].marker(Marker.SEAL)
        ]
        # The opponent's hand only as far as this game was shown it.
        ready += [
            pid for pid in side.hand if game.pieces[pid].known and is_spell(game.pieces[pid].card)
        ]
        if not defending:
            ready = [pid for pid in ready if not is_defence_only(game.pieces[pid].card)]
        return sorted(ready, key=lambda pid: -game.pieces[pid].power)

    def _enemy_defence(self, game: Game, player: int) -> int:
        """A guess at the most power the enemy can defend with: its upright spells, as far
        as its upright loads can pay them."""
        enemy = 1 - player
        loads = sum(
            game.pieces[pid].gain.total
            for pid in [*game.sides[enemy].grid.values(), *game.sides[enemy].equipment]
            if self._can_tap(game.pieces[pid])
        )
        best = 0
        spent = 0
        for pid in self._ready_spells(game, enemy, defending=True):
            c = game.pieces[pid].card
            cost = (c.expense if game.pieces[pid].zone is Zone.SKILLS else c.cost).total
            if spent + cost <= loads:
                spent += cost
                best += game.pieces[pid].power
        return best - game.pieces[game.sides[enemy].hero].marker(Marker.WEAK)

    def _cast(self, game: Game, player: int) -> Action | None:
        """The strongest attack that beats the enemy's likely defence; when none does,
        the weakest spell alone, as bait: the spells and loads the enemy defends with
        stay tapped through its next turn, and the next spell meets less."""
        pool = game.sides[player].elements
        ready = self._ready_spells(game, player, defending=False)
        need = self._enemy_defence(game, player)
        bait: Cast | None = None
        for spell in ready:
            p = game.pieces[spell]
            kw = keywords_of(p.card)
            cost = game.cast_cost([spell])
            if (p.attack <= 0 and not kw.on_hit) or not costs.can_pay(pool, cost):
                continue
            aim = self._aim(game, player, p)
            if aim is None:
                continue
            target, area = aim
            if kw.undefendable:
                return Cast(player, spell, (), target, area)
            boosts: list[int] = []
            for other in ready:
                if game.spell_power(player, [spell, *boosts]) > need or other == spell:
                    continue
                if costs.can_pay(pool, game.cast_cost([spell, *boosts, other])):
                    boosts.append(other)
            if game.spell_power(player, [spell, *boosts]) > need:
                return Cast(player, spell, tuple(boosts), target, area)
            bait = Cast(player, spell, (), target, area)  # ready is strongest first
        return bait

    def _aim(
        self, game: Game, player: int, p: Piece
    ) -> tuple[int | None, AreaTarget | None] | None:
        kw = keywords_of(p.card)
        pierce = kw.pierce and not p.marker(Marker.PETRIFY)
        enemy = 1 - player
        if kw.area is None:
            targets = self._enemy_targets(game, player, pierce)
            if not targets:
                return None
            return self._best_unit(targets, p.attack), None
        grid = game.sides[enemy].grid
        front = game.range_front(enemy)
        best: tuple[int, Cell] | None = None
        for cell in self._area_cells(kw.area, front, pierce):
            covered = area_cells(kw.area, cell, front_row(set(grid)))
            score = 0
            for c in covered:
                if c in grid:
                    u = game.pieces[grid[c]]
                    score += 10 if u.card.type is CardType.HERO else 1
                    if (u.life or 0) <= p.attack:
                        score += 3
            if score and (best is None or score > best[0]):
                best = (score, cell)
        if best is None:
            return None
        return None, AreaTarget(enemy, kw.area, best[1])

    def _area_cells(self, shape: AreaShape, front: int | None, pierce: bool) -> list[Cell]:
        limit = 2 if pierce or front is None else front
        if shape in (AreaShape.FRONT, AreaShape.FIELD):
            return [(0, 0)]
        if shape is AreaShape.COLUMN:
            return [(0, c) for c in range(COLS)]
        cells = [c for c in CELLS if c[0] <= limit]
        if shape is AreaShape.SQUARE:
            cells = [c for c in cells if square_fits(c)]
        return cells

    def _best_unit(self, targets: Sequence[Piece], damage: int) -> int:
        def score(u: Piece) -> tuple[int, int, int]:
            hero = u.card.type is CardType.HERO
            kills = (u.life or 0) <= damage
            return (1 if hero else 0, 1 if kills else 0, u.gain.total + u.attack)

        return max(targets, key=score).id

    # --- direct attacks and the end of the turn ----------------------------------------

    def _attack(self, game: Game, player: int) -> Action | None:
        side = game.sides[player]
        front = front_row(set(side.grid))
        attackers = [
            u
            for u in game.units(player)
            if u.attack > 0 and u.cell is not None and u.cell[0] == front
        ] + [game.pieces[q] for q in side.equipment if game.pieces[q].attack > 0]
        for a in attackers:
            if not self._can_tap(a):
                continue
            pierce = keywords_of(a.card).pierce and not a.marker(Marker.PETRIFY)
            targets = self._enemy_targets(game, player, pierce)
            if targets:
                return Attack(player, a.id, self._best_unit(targets, a.attack))
        return None

    def _end_turn(self, game: Game, player: int) -> Action:
        hand = game.sides[player].hand
        over = max(0, len(hand) - HAND_LIMIT)
        dearest = sorted(hand, key=lambda pid: -_total_cost(game.pieces[pid].card))
        return EndTurn(player, tuple(dearest[:over]))

    # --- defence ---------------------------------------------------------------------------

    def _defend(self, game: Game, player: int) -> Action:
        """Defend when what the hit would cost is worth more than the defence: the cards
        overdrawn stay tapped through the bot's next turn (their loads are lost to it)
        and so do the spells, so a small hit the hero can take, or the death of a cheap
        unit, is taken."""
        battle = game.battle
        assert battle is not None
        loss = 0 if battle.undefendable else self._loss(game, player)
        if not loss:
            return Defend(player)
        spells: list[int] = []
        for pid in self._ready_spells(game, player, defending=True):
            spells.append(pid)
            if game.spell_power(player, spells) >= battle.power:
                break
        if not spells or game.spell_power(player, spells) < battle.power:
            return Defend(player)
        cost = game.cast_cost(spells)
        side = game.sides[player]
        sources = sorted(
            (
                pid
                for pid in [*side.grid.values(), *side.equipment]
                if self._can_tap(game.pieces[pid]) and game.pieces[pid].gain
            ),
            key=lambda pid: -game.pieces[pid].gain.total,
        )
        have = side.elements
        chosen: list[int] = []
        for pid in sources:
            if costs.can_pay(have, cost):
                break
            chosen.append(pid)
            have = costs.add(have, game.pieces[pid].gain)
        if not costs.can_pay(have, cost):
            return Defend(player)
        price = sum(game.pieces[pid].gain.total for pid in chosen) + sum(
            1 + game.pieces[pid].power // 3 for pid in spells
        )
        if loss <= price:
            return Defend(player)
        return Defend(player, spells[0], tuple(spells[1:]), tuple(chosen))

    def _loss(self, game: Game, player: int) -> int:
        """What the battle's hit would cost the bot, in about the units of a load: the
        hero's life weighs more as it runs low (all when the hit kills), a unit counts
        what it costs and gives when the hit kills it."""
        battle = game.battle
        assert battle is not None
        if battle.target is not None:
            hit = [game.pieces[battle.target]]
        else:
            assert battle.area is not None
            grid = game.sides[battle.area.side].grid
            cells = area_cells(battle.area.shape, battle.area.cell, front_row(set(grid)))
            hit = [game.pieces[grid[c]] for c in cells if c in grid]
        loss = 0
        for u in hit:
            if u.controller != player:
                continue
            damage = max(0, battle.attack - u.marker(Marker.SHIELD))
            life = u.life or 0
            if u.card.type is CardType.HERO:
                if damage >= life:
                    return HOPELESS
                loss += damage * (3 if life - damage <= HERO_DANGER else 1)
                loss += sum(n for _, n in battle.on_hit)
            elif damage >= life:
                loss += u.card.cost.total + u.gain.total + u.attack
        return loss


def seeded_start(
    decks: Sequence[Decklist], rng: random.Random, *, turn_limit: int = DEFAULT_TURN_LIMIT
) -> Game:
    """A game's start drawn from ``rng``: the coin for the first player, then each main
    deck's order (the engine takes its random choices as values)."""
    first = rng.randrange(2)
    orders = []
    for deck in decks:
        order = list(range(len(deck.main)))
        rng.shuffle(order)
        orders.append(order)
    return Game.start(decks, first, orders, turn_limit=turn_limit)


def play_game(
    decks: tuple[Decklist, Decklist], seed: int, *, turn_limit: int = DEFAULT_TURN_LIMIT
) -> GameRecord:
    """One whole game between two bots, reproducible from ``seed``. An illegal action
    (a bug of the bot or the engine) raises ``IllegalAction``."""
    rng = random.Random(seed)
    game = seeded_start(decks, rng, turn_limit=turn_limit)
    first = game.first
    bots = (SorceryBot(random.Random(rng.random())), SorceryBot(random.Random(rng.random())))
    for count in range(MAX_ACTIONS):
        if game.outcome is not None:
            return GameRecord(game.outcome, count, game.turn, first)
        player = game.to_move
        game.apply(bots[player].decide(game, player))
    raise RuntimeError(f"a bot game of seed {seed} did not end in {MAX_ACTIONS} actions")
