"""What both sides of the lobby share: the seat record, the start of a game, the
lobby's key, its timers and its error."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import zmq
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from zmq.utils import z85

from wizard_p2p.errors import DecodeError, FileRefused, Said, WizardError
from wizard_p2p.files import read_bounded, write_atomic
from wizard_p2p.identity import fingerprint
from wizard_p2p.net import CurveKeys, SenderDropped
from wizard_p2p.node.invite import normalise_code
from wizard_p2p.node.store import GameStore, SeatRecord, default_data_dir, user_data_dir
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    ByeKind,
    DeckFault,
    GateRefusalKind,
    LobbyBody,
    LobbyPlayer,
    RefusalKind,
    Refused,
    check_name,
    decode_lobby,
)
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tables import RULES


class LobbyError(WizardError):
    pass


class TableFull(LobbyError):
    """The host refused us because every seat is taken (the table can be watched)."""


@dataclass(frozen=True)
class LobbyTimers:
    """How long each stage of the lobby waits (protocol/SPEC.md §9)."""

    hello: float = 10.0  # a joiner: for the host's answer to its hello
    ping: float = 1.0  # a joiner says it is there this often; the host answers each
    silence: float = 10.0  # either side: unheard this long, the other one is gone
    endorse: float = 60.0  # the host: for every seated player's endorsement of the terms


def dropped_who(event: SenderDropped) -> str:
    """A lobby client dropped for flooding, as a person can tell it: its address and
    its key's fingerprint."""
    who = f"{event.address} " if event.address else ""
    try:
        return f"{who}({fingerprint(z85.decode(event.client.encode()))})"
    except (ValueError, TypeError):
        return f"{who}(?)"


def game_said(game: GameName) -> Said:
    """A game's name in the player's language (the catalogues' ``game_name_<game>``)."""
    return Said(f"game_name_{game.value}")


def refusal_said(kind: RefusalKind | GateRefusalKind, *, name: str, protocol: str,
                 game: GameName = GameName.WIZARD, table_game: GameName | None = None,
                 rule: Said | None = None) -> Said:
    """A host's refusal of ``kind`` as the joiner or watcher words it in its own language
    (the catalogues' ``lobby_refused_<kind>``, or ``gate_refused_<kind>`` for the watch
    gate's own): ``name`` is the asker's own, ``protocol`` the version it plays, ``game``
    the game it plays, ``table_game`` the table's (when the host says it), ``rule`` the
    deck rule its deck breaks, worded."""
    if isinstance(kind, GateRefusalKind):
        return Said(f"gate_refused_{kind.value}")
    fields: dict[str, object] = {"name": name, "ours": protocol}
    if kind is RefusalKind.OTHER_GAME:
        fields["game"] = game_said(game)
        fields["theirs"] = (game_said(table_game) if table_game is not None
                            else Said("game_name_other"))
    if kind is RefusalKind.ILLEGAL_DECK:
        fields["rule"] = rule if rule is not None else Said("deck_rule_unknown")
    return Said(f"lobby_refused_{kind.value}", **fields)


# The words of each goodbye a host's lobby socket says (``ByeKind``).
_BYE_WORDS = {ByeKind.HOST_LEFT: "lobby_ended_host_left", ByeKind.GAME_OVER: "gate_bye_game_over"}


def bye_said(kind: ByeKind) -> Said:
    """A host's ``bye`` of ``kind`` as the joiner or watcher words it."""
    return Said(_BYE_WORDS[kind])


# Why the host refuses a client that holds no seat and no waiting place (its ping says
# it thinks it does).
NOT_SEATED = "you hold no seat at this table"

# How long a last message (a goodbye) gets to leave when a side closes.
GOODBYE_LINGER = 0.5


def endpoint_of(address: str, empty_host: str) -> str:
    """The ZeroMQ endpoint of an ``IP:port`` address as the lobby hands them out, where
    an empty host (``:port``) means the host's machine, reached at ``empty_host``."""
    host, _, port = address.rpartition(":")
    host = host or empty_host
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"tcp://{host}:{port}"


def read_from_host(
    raw: bytes,
    expect: tuple[str, ...],
    *,
    error: type[LobbyError] = LobbyError,
    gone: str = "the host left the lobby",
    name: str = "",
    protocol: str = PROTOCOL,
) -> LobbyBody:
    """A message from the host, one of ``expect``: a refusal, a goodbye (``gone`` if it
    gives no reason) and anything unreadable end the exchange with ``error``, worded in
    the reader's language when the host gave a kind it knows (``name``: the asker's own,
    ``protocol``: the version it plays, for those words)."""
    try:
        body = decode_lobby(raw, expect=(*expect, "refused", "bye"), games=RULES)
    except DecodeError as exc:
        raise error(f"the host sent what this client cannot read: {exc}").saying(
            "lobby_ended_unreadable") from None
    if isinstance(body, Refused):
        refusal = error(f"the host refused: {body.reason}")
        if body.kind is not None:
            refusal.said = refusal_said(body.kind, name=name, protocol=protocol)
        raise refusal
    if isinstance(body, Bye):
        goodbye = error(body.reason or gone)
        if body.kind is not None:
            goodbye.said = bye_said(body.kind)
        raise goodbye
    return body


