"""The lobby: seating players before a game, and the genesis they all endorse.

The host opens a ``LobbyServer`` whose CURVE key derives from a short invite
code (so the code is all a joiner needs besides the address, and nobody without
it can even complete a handshake). Joiners say hello with their name, keys,
listening port and coin commitment; the host seats them (or, with ``approve``,
lists them until the host admits or refuses each) and pushes the seat list to
everyone. When the host starts, it sends the terms; every player stores its
master secret (``seat.json``) and then endorses the terms; the host assembles
the genesis and pushes it, and the lobby closes to all but the seated.

The lobby is a lifecycle, not a funnel: a joiner that leaves (``bye``) or goes
silent frees its seat, the host may remove a seated player, a start that a
player does not endorse in time is called off (the others are told by a new
seat list), and a host that leaves says ``bye`` to everyone. Every message is
read by ``protocol.lobby_schema`` first; anything it refuses is answered with
the reason, to that client alone. The messages and the timeouts of each stage
are in protocol/SPEC.md §9. This module is the host's side; ``lobby_join`` the
joiner's.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import re
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wizard_p2p.errors import DecodeError, UsageError, WizardError
from wizard_p2p.identity import Identity, verify
from wizard_p2p.net import CurveKeys, LobbyMessage, LobbyServer, NetConfig, SenderDropped
from wizard_p2p.node.invite import (  # noqa: F401  (re-exported: the lobby's API)
    CODE_ALPHABET,
    DEFAULT_PORT,
    lan_addresses,
    new_invite_code,
    normalise_code,
)
from wizard_p2p.node.lobby_common import (
    GOODBYE_LINGER,
    NOT_SEATED,
    OK,
    GameStart,
    LobbyError,
    LobbyTimers,
    Seated,
    check_own_name,
    dropped_who,
    encode,
    load_people,
    lobby_keys,
    other_version,
    refused,
    save_people,
)
from wizard_p2p.node.lobby_join import JoinLobby
from wizard_p2p.node.lobby_news import LobbyNews, LobbyStatus, news_text
from wizard_p2p.node.lobby_stage import HostStage, HostStep, advance
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.ports import release_port, reserve_port
from wizard_p2p.protocol.genesis import (
    SeriesTerms,
    coin_commitment,
    encode_genesis,
    endorse,
    genesis_terms,
)
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    Endorse,
    Hello,
    LobbyPlayer,
    Ping,
    Watch,
    decode_lobby,
    joiner_address,
)
from wizard_p2p.protocol.messages import GENESIS_DOMAIN, PROTOCOL, genesis_terms_bytes
from wizard_p2p.rules import MIN_SEATS, GameConfig

# Joiners the host lists at once while it admits them one by one: a stranger with
# the code can make the list no longer than this, and takes no seat.
MAX_WAITING = 8
_FROM_JOINER = ("hello", "ping", "bye", "endorse", "watch")
# Why a second hello of a seated (or waiting) player's keys is refused.
SAME_IDENTITY = (
    "this identity is seated already: another wizard-p2p runs with the same keys "
    "(give each player its own --data-dir)"
)
# The answer to a request to watch before the game begins: the watcher asks again.
_NOT_BEGUN = encode({"type": "wait", "reason": "the game has not begun"})


def _name_order(name: str) -> tuple[tuple[int, int | str], ...]:
    """A name's sort key with its numbers read as numbers: "Bot 2" before "Bot 10"."""
    return tuple((0, int(part)) if part.isdigit() else (1, part.casefold())
                 for part in re.split(r"(\d+)", name) if part)


def _people(players: list[Seated]) -> frozenset[int]:
    return frozenset(seat for seat, p in enumerate(players) if not p.bot)


