"""``wizard-p2p watch ADDRESS --code CODE``: follow a game live, verifying it, with no seat.

The watcher asks the host's lobby (the address and invite code the players joined
with) to watch; once the host admits it, it follows the game from the players
(``node.watcher``). In the console it shows the table as every seat sees it, never
a hand; ``--headless`` prints a line per trick, the score after each round, the
final score pad, every entry it refused, naming the seat that sent it, and every seat
it proved cheated (the proof kept in ``evidence.jsonl``, see ``node.watch_fork``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from wizard_p2p.commands.networked import (
    net_config_of,
    no_log_lines_on_screen,
    parse_address,
    say_line,
    seat_data_dir,
    seat_keys,
)
from wizard_p2p.commands.options import WatchOptions
from wizard_p2p.commands.printout import command, labelled, shell_path, terminal_columns
from wizard_p2p.commands.wizard_watch import WizardWatch
from wizard_p2p.errors import Said, UsageError
from wizard_p2p.files import check_target
from wizard_p2p.node.watch_gate import key_fingerprint
from wizard_p2p.node.watcher import OtherGame, WatchNode
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.rules import RoundResult, Trick
from wizard_p2p.tables import CardLibrary
from wizard_p2p.tables.wizard.table import wizard_replica
from wizard_p2p.tui.ending_text import ending_reason, fault_words
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.score_text import score_pad_text

__all__ = ["HeadlessProgress", "Progress", "ProgressOf", "Screen", "watch", "watch_async"]


async def _address(options: WatchOptions, game: GameName) -> tuple[str, int, str | None]:
    """The host's lobby address and the invite code: given on the command line, or
    chosen among the tables of ``game`` announced on the local network (which asks for
    the invite code if none was given)."""
    if options.address:
        host, port = parse_address(options.address)
        return host, port, options.code
    from wizard_p2p.commands.find import choose_table

    net = options.net
    watching = "watch" if game is GameName.WIZARD else f"{game.value} watch"
    return await choose_table(watching, options.code, headless=net.headless, lang=net.lang,
                              watching=True, game=game)


class Progress(Protocol):
    """What a headless watcher prints as the game grows (``update``) and at its end
    (``final``): ``HeadlessProgress`` for Wizard, a game's own for another."""

    def update(self) -> None: ...

    def final(self) -> None: ...


# A game's headless lines: made of the watcher's node, where a line goes, the translator.
ProgressOf = Callable[[WatchNode, Callable[[str], Any], Translator], Progress]

Screen = Callable[[WatchNode, str | None], Awaitable[None]]
"""The console's screen on a watcher whose game began, until the person leaves (in the
person's language)."""


def _other_game(other: OtherGame, host: str, port: int, code: str | None) -> UsageError:
    """The table plays another game than this command watches: which, and the command
    that watches it."""
    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    words = ("--code", code or "CODE")
    again = (command("sorcery", "watch", address, *words, "--headless")
             if other.game == GameName.SORCERY else command("watch", address, *words))
    known = other.game if other.game in set(GameName) else "other"
    return UsageError(f"{other}; watch it with: {again}").saying(
        "watch_other_game", game=Said(f"game_name_{known}"), command=again)


