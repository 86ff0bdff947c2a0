"""Every lobby message, parsed strictly: the one reader of what joiners and hosts send.

Lobby messages are JSON objects with a ``type`` (protocol/SPEC.md §9), written
with ``json.dumps``. :func:`decode_lobby` reads one into a typed message or
raises :class:`DecodeError` saying which field is wrong and why, before any
code touches it. A joiner is checked here as the genesis will check it, so
the lobby never seats a player the genesis then refuses:

* a name of 1..32 characters once stripped, with no control characters, no
  invisible format characters (bidirectional overrides and the like, which
  would change how the other names read on screen), no line separators;
* a signing key and a coin commitment of exactly 32 bytes (lowercase hex), a
  CURVE key of 40 Z85 characters that decodes to 32 bytes;
* a listening port of 1..65535, and an address (the host builds it from the
  joiner's IP and port: :func:`joiner_address`) of at most 64 characters;
* an endorsement: a 64-byte signature; the terms: the genesis terms' schema;
  the genesis: one entry line of at most ``MAX_ENTRY_BYTES``.

Beyond the genesis's record, a lobby player may say ``"bot": true`` (its seat is
played by a program: the table uses it to keep a bot from ending a game that
people play, SPEC §6), and the lobby's own messages keep it alive and end it:
``wait`` (the host admits joiners one by one), ``ping``, ``bye`` with a reason (and
from the host a ``ByeKind``).

A table names its game (``game``: ``wizard`` when absent, as older clients send) in
``hello``, ``welcome`` and ``players``; a 巫师牌 joiner's hello carries the public part of
its deck (``deck``: the hero, the extra deck, the sizes of the main deck and the skill
pool — never the main deck's cards nor the skill pool's, which stay hidden until the
game ends), and a host that refuses it says which rule and card (``refused.deck``).
This layer reads card numbers and counts; the deck rules are checked by whoever holds
the card file (the host's door check, given to its lobby). It reads a table's ``seats``
within the bounds of any table and its ``variants`` as short names; what they mean is
the table's game's to read (``tables.lobby_terms``), before anything uses them.

Somebody who wants to watch the game asks the same socket with ``watch`` (its
name, its CURVE key, the port its own mesh listens on) and is answered ``wait``,
``refused`` (a ``GateRefusalKind``, or the lobby's ``RefusalKind`` for the reasons
both refuse) or ``admitted`` (the genesis line, and who watches already): SPEC §10.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from wizard_p2p import boundedjson
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.game_name import MAX_TABLE_SEATS, MIN_TABLE_SEATS, GameName
from wizard_p2p.protocol.messages import MAX_ENTRY_BYTES, PLAYER, PROTOCOL
from wizard_p2p.protocol.schema import Bool, Field, Hex, Int, List, Obj, Str, Utf8
from wizard_p2p.protocol.shown import is_unsafe

__all__ = [
    "MAX_DECK_CARDS",
    "MAX_LOBBY_BYTES",
    "MAX_WATCHERS",
    "Bye",
    "ByeKind",
    "DeckFault",
    "DeckPart",
    "Endorse",
    "GateRefusalKind",
    "Genesis",
    "Hello",
    "LobbyBody",
    "LobbyPlayer",
    "Ok",
    "Ping",
    "Players",
    "RefusalKind",
    "Refused",
    "Terms",
    "VersionMismatch",
    "Wait",
    "WaitKind",
    "Watch",
    "WatchAdmitted",
    "Welcome",
    "check_name",
    "check_z85_key",
    "decode_lobby",
    "joiner_address",
]

# The largest message is the genesis: one entry line, escaped (at most 3 bytes a byte).
MAX_LOBBY_BYTES = 4 * MAX_ENTRY_BYTES
# A message, its list of players, a player: deeper is no lobby message.
_MAX_DEPTH = 6

_Z85_ALPHABET = (
    "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
)
_Z85_VALUE = {ch: i for i, ch in enumerate(_Z85_ALPHABET)}


class VersionMismatch(DecodeError):
    """Terms of another protocol version: ``theirs`` is the version they name."""

    def __init__(self, theirs: object) -> None:
        super().__init__(
            f"the host's table plays {theirs!r:.40} and this client {PROTOCOL!r}: "
            "both players need the same version of wizard-p2p"
        )
        self.theirs = theirs


class _Name(Field):
    """A player's name as the genesis holds it: stripped, then ``PLAYER``'s name rule,
    and nothing that would change how it or its neighbours read on a screen."""

    def parse(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            raise DecodeError(f"{path}: expected a string")
        name = PLAYER.fields["name"].parse(value.strip(), path)
        for ch in name:
            if is_unsafe(ch):
                raise DecodeError(f"{path}: character U+{ord(ch):04X} is not allowed in a name")
        return name

    def json_schema(self) -> dict[str, Any]:
        return PLAYER.fields["name"].json_schema()


class _Z85Key(Field):
    """A CURVE public key: 40 Z85 characters whose 5-character groups each fit 32 bits."""

    def parse(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or len(value) != 40:
            raise DecodeError(f"{path}: expected 40 Z85 characters")
        for start in range(0, 40, 5):
            number = 0
            for ch in value[start : start + 5]:
                digit = _Z85_VALUE.get(ch)
                if digit is None:
                    raise DecodeError(f"{path}: not a Z85 character")
                number = number * 85 + digit
            if number >= 1 << 32:
                raise DecodeError(f"{path}: not a Z85-encoded key")
        return value

    def json_schema(self) -> dict[str, Any]:
        return PLAYER.fields["curve_key"].json_schema()


class _Pattern(Field):
    """A string that matches ``pattern`` whole (ASCII only), said as ``what``."""

    def __init__(self, pattern: str, what: str) -> None:
        self.pattern = re.compile(pattern, re.ASCII)
        self.what = what

    def parse(self, value: Any, path: str) -> str:
        if not isinstance(value, str) or not self.pattern.fullmatch(value):
            raise DecodeError(f"{path}: expected {self.what}")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": f"^{self.pattern.pattern}$"}


class LobbyGame(Protocol):
    """What the lobby reads by a game's own rules (``game.GameRules``; ``tables.RULES``
    holds each game's): its genesis terms, and whether its joiner brings a deck."""

    @property
    def terms(self) -> Field:
        """The schema of the game's genesis terms, which a ``terms`` message is read by."""

    @property
    def brings_deck(self) -> bool:
        """Whether a joiner's hello carries its deck's public part (``deck``), or none."""


