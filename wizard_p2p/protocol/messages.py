"""Every message of the game protocol: the signed log entry and its bodies, byte for byte.

A log entry is one line of canonical JSON (see ``wizard_p2p.canonical``) whose
members are sorted by key except the signature, which comes last::

    {"body":{...},"game":"<hex32>","kind":"play","pos":17,"prev":"<hex32>","seat":2,"v":1,"sig":"<hex64>"}

The signed bytes are the line with ``,"sig":"…"`` removed (that is, the
canonical encoding of the entry without its signature), signed in the domain
``entry``. So a verifier checks the exact bytes it received and never
re-serialises. The entry's hash (``entry_hash``) is SHA-256 of the whole line;
``prev`` is the previous entry's hash, and the game id is the hash of the
genesis entry (position 0, whose ``game`` and ``prev`` are 32 zero bytes).

Bodies are defined per ``kind`` in ``BODIES`` and parsed strictly: unknown or
missing fields, wrong types, out-of-range numbers and oversize input are
refused with a ``DecodeError`` that says where. ``protocol/schemas/`` holds the
same definitions as JSON Schema.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wizard_p2p import boundedjson, canonical
from wizard_p2p.crypto import SEAL_OVERHEAD
from wizard_p2p.errors import DecodeError, WizardError
from wizard_p2p.identity import Identity, verify
from wizard_p2p.protocol.core_bodies import ABORT, COIN, PROOF
from wizard_p2p.protocol.core_bodies import HASH as HASH
from wizard_p2p.protocol.core_bodies import MAX_ENTRY_BYTES as MAX_ENTRY_BYTES
from wizard_p2p.protocol.core_bodies import PLAYER as PLAYER
from wizard_p2p.protocol.core_bodies import PROOF_LINE_CHARS as PROOF_LINE_CHARS
from wizard_p2p.protocol.core_bodies import PROTOCOL as PROTOCOL
from wizard_p2p.protocol.core_bodies import SEATS as SEATS
from wizard_p2p.protocol.core_bodies import VERSION as VERSION
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.kinds import WIZARD_KINDS
from wizard_p2p.protocol.schema import (
    REQUIRED,
    Bool,
    Column,
    Field,
    Hex,
    Int,
    List,
    Nullable,
    Obj,
    Record,
    Str,
)
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS, GameConfig

ZERO_HASH = bytes(32)
ENTRY_DOMAIN = "entry"
GENESIS_DOMAIN = "genesis"
SIG_HEX = 128
_SIG_SUFFIX_LEN = len(',"sig":""}') + SIG_HEX

ROUND = Int(1, 20)
POINT = Hex(32)
SCALAR = Hex(32)
# Lock keys sealed to one seat (the clairvoyance round): a box of 1..5 keys (crypto.seal_keys).
SEALED = Hex(SEAL_OVERHEAD + 32, SEAL_OVERHEAD + 32 * 5)
# The clairvoyance round's sealed key shares: one box per other seat, null at the writer's.
SHARES = List(Nullable(SEALED), 3, 6)

_RULES_DEFAULTS = {f.name: f.default for f in dataclasses.fields(GameConfig)}


def _config_column(attr: str, spec: Field, *, written: bool = False) -> Column:
    """A ``GameConfig`` field under its own name, with the default the rules give it (none:
    the field is required)."""
    default = _RULES_DEFAULTS[attr]
    return Column(attr, attr, spec, REQUIRED if default is dataclasses.MISSING else default,
                  written)


# The genesis terms' game: one row per ``GameConfig`` field (SPEC §3.1). An absent field
# is the standard game's; the rows marked ``written`` are written whatever their value, as
# every genesis of this version carries them, and any other only when it is not its default.
CONFIG = Record(
    (
        _config_column("seats", Int(MIN_SEATS, MAX_SEATS)),
        _config_column("plus_minus_one", Bool(), written=True),
        _config_column("hidden_bids", Bool(), written=True),
        _config_column("secret_bids", Bool(), written=True),
        _config_column("clairvoyance", Bool(), written=True),
        _config_column("wizard_lead_sets_suit", Bool(), written=True),
    )
)

# A game after the first of a series at one table (WIZARD §1.3): the series is named by the
# game id of its first game, which carries no such field; the first dealer is fixed.
MAX_SERIES_GAMES = 999
SERIES = Obj(
    {
        "first": HASH,
        "game": Int(2, MAX_SERIES_GAMES),
        "first_dealer": SEATS,
    }
)

GENESIS_TERMS = Obj(
    {
        "protocol": Str(max_len=32, choices=(PROTOCOL,)),
        # The game the log plays (SPEC §3.1): required, read before the rest of the terms.
        "game": Str(max_len=16, choices=(GameName.WIZARD.value,)),
        "config": CONFIG,
        "players": List(PLAYER, 3, 6),
        "nonce": Hex(32),
        # Whether the players may ask the coach during the game; absent: they may not.
        "coach": Bool(),
        "series": SERIES,
    },
    optional=frozenset({"coach", "series"}),
)

# A game's body table: each of its entry kinds (the core's among them) with its body's schema.
Bodies = Mapping[str, Field]

BODIES: dict[str, Obj] = {
    # Position 0, written by seat 0 (the host): the terms, endorsed by every player.
    "genesis": Obj({"terms": GENESIS_TERMS, "endorsements": List(Hex(64), 3, 6)}),
    # Each seat in turn opens its coin commitment; the coins pick the first dealer.
    "coin": COIN,
    # Each seat in turn: its shuffle pass over the whole deck, and a hash of its round
    # secret. The last seat's pass keeps only the positions the round locks, and locks
    # them in the same multiplication: it carries the keys it releases, as a lock does.
    # In the clairvoyance round every shuffle carries the writer's box key, and the last
    # one its sealed key shares, as a lock does.
    "shuffle": Obj(
        {
            "round": ROUND,
            "deck": List(POINT, 1, 60),
            "secret_hash": HASH,
            "keys": List(Nullable(SCALAR), 1, 60),
            "box": POINT,
            "shares": SHARES,
        },
        optional=frozenset({"keys", "box", "shares"}),
    ),
    # Each seat in turn: its lock pass over the dealt positions, with the keys it releases
    # (null where withheld: its own positions, and every dealt one in the clairvoyance round,
    # whose keys go to the seats that may see each card sealed in "shares").
    "lock": Obj(
        {
            "round": ROUND,
            "deck": List(POINT, 1, 60),
            "keys": List(Nullable(SCALAR), 1, 60),
            "shares": SHARES,
        },
        optional=frozenset({"shares"}),
    ),
    # The dealer names trump when a Wizard is turned up.
    "trump": Obj({"round": ROUND, "suit": Str(max_len=1, min_len=1, choices=("B", "G", "R", "Y"))}),
    # A bid: open ("bid") or sealed ("commit"), by the variant.
    "bid": Obj(
        {"round": ROUND, "bid": Int(0, 20), "commit": HASH},
        optional=frozenset({"bid", "commit"}),
    ),
    # Hidden bids: each seat opens its sealed bid before the first trick.
    "bid_open": Obj({"round": ROUND, "bid": Int(0, 20), "nonce": Hex(32)}),
    # A card: the hand position played and the owner's lock key for it (in the clairvoyance
    # round, "keys" also carries this seat's keys for every dealt position). A play of the
    # round's last trick also reveals the writer's round secret (and, with secret bids,
    # opens its bid): every card left is forced by then, so nothing is given away early.
    "play": Obj(
        {
            "round": ROUND,
            "position": Int(0, 59),
            "key": SCALAR,
            "keys": List(SCALAR, 3, 6),
            "secret": Hex(32),
            "bid": Int(0, 20),
            "nonce": Hex(32),
        },
        optional=frozenset({"keys", "secret", "bid", "nonce"}),
    ),
    # After a dispute: each seat that has not revealed its round secret in a play does so.
    "reveal": Obj({"round": ROUND, "secret": Hex(32)}),
    # The writer due cannot go on (a card it must read does not decode, or key shares
    # sealed to it do not open): every seat then reveals its round secret at once, and
    # the replay names the culprit.
    "dispute": Obj({"round": ROUND, "reason": Str(max_len=200)}),
    # After the last round each seat in turn signs the final totals: the game is agreed.
    "final": Obj({"totals": List(Int(-100000, 100000), 3, 6)}),
    # A seat stalled past the limit: any other seat may end the game, naming it.
    "abort": ABORT,
    # Two different entries one seat signed for this very position: the proof of its
    # equivocation ends the game (the two lines, in byte order).
    "proof": PROOF,
}

ENVELOPE_FIELDS: dict[str, Field] = {
    "v": Int(VERSION, VERSION),
    "game": HASH,
    "pos": Int(0, 1_000_000),
    "prev": HASH,
    "seat": SEATS,
    "kind": Str(max_len=16, choices=tuple(BODIES)),
}

@dataclass(frozen=True)
class Entry:
    """A decoded, signature-checked log entry. ``raw`` is the exact line (no newline)."""

    raw: bytes
    game: bytes
    pos: int
    prev: bytes
    seat: int
    kind: str  # one of the game's kinds: its body table's keys
    body: dict[str, Any]
    signature: bytes

    @property
    def hash(self) -> bytes:
        return entry_hash(self.raw)

    @property
    def signed_bytes(self) -> bytes:
        return self.raw[: -_SIG_SUFFIX_LEN] + b"}"


def entry_hash(raw: bytes) -> bytes:
    return hashlib.sha256(raw).digest()


def encode_entry(
    identity: Identity,
    *,
    game: bytes,
    pos: int,
    prev: bytes,
    seat: int,
    kind: str,
    body: dict[str, Any],
) -> bytes:
    """Sign and encode one entry; the returned line is what is sent, stored and hashed."""
    return _signed_line(identity, _envelope(game, pos, prev, seat, kind, body))[0]


def sign_entry(
    identity: Identity,
    *,
    game: bytes,
    pos: int,
    prev: bytes,
    seat: int,
    kind: str,
    body: dict[str, Any],
    bodies: Bodies | None = None,
) -> Entry:
    """:func:`encode_entry`, returned as :func:`decode_entry` reads its line back.

    The envelope and the body go through the same schemas, checked on the value that
    was encoded rather than on the line: canonical JSON reads back as the value it
    encodes, so parsing it and checking its form again would only repeat the encoding,
    on the critical path of every pass and play. Raises :class:`DecodeError` where
    ``decode_entry`` would.
    """
    raw, value, signature = _signed_line(
        identity, _envelope(game, pos, prev, seat, kind, body)
    )
    _check_size(raw)
    return _entry_of(raw, value, signature, BODIES if bodies is None else bodies)


def _envelope(
    game: bytes, pos: int, prev: bytes, seat: int, kind: str, body: dict[str, Any]
) -> dict[str, Any]:
    return {
        "v": VERSION,
        "game": game,
        "pos": pos,
        "prev": prev,
        "seat": seat,
        "kind": kind,
        "body": body,
    }


def _signed_line(identity: Identity, envelope: dict[str, Any]) -> tuple[bytes, Any, bytes]:
    """The entry's line, the JSON value it holds (its signature aside), the signature."""
    unsigned, value = canonical.encode_with_value(envelope)
    signature = identity.sign(ENTRY_DOMAIN, unsigned)
    return unsigned[:-1] + b',"sig":"' + signature.hex().encode() + b'"}', value, signature