async def watch_async(
    options: WatchOptions, *, game: GameName = GameName.WIZARD,
    cards: CardLibrary | None = None, progress: ProgressOf | None = None,
    screen: Screen | None = None,
) -> WatchNode:
    """Watch the game at ``options.address`` until it ends or the watcher leaves: a table
    of ``game`` (another is refused, naming the command that watches it), read with the
    card data ``cards`` (巫师牌's), its headless lines made by ``progress`` (None:
    Wizard's ``HeadlessProgress``), its console ``screen`` (None: Wizard's)."""
    net = options.net
    name = net.name
    if not options.code and (net.headless or options.address):
        raise UsageError("the host's invite code is needed: --code ABCD-EF23").saying(
            "error_code_needed")
    if options.save is not None:
        check_target(options.save, what="log to save", force=options.force)
    host, port, code = await _address(options, game)
    data_dir = seat_data_dir(net)
    _, curve = seat_keys(data_dir)
    node = WatchNode(
        curve, name, host, port, code or "", listen_host=net.listen, mesh_port=net.mesh_port,
        net_config=net_config_of(net), save=options.save, data_dir=data_dir, game=game,
        cards=cards,
    )
    tr = Translator(net.lang)
    say_line(net, tr("watch_headless_asking", address=f"{host}:{port}", name=name,
                 fingerprint=key_fingerprint(curve.public)))
    printer = (progress or HeadlessProgress)(node, lambda line: say_line(net, line), tr)
    if net.headless:
        node.subscribe(printer.update)
    try:
        try:
            await node.start()
        except OtherGame as other:
            raise _other_game(other, host, port, code) from None
        say_line(net, tr("watch_headless_admitted"))
        if net.headless:
            await node.run_until_finished()
        else:
            await _console(node, options, screen or _wizard_screen)
    finally:
        await node.close()
    if node.table is not None:
        if net.headless:
            printer.update()  # what came last (the screen showed it already)
        printer.final()
    if node.save_path is not None and node.table is not None:
        columns = terminal_columns()
        say_line(net, labelled(tr("end_log"), shell_path(node.save_path), columns))
        say_line(net, labelled(tr("end_check"), command("audit", node.save_path), columns))
    return node


async def _wizard_screen(node: WatchNode, lang: str | None) -> None:
    from wizard_p2p.tui.watch_screen import run_watch_async

    await run_watch_async(WizardWatch(node), lang=lang)


async def _console(node: WatchNode, options: WatchOptions, screen: Screen) -> None:
    """The watch screen, once there is a table to show; the watchdog (no player heard)
    runs meanwhile. A game that ends, or players who vanish, before the first deal
    end it with no screen: what ended it is said after (``HeadlessProgress.final``)."""
    watchdog = asyncio.ensure_future(node.run_until_finished())
    ready = asyncio.ensure_future(node.ready.wait())
    try:
        await asyncio.wait((watchdog, ready), return_when=asyncio.FIRST_COMPLETED)
        if watchdog.done():
            watchdog.result()  # an error of the watchdog's is the command's
        if not node.ready.is_set():
            say_line(options.net, Translator(options.net.lang)("watch_never_dealt"))
            return
        with no_log_lines_on_screen():
            await screen(node, options.net.lang)
    finally:
        for task in (watchdog, ready):
            task.cancel()
        await asyncio.gather(watchdog, ready, return_exceptions=True)


def watch(options: WatchOptions) -> int:
    """The ``watch`` command: 0 once the game ended (or the watcher left) after being
    followed, 1 if it ended early (stalled, or a cheat found)."""
    node = asyncio.run(watch_async(options))
    table = node.table
    if node.lost is not None:
        return 1
    return 0 if table is None or table.outcome is None or isinstance(table.outcome, Finished) else 1


