"""The replay: a finished (or aborted, or faulty) game stepped through with every hand shown.

``ReplayState`` is where the replay stands in a ``GameRecord``
(``wizard_p2p.tables.wizard.replay``): a round, and in it the deal or one trick.
The next / previous trick keys step through the whole game (past a round's last
trick comes the next round's deal); the next / previous round keys go to a
round's deal; digits then Enter jump to a round. Each step shows every seat's
hand as it stood when the trick was led (sorted as the table sorts a hand), its
bid and the tricks it has taken, the cards of the trick, who won it and by which
rule, and the running totals (a round's points count from its last trick on);
``s`` opens the score pad so far, ``?`` the keys. ``c`` shows the coach's notes
(``replay_coach``): each bid and play of the step beside the coach's, from that
seat's view at that moment, and at a round's last trick its costliest decision.
The notes of a round are worked out once, on a worker thread while the replay
runs, and kept.

The record was verified as the log was read: a fault stops it, and the status
line names the position and the seat to blame; a round its check refuted is
marked unverified. ``ReplayApp`` is the prompt_toolkit application around the
state (one ``LinesControl`` for the body, one for the key line), ``run_replay``
runs it full-screen, and ``show_over`` runs it over the table, where ``h`` in a
round's summary shows every hand of the round just played.
"""

from __future__ import annotations

import asyncio

from prompt_toolkit.application import Application, in_terminal
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.output import Output

from wizard_p2p.protocol.shown import shown
from wizard_p2p.rules import Card, sorted_hand
from wizard_p2p.tables.wizard.replay import (
    ABORTED,
    FAULT,
    FINISHED,
    LIVE,
    GameRecord,
    RoundRecord,
    TrickRecord,
)
from wizard_p2p.tui.coach_text import note
from wizard_p2p.tui.controls import Line, LinesControl, flow
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.replay_coach import RoundNotes, round_notes
from wizard_p2p.tui.shared import HELP, SCORES
from wizard_p2p.tui.style import STYLE
from wizard_p2p.tui.text import card_class, card_label, clip, pad

E = KeyPressEvent
DEAL = -1  # the step before a round's first trick: the hands as dealt


