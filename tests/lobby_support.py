"""Real lobbies on 127.0.0.1 for the lobby's tests: a host, honest joiners, and raw
lobby clients that send whatever a test writes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, LobbyClient, NetConfig
from wizard_p2p.node.lobby import HostLobby, JoinLobby, LobbyTimers, lobby_keys
from wizard_p2p.protocol.lobby_schema import LobbyBody, decode_lobby
from wizard_p2p.rules import GameConfig

NET = NetConfig(heartbeat_interval=0.2, silence_limit=1.0, resend_interval=0.3, ack_delay=0.05)
# Short lobby timeouts, so that a test of them ends soon; pings stay frequent enough.
TIMERS = LobbyTimers(hello=10.0, ping=0.2, silence=2.0, endorse=20.0)


def host_lobby(tmp_path: Path, seats: int = 3, **options: Any) -> HostLobby:
    return HostLobby(
        Identity.generate(), CurveKeys.generate(), "Host", GameConfig(seats), tmp_path / "host",
        listen_host="127.0.0.1", port=0, net_config=NET, timers=TIMERS, **options,
    )


def joiner(tmp_path: Path, host: HostLobby, name: str, **options: Any) -> JoinLobby:
    return JoinLobby(
        Identity.generate(), CurveKeys.generate(), name, "127.0.0.1", host.port, host.code,
        tmp_path / name, listen_host="127.0.0.1", net_config=NET, timers=TIMERS, **options,
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
        return decode_lobby(await self.client.request(raw, timeout=3.0))

    async def pushed(self) -> LobbyBody:
        return decode_lobby(await self.client.recv(timeout=30))