class _AnyTerms(Field):
    """A genesis's terms as the message's schema reads them: an object, then read by the
    schema of the game they name (``decode_lobby``'s ``terms``)."""

    def parse(self, value: Any, path: str) -> Any:
        if not isinstance(value, dict):
            raise DecodeError(f"{path}: expected an object")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object"}


def _game_terms(value: dict[str, Any], games: Mapping[GameName, LobbyGame] | None,
                path: str) -> Any:
    """A genesis's terms, by the schema of the game they name (absent: Wizard's)."""
    game = value.get("game", GameName.WIZARD.value)
    rules = (games.get(GameName(game))
             if games is not None and isinstance(game, str) and game in set(GameName)
             else None)
    if rules is None:
        raise DecodeError(f"{path}.game: not a game this program plays")
    return rules.terms.parse(value, path)


_NAME = _Name()
_Z85_KEY = _Z85Key()
# A card of 巫师牌 by its number: six digits, the first its type (1..4).
_CARD = _Pattern(r"[1-4][0-9]{5}", "a card number (six digits, the first 1..4)")
# The most cards an extra deck or a group's size may count: a deck code holds at most
# 200 numbers (sorcery.decks), so no legal or illegal deck a code describes is bigger.
MAX_DECK_CARDS = 200
_DECK = Obj({"hero": _CARD, "extra": List(_CARD, 0, MAX_DECK_CARDS),
             "main": Int(0, MAX_DECK_CARDS), "skills": Int(0, MAX_DECK_CARDS)})
