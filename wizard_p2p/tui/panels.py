"""The windows drawn over the table: score pad, log, help, round summary, standings, quit.

``score_pad`` builds the paper pad's rows from a view (one row per round; per
player the bid, the tricks taken and the running total) so that tests read the
same numbers the player sees; the ``*_lines`` functions draw each window for a
given width.
"""

from __future__ import annotations

from dataclasses import dataclass

from wizard_p2p.protocol.events import Aborted
from wizard_p2p.rules import Phase, SeatView, Standings
from wizard_p2p.tui.board import card_fragment, on_click, words
from wizard_p2p.tui.controls import Line, flow
from wizard_p2p.tui.series_text import standings_text
from wizard_p2p.tui.shared import ConsoleState
from wizard_p2p.tui.status_words import ended_detail
from wizard_p2p.tui.story import story
from wizard_p2p.tui.text import card_label, clip, pad, width


@dataclass(frozen=True)
class PadCell:
    bid: int | None  # None: not made yet, or sealed from this seat
    took: int | None
    total: int | None  # None until the round is scored


@dataclass(frozen=True)
class PadRow:
    round_no: int
    cells: tuple[PadCell, ...]
    current: bool = False


def score_pad(view: SeatView) -> list[PadRow]:
    """Every round of the game: scored rounds, the round in play, then blank rows."""
    rows: list[PadRow] = []
    for result in view.history:
        cells = tuple(
            PadCell(b, t, total)
            for b, t, total in zip(result.bids, result.taken, result.totals, strict=True)
        )
        rows.append(PadRow(result.round_no, cells))
    scored = len(view.history)
    for round_no in range(scored + 1, view.config.rounds + 1):
        if round_no == view.round_no and view.phase is not Phase.GAME_OVER:
            playing = view.phase is Phase.PLAY or view.phase is Phase.OPEN_BIDS
            cells = tuple(
                PadCell(view.bids[s], view.taken[s] if playing else None, None)
                for s in range(view.seats)
            )
            rows.append(PadRow(round_no, cells, current=True))
        else:
            rows.append(
                PadRow(round_no, tuple(PadCell(None, None, None) for _ in range(view.seats)))
            )
    return rows


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


