"""The joiner's side of the lobby (``node.lobby`` is the host's, and says how it goes).

A joiner says hello, is seated at once or waits for the host to admit it, then
waits for the terms, saying it is there (``ping``) every ``LobbyTimers.ping``
seconds; the host's answers tell it the host is there too. A host not heard for
the silence limit, a ``bye``, or a ``refused`` push (removed, not admitted) ends
the lobby with ``LobbyError`` and the reason.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from wizard_p2p.errors import WizardError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, LobbyClient, LobbyRefused, LobbyTimeout, NetConfig
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.lobby_common import (
    GOODBYE_LINGER,
    NOT_SEATED,
    GameStart,
    LobbyError,
    LobbyTimers,
    Seated,
    check_own_name,
    encode,
    lobby_keys,
    other_version,
    read_from_host,
    save_people,
)
from wizard_p2p.node.lobby_news import LobbyNews, LobbyStatus, news_text
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.ports import release_port, reserve_port
from wizard_p2p.protocol.genesis import coin_commitment, endorse
from wizard_p2p.protocol.lobby_schema import (
    Genesis,
    LobbyBody,
    Players,
    Terms,
    Welcome,
)
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.rules import VARIANT_NAMES

# Seconds between the hellos of a player waiting for a series' next lobby to open.
AGAIN_RETRY = 0.5


@dataclass
class JoinLobby:
    """A joiner's side of the lobby."""

    identity: Identity
    curve_keys: CurveKeys
    name: str
    host: str
    port: int
    code: str
    data_dir: Any
    listen_host: str = "0.0.0.0"
    mesh_port: int | None = None
    net_config: NetConfig | None = None
    bot: bool = False  # this seat is played by a program (the hello says so)
    # The next game of a series: until this moment (``time.monotonic``) a lobby that is
    # not open yet, or still the last game's watch gate, is asked again.
    again_until: float | None = None
    timers: LobbyTimers = field(default_factory=LobbyTimers)
    players: list[Seated] = field(default_factory=list)
    seats: int = 0
    # What the host says it will play; the terms each player endorses are what count.
    variants: tuple[str, ...] = ()
    coach: bool = False  # the host says its terms let the players ask the coach
    protocol: str = PROTOCOL  # the version this client plays (SPEC §9: hello, welcome)
    _handed_over: bool = False  # the game started: its mesh port is the peer's to release
    seat: int | None = None
    news: LobbyStatus = field(default_factory=lambda: LobbyStatus(LobbyNews.CONNECTING))
    _client: LobbyClient | None = None
    _callbacks: list[Callable[[], None]] = field(default_factory=list)
    _last_ping: float = 0.0
    _greeted: bool = False  # the host answered our hello: it holds a seat or a place for us

    @property
    def status(self) -> str:
        """The latest news in English (a headless seat's lines; consoles word ``news``)."""
        return news_text(self.news)

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    async def join(self, *, timeout: float | None = None) -> GameStart:
        """Say hello, wait to be seated and for the host to start, endorse, and return
        the game's start; ``LobbyError`` says why not (refused, removed, the host left)."""
        self.name = check_own_name(self.name)
        code = normalise_code(self.code)
        if self.mesh_port is None:
            # Held until the game's mesh binds it (GamePeer.start), maybe minutes later.
            self.mesh_port = reserve_port(self.listen_host or "0.0.0.0")
        master = os.urandom(32)
        me = Seated(self.name, self.identity.public_key, self.curve_keys.public, "",
                    coin_commitment(master), bot=self.bot)
        hello = {"type": "hello", "code": code, "protocol": self.protocol,
                 "port": self.mesh_port, "player": me.to_json()}
        self.news = LobbyStatus(LobbyNews.CONNECTING, f"{self.host}:{self.port}")
        self._notify()
        while True:
            try:
                reply = await self._hello(code, hello, timeout)
                break
            except LobbyError:
                if self.again_until is None or time.monotonic() >= self.again_until:
                    raise
                await asyncio.sleep(AGAIN_RETRY)  # the host's next lobby is not open yet
        self._greeted = True
        if isinstance(reply, Welcome):
            self._seated(reply)
        else:
            self.news = LobbyStatus(LobbyNews.ADMISSION)
            self._notify()
        while True:
            body = await self._next(("players", "terms", "welcome"))
            if isinstance(body, Welcome):
                self._seated(body)
            elif isinstance(body, Players):
                self._update(body)
            elif isinstance(body, Terms):
                start = await self._endorse(body.terms, master)
                if start is not None:
                    return start

    async def _hello(self, code: str, hello: dict[str, Any], timeout: float | None) -> LobbyBody:
        """Say hello on a new connection; the host's answer (``LobbyError``: none, or a
        refusal)."""
        if self._client is not None:
            await self._client.close()
        host = f"[{self.host}]" if ":" in self.host else self.host
        self._client = LobbyClient(
            self.curve_keys, f"tcp://{host}:{self.port}", lobby_keys(code).public,
            config=self.net_config,
        )
        await self._client.start()
        try:
            raw = await self._client.request(
                encode(hello), timeout=(timeout or self.timers.hello) / 3
            )
        except LobbyRefused:
            # The lobby's key derives from the code: a wrong code fails the handshake.
            raise LobbyError(
                f"the lobby at {self.host}:{self.port} refused us: check the invite code "
                f"{code} (a lobby also closes once its game has started)"
            ) from None
        except LobbyTimeout:
            raise LobbyError(f"no Wizard lobby answers at {self.host}:{self.port}") from None
        self._client.last_heard = time.monotonic()
        return self._read(raw, ("welcome", "refused", "wait"))

    def _read(self, raw: bytes, expect: Collection[str]) -> LobbyBody:
        """A message from the host: refused, bye and unreadable ones end the lobby."""
        return read_from_host(raw, tuple(expect))

    async def _next(self, expect: Collection[str]) -> LobbyBody:
        """The host's next push, saying we are here meanwhile; ``LobbyError`` once the
        host has not been heard for the silence limit."""
        client = self._client
        assert client is not None
        while True:
            now = time.monotonic()
            if now - client.last_heard > self.timers.silence:
                raise LobbyError(
                    f"the host is gone: nothing heard from {self.host}:{self.port} for "
                    f"{self.timers.silence:g} seconds"
                )
            if now - self._last_ping >= self.timers.ping:
                self._last_ping = now
                client.send(encode({"type": "ping"}))  # answered: last_heard moves
            try:
                raw = await client.recv(timeout=self.timers.ping)
            except TimeoutError:
                continue
            return self._read(raw, expect)

    def _seated(self, welcome: Welcome) -> None:
        theirs = welcome.protocol or self.protocol  # a host older than the field: terms
        if theirs != self.protocol:
            raise LobbyError(other_version(theirs, self.protocol))
        self.seat = welcome.seat
        self.players = [Seated.from_lobby(p) for p in welcome.players]
        self.variants = tuple(v for v in VARIANT_NAMES if v in welcome.variants)
        self.news = LobbyStatus(LobbyNews.SEATED)
        self._notify()

    def _update(self, players: Players) -> None:
        self.players = [Seated.from_lobby(p) for p in players.players]
        self.seats = players.seats
        self.variants = tuple(v for v in VARIANT_NAMES if v in players.variants)
        self.coach = players.coach
        mine = [s for s, p in enumerate(self.players) if p.sign_key == self.identity.public_key]
        if not mine and self.seat is not None:
            # The host's list no longer seats us (another program of our keys left).
            raise LobbyError(f"the host refused: {NOT_SEATED}")
        self.seat = mine[0] if mine else self.seat
        self._notify()

    async def _endorse(self, terms: dict[str, Any], master: bytes) -> GameStart | None:
        """Endorse ``terms`` and wait for the genesis; None if the host calls the start off."""
        assert self._client is not None
        players = terms["players"]
        self.coach = terms.get("coach", False)  # what is endorsed is what counts
        seat = next(
            (i for i, p in enumerate(players) if p["sign_key"] == self.identity.public_key), None
        )
        port = players[seat]["address"].rpartition(":")[2] if seat is not None else ""
        if (
            seat is None
            or players[seat]["coin_commit"] != coin_commitment(master)
            or port != str(self.mesh_port)
        ):
            raise LobbyError("the host's terms do not seat us as we joined")
        game_dir = terms["nonce"].hex()[:16]
        store = GameStore(self.data_dir, game_dir)
        record = SeatRecord(game_dir, seat, self.name, master, self.listen_host,
                            int(port), self.host)
        store.save_seat(record)  # before endorsing: the coin commitment derives from it
        signature = endorse(self.identity, terms)
        try:
            raw = await self._client.request(
                encode({"type": "endorse", "signature": signature.hex()})
            )
        except LobbyTimeout:
            raise LobbyError("the host did not take our endorsement") from None
        self._read(raw, ("ok",))
        self.news = LobbyStatus(LobbyNews.GENESIS)
        self._notify()
        bots = {p.sign_key for p in self.players if p.bot}
        body = await self._next(("genesis", "players"))
        if isinstance(body, Players):
            shutil.rmtree(store.path, ignore_errors=True)  # that game never began
            self._update(body)
            self.news = LobbyStatus(LobbyNews.CALLED_OFF)
            self._notify()
            return None
        assert isinstance(body, Genesis)
        self._handed_over = True
        people = frozenset(s for s, p in enumerate(players) if p["sign_key"] not in bots)
        save_people(store, people)
        return GameStart(body.entry, store, record, people)

    async def close(self) -> None:
        linger = 0.0
        if self._client is not None and not self._handed_over and self._greeted:
            try:
                self._client.send(encode({"type": "bye"}))
                linger = GOODBYE_LINGER
            except WizardError:
                pass  # the lobby is gone already
        if self._client is not None:
            await self._client.close(linger=linger)
        if not self._handed_over and self.mesh_port is not None:
            release_port(self.mesh_port)  # no game: nobody else will
