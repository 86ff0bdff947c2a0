"""巫师牌's table in words: the pieces of the console's screen as plain text.

Pure functions of the engine's ``Game`` and a ``Translator``: the unit grids as grids
(rows and columns are what range and areas are made of), a side's zones and counts,
a card's full text, the spell battle as attack against defence power, and one line
telling an action (the bot's moves as they happen). Card names and texts stay as the
card file writes them (Chinese); the screen's own words come from the catalogues.

Widths are terminal cells: a Chinese character takes two, so every cut and pad goes
through ``fit``.
"""

from __future__ import annotations

from prompt_toolkit.utils import get_cwidth

from wizard_p2p.errors import IllegalAction
from wizard_p2p.sorcery.actions import (
    Action,
    AddMarker,
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
from wizard_p2p.sorcery.cards import Card, CardType
from wizard_p2p.sorcery.game import Game, Piece, Rule, Step
from wizard_p2p.sorcery.grid import COLS, ROWS, Cell
from wizard_p2p.tui.i18n import Translator

__all__ = [
    "battle_line",
    "card_text",
    "cell_name",
    "fit",
    "grid_lines",
    "held_label",
    "narrate",
    "piece_label",
    "refusal",
    "rule_key",
    "side_header",
    "status_line",
    "zone_line",
    "zone_name",
]

TAPPED = "~"  # before a tapped (横置) card's name
MARKED = "*"  # after a card carrying markers
ROW_LABEL = 5  # cells before a grid's row: front, mid, back


def fit(text: str, width: int) -> str:
    """``text`` cut (with …) or padded with spaces to exactly ``width`` cells."""
    if width <= 0:
        return ""
    if get_cwidth(text) <= width:
        return text + " " * (width - get_cwidth(text))
    out, used = [], 0
    for ch in text:
        w = get_cwidth(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…" + " " * (width - used - 1)


def cell_name(tr: Translator, cell: Cell) -> str:
    """A cell in words: its row (front, middle, back) and column (1..3)."""
    return tr("sorcery_cell", row=tr(f"sorcery_row_{cell[0]}"), col=cell[1] + 1)


def zone_name(tr: Translator, zone: Zone) -> str:
    """A zone in the screen's language (the enum spells it in Chinese, for the log)."""
    return tr(f"sorcery_zone_name_{zone.name.lower()}")


def piece_label(p: Piece, *, stats: bool = True, width: int | None = None) -> str:
    """A card on the table in a few cells: ``~名字 3/5*`` (tapped, attack/life, markers).
    Within ``width`` cells the name is cut, never the numbers."""
    tail = ""
    if stats and p.zone is Zone.UNITS:
        life = "-" if p.life is None else str(p.life)
        tail = f" {p.attack}/{life}"
    elif stats and p.card.power is not None:
        tail = f" {p.power}"
    if any(p.markers.values()):
        tail += MARKED
    name = (TAPPED if p.tapped else "") + p.card.name
    if width is not None:
        name = fit(name, max(1, width - get_cwidth(tail))).rstrip()
    return name + tail


def hand_label(card: Card) -> str:
    """A card in the hand or the pool: its name and what it costs."""
    return f"{card.name}({card.cost})"


def held_label(game: Game, pid: int) -> str:
    """A card of the player's hand or pool: its ``hand_label``, or ``?`` while its face
    has not come yet (a card just drawn at a networked table, until the other seals it)."""
    piece = game.pieces[pid]
    return "?" if piece.face is None else hand_label(piece.card)


def grid_lines(
    tr: Translator, game: Game, player: int, cell_width: int, *, top_back: bool
) -> list[str]:
    """``player``'s 3x3 unit grid, one line a row: the back row first when ``top_back``
    (the opponent's side, across the table), else the front row first."""
    grid = game.sides[player].grid
    rows = range(ROWS - 1, -1, -1) if top_back else range(ROWS)
    lines = []
    for r in rows:
        cells = []
        for c in range(COLS):
            pid = grid.get((r, c))
            label = "" if pid is None else piece_label(game.pieces[pid], width=cell_width)
            cells.append(fit(label, cell_width))
        lines.append(fit(tr(f"sorcery_row_{r}"), ROW_LABEL) + "│" + "│".join(cells) + "│")
    return lines


def side_header(tr: Translator, game: Game, player: int, name: str) -> str:
    side = game.sides[player]
    hero = game.pieces[side.hero]
    return tr(
        "sorcery_side",
        name=name,
        hero=hero.card.name,
        life="-" if hero.life is None else hero.life,
        hand=len(side.hand),
        deck=len(side.deck),
        discard=len(side.discard),
        elements=side.elements,
    )


def zone_line(tr: Translator, game: Game, player: int) -> str:
    """A side's skills and equipment, each with its number and state."""
    side = game.sides[player]
    skills = " ".join(piece_label(game.pieces[pid]) for pid in side.skills) or "-"
    equipment = " ".join(piece_label(game.pieces[pid]) for pid in side.equipment) or "-"
    return tr("sorcery_zones", skills=skills, equipment=equipment)


def status_line(tr: Translator, game: Game, me: int | None,
                names: tuple[str, ...] | None = None) -> str:
    """Whose turn and which step (``names``: the players' names, as a watcher says
    them; else "you" for ``me`` and "bot" for the other)."""
    if game.outcome is not None:
        return tr("sorcery_status_over", turn=game.turn)
    if names is not None:
        who = names[game.active]
    else:
        who = tr("sorcery_you") if game.active == me else tr("sorcery_bot")
    step = tr(f"sorcery_step_{_STEP_KEYS[game.step]}")
    return tr("sorcery_status", turn=game.turn, who=who, step=step)


_STEP_KEYS = {
    Step.MULLIGAN: "mulligan",
    Step.PLAY: "play",
    Step.DEFEND: "defend",
    Step.OVER: "over",
}


def battle_line(tr: Translator, game: Game) -> str:
    """The spell battle now open (attack power, waiting for the defence), or the last one
    (attack against defence power, and whether it hit)."""
    if game.battle is not None:
        b = game.battle
        return tr(
            "sorcery_battle_open",
            spell=game.pieces[b.spell].card.name,
            power=b.power,
            attack=b.attack,
        )
    last = game.last_battle
    if last is None:
        return ""
    targets = ", ".join(game.pieces[t].card.name for t in last.targets) or "-"
    return tr(
        "sorcery_battle_hit" if last.hit else "sorcery_battle_held",
        spell=game.pieces[last.spell].card.name,
        power=last.power,
        defence="-" if last.defence is None else last.defence,
        targets=targets,
    )


def card_text(tr: Translator, game: Game, pid: int) -> str:
    """Everything about one card: the card file's fields and its state in this game."""
    p = game.pieces[pid]
    c = p.card
    lines = [f"{c.name}  ({c.number})", f"{c.type.value} · {c.element.value} · {c.tag}"]
    if c.version:
        lines[-1] += f" · {c.version}"
    numbers = []
    if c.cost:
        numbers.append(tr("sorcery_cost", value=c.cost))
    if c.expense:
        numbers.append(tr("sorcery_expense", value=c.expense))
    if p.gain:
        numbers.append(tr("sorcery_gain", value=p.gain))
    if c.attack is not None:
        numbers.append(tr("sorcery_attack", value=p.attack))
    if c.life is not None:
        numbers.append(tr("sorcery_life", value=f"{p.life}/{p.max_life}"))
    if c.power is not None:
        numbers.append(tr("sorcery_power", value=p.power))
    if c.duration is not None:
        numbers.append(tr("sorcery_duration", value=c.duration))
    if numbers:
        lines.append(tr("comma").join(numbers))
    state = [tr("sorcery_zone", zone=zone_name(tr, p.zone))]
    if p.zone.battlefield and p.controller != p.owner:
        state.append(tr("sorcery_borrowed"))
    if p.cell is not None:
        state.append(cell_name(tr, p.cell))
    if p.tapped:
        state.append(tr("sorcery_tapped"))
    for marker, n in p.markers.items():
        if n:
            state.append(f"{marker.value}×{n}")
    lines.append(tr("comma").join(state))
    lines.append("")
    lines.append(c.description or "-")
    if c.quote:
        lines += ["", c.quote]
    return "\n".join(lines)


def rule_key(rule: Rule) -> str:
    """The catalogue key of the sentence that words ``rule`` for a person."""
    return f"sorcery_rule_{rule.name.lower()}"


def refusal(tr: Translator, exc: IllegalAction) -> str:
    """The engine's refusal in the player's language: the sentence of the rule broken;
    the engine's own (English) detail only for a rule the catalogues have no word for."""
    try:
        rule = Rule(exc.rule)
    except ValueError:
        return tr("sorcery_refused", detail=str(exc))
    return tr("sorcery_refused", detail=tr(rule_key(rule)))


def _name(game: Game, pid: int | None) -> str:
    if pid is None or pid not in game.pieces:
        return "-"
    piece = game.pieces[pid]
    # A card this seat has not been shown (at a networked table) has no name here.
    return "?" if piece.face is None else piece.card.name


def narrate(tr: Translator, game: Game, action: Action, who: str) -> str:
    """One line telling ``action`` (already applied to ``game``), taken by ``who``."""
    n = lambda pid: _name(game, pid)  # noqa: E731 - a short local alias
    match action:
        case Mulligan(order=None):
            return tr("sorcery_told_keep", who=who)
        case Mulligan():
            return tr("sorcery_told_mulligan", who=who)
        case Consume(piece=pid):
            return tr("sorcery_told_consume", who=who, card=n(pid))
        case Summon(piece=pid, cell=cell):
            return tr("sorcery_told_summon", who=who, card=n(pid), cell=cell_name(tr, cell))
        case Equip(piece=pid):
            return tr("sorcery_told_equip", who=who, card=n(pid))
        case UseItem(piece=pid):
            return tr("sorcery_told_item", who=who, card=n(pid))
        case Learn(piece=pid):
            return tr("sorcery_told_learn", who=who, card=n(pid))
        case Invoke(piece=pid):
            return tr("sorcery_told_invoke", who=who, card=n(pid))
        case Cast(spell=pid, target=target, area=area):
            aim = n(target) if area is None else f"{area.shape.value} {cell_name(tr, area.cell)}"
            power = game.battle.power if game.battle is not None else "?"
            return tr("sorcery_told_cast", who=who, card=n(pid), target=aim, power=power)
        case Defend(spell=None):
            return tr("sorcery_told_no_defence", who=who) + _after_battle(tr, game)
        case Defend(spell=pid):
            return tr("sorcery_told_defend", who=who, card=n(pid)) + _after_battle(tr, game)
        case Attack(attacker=a, target=t):
            return tr("sorcery_told_attack", who=who, card=n(a), target=n(t))
        case UseAbility(piece=pid, ability=ability):
            return tr("sorcery_told_ability", who=who, card=n(pid), ability=ability.value)
        case EndTurn(discards=discards):
            told = tr("sorcery_told_end", who=who)
            if discards:
                told += tr("sorcery_told_discards", cards=", ".join(n(d) for d in discards))
            return told
        case Concede():
            return tr("sorcery_told_concede", who=who)
        case MoveCard(piece=pid, zone=zone):
            return tr("sorcery_told_move", who=who, card=n(pid), zone=zone_name(tr, zone))
        case Damage(target=t, amount=k):
            return tr("sorcery_told_damage", who=who, card=n(t), n=k)
        case Heal(target=t, amount=k):
            return tr("sorcery_told_heal", who=who, card=n(t), n=k)
        case AddMarker(target=t, marker=m, count=k):
            return tr("sorcery_told_mark", who=who, card=n(t), marker=m.value, n=k)
        case RemoveMarker(target=t, marker=m, count=k):
            return tr("sorcery_told_unmark", who=who, card=n(t), marker=m.value, n=k)
        case Draw(count=k):
            return tr("sorcery_told_draw", who=who, n=k)
        case Search():
            return tr("sorcery_told_search", who=who)
        case Look(count=k, under=under):
            return tr("sorcery_told_look", who=who, n=k, under=under)
        case Shuffle():
            return tr("sorcery_told_shuffle", who=who)
        case CreateDerived(number=number, zone=zone):
            return tr("sorcery_told_derived", who=who, card=number, zone=zone_name(tr, zone))
        case GainElements(amount=amount):
            return tr("sorcery_told_gain", who=who, elements=amount)
        case SetTapped(piece=pid, tapped=tapped):
            key = "sorcery_told_tap" if tapped else "sorcery_told_reset"
            return tr(key, who=who, card=n(pid))
        case Modify(piece=pid):
            return tr("sorcery_told_modify", who=who, card=n(pid))
        case TakeControl(piece=pid):
            return tr("sorcery_told_control", who=who, card=n(pid))
        case SetSlots(piece=pid, skills=k, equipment=e, any_kind=any_kind):
            told = tr("sorcery_told_slots", who=who, card=n(pid), skills=k, equipment=e)
            return told + (tr("sorcery_told_any_kind") if any_kind else "")
    return tr("sorcery_told_other", who=who)


def _after_battle(tr: Translator, game: Game) -> str:
    line = battle_line(tr, game)
    return tr("semicolon") + line if line else ""


def is_unit_card(card: Card) -> bool:
    return card.type in (CardType.CREATURE, CardType.HERO)