_DECK_FAULT = Obj(
    {"rule": _Pattern(r"[a-z][a-z_]{0,31}", "a rule's name (a-z and _)"),
     "count": Int(0, MAX_DECK_CARDS), "card": _CARD},
    optional=frozenset({"card"}),
)
_GAME = Str(max_len=16, choices=tuple(g.value for g in GameName))
_PLAYER = Obj(
    {**PLAYER.fields, "name": _NAME, "curve_key": _Z85_KEY, "bot": Bool()},
    optional=frozenset({"bot"}),
)
_PLAYERS = List(_PLAYER, 1, MAX_TABLE_SEATS)
_VARIANTS = List(Str(max_len=32), 0, 16)
_PROTOCOL = Str(max_len=32)
_REASON = Str(max_len=1000)
# Who watches a table at once (the host admits no more: SPEC §10).
MAX_WATCHERS = 8

_SCHEMAS: dict[str, Obj] = {
    "hello": Obj(
        {"code": Str(max_len=32), "protocol": _PROTOCOL, "port": Int(1, 65535),
         "player": _PLAYER, "game": _GAME, "deck": _DECK},
        optional=frozenset({"protocol", "game", "deck"}),
    ),
    "welcome": Obj(
        {"seat": Int(0, MAX_TABLE_SEATS - 1), "players": _PLAYERS, "variants": _VARIANTS,
         "protocol": _PROTOCOL, "game": _GAME},
        optional=frozenset({"protocol", "variants", "game"}),
    ),
    "refused": Obj({"reason": _REASON, "kind": Str(max_len=32), "deck": _DECK_FAULT,
                    "game": _GAME},
                   optional=frozenset({"kind", "deck", "game"})),
    "players": Obj(
        {"players": _PLAYERS, "seats": Int(MIN_TABLE_SEATS, MAX_TABLE_SEATS),
         "variants": _VARIANTS, "coach": Bool(), "game": _GAME},
        optional=frozenset({"variants", "coach", "game"}),
    ),
    "terms": Obj({"terms": _AnyTerms()}),
    "endorse": Obj({"signature": Hex(64)}),
    "ok": Obj({}),
    "genesis": Obj({"entry": Utf8(MAX_ENTRY_BYTES)}),
    "bye": Obj({"reason": _REASON, "kind": Str(max_len=32)},
               optional=frozenset({"reason", "kind"})),
    "wait": Obj({"reason": _REASON, "kind": Str(max_len=32)}, optional=frozenset({"kind"})),
    "ping": Obj({}),
    "watch": Obj(
        {"code": Str(max_len=32), "protocol": _PROTOCOL, "name": _NAME,
         "curve_key": _Z85_KEY, "port": Int(1, 65535)}
    ),
    "admitted": Obj(
        {"genesis": Utf8(MAX_ENTRY_BYTES), "watchers": List(_NAME, 0, MAX_WATCHERS),
         "bots": List(Int(0, 5), 0, 6)},
        optional=frozenset({"bots"}),
    ),
}


@dataclass(frozen=True)
class LobbyPlayer:
    """A seat as the lobby lists it (the genesis's player record)."""

    name: str
    sign_key: bytes
    curve_key: str
    address: str
    coin_commit: bytes
    bot: bool = False  # the seat is played by a program


@dataclass(frozen=True)
class DeckPart:
    """The public part of a 巫师牌 deck, as a hello carries it: the hero's and the extra
    deck's card numbers (in the deck code's order), and how many cards the main deck and
    the skill pool hold."""

    hero: str
    extra: tuple[str, ...]
    main: int
    skills: int

    def to_json(self) -> dict[str, Any]:
        return {"hero": self.hero, "extra": list(self.extra), "main": self.main,
                "skills": self.skills}


@dataclass(frozen=True)
class DeckFault:
    """A deck rule a joiner's deck breaks, as the host names it: ``rule`` the rule's name
    (``sorcery.decks.DeckRule``), ``count`` the group's size or the card's copies,
    ``card`` the card's number when one card breaks it."""

    rule: str
    count: int
    card: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "count": self.count}
        if self.card is not None:
            out["card"] = self.card
        return out


@dataclass(frozen=True)
class Hello:
    """A joiner asks for a seat. ``protocol`` is None from a client older than the field;
    ``game`` the game it means to play; ``deck`` its deck's public part (巫师牌 only)."""

    code: str
    protocol: str | None
    port: int
    player: LobbyPlayer
    game: GameName = GameName.WIZARD
    deck: DeckPart | None = None


