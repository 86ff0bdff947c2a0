"""A lobby's announcement on the local network: the TXT record of its DNS-SD service.

The host's program announces its table with multicast DNS (``net.discovery``,
protocol/NET.md §9); the record's TXT strings say what a person choosing a table
needs and nothing more: the protocol version, the host player's name, the seats
and how many are taken, the variants, when the lobby opened, whether the game is
still in its lobby or already playing, the lobby's port, and the game the table
plays (written for a game other than Wizard: a record without it is Wizard's, as
hosts from before the field write it).

The TXT record comes from anyone on the network, so :func:`decode_announcement`
reads its raw bytes as hostile input: length-prefixed strings within bounds, each
known key at most once, every value in the form :func:`encode_announcement`
writes it (decimal integers without leading zeros, the lobby's name rule), and
the table's seats and variants as its game reads them (the reader it is given,
``tables.lobby_terms``: this module knows no game's rules), or
:class:`DecodeError` saying why. Unknown keys are
ignored, as DNS-SD asks of a reader. The version ``v`` is read first: a record of
another protocol version is read only for what a list shows of it (the name, the
seats, when it opened, its state and port, each loosely bounded), since another
version may have other variants and seat counts; the list then says that this
program cannot join it.

An announcement never holds the invite code, nor anything derived from it: the
code is what proves a joiner was invited, and the lobby's CURVE key derives from
it, so a joiner still needs the code to reach the lobby it chose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.game_name import MAX_TABLE_SEATS, MIN_TABLE_SEATS, GameName
from wizard_p2p.protocol.lobby_schema import check_name
from wizard_p2p.protocol.lobby_terms import TermsReader
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.protocol.schema import Int, Obj, Str

__all__ = [
    "LOBBY",
    "MAX_TXT_BYTES",
    "PLAYING",
    "STATES",
    "Announcement",
    "decode_announcement",
    "encode_announcement",
    "txt_strings",
]

LOBBY = "lobby"  # seats are open: players join
PLAYING = "playing"  # the game has begun: it can be watched, not joined
STATES = (LOBBY, PLAYING)

# The most TXT bytes a reader takes (DNS-SD's advice for a record that fits one
# packet); an announcement of ours is a few hundred.
MAX_TXT_BYTES = 1300
# The most strings a TXT record may hold for a reader to look at it.
MAX_TXT_STRINGS = 32
# Unix seconds: far beyond any clock, small enough to print.
MAX_TIME = 2**40
_DECIMAL = re.compile(rb"0|[1-9][0-9]{0,15}")
_KEY = re.compile(rb"[\x21-\x3c\x3e-\x7e]{1,9}")  # printable ASCII but "=" (RFC 6763 §6.4)

_FIELDS = Obj(
    {
        "v": Str(max_len=32, min_len=1),
        "name": Str(max_len=32, min_len=1),
        "seats": Int(MIN_TABLE_SEATS, MAX_TABLE_SEATS),
        "seated": Int(1, MAX_TABLE_SEATS),
        "variants": Str(max_len=200),
        "opened": Int(0, MAX_TIME),
        "state": Str(max_len=8, choices=STATES),
        "port": Int(1, 65535),
        "game": Str(max_len=16, choices=tuple(g.value for g in GameName)),
    },
    optional=frozenset({"game"}),
)
_INTEGERS = frozenset({"seats", "seated", "opened", "port"})
_VARIANT = re.compile(r"[a-z0-9_]{1,32}", re.ASCII)
# What a record of another protocol version is read for: the fields a list shows, in
# bounds loose enough for a version with other rules (its variants are not read).
MAX_OTHER_SEATS = 99
_OTHER_FIELDS = Obj(
    {
        "v": Str(max_len=32, min_len=1),
        "name": Str(max_len=32, min_len=1),
        "seats": Int(1, MAX_OTHER_SEATS),
        "seated": Int(0, MAX_OTHER_SEATS),
        "opened": Int(0, MAX_TIME),
        "state": Str(max_len=16, min_len=1),
        "port": Int(1, 65535),
    }
)


@dataclass(frozen=True)
class Announcement:
    """What a host says of its table.

    ``opened`` is the Unix time (whole seconds) the lobby opened at: a reader shows the
    table's age as its own clock's difference from it, so the record need not change
    every second (a reader whose clock runs behind the host's sees an age of zero).
    ``protocol`` is the protocol the host plays; a reader of another version lists
    the table as one it cannot join.
    """

    protocol: str
    name: str
    seats: int
    seated: int
    variants: tuple[str, ...]
    opened: int
    state: str
    port: int
    game: GameName = GameName.WIZARD


def encode_announcement(ad: Announcement) -> bytes:
    """The TXT record's data: one ``key=value`` string per field, each prefixed by its
    length, in this order."""
    values: dict[str, str] = {
        "v": ad.protocol,
        "name": ad.name,
        "seats": str(ad.seats),
        "seated": str(ad.seated),
        "variants": ",".join(ad.variants),
        "opened": str(ad.opened),
        "state": ad.state,
        "port": str(ad.port),
    }
    if ad.game is not GameName.WIZARD:
        values["game"] = ad.game.value
    strings = [f"{key}={value}".encode() for key, value in values.items()]
    if any(len(s) > 255 for s in strings):
        raise ValueError("a TXT string holds at most 255 bytes")
    return b"".join(bytes([len(s)]) + s for s in strings)


def txt_strings(text: bytes) -> list[bytes]:
    """The strings of a TXT record's data (each prefixed by its length, RFC 1035 §3.3.14)."""
    if len(text) > MAX_TXT_BYTES:
        raise DecodeError(f"announcement: more than {MAX_TXT_BYTES} bytes")
    strings: list[bytes] = []
    at = 0
    while at < len(text):
        size = text[at]
        end = at + 1 + size
        if end > len(text):
            raise DecodeError("announcement: a string runs past the record's end")
        strings.append(text[at + 1 : end])
        at = end
        if len(strings) > MAX_TXT_STRINGS:
            raise DecodeError(f"announcement: more than {MAX_TXT_STRINGS} strings")
    return strings


def _pairs(text: bytes) -> dict[str, bytes]:
    """The known keys' values; unknown keys are passed over, a known one twice refused."""
    found: dict[str, bytes] = {}
    for string in txt_strings(text):
        if not string:
            continue  # an empty record is one empty string (RFC 6763 §6.1)
        key, sep, value = string.partition(b"=")
        if not _KEY.fullmatch(key):
            raise DecodeError("announcement: a key that is not printable ASCII")
        name = key.decode("ascii")
        if name not in _FIELDS.fields:
            continue
        if not sep:
            raise DecodeError(f"announcement.{name}: a key without a value")
        if name in found:
            raise DecodeError(f"announcement.{name}: given twice")
        found[name] = value
    return found


def _value(name: str, raw: bytes) -> Any:
    if name in _INTEGERS:
        if not _DECIMAL.fullmatch(raw):
            raise DecodeError(f"announcement.{name}: expected a decimal integer")
        return int(raw)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DecodeError(f"announcement.{name}: not UTF-8") from None


def _variants(text: str, seats: int, game: GameName, read: TermsReader) -> tuple[str, ...]:
    """The variants as the table's game reads them, in its one order."""
    names = tuple(text.split(",")) if text else ()
    if any(not _VARIANT.fullmatch(name) for name in names):
        raise DecodeError("announcement.variants: expected names of a-z, 0-9 and _")
    try:
        return read(game, seats, names).variants
    except DecodeError as exc:
        raise DecodeError(f"announcement.{exc}") from None


def decode_announcement(text: bytes, read: TermsReader) -> Announcement:
    """The announcement in a TXT record's raw data, its table's seats and variants read
    by ``read`` (``tables.lobby_terms``), or :class:`DecodeError`.

    A record of another protocol version comes back with no variants (they are not
    read) and its own ``protocol``: the reader lists it as a table it cannot join."""
    raw = _pairs(text)
    if "v" not in raw:
        raise DecodeError("announcement: missing field 'v'")
    version = _FIELDS.fields["v"].parse(_value("v", raw["v"]), "announcement.v")
    other = version != PROTOCOL
    if other:
        raw.pop("variants", None)  # another version's variants are its own
        raw.pop("game", None)  # and so are its games
    schema = _OTHER_FIELDS if other else _FIELDS
    fields = schema.parse({name: _value(name, value) for name, value in raw.items()},
                          "announcement")
    name = fields["name"]
    if check_name(name) != name:
        raise DecodeError("announcement.name: spaces around the name")
    if fields["seated"] > fields["seats"]:
        raise DecodeError("announcement: more players seated than seats")
    game = GameName(fields.get("game", GameName.WIZARD))
    return Announcement(
        protocol=version,
        name=name,
        seats=fields["seats"],
        seated=fields["seated"],
        variants=() if other else _variants(fields["variants"], fields["seats"], game, read),
        opened=fields["opened"],
        state=fields["state"],
        port=fields["port"],
        game=game,
    )
