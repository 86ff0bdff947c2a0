"""The networked lobby as the console sees it: a ``LobbyController`` over the node's lobby.

An adapter in the application layer: it knows the node and the console, which
know nothing of each other.

The lobby itself runs as a task on the shared asyncio loop (``HostLobby.serve`` or
``JoinLobby.join``); when it yields the genesis, the seat's ``GamePeer`` is built
and started, the snapshot says ``started``, and ``table()`` hands the console the
peer's seat as Wizard's ``SeatController`` (``wizard_seat``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from wizard_p2p.commands.wizard_seat import WizardSeat
from wizard_p2p.errors import UsageError, WizardError
from wizard_p2p.node.lobby import GameStart, HostLobby, JoinLobby
from wizard_p2p.node.lobby_news import LobbyNews
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.rules import VARIANT_NAMES
from wizard_p2p.seat.controller import SeatController
from wizard_p2p.tui.lobby_screen import LobbyLine, LobbyPlayer, LobbySnapshot, LobbyStatusKind


class LobbyAdapter:
    """A ``HostLobby`` or ``JoinLobby`` as the console's ``LobbyController``."""

    def __init__(
        self,
        lobby: HostLobby | JoinLobby,
        make_peer: Callable[[GameStart], Awaitable[GamePeer]],
        *,
        autostart: bool = False,
        join_timeout: float | None = None,
    ) -> None:
        self.lobby = lobby
        self.autostart = autostart
        # Seconds a joiner waits for the lobby's first answer (None: the lobby's own).
        self.join_timeout = join_timeout
        self._make_peer = make_peer
        self.peer: GamePeer | None = None
        self._seat: WizardSeat | None = None  # the peer's, as the console's controller
        self.error: str | None = None
        # Whether the host's lobby is announced on the local network (None: it is not
        # meant to be), and why not when it cannot be.
        self.announced: bool | None = None
        self.unannounced: WizardError | None = None
        self.closed: str | None = None
        self.ended_by: WizardError | None = None  # the error that ended the lobby, if one did
        self._callbacks: list[Callable[[], None]] = []
        self._task: asyncio.Task[None] | None = None
        lobby.subscribe(self._notify)

    def begin(self) -> None:
        """Run the lobby on the current loop (call from inside it)."""
        self._task = asyncio.get_running_loop().create_task(self._run(), name="lobby")

    async def _run(self) -> None:
        try:
            if isinstance(self.lobby, HostLobby):
                start = await self.lobby.serve(autostart=self.autostart)
            else:
                start = await self.lobby.join(timeout=self.join_timeout)
            self.peer = await self._make_peer(start)
        except WizardError as exc:
            self.closed, self.ended_by = str(exc), exc
        except asyncio.CancelledError:
            self.closed = "left the lobby"
        except Exception as exc:
            # A fault of this program: shown, and raised again by the command (loudly).
            self.closed = f"internal error: {exc!r:.200}"
            raise
        finally:
            await self.lobby.close()
            self._notify()

    @property
    def task(self) -> asyncio.Task[None] | None:
        return self._task

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    # --- LobbyController --------------------------------------------------------------

    def snapshot(self) -> LobbySnapshot:
        lobby = self.lobby
        you = 0 if isinstance(lobby, HostLobby) else lobby.seat
        players = tuple(
            LobbyPlayer(p.name, p.fingerprint, seat, is_host=seat == 0, is_you=seat == you,
                        bot=p.bot)
            for seat, p in enumerate(lobby.players)
        )
        seats = lobby.seats
        status: tuple[LobbyLine, ...] = ()
        starting = isinstance(lobby, HostLobby) and (
            lobby.starting or (self.autostart and len(players) >= seats)
        )
        if self.peer is None and self.closed is None:
            status = (self._progress(starting, len(players), seats), *self._announcement())
        waiting: tuple[LobbyPlayer, ...] = ()
        if isinstance(lobby, HostLobby):
            addresses = tuple(lobby.addresses)
            variants = lobby.variants
            can_start = lobby.can_start and not self.autostart
            choices = VARIANT_NAMES if self.peer is None and lobby.variants_open else ()
            waiting = tuple(LobbyPlayer(p.name, p.fingerprint, i, bot=p.bot)
                            for i, p in enumerate(lobby.waiting))
            can_remove = self.peer is None and not lobby.starting
        else:
            addresses = (f"{lobby.host}:{lobby.port}",)
            variants = lobby.variants
            can_start = can_remove = False
            choices = ()
        return LobbySnapshot(
            addresses=addresses,
            invite=lobby.code,
            players=players,
            variants=variants,
            variant_choices=choices,
            seats=seats or len(players),
            can_start=can_start and self.peer is None,
            status=status,
            error=self.error,
            started=self.peer is not None,
            closed=self.closed,
            closed_said=self.ended_by.said if self.ended_by is not None else None,
            waiting=waiting,
            can_remove=can_remove,
            hosting=isinstance(lobby, HostLobby),
            news=lobby.news.news.value if self._news_shown() else "",
            news_who=lobby.news.who,
            fingerprint=lobby.identity.fingerprint,
            coach=lobby.coach,
        )

    def _progress(self, starting: bool, seated: int, seats: int) -> LobbyLine:
        """Where the lobby stands, as one line of data."""
        lobby = self.lobby
        if starting:
            return LobbyLine(LobbyStatusKind.STARTING)
        if isinstance(lobby, JoinLobby) and lobby.news.news is LobbyNews.CONNECTING:
            return LobbyLine(LobbyStatusKind.CONNECTING, address=f"{lobby.host}:{lobby.port}")
        if isinstance(lobby, JoinLobby) and lobby.seat is None \
                and lobby.news.news is LobbyNews.ADMISSION:
            return LobbyLine(LobbyStatusKind.ADMISSION)
        if seats and seated >= seats:
            return LobbyLine(LobbyStatusKind.TABLE_FULL, done=seated, total=seats)
        return LobbyLine(LobbyStatusKind.WAITING_PLAYERS, done=seated, total=seats or seated)

    def _announcement(self) -> tuple[LobbyLine, ...]:
        if self.announced:
            return (LobbyLine(LobbyStatusKind.ANNOUNCED),)
        reason = self.unannounced
        if reason is None:
            return ()
        # DiscoveryUnavailable's kind and address (net.discovery; "failed" for another).
        return (LobbyLine(LobbyStatusKind.NOT_ANNOUNCED, why=getattr(reason, "kind", "failed"),
                          address=getattr(reason, "address", "")),)

    def _news_shown(self) -> bool:
        return self.peer is None and self.closed is None and self.lobby.news.shown

    def _host(self) -> HostLobby:
        if not isinstance(self.lobby, HostLobby) or self.peer is not None:
            raise UsageError("only the host decides who sits, before the game starts")
        return self.lobby

    def start(self) -> None:
        if not isinstance(self.lobby, HostLobby):
            raise UsageError("only the host starts the game")
        self.lobby.start()

    def set_variants(self, variants: tuple[str, ...]) -> None:
        self._host().set_variants(variants)

    def _waiting_client(self, index: int) -> str:
        waiting = self._host().waiting
        if not 0 <= index < len(waiting) or waiting[index].client is None:
            raise UsageError("nobody is waiting there")
        client = waiting[index].client
        assert client is not None
        return client

    def admit(self, index: int) -> None:
        self._host().admit(self._waiting_client(index))

    def refuse(self, index: int) -> None:
        self._host().refuse(self._waiting_client(index))

    def remove(self, seat: int) -> None:
        self._host().remove(seat)

    def leave(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def show_announcement(self, unannounced: WizardError | None) -> None:
        """Say from now on that the lobby is announced on the local network (None), or
        that it is not, and why (its announcement could not start, or stopped)."""
        self.announced = unannounced is None
        self.unannounced = unannounced
        self._notify()

    def table(self) -> SeatController:
        if self.peer is None:
            raise UsageError("the game has not started")
        if self._seat is None or self._seat.peer is not self.peer:
            self._seat = WizardSeat(self.peer)
        return self._seat