@dataclass(frozen=True)
class Welcome:
    """The host seated the joiner at ``seat``."""

    seat: int
    players: tuple[LobbyPlayer, ...]
    variants: tuple[str, ...]
    protocol: str | None
    game: GameName = GameName.WIZARD


@dataclass(frozen=True)
class Refused:
    reason: str
    # The lobby's kind or the watch gate's; None: no kind this client knows.
    kind: RefusalKind | GateRefusalKind | None = None
    deck: DeckFault | None = None  # the rule and card of an ``illegal_deck`` refusal
    game: GameName | None = None  # the table's game, in an ``other_game`` refusal


class RefusalKind(StrEnum):
    """Why the host refuses a joiner, as data a joiner words in its own language (the
    ``reason`` is the host's sentence, for older clients and the log). The host says one
    with every refusal (SPEC §9); a kind this client does not know reads as none."""

    # A hello the table cannot take.
    WRONG_CODE = "wrong_code"  # the invite code is not this lobby's
    OTHER_VERSION = "other_version"  # the joiner plays another protocol version
    KEY_MISMATCH = "key_mismatch"  # the player's key is not the connection's key
    SAME_IDENTITY = "same_identity"  # these signing keys hold a seat or a place already
    NAME_TAKEN = "name_taken"  # another player at the table has this name
    TABLE_FULL = "full"  # every seat is taken: the table can be watched
    BAD_ADDRESS = "bad_address"  # no player address can be made of the joiner's IP and port
    TOO_MANY_WAITING = "too_many_waiting"  # the host's list of joiners waiting is full
    OTHER_GAME = "other_game"  # the joiner means to play another game than the table's
    ILLEGAL_DECK = "illegal_deck"  # the deck's public part breaks a rule (``deck`` says which)
    # A message out of place.
    UNREADABLE = "unreadable"  # the schema refused the joiner's message
    UNEXPECTED = "unexpected"  # a message type a joiner does not send
    NO_TERMS = "no_terms"  # an endorsement before any terms are out
    NOT_SEATED = "not_seated"  # the joiner holds no seat (a ping, an endorsement)
    STARTING = "starting"  # the game is starting: no new joiner
    BAD_ENDORSEMENT = "bad_endorsement"  # the endorsement does not verify
    # The host's decisions, and a start that failed.
    NOT_ADMITTED = "not_admitted"  # the host refused the waiting joiner
    REMOVED = "removed"  # the host took the joiner off the table
    STARTED_WITHOUT_YOU = "started_without_you"  # the game began while the joiner waited
    CALLED_OFF_LEFT = "called_off_left"  # the start failed: the joiner left
    CALLED_OFF_GONE = "called_off_gone"  # ... the joiner was not heard from
    CALLED_OFF_LATE = "called_off_late"  # ... the joiner did not endorse in time


class GateRefusalKind(StrEnum):
    """Why the watch gate (the host's lobby socket once the game has begun) refuses, as
    data the watcher or joiner words in its own language (SPEC §10). Where the gate
    refuses for the lobby's own reason (a code, a version, a key, a name, an address,
    an unreadable message) it says that ``RefusalKind``; these are the gate's alone,
    and no value is also a ``RefusalKind``'s."""

    BEGUN = "begun"  # a hello or an endorsement once the game has begun: watch it instead
    PLAYER_KEY = "player_key"  # a seated player's key asks to watch its own game
    NOT_LET_WATCH = "not_let_watch"  # the host refused this watcher (it may not ask again)
    NO_WATCHERS = "no_watchers"  # this host admits no watchers
    WATCHERS_FULL = "watchers_full"  # as many watch as may: ask later
    TOO_MANY_ASKING = "too_many_asking"  # the host's list of requests is full: ask later
    NOT_WATCHING = "not_watching"  # a ping from a key the gate does not list: ask again


class WaitKind(StrEnum):
    """Why the host's lobby socket says ``wait``, as data (SPEC §9, §10)."""

    ONE_BY_ONE = "one_by_one"  # the host admits joiners one by one (``host --approve``)
    NOT_BEGUN = "not_begun"  # a request to watch before the game has begun
    HOST_DECIDES = "host_decides"  # the gate's host decides who watches