def _check_size(raw: bytes) -> None:
    if len(raw) > MAX_ENTRY_BYTES:
        raise DecodeError(f"entry of {len(raw)} bytes exceeds {MAX_ENTRY_BYTES}")


def split_signature(raw: bytes) -> tuple[bytes, bytes]:
    """(signed bytes, signature) of an entry line, checking the signature's fixed place."""
    if not isinstance(raw, bytes):
        raise DecodeError("an entry is bytes")
    _check_size(raw)
    suffix = raw[-_SIG_SUFFIX_LEN:]
    if len(raw) < _SIG_SUFFIX_LEN + 2 or not (
        suffix.startswith(b',"sig":"') and suffix.endswith(b'"}')
    ):
        raise DecodeError('an entry must end with its signature: ,"sig":"<128 hex digits>"}')
    signature = canonical.hexbytes(suffix[8:-2].decode("ascii", "replace"), 64)
    return raw[:-_SIG_SUFFIX_LEN] + b"}", signature


def decode_entry(raw: bytes, bodies: Bodies | None = None) -> Entry:
    """Parse an entry line strictly (no signature check: that needs the seat's key).

    ``bodies`` is the game's body table (its kinds, each with its body's schema; the
    genesis founds the game and names it): the entry's kind must be one of its keys.
    Absent, it is Wizard's (``BODIES``). :func:`decode_envelope` reads an entry of any
    game without its body's schema."""
    signed, signature = split_signature(raw)
    return _entry_of(raw, canonical.decode(signed, MAX_ENTRY_BYTES), signature,
                     BODIES if bodies is None else bodies)


