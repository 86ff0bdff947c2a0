"""A logged game of 巫师牌 stepped through in the console (``wizard-p2p replay LOG``), as a
watcher saw it: every move in the log's order, each with the table right after it.

The steps come from the log read as an auditor reads it (``commands.sorcery_replay``);
each holds the watcher's game after one move, which knows no face the log did not open
to both players: the hands and decks are counts, a card drawn and never shown stays
unnamed (``?``). ``SorceryReplayApp`` holds the step shown; its methods are the keys'
actions, so tests drive it with keystrokes and assert on the state.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import FormattedTextControl, HSplit, Layout, Window
from prompt_toolkit.output import Output

from wizard_p2p.sorcery.actions import Action
from wizard_p2p.sorcery.game import Game
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_text import (
    ROW_LABEL,
    battle_line,
    fit,
    grid_lines,
    narrate,
    side_header,
    status_line,
    zone_line,
)
from wizard_p2p.tui.style import STYLE

__all__ = ["TOLD_SHOWN", "ReplayStep", "SorceryReplayApp", "run_sorcery_replay", "screen_width",
           "watcher_board", "watcher_layout"]

TOLD_SHOWN = 8  # the moves told up to the step shown


@dataclass(frozen=True)
class ReplayStep:
    """One move of the log: its line (counted from 1), its player's seat, the action as
    a watcher's game took it, and that game right after it."""

    line: int
    seat: int
    action: Action
    game: Game


def watcher_board(tr: Translator, game: Game, names: Sequence[str], width: int) -> str:
    """The table as a watcher sees it at ``width`` cells: whose turn, then each side (its
    header with the counts of its hand and deck, its grid, its skills and equipment),
    seat 1 across the table, the battle between."""
    cell = max(6, (width - ROW_LABEL - 2) // 3)
    lines = [fit(status_line(tr, game, None, tuple(names)), width)]
    for player, top_back in ((1, True), (0, False)):
        head = fit(side_header(tr, game, player, names[player]), width)
        block = [*grid_lines(tr, game, player, cell, top_back=top_back),
                 fit(zone_line(tr, game, player), width)]
        lines += [head, *block] if top_back else [*block, head]
        if top_back:
            lines.append(fit(battle_line(tr, game) or "─" * width, width))
    return "\n".join(line.rstrip() for line in lines)



def watcher_layout(board: Callable[[], str], told: Callable[[], Sequence[str]],
                   message: Callable[[], str], keys: Callable[[], str]) -> Layout:
    """A watcher's screen of 巫师牌, a replay's or a live one: the board, the last moves
    told, a message line and the keys."""

    def text(f: Callable[[], str], style: str = "") -> FormattedTextControl:
        return FormattedTextControl(lambda: [(style, f())])

    return Layout(HSplit([
        Window(text(board), wrap_lines=False),
        Window(text(lambda: "\n".join(told()), "class:dim"), height=TOLD_SHOWN),
        Window(text(message, "class:message"), height=1),
        Window(text(keys, "class:footer"), height=1),
    ]))

class SorceryReplayApp:
    """The replay's state (the step shown) and the keys' actions on it."""

    def __init__(self, steps: Sequence[ReplayStep], names: Sequence[str], ending: str,
                 lang: str | None = None, *, input: Input | None = None,
                 output: Output | None = None) -> None:
        self.steps = tuple(steps)
        self.names = tuple(names)
        self.ending = ending  # how the log ends, in one line (a winner, or its fault)
        self.tr = Translator(lang)
        self.index = 0 if self.steps else -1
        self.application: Application[None] = Application(
            layout=self._layout(), key_bindings=self._bindings(), style=STYLE,
            full_screen=True, input=input, output=output)

    # --- the keys' actions ---------------------------------------------------------------

    def next(self) -> None:
        self.index = min(self.index + 1, len(self.steps) - 1)

    def back(self) -> None:
        self.index = max(self.index - 1, 0) if self.steps else -1

    def first(self) -> None:
        self.index = 0 if self.steps else -1

    def last(self) -> None:
        self.index = len(self.steps) - 1

    def leave(self) -> None:
        if self.application.is_running and not self.application.is_done:
            self.application.exit()

    # --- what is shown --------------------------------------------------------------------

    def told(self, step: int) -> str:
        s = self.steps[step]
        return narrate(self.tr, s.game, s.action, self.names[s.seat])

    def told_lines(self) -> list[str]:
        return [self.told(i) for i in range(max(0, self.index - TOLD_SHOWN + 1), self.index + 1)]

    def board_text(self, width: int | None = None) -> str:
        if self.index < 0:
            return self.tr("sorcery_replay_no_move")
        return watcher_board(self.tr, self.steps[self.index].game, self.names,
                             width or screen_width())

    def position_text(self) -> str:
        if self.index < 0:
            return self.ending
        line = self.tr("sorcery_replay_step", n=self.index + 1, total=len(self.steps),
                       line=self.steps[self.index].line)
        return f"{line} · {self.ending}" if self.index == len(self.steps) - 1 else line

    def _layout(self) -> Layout:
        return watcher_layout(self.board_text, self.told_lines, self.position_text,
                              lambda: self.tr("sorcery_replay_keys"))

    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()
        moves: dict[str, Callable[[], None]] = {
            "right": self.next, "n": self.next, "space": self.next, "left": self.back,
            "p": self.back, "home": self.first, "end": self.last, "q": self.leave,
            "escape": self.leave, "c-c": self.leave,
        }
        for key, action in moves.items():
            kb.add(key)(functools.partial(_call, action))
        return kb


def _call(action: Callable[[], None], event: KeyPressEvent) -> None:
    action()


def screen_width() -> int:
    """The console's width in cells (at least 40; 80 before there is an output)."""
    try:
        return max(40, get_app().output.get_size().columns)
    except Exception:  # no output yet: draw for the smallest screen
        return 80


def run_sorcery_replay(steps: Sequence[ReplayStep], names: Sequence[str], ending: str,
                       lang: str | None = None) -> None:
    """Run the replay full-screen until the person leaves."""
    SorceryReplayApp(steps, names, ending, lang).application.run()
