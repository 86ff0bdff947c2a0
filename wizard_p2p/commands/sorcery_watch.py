"""``wizard-p2p sorcery watch [ADDRESS] --code CODE [--headless]``: follow a table of 巫师牌
live, verifying it, with no seat: on the console's watcher screen
(``tui.sorcery_watch_screen``), or in lines with ``--headless``.

The watcher is Wizard's (``commands.watch.watch_async`` over ``node.watcher``): it asks the
host's gate, then follows the log from the two players, every entry checked by an
observer table opened with this run's card file (``--cards FILE``, else the imported
copy; the table refuses one other than the file the genesis names). It holds the log and
nothing else, so it sees what both players were shown: the cards played and opened,
the counts of hands and decks, never a hand or the order of a deck, until the decks are
opened at the end. Its headless lines (:class:`SorceryProgress`) tell each turn, each
action as the observer's game reads it, every refused entry and proven cheat (Wizard's
lines), and how the game ended, in the reader's language. The screen draws the same
game (``SorceryLive``) as the replay's watcher view, with the same told moves. A table
of Wizard is refused with the command that watches it.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Any

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from wizard_p2p.commands.options import SorceryWatchOptions
from wizard_p2p.commands.sorcery_cards import load_card_file
from wizard_p2p.commands.sorcery_door import card_file_identity
from wizard_p2p.commands.sorcery_seat import finished_line
from wizard_p2p.commands.watch import HeadlessProgress, Screen, watch_async
from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.node.watcher import WatchNode
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.sorcery.actions import parse_action
from wizard_p2p.tables import CardLibrary
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.table_replica import SorceryTableReplica
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_text import narrate
from wizard_p2p.tui.sorcery_watch_screen import SorceryWatchApp, Watched

__all__ = ["SorceryLive", "SorceryProgress", "card_library", "sorcery_screen", "watch_sorcery"]

ScreenHook = Callable[[SorceryWatchApp], None]


class SorceryProgress:
    """The lines a headless watcher of 巫师牌 prints, each once, as the verified game
    grows: a line when a turn begins, one per action (``tui.sorcery_text.narrate``), and
    the outcome; refusals, cheats and why the watcher stopped are Wizard's lines."""

    def __init__(self, node: WatchNode, say: Callable[[str], Any], tr: Translator) -> None:
        self._node = node
        self._say = say
        self._tr = tr
        self._common = HeadlessProgress(node, say, tr)
        self._told = 0  # the game's entries gone through
        self._turn = 0  # the turn last said
        self._ended = False

    def update(self) -> None:
        self._common.update()
        table = self._node.table
        replica = None if table is None else table.replica
        if table is None or not isinstance(replica, SorceryTableReplica):
            return
        inner = replica.inner
        if inner is None:
            return
        names, game, tr = table.names, inner.game, self._tr
        for entry in inner.entries[self._told:]:
            if entry.kind != SorceryKind.ACT:
                continue
            who = names[entry.seat]
            try:
                self._say(narrate(tr, game, parse_action(entry.body["action"]), who))
            except IllegalAction:  # a card the watcher was never shown
                self._say(tr("sorcery_told_other", who=who))
        self._told = len(inner.entries)
        if game.turn > self._turn and game.outcome is None:
            self._turn = game.turn
            self._say(tr("sorcery_watch_turn", turn=game.turn, name=names[game.active]))

    def final(self) -> None:
        """How the game ended (the winner or the draw, and why), or Wizard's lines for a
        game that ended early or a watcher that stopped."""
        table = self._node.table
        if self._ended or table is None:
            return
        self._ended = True
        if isinstance(table.outcome, Finished):
            self._say(finished_line(table.outcome, table.names, self._tr.lang))
            self._say(self._tr("watch_headless_verified", lines=len(table.log)))
        else:
            self._common.final()


class SorceryLive:
    """What the watcher's screen shows (``tui.sorcery_watch_screen.Watched``), read from
    the node's observer table each time the screen draws; the moves are told once each,
    as ``SorceryProgress`` tells them."""

    def __init__(self, node: WatchNode, tr: Translator) -> None:
        self._node = node
        self._tr = tr
        self._said: list[str] = []
        self._progress = SorceryProgress(node, self._said.append, tr)

    def __call__(self) -> Watched:
        table = self._node.table
        replica = None if table is None else table.replica
        if table is None or not isinstance(replica, SorceryTableReplica) or replica.inner is None:
            raise UsageError("the screen opens once the table dealt")
        self._progress.update()
        outcome = table.outcome
        ending = None
        if isinstance(outcome, Finished):
            ending = finished_line(outcome, table.names, self._tr.lang)
        elif outcome is not None:
            ending = self._tr("sorcery_watch_over")
        return Watched(replica.inner.game, tuple(table.names), tuple(self._said), ending)


def sorcery_screen(*, input: Input | None = None, output: Output | None = None,
                   on_screen: ScreenHook | None = None) -> Screen:
    """The watcher's console screen of 巫师牌 (``watch_async``'s ``screen``), on this
    terminal (or ``input``/``output``); ``on_screen`` sees it once it opens. Leaving it
    leaves the table."""

    async def screen(node: WatchNode, lang: str | None) -> None:
        app = SorceryWatchApp(SorceryLive(node, Translator(lang)), node.subscribe, lang,
                              input=input, output=output)
        if on_screen is not None:
            on_screen(app)
        try:
            await app.application.run_async()
        finally:
            node.quit()

    return screen


def card_library(options: SorceryWatchOptions) -> CardLibrary:
    """The card data of this run: ``--cards FILE`` or the imported copy, or one sentence
    saying where to get it."""
    data, cards = load_card_file(options.cards, options.watch.net.data_dir)
    return CardLibrary(card_file_identity(data), {c.number: c for c in cards})


def watch_sorcery(options: SorceryWatchOptions) -> int:
    """``sorcery watch``: 0 once the game ended (or the watcher left) after being
    followed, 1 if it ended early (stalled, or a cheat found) or was lost."""
    watch = options.watch
    screen = None
    if not watch.net.headless:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            again = "wizard-p2p sorcery watch ADDRESS --code CODE --headless"
            raise UsageError("the console needs a terminal to read keys from; run it in one, "
                             f"or watch with: {again}").saying("error_no_terminal_watch",
                                                               command=again)
        screen = sorcery_screen()
    cards = card_library(options)
    node = asyncio.run(watch_async(watch, game=GameName.SORCERY, cards=cards,
                                   progress=SorceryProgress, screen=screen))
    if node.lost is not None:
        return 1
    outcome = None if node.table is None else node.table.outcome
    return 0 if outcome is None or isinstance(outcome, Finished) else 1
