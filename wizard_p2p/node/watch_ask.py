"""A watcher's side of the host's watch gate: ask to watch, wait, stay listed, say bye.

The watcher asks the host's lobby socket (``watch``, with the invite code) and asks
again every ``WatchTimers.ask`` seconds while the answer is ``wait`` (the game has not
begun, or the host has not decided); ``admitted`` carries the genesis line, ``refused``
ends with the host's reason. Once admitted it pings the gate every ``WatchTimers.ping``
seconds, so that the host keeps it listed, and says ``bye`` when it leaves.

A ping is a request: a gate that no longer lists us (we were silent too long, or its
seat resumed) answers ``refused``. That answer, or a ``refused`` or ``bye`` the gate
pushes, sends us back through admission: we ask again with ``watch`` and the host
decides again. An answer ``refused`` to that ends our watching with the host's
reason; a gate that does not answer is asked again later (the players still feed us
meanwhile). The gate is ``node.watch_gate``; the messages are SPEC §10.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

from wizard_p2p.errors import DecodeError, WizardError
from wizard_p2p.net import CurveKeys, LobbyClient, LobbyRefused, LobbyTimeout, NetConfig
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.lobby_common import (
    GOODBYE_LINGER,
    LobbyError,
    encode,
    lobby_keys,
    read_from_host,
)
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    Ok,
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


class _Unanswered(WatchRefused):
    """No gate answers (not the host's decision: asked again later once admitted)."""


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
        self._genesis = b""
        self._on_wait: Callable[[Wait | None], None] = _nothing
        self._ask_again = asyncio.Event()  # the gate pushed refused or bye
        self.asked_again = 0  # times we went back through admission
        self.ended: str | None = None  # why the host ended our watching

    async def admission(self, on_wait: Callable[[Wait | None], None]) -> WatchAdmitted:
        """Ask until admitted; ``on_wait(wait)`` each time we are told to wait (and
        ``on_wait(None)`` once admitted again later). ``WatchRefused`` says why not."""
        await self._client.start()
        self._on_wait = on_wait
        admitted = await self._ask(self.timers.first / 3)
        self._admitted = True
        self._genesis = admitted.genesis
        return admitted

    async def _ask(self, timeout: float) -> WatchAdmitted:
        request = encode({
            "type": "watch", "code": self.code, "protocol": PROTOCOL, "name": self.name,
            "curve_key": self.curve_keys.public, "port": self.mesh_port,
        })
        where = f"{self.host}:{self.port}"
        while True:
            try:
                raw = await self._client.request(request, timeout=timeout, attempts=3)
            except LobbyRefused:
                raise WatchRefused(
                    f"the lobby at {where} refused us: check the invite code {self.code}"
                ).saying("lobby_ended_wrong_code", address=where, code=self.code) from None
            except LobbyTimeout:
                raise _Unanswered(f"no Wizard game answers at {where}").saying(
                    "lobby_ended_no_answer", address=where) from None
            body = self._read(raw)
            if isinstance(body, WatchAdmitted):
                return body
            self._on_wait(body)
            timeout = self.timers.patience / 3
            await asyncio.sleep(self.timers.ask)  # the pace of asking again, not a wait on state

    def _read(self, raw: bytes) -> WatchAdmitted | Wait:
        body = read_from_host(
            raw, ("admitted", "wait"), error=WatchRefused, gone="the host left", name=self.name
        )
        assert isinstance(body, WatchAdmitted | Wait)
        return body

    def keep_listed(
        self,
        on_watchers: Callable[[tuple[str, ...]], None],
        on_ended: Callable[[WatchRefused], None] | None = None,
    ) -> None:
        """Ping the gate from now on (on the current loop), until :meth:`close`; each list
        of who watches the gate sends goes to ``on_watchers``. A gate that no longer lists
        us is asked again; ``on_ended(refusal)`` once the host refuses us (then nothing
        more is sent to the gate)."""
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._stay(on_watchers, on_ended or _nothing), name="watch-ping"),
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
            if isinstance(body, WatchAdmitted) and body.genesis == self._genesis:
                on_watchers(body.watchers)
            elif isinstance(body, Refused | Bye):
                self._ask_again.set()  # the gate's answer to `watch` is the host's word

    async def _stay(
        self, on_watchers: Callable[[tuple[str, ...]], None],
        on_ended: Callable[[WatchRefused], None],
    ) -> None:
        """Ping at the gate's pace; when it no longer lists us, ask again."""
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.timers.ping):  # the pace of saying we are here
                    await self._ask_again.wait()
            if not self._ask_again.is_set():
                answer = await self._ping()
                if answer is None:
                    return  # the connection is closed: nothing to tell
                if answer:
                    continue
            self._ask_again.clear()
            self.asked_again += 1
            try:
                admitted = await self._ask(self.timers.patience / 3)
            except _Unanswered:
                continue  # no gate now (it may open again): asked again at the next turn
            except WatchRefused as exc:
                self._end(exc, on_ended)
                return
            if admitted.genesis != self._genesis:
                self._end(WatchRefused("the host's gate now holds another game").saying(
                    "watch_ended_other_game"), on_ended)
                return
            self._on_wait(None)
            on_watchers(admitted.watchers)

    async def _ping(self) -> bool | None:
        """True if the gate still lists us (or did not answer), False if it does not;
        None once the connection is closed."""
        ping = encode({"type": "ping"})
        try:
            raw = await self._client.request(ping, timeout=self.timers.ping, attempts=3)
        except LobbyTimeout:
            return True  # no gate answers now: not a reason to stop
        except WizardError:
            return None
        try:
            body = decode_lobby(raw, expect=("ok", "wait", "refused", "bye"))
        except DecodeError as exc:
            _log.warning("the gate answered a ping with what this client cannot read: %s", exc)
            return True
        return isinstance(body, Ok | Wait)

    def _end(self, refusal: WatchRefused, on_ended: Callable[[WatchRefused], None]) -> None:
        _log.warning("watching ended: %s", refusal)
        self.ended = str(refusal)
        on_ended(refusal)

    async def close(self) -> None:
        """Say bye (if admitted) and close the connection."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        linger = 0.0
        if self._admitted and self.ended is None:
            try:
                self._client.send(encode({"type": "bye", "reason": "stopped watching"}))
                linger = GOODBYE_LINGER
            except WizardError:
                pass
        await self._client.close(linger=linger)


def _nothing(_: object) -> None:
    pass
