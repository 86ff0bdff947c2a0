"""The lobby console's tests' stand-ins: ``FakeLobby`` plays the networked node's part
(players join, the host starts, and ``table()`` then returns an ``OfflineSeat`` for
this player's seat), ``ApprovingLobby`` a host with joiners waiting; ``lobby_screen``
draws a lobby's first screen, ``drive_lobby`` runs a console over it with keys."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from prompt_toolkit.input import create_pipe_input

from wizard_p2p.bots import make_policy
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS, VARIANT_NAMES, GameConfig
from wizard_p2p.seat.controller import SeatController
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import WizardApp
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, run_with_keys, screen_text
from wizard_p2p.tui.lobby_screen import (
    LobbyController,
    LobbyLine,
    LobbyPlayer,
    LobbySnapshot,
    LobbyStatusKind,
)

FINGERPRINTS = [
    "3f9a 12bc 77d0 e41a", "a0b1 c2d3 e4f5 0617", "5e5e 9001 abcd ef01", "beef 4242",
    "1111 2222 3333 4444", "5555 6666 7777 8888",
]


class FakeLobby:
    def __init__(self, names: list[str], *, you: int, seats: int = 4) -> None:
        self.players = [
            LobbyPlayer(name, FINGERPRINTS[i], i, is_host=i == 0, is_you=i == you)
            for i, name in enumerate(names)
        ]
        self.you = you
        self.seats = seats
        self.variants = ("plus_minus_one",)
        self.callbacks: list[Callable[[], None]] = []
        self.started = False
        self.left = False
        self.offline: OfflineSeat | None = None

    def snapshot(self) -> LobbySnapshot:
        n = len(self.players)
        return LobbySnapshot(
            addresses=("tcp://127.0.0.1:7711", "tcp://[::1]:7711"),
            invite="WZ-4F2A-9C1B",
            players=tuple(self.players),
            variants=self.variants,
            seats=self.seats,
            can_start=self.you == 0 and MIN_SEATS <= n <= MAX_SEATS,
            status=(LobbyLine(LobbyStatusKind.TABLE_FULL if n >= self.seats
                              else LobbyStatusKind.WAITING_PLAYERS, done=n, total=self.seats),),
            started=self.started,
            variant_choices=VARIANT_NAMES if self.you == 0 and not self.started else (),
            hosting=self.you == 0,
            fingerprint=FINGERPRINTS[self.you],
        )

    def set_variants(self, variants: tuple[str, ...]) -> None:
        if self.you != 0:
            raise UsageError("only the host chooses the variants")
        GameConfig.with_variants(self.seats, list(variants))  # the rules refuse bad mixes
        self.variants = variants
        self._notify()

    def start(self) -> None:
        if self.you != 0:
            raise UsageError("only the host can start")
        self._begin()

    def host_starts(self) -> None:
        self._begin()

    def _begin(self) -> None:
        config = GameConfig.with_variants(len(self.players), list(self.variants))
        policies = [None if i == self.you else make_policy("random") for i in range(config.seats)]
        names = [p.name for p in self.players]
        self.offline = OfflineSeat(config, names, policies, seat=self.you, seed=1)
        self.started = True
        self._notify()

    def admit(self, index: int) -> None:
        raise UsageError("nobody is waiting to be admitted")

    def refuse(self, index: int) -> None:
        raise UsageError("nobody is waiting to be admitted")

    def remove(self, seat: int) -> None:
        raise UsageError("only the host removes a player")

    def join(self, name: str) -> None:
        i = len(self.players)
        self.players.append(LobbyPlayer(name, FINGERPRINTS[i], i))
        self._notify()

    def leave(self) -> None:
        self.left = True

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)

    def table(self) -> SeatController:
        assert self.offline is not None
        return self.offline

    def _notify(self) -> None:
        for callback in self.callbacks:
            callback()


class ApprovingLobby(FakeLobby):
    """A host's lobby with joiners waiting to be admitted, and seated players to remove."""

    def __init__(self) -> None:
        super().__init__(["Ana", "Ben"], you=0)
        self.waiting = [
            LobbyPlayer("Cho", FINGERPRINTS[2], 0), LobbyPlayer("Dee", FINGERPRINTS[3], 1)
        ]
        self.removed: list[int] = []

    def snapshot(self) -> LobbySnapshot:
        snap = super().snapshot()
        return LobbySnapshot(**{**snap.__dict__, "waiting": tuple(self.waiting),
                                "can_remove": True})

    def admit(self, index: int) -> None:
        joiner = self.waiting.pop(index)
        self.join(joiner.name)

    def refuse(self, index: int) -> None:
        self.waiting.pop(index)
        self._notify()

    def remove(self, seat: int) -> None:
        if seat == 0:
            raise UsageError("the host's own seat cannot be removed")
        self.removed.append(seat)
        del self.players[seat]
        self._notify()


def lobby_screen(lobby: LobbyController, lang: str = "en") -> str:
    """The text of the console's first screen over ``lobby``."""
    with create_pipe_input() as pipe:
        app = WizardApp(lobby, lang, input=pipe, output=FixedSizeOutput())
        return "\n".join(screen_text(app))


def drive_lobby(
    lobby: LobbyController, script: Callable[[Driver], Awaitable[None]], lang: str = "en"
) -> None:
    """Run the console over ``lobby`` and ``script`` its keys."""
    run_with_keys(lambda pipe, out: WizardApp(lobby, lang, input=pipe, output=out), script)