@dataclass
class HostLobby:
    """The host's side of the lobby."""

    identity: Identity
    curve_keys: CurveKeys
    name: str
    config: GameConfig
    data_dir: Any
    listen_host: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    mesh_port: int | None = None
    net_config: NetConfig | None = None
    code: str = field(default_factory=new_invite_code)
    approve: bool = False  # joiners wait until the host admits each (admit/refuse)
    bot: bool = False  # the host's own seat is played by a program
    coach: bool = False  # the terms let the players ask the coach (shown to every joiner)
    timers: LobbyTimers = field(default_factory=LobbyTimers)
    players: list[Seated] = field(default_factory=list)
    waiting: list[Seated] = field(default_factory=list)  # for the host to admit or refuse
    news: LobbyStatus = field(default_factory=lambda: LobbyStatus(LobbyNews.OPEN))
    protocol: str = PROTOCOL  # the version this table plays (SPEC §9: hello, welcome)
    # The lobby socket stays open to every key once the game begins, for the watch gate
    # (node.watch_gate) to take over with ``hand_over_socket``.
    gate: bool = False
    # The next game of a series (SPEC §3.4): its terms (the first dealer is taken modulo
    # the seats at the start), and the last game's players by signing key, in seat order:
    # those who sit again keep that order.
    series: SeriesTerms | None = None
    seat_order: tuple[bytes, ...] = ()
    _server: LobbyServer | None = None
    _master: bytes = b""
    _callbacks: list[Callable[[], None]] = field(default_factory=list)
    stage: HostStage = HostStage.SEATING  # node.lobby_stage's table says what may follow
    _started: asyncio.Event = field(default_factory=asyncio.Event)  # wakes the seating loop
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _heard: dict[str, float] = field(default_factory=dict)  # seated/waiting client → when
    # Signing keys removed or refused: such a player may ask again, and waits for the
    # host to admit it even where the others sit at once.
    _barred: set[bytes] = field(default_factory=set)

    async def open(self) -> None:
        self.name = check_own_name(self.name)
        self._server = LobbyServer(
            lobby_keys(self.code), host=self.listen_host, port=self.port, config=self.net_config
        )
        await self._server.start()
        self._server.on_dropped(self._sender_dropped)
        random_port = self.port == 0
        self.port = self._server.port
        if self.mesh_port is None and random_port:
            # The port after a random one may well be taken: ask for a free one instead.
            self.mesh_port = reserve_port(self.listen_host or "0.0.0.0")
        elif self.mesh_port is None:
            self.mesh_port = self.port + 1 if self.port != DEFAULT_PORT - 1 else self.port - 1
        self._master = os.urandom(32)
        self.players = [
            Seated(
                self.name,
                self.identity.public_key,
                self.curve_keys.public,
                f":{self.mesh_port}",
                coin_commitment(self._master),
                bot=self.bot,
            )
        ]
        self.news = LobbyStatus(LobbyNews.OPEN)

    @property
    def status(self) -> str:
        """The latest news in English (a headless host's lines; consoles word ``news``)."""
        return news_text(self.news)

    @property
    def addresses(self) -> list[str]:
        hosts = lan_addresses() if self.listen_host in ("0.0.0.0", "") else [self.listen_host]
        return [f"{h}:{self.port}" for h in hosts] or [f"127.0.0.1:{self.port}"]

    @property
    def starting(self) -> bool:
        """The terms are out for endorsement (until the genesis, or the start is called off)."""
        return self.stage is not HostStage.SEATING

    @property
    def _handed_over(self) -> bool:
        """The game started: its mesh port (and a gate's socket) are the peer's."""
        return self.stage is HostStage.STARTED

    def start_refusal(self) -> str | None:
        """Why the host cannot start now, or None."""
        seated = len(self.players)
        if self._handed_over:
            return "the game has started"
        if self.starting:
            return "the game is starting"
        if seated < MIN_SEATS:
            return f"a game needs at least {MIN_SEATS} players: {seated} seated"
        return None

    @property
    def can_start(self) -> bool:
        return self.start_refusal() is None

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        self._changed.set()
        for callback in list(self._callbacks):
            callback()

    async def serve(self, *, autostart: bool = False) -> GameStart:
        """Seat joiners until the host starts (or, with ``autostart``, the table is full)
        and every seated player endorses the terms."""
        while True:
            await self._seat_players(autostart)
            start = await self._start_game()
            if start is not None:
                return start

    async def _seat_players(self, autostart: bool) -> None:
        server = self._server
        assert server is not None
        while True:
            if autostart and len(self.players) == self.config.seats:
                return
            recv = asyncio.ensure_future(server.recv(timeout=self.timers.ping))
            start = asyncio.ensure_future(self._started.wait())
            try:
                await asyncio.wait({recv, start}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                recv.cancel()  # no-op once done: a message it holds is handled below
                start.cancel()
            if recv.done() and not recv.cancelled():
                try:
                    message: LobbyMessage | None = recv.result()
                except TimeoutError:
                    message = None
                if message is not None:
                    self._on_lobby_message(message)
            if start.done() and not start.cancelled():
                return
            self._sweep()

    @property
    def variants_open(self) -> bool:
        """Whether the host may still switch variants (the game has not started)."""
        return self.stage is HostStage.SEATING

    def set_variants(self, variants: list[str] | tuple[str, ...]) -> None:
        """Switch the game's variants before it starts (the host, from the console).

        Raises ``ConfigError`` (a ``UsageError``) for a mix the rules refuse, and
        changes nothing then; the seated players are told the new variants.
        """
        if not self.variants_open:
            raise UsageError("the game has started: its variants are fixed")
        self.config = GameConfig.with_variants(self.config.seats, list(variants))
        if self._server is not None:
            self._push_players()
        self._notify()

    def start(self) -> None:
        """Ask to start the game with the players seated (from the console)."""
        refusal = self.start_refusal()
        if refusal is not None:
            raise UsageError(refusal)
        self.stage = advance(self.stage, HostStep.ASK_START)
        self._started.set()
        self._notify()

    # --- the host's decisions ---------------------------------------------------------

    def admit(self, client: str) -> None:
        """Seat the waiting joiner of lobby key ``client`` (``approve``); ``UsageError``
        says why not."""
        joiner = next((p for p in self.waiting if p.client == client), None)
        if joiner is None:
            raise UsageError("nobody of that key is waiting")
        if self.starting:
            raise UsageError("the game is starting")
        if len(self.players) >= self.config.seats:
            raise UsageError("the table is full: remove a player first")
        self.waiting.remove(joiner)
        self._barred.discard(joiner.sign_key)
        self.players.append(joiner)
        self.news = LobbyStatus(LobbyNews.JOINED, joiner.name)
        assert self._server is not None and client is not None
        self._server.push(client, self._welcome(len(self.players) - 1))
        self._push_players()
        self._notify()

    def refuse(self, client: str) -> None:
        """Turn the waiting joiner of lobby key ``client`` away (``approve``)."""
        joiner = next((p for p in self.waiting if p.client == client), None)
        if joiner is None:
            raise UsageError("nobody of that key is waiting")
        self.waiting.remove(joiner)
        self._barred.add(joiner.sign_key)
        self._heard.pop(client, None)
        self.news = LobbyStatus(LobbyNews.NOT_ADMITTED, joiner.name)
        assert self._server is not None
        self._server.push(client, refused("the host did not admit you to the table"))
        self._notify()

    def remove(self, seat: int) -> None:
        """Take the player at ``seat`` (0-based) off the table; it is told, and may ask
        to sit again (the host then admits or refuses it)."""
        if self.starting:
            raise UsageError("the game is starting")
        if seat == 0:
            raise UsageError("the host's own seat cannot be removed: q leaves the lobby")
        if not 0 < seat < len(self.players):
            raise UsageError(f"there is no player at seat {seat + 1}")
        player = self.players.pop(seat)
        self._barred.add(player.sign_key)
        assert self._server is not None and player.client is not None
        self._heard.pop(player.client, None)
        self._server.push(player.client, refused("the host removed you from the table"))
        self.news = LobbyStatus(LobbyNews.REMOVED, player.name)
        self._push_players()
        self._notify()

    # --- messages ---------------------------------------------------------------------

    def _on_lobby_message(self, message: LobbyMessage) -> None:
        server = self._server
        assert server is not None
        if message.client in self._heard:
            self._heard[message.client] = time.monotonic()
        try:
            body = decode_lobby(message.payload, expect=_FROM_JOINER)
        except DecodeError as exc:
            server.reply(message, refused(str(exc)))
            return
        if isinstance(body, Hello):
            reply, changed = self._hello(body, message)
            server.reply(message, reply)
            if changed:
                self._push_players()
                self._notify()
        elif isinstance(body, Ping):
            # A ping from nobody seated or waiting: its place is gone without its knowing
            # (another program of its keys left): it is told, not kept on a stale screen.
            # A ping's answer is not read as news: the refusal is pushed.
            held = any(p.client == message.client for p in self.players + self.waiting)
            server.reply(message, OK if held else refused(NOT_SEATED))
            if not held:
                server.push(message.client, refused(NOT_SEATED))
        elif isinstance(body, Bye):
            self._leave(message.client, LobbyNews.LEFT)
        elif isinstance(body, Watch):
            server.reply(message, _NOT_BEGUN)
        else:
            server.reply(message, refused("there are no terms to endorse yet"))

    def _hello(self, hello: Hello, message: LobbyMessage) -> tuple[bytes, bool]:
        """The answer to a hello, and whether the table changed."""
        try:
            if normalise_code(hello.code) != self.code:
                return refused("wrong invite code"), False
        except UsageError:
            return refused("wrong invite code"), False
        # A joiner older than the field says nothing; the terms' check catches it.
        if hello.protocol is not None and hello.protocol != self.protocol:
            return refused(other_version(self.protocol, hello.protocol)), False
        player = hello.player
        if player.curve_key != message.client:
            return refused("the player's key is not the connection's key"), False
        seat = next((s for s, p in enumerate(self.players) if p.client == message.client), None)
        held = self.players[seat] if seat is not None else next(
            (p for p in self.waiting if p.client == message.client), None)
        if held is not None and held.coin_commit != player.coin_commit:
            # The same keys from another program (one data dir, two processes): its
            # hello is not the one that holds the place.
            return refused(SAME_IDENTITY), False
        if seat is not None:
            return self._welcome(seat), False  # a repeated hello
        if held is not None:
            return self._wait(), False
        refusal = self._refusal(player)
        if refusal is not None:
            return refused(refusal), False
        try:
            address = joiner_address(message.address, hello.port)
        except DecodeError as exc:
            return refused(str(exc)), False
        joiner = Seated.from_lobby(player, message.client)
        joiner.address = address
        again = player.sign_key in self._barred
        if self.approve or again:
            # A player the host refused or removed may ask again: the host decides.
            if len(self.waiting) >= MAX_WAITING:
                return refused("too many players are waiting for the host: try later"), False
            self.waiting.append(joiner)
            self._heard[message.client] = time.monotonic()
            self.news = LobbyStatus(LobbyNews.ASKS_AGAIN if again else LobbyNews.ASKS,
                                    joiner.name)
            self._notify()
            return self._wait(), False
        self.players.append(joiner)
        self._heard[message.client] = time.monotonic()
        self.news = LobbyStatus(LobbyNews.JOINED, joiner.name)
        return self._welcome(len(self.players) - 1), True

    def _refusal(self, player: LobbyPlayer) -> str | None:
        """Why ``player`` cannot sit at this table now, or None."""
        if self.starting:
            return "the game is starting"
        everyone = self.players + self.waiting
        if any(p.sign_key == player.sign_key for p in everyone):
            return SAME_IDENTITY
        if any(p.name.casefold() == player.name.casefold() for p in everyone):
            return f"the name {player.name!r} is taken at this table: choose another (--name)"
        if len(self.players) >= self.config.seats:
            return "the table is full"
        return None

    def _welcome(self, seat: int) -> bytes:
        return encode({"type": "welcome", "seat": seat,
                        "players": [p.to_json() for p in self.players],
                        "variants": list(self.config.variants()), "protocol": self.protocol})

    def _wait(self) -> bytes:
        return encode({"type": "wait", "reason": "the host admits players one by one"})

    def _leave(self, client: str, why: LobbyNews) -> Seated | None:
        """Free the seat (or the waiting place) of ``client``; the player that left."""
        self._heard.pop(client, None)
        gone = next((p for p in self.players[1:] + self.waiting if p.client == client), None)
        if gone is None:
            return None
        if gone in self.waiting:
            self.waiting.remove(gone)
        else:
            self.players.remove(gone)
            self._push_players()
        self.news = LobbyStatus(why, gone.name)
        self._notify()
        return gone

    def _silent(self) -> list[Seated]:
        limit = time.monotonic() - self.timers.silence
        return [p for p in self.players[1:] + self.waiting
                if p.client is not None and self._heard.get(p.client, 0.0) < limit]

    def _sweep(self) -> None:
        """Free the seats of joiners not heard for the silence limit."""
        for player in self._silent():
            assert player.client is not None
            self._leave(player.client, LobbyNews.GONE)

    def _push_players(self) -> None:
        server = self._server
        assert server is not None
        payload = encode({"type": "players", "players": [p.to_json() for p in self.players],
                           "seats": self.config.seats,
                           "variants": list(self.config.variants()), "coach": self.coach})
        for p in self.players:
            if p.client is not None:
                server.push(p.client, payload)

    # --- the start --------------------------------------------------------------------

    async def _start_game(self) -> GameStart | None:
        """Terms out, endorsements in, genesis out; None if the start is called off."""
        server = self._server
        assert server is not None
        self.stage = advance(self.stage, HostStep.TERMS_OUT)
        # People sit before bots: the lowest other seat writes an abort (SPEC §6), so a
        # person is then that seat whenever a person other than the stalled one is seated.
        host, rest = self.players[0], self.players[1:]
        before = {key: seat for seat, key in enumerate(self.seat_order)}
        again = sorted((p for p in rest if p.sign_key in before), key=lambda p: before[p.sign_key])
        rest = [p for p in rest if p.sign_key not in before]
        # Bots sit in the order of their names (Bot 1, Bot 2, …), whatever order they came in.
        bots = sorted((p for p in rest if p.bot), key=lambda p: _name_order(p.name))
        self.players = [host, *again, *(p for p in rest if not p.bot), *bots]
        for joiner in self.waiting:
            assert joiner.client is not None
            server.push(joiner.client, refused("the game started without you"))
        self.waiting = []
        config = GameConfig.with_variants(len(self.players), list(self.config.variants()))
        self._push_players()
        nonce = os.urandom(32)
        series = None if self.series is None else dataclasses.replace(
            self.series, first_dealer=self.series.first_dealer % len(self.players))
        terms = genesis_terms(
            config, [p.record() for p in self.players], nonce, coach=self.coach, series=series
        )
        game_dir = nonce.hex()[:16]
        store = GameStore(self.data_dir, game_dir)
        record = SeatRecord(
            game_dir, 0, self.name, self._master, self.listen_host, self.mesh_port or 0,
            "127.0.0.1",
            # A resumed host opens its watch gate again with these (commands.networked).
            invite_code=self.code if self.gate else "", lobby_port=self.port if self.gate else 0,
        )
        store.save_seat(record)
        endorsements: dict[int, bytes] = {0: endorse(self.identity, terms)}
        # Canonical bytes encode byte strings as hex, so these are the bytes every
        # player endorses, and their JSON form is what the joiners are sent.
        signed = genesis_terms_bytes(terms)
        self.news = LobbyStatus(LobbyNews.ENDORSING)
        self._notify()
        clients = {p.client: s for s, p in enumerate(self.players) if p.client is not None}
        payload = encode({"type": "terms", "terms": json.loads(signed)})
        for client in clients:
            server.push(client, payload)
        deadline = time.monotonic() + self.timers.endorse
        while len(endorsements) < len(self.players):
            left = deadline - time.monotonic()
            if left <= 0:
                late = [p for s, p in enumerate(self.players) if s not in endorsements]
                self._call_off(store, late, LobbyNews.CALLED_OFF_LATE)
                return None
            try:
                message = await server.recv(timeout=min(left, self.timers.ping))
            except TimeoutError:
                message = None
            if message is not None:
                gone = self._while_starting(message, clients, signed, endorsements)
                if gone is not None:
                    self._call_off(store, [gone], LobbyNews.CALLED_OFF_LEFT)
                    return None
            silent = self._silent()
            if silent:
                self._call_off(store, silent, LobbyNews.CALLED_OFF_GONE)
                return None
        genesis = encode_genesis(
            self.identity, terms, [endorsements[s] for s in range(len(self.players))]
        )
        if not self.gate:
            server.restrict(list(clients))
        payload = encode({"type": "genesis", "entry": genesis.decode()})
        for client in clients:
            server.push(client, payload)
        self.news = LobbyStatus(LobbyNews.STARTED)
        self.stage = advance(self.stage, HostStep.GENESIS)
        self._notify()
        people = _people(self.players)
        save_people(store, people)
        return GameStart(genesis, store, record, people)

    def _while_starting(
        self,
        message: LobbyMessage,
        clients: dict[str, int],
        signed: bytes,
        endorsements: dict[int, bytes],
    ) -> Seated | None:
        """One message while the terms are out; the seated player that left, if one did."""
        server = self._server
        assert server is not None
        seat = clients.get(message.client)
        if seat is not None:
            self._heard[message.client] = time.monotonic()
        try:
            body = decode_lobby(message.payload, expect=_FROM_JOINER)
        except DecodeError as exc:
            server.reply(message, refused(str(exc)))
            return None
        if isinstance(body, Ping):
            server.reply(message, OK)
        elif isinstance(body, Bye) and seat is not None:
            return self.players[seat]
        elif isinstance(body, Hello):
            server.reply(message, refused("the game is starting"))
        elif isinstance(body, Watch):
            server.reply(message, _NOT_BEGUN)
        elif isinstance(body, Endorse):
            if seat is None:
                server.reply(message, refused("you are not seated at this table"))
                return None
            try:
                verify(self.players[seat].sign_key, GENESIS_DOMAIN, signed, body.signature)
            except WizardError:
                server.reply(message, refused("bad endorsement"))
                return None
            endorsements[seat] = body.signature
            server.reply(message, OK)
        return None

    def _call_off(self, store: GameStore, gone: list[Seated], why: LobbyNews) -> None:
        """The start fails: free the seats of ``gone``, tell the others by a new seat list
        (which a joiner waiting for the genesis reads as the start called off)."""
        names = ", ".join(p.name for p in gone)
        for player in gone:
            if player.client is not None:
                self._heard.pop(player.client, None)
                assert self._server is not None
                self._server.push(player.client, refused(news_text(LobbyStatus(why, names))))
        self.players = [self.players[0], *(p for p in self.players[1:] if p not in gone)]
        shutil.rmtree(store.path, ignore_errors=True)  # no game: no seat.json to resume
        self.stage = advance(self.stage, HostStep.CALL_OFF)
        self._started.clear()
        self.news = LobbyStatus(why, names)
        self._push_players()
        self._notify()

    def on_sender_dropped(self, callback: Callable[[SenderDropped], None]) -> None:
        """``callback(event)`` each time the lobby socket drops a client for flooding
        (also once the socket is the watch gate's)."""
        if self._server is None:
            raise UsageError("the lobby is not open")
        self._server.on_dropped(callback)

    def _sender_dropped(self, event: SenderDropped) -> None:
        self._heard.pop(event.client, None)
        self.news = LobbyStatus(LobbyNews.DROPPED, dropped_who(event))
        self._notify()

    def hand_over_socket(self) -> LobbyServer:
        """The lobby socket, for the watch gate once the game has begun: ``close`` then
        leaves it open."""
        if not (self._handed_over and self.gate) or self._server is None:
            raise UsageError("the lobby keeps its socket until its game begins with a gate")
        server, self._server = self._server, None
        return server

    async def close(self) -> None:
        linger = 0.0
        if self._server is not None and not self._handed_over:
            bye = encode({"type": "bye", "reason": "the host left the lobby"})
            for p in self.players[1:] + self.waiting:
                if p.client is not None and self._server.push(p.client, bye):
                    linger = GOODBYE_LINGER
        if self._server is not None:
            await self._server.close(linger=linger)
        if not self._handed_over and self.mesh_port is not None:
            release_port(self.mesh_port)  # no game: nobody else will


__all__ = [
    "DEFAULT_PORT",
    "MAX_WAITING",
    "GameStart",
    "HostLobby",
    "JoinLobby",
    "LobbyError",
    "LobbyTimers",
    "check_own_name",
    "load_people",
    "lobby_keys",
    "new_invite_code",
]