def check_own_name(name: str) -> str:
    """``name`` as the lobby will hold it, or ``LobbyError`` saying in one sentence why
    no table would seat it: checked before anything is sent."""
    try:
        return check_name(name)
    except DecodeError as exc:
        raise LobbyError(f"the name {name!r:.60} cannot be used: {exc}") from None


# The most characters a name holds (the genesis's player record), and the longest folder
# name a default name carries (a longer one is cut).
MAX_NAME_CHARS = 32
_FOLDER_IN_NAME = 16


def default_name(data_dir: Path | None, environ: Mapping[str, str] | None = None) -> str:
    """The name a player who gives no ``--name`` plays under: the login name, followed by
    the data dir's folder name when it is not the login's own (``Ana (seat2)``).

    Two players on one machine each need their own data dir (one identity, one seat), so
    the folder is what tells them apart at the table, where a name is taken once. A
    login name no table seats gives "Player"; a folder that would spoil the name is left
    out (the host then refuses the second player's name, saying to choose one)."""
    env = os.environ if environ is None else environ
    login = env.get("USER", "")[:MAX_NAME_CHARS].strip()
    try:
        login = check_name(login)
    except DecodeError:
        login = "Player"
    used = data_dir if data_dir is not None else default_data_dir()
    if _same_dir(used, user_data_dir()):
        return login
    folder = used.resolve().name[:_FOLDER_IN_NAME].strip()
    keep = MAX_NAME_CHARS - len(folder) - len(" ()")
    try:
        return check_name(f"{login[:max(keep, 1)].rstrip()} ({folder})") if folder else login
    except DecodeError:
        return login


def _same_dir(one: Path, other: Path) -> bool:
    try:
        return one.expanduser().resolve() == other.expanduser().resolve()
    except OSError:
        return False


def lobby_keys(code: str) -> CurveKeys:
    """The lobby's CURVE keypair, derived from the invite code."""
    seed = HKDF(
        algorithm=hashes.SHA256(), length=32, salt=None, info=b"wizard-p2p/v1/lobby-key"
    ).derive(normalise_code(code).encode())
    secret = z85.encode(seed).decode()
    public = zmq.curve_public(secret.encode()).decode()
    return CurveKeys(public, secret)


@dataclass
class Seated:
    name: str
    sign_key: bytes
    curve_key: str
    address: str  # host:port the others dial; "" host = the lobby's host
    coin_commit: bytes
    client: str | None = None  # lobby client key (None for the host)
    bot: bool = False  # the seat is played by a program

    @classmethod
    def from_lobby(cls, player: LobbyPlayer, client: str | None = None) -> Seated:
        return cls(player.name, player.sign_key, player.curve_key, player.address,
                   player.coin_commit, client, player.bot)

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.sign_key)

    def record(self) -> dict[str, Any]:
        """The player as the genesis terms hold it."""
        return {
            "name": self.name,
            "sign_key": self.sign_key,
            "curve_key": self.curve_key,
            "address": self.address,
            "coin_commit": self.coin_commit,
        }

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "sign_key": self.sign_key.hex(),
            "curve_key": self.curve_key,
            "address": self.address,
            "coin_commit": self.coin_commit.hex(),
        }
        if self.bot:
            out["bot"] = True
        return out


@dataclass
class GameStart:
    """What a player needs to run its seat once the lobby is done. ``people``: the seats
    played by persons (the others said they are bots); None when not known (a resume)."""

    genesis: bytes
    store: GameStore
    record: SeatRecord
    people: frozenset[int] | None = None


def encode(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, sort_keys=True).encode()


def refused(reason: str, kind: RefusalKind | GateRefusalKind | None = None,
            deck: DeckFault | None = None, game: GameName | None = None) -> bytes:
    """A refusal's message: the host's sentence, its kind, and the deck rule broken or the
    table's game when the kind is about them."""
    answer: dict[str, Any] = {"type": "refused", "reason": reason}
    if kind is not None:
        answer["kind"] = kind.value
    if deck is not None:
        answer["deck"] = deck.to_json()
    if game is not None:
        answer["game"] = game.value
    return encode(answer)


OK = encode({"type": "ok"})


def other_version(host: object, joiner: object) -> str:
    """Why a host and a joiner of different protocol versions cannot play together."""
    return (
        f"the host's table plays {host!r:.40} and the joiner's client {joiner!r:.40}: "
        "both players need the same version of wizard-p2p"
    )


_PEOPLE_FILE = "people.json"
_PEOPLE_MAX_BYTES = 64


def save_people(store: GameStore, people: frozenset[int]) -> None:
    """Keep which seats persons play beside the seat's files, for a resumed seat."""
    write_atomic(store.path / _PEOPLE_FILE, json.dumps(sorted(people)).encode(), mode=0o644)


def load_people(store: GameStore) -> frozenset[int] | None:
    """The seats persons play as the lobby said (``save_people``); None when not known
    (no file, or one that is not a list of distinct seats 0..5)."""
    try:
        data = read_bounded(store.path / _PEOPLE_FILE, limit=_PEOPLE_MAX_BYTES, what="file")
        seats = json.loads(data)
    except (FileRefused, ValueError):
        return None
    if not isinstance(seats, list) or len(set(map(repr, seats))) != len(seats):
        return None
    if not all(type(s) is int and 0 <= s <= 5 for s in seats):
        return None
    return frozenset(seats)

