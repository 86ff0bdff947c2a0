"""The joiner's side of the lobby (``node.lobby`` is the host's, and says how it goes).

A joiner says hello, is seated at once or waits for the host to admit it, then
waits for the terms, saying it is there (``ping``) every ``LobbyTimers.ping``
seconds; the host's answers tell it the host is there too. A host not heard for
the silence limit, a ``bye``, or a ``refused`` push (removed, not admitted) ends
the lobby with ``LobbyError`` and the reason. ``JoinLobby`` is the asyncio driver of
the sans-I/O ``lobby_join_machine`` (which decides): it moves the host's messages and
the clock in, and carries the machine's events out.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wizard_p2p.errors import DecodeError, Said, WizardError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, LobbyClient, LobbyRefused, LobbyTimeout, NetConfig
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.lobby_common import (
    GOODBYE_LINGER,
    GameStart,
    LobbyError,
    LobbyTimers,
    Seated,
    TableFull,
    check_own_name,
    encode,
    lobby_keys,
    refusal_said,
    save_people,
)
from wizard_p2p.node.lobby_join_machine import (
    AGAIN_RETRY,
    CalledOff,
    Ended,
    EndorseTerms,
    FromHost,
    HelloAgain,
    HelloFailed,
    JoinEvent,
    JoinInput,
    JoinMachine,
    Leave,
    Lost,
    NewsChanged,
    SayBye,
    SendPing,
    Started,
    TableChanged,
    Tick,
    Unreadable,
)
from wizard_p2p.node.lobby_news import LobbyNews, LobbyStatus, news_text
from wizard_p2p.node.lobby_stage import JoinStage
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.ports import release_port, reserve_port
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import coin_commitment, endorse
from wizard_p2p.protocol.lobby_schema import DeckFault, DeckPart, RefusalKind, decode_lobby
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tables import RULES

__all__ = ["AGAIN_RETRY", "JoinLobby"]


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
    protocol: str = PROTOCOL  # the version this client plays (SPEC §9: hello, welcome)
    # The game this player means to play; a 巫师牌 player's deck's public part (checked
    # whole by the caller before joining: this module knows no deck rule), and how a
    # deck rule the host says it breaks is worded (the caller holds the card file).
    game: GameName = GameName.WIZARD
    deck: DeckPart | None = None
    word_fault: Callable[[DeckFault], Said] | None = None
    _machine: JoinMachine | None = None
    _client: LobbyClient | None = None
    _callbacks: list[Callable[[], None]] = field(default_factory=list)
    _master: bytes = b""
    _store: GameStore | None = None  # the game the terms name, once endorsed
    _record: SeatRecord | None = None
    _start: GameStart | None = None

    # --- what the machine holds, for the console and the commands ----------------------

    @property
    def players(self) -> list[Seated]:
        return list(self._machine.players) if self._machine is not None else []

    @property
    def seat(self) -> int | None:
        return self._machine.seat if self._machine is not None else None

    @property
    def seats(self) -> int:
        return self._machine.seats if self._machine is not None else 0

    @property
    def variants(self) -> tuple[str, ...]:
        """What the host says it will play; the terms each player endorses are what count."""
        return self._machine.variants if self._machine is not None else ()

    @property
    def coach(self) -> bool:
        """The host says its terms let the players ask the coach."""
        return self._machine is not None and self._machine.coach

    @property
    def news(self) -> LobbyStatus:
        if self._machine is None:
            return LobbyStatus(LobbyNews.CONNECTING)
        return self._machine.news

    @property
    def stage(self) -> JoinStage:
        return self._machine.stage if self._machine is not None else JoinStage.CONNECTING

    @property
    def status(self) -> str:
        """The latest news in English (a headless seat's lines; consoles word ``news``)."""
        return news_text(self.news)

    @property
    def _handed_over(self) -> bool:
        """The game started: its mesh port is the peer's to release."""
        return self.stage is JoinStage.STARTED

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    # --- the loop ---------------------------------------------------------------------

    async def join(self, *, timeout: float | None = None) -> GameStart:
        """Say hello, wait to be seated and for the host to start, endorse, and return
        the game's start; ``LobbyError`` says why not (refused, removed, the host left)."""
        self.name = check_own_name(self.name)
        code = normalise_code(self.code)
        if self.mesh_port is None:
            # Held until the game's mesh binds it (GamePeer.start), maybe minutes later.
            self.mesh_port = reserve_port(self.listen_host or "0.0.0.0")
        self._master = os.urandom(32)
        me = Seated(self.name, self.identity.public_key, self.curve_keys.public, "",
                    coin_commitment(self._master), bot=self.bot)
        hello: dict[str, Any] = {"type": "hello", "code": code, "protocol": self.protocol,
                                 "port": self.mesh_port, "player": me.to_json()}
        if self.game is not GameName.WIZARD:  # Wizard's hello says none, as older ones
            hello["game"] = self.game.value
        if self.deck is not None:
            hello["deck"] = self.deck.to_json()
        machine = self._machine = JoinMachine(
            self.identity.public_key, me.coin_commit, self.mesh_port,
            f"{self.host}:{self.port}", protocol=self.protocol, timers=self.timers,
            again_until=self.again_until, game=self.game,
        )
        self._notify()
        while machine.stage is JoinStage.CONNECTING:
            await self._carry_out(machine.handle(await self._hello(code, hello, timeout),
                                                 time.monotonic()))
        while self._start is None:
            await self._carry_out(machine.handle(await self._next(), time.monotonic()))
        return self._start

    async def _hello(self, code: str, hello: dict[str, Any], timeout: float | None) -> JoinInput:
        """Say hello on a new connection; the host's answer, or why there is none."""
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
            return HelloFailed(
                f"the lobby at {self.host}:{self.port} refused us: check the invite code "
                f"{code} (a lobby also closes once its game has started)",
                Said("lobby_ended_wrong_code", address=f"{self.host}:{self.port}", code=code),
            )
        except LobbyTimeout:
            return HelloFailed(f"no Wizard lobby answers at {self.host}:{self.port}",
                               Said("lobby_ended_no_answer", address=f"{self.host}:{self.port}"))
        self._client.last_heard = time.monotonic()
        return self._decoded(raw)

    def _decoded(self, raw: bytes) -> FromHost | Unreadable:
        """A message of the host's, read by the schema as one the machine expects now."""
        assert self._machine is not None
        try:
            return FromHost(decode_lobby(raw, expect=(*self._machine.expecting,
                                                      "refused", "bye"), games=RULES))
        except DecodeError as exc:
            return Unreadable(str(exc))

    async def _next(self) -> JoinInput:
        """The host's next push, saying we are here meanwhile (the machine's ticks decide
        when to ping, and when the host is gone)."""
        client, machine = self._client, self._machine
        assert client is not None and machine is not None
        while True:
            await self._carry_out(machine.handle(Tick(client.last_heard), time.monotonic()))
            try:
                raw = await client.recv(timeout=self.timers.ping)
            except TimeoutError:
                continue
            return self._decoded(raw)

    async def _carry_out(self, events: list[JoinEvent]) -> None:
        """Do what the machine said, in order; then tell the subscribers once."""
        changed = False
        for event in events:
            match event:
                case HelloAgain(delay=delay):
                    await asyncio.sleep(delay)  # the host's next lobby is not open yet
                case SendPing():
                    assert self._client is not None
                    self._client.send(encode({"type": "ping"}))  # answered: last_heard moves
                case EndorseTerms():
                    await self._endorse(event)
                case SayBye():
                    pass  # ``close`` says it, as it closes the connection
                case TableChanged() | NewsChanged():
                    changed = True
                case CalledOff():
                    if self._store is not None:
                        shutil.rmtree(self._store.path, ignore_errors=True)  # never began
                    self._store = self._record = None
                case Started(entry=entry, people=people):
                    assert self._store is not None and self._record is not None
                    save_people(self._store, people)
                    self._start = GameStart(entry, self._store, self._record, people)
                case Ended(reason=reason, kind=kind, said=said, deck=deck, game=game):
                    if changed:
                        self._notify()
                    error = (TableFull if kind is RefusalKind.TABLE_FULL else LobbyError)(reason)
                    if kind is not None:  # a kind this client knows: worded in its language
                        rule = (self.word_fault(deck) if deck is not None
                                and self.word_fault is not None else None)
                        error.said = refusal_said(kind, name=self.name, protocol=self.protocol,
                                                  game=self.game, table_game=game, rule=rule)
                    elif said is not None:  # an ending of our own, worded the same way
                        error.said = said
                    raise error
        if changed:
            self._notify()

    async def _endorse(self, asked: EndorseTerms) -> None:
        """Keep the seat's record, endorse the terms, and feed the host's answer back."""
        client, machine = self._client, self._machine
        assert client is not None and machine is not None
        game_dir = asked.terms["nonce"].hex()[:16]
        store = GameStore(self.data_dir, game_dir)
        record = SeatRecord(game_dir, asked.seat, self.name, self._master, self.listen_host,
                            asked.port, self.host)
        store.save_seat(record)  # before endorsing: the coin commitment derives from it
        self._store, self._record = store, record
        signature = endorse(self.identity, asked.terms)
        answer: JoinInput
        try:
            answer = self._decoded(await client.request(
                encode({"type": "endorse", "signature": signature.hex()})))
        except LobbyTimeout:
            answer = Lost("the host did not take our endorsement",
                          Said("lobby_ended_endorsement_lost"))
        await self._carry_out(machine.handle(answer, time.monotonic()))

    async def close(self) -> None:
        linger = 0.0
        events = self._machine.handle(Leave(), time.monotonic()) if self._machine else []
        if self._client is not None and SayBye() in events:
            try:
                self._client.send(encode({"type": "bye"}))
                linger = GOODBYE_LINGER
            except WizardError:
                pass  # the lobby is gone already
        if self._client is not None:
            await self._client.close(linger=linger)
        if not self._handed_over and self.mesh_port is not None:
            release_port(self.mesh_port)  # no game: nobody else will
