"""``wizard-p2p watch``: the console following a game from no seat.

A ``WatchController`` (``wizard_p2p.seat.controller``) offers a snapshot whose
view is a ``rules.public_view``, and nothing to do but leave. ``WatchSeat`` makes
it the seat the table screen already draws: a seat with no hand that is never to
move, whose moves the rules would refuse. So the watcher sees the players' table
as they do — names, who is to move, the dealer, the turned card and trump, the
bids as the variant shows them to everyone (a sealed bid as made, not its
number), the current and last trick with their winners, the tricks taken, the
score pad (``s``), the game's story (``l``) and the keys (``?``) — with no hand
panel, no prompt, nobody called "you", and the title "Watching Ana's table". The
prompt line says what the table waits for and the controller's status: what it
has verified, an entry it refused and from which seat. The final standings stay
up once the game is over or aborted (the score pad opens over them); ``q`` leaves
at once and calls the controller's ``quit``.

    await run_watch_async(controller, lang="ja")   # inside the node's asyncio loop
    run_watch(controller)                          # with a loop of its own
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.rules import Card, Suit
from wizard_p2p.seat.controller import Snapshot, WatchController
from wizard_p2p.tui.app import WizardApp


class WatchSeat:
    """A ``WatchController`` as the ``SeatController`` the table screen reads.

    ``seat`` is the view's: only where the table is drawn from. Every move is
    refused, as the rules refuse a move out of turn (the console offers none).
    """

    def __init__(self, controller: WatchController) -> None:
        self.controller = controller
        self.seat = controller.snapshot().view.seat

    def snapshot(self) -> Snapshot:
        return self.controller.snapshot()

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.controller.subscribe(callback)

    def quit(self) -> None:
        self.controller.quit()

    def bid(self, tricks: int) -> None:
        raise IllegalAction("a watcher makes no move", rule="watcher")

    def choose_trump(self, suit: Suit) -> None:
        raise IllegalAction("a watcher makes no move", rule="watcher")

    def play(self, card: Card) -> None:
        raise IllegalAction("a watcher makes no move", rule="watcher")

    def admit_watcher(self, key: str) -> None:
        raise UsageError("only the host admits watchers")

    def refuse_watcher(self, key: str) -> None:
        raise UsageError("only the host turns watchers away")

    def abort_stalled(self) -> None:
        raise UsageError("a watcher ends no game: only a player may end a stalled one")


def watch_app(
    controller: WatchController,
    lang: str | None = None,
    *,
    input: Input | None = None,
    output: Output | None = None,
) -> WizardApp:
    """The console over ``controller``'s table, not yet running."""
    if not controller.snapshot().view.watcher:
        raise UsageError("a watcher's snapshot shows the public view of the table")
    return WizardApp(WatchSeat(controller), lang, input=input, output=output, bell=False)


async def run_watch_async(
    controller: WatchController,
    *,
    lang: str | None = None,
    input: Input | None = None,
    output: Output | None = None,
) -> None:
    """Follow the game full-screen, inside the caller's asyncio loop, until the watcher
    leaves (``q``); the controller's ``quit`` is called once on leaving.

    ``lang``: en, zh, ja, or None for the locale's. ``input``/``output``:
    prompt_toolkit's (a pipe and a headless output in tests).
    """
    await watch_app(controller, lang, input=input, output=output).application.run_async()


def run_watch(controller: WatchController, *, lang: str | None = None) -> None:
    """``run_watch_async`` with an event loop of its own."""
    watch_app(controller, lang).application.run()


__all__ = ["WatchSeat", "run_watch", "run_watch_async", "watch_app"]