class HeadlessProgress:
    """The lines a headless watcher prints, each once, as the verified game grows, in
    the reader's language (``tr``); card faces keep their letters in every language."""

    def __init__(self, node: WatchNode, say: Callable[[str], Any], tr: Translator) -> None:
        self._node = node
        self._say = say
        self._tr = tr
        self._rounds = 0  # rounds whose tricks and score are printed
        self._tricks = 0  # tricks printed of the round after them
        self._refused = 0
        self._proven: set[int] = set()  # seats said to be proven cheats
        self._asking = ""
        self._ended = False

    def update(self) -> None:
        node = self._node
        if node.asking and node.asking != self._asking:
            why = self._tr.say(node.asking_said) if node.asking_said else node.asking
            self._say(self._tr("watch_admission", detail=why))
        self._asking = node.asking
        self._refusals()
        self._cheats()
        wizard = None if node.table is None else wizard_replica(node.table)
        if wizard is None or wizard.game is None:
            return
        view = wizard.game
        history = view.history
        while self._rounds < len(history):
            result = history[self._rounds]
            for number in range(self._tricks, len(result.tricks)):
                self._trick(result.round_no, number, result.tricks[number])
            self._round(result)
            self._rounds += 1
            self._tricks = 0
        if view.round_no == self._rounds + 1:
            for number in range(self._tricks, len(view.round_tricks)):
                self._trick(view.round_no, number, view.round_tricks[number])
            self._tricks = len(view.round_tricks)

    def _refusals(self) -> None:
        node = self._node
        fresh = min(node.refused_count - self._refused, len(node.refusals))
        self._refused = node.refused_count
        names = node.table.names if node.table is not None else ()
        tr = self._tr
        for seat, position, reason, said in list(node.refusals)[len(node.refusals) - fresh :]:
            who = (tr("watch_headless_seat", n=seat + 1, name=names[seat])
                   if seat is not None and seat < len(names) else tr("watch_headless_no_seat"))
            self._say(tr("watch_refused_entry", n=position + 1, name=who,
                         detail=fault_words(tr, said, reason)))

    def _cheats(self) -> None:
        node = self._node
        names = node.table.names if node.table is not None else ()
        tr = self._tr
        for seat, reason in list(node.forks.proven.items()):
            if seat not in self._proven and seat < len(names):
                self._proven.add(seat)
                who = tr("watch_headless_seat", n=seat + 1, name=names[seat])
                detail = fault_words(tr, Said("fault_kind_equivocation"), reason)
                if node.forks.path is not None:
                    self._say(tr("watch_headless_cheated_in", who=who, detail=detail,
                                 path=shell_path(node.forks.path)))
                else:
                    self._say(tr("watch_headless_cheated", who=who, detail=detail))

    def _trick(self, round_no: int, number: int, trick: Trick) -> None:
        names, tr = self._names(), self._tr
        cards = tr("comma").join(f"{names[seat]} {card}" for seat, card in trick.plays)
        self._say(tr("watch_headless_trick", round=round_no, trick=number + 1, cards=cards,
                     winner=names[trick.winner]))

    def _round(self, result: RoundResult) -> None:
        names, tr = self._names(), self._tr
        scores = tr("comma").join(
            f"{name} {bid}/{taken} {total:+d}"
            for name, bid, taken, total in zip(
                names, result.bids, result.taken, result.totals, strict=True
            )
        )
        self._say(tr("watch_headless_round", round=result.round_no, scores=scores))

    def _names(self) -> tuple[str, ...]:
        assert self._node.table is not None
        return self._node.table.names

    def final(self) -> None:
        """The score pad and how the game ended (or that the watcher left)."""
        table = self._node.table
        if self._ended or table is None:
            return
        self._ended = True
        wizard = wizard_replica(table)
        game = None if wizard is None else wizard.game
        tr = self._tr
        if wizard is not None and game is not None and game.history:
            history = list(game.history[: wizard.completed_rounds])
            self._say(score_pad_text(tr, table.names, history))
        outcome = table.outcome
        if isinstance(outcome, Finished):
            names = tr("comma").join(table.names[s] for s in outcome.winners)
            self._say(tr("end_winners", names=names))
            self._say(tr("watch_headless_verified", lines=len(table.log)))
        elif outcome is not None:
            self._say(tr("end_ended", reason=ending_reason(tr, outcome, table.names)))
        else:
            node = self._node
            if node.lost is None:
                self._say(tr("watch_headless_stopped", lines=len(table.log)))
            else:
                why = tr.say(node.lost_said) if node.lost_said is not None else node.lost
                self._say(tr("watch_headless_stopped_why", why=why, lines=len(table.log)))