def decode_envelope(raw: bytes) -> Entry:
    """An entry line of any game read as far as its envelope: every member checked but
    the body, which need only be an object, and the kind, which need only be a word."""
    signed, signature = split_signature(raw)
    return _entry_of(raw, canonical.decode(signed, MAX_ENTRY_BYTES), signature, None)


def _envelope_of(bodies: Bodies | None) -> Obj:
    """The envelope as decode_entry checks it, for a game's body table (None: any kind)."""
    key = None if bodies is None else id(bodies)
    cached = _ENVELOPES.get(key)
    if cached is not None and cached[0] is bodies:
        return cached[1]
    kind = Str(max_len=16, min_len=1) if bodies is None else Str(16, choices=tuple(bodies))
    envelope = Obj({**ENVELOPE_FIELDS, "kind": kind, "body": _ANY_OBJECT})
    _ENVELOPES[key] = (bodies, envelope)
    return envelope


def _entry_of(raw: bytes, obj: Any, signature: bytes, bodies: Bodies | None) -> Entry:
    """The entry whose line is ``raw``, from the JSON value of its signed part."""
    if not isinstance(obj, dict):
        raise DecodeError("an entry is a JSON object")
    fields = (_ENVELOPE if bodies is BODIES else _envelope_of(bodies)).parse(obj, "entry")
    kind: str = fields["kind"]  # one of the bodies' kinds: the schema checked it
    if bodies is BODIES:
        kind = WIZARD_KINDS[kind]
    body = obj["body"] if bodies is None else bodies[kind].parse(obj["body"], f"{kind}.body")
    return Entry(
        raw=raw,
        game=fields["game"],
        pos=fields["pos"],
        prev=fields["prev"],
        seat=fields["seat"],
        kind=kind,
        body=body,
        signature=signature,
    )


