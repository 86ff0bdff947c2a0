"""The lobby: seating players before a game, and the genesis they all endorse.

The host opens a ``LobbyServer`` whose CURVE key derives from a short invite
code (so the code is all a joiner needs besides the address, and nobody without
it can even complete a handshake). Joiners say hello with their name, keys,
listening port and coin commitment; the host seats them and pushes the seat
list to everyone. When the host starts, it sends the terms; every player
stores its master secret (``seat.json``) and then endorses the terms; the host
assembles the genesis and pushes it, and the lobby closes to all but the seated.

Lobby messages are JSON objects with a ``type``:
``hello``/``welcome``/``refused``, ``players``, ``terms``, ``endorse``/``ok``,
``genesis``, ``bye`` (a joiner leaving). See protocol/SPEC.md §9.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import zmq
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from zmq.utils import z85

from wizard_p2p.errors import UsageError, WizardError
from wizard_p2p.identity import Identity, fingerprint, verify
from wizard_p2p.net import (
    CurveKeys,
    LobbyClient,
    LobbyMessage,
    LobbyRefused,
    LobbyServer,
    LobbyTimeout,
    NetConfig,
)
from wizard_p2p.node.invite import (  # noqa: F401  (re-exported: the lobby's API)
    CODE_ALPHABET,
    DEFAULT_PORT,
    new_invite_code,
    normalise_code,
)
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.ports import release_port, reserve_port
from wizard_p2p.protocol.genesis import (
    coin_commitment,
    encode_genesis,
    endorse,
    genesis_terms,
)
from wizard_p2p.protocol.messages import GENESIS_DOMAIN, PROTOCOL, genesis_terms_bytes
from wizard_p2p.rules import VARIANT_NAMES, GameConfig


class LobbyError(WizardError):
    pass


def _variants_from_json(raw: object) -> tuple[str, ...]:
    """The host's variants, as far as they are ones we know (for display only)."""
    if not isinstance(raw, list):
        return ()
    return tuple(name for name in VARIANT_NAMES if name in raw)


