"""The host's watch gate: its lobby socket, kept open once the game has begun, for watchers.

The lobby socket stays where it was (same port, same CURVE key derived from the
invite code), so that whoever holds the code may ask to watch (``watch``: a name,
its CURVE key, its mesh's port). A ``hello`` is refused: the game has begun. The
host decides by its ``admission``:

* ``"all"`` admits every request (``host --admit-watchers``: the room's big screen);
* ``"none"`` refuses every one ("this host admits no watchers": a headless host);
* ``"ask"`` keeps each request waiting (``wait``) until the host admits or refuses
  it from the console (``admit``/``refuse``).

At most ``MAX_WATCHERS`` watch and at most ``MAX_WAITING`` wait at once. An admitted
watcher is answered (or pushed) ``admitted`` with the genesis line (and the seats the
lobby was told are bots, which the log cannot say); the list of who
watches goes to ``on_change``, which the host's seat sends to every other seat. A
watcher says it is there with ``ping`` (or a repeated ``watch``); one not heard for
``WATCHER_SILENCE`` seconds, or that says ``bye``, is dropped and the list sent
again. A ``ping`` from a key the gate does not list (dropped, or never admitted) is
answered ``refused`` ("not watching: ask again"): the watcher asks again with
``watch`` and the host decides again. Every refusal says its kind as data (SPEC §10):
the lobby's ``RefusalKind`` where the gate refuses for the lobby's reason, else a
``GateRefusalKind``; the closing ``bye`` says ``ByeKind.GAME_OVER``. Nothing here
touches the game: the gate only decides who is listed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from zmq.utils import z85

from wizard_p2p.errors import DecodeError, UsageError
from wizard_p2p.identity import fingerprint
from wizard_p2p.net import LobbyClosed, LobbyMessage, LobbyServer
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.lobby_common import OK, encode, other_version, refused
from wizard_p2p.protocol.control import ListedWatcher, listed_address
from wizard_p2p.protocol.lobby_schema import (
    MAX_WATCHERS,
    Bye,
    ByeKind,
    GateRefusalKind,
    Hello,
    Ping,
    RefusalKind,
    WaitKind,
    Watch,
    decode_lobby,
)
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.seat.controller import WatchRequest
from wizard_p2p.tables import RULES

__all__ = ["ADMISSIONS", "MAX_WAITING", "MAX_WATCHERS", "NOT_WATCHING", "WATCHER_SILENCE",
           "GateNews", "WatchGate", "key_fingerprint"]

_log = logging.getLogger(__name__)

ADMISSIONS = ("all", "none", "ask")
# Requests the host lists at once while it decides: a stranger with the code can
# make the list no longer than this.
MAX_WAITING = 8
# A watcher not heard this long (no ping, no request) is dropped.
WATCHER_SILENCE = 30.0
# How often the gate looks for silent watchers when nothing arrives.
_SWEEP_EVERY = 1.0
_FROM_WATCHER = ("hello", "watch", "ping", "bye", "endorse")
# The answer to a ping from a key the gate does not list: the watcher asks again.
NOT_WATCHING = "not watching: ask again"


class GateNews(StrEnum):
    """The gate's latest change, as data a headless host words in its language (the
    catalogues' ``gate_news_<value>``, with the watcher's name)."""

    ASKS = "asks"  # a request waits for the host
    WATCHES = "watches"  # admitted
    REFUSED = "refused"  # the host turned the request away
    LEFT = "left"  # the watcher said bye
    GONE = "gone"  # the watcher was not heard from for the silence limit


def key_fingerprint(curve_key: str) -> str:
    """The fingerprint of a CURVE public key, as a person compares it."""
    return fingerprint(z85.decode(curve_key.encode()))


@dataclass
class _Watcher:
    name: str
    key: str
    address: str
    heard: float

    def info(self) -> ListedWatcher:
        return ListedWatcher(self.name, self.key, self.address)


class WatchGate:
    """Who may watch the game: the host's lobby socket after the game begins."""

    def __init__(
        self,
        server: LobbyServer,
        code: str,
        genesis: bytes,
        *,
        admission: str,
        players: Sequence[dict[str, Any]],
        protocol: str = PROTOCOL,
        silence: float = WATCHER_SILENCE,
        resumed: bool = False,
        bots: frozenset[int] | None = None,
    ) -> None:
        if admission not in ADMISSIONS:
            raise UsageError(f"admission is one of {', '.join(ADMISSIONS)}")
        self.server = server
        self.code = normalise_code(code)
        self.genesis = genesis
        self.admission = admission
        self.protocol = protocol
        self.silence = silence
        # The host's seat resumed: it lists nobody, and every seat is told so at once.
        self.resumed = resumed
        # The seats the lobby was told a program plays (None: not known): a watcher
        # cannot tell them from the log, and words them as bots.
        self.bots = bots
        self._player_names = {p["name"].casefold() for p in players}
        self._player_keys = {p["curve_key"] for p in players}
        self.watching: list[_Watcher] = []
        self.waiting: list[_Watcher] = []
        self._barred: set[str] = set()  # keys the host refused
        self._listeners: list[Callable[[], None]] = []
        self._task: asyncio.Task[None] | None = None
        self.failure: BaseException | None = None  # why the gate stopped serving, if it did
        self._told: tuple[str, ...] = ()  # the names the watchers were last sent
        # The latest change and whom it is about (None: nothing has happened yet).
        self.news: GateNews | None = None
        self.news_who = ""

    # --- what the host's seat reads ---------------------------------------------------

    def listed(self) -> tuple[ListedWatcher, ...]:
        """Who watches now (the list every seat is sent)."""
        return tuple(w.info() for w in self.watching)

    def requests(self) -> tuple[WatchRequest, ...]:
        """Who asks to watch and waits for the host, oldest first."""
        return tuple(WatchRequest(w.name, key_fingerprint(w.key), w.key) for w in self.waiting)

    def subscribe(self, callback: Callable[[], None]) -> None:
        """``callback()`` whenever the watchers or the requests change."""
        self._listeners.append(callback)

    # --- the host's decisions -----------------------------------------------------------

    def admit(self, key: str) -> None:
        """Let the waiting request of ``key`` watch; ``UsageError`` says why not."""
        waiter = self._waiting(key)
        if len(self.watching) >= MAX_WATCHERS:
            raise UsageError(f"{MAX_WATCHERS} watch this game already")
        self.waiting.remove(waiter)
        self._admit(waiter)
        self._changed(admitted=key)

    def refuse(self, key: str) -> None:
        """Turn the waiting request of ``key`` away (it may not ask again)."""
        waiter = self._waiting(key)
        self.waiting.remove(waiter)
        self._barred.add(key)
        self._tell(GateNews.REFUSED, waiter.name)
        self.server.push(key, refused("the host did not let you watch",
                                      GateRefusalKind.NOT_LET_WATCH))
        self._changed()

    def _waiting(self, key: str) -> _Watcher:
        waiter = next((w for w in self.waiting if w.key == key), None)
        if waiter is None:
            raise UsageError("nobody of that key asks to watch")
        return waiter

    # --- running ------------------------------------------------------------------------

    def start(self) -> None:
        """Serve requests on the current loop until :meth:`close`."""
        self._task = asyncio.get_running_loop().create_task(self._serve(), name="watch-gate")
        self._task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """A gate that stops on an error says so at once (not only when the game ends):
        logged, kept in ``failure``, and told to the listeners."""
        if task.cancelled() or task.exception() is None:
            return
        self.failure = task.exception()
        _log.error("the watch gate stopped: no watcher is admitted any more",
                   exc_info=self.failure)
        self._tell_listeners()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            # A failure of its own was told when it happened (``failure``), not again here.
            await asyncio.gather(self._task, return_exceptions=True)
        bye = encode({"type": "bye", "reason": "the game is over",
                      "kind": ByeKind.GAME_OVER.value})
        for watcher in self.watching + self.waiting:
            self.server.push(watcher.key, bye)
        await self.server.close(linger=0.2 if self.watching or self.waiting else 0.0)

    async def _serve(self) -> None:
        while True:
            try:
                message = await self.server.recv(timeout=_SWEEP_EVERY)
            except TimeoutError:
                message = None
            except LobbyClosed:
                return
            # Neither one bad request nor a listener that fails may close the gate.
            try:
                if message is not None:
                    self._on_message(message)
                self._sweep()
            except Exception:
                _log.exception("watch gate: error while handling a request or a silence")

    def _on_message(self, message: LobbyMessage) -> None:
        known = self._known(message.client)
        if known is not None:
            known.heard = time.monotonic()
        try:
            body = decode_lobby(message.payload, expect=_FROM_WATCHER, games=RULES)
        except DecodeError as exc:
            self.server.reply(message, refused(str(exc), RefusalKind.UNREADABLE))
            return
        if isinstance(body, Watch):
            self.server.reply(message, self._on_watch(body, message))
        elif isinstance(body, Ping):
            self.server.reply(message, self._on_ping(message.client))
        elif isinstance(body, Bye):
            self._drop(message.client, GateNews.LEFT)
        elif isinstance(body, Hello):
            self.server.reply(message, refused("the game has begun: ask to watch it instead",
                                               GateRefusalKind.BEGUN))
        else:
            self.server.reply(message, refused("the game has begun", GateRefusalKind.BEGUN))

    def _on_ping(self, key: str) -> bytes:
        """``ok`` to a listed watcher; any other is told to ask again (and the host decides
        again: a watcher dropped after a silence is not listed any more)."""
        if any(w.key == key for w in self.watching):
            return OK
        if any(w.key == key for w in self.waiting):
            return _HOST_DECIDES
        return refused(NOT_WATCHING, GateRefusalKind.NOT_WATCHING)

    def _on_watch(self, watch: Watch, message: LobbyMessage) -> bytes:
        """The answer to a request to watch."""
        try:
            if normalise_code(watch.code) != self.code:
                return refused("wrong invite code", RefusalKind.WRONG_CODE)
        except UsageError:
            return refused("wrong invite code", RefusalKind.WRONG_CODE)
        if watch.protocol != self.protocol:
            return refused(other_version(self.protocol, watch.protocol),
                           RefusalKind.OTHER_VERSION)
        if watch.curve_key != message.client:
            return refused("the watcher's key is not the connection's key",
                           RefusalKind.KEY_MISMATCH)
        key = message.client
        if key in self._player_keys:
            return refused("a player of this game cannot watch it", GateRefusalKind.PLAYER_KEY)
        if any(w.key == key for w in self.watching):
            return self._admitted()  # a repeated request
        if any(w.key == key for w in self.waiting):
            return _HOST_DECIDES
        if key in self._barred:
            return refused("the host did not let you watch", GateRefusalKind.NOT_LET_WATCH)
        if self.admission == "none":
            return refused("this host admits no watchers", GateRefusalKind.NO_WATCHERS)
        if len(self.watching) >= MAX_WATCHERS:
            return refused(f"{MAX_WATCHERS} watch this game already: try later",
                           GateRefusalKind.WATCHERS_FULL)
        taken = self._player_names | {w.name.casefold() for w in self.watching + self.waiting}
        if watch.name.casefold() in taken:
            return refused(f"the name {watch.name!r} is taken at this table: choose another",
                           RefusalKind.NAME_TAKEN)
        try:
            address = listed_address(message.address, watch.port)
        except DecodeError as exc:
            return refused(str(exc), RefusalKind.BAD_ADDRESS)
        watcher = _Watcher(watch.name, key, address, time.monotonic())
        if self.admission == "all":
            self._admit(watcher)
            self._changed()
            return self._admitted()
        if len(self.waiting) >= MAX_WAITING:
            return refused("too many are waiting for the host: try later",
                           GateRefusalKind.TOO_MANY_ASKING)
        self.waiting.append(watcher)
        self._tell(GateNews.ASKS, watcher.name)
        self._changed()
        return _HOST_DECIDES

    def _admit(self, watcher: _Watcher) -> None:
        self.watching.append(watcher)
        self._tell(GateNews.WATCHES, watcher.name)

    def _admitted(self) -> bytes:
        answer: dict[str, Any] = {"type": "admitted", "genesis": self.genesis.decode(),
                                  "watchers": [w.name for w in self.watching]}
        if self.bots is not None:
            answer["bots"] = sorted(self.bots)
        return encode(answer)

    def _known(self, key: str) -> _Watcher | None:
        return next((w for w in self.watching + self.waiting if w.key == key), None)

    def _drop(self, key: str, why: GateNews) -> None:
        gone = self._known(key)
        if gone is None:
            return
        (self.watching if gone in self.watching else self.waiting).remove(gone)
        self._tell(why, gone.name)
        self._changed()

    def _tell(self, news: GateNews, who: str) -> None:
        self.news, self.news_who = news, who

    def _sweep(self) -> None:
        limit = time.monotonic() - self.silence
        for watcher in [w for w in self.watching + self.waiting if w.heard < limit]:
            self._drop(watcher.key, GateNews.GONE)

    def _changed(self, *, admitted: str | None = None) -> None:
        """Tell the listeners; push ``admitted`` (with who watches) to every watcher when
        the names changed, else to the one the host just ``admitted`` alone."""
        names = tuple(w.name for w in self.watching)
        told = [w.key for w in self.watching] if names != self._told else []
        if admitted is not None and admitted not in told:
            told.append(admitted)
        self._told = names
        update = self._admitted()
        for key in told:
            self.server.push(key, update)
        self._tell_listeners()

    def _tell_listeners(self) -> None:
        for callback in list(self._listeners):
            try:
                callback()
            except Exception:  # one listener's failure neither stops the others nor the gate
                _log.exception("watch gate: a listener failed")


_HOST_DECIDES = encode({"type": "wait", "reason": "the host decides who watches",
                       "kind": WaitKind.HOST_DECIDES.value})
