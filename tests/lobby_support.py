"""Real lobbies on 127.0.0.1 for the lobby's tests: a host, honest joiners, and raw
lobby clients that send whatever a test writes; ``LobbyTable`` (the ``lobby_table``
fixture) holds a host with its joiners and stops them all when the test ends."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, LobbyClient, NetConfig
from wizard_p2p.node.lobby import GameStart, HostLobby, JoinLobby, LobbyTimers, lobby_keys
from wizard_p2p.protocol.lobby_schema import LobbyBody, decode_lobby
from wizard_p2p.protocol.lobby_terms import LobbyTerms
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables import RULES
from wizard_p2p.tables.wizard.lobby import WizardTerms

NET = NetConfig(heartbeat_interval=0.2, silence_limit=1.0, resend_interval=0.3, ack_delay=0.05)
# Short lobby timeouts, so that a test of them ends soon; pings stay frequent enough.
TIMERS = LobbyTimers(hello=10.0, ping=0.2, silence=2.0, endorse=20.0)


def host_lobby(tmp_path: Path, seats: int = 3, *, terms: LobbyTerms | None = None,
               **options: Any) -> HostLobby:
    """A host's lobby on 127.0.0.1 (``options``: HostLobby's, over the tests' defaults): a
    table of ``terms``, else of Wizard with ``seats`` seats."""
    settings: dict[str, Any] = {"listen_host": "127.0.0.1", "port": 0, "net_config": NET,
                                "timers": TIMERS, **options}
    return HostLobby(Identity.generate(), CurveKeys.generate(), "Host",
                     terms or WizardTerms(GameConfig(seats)), tmp_path / "host", **settings)


def joiner(tmp_path: Path, host: HostLobby, name: str, *, identity: Identity | None = None,
           code: str | None = None, **options: Any) -> JoinLobby:
    """A joiner of ``host``'s lobby with keys of its own (or ``identity``, the code given)."""
    return JoinLobby(
        identity or Identity.generate(), CurveKeys.generate(), name, "127.0.0.1", host.port,
        code or host.code, tmp_path / name, listen_host="127.0.0.1", net_config=NET,
        timers=TIMERS, **options,
    )


async def until(lobbies: list[Any], predicate: Callable[[], bool], timeout: float = 30) -> None:
    """Wait until ``predicate`` holds, checking it each time one of ``lobbies`` changes."""
    changed = asyncio.Event()
    for lobby in lobbies:
        lobby.subscribe(changed.set)
    async with asyncio.timeout(timeout):
        while not predicate():
            changed.clear()
            await changed.wait()


class RawClient:
    """A lobby client with a fresh key that sends what it is given, as a hostile joiner."""

    def __init__(self, host: HostLobby) -> None:
        self.keys = CurveKeys.generate()
        self.identity = Identity.generate()
        self.client = LobbyClient(
            self.keys, f"tcp://127.0.0.1:{host.port}", lobby_keys(host.code).public, config=NET
        )
        self.code = host.code

    async def __aenter__(self) -> RawClient:
        await self.client.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.client.close()

    def hello(self, name: str = "Mallory", **changes: Any) -> dict[str, Any]:
        """A valid hello, with ``changes`` to its top level (``player`` is merged)."""
        player = {
            "name": name, "sign_key": self.identity.public_key.hex(),
            "curve_key": self.keys.public, "address": "", "coin_commit": "ab" * 32,
        }
        player.update(changes.pop("player", {}))
        hello = {"type": "hello", "code": self.code, "port": 40000, "player": player}
        hello.update(changes)
        return hello

    async def ask(self, payload: bytes | dict[str, Any]) -> LobbyBody:
        raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        return decode_lobby(await self.client.request(raw, timeout=3.0), games=RULES)

    async def pushed(self) -> LobbyBody:
        return decode_lobby(await self.client.recv(timeout=30), games=RULES)


class LobbyTable:
    """A host's lobby on 127.0.0.1 and the joiners a test adds, the running ones as
    tasks: ``async with`` opens the host and, at the end, cancels every task and closes
    every lobby (joiners first), whatever the test did."""

    def __init__(self, tmp_path: Path, seats: int = 3, **options: Any) -> None:
        self.tmp_path = tmp_path
        self.host = host_lobby(tmp_path, seats, **options)
        self.joiners: list[JoinLobby] = []
        self.tasks: list[asyncio.Future[Any]] = []

    async def __aenter__(self) -> LobbyTable:
        await self.host.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for lobby in self.joiners:
            await lobby.close()
        await self.host.close()

    def serve(self, *, autostart: bool = False) -> asyncio.Future[GameStart]:
        """The host's lobby, running."""
        return self._run(self.host.serve(autostart=autostart))

    def joiner(self, name: str, **options: Any) -> JoinLobby:
        """A joiner of the table with keys of its own (``options``: JoinLobby's)."""
        lobby = joiner(self.tmp_path, self.host, name, **options)
        self.joiners.append(lobby)
        return lobby

    def again(self, lobby: JoinLobby, name: str | None = None) -> JoinLobby:
        """Another program with ``lobby``'s keys (its own folder), asking to join."""
        twin = JoinLobby(
            lobby.identity, lobby.curve_keys, name or lobby.name, "127.0.0.1", self.host.port,
            self.host.code, self.tmp_path / f"{lobby.name}-again-{len(self.joiners)}",
            listen_host="127.0.0.1", net_config=NET, timers=TIMERS,
        )
        self.joiners.append(twin)
        return twin

    def join(self, lobby: JoinLobby, timeout: float | None = None) -> asyncio.Future[GameStart]:
        """``lobby`` joining, running."""
        return self._run(lobby.join(timeout=timeout))

    def _run(self, work: Coroutine[Any, Any, GameStart]) -> asyncio.Future[GameStart]:
        task = asyncio.ensure_future(work)
        self.tasks.append(task)
        return task

    async def until(self, predicate: Callable[[], bool], timeout: float = 30) -> None:
        """Wait until ``predicate`` holds, checking it whenever any lobby here changes."""
        await until([self.host, *self.joiners], predicate, timeout)


TableFactory = Callable[..., LobbyTable]