class ReplayState:
    """Where the replay stands, and the moves between steps."""

    def __init__(self, record: GameRecord, tr: Translator) -> None:
        self.record = record
        self.tr = tr
        self.round_index = 0
        self.step = DEAL  # DEAL, or the index of a trick of the round
        self.overlay: str | None = None  # SCORES or HELP
        self.digits = ""  # a round number being typed
        self.message = ""
        self.coach = False  # the coach's notes shown
        self.notes: dict[int, RoundNotes | None] = {}  # by round index, once worked out

    def toggle_coach(self) -> None:
        self.coach = not self.coach
        self.message = self.tr("coach_notes_on" if self.coach else "coach_notes_off")

    @property
    def notes_wanted(self) -> int | None:
        """The round whose notes are to be shown and not yet worked out."""
        if not self.coach or self.round is None or self.round_index in self.notes:
            return None
        return self.round_index

    def load_notes(self, index: int) -> None:
        """Work the notes of round ``index`` out now (the caller's thread)."""
        self.notes[index] = round_notes(self.record, index)

    # --- reading --------------------------------------------------------------------

    @property
    def round(self) -> RoundRecord | None:
        rounds = self.record.rounds
        return rounds[self.round_index] if rounds else None

    @property
    def trick(self) -> TrickRecord | None:
        rnd = self.round
        if rnd is None or self.step == DEAL:
            return None
        return rnd.tricks[self.step]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every hand as it stood when this step's trick was led (as dealt, at the deal)."""
        rnd = self.round
        if rnd is None:
            return None
        return rnd.hands_before(max(self.step, 0))

    @property
    def taken(self) -> tuple[int, ...]:
        """The tricks each seat has taken in this round, this step's trick included."""
        rnd = self.round
        counts = [0] * len(self.record.names)
        if rnd is not None:
            for trick in rnd.tricks[: self.step + 1]:
                if trick.winner is not None:
                    counts[trick.winner] += 1
        return tuple(counts)

    @property
    def scored(self) -> bool:
        """Whether this step shows the round's end: its last trick, and the round scored."""
        rnd = self.round
        return (
            rnd is not None and rnd.points is not None and self.step == len(rnd.tricks) - 1
        )

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals at this step: after the round once its end is shown."""
        rnd = self.round
        if rnd is None:
            return (0,) * len(self.record.names)
        if self.scored or rnd.points is None:
            return rnd.totals  # an unscored round's totals are those before it
        return tuple(t - p for t, p in zip(rnd.totals, rnd.points, strict=True))

    def name(self, seat: int | None) -> str:
        if seat is None:
            return self.tr("replay_no_seat")
        return shown(self.record.names[seat])

    # --- moving -----------------------------------------------------------------------

    def next_trick(self) -> None:
        rnd = self.round
        if rnd is None:
            return
        if self.step + 1 < len(rnd.tricks):
            self.step += 1
        elif self.round_index + 1 < len(self.record.rounds):
            self.round_index, self.step = self.round_index + 1, DEAL

    def previous_trick(self) -> None:
        if self.step > DEAL:
            self.step -= 1
        elif self.round_index > 0:
            self.round_index -= 1
            self.step = len(self.record.rounds[self.round_index].tricks) - 1

    def next_round(self) -> None:
        if self.round_index + 1 < len(self.record.rounds):
            self.round_index += 1
        self.step = DEAL

    def previous_round(self) -> None:
        if self.step == DEAL and self.round_index > 0:
            self.round_index -= 1
        self.step = DEAL

    def jump(self, round_no: int) -> bool:
        """Go to round ``round_no``'s deal; False if the record holds no such round."""
        for index, rnd in enumerate(self.record.rounds):
            if rnd.round_no == round_no:
                self.round_index, self.step = index, DEAL
                return True
        return False

    def digit(self, d: str) -> None:
        self.digits = (self.digits + d)[-2:]
        self.message = self.tr("replay_jump", n=self.digits)

    def enter(self) -> None:
        """Jump to the round typed (if any)."""
        if not self.digits:
            self.message = ""
            return
        wanted, self.digits = int(self.digits), ""
        rounds = len(self.record.rounds)
        self.message = "" if self.jump(wanted) else self.tr("replay_no_round", n=wanted, max=rounds)

    def toggle(self, overlay: str) -> None:
        self.overlay = None if self.overlay == overlay else overlay


# --- drawing ---------------------------------------------------------------------------------


def _card(card: Card, extra: str = "") -> tuple[str, str]:
    return (f"class:card {card_class(card)} {extra}".strip(), card_label(card))


def status_line(state: ReplayState) -> tuple[str, str]:
    """The record's outcome: (style, text); a fault names its line and the seat."""
    record, tr = state.record, state.tr
    if record.status == FAULT and record.fault is not None:
        fault = record.fault
        text = tr(
            "replay_fault", line=fault.position + 1, who=state.name(fault.seat),
            kind=tr("fault_kind_" + str(fault.kind).replace("-", "_")),
            detail=shown(fault.message),
        )
        return "class:message", text
    if record.status == FINISHED:
        names = tr("replay_sep").join(state.name(s) for s in record.winners)
        return "class:status", tr("replay_finished", names=names)
    if record.status == LIVE:
        return "class:status", tr("replay_live")
    # A said message escapes the log's text in it already (``tables.wizard.replay``).
    detail = tr.say(record.said) if record.said is not None else shown(record.message)
    if record.status == ABORTED:
        return "class:status", tr("replay_aborted", detail=detail)
    return "class:status", tr("replay_incomplete", detail=detail)


def replay_lines(state: ReplayState, cells: int) -> list[Line]:
    """The replay's body for a width of ``cells``: the open overlay, or the step."""
    if state.overlay == SCORES:
        return scores_lines(state, cells)
    if state.overlay == HELP:
        lines: list[Line] = [[("class:title", state.tr("help"))]]
        rows = [*state.tr("replay_help_lines").split("\n"), "", state.tr("coach_replay_help")]
        lines += [[("", clip(row, cells))] for row in rows]
        return lines
    return step_lines(state, cells)


