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
are in protocol/SPEC.md §9. This module is the host's side, an asyncio driver of
the sans-I/O ``lobby_host_machine`` (which decides); ``lobby_join`` the joiner's.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from wizard_p2p.errors import DecodeError, UsageError
from wizard_p2p.identity import Identity
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
    GameStart,
    LobbyError,
    LobbyTimers,
    Seated,
    check_own_name,
    dropped_who,
    load_people,
    lobby_keys,
    refused,
    save_people,
)
from wizard_p2p.node.lobby_host_machine import (
    FROM_JOINER,
    MAX_WAITING,
    Admit,
    AskStart,
    CalledOff,
    Close,
    DeckDoor,
    Dropped,
    GenesisMade,
    HostEvent,
    HostInput,
    HostMachine,
    MakeTerms,
    Message,
    NewsChanged,
    Push,
    Refusal,
    Refuse,
    Remove,
    Reply,
    Restrict,
    SetVariants,
    SignGenesis,
    Started,
    TableChanged,
    TermsMade,
    Tick,
    Unreadable,
)
from wizard_p2p.node.lobby_join import JoinLobby
from wizard_p2p.node.lobby_news import LobbyNews, LobbyStatus, news_text
from wizard_p2p.node.lobby_stage import HostStage
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.ports import release_port, reserve_port
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import (
    SeriesTerms,
    coin_commitment,
    encode_genesis,
    endorse,
)
from wizard_p2p.protocol.lobby_schema import decode_lobby
from wizard_p2p.protocol.lobby_terms import LobbyTerms
from wizard_p2p.protocol.messages import PROTOCOL, genesis_terms_bytes
from wizard_p2p.tables import RULES


