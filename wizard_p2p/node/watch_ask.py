"""A watcher's side of the host's watch gate: ask to watch, wait, stay listed, say bye.

The watcher asks the host's lobby socket (``watch``, with the invite code) and asks
again every ``WatchTimers.ask`` seconds while the answer is ``wait`` (the game has not
begun, or the host has not decided); ``admitted`` carries the genesis line, ``refused``
ends with the host's reason. Once admitted it pings the gate every ``WatchTimers.ping``
seconds, so that the host keeps it listed, and says ``bye`` when it leaves. The gate
is ``node.watch_gate``; the messages are SPEC §10.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from wizard_p2p.errors import DecodeError, WizardError
from wizard_p2p.net import CurveKeys, LobbyClient, LobbyRefused, LobbyTimeout, NetConfig
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.lobby_common import GOODBYE_LINGER, LobbyError, encode, lobby_keys
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    Refused,
    Wait,
    WatchAdmitted,
    decode_lobby,
)
from wizard_p2p.protocol.messages import PROTOCOL

__all__ = ["GateClient", "WatchRefused", "WatchTimers"]

_log = logging.getLogger(__name__)


class WatchRefused(LobbyError):
    """The host did not let us watch (its reason), or no gate answers."""


@dataclass(frozen=True)
class WatchTimers:
    first: float = 3.0  # for the gate's first answer (no lobby there otherwise)
    # For each later answer: the host may be busy starting its seat meanwhile.
    patience: float = 15.0
    ask: float = 1.0  # asked again this often while told to wait
    ping: float = 5.0  # once admitted: we are still there (the gate drops us after 30 s)


class GateClient:
    """A watcher's connection to the host's gate at ``host:port``."""

    def __init__(
        self,
        curve_keys: CurveKeys,
        host: str,
        port: int,
        code: str,
        *,
        name: str,
        mesh_port: int,
        net_config: NetConfig | None = None,
        timers: WatchTimers | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.code = normalise_code(code)
        self.name = name
        self.mesh_port = mesh_port
        self.curve_keys = curve_keys
        self.timers = timers or WatchTimers()
        bracketed = f"[{host}]" if ":" in host else host
        self._client = LobbyClient(
            curve_keys, f"tcp://{bracketed}:{port}", lobby_keys(self.code).public,
            config=net_config,
        )
        self._tasks: list[asyncio.Task[None]] = []
        self._admitted = False

    async def admission(self, on_wait: Callable[[str], None]) -> WatchAdmitted:
        """Ask until admitted; ``on_wait(reason)`` each time we are told to wait.
        ``WatchRefused`` says why not."""
        await self._client.start()
        request = encode({
            "type": "watch", "code": self.code, "protocol": PROTOCOL, "name": self.name,
            "curve_key": self.curve_keys.public, "port": self.mesh_port,
        })
        where = f"{self.host}:{self.port}"
        timeout = self.timers.first / 3
        while True:
            try:
                raw = await self._client.request(request, timeout=timeout, attempts=3)
            except LobbyRefused:
                raise WatchRefused(
                    f"the lobby at {where} refused us: check the invite code {self.code}"
                ) from None
            except LobbyTimeout:
                raise WatchRefused(f"no Wizard game answers at {where}") from None
            body = self._read(raw)
            if isinstance(body, WatchAdmitted):
                self._admitted = True
                return body
            assert isinstance(body, Wait)
            on_wait(body.reason)
            timeout = self.timers.patience / 3
            await asyncio.sleep(self.timers.ask)  # the pace of asking again, not a wait on state

    def _read(self, raw: bytes) -> WatchAdmitted | Wait:
        try:
            body = decode_lobby(raw, expect=("admitted", "wait", "refused", "bye"))
        except DecodeError as exc:
            raise WatchRefused(f"the host sent what this client cannot read: {exc}") from None
        if isinstance(body, Refused):
            raise WatchRefused(f"the host refused: {body.reason}")
        if isinstance(body, Bye):
            raise WatchRefused(body.reason or "the host left")
        assert isinstance(body, WatchAdmitted | Wait)
        return body

    def keep_listed(self, on_watchers: Callable[[tuple[str, ...]], None]) -> None:
        """Ping the gate from now on (on the current loop), until :meth:`close`; each list
        of who watches the gate sends goes to ``on_watchers``."""
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._ping(), name="watch-ping"),
            loop.create_task(self._listen(on_watchers), name="watch-listen"),
        ]

    async def _listen(self, on_watchers: Callable[[tuple[str, ...]], None]) -> None:
        while True:
            try:
                raw = await self._client.recv()
            except WizardError:
                return  # closed
            try:
                body = decode_lobby(raw, expect=("admitted", "refused", "bye", "wait"))
            except DecodeError as exc:
                _log.warning("the gate sent what this client cannot read: %s", exc)
                continue
            if isinstance(body, WatchAdmitted):
                on_watchers(body.watchers)

    async def _ping(self) -> None:
        ping = encode({"type": "ping"})
        while True:
            await asyncio.sleep(self.timers.ping)  # the pace of saying we are here
            try:
                self._client.send(ping)
            except WizardError:
                return  # the gate is gone (the game is over): nothing to tell

    async def close(self) -> None:
        """Say bye (if admitted) and close the connection."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        linger = 0.0
        if self._admitted:
            try:
                self._client.send(encode({"type": "bye", "reason": "stopped watching"}))
                linger = GOODBYE_LINGER
            except WizardError:
                pass
        await self._client.close(linger=linger)