class ByeKind(StrEnum):
    """Why the host's lobby socket says ``bye``, as data (SPEC §9, §10)."""

    HOST_LEFT = "host_left"  # the host left the lobby before the game began
    GAME_OVER = "game_over"  # the watch gate closes: the game is over


@dataclass(frozen=True)
class Players:
    """The seat list changed (pushed by the host)."""

    players: tuple[LobbyPlayer, ...]
    seats: int
    variants: tuple[str, ...]
    coach: bool = False  # the host's terms will let the players ask the coach
    game: GameName = GameName.WIZARD


@dataclass(frozen=True)
class Terms:
    """The terms to endorse, parsed by the genesis terms' schema (bytes for hex fields)."""

    terms: dict[str, Any]


@dataclass(frozen=True)
class Endorse:
    signature: bytes


@dataclass(frozen=True)
class Ok:
    pass


@dataclass(frozen=True)
class Genesis:
    entry: bytes


@dataclass(frozen=True)
class Bye:
    """A joiner leaves the lobby, or the host closes it (``reason`` says why, and ``kind``
    as data when the host says one this client knows)."""

    reason: str = ""
    kind: ByeKind | None = None


@dataclass(frozen=True)
class Wait:
    """The host will admit or refuse the joiner (or watcher) later: ``reason`` says why,
    and ``kind`` as data when the host says one this client knows."""

    reason: str
    kind: WaitKind | None = None


@dataclass(frozen=True)
class Ping:
    """A joiner is still there (answered ``ok``: the host is still there too)."""


@dataclass(frozen=True)
class Watch:
    """Somebody asks to watch the game: its name, the CURVE key it connects with (its
    lobby client key, and its mesh's), the port its mesh listens on."""

    code: str
    protocol: str
    name: str
    curve_key: str
    port: int


@dataclass(frozen=True)
class WatchAdmitted:
    """The host admitted the watcher: the game's genesis line, the names of who watches
    now (the watcher among them), and which seats are bots if the host says."""

    genesis: bytes
    watchers: tuple[str, ...]
    # The seats a program plays, as the hellos told the host's lobby (counted from 0);
    # None when the host does not say. A watcher words them as bots; nothing else.
    bots: frozenset[int] | None = None


LobbyBody = (
    Hello | Welcome | Refused | Players | Terms | Endorse | Ok | Genesis | Bye | Wait | Ping
    | Watch | WatchAdmitted
)


def _players(parsed: tuple[dict[str, Any], ...], path: str) -> tuple[LobbyPlayer, ...]:
    players = tuple(LobbyPlayer(**p) for p in parsed)
    if len({p.sign_key for p in players}) != len(players):
        raise DecodeError(f"{path}: two players share a signing key")
    return players


def check_name(name: str) -> str:
    """``name`` as the lobby and the genesis hold it (stripped), or :class:`DecodeError`
    saying why no lobby would seat it: the check of a player's own ``--name``."""
    return _NAME.parse(name, "name")


def check_z85_key(value: Any, path: str) -> str:
    """``value`` if it is a CURVE public key in Z85 (40 characters, each group of 5 within
    32 bits), else :class:`DecodeError` naming ``path``."""
    return _Z85_KEY.parse(value, path)