@dataclass
class HostLobby:
    """The host's side of the lobby: the asyncio driver of ``HostMachine``, which moves
    the socket's messages, the clock and the host's commands in, and carries its events
    out (sends, the terms and the genesis made and signed, the game's files)."""

    identity: Identity
    curve_keys: CurveKeys
    name: str
    terms: LobbyTerms  # the game the table plays, as the game offers it
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
    protocol: str = PROTOCOL  # the version this table plays (SPEC §9: hello, welcome)
    # The lobby socket stays open to every key once the game begins, for the watch gate
    # (node.watch_gate) to take over with ``hand_over_socket``.
    gate: bool = False
    # The next game of a series (WIZARD §1.3): its terms (the first dealer is taken modulo
    # the seats at the start), and the last game's players by signing key, in seat order:
    # those who sit again keep that order.
    series: SeriesTerms | None = None
    seat_order: tuple[bytes, ...] = ()
    # A table whose players bring a deck (巫师牌's): the host's deck's public part and the
    # check of each joiner's.
    door: DeckDoor | None = None
    _server: LobbyServer | None = None
    _machine: HostMachine | None = None
    _master: bytes = b""
    _callbacks: list[Callable[[], None]] = field(default_factory=list)
    _store: GameStore | None = None  # the game the terms name, while they are out
    _record: SeatRecord | None = None
    _terms: dict[str, Any] = field(default_factory=dict)
    _start: GameStart | None = None
    _delivered: bool = False  # a push of the last events reached a client's queue

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
        me = Seated(self.name, self.identity.public_key, self.curve_keys.public,
                    f":{self.mesh_port}", coin_commitment(self._master), bot=self.bot)
        self._machine = HostMachine(
            me, self.terms, self.code, approve=self.approve, coach=self.coach,
            gate=self.gate, protocol=self.protocol, series=self.series,
            seat_order=self.seat_order, timers=self.timers, door=self.door,
        )

    # --- what the machine holds, for the console and the commands ----------------------

    @property
    def players(self) -> list[Seated]:
        """The seated players, the host first (empty until the lobby opens)."""
        return list(self._machine.players) if self._machine is not None else []

    @property
    def waiting(self) -> list[Seated]:
        """Joiners waiting for the host to admit or refuse them."""
        return list(self._machine.waiting) if self._machine is not None else []

    @property
    def news(self) -> LobbyStatus:
        return self._machine.news if self._machine is not None else LobbyStatus(LobbyNews.OPEN)

    @property
    def stage(self) -> HostStage:
        return self._machine.stage if self._machine is not None else HostStage.SEATING

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
        return self._machine is not None and self._machine.starting

    @property
    def _handed_over(self) -> bool:
        """The game started: its mesh port (and a gate's socket) are the peer's."""
        return self.stage is HostStage.STARTED

    def start_refusal(self) -> str | None:
        """Why the host cannot start now, or None."""
        if self._machine is None:
            return "the lobby is not open"
        return self._machine.start_refusal()

    @property
    def can_start(self) -> bool:
        return self.start_refusal() is None

    @property
    def game(self) -> GameName:
        """The game the table plays."""
        return self.terms.game

    @property
    def seats(self) -> int:
        """How many players the table seats."""
        return self.terms.seats

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants the table plays (none for a game without)."""
        return self.terms.variants

    @property
    def variants_open(self) -> bool:
        """Whether the host may still switch variants (the game has not started)."""
        return self.stage is HostStage.SEATING

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    # --- the host's commands ----------------------------------------------------------

    def _command(self, command: HostInput) -> None:
        if self._machine is None:
            raise UsageError("the lobby is not open")
        self._carry_out(self._machine.handle(command, time.monotonic()))

    def set_variants(self, variants: list[str] | tuple[str, ...]) -> None:
        """Switch the game's variants before it starts (the host, from the console).

        Raises ``ConfigError`` (a ``UsageError``) for a mix the rules refuse, and
        changes nothing then; the seated players are told the new variants.
        """
        if not self.variants_open:
            raise UsageError("the game has started: its variants are fixed")
        if self._machine is None:
            self.terms = self.terms.with_variants(variants)
            return
        self._command(SetVariants(tuple(variants)))

    def start(self) -> None:
        """Ask to start the game with the players seated (from the console)."""
        self._command(AskStart())

    def admit(self, client: str) -> None:
        """Seat the waiting joiner of lobby key ``client`` (``approve``); ``UsageError``
        says why not."""
        self._command(Admit(client))

    def refuse(self, client: str) -> None:
        """Turn the waiting joiner of lobby key ``client`` away (``approve``)."""
        self._command(Refuse(client))

    def remove(self, seat: int) -> None:
        """Take the player at ``seat`` (0-based) off the table; it is told, and may ask
        to sit again (the host then admits or refuses it)."""
        self._command(Remove(seat))

    # --- the loop ---------------------------------------------------------------------

    async def serve(self, *, autostart: bool = False) -> GameStart:
        """Seat joiners until the host starts (or, with ``autostart``, the table is full)
        and every seated player endorses the terms."""
        server, machine = self._server, self._machine
        if server is None or machine is None:
            raise UsageError("the lobby is not open")
        machine.autostart = autostart
        self._carry_out(machine.handle(Tick(), time.monotonic()))
        while self._start is None:
            wait = self.timers.ping
            if machine.wake_at is not None:  # the endorsements' deadline, to the moment
                wait = max(0.0, min(wait, machine.wake_at - time.monotonic()))
            try:
                message: LobbyMessage | None = await server.recv(timeout=wait)
            except TimeoutError:
                message = None
            if message is not None and self._start is None:
                self._carry_out(machine.handle(_decoded(message), time.monotonic()))
            if self._start is None:
                self._carry_out(machine.handle(Tick(), time.monotonic()))
        return self._start

    def _carry_out(self, events: list[HostEvent]) -> None:
        """Do what the machine said, in order; then tell the subscribers once."""
        server, machine = self._server, self._machine
        assert server is not None and machine is not None
        changed = False
        for event in events:
            match event:
                case Reply(client=client, msg_id=msg_id, payload=payload):
                    server.answer(client, msg_id, payload)
                case Refusal(client=client, reason=reason, msg_id=None, kind=kind, deck=deck,
                             game=game):
                    self._delivered |= server.push(client, refused(reason, kind, deck, game))
                case Refusal(client=client, reason=reason, msg_id=int(msg_id), kind=kind,
                             deck=deck, game=game):
                    server.answer(client, msg_id, refused(reason, kind, deck, game))
                case Push(client=client, payload=payload):
                    self._delivered |= server.push(client, payload)
                case TableChanged() | NewsChanged():
                    changed = True
                case MakeTerms():
                    self._carry_out(machine.handle(self._make_terms(event), time.monotonic()))
                case SignGenesis(endorsements=endorsements):
                    genesis = encode_genesis(self.identity, self._terms, list(endorsements))
                    self._carry_out(machine.handle(GenesisMade(genesis), time.monotonic()))
                case Restrict(clients=clients):
                    server.restrict(list(clients))
                case CalledOff():
                    if self._store is not None:  # no game: no seat.json to resume
                        shutil.rmtree(self._store.path, ignore_errors=True)
                    self._store = self._record = None
                case Started(people=people):
                    assert self._store is not None and self._record is not None
                    save_people(self._store, people)
                    self._start = GameStart(self._entry, self._store, self._record, people)
        self.terms = machine.terms
        if changed:
            self._notify()

    def _make_terms(self, asked: MakeTerms) -> TermsMade:
        """The terms of the game, its seat record kept, and the host's endorsement."""
        nonce = os.urandom(32)
        terms = asked.terms.genesis_terms(list(asked.players), nonce, coach=asked.coach,
                                          series=asked.series, decks=asked.decks)
        game_dir = nonce.hex()[:16]
        store = GameStore(self.data_dir, game_dir)
        record = SeatRecord(
            game_dir, 0, self.name, self._master, self.listen_host, self.mesh_port or 0,
            "127.0.0.1",
            # A resumed host opens its watch gate again with these (commands.networked).
            invite_code=self.code if self.gate else "", lobby_port=self.port if self.gate else 0,
        )
        store.save_seat(record)
        self._store, self._record, self._terms = store, record, terms
        # Canonical bytes encode byte strings as hex, so these are the bytes every
        # player endorses, and their JSON form is what the joiners are sent.
        return TermsMade(genesis_terms_bytes(terms), endorse(self.identity, terms))

    @property
    def _entry(self) -> bytes:
        machine = self._machine
        assert machine is not None and machine.genesis is not None
        return machine.genesis

    def on_sender_dropped(self, callback: Callable[[SenderDropped], None]) -> None:
        """``callback(event)`` each time the lobby socket drops a client for flooding
        (also once the socket is the watch gate's)."""
        if self._server is None:
            raise UsageError("the lobby is not open")
        self._server.on_dropped(callback)

    def _sender_dropped(self, event: SenderDropped) -> None:
        if self._machine is not None and not self._handed_over:
            self._carry_out(self._machine.handle(Dropped(event.client, dropped_who(event)),
                                                 time.monotonic()))

    def hand_over_socket(self) -> LobbyServer:
        """The lobby socket, for the watch gate once the game has begun: ``close`` then
        leaves it open."""
        if not (self._handed_over and self.gate) or self._server is None:
            raise UsageError("the lobby keeps its socket until its game begins with a gate")
        server, self._server = self._server, None
        return server

    async def close(self) -> None:
        linger = 0.0
        if self._server is not None and self._machine is not None:
            self._delivered = False
            self._carry_out(self._machine.handle(Close(), time.monotonic()))
            if self._delivered:
                linger = GOODBYE_LINGER
        if self._server is not None:
            await self._server.close(linger=linger)
        if not self._handed_over and self.mesh_port is not None:
            release_port(self.mesh_port)  # no game: nobody else will


def _decoded(message: LobbyMessage) -> Message | Unreadable:
    """A joiner's message as the machine reads it: decoded by the schema, or refused."""
    try:
        body = decode_lobby(message.payload, expect=FROM_JOINER, games=RULES)
    except DecodeError as exc:
        return Unreadable(message.client, message.msg_id, str(exc))
    return Message(message.client, message.address, message.msg_id, body)


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