def signed_version_of(genesis: bytes) -> int | None:
    """The protocol version of a log's genesis line, if its host's signature holds on it
    (a version changed by hand is tampering, for the audit to find as such); None if
    the line cannot be read that far. Any version's genesis is read, not only this one's."""
    try:
        obj = boundedjson.loads(genesis, max_size=MAX_ENTRY_BYTES, max_depth=canonical.MAX_DEPTH)
        version = obj["v"]
        host_key = bytes.fromhex(obj["body"]["terms"]["players"][0]["sign_key"])
        signed, signature = split_signature(genesis)
        verify(host_key, ENTRY_DOMAIN, signed, signature)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, WizardError):
        return None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


class OtherVersion(DecodeError):
    """A line its author signed for this game under another protocol version: refused as
    such, never read with this version's rules (which would blame the author)."""

    def __init__(self, version: int, position: int | None) -> None:
        where = f"position {position} is" if position is not None else "an entry is"
        super().__init__(
            f"{where} written by protocol version {version}; this program reads version "
            f"{VERSION}"
        )
        self.version = version
        self.position = position


@dataclass(frozen=True)
class Header:
    """What a line that does not decode as an entry claims about itself: enough to check
    its signature (the signed bytes are fixed, whatever the body holds)."""

    seat: int
    pos: int | None
    game: bytes | None
    version: int | None
    signed: bytes
    signature: bytes


def read_header(raw: bytes) -> Header | None:
    """The claimed seat (and position, game, version) of a line that ends in a signature;
    None if not even that much can be read (an oversize line, no signature suffix, no
    JSON object, no seat)."""
    try:
        signed, signature = split_signature(raw)
        obj = boundedjson.loads(signed, max_size=MAX_ENTRY_BYTES, max_depth=canonical.MAX_DEPTH)
    except (ValueError, WizardError):
        return None
    if not isinstance(obj, dict):
        return None
    seat, pos, game, version = obj.get("seat"), obj.get("pos"), obj.get("game"), obj.get("v")
    if not isinstance(seat, int) or isinstance(seat, bool):
        return None
    try:
        game_id = bytes.fromhex(game) if isinstance(game, str) and len(game) == 64 else None
    except ValueError:
        game_id = None
    return Header(
        seat=seat,
        pos=pos if isinstance(pos, int) and _is_int(pos) and pos >= 0 else None,
        game=game_id,
        version=version if isinstance(version, int) and _is_int(version) else None,
        signed=signed,
        signature=signature,
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_entry_signature(entry: Entry | Header, sign_key: bytes) -> None:
    """Raise ``BadSignature`` unless ``sign_key`` signed this entry's exact bytes."""
    signed = entry.signed if isinstance(entry, Header) else entry.signed_bytes
    verify(sign_key, ENTRY_DOMAIN, signed, entry.signature)


class _AnyObject(Field):
    def parse(self, value: Any, path: str) -> Any:
        if not isinstance(value, dict):
            raise DecodeError(f"{path}: expected an object")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "object"}


_ANY_OBJECT = _AnyObject()
# The envelope as decode_entry checks it: the body is checked next, by its kind's schema.
_ENVELOPE = Obj({**ENVELOPE_FIELDS, "body": _ANY_OBJECT})
# Other games' envelopes, by their body table (made once each).
_ENVELOPES: dict[int | None, tuple[Bodies | None, Obj]] = {}


def genesis_terms_bytes(terms: dict[str, Any]) -> bytes:
    """The bytes every player signs to endorse the terms of a game."""
    return canonical.encode(terms)


def json_schemas() -> dict[str, dict[str, Any]]:
    """JSON Schema for the envelope with each body kind."""
    schemas: dict[str, dict[str, Any]] = {}
    for kind, body in BODIES.items():
        envelope = Obj({**ENVELOPE_FIELDS, "kind": Str(16, choices=(kind,)), "body": body})
        schema = envelope.json_schema()
        schema["properties"]["sig"] = Hex(64).json_schema()
        schema["required"] = sorted([*schema["required"], "sig"])
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = f"wizard-p2p log entry: {kind}"
        schemas[f"entry-{kind}"] = schema
    return schemas
