"""A person's seat at a networked 巫师牌 table: ``sorcery host`` and ``sorcery join``
without ``--headless`` open the console board (``tui.sorcery_app``) on the seat.

The lobby is the bot's seat's (``sorcery_seat.host_seat``/``join_seat``, given this
module's ``play``). ``SeatBoard`` is the board's table (``tui.sorcery_table.BoardTable``)
on the seat: its game is the seat replica's view (its own hand and deck count, the
other's counts, the field), the person's actions go out through the peer
(``GamePeer.choose``) as signed entries, every generic action carrying out a card's
text included, and the other player's actions come in as the peer takes them (the
replica's ``acted``), each told on the board as it happens. A search or a look asks
the other to seal the cards first: the board's question opens once they come.

When the other seat holds the game up (silent, or not writing what its client writes by
itself), the board counts down the stall limit (``--stall-limit``) from the peer's
status, and once it has passed the person may end the game (``GamePeer.abort_stalled``):
the log's abort names the seat that stalled.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Callable

from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from wizard_p2p.commands.networked import net_config_of, say_line_in
from wizard_p2p.commands.options import (
    SorceryHostOptions,
    SorceryJoinOptions,
    SorceryTableOptions,
)
from wizard_p2p.commands.sorcery_door import SeatDeck
from wizard_p2p.commands.sorcery_seat import (
    Gate,
    SeatPlay,
    host_seat,
    join_seat,
    keep_seat,
    outcome_line,
)
from wizard_p2p.errors import IllegalAction, UsageError, WizardError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys
from wizard_p2p.node.lobby import GameStart
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.node.stall import PeerTimers
from wizard_p2p.protocol.events import Aborted, Faulted, Finished
from wizard_p2p.protocol.shown import shown
from wizard_p2p.seat.controller import Status, StatusKind
from wizard_p2p.sorcery.actions import Action
from wizard_p2p.sorcery.game import Game
from wizard_p2p.tables.sorcery.table_replica import SEARCH, SorceryTableReplica, look_choice
from wizard_p2p.tui.sorcery_app import SorceryApp

__all__ = ["DEAL_TIMEOUT", "END_TIMEOUT", "SeatBoard", "board_play", "console_seat",
           "no_terminal", "run_console_seat"]

DEAL_TIMEOUT = 60.0
"""Seconds the board waits for the table to deal (both coins in) before it gives up."""

END_TIMEOUT = 60.0
"""Seconds a seat whose game ended on the board waits for the end's entries (both decks
opened, both ends signed) once the person has left the board."""

BoardHook = Callable[[SorceryApp], None]


class SeatBoard:
    """The board's table on a networked seat (``tui.sorcery_table.BoardTable``)."""

    def __init__(self, peer: GamePeer) -> None:
        replica = peer.table.replica
        if not isinstance(replica, SorceryTableReplica) or replica.seat is None:
            raise UsageError("the console board plays a seat of 巫师牌")
        self._peer = peer
        self._replica = replica
        self.me: int = replica.seat
        self.bot_player: int = 1 - self.me
        self._told = len(replica.acted)  # the actions before the board opened are not news

    @property
    def game(self) -> Game:
        view = self._replica.view()
        if view is None:
            raise UsageError("the table has not dealt yet")
        return view

    @property
    def opponent(self) -> str | None:
        return shown(self._peer.table.names[self.bot_player])

    @property
    def over(self) -> bool:
        return self._peer.outcome is not None or self.game.outcome is not None

    @property
    def my_move(self) -> bool:
        return not self.over and self._peer.table.choice_needed() is not None

    @property
    def bot_move(self) -> bool:
        return False  # the other player moves at its own seat

    def legal(self, action: Action) -> bool:
        try:
            self.game.check(action)
        except IllegalAction:
            return False
        return True

    def order(self, n: int) -> tuple[int, ...]:
        """Any order: the table's shuffle by both players gives a deck its new order."""
        return tuple(range(n))

    def looking(self) -> int | None:
        inner = self._replica.inner
        return None if inner is None else inner.looking()

    def searching(self) -> bool:
        inner = self._replica.inner
        return inner is not None and inner.searching()

    def begin_look(self, count: int) -> None:
        self._peer.choose(look_choice(count))

    def begin_search(self) -> None:
        self._peer.choose(SEARCH)

    def act(self, action: Action) -> None:
        """The person's action, checked and sent as the seat's entries; a refusal is an
        ``IllegalAction`` (one the table makes, not the rules, names the turn)."""
        try:
            self._peer.choose(action)
        except IllegalAction:
            raise
        except UsageError as exc:
            raise IllegalAction(str(exc), rule="turn", seat=self.me) from None

    def bot_step(self) -> Action | None:
        return None

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._peer.subscribe(callback)

    def news(self) -> list[Action]:
        acted = self._replica.acted
        new = [a.action for a in acted[self._told:] if a.seat != self.me]
        self._told = len(acted)
        return new

    def held_up(self) -> Status | None:
        if self.over:
            return None
        return next((s for s in self._peer.status()
                     if s.kind in (StatusKind.HELD_UP, StatusKind.STALLED)), None)

    def end_stalled(self) -> None:
        self._peer.abort_stalled()

    @property
    def ending(self) -> Aborted | Faulted | None:
        outcome = self._peer.outcome
        return None if outcome is None or isinstance(outcome, Finished) else outcome


