"""巫师牌's console: a person plays a whole game against the bot, by keys.

``SorceryApp`` holds the table (``SorceryTable``) and the screen's state: the open
question (a ``Picker``), the open window (help, a card's text, the end), the message
line and the told moves. Its methods are the player's actions; ``_bindings`` maps keys
to them and ``_layout`` draws the state, so tests drive it with keystrokes and assert
on the state.

Every action starts with one key (``?`` lists them) and is completed by choices
(``sorcery_pick``): ``s`` summon → which creature → which cell. What the choices offer
is what the engine would accept where that is cheap to ask (``SorceryTable.legal``);
a refusal still comes back from the engine as one sentence on the message line, and
changes nothing. The bot moves in the application's loop, one action at a time with
a short pause (``bot_delay``), each told in the log as it happens. At a networked table
(``BoardTable`` of a seat) the other player's moves come in by themselves: the table
calls :meth:`SorceryApp.changed`, and each is told as it comes. A search or a look
there waits for the other to seal the cards, and its question opens once they come.
While the other seat holds the game up, the prompt line counts down the stall limit, and
once it has passed ``e`` ends the game naming that seat (``BoardTable.held_up``,
``end_stalled``); the end window then says who stalled.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import (
    ConditionalContainer,
    Float,
    FloatContainer,
    FormattedTextControl,
    HSplit,
    Layout,
    Window,
)
from prompt_toolkit.output import Output
from prompt_toolkit.utils import get_cwidth
from prompt_toolkit.widgets import Frame

from wizard_p2p.errors import IllegalAction, UsageError, WizardError
from wizard_p2p.protocol.events import Aborted
from wizard_p2p.seat.controller import StatusKind
from wizard_p2p.sorcery import costs
from wizard_p2p.sorcery.actions import (
    Ability,
    Action,
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
    EndTurn,
    Equip,
    GainElements,
    Heal,
    Invoke,
    Learn,
    Look,
    Modify,
    MoveCard,
    Mulligan,
    RemoveMarker,
    Search,
    SetSlots,
    SetTapped,
    Shuffle,
    Summon,
    TakeControl,
    UseAbility,
    UseItem,
    Zone,
)
from wizard_p2p.sorcery.cards import CardType, Element, Elements
from wizard_p2p.sorcery.game import HAND_LIMIT, MAX_EXTRA_SLOTS, Game, Step
from wizard_p2p.sorcery.grid import CELLS, Cell
from wizard_p2p.sorcery.keywords import (
    Marker,
    SkillKind,
    is_consumable,
    is_defence_only,
    is_spell,
    keywords_of,
    skill_kind,
)
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_pay import PaymentSteps, arcane_units
from wizard_p2p.tui.sorcery_pick import LABELS, Choice, Picker
from wizard_p2p.tui.sorcery_table import BoardTable, SorceryTable
from wizard_p2p.tui.sorcery_text import (
    ROW_LABEL,
    battle_line,
    card_text,
    cell_name,
    fit,
    grid_lines,
    held_label,
    narrate,
    piece_label,
    refusal,
    side_header,
    status_line,
    zone_line,
    zone_name,
)
from wizard_p2p.tui.style import STYLE

__all__ = ["CARD", "END", "HELP", "SorceryApp", "run_sorcery_app"]

HELP = "help"
CARD = "card"
END = "end"
LOG_KEPT = 200  # told moves kept for the log window
HELD_KEPT = 16  # keys typed ahead while the bot moves
AMOUNTS = tuple(range(1, 10))
CHANGES = (-3, -2, -1, 1, 2, 3, 4, 5)
MAX_LOOK_ASKED = 10  # the most cards of the top a look offers (the cards say at most 10)
_PIECE_ZONES = (Zone.UNITS, Zone.SKILLS, Zone.EQUIPMENT, Zone.HAND, Zone.POOL, Zone.DISCARD)


class SorceryApp:
    """The console's state and the player's actions on it."""

    def __init__(
        self,
        table: BoardTable,
        lang: str | None = None,
        *,
        input: Input | None = None,
        output: Output | None = None,
        bot_delay: float = 0.6,
    ) -> None:
        self.table = table
        self.tr = Translator(lang)
        self.me = table.me
        self.bot_delay = bot_delay
        self.picker: Picker | None = None
        self.overlay: str | None = None
        self.card: int | None = None  # the card whose text is open
        self.message = ""
        self.told: list[str] = []
        self.confirm_quit = False
        self.left = False
        self.held: list[str] = []  # keys pressed while the bot moves, for the player's move
        self.by_hand = False  # the player chooses payments (and the first turn's half load)
        self._bot_running = False
        self.application: Application[None] = Application(
            layout=self._layout(),
            key_bindings=self._bindings(),
            style=STYLE,
            full_screen=True,
            input=input,
            output=output,
        )
        self.application.ttimeoutlen = 0.05
        self.application.pre_run_callables.append(self.wake_bot)
        self._check_over()
        self._news_due = False
        table.subscribe(self.changed)

    # --- reading ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.table.game

    def name(self, player: int) -> str:
        if player == self.me:
            return self.tr("sorcery_you")
        return self.table.opponent or self.tr("sorcery_bot")

    def mode(self) -> str:
        """What the player is asked for now: pick, quit, over, mulligan, defend, play, wait."""
        if self.picker is not None:
            return "pick"
        if self.confirm_quit:
            return "quit"
        if self.table.over:
            return "over"
        if not self.table.my_move:
            return "wait"
        return {Step.MULLIGAN: "mulligan", Step.DEFEND: "defend"}.get(self.game.step, "play")

    # --- the bot -----------------------------------------------------------------------

    def wake_bot(self) -> None:
        """Let the bot play while the game waits for it (inside the running application)."""
        if self._bot_running or not self.table.bot_move:
            return
        self._bot_running = True
        self.application.create_background_task(self._bot_loop())

    async def _bot_loop(self) -> None:
        try:
            while self.table.bot_move:
                await asyncio.sleep(self.bot_delay)
                if not self.bot_step():
                    break
        finally:
            self._bot_running = False
            self.replay_held()
            self.application.invalidate()

    def bot_step(self) -> bool:
        """One bot action, told in the log; False when the bot could not move."""
        try:
            action = self.table.bot_step()
        except WizardError as exc:  # a bug of the bot or the engine: say it, do not die
            self.message = self.tr("sorcery_bot_failed", detail=str(exc))
            return False
        if action is None:
            return False
        self.tell(narrate(self.tr, self.game, action, self.name(self.table.bot_player)))
        self._check_over()
        self.application.invalidate()
        return True

    # --- the other player's moves at a networked table -----------------------------------

    def changed(self) -> None:
        """The table changed by itself: its news is taken once the caller is done (the
        table calls this from inside the person's own action, too)."""
        if self._news_due:
            return
        self._news_due = True
        if self.application.is_running:
            asyncio.get_running_loop().call_soon(self.take_news)
        else:
            self.take_news()

    def take_news(self) -> None:
        """Tell the other player's moves, open a search's or a look's question once its
        cards have come, and take the keys typed ahead when the person's move comes."""
        self._news_due = False
        for action in self.table.news():
            self.tell(narrate(self.tr, self.game, action, self.name(self.bot_side)))
        self._check_over()
        self.reopen()
        self.replay_held()
        self.application.invalidate()

    def reopen(self) -> bool:
        """Ask again the question of a search or a look under way (its cards came, or the
        person closed it): it ends only with its cards taken or put back."""
        if self.picker is not None or self.table.over or not self.table.my_move:
            return False
        if self.table.searching():
            self._ask_search()
            return True
        count = self.table.looking()
        if count is not None:
            self._ask_look(count)
            return True
        return False

    def run_bot(self) -> None:
        """All the bot's moves now, without pauses (for a caller without an event loop)."""
        while self.table.bot_move and self.bot_step():
            pass
        self.replay_held()

    # --- keys pressed while the bot moves ------------------------------------------------

    def hold(self, key: str) -> None:
        """A key pressed while the bot moves: kept for the player's move, and said so."""
        if len(self.held) >= HELD_KEPT:
            self.message = self.tr("sorcery_held_full")
            return
        self.held.append(key)
        self.message = self.tr("sorcery_held", keys=" ".join(self.held))

    def replay_held(self) -> None:
        """The held keys, in order, once the game asks the player again. They were typed
        ahead for a turn of the player's own; when the game asks for a defence instead
        they are dropped (and said so) rather than taken as answers to that question."""
        if not self.held or not self.table.my_move:
            return
        if self.game.step is Step.DEFEND:
            self.held.clear()
            self.message = self.tr("sorcery_held_dropped")
            return
        while self.held and self.mode() != "wait":
            key = self.held.pop(0)
            if key == "enter":
                self.enter()
            elif self.picker is not None:
                self.pick(key)
            else:
                self.key(key)

    def tell(self, line: str) -> None:
        self.told.append(line)
        del self.told[:-LOG_KEPT]

    def _check_over(self) -> None:
        if self.table.over and self.overlay != END:
            self.picker = None
            self.overlay = END

    # --- acting ------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Apply the player's action; a refusal is told on the message line."""
        try:
            self.table.act(action)
        except IllegalAction as exc:
            self.message = refusal(self.tr, exc)
            return False
        self.message = ""
        self.tell(narrate(self.tr, self.game, action, self.name(self.me)))
        self._check_over()
        if self.application.is_running:
            self.wake_bot()
        return True

    def ask(
        self,
        title: str,
        choices: Sequence[Choice],
        done: Callable[[Any], object],
        *,
        multiple: bool = False,
        exactly: int | None = None,
    ) -> None:
        if not choices and not multiple:
            self.message = self.tr("sorcery_nothing", what=title)
            self.picker = None
            return
        self.picker = Picker(title, choices, done, multiple=multiple, exactly=exactly)

    def pick(self, key: str) -> None:
        p = self.picker
        if p is None or p.index_of(key) is None:
            return
        if not p.multiple:
            self.picker = None
        p.press(key)

    def finish_pick(self) -> None:
        p = self.picker
        if p is None or not p.multiple:
            return
        if not p.ready():
            self.message = self.tr("sorcery_choose_n", n=p.exactly)
            return
        self.picker = None
        p.finish()

    def cancel(self) -> None:
        if self.held and self.picker is None:
            self.held.clear()
            self.message = self.tr("sorcery_held_cleared")
        elif self.picker is not None:
            self.picker = None
            self.message = ""
        elif self.confirm_quit:
            self.confirm_quit = False
        elif self.overlay in (HELP, CARD):
            self.overlay = None

    # --- choices -----------------------------------------------------------------------

    def _choices(self, pids: Iterable[int], *, stats: bool = True) -> list[Choice]:
        out = []
        for pid in pids:
            p = self.game.pieces[pid]
            where = (cell_name(self.tr, p.cell) if p.cell is not None
                     else zone_name(self.tr, p.zone))
            text = (piece_label(p, stats=stats) if p.zone is not Zone.HAND
                    else held_label(self.game, pid))
            # A card on the battlefield is on its controller's side (TakeControl moves it).
            side = p.controller if p.zone.battlefield else p.owner
            theirs = "" if side == self.me else self.tr("sorcery_theirs")
            out.append(Choice(f"{text}  {theirs}{where}", pid))
        return out

    def _mine(self, *zones: Zone) -> list[int]:
        side = self.game.sides[self.me]
        out: list[int] = []
        for zone in zones:
            if zone is Zone.UNITS:
                out += [u.id for u in self.game.units(self.me)]
            else:
                out += side.zone_list(zone)
        return out

    def _units(self) -> list[int]:
        return [u.id for u in self.game.units(self.bot_side)] + [
            u.id for u in self.game.units(self.me)
        ]

    @property
    def bot_side(self) -> int:
        return self.table.bot_player

    def _battlefield(self) -> list[int]:
        out = self._units()
        for player in (self.bot_side, self.me):
            side = self.game.sides[player]
            out += side.skills + side.equipment
        return out

    def _cells(self, player: int, ok: Callable[[Cell], bool]) -> list[Choice]:
        return [Choice(cell_name(self.tr, c), c) for c in CELLS if ok(c)]

    # --- paying by hand ------------------------------------------------------------------

    def toggle_by_hand(self) -> None:
        self.by_hand = not self.by_hand
        self.message = self.tr("sorcery_by_hand_on" if self.by_hand else "sorcery_by_hand_off")

    def _pay(self, cost: Elements, done: Callable[[Elements | None], object], *,
             overdraw: tuple[int, ...] = ()) -> None:
        """Ask, unit by unit, which elements pay ``cost`` when the player pays by hand, then
        ``done(payment)``; else ``done(None)`` and the engine pays. Cards to overdraw add
        their loads to what pays (the engine takes the loads first and loses the rest)."""
        pool = self.game.sides[self.me].elements
        for pid in overdraw:
            pool = costs.add(pool, self.game.pieces[pid].gain)
        if not self.by_hand or not cost.total or not costs.can_pay(pool, cost):
            done(None)  # nothing to choose: the engine pays, or refuses in one sentence
            return
        self._steps(PaymentSteps(pool, cost).forced(),
                    lambda s: self.tr("sorcery_ask_pay", unit=s.unit, cost=cost, paid=s.paid),
                    done)

    def _steps(self, steps: PaymentSteps, title: Callable[[PaymentSteps], str],
               done: Callable[[Elements], object]) -> None:
        if steps.done:
            done(steps.paid)
            return
        choices = [Choice(f"{e.value}  ({steps.pool[e]})", e) for e in steps.options()]
        self.ask(title(steps), choices, lambda e: self._steps(steps.pay(e).forced(), title, done))

    # --- the rules' moves ----------------------------------------------------------------

    def key(self, key: str) -> None:
        """A command key in the mode the game is in."""
        self.message = ""
        mode = self.mode()
        if ("any", key) not in _COMMANDS and self.reopen():
            return
        handler = _COMMANDS.get((mode, key)) or _COMMANDS.get(("any", key))
        if handler is None and mode == "wait":
            self.hold(key)
            return
        if handler is None:
            if mode in ("play", "defend", "mulligan"):
                self.message = self.tr("sorcery_unknown_key")
            return
        handler(self)

    def keep(self) -> None:
        self.submit(Mulligan(self.me))

    def mulligan(self) -> None:
        side = self.game.sides[self.me]
        self.submit(Mulligan(self.me, self.table.order(len(side.hand) + len(side.deck))))

    def consume(self) -> None:
        pids = [pid for pid in self._mine(Zone.UNITS, Zone.EQUIPMENT)
                if self.table.legal(Consume(self.me, pid))]
        self.ask(self.tr("sorcery_ask_consume"), self._choices(pids),
                 self._consume_load)

    def _consume_load(self, pid: int) -> None:
        """Consume ``pid``; by hand, on the first player's first turn, the player chooses
        which half of the hero's load to take."""
        limit = self.game.hero_load_limit(self.me)
        p = self.game.pieces[pid]
        if not self.by_hand or limit is None or p.card.type is not CardType.HERO:
            self.submit(Consume(self.me, pid))
            return
        self._steps(PaymentSteps(p.gain, arcane_units(limit)).forced(),
                    lambda s: self.tr("sorcery_ask_load", n=limit, load=p.gain, taken=s.paid),
                    lambda taken: self.submit(Consume(self.me, pid, taken)))

    def summon(self) -> None:
        side = self.game.sides[self.me]
        free = [c for c in CELLS if c not in side.grid]
        pids = [pid for pid in side.hand
                if self.game.pieces[pid].card.type is CardType.CREATURE
                and any(self.table.legal(Summon(self.me, pid, c)) for c in free)]

        def where(pid: int) -> None:
            self.ask(self.tr("sorcery_ask_cell"),
                     self._cells(self.me, lambda c: self.table.legal(Summon(self.me, pid, c))),
                     lambda cell: self._pay(self.game.pieces[pid].card.cost,
                                            lambda pay: self.submit(
                                                Summon(self.me, pid, cell, pay))))

        self.ask(self.tr("sorcery_ask_summon"), self._choices(pids), where)

    def equip(self) -> None:
        side = self.game.sides[self.me]
        pids = [pid for pid in side.hand
                if self.game.pieces[pid].card.type is CardType.ITEM
                and not is_consumable(self.game.pieces[pid].card)]

        def chosen(pid: int) -> None:
            cost = self.game.pieces[pid].card.cost
            if self.table.legal(Equip(self.me, pid)) or not side.equipment:
                self._pay(cost, lambda pay: self.submit(Equip(self.me, pid, None, pay)))
                return
            self.ask(self.tr("sorcery_ask_replace"), self._choices(side.equipment),
                     lambda old: self._pay(cost, lambda pay: self.submit(
                         Equip(self.me, pid, old, pay))))

        self.ask(self.tr("sorcery_ask_equip"), self._choices(pids), chosen)

    def use_item(self) -> None:
        pids = [pid for pid in self.game.sides[self.me].hand
                if is_consumable(self.game.pieces[pid].card)]
        self.ask(self.tr("sorcery_ask_item"), self._choices(pids),
                 lambda pid: self._pay(self.game.pieces[pid].card.cost,
                                       lambda pay: self.submit(UseItem(self.me, pid, pay))))

    def learn(self) -> None:
        side = self.game.sides[self.me]

        def chosen(pid: int) -> None:
            cost = self.game.pieces[pid].card.cost
            if self.table.legal(Learn(self.me, pid)) or not side.skills:
                self._pay(cost, lambda pay: self.submit(Learn(self.me, pid, None, pay)))
                return
            self.ask(self.tr("sorcery_ask_forget"), self._choices(side.skills),
                     lambda old: self._pay(cost, lambda pay: self.submit(
                         Learn(self.me, pid, old, pay))))

        self.ask(self.tr("sorcery_ask_learn"), self._choices(side.pool), chosen)

    def invoke(self) -> None:
        pids = [pid for pid in self.game.sides[self.me].skills
                if skill_kind(self.game.pieces[pid].card) is SkillKind.INCANTATION]

        def chosen(pid: int) -> None:
            cost = self.game.pieces[pid].card.expense
            if self.game.active == self.me:
                self._pay(cost, lambda pay: self.submit(Invoke(self.me, pid, pay)))
                return
            self.ask(self.tr("sorcery_ask_overdraw"), self._overdrawable(),
                     lambda od: self._pay(cost, lambda pay: self.submit(
                         Invoke(self.me, pid, pay, od)), overdraw=od), multiple=True)

        self.ask(self.tr("sorcery_ask_invoke"), self._choices(pids), chosen)

    def _spells(self, *, defending: bool, without: Iterable[int] = ()) -> list[int]:
        side = self.game.sides[self.me]
        skip = set(without)
        out = []
        for pid in side.skills + [h for h in side.hand
                                  if self.game.pieces[h].card.type is CardType.ITEM]:
            c = self.game.pieces[pid].card
            if pid in skip or not is_spell(c) or (is_defence_only(c) and not defending):
                continue
            out.append(pid)
        return out

    def _overdrawable(self) -> list[Choice]:
        pids = [pid for pid in self._mine(Zone.UNITS, Zone.EQUIPMENT)
                if self.game.pieces[pid].gain and not self.game.pieces[pid].tapped]
        return [Choice(f"{c.text} ({self.game.pieces[c.value].gain})", c.value)
                for c in self._choices(pids)]

    def cast(self) -> None:
        def boosts(spell: int) -> None:
            self.ask(self.tr("sorcery_ask_boosts"),
                     self._choices(self._spells(defending=False, without=[spell])),
                     lambda chosen: aim(spell, chosen), multiple=True)

        def aim(spell: int, chosen: tuple[int, ...]) -> None:
            kw = keywords_of(self.game.pieces[spell].card)
            if kw.area is None:
                targets = [u for u in self._units()
                           if self.table.legal(Cast(self.me, spell, chosen, target=u))]
                self.ask(self.tr("sorcery_ask_target"), self._choices(targets),
                         lambda t: self._pay(self.game.cast_cost((spell, *chosen)),
                                             lambda pay: self.submit(
                                                 Cast(self.me, spell, chosen, t, payment=pay))))
                return
            areas = []
            for side in (self.bot_side, self.me):
                for c in CELLS:
                    area = AreaTarget(side, kw.area, c)
                    if self.table.legal(Cast(self.me, spell, chosen, area=area)):
                        owner = "" if side == self.me else self.tr("sorcery_theirs")
                        label = f"{kw.area.value} {owner}{cell_name(self.tr, c)}"
                        areas.append(Choice(label, area))
            self.ask(self.tr("sorcery_ask_area"), areas,
                     lambda area: self._pay(self.game.cast_cost((spell, *chosen)),
                                            lambda pay: self.submit(
                                                Cast(self.me, spell, chosen, area=area,
                                                     payment=pay))))

        self.ask(self.tr("sorcery_ask_cast"), self._choices(self._spells(defending=False)), boosts)

    def defend(self) -> None:
        def boosts(spell: int) -> None:
            self.ask(self.tr("sorcery_ask_boosts"),
                     self._choices(self._spells(defending=True, without=[spell])),
                     lambda chosen: overdraw(spell, chosen), multiple=True)

        def overdraw(spell: int, chosen: tuple[int, ...]) -> None:
            self.ask(self.tr("sorcery_ask_overdraw"), self._overdrawable(),
                     lambda od: self._pay(self.game.cast_cost((spell, *chosen)),
                                          lambda pay: self.submit(
                                              Defend(self.me, spell, chosen, od, pay)),
                                          overdraw=od), multiple=True)

        self.ask(self.tr("sorcery_ask_defend"), self._choices(self._spells(defending=True)), boosts)

    def take_it(self) -> None:
        self.submit(Defend(self.me))

    def attack(self) -> None:
        mine = self._mine(Zone.UNITS, Zone.EQUIPMENT)
        enemies = [u.id for u in self.game.units(self.bot_side)]
        attackers = [a for a in mine
                     if any(self.table.legal(Attack(self.me, a, t)) for t in enemies)]

        def at(a: int) -> None:
            targets = [t for t in enemies if self.table.legal(Attack(self.me, a, t))]
            self.ask(self.tr("sorcery_ask_target"), self._choices(targets),
                     lambda t: self.submit(Attack(self.me, a, t)))

        self.ask(self.tr("sorcery_ask_attacker"), self._choices(attackers), at)

    def ability(self) -> None:
        def how(pid: int) -> None:
            choices = [Choice(a.value, a) for a in Ability
                       if self.table.legal(UseAbility(self.me, pid, a))]
            self.ask(self.tr("sorcery_ask_ability"), choices,
                     lambda a: self.submit(UseAbility(self.me, pid, a)))

        pids = [pid for pid in self._mine(Zone.UNITS, Zone.EQUIPMENT, Zone.SKILLS)
                if any(self.table.legal(UseAbility(self.me, pid, a)) for a in Ability)]
        self.ask(self.tr("sorcery_ask_ability_card"), self._choices(pids), how)

    def end_turn(self) -> None:
        hand = self.game.sides[self.me].hand
        over = len(hand) - HAND_LIMIT
        if over <= 0:
            self.submit(EndTurn(self.me))
            return
        self.ask(self.tr("sorcery_ask_discard", n=over), self._choices(hand),
                 lambda chosen: self.submit(EndTurn(self.me, chosen)), multiple=True, exactly=over)

    # --- generic actions ----------------------------------------------------------------

    def generic(self) -> None:
        menu = [
            ("move", self.g_move), ("damage", self.g_damage), ("heal", self.g_heal),
            ("mark", self.g_mark), ("unmark", self.g_unmark), ("draw", self.g_draw),
            ("search", self.g_search), ("look", self.g_look), ("shuffle", self.g_shuffle),
            ("derived", self.g_derived), ("gain", self.g_gain), ("tap", self.g_tap),
            ("modify", self.g_modify), ("control", self.g_control), ("slots", self.g_slots),
        ]
        self.ask(self.tr("sorcery_ask_generic"),
                 [Choice(self.tr(f"sorcery_generic_{k}"), f) for k, f in menu],
                 lambda f: f())

    def _amount(self, done: Callable[[int], object], values: Sequence[int] = AMOUNTS) -> None:
        self.ask(self.tr("sorcery_ask_amount"), [Choice(f"{v:+d}" if v < 0 or values is CHANGES
                                                        else str(v), v) for v in values], done)

    def g_move(self) -> None:
        def source(zone: Zone) -> None:
            pids = self._mine(zone)
            self.ask(self.tr("sorcery_ask_card"), self._choices(pids), dest)

        def dest(pid: int) -> None:
            zones = [z for z in Zone if z is not self.game.pieces[pid].zone]
            self.ask(self.tr("sorcery_ask_zone"), [Choice(zone_name(self.tr, z), z) for z in zones],
                     lambda z: place(pid, z))

        def place(pid: int, zone: Zone) -> None:
            if zone is not Zone.UNITS:
                self.submit(MoveCard(self.me, pid, zone))
                return
            self.ask(self.tr("sorcery_ask_cell"),
                     self._cells(self.me, lambda c: c not in self.game.sides[self.me].grid),
                     lambda cell: self.submit(MoveCard(self.me, pid, zone, cell)))

        zones = [z for z in (*_PIECE_ZONES, Zone.DECK) if self._mine(z)]
        self.ask(self.tr("sorcery_ask_from"),
                 [Choice(zone_name(self.tr, z), z) for z in zones], source)

    def g_damage(self) -> None:
        self.ask(self.tr("sorcery_ask_unit"), self._choices(self._units()),
                 lambda t: self._amount(lambda n: self.submit(Damage(self.me, t, n))))

    def g_heal(self) -> None:
        self.ask(self.tr("sorcery_ask_unit"), self._choices(self._units()),
                 lambda t: self._amount(lambda n: self.submit(Heal(self.me, t, n))))

    def g_mark(self) -> None:
        def which(t: int) -> None:
            self.ask(self.tr("sorcery_ask_marker"), [Choice(m.value, m) for m in Marker],
                     lambda m: self._amount(lambda n: self.submit(AddMarker(self.me, t, m, n))))

        self.ask(self.tr("sorcery_ask_card"), self._choices(self._battlefield()), which)

    def g_unmark(self) -> None:
        def which(t: int) -> None:
            held = [m for m, n in self.game.pieces[t].markers.items() if n]
            self.ask(self.tr("sorcery_ask_marker"), [Choice(m.value, m) for m in held],
                     lambda m: self._amount(lambda n: self.submit(RemoveMarker(self.me, t, m, n))))

        marked = [pid for pid in self._battlefield() if any(self.game.pieces[pid].markers.values())]
        self.ask(self.tr("sorcery_ask_card"), self._choices(marked), which)

    def g_draw(self) -> None:
        self._amount(lambda n: self.submit(Draw(self.me, n)))

    def g_search(self) -> None:
        """检索: the deck opens to the person (at a networked table once the other has
        sealed it), who takes one card, or none (the deck is shuffled all the same)."""
        try:
            self.table.begin_search()
        except UsageError:
            self.message = self.tr("sorcery_search_not_now")
            return
        self.reopen()

    def _ask_search(self) -> None:
        deck = self.game.sides[self.me].deck
        none = Choice(self.tr("sorcery_search_none"), None)

        def take(pid: int | None) -> None:
            if pid is None:
                self.submit(Shuffle(self.me, self.table.order(len(deck))))
            else:
                self.submit(Search(self.me, pid, self.table.order(len(deck) - 1)))

        self.ask(self.tr("sorcery_ask_search"), [*self._choices(sorted(deck)), none], take)

    def g_look(self) -> None:
        """预见 and its kin: look at the top of the deck, take some of those cards into the
        hand, put the rest back in an order chosen one card at a time (top first), some
        under the deck; the table's ``begin_look`` and ``looking`` say where it stands."""
        deck = self.game.sides[self.me].deck

        def begin(n: int) -> None:
            try:
                self.table.begin_look(n)
            except UsageError:
                self.message = self.tr("sorcery_look_not_now")
                return
            self.reopen()  # at a networked table, once the other has sealed the cards

        counts = range(1, min(len(deck), MAX_LOOK_ASKED) + 1)
        self.ask(self.tr("sorcery_ask_look_count"), [Choice(str(n), n) for n in counts], begin)

    def _ask_look(self, n: int) -> None:
        """The look at the top ``n`` cards, their faces now seen: which to take."""
        top = list(self.game.sides[self.me].deck[:n])

        def take(top: list[int], chosen: Sequence[int]) -> None:
            for pid in chosen:
                if not self.submit(MoveCard(self.me, pid, Zone.HAND)):
                    return
            rest = [pid for pid in top if pid not in chosen]
            if rest:
                place(rest, [])

        def place(rest: list[int], placed: list[int]) -> None:
            left = [pid for pid in rest if pid not in placed]
            if not left:
                self.ask(self.tr("sorcery_ask_look_under"),
                         [Choice(str(k), k) for k in range(len(rest) + 1)],
                         lambda under: put_back(rest, placed, under))
                return
            self.ask(self.tr("sorcery_ask_look_next"), self._choices(left),
                     lambda pid: place(rest, [*placed, pid]))

        def put_back(rest: list[int], placed: list[int], under: int) -> None:
            order = tuple(rest.index(pid) for pid in placed)
            self.submit(Look(self.me, len(rest), order, under))

        self.ask(self.tr("sorcery_ask_look_take"), self._choices(top),
                 lambda chosen: take(top, chosen), multiple=True)

    def g_shuffle(self) -> None:
        self.submit(Shuffle(self.me, self.table.order(len(self.game.sides[self.me].deck))))

    def g_derived(self) -> None:
        cards = {p.card.number: p.card for p in self.game.pieces.values()}
        names = {n: c.name for n, c in cards.items()}
        # Only derived cards are made as copies; the extra deck's others are moved.
        numbers = sorted(n for n in set(self.game.sides[self.me].extra) if cards[n].derived)

        def zone(number: str) -> None:
            zones = (Zone.UNITS, Zone.SKILLS, Zone.EQUIPMENT, Zone.HAND)
            self.ask(self.tr("sorcery_ask_zone"), [Choice(zone_name(self.tr, z), z) for z in zones],
                     lambda z: place(number, z))

        def place(number: str, z: Zone) -> None:
            if z is not Zone.UNITS:
                self.submit(CreateDerived(self.me, number, z))
                return
            self.ask(self.tr("sorcery_ask_cell"),
                     self._cells(self.me, lambda c: c not in self.game.sides[self.me].grid),
                     lambda cell: self.submit(CreateDerived(self.me, number, z, cell)))

        self.ask(self.tr("sorcery_ask_derived"),
                 [Choice(f"{names.get(n, n)} ({n})", n) for n in numbers], zone)

    def g_gain(self) -> None:
        self.ask(self.tr("sorcery_ask_element"), [Choice(e.value, e) for e in Element],
                 lambda e: self._amount(
                     lambda n: self.submit(GainElements(self.me, Elements.of({e: n})))))

    def g_tap(self) -> None:
        pids = [pid for pid in self._battlefield() if self.game.pieces[pid].controller == self.me]
        self.ask(self.tr("sorcery_ask_card"), self._choices(pids),
                 lambda pid: self.submit(
                     SetTapped(self.me, pid, not self.game.pieces[pid].tapped)))

    def g_modify(self) -> None:
        def field(pid: int) -> None:
            fields = [("attack", "sorcery_field_attack"), ("life", "sorcery_field_life"),
                      ("power", "sorcery_field_power"), ("gain", "sorcery_field_gain")]
            self.ask(self.tr("sorcery_ask_field"), [Choice(self.tr(k), f) for f, k in fields],
                     lambda f: load(pid) if f == "gain" else self._amount(
                         lambda n: self.submit(_modify(self.me, pid, f, n)), CHANGES))

        def load(pid: int) -> None:
            # A load only grows (an amount of elements is never negative).
            self.ask(self.tr("sorcery_ask_element"), [Choice(e.value, e) for e in Element],
                     lambda e: self._amount(lambda n: self.submit(
                         Modify(self.me, pid, gain=Elements.of({e: n})))))

        self.ask(self.tr("sorcery_ask_card"), self._choices(self._battlefield()), field)

    def g_control(self) -> None:
        """Take control of a card across the table (or take one's own card back)."""
        def cell(pid: int) -> None:
            if self.game.pieces[pid].zone is not Zone.UNITS:
                self.submit(TakeControl(self.me, pid))
                return
            self.ask(self.tr("sorcery_ask_cell"),
                     self._cells(self.me, lambda c: self.table.legal(TakeControl(self.me, pid, c))),
                     lambda c: self.submit(TakeControl(self.me, pid, c)))

        theirs = [pid for pid in self._battlefield()
                  if self.game.pieces[pid].controller != self.me
                  and self.game.pieces[pid].card.type is not CardType.HERO]
        self.ask(self.tr("sorcery_ask_control"), self._choices(theirs), cell)

    def g_slots(self) -> None:
        """What a card of one's own in play gives beyond the zone limits (SetSlots)."""
        counts = [Choice(str(n), n) for n in range(MAX_EXTRA_SLOTS + 1)]

        def skills(pid: int) -> None:
            self.ask(self.tr("sorcery_ask_skill_slots"), counts,
                     lambda k: equipment(pid, k))

        def equipment(pid: int, k: int) -> None:
            self.ask(self.tr("sorcery_ask_equipment_slots"), counts,
                     lambda e: any_kind(pid, k, e))

        def any_kind(pid: int, k: int, e: int) -> None:
            self.ask(self.tr("sorcery_ask_any_kind"),
                     [Choice(self.tr("sorcery_no"), False), Choice(self.tr("sorcery_yes"), True)],
                     lambda yes: self.submit(SetSlots(self.me, pid, k, e, yes)))

        mine = [pid for pid in self._battlefield() if self.game.pieces[pid].controller == self.me]
        self.ask(self.tr("sorcery_ask_slots_card"), self._choices(mine), skills)

    # --- windows and leaving ------------------------------------------------------------

    def view_card(self) -> None:
        side = self.game.sides[self.me]
        # A card just drawn at a networked table has no face here until it is sealed.
        pids = [pid for pid in self._battlefield() + side.hand + side.pool
                if self.game.pieces[pid].face is not None]

        def show(pid: int) -> None:
            self.card = pid
            self.overlay = CARD

        self.ask(self.tr("sorcery_ask_view"), self._choices(pids), show)

    def end_stalled(self) -> None:
        """``e`` while the other seat holds the game up past the stall limit: end the game
        naming it. Before then, ``e`` is a key typed ahead for the person's move."""
        if not self.may_end_stalled():
            self.hold("e")
            return
        try:
            self.table.end_stalled()
        except WizardError as exc:
            self.message = str(exc)
        self._check_over()

    def toggle_help(self) -> None:
        self.overlay = None if self.overlay == HELP else HELP

    def request_quit(self) -> None:
        if self.table.over:
            self.leave()
            return
        self.picker = None
        self.confirm_quit = True

    def answer_quit(self, yes: bool) -> None:
        self.confirm_quit = False
        if yes:
            if not self.table.over:
                # At a networked table a concession waits for the person's move; leaving
                # before it leaves the seat to the other's stall countdown.
                with contextlib.suppress(UsageError):
                    self.table.act(Concede(self.me))
            self.leave()

    def leave(self) -> None:
        self.left = True
        if self.application.is_running and not self.application.is_done:
            self.application.exit()

    def enter(self) -> None:
        if self.picker is not None:
            self.finish_pick()
        elif self.mode() == "wait" and self.overlay is None:
            self.hold("enter")
        elif self.overlay == END:
            self.leave()
        elif self.overlay in (HELP, CARD):
            self.overlay = None

    # --- drawing -----------------------------------------------------------------------

    def _width(self) -> int:
        try:
            return max(40, get_app().output.get_size().columns)
        except Exception:  # no output yet: draw for the smallest screen
            return 80

    def board_text(self, width: int | None = None) -> str:
        """The table as text at ``width`` cells: the bot's side across the table, the
        battle, the player's side, hand and pool."""
        width = width or self._width()
        tr, game = self.tr, self.game
        right = max(20, width * 2 // 5)
        cell = max(6, (width - right - ROW_LABEL - 2) // 3)
        left = ROW_LABEL + 3 * (cell + 1) + 1
        right = width - left - 1

        def block(player: int, top_back: bool) -> list[str]:
            rows = grid_lines(tr, game, player, cell, top_back=top_back)
            zones = _wrap(zone_line(tr, game, player), right, len(rows))
            lines = [f"{r} {z}" for r, z in zip(rows, zones, strict=True)]
            head = fit(side_header(tr, game, player, self.name(player)), width)
            return [head, *lines] if top_back else [*lines, head]

        me = self.me
        status = status_line(tr, game, me)
        if self.by_hand:
            status += tr("sorcery_status_by_hand")
        lines = [fit(status, width)]
        lines += block(self.bot_side, True)
        lines.append(fit(battle_line(tr, game) or "─" * width, width))
        lines += block(me, False)
        hand = " ".join(_unbroken(held_label(game, pid)) for pid in game.sides[me].hand)
        lines += _wrap(tr("sorcery_hand", cards=hand or "-"), width, 2)
        pool = " ".join(_unbroken(held_label(game, pid)) for pid in game.sides[me].pool)
        lines += _wrap(tr("sorcery_pool", cards=pool or "-"), width, 1)
        return "\n".join(line.rstrip() for line in lines)

    def prompt_text(self) -> str:
        mode = self.mode()
        if mode == "pick" and self.picker is not None:
            return self.picker.title
        if mode == "wait":
            return self.stall_text() or self.tr("sorcery_prompt_wait")
        return self.tr(f"sorcery_prompt_{mode}")

    def stall_text(self) -> str | None:
        """Who holds the game up and, until the stall limit has passed, for how much
        longer before the person may end it (None: nobody does)."""
        held = self.table.held_up()
        if held is None:
            return None
        name = self.name(held.seat if held.seat is not None else self.bot_side)
        if held.kind is StatusKind.STALLED:
            return self.tr("sorcery_stall_may_end", name=name)
        left = max(0, (held.total or 0) - (held.done or 0))
        return self.tr("sorcery_stall_countdown", name=name, left=left)

    def may_end_stalled(self) -> bool:
        held = self.table.held_up()
        return held is not None and held.kind is StatusKind.STALLED

    def keys_text(self) -> str:
        mode = self.mode()
        if mode == "pick" and self.picker is not None:
            many = self.picker.multiple
            return self.tr("sorcery_keys_pick_many" if many else "sorcery_keys_pick")
        if mode == "wait" and self.may_end_stalled():
            return self.tr("sorcery_keys_stalled")
        return self.tr(f"sorcery_keys_{mode}")

    def picker_text(self) -> StyleAndTextTuples:
        p = self.picker
        if p is None:
            return []
        out: StyleAndTextTuples = []
        for i, choice in enumerate(p.choices):
            mark = "[x] " if i in p.chosen else ("[ ] " if p.multiple else "")
            style = "class:card.selected" if i in p.chosen else ""
            out.append((style, f"{LABELS[i]} {mark}{choice.text}\n"))
        return out

    def end_text(self) -> str:
        ending = self.table.ending
        if ending is not None:
            if isinstance(ending, Aborted):
                why = self.tr("sorcery_end_stalled", name=self.name(ending.stalled))
            else:
                why = self.tr("sorcery_end_faulted", detail=str(ending.fault))
            return f"{why}\n\n{self.tr('sorcery_end_keys')}"
        outcome = self.game.outcome
        if outcome is None:
            return ""
        if outcome.winner is None:
            head = self.tr("sorcery_end_draw")
        elif outcome.winner == self.me:
            head = self.tr("sorcery_end_won")
        else:
            head = self.tr("sorcery_end_lost")
        why = self.tr(f"sorcery_end_{outcome.reason.name.lower()}", turn=outcome.turn)
        return f"{head}\n{why}\n\n{self.tr('sorcery_end_keys')}"

    def _layout(self) -> Layout:
        def text(f: Callable[[], str], style: str = "") -> FormattedTextControl:
            return FormattedTextControl(lambda: [(style, f())])

        board = Window(text(self.board_text), wrap_lines=False, height=_BOARD_HEIGHT)
        body = HSplit([
            board,
            _LogWindow(self),
            Window(text(lambda: self.message, "class:message"), height=1),
            Window(text(self.prompt_text, "class:prompt"), height=1),
            Window(text(self.keys_text, "class:footer"), height=1),
        ])
        picker = Frame(Window(FormattedTextControl(self.picker_text), wrap_lines=False),
                       title=lambda: self.picker.title if self.picker else "")
        help_ = Frame(Window(text(lambda: self.tr("sorcery_help_lines")), wrap_lines=True),
                      title=lambda: self.tr("sorcery_help_title"))
        card = Frame(Window(text(lambda: card_text(self.tr, self.game, self.card)
                                 if self.card is not None else ""), wrap_lines=True),
                     title=lambda: self.tr("sorcery_card_title"))
        end = Frame(Window(text(self.end_text), wrap_lines=True),
                    title=lambda: self.tr("sorcery_end_title"))
        quit_ = Frame(Window(text(lambda: self.tr("sorcery_quit_question")), height=2,
                             wrap_lines=True), title=lambda: self.tr("sorcery_quit_title"))
        floats = [
            Float(ConditionalContainer(picker, Condition(lambda: self.picker is not None)),
                  right=1, top=1, bottom=3),
            Float(ConditionalContainer(help_, Condition(lambda: self.overlay == HELP)),
                  left=2, right=2, top=1, bottom=1),
            Float(ConditionalContainer(card, Condition(lambda: self.overlay == CARD)),
                  left=4, right=4, top=2, bottom=3),
            Float(ConditionalContainer(end, Condition(lambda: self.overlay == END)),
                  left=6, right=6, top=4, height=8),
            Float(ConditionalContainer(quit_, Condition(lambda: self.confirm_quit)),
                  left=8, right=8, top=6, height=4),
        ]
        return Layout(FloatContainer(body, floats))

    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()
        picking = Condition(lambda: self.picker is not None)
        quitting = Condition(lambda: self.confirm_quit and self.picker is None)
        free = ~picking & ~quitting

        for label in LABELS:
            kb.add(label, filter=picking)(_call(functools.partial(self.pick, label)))
        kb.add("y", filter=quitting)(_call(lambda: self.answer_quit(True)))
        kb.add("n", filter=quitting)(_call(lambda: self.answer_quit(False)))
        kb.add("escape", filter=quitting)(_call(lambda: self.answer_quit(False)))
        kb.add("escape", filter=~quitting)(_call(self.cancel))
        kb.add("enter")(_call(self.enter))
        kb.add("c-c")(_call(self.request_quit))
        commands = {k for _, k in _COMMANDS}
        for key in commands:
            kb.add(key, filter=free)(_call(functools.partial(self.key, key)))
        # The choices' keys typed ahead while the bot moves are held, not lost.
        waiting = Condition(lambda: self.mode() == "wait")
        for label in set(LABELS) - commands:
            kb.add(label, filter=free & waiting)(_call(functools.partial(self.hold, label)))
        return kb


class _LogWindow(Window):
    """The told moves, the latest at the bottom."""

    def __init__(self, app: SorceryApp) -> None:
        self._app = app
        super().__init__(FormattedTextControl(self._text), wrap_lines=False, style="class:dim")

    def _text(self) -> str:
        info = self.render_info
        rows = info.window_height if info is not None else 6
        return "\n".join(self._app.told[-max(1, rows):])


_BOARD_HEIGHT = 1 + 4 + 1 + 4 + 2 + 1


def _wrap(text: str, width: int, lines: int) -> list[str]:
    """``text`` in ``lines`` lines of exactly ``width`` cells, broken at spaces (a word
    wider than a line is broken where the line ends); what does not fit in the last line
    is cut with an ellipsis. Cells, not characters: CJK characters are two wide."""
    out: list[str] = []
    words = text.split(" ")
    while len(out) < lines and words:
        if len(out) == lines - 1:
            out.append(fit(" ".join(words), width))
            break
        line = words.pop(0)
        if get_cwidth(line) > width:
            head = _head(line, width) or line[:1]
            words.insert(0, line[len(head):])
            line = head
        while words and get_cwidth(line) + 1 + get_cwidth(words[0]) <= width:
            line += " " + words.pop(0)
        out.append(fit(line, width))
    return out + [" " * width] * (lines - len(out))


def _head(text: str, width: int) -> str:
    """The longest start of ``text`` at most ``width`` cells wide."""
    used = 0
    for i, ch in enumerate(text):
        used += get_cwidth(ch)
        if used > width:
            return text[:i]
    return text


def _unbroken(label: str) -> str:
    """A card's label that :func:`_wrap` keeps on one line (names may hold spaces)."""
    return label.replace(" ", "\u00a0")


def _modify(player: int, pid: int, field: str, n: int) -> Modify:
    return Modify(
        player,
        pid,
        attack=n if field == "attack" else 0,
        life=n if field == "life" else 0,
        power=n if field == "power" else 0,
    )


def _call(f: Callable[[], object]) -> Callable[[KeyPressEvent], None]:
    def handler(event: KeyPressEvent) -> None:
        f()

    return handler


_COMMANDS: dict[tuple[str, str], Callable[[SorceryApp], None]] = {
    ("mulligan", "k"): SorceryApp.keep,
    ("mulligan", "m"): SorceryApp.mulligan,
    ("play", "c"): SorceryApp.consume,
    ("play", "s"): SorceryApp.summon,
    ("play", "e"): SorceryApp.equip,
    ("play", "u"): SorceryApp.use_item,
    ("play", "l"): SorceryApp.learn,
    ("play", "i"): SorceryApp.invoke,
    ("play", "a"): SorceryApp.cast,
    ("play", "t"): SorceryApp.attack,
    ("play", "b"): SorceryApp.ability,
    ("play", "n"): SorceryApp.end_turn,
    ("play", "g"): SorceryApp.generic,
    ("defend", "d"): SorceryApp.defend,
    ("defend", "p"): SorceryApp.take_it,
    ("defend", "i"): SorceryApp.invoke,
    ("defend", "b"): SorceryApp.ability,
    ("defend", "g"): SorceryApp.generic,
    ("wait", "e"): SorceryApp.end_stalled,
    ("any", "v"): SorceryApp.view_card,
    ("any", "$"): SorceryApp.toggle_by_hand,
    ("any", "?"): SorceryApp.toggle_help,
    ("any", "q"): SorceryApp.request_quit,
}


def run_sorcery_app(table: SorceryTable, lang: str | None = None) -> SorceryApp:
    """Run the console full-screen until the player leaves."""
    app = SorceryApp(table, lang)
    app.application.run()
    return app