def lobby_keys(code: str) -> CurveKeys:
    """The lobby's CURVE keypair, derived from the invite code."""
    seed = HKDF(
        algorithm=hashes.SHA256(), length=32, salt=None, info=b"wizard-p2p/v1/lobby-key"
    ).derive(normalise_code(code).encode())
    secret = z85.encode(seed).decode()
    public = zmq.curve_public(secret.encode()).decode()
    return CurveKeys(public, secret)


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, to tell the other players.

    Read from the interfaces themselves (Linux ``SIOCGIFADDR``) and from the host
    name; nothing is sent anywhere.
    """
    found: set[str] = set()
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    found.update(_interface_addresses())
    return sorted(a for a in found if not a.startswith("127."))


def _interface_addresses() -> set[str]:
    try:
        import fcntl
    except ImportError:  # not on this platform: the host name's addresses must do
        return set()
    siocgifaddr = 0x8915
    addresses: set[str] = set()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                request = struct.pack("256s", name.encode()[:15])
                reply = fcntl.ioctl(sock.fileno(), siocgifaddr, request)
                addresses.add(socket.inet_ntoa(reply[20:24]))
    return addresses


@dataclass
class Seated:
    name: str
    sign_key: bytes
    curve_key: str
    address: str  # host:port the others dial; "" host = the lobby's host
    coin_commit: bytes
    client: str | None = None  # lobby client key (None for the host)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.sign_key)

    def record(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sign_key": self.sign_key,
            "curve_key": self.curve_key,
            "address": self.address,
            "coin_commit": self.coin_commit,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "sign_key": self.sign_key.hex(),
            "curve_key": self.curve_key,
            "address": self.address,
            "coin_commit": self.coin_commit.hex(),
        }


@dataclass
class GameStart:
    """What a player needs to run its seat once the lobby is done."""

    genesis: bytes
    store: GameStore
    record: SeatRecord


def _encode(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, sort_keys=True).encode()


def _decode(data: bytes) -> dict[str, Any]:
    try:
        obj = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise LobbyError(f"malformed lobby message: {exc}") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise LobbyError("a lobby message is an object with a type")
    return obj


def _player_from_json(obj: Any) -> Seated:
    try:
        name = str(obj["name"]).strip()
        if not 1 <= len(name) <= 32:
            raise ValueError("a name has 1..32 characters")
        return Seated(
            name=name,
            sign_key=bytes.fromhex(obj["sign_key"]),
            curve_key=str(obj["curve_key"]),
            address=str(obj["address"]),
            coin_commit=bytes.fromhex(obj["coin_commit"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise LobbyError(f"bad player record: {exc}") from None


def _other_version(host: object, joiner: object) -> str:
    """Why a host and a joiner of different protocol versions cannot play together."""
    return (
        f"the host's table plays {host!r} and the joiner's client {joiner!r}: "
        "both players need the same version of wizard-p2p"
    )


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
    players: list[Seated] = field(default_factory=list)
    status: str = ""
    protocol: str = PROTOCOL  # the version this table plays (SPEC §9: hello, welcome)
    _server: LobbyServer | None = None
    _master: bytes = b""
    _callbacks: list[Callable[[], None]] = field(default_factory=list)
    _started: asyncio.Event = field(default_factory=asyncio.Event)
    _terms_fixed: bool = False  # the terms are being signed: the variants no longer change
    _handed_over: bool = False  # the game started: its mesh port is the peer's to release
    _changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def open(self) -> None:
        self._server = LobbyServer(
            lobby_keys(self.code), host=self.listen_host, port=self.port, config=self.net_config
        )
        await self._server.start()
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
            )
        ]
        self.status = "waiting for players"

    @property
    def addresses(self) -> list[str]:
        hosts = lan_addresses() if self.listen_host in ("0.0.0.0", "") else [self.listen_host]
        return [f"{h}:{self.port}" for h in hosts] or [f"127.0.0.1:{self.port}"]

    @property
    def can_start(self) -> bool:
        return 3 <= len(self.players) <= 6 and len(self.players) == self.config.seats

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        self._changed.set()
        for callback in list(self._callbacks):
            callback()

    async def serve(self, *, autostart: bool = False) -> GameStart:
        """Seat joiners until the host starts (or, with ``autostart``, the table is full)."""
        server = self._server
        assert server is not None
        while True:
            if autostart and self.can_start:
                break
            recv = asyncio.ensure_future(server.recv())
            start = asyncio.ensure_future(self._started.wait())
            done, _ = await asyncio.wait({recv, start}, return_when=asyncio.FIRST_COMPLETED)
            if start in done:
                recv.cancel()
                break
            start.cancel()
            self._on_lobby_message(recv.result())
        return await self._start_game()

    @property
    def variants_open(self) -> bool:
        """Whether the host may still switch variants (the game has not started)."""
        return not (self._started.is_set() or self._terms_fixed)

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
        """Ask to start the game (from the console)."""
        if not self.can_start:
            raise UsageError(f"the game needs {self.config.seats} players seated")
        self._started.set()

    def _on_lobby_message(self, message: LobbyMessage) -> None:
        server = self._server
        assert server is not None
        try:
            obj = _decode(message.payload)
        except LobbyError as exc:
            server.reply(message, _encode({"type": "refused", "reason": str(exc)}))
            return
        if obj["type"] == "hello":
            server.reply(message, _encode(self._hello(obj, message)))
            self._push_players()
            self._notify()
        elif obj["type"] == "bye":
            self.players = [p for p in self.players if p.client != message.client]
            self._push_players()
            self._notify()

    def _hello(self, obj: dict[str, Any], message: LobbyMessage) -> dict[str, Any]:
        try:
            if normalise_code(str(obj.get("code", ""))) != self.code:
                return {"type": "refused", "reason": "wrong invite code"}
            # A joiner older than the field says nothing; the terms' check catches it.
            theirs = obj.get("protocol", self.protocol)
            if theirs != self.protocol:
                return {"type": "refused", "reason": _other_version(self.protocol, theirs)}
            player = _player_from_json(obj.get("player"))
            port = int(obj.get("port", 0))
        except (WizardError, ValueError) as exc:
            return {"type": "refused", "reason": str(exc)}
        if player.curve_key != message.client:
            return {"type": "refused", "reason": "the player's key is not the connection's key"}
        existing = next((p for p in self.players if p.client == message.client), None)
        if existing is None:
            if len(self.players) >= self.config.seats:
                return {"type": "refused", "reason": "the table is full"}
            if any(p.sign_key == player.sign_key for p in self.players):
                return {"type": "refused", "reason": "this identity is seated already"}
            player.client = message.client
            player.address = f"{message.address}:{port}"
            self.players.append(player)
            existing = player
        seat = self.players.index(existing)
        self.status = f"{player.name} joined"
        return {"type": "welcome", "seat": seat, "players": [p.to_json() for p in self.players],
                "variants": list(self.config.variants()), "protocol": self.protocol}

    def _push_players(self) -> None:
        server = self._server
        assert server is not None
        payload = _encode({"type": "players", "players": [p.to_json() for p in self.players],
                           "seats": self.config.seats,
                           "variants": list(self.config.variants())})
        for p in self.players:
            if p.client is not None:
                server.push(p.client, payload)

    async def _start_game(self) -> GameStart:
        server = self._server
        assert server is not None
        self._terms_fixed = True
        self._notify()
        nonce = os.urandom(32)
        terms = genesis_terms(self.config, [p.record() for p in self.players], nonce)
        game_dir = nonce.hex()[:16]
        store = GameStore(self.data_dir, game_dir)
        record = SeatRecord(
            game_dir, 0, self.name, self._master, self.listen_host, self.mesh_port or 0,
            "127.0.0.1",
        )
        store.save_seat(record)
        endorsements: dict[int, bytes] = {0: endorse(self.identity, terms)}
        # Canonical bytes encode byte strings as hex, so these are the bytes every
        # player endorses, and their JSON form is what the joiners are sent.
        signed = genesis_terms_bytes(terms)
        terms_json = json.loads(signed)
        self.status = "waiting for every player to endorse the game"
        self._notify()
        clients = {p.client: s for s, p in enumerate(self.players) if p.client is not None}
        for client in clients:
            server.push(client, _encode({"type": "terms", "terms": terms_json}))
        while len(endorsements) < len(self.players):
            message = await server.recv()
            seat = clients.get(message.client)
            try:
                obj = _decode(message.payload)
            except LobbyError:
                continue
            if seat is None or obj["type"] != "endorse":
                if obj["type"] == "hello":
                    server.reply(message, _encode({"type": "refused", "reason": "game started"}))
                continue
            try:
                signature = bytes.fromhex(str(obj["signature"]))
                verify(self.players[seat].sign_key, GENESIS_DOMAIN, signed, signature)
            except (ValueError, WizardError):
                server.reply(message, _encode({"type": "refused", "reason": "bad endorsement"}))
                continue
            endorsements[seat] = signature
            server.reply(message, _encode({"type": "ok"}))
        genesis = encode_genesis(
            self.identity, terms, [endorsements[s] for s in range(len(self.players))]
        )
        server.restrict(list(clients))
        payload = _encode({"type": "genesis", "entry": genesis.decode()})
        for client in clients:
            server.push(client, payload)
        self.status = "game started"
        self._notify()
        self._handed_over = True
        return GameStart(genesis, store, record)

    async def close(self) -> None:
        if self._server is not None:
            await self._server.close()
        if not self._handed_over and self.mesh_port is not None:
            release_port(self.mesh_port)  # no game: nobody else will


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
    players: list[Seated] = field(default_factory=list)
    seats: int = 0
    # What the host says it will play; the terms each player endorses are what count.
    variants: tuple[str, ...] = ()
    protocol: str = PROTOCOL  # the version this client plays (SPEC §9: hello, welcome)
    _handed_over: bool = False  # the game started: its mesh port is the peer's to release
    seat: int | None = None
    status: str = ""
    _client: LobbyClient | None = None
    _callbacks: list[Callable[[], None]] = field(default_factory=list)

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    async def join(self, *, timeout: float = 10.0) -> GameStart:
        code = normalise_code(self.code)
        keys = lobby_keys(code)
        host = f"[{self.host}]" if ":" in self.host else self.host
        self._client = LobbyClient(
            self.curve_keys, f"tcp://{host}:{self.port}", keys.public, config=self.net_config
        )
        await self._client.start()
        if self.mesh_port is None:
            # Held until the game's mesh binds it (GamePeer.start), maybe minutes later.
            self.mesh_port = reserve_port(self.listen_host or "0.0.0.0")
        master = os.urandom(32)
        hello = {
            "type": "hello",
            "code": code,
            "protocol": self.protocol,
            "port": self.mesh_port,
            "player": Seated(
                self.name, self.identity.public_key, self.curve_keys.public, "",
                coin_commitment(master),
            ).to_json(),
        }
        try:
            reply = _decode(await self._client.request(_encode(hello), timeout=timeout / 3))
        except LobbyRefused:
            # The lobby's key derives from the code: a wrong code fails the handshake.
            raise LobbyError(
                f"the lobby at {self.host}:{self.port} refused us: check the invite code "
                f"{code} (a lobby also closes once its game has started)"
            ) from None
        except LobbyTimeout:
            raise LobbyError(f"no Wizard lobby answers at {self.host}:{self.port}") from None
        if reply["type"] != "welcome":
            raise LobbyError(f"the host refused: {reply.get('reason', '?')}")
        theirs = reply.get("protocol", self.protocol)  # a host older than the field: terms
        if theirs != self.protocol:
            raise LobbyError(_other_version(theirs, self.protocol))
        self.seat = int(reply["seat"])
        self.players = [_player_from_json(p) for p in reply["players"]]
        self.variants = _variants_from_json(reply.get("variants"))
        self.status = "seated; waiting for the host to start"
        self._notify()
        while True:
            obj = _decode(await self._client.recv())
            if obj["type"] == "players":
                self.players = [_player_from_json(p) for p in obj["players"]]
                self.seats = int(obj.get("seats", 0))
                self.variants = _variants_from_json(obj.get("variants"))
                self._notify()
            elif obj["type"] == "terms":
                start = await self._endorse(obj["terms"], master)
                return start

    async def _endorse(self, terms_json: dict[str, Any], master: bytes) -> GameStart:
        from wizard_p2p.protocol.messages import GENESIS_TERMS

        assert self._client is not None
        theirs = terms_json.get("protocol") if isinstance(terms_json, dict) else self.protocol
        if theirs != self.protocol:  # named, not as a schema error
            raise LobbyError(_other_version(theirs, self.protocol))
        terms = GENESIS_TERMS.parse(terms_json, "terms")
        players = terms["players"]
        seat = next(
            (i for i, p in enumerate(players) if p["sign_key"] == self.identity.public_key), None
        )
        if seat is None or players[seat]["coin_commit"] != coin_commitment(master):
            raise LobbyError("the host's terms do not seat us as we joined")
        game_dir = terms["nonce"].hex()[:16]
        store = GameStore(self.data_dir, game_dir)
        _, _, port = players[seat]["address"].rpartition(":")
        record = SeatRecord(game_dir, seat, self.name, master, self.listen_host, int(port),
                            self.host)
        store.save_seat(record)  # before endorsing: the coin commitment derives from it
        signature = endorse(self.identity, terms)
        reply = _decode(
            await self._client.request(_encode({"type": "endorse", "signature": signature.hex()}))
        )
        if reply["type"] != "ok":
            raise LobbyError(f"the host refused our endorsement: {reply.get('reason')}")
        self.status = "waiting for the genesis"
        self._notify()
        while True:
            obj = _decode(await self._client.recv())
            if obj["type"] == "genesis":
                genesis = str(obj["entry"]).encode()
                self._handed_over = True
                return GameStart(genesis, store, record)

    async def close(self) -> None:
        if self._client is not None:
            await self._client.close()
        if not self._handed_over and self.mesh_port is not None:
            release_port(self.mesh_port)  # no game: nobody else will


__all__ = [
    "DEFAULT_PORT",
    "GameStart",
    "HostLobby",
    "JoinLobby",
    "LobbyError",
    "lobby_keys",
    "new_invite_code",
]