def decode_lobby(payload: bytes, expect: Collection[str] | None = None, *,
                 games: Mapping[GameName, LobbyGame] | None = None) -> LobbyBody:
    """The lobby message in ``payload``; :class:`DecodeError` for anything else, or for
    a type not in ``expect`` (when given). Terms of another protocol version raise
    :class:`VersionMismatch`, so that the player is told that rather than a field.
    ``games``: each game's rules (``tables.RULES``), which a ``hello`` and a ``terms``
    message are read by (not given: neither is read)."""
    obj = boundedjson.loads(
        payload, max_size=MAX_LOBBY_BYTES, max_depth=_MAX_DEPTH, what="lobby message"
    )
    if not isinstance(obj, dict):
        raise DecodeError("lobby message: expected an object")
    kind = obj.pop("type", None)
    if not isinstance(kind, str) or kind not in _SCHEMAS:
        raise DecodeError(f"lobby message: unknown type {kind!r:.40}")
    if expect is not None and kind not in expect:
        raise DecodeError(f"lobby message: a {kind!r} message was not expected here")
    if kind == "terms" and isinstance(obj.get("terms"), dict):
        theirs = obj["terms"].get("protocol")
        if theirs != PROTOCOL:
            raise VersionMismatch(theirs)
    fields = _SCHEMAS[kind].parse(obj, kind)
    if kind == "hello":
        return _hello(fields, games)
    if kind == "welcome":
        players = _players(fields["players"], "welcome.players")
        if fields["seat"] >= len(players):
            raise DecodeError("welcome.seat: no such seat in welcome.players")
        game = _game(fields)
        return Welcome(fields["seat"], players, tuple(fields.get("variants", ())),
                       fields.get("protocol"), game)
    if kind == "refused":
        fault = fields.get("deck")
        table = fields.get("game")
        return Refused(fields["reason"], _refusal_kind(fields.get("kind", "")),
                       None if fault is None else DeckFault(fault["rule"], fault["count"],
                                                            fault.get("card")),
                       None if table is None else GameName(table))
    if kind == "players":
        players = _players(fields["players"], "players.players")
        game = _game(fields)
        if len(players) > fields["seats"]:
            raise DecodeError("players: more players than seats")
        return Players(players, fields["seats"], tuple(fields.get("variants", ())),
                       fields.get("coach", False), game)
    if kind == "terms":
        return Terms(_game_terms(fields["terms"], games, "terms.terms"))
    if kind == "endorse":
        return Endorse(fields["signature"])
    if kind == "genesis":
        return Genesis(fields["entry"])
    if kind == "bye":
        said = fields.get("kind", "")
        return Bye(fields.get("reason", ""), ByeKind(said) if said in set(ByeKind) else None)
    if kind == "wait":
        said = fields.get("kind", "")
        return Wait(fields["reason"], WaitKind(said) if said in set(WaitKind) else None)
    if kind == "watch":
        return Watch(fields["code"], fields["protocol"], fields["name"], fields["curve_key"],
                     fields["port"])
    if kind == "admitted":
        bots = fields.get("bots")
        if bots is not None and len(set(bots)) != len(bots):
            raise DecodeError("admitted.bots: a seat named twice")
        return WatchAdmitted(fields["genesis"], tuple(fields["watchers"]),
                             None if bots is None else frozenset(bots))
    return Ok() if kind == "ok" else Ping()


def _game(fields: dict[str, Any]) -> GameName:
    """The message's game (absent: Wizard, as older hosts leave it out). Its seats and
    variants are the game's to read (``tables.lobby_terms``), within this layer's bounds."""
    return GameName(fields.get("game", GameName.WIZARD))


def _hello(fields: dict[str, Any], games: Mapping[GameName, LobbyGame] | None) -> Hello:
    """A hello: it carries its deck's public part where the game's joiner brings a deck
    (巫师牌's), and none where it brings none (Wizard's)."""
    game = GameName(fields.get("game", GameName.WIZARD))
    rules = None if games is None else games.get(game)
    if rules is None:
        raise DecodeError(f"hello.game: {game.value} is not a game this program plays")
    deck = fields.get("deck")
    if rules.brings_deck and deck is None:
        raise DecodeError(f"hello.deck: a joiner of {game.value} brings its deck's public part")
    if not rules.brings_deck and deck is not None:
        raise DecodeError(f"hello.deck: a joiner of {game.value} brings no deck")
    part = None if deck is None else DeckPart(deck["hero"], tuple(deck["extra"]), deck["main"],
                                              deck["skills"])
    return Hello(fields["code"], fields.get("protocol"), fields["port"],
                 LobbyPlayer(**fields["player"]), game, part)
def _refusal_kind(kind: str) -> RefusalKind | GateRefusalKind | None:
    """A refusal's ``kind`` as this client knows it (the lobby's or the gate's), or None."""
    if kind in set(RefusalKind):
        return RefusalKind(kind)
    if kind in set(GateRefusalKind):
        return GateRefusalKind(kind)
    return None


def joiner_address(host: str, port: int) -> str:
    """The address the others dial a joiner at, from the IP its lobby connection came
    from and the port its hello names; :class:`DecodeError` if the genesis would refuse it."""
    return PLAYER.fields["address"].parse(f"{host}:{port}", "address")