def step_lines(state: ReplayState, cells: int) -> list[Line]:
    tr, record, rnd = state.tr, state.record, state.round
    title = f"{tr('title')} - {tr('replay')}"
    lines: list[Line] = []
    if rnd is None:
        lines.append([("class:title", clip(title, cells))])
        lines.append([("", tr("replay_no_rounds"))])
        lines += flow([[status_line(state)]], cells)
        return lines
    if record.status == LIVE:
        check = tr("replay_public")
    else:
        check = tr("replay_verified") if rnd.verified else tr("replay_unverified")
    head = (
        f"{title}  {tr('round_of', n=rnd.round_no, total=record.rounds_total)}  "
        + tr("replay_dealer", name=state.name(rnd.dealer), check=check)
    )
    lines.append([("class:title", clip(head, cells))])
    lines += flow(_trump_units(state, rnd), cells)
    trick = state.trick
    if trick is None:
        lines.append([("class:header", clip(tr("replay_deal"), cells))])
    else:
        text = tr("replay_trick", n=state.step + 1, total=rnd.round_no) + "  " + tr(
            "replay_led", name=state.name(trick.leader)
        )
        lines.append([("class:header", clip(text, cells))])
    lines.append([])
    lines += _seat_rows(state, rnd, trick, cells)
    lines.append([])
    if trick is not None:
        if trick.winner is None or trick.reason is None:
            lines.append([("class:dim", clip(tr("replay_cut_short"), cells))])
        else:
            won = tr(
                "replay_won", name=state.name(trick.winner), reason=tr("reason_" + trick.reason)
            )
            lines.append([("class:winning", clip(won, cells))])
    if rnd.hands is None:
        lines += flow([[("class:dim", tr("replay_no_hands"))]], cells)
    if state.coach:
        lines += coach_lines(state, cells)
    totals = tr("replay_sep").join(f"{state.name(s)} {t}" for s, t in enumerate(state.totals))
    key = "replay_totals" if state.scored else "replay_totals_before"
    lines += flow([[("", tr(key, n=rnd.round_no, scores=totals))]], cells)
    lines += flow([[status_line(state)]], cells)
    if state.message:
        lines += flow([[("class:message", state.message)]], cells)
    return lines


def coach_lines(state: ReplayState, cells: int) -> list[Line]:
    """The coach's notes on this step's decisions, and the round's costliest at its end."""
    tr = state.tr
    if state.round_index not in state.notes:
        return flow([[("class:dim", tr("coach_reading"))]], cells)
    notes = state.notes[state.round_index]
    if notes is None:
        return flow([[("class:dim", tr("coach_notes_unavailable"))]], cells)
    step = None if state.step == DEAL else state.step
    lines: list[Line] = []
    for item in notes.at(step):
        text = f"{state.name(item.seat)}{tr('colon')}{note(tr, item.advice, item.made)}"
        lines += flow([[("class:hint", text)]], cells)
    if state.scored or (state.round is not None and state.step == len(state.round.tricks) - 1):
        worst = notes.costliest
        if worst is None:
            text = tr("coach_none_costly")
        else:
            text = tr(
                "coach_costliest", name=state.name(worst.seat),
                note=note(tr, worst.advice, worst.made),
            )
        lines += flow([[("class:message", text)]], cells)
    return lines


def _trump_units(state: ReplayState, rnd: RoundRecord) -> list[Line]:
    tr = state.tr
    units: list[Line] = [[("", tr("replay_trump"))]]
    units.append([("class:me", tr.suit(rnd.trump) if rnd.trump else tr("no_trump"))])
    if rnd.turned is not None:
        units += [[("", "  " + tr("replay_turned"))], [_card(rnd.turned)]]
    return units