async def _wait_dealt(peer: GamePeer) -> None:
    """Until the table has dealt (a view exists); a failed seat, or no deal within
    ``DEAL_TIMEOUT``, is a refusal."""
    ready = asyncio.ensure_future(peer.ready.wait())
    failed = asyncio.ensure_future(peer.failed.wait())
    try:
        await asyncio.wait({ready, failed}, timeout=DEAL_TIMEOUT,
                           return_when=asyncio.FIRST_COMPLETED)
    finally:
        ready.cancel()
        failed.cancel()
    peer.raise_if_failed()
    if not peer.ready.is_set():
        raise UsageError(f"the table did not deal within {DEAL_TIMEOUT:.0f} seconds: the other "
                         "seat does not answer")


def _watch_failure(peer: GamePeer, app: SorceryApp) -> None:
    """A seat that stops (its log cannot be written, an internal error) says so on the
    board's message line; the person leaves with q."""
    def check() -> None:
        if peer.failure is not None:
            app.message = app.tr("sorcery_seat_stopped", detail=str(peer.failure))
            app.application.invalidate()

    peer.subscribe(check)


def board_play(*, input: Input | None = None, output: Output | None = None,
               on_board: BoardHook | None = None) -> SeatPlay:
    """The ``play`` of a person's seat (``sorcery_seat.SeatPlay``): the board on the peer,
    on this terminal (or ``input``/``output``); ``on_board`` sees the board once it opens."""

    async def play(start: GameStart, deck: SeatDeck, table: SorceryTableOptions,
                   keys: tuple[Identity, CurveKeys], gate: Gate | None) -> GamePeer:
        start = keep_seat(start, deck, table)
        net = table.net
        peer = GamePeer(start.store, start.record, *keys, start.genesis,
                        net_config=net_config_of(net), people=start.people,
                        timers=PeerTimers(stall_limit=table.stall_limit),
                        private=deck.deck, cards=deck.library)
        try:
            await peer.start()
            if gate is not None:
                gate(peer)
            say_line_in(net, "sorcery_seat_waiting_start")
            await _wait_dealt(peer)
            board = SeatBoard(peer)
            app = SorceryApp(board, net.lang, input=input, output=output)
            _watch_failure(peer, app)
            if on_board is not None:
                on_board(app)
            await app.application.run_async()
            if board.over and peer.failure is None:
                # The end's entries (the decks opened, the end signed) need no person.
                with contextlib.suppress(TimeoutError, WizardError):
                    await asyncio.wait_for(peer.run_until_finished(), END_TIMEOUT)
        finally:
            await peer.close()
        return peer

    return play


async def console_seat(options: SorceryHostOptions | SorceryJoinOptions, *,
                       code: str | None = None, input: Input | None = None,
                       output: Output | None = None,
                       on_board: BoardHook | None = None) -> GamePeer:
    """Host or join a 巫师牌 table and play the seat at the console board to the end
    (``code``: the host's invite code, chosen beforehand)."""
    play = board_play(input=input, output=output, on_board=on_board)
    if isinstance(options, SorceryHostOptions):
        return await host_seat(options, code=code, play=play)
    return await join_seat(options, play=play)


def no_terminal() -> UsageError:
    """The refusal of a board without a terminal to read keys from."""
    return UsageError("the console needs a terminal to read keys from; run it in one, or let "
                      "the bot play this seat with --headless").saying(
                          "sorcery_console_no_terminal")


def run_console_seat(options: SorceryHostOptions | SorceryJoinOptions) -> int:
    """``sorcery host`` or ``sorcery join`` without ``--headless``: the person plays at the
    board; the outcome printed once it closes; exit 0 for a finished game, 1 otherwise."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise no_terminal()
    peer = asyncio.run(console_seat(options))
    net = options.table.net
    if not net.quiet:
        print(f"巫师牌: {outcome_line(peer, net.lang)}", flush=True)
    return 0 if isinstance(peer.outcome, Finished) else 1
