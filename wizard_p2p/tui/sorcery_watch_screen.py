"""A table of 巫师牌 followed live in the console (``wizard-p2p sorcery watch`` without
``--headless``): the replay's watcher view (``sorcery_replay.watcher_board``) of the
game as the watcher verified it so far, the moves told as they come, and how the game
ended once it has.

The game shown is the watcher's own: it holds the log and nothing else, so it knows no
face the log did not open to both players (hands and decks are counts). The screen reads
a ``Watched`` value each time it draws, from a callable the command gives, and redraws
when the command's ``subscribe`` says the game changed; ``q`` leaves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import Output

from wizard_p2p.sorcery.game import Game
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_replay import TOLD_SHOWN, screen_width, watcher_board, watcher_layout
from wizard_p2p.tui.style import STYLE

__all__ = ["SorceryWatchApp", "Watched"]


@dataclass(frozen=True)
class Watched:
    """What the watcher verified so far: the game, the players' names, the moves told
    (oldest first), and how the game ended (None while it goes on)."""

    game: Game
    names: tuple[str, ...]
    told: tuple[str, ...]
    ending: str | None


class SorceryWatchApp:
    """The live watcher's screen; ``leave`` is the ``q`` key's action."""

    def __init__(self, watched: Callable[[], Watched],
                 subscribe: Callable[[Callable[[], None]], None], lang: str | None = None, *,
                 input: Input | None = None, output: Output | None = None) -> None:
        self.watched = watched
        self.tr = Translator(lang)
        self.left = False
        self.application: Application[None] = Application(
            layout=self._layout(), key_bindings=self._bindings(), style=STYLE,
            full_screen=True, input=input, output=output)
        subscribe(self.application.invalidate)

    def leave(self) -> None:
        self.left = True
        if self.application.is_running and not self.application.is_done:
            self.application.exit()

    # --- what is shown --------------------------------------------------------------------

    def board_text(self, width: int | None = None) -> str:
        now = self.watched()
        return watcher_board(self.tr, now.game, now.names, width or screen_width())

    def told_lines(self) -> Sequence[str]:
        return self.watched().told[-TOLD_SHOWN:]

    def message(self) -> str:
        ending = self.watched().ending
        return self.tr("sorcery_watch_live") if ending is None else ending

    def _layout(self) -> Layout:
        return watcher_layout(self.board_text, self.told_lines, self.message,
                              lambda: self.tr("sorcery_watch_keys"))

    def _bindings(self) -> KeyBindings:
        kb = KeyBindings()
        for key in ("q", "escape", "c-c"):
            kb.add(key)(functools.partial(_call, self.leave))
        return kb


def _call(action: Callable[[], None], event: KeyPressEvent) -> None:
    action()