def _seat_rows(
    state: ReplayState, rnd: RoundRecord, trick: TrickRecord | None, cells: int
) -> list[Line]:
    tr = state.tr
    name_cells = max(8, min(14, cells // 5))
    head = (
        pad(tr("col_player"), name_cells + 2) + pad(tr("col_bid"), 5) + pad(tr("col_took"), 5)
        + pad(tr("col_trick"), 6) + tr("col_hand")
    )
    rows: list[Line] = [[("class:header", clip(head, cells))]]
    hands = state.hands
    taken = state.taken
    played = dict(trick.plays) if trick is not None else {}
    indent = name_cells + 18
    for seat in range(len(state.record.names)):
        won = trick is not None and trick.winner == seat
        bid = rnd.bids[seat]
        who = ("* " if won else "  ") + pad(state.name(seat), name_cells)
        line: Line = [
            ("class:winning" if won else "", who),
            ("", pad("-" if bid is None else str(bid), 5)),
            ("", pad(str(taken[seat]), 5)),
        ]
        card = played.get(seat)
        line.append(_card(card, "class:card.selected" if won else "") if card else ("", "-"))
        line.append(("", " " * (6 - (len(card_label(card)) if card else 1))))
        units: list[Line] = []
        if hands is None:
            units.append([("class:dim", "?")])
        else:
            for held in sorted_hand(hands[seat], rnd.trump):
                units.append([_card(held, "class:card.selected" if held == card else "")])
                units.append([("", " ")])
        body = flow(units, max(8, cells - indent))
        rows.append([*line, *body[0]])
        rows += [[("", " " * indent), *more] for more in body[1:]]
    return rows


_PAD_NUMBERS = 11  # "bb tt total": 2 + 1 + 2 + 1 + 5 cells


def scores_lines(state: ReplayState, cells: int) -> list[Line]:
    """The score pad of the rounds scored by this step: bid, tricks, running total."""
    tr, record = state.tr, state.record
    n = len(record.names)
    # Every column the same cells wide, everything in it right-aligned, and each cell's
    # numbers in fixed places (bid, tricks, total): the columns line up in cells, a
    # Chinese or Japanese name or header (two cells a character) included.
    col = max(_PAD_NUMBERS + 1, min(16, (cells - 4) // n))
    lines: list[Line] = [[("class:title", clip(tr("scorepad"), cells))]]
    head: Line = [("class:header", pad(tr("col_round"), 4))]
    sub: Line = [("class:dim", "    ")]
    for seat in range(n):
        head.append(("class:header", " " + pad(clip(state.name(seat), col - 1), col - 1, ">")))
        sub.append(("class:dim", " " + pad(clip(tr("pad_sub"), col - 1), col - 1, ">")))
    lines += [head, sub]
    for rnd in record.rounds[: state.round_index + (1 if state.scored else 0)]:
        row: Line = [("" if rnd.verified else "class:message", pad(str(rnd.round_no), 4, ">"))]
        for seat in range(n):
            bid = rnd.bids[seat]
            total = str(rnd.totals[seat]) if rnd.points is not None else "?"
            cell = f"{'-' if bid is None else bid:>2} {rnd.taken[seat]:>2} {total:>5}"
            row.append(("", " " + pad(cell, col - 1, ">")))
        lines.append(row)
    lines.append([("class:hint", clip(tr("replay_close"), cells))])
    return lines


# --- the application -------------------------------------------------------------------------


class ReplayApp:
    """The replay as a full-screen prompt_toolkit application."""

    def __init__(
        self,
        record: GameRecord,
        lang: str | None = None,
        *,
        input: Input | None = None,
        output: Output | None = None,
        escape_leaves: bool = False,
    ) -> None:
        self.tr = Translator(lang)
        self.state = ReplayState(record, self.tr)
        self.escape_leaves = escape_leaves  # a view over the table: Esc closes it, as q does
        body = Window(LinesControl(lambda cells, _: replay_lines(self.state, cells)))
        footer = Window(LinesControl(self._footer), height=1)
        self.application: Application[None] = Application(
            layout=Layout(HSplit([body, footer])),
            key_bindings=create_replay_keys(self.state, escape_leaves=escape_leaves),
            style=STYLE,
            full_screen=True,
            input=input,
            output=output,
        )
        self.application.ttimeoutlen = 0.05  # Escape told from an arrow key by a short wait
        self.notes_task: asyncio.Task[None] | None = None  # the notes being worked out
        self.application.key_processor.after_key_press += lambda _: self._want_notes()

    def _want_notes(self) -> None:
        """Work out the notes the step shows, on a worker thread, one round at a time."""
        index = self.state.notes_wanted
        if index is None or (self.notes_task is not None and not self.notes_task.done()):
            return
        loop = asyncio.get_running_loop()

        async def work() -> None:
            await loop.run_in_executor(None, self.state.load_notes, index)
            self.application.invalidate()
            self._want_notes()  # the player may have moved on to another round meanwhile

        self.notes_task = loop.create_task(work())

    def _footer(self, cells: int, height: int | None) -> list[Line]:
        return [[("class:footer", pad(self.tr("replay_footer"), cells))]]


def create_replay_keys(state: ReplayState, *, escape_leaves: bool = False) -> KeyBindings:
    """The replay's keys. With ``escape_leaves`` (the hands view a table opens over
    itself, whose other windows Esc closes), Esc with nothing open leaves it."""
    kb = KeyBindings()

    @kb.add("right")
    @kb.add("n")
    @kb.add("space")
    def _next_trick(event: E) -> None:
        state.next_trick()

    @kb.add("left")
    @kb.add("p")
    def _previous_trick(event: E) -> None:
        state.previous_trick()

    @kb.add("down")
    @kb.add("pagedown")
    @kb.add("N")
    def _next_round(event: E) -> None:
        state.next_round()

    @kb.add("up")
    @kb.add("pageup")
    @kb.add("P")
    def _previous_round(event: E) -> None:
        state.previous_round()

    @kb.add("home")
    def _first(event: E) -> None:
        state.round_index, state.step = 0, DEAL

    @kb.add("end")
    def _last(event: E) -> None:
        state.round_index = max(0, len(state.record.rounds) - 1)
        state.step = DEAL

    for d in "0123456789":

        @kb.add(d)
        def _digit(event: E, d: str = d) -> None:
            state.digit(d)

    @kb.add("enter")
    def _enter(event: E) -> None:
        state.enter()

    @kb.add("s")
    def _scores(event: E) -> None:
        state.toggle(SCORES)

    @kb.add("?")
    def _help(event: E) -> None:
        state.toggle(HELP)

    @kb.add("c")
    def _coach(event: E) -> None:
        state.toggle_coach()

    # Eager: Esc acts at once, not after the wait for a longer key that starts with it
    # (whose timer a view run over the table would leave to the table).
    @kb.add("escape", eager=True)
    def _close(event: E) -> None:
        if escape_leaves and state.overlay is None and not state.digits:
            event.app.exit()
            return
        state.overlay, state.digits, state.message = None, "", ""

    @kb.add("q")
    @kb.add("c-c")
    def _quit(event: E) -> None:
        event.app.exit()

    return kb


def show_over(application: Application[None], record: GameRecord, lang: str) -> ReplayApp:
    """Run the replay of ``record`` in place of the running ``application``, which is
    suspended until the player leaves the replay (``q``): the table's ``h`` in a
    round's summary."""
    replay = ReplayApp(record, lang, input=application.input, output=application.output,
                       escape_leaves=True)

    async def run() -> None:
        async with in_terminal():
            await replay.application.run_async()

    application.create_background_task(run())
    return replay


def run_replay(record: GameRecord, lang: str | None = None) -> None:
    """Run the replay full-screen until the player leaves it."""
    ReplayApp(record, lang).application.run()


__all__ = [
    "DEAL",
    "ReplayApp",
    "ReplayState",
    "replay_lines",
    "run_replay",
    "show_over",
    "status_line",
]
