"""The coach's window at the table: its advice on the decision at hand, or that it thinks."""

from __future__ import annotations

from wizard_p2p.tui.board import words
from wizard_p2p.tui.coach_text import advice_lines
from wizard_p2p.tui.controls import Line, flow
from wizard_p2p.tui.shared import ConsoleState
from wizard_p2p.tui.text import clip


def coach_lines(app: ConsoleState, cells: int) -> list[Line]:
    tr = app.tr
    lines: list[Line] = flow(words(tr("coach_view"), "class:dim"), cells)
    advice = app.coach_advice
    if advice is None:
        lines += flow(words(tr("coach_thinking")), cells)
    else:
        first, *options = advice_lines(tr, advice)
        lines += flow(words(first, "class:me"), cells)
        lines += [[("", clip(text, cells))] for text in options]
    lines.append([])
    lines += flow(words(tr("coach_close"), "class:hint"), cells)
    return lines


__all__ = ["coach_lines"]