def scorepad_lines(app: ConsoleState, cells: int) -> list[Line]:
    assert app.snapshot is not None
    view = app.snapshot.view
    tr = app.tr
    n = view.seats
    col = max(9, min(16, (cells - 4) // n))
    total_cells = col - 7
    head: Line = [("class:header", pad(tr("col_round"), 4))]
    sub: Line = [("class:dim", "    ")]
    for seat in range(n):
        style = "class:header class:me" if app.is_me(seat) else "class:header"
        head.append((style, " " + pad(app.name(seat), col - 1)))
        sub.append(("class:dim", " " + pad(tr("pad_sub"), col - 1, ">")))
    lines: list[Line] = [head, sub]
    for row in score_pad(view):
        mark = ">" if row.current else " "
        line: Line = [("class:turn" if row.current else "", pad(f"{mark}{row.round_no}", 4, ">"))]
        for seat, cell in enumerate(row.cells):
            style = "class:me" if app.is_me(seat) else ""
            text = (
                " "
                + pad(_num(cell.bid), 2, ">")
                + " "
                + pad(_num(cell.took), 2, ">")
                + " "
                + pad(_num(cell.total), total_cells, ">")
            )
            line.append((style, text))
        lines.append(line)
    return lines


def log_lines(app: ConsoleState, cells: int) -> list[Line]:
    """The table's own log (the controller's words: who joined, reconnected...), then the
    story of the game in the player's language, newest last (the window opens there)."""
    assert app.snapshot is not None
    lines: list[Line] = []
    if app.snapshot.log:
        lines.append([("class:header", clip(app.tr("table_log"), cells))])
        for entry in app.snapshot.log:
            lines += flow(words(entry, "class:dim"), cells)
        lines += [[], [("class:header", clip(app.tr("log"), cells))]]
    for entry in story(app):
        lines += flow(words(entry), cells)
    return lines or [[("class:dim", "-")]]


def help_lines(app: ConsoleState, cells: int) -> list[Line]:
    lines: list[Line] = []
    for text in app.tr("watch_help_lines" if app.watching else "help_lines").split("\n"):
        lines += flow(words(text), cells) if text else [[]]
    if app.coach_allowed:
        lines += [[], [("", clip(app.tr("coach_help"), cells))]]
    return lines


def round_lines(app: ConsoleState, cells: int) -> list[Line]:
    """The round just scored: bids, tricks, points, totals, and its last trick."""
    result = app.summary
    if result is None:
        return [[]]
    tr = app.tr
    close = on_click(app.continue_)
    name_cells = max(6, min(16, cells - 26))
    header = (
        pad(tr("col_player"), name_cells)
        + pad(tr("col_bid"), 6, ">")
        + pad(tr("col_took"), 6, ">")
        + pad(tr("col_points"), 7, ">")
        + pad(tr("col_total"), 7, ">")
    )
    lines: list[Line] = [[("class:header", clip(header, cells))]]
    n = len(result.bids)
    for seat in range(n):
        style = "class:me" if app.is_me(seat) else ""
        text = (
            pad(app.name(seat), name_cells)
            + pad(str(result.bids[seat]), 6, ">")
            + pad(str(result.taken[seat]), 6, ">")
            + pad(f"{result.points[seat]:+d}", 7, ">")
            + pad(str(result.totals[seat]), 7, ">")
        )
        lines.append([(style, text, close)])
    if result.tricks:
        trick = result.tricks[-1]
        lines.append([])
        units: list[Line] = words(tr("last_trick", winner=app.name(trick.winner)) + tr("colon"))
        for seat, card in trick.plays:
            mark = "*" if seat == trick.winner else ""
            units.append([("", f" {app.name(seat)} "), card_fragment(card, text=card_label(card))])
            if mark:
                units[-1].append(("class:winning", mark))
        lines += flow(units, cells)
    lines.append([])
    lines.append([("class:prompt", clip(tr("continue"), cells), close)])
    return lines


def final_lines(app: ConsoleState, cells: int) -> list[Line]:
    assert app.snapshot is not None
    snap = app.snapshot
    view = snap.view
    tr = app.tr
    lines: list[Line] = []
    if snap.ended is not None:
        lines += flow(words(tr("aborted", detail=ended_detail(app)), "class:message"), cells)
        lines.append([])
    # The order of a finished game's standings (the rules': by total, then by seat), an
    # aborted game's too; the staller keeps its place and is marked.
    totals = view.totals
    order = Standings.of(totals).order
    stalled = snap.ended.stalled if isinstance(snap.ended, Aborted) else None
    top = max(totals) if totals else 0
    winners = [app.name(s) for s in order if totals[s] == top]
    place = 0
    previous: int | None = None
    for i, seat in enumerate(order):
        if totals[seat] != previous:
            place = i + 1
            previous = totals[seat]
        style = "class:me" if app.is_me(seat) else ""
        rank = pad(tr("place", n=place), 6)
        name_cells = max(6, min(20, cells - 14))
        name = app.name(seat) + (tr("stalled_mark") if seat == stalled else "")
        lines.append(
            [(style, rank + pad(clip(name, name_cells), name_cells)
              + pad(str(totals[seat]), 7, ">"))]
        )
    lines.append([])
    if snap.ended is None:
        key = "winner" if len(winners) == 1 else "winners"
        lines += flow(words(tr(key, names=tr("comma").join(winners)), "class:prompt"), cells)
    series = app.standings() if app.standings is not None and snap.finished else None
    if series is not None:
        lines.append([])
        # The people at this table named as the ranking above names them; those who sat
        # only at earlier games by the name they gave.
        seated = {person: app.name(seat) for seat, person in enumerate(series.people)}
        text = standings_text(tr, series.standings, series.game, seated)
        lines += [[("", clip(row, cells))] for row in text.splitlines()]
        lines.append([])
    lines.append([("class:hint", clip(tr("watch_leave" if app.watching else "leave"), cells))])
    if app.offer_again and snap.ended is None and snap.finished:
        lines.append([("class:hint", clip(tr("again_key"), cells))])
    return lines



def quit_lines(app: ConsoleState, cells: int) -> list[Line]:
    snap = app.snapshot
    if snap is None:  # the lobby: nothing to resume; the host's leaving closes it
        lobby = app.lobby_snapshot
        hosting = lobby is not None and lobby.hosting
        lines: list[Line] = flow(words(app.tr("quit_lobby_host" if hosting else "quit_lobby")),
                                 cells)
    elif snap.resumable:
        lines = flow(words(app.tr("quit_resumable")), cells)
    else:
        lines = flow(words(app.tr("quit_practice")), cells)
    return lines + flow(words(app.tr("quit_keys")), cells)


def dialog_width(lines: list[Line]) -> int:
    return max((sum(width(f[1]) for f in line) for line in lines), default=0)
