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

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wizard_p2p import boundedjson, canonical
from wizard_p2p.errors import DecodeError, WizardError
from wizard_p2p.identity import Identity, verify
from wizard_p2p.protocol.core_bodies import HASH as HASH
from wizard_p2p.protocol.core_bodies import MAX_ENTRY_BYTES as MAX_ENTRY_BYTES
from wizard_p2p.protocol.core_bodies import PLAYER as PLAYER
from wizard_p2p.protocol.core_bodies import PROOF_LINE_CHARS as PROOF_LINE_CHARS
from wizard_p2p.protocol.core_bodies import PROTOCOL as PROTOCOL
from wizard_p2p.protocol.core_bodies import SEATS as SEATS
from wizard_p2p.protocol.core_bodies import VERSION as VERSION
from wizard_p2p.protocol.schema import Field, Hex, Int, Obj, Str

ZERO_HASH = bytes(32)
ENTRY_DOMAIN = "entry"
GENESIS_DOMAIN = "genesis"
SIG_HEX = 128
_SIG_SUFFIX_LEN = len(',"sig":""}') + SIG_HEX

# A game's body table: each of its entry kinds (the core's among them) with its body's
# schema. A kind spelt by a ``StrEnum`` member is read back as that member.
Bodies = Mapping[str, Field]


ENVELOPE_FIELDS: dict[str, Field] = {
    "v": Int(VERSION, VERSION),
    "game": HASH,
    "pos": Int(0, 1_000_000),
    "prev": HASH,
    "seat": SEATS,
    # A word here; one of its game's kinds where the game's body table reads the entry.
    "kind": Str(max_len=16, min_len=1),
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
    bodies: Bodies,
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
    return _entry_of(raw, value, signature, bodies)


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


def decode_entry(raw: bytes, bodies: Bodies) -> Entry:
    """Parse an entry line strictly (no signature check: that needs the seat's key).

    ``bodies`` is the game's body table (its kinds, each with its body's schema; the
    genesis founds the game and names it: ``Genesis.bodies``): the entry's kind must be
    one of its keys. :func:`decode_envelope` reads an entry of any game without its
    body's schema."""
    signed, signature = split_signature(raw)
    return _entry_of(raw, canonical.decode(signed, MAX_ENTRY_BYTES), signature, bodies)


def decode_envelope(raw: bytes) -> Entry:
    """An entry line of any game read as far as its envelope: every member checked but
    the body, which need only be an object, and the kind, which need only be a word."""
    signed, signature = split_signature(raw)
    return _entry_of(raw, canonical.decode(signed, MAX_ENTRY_BYTES), signature, None)


def _envelope_of(bodies: Bodies | None) -> tuple[Obj, Mapping[str, str]]:
    """The envelope as decode_entry checks it, for a game's body table (None: any kind),
    and each of the table's kinds by its word (the table's own key: a ``StrEnum`` member
    where the game spells its kinds so)."""
    key = None if bodies is None else id(bodies)
    cached = _ENVELOPES.get(key)
    if cached is not None and cached[0] is bodies:
        return cached[1], cached[2]
    kind = Str(max_len=16, min_len=1) if bodies is None else Str(16, choices=tuple(bodies))
    envelope = Obj({**ENVELOPE_FIELDS, "kind": kind, "body": _ANY_OBJECT})
    words: Mapping[str, str] = {} if bodies is None else {str(k): k for k in bodies}
    _ENVELOPES[key] = (bodies, envelope, words)
    return envelope, words


def _entry_of(raw: bytes, obj: Any, signature: bytes, bodies: Bodies | None) -> Entry:
    """The entry whose line is ``raw``, from the JSON value of its signed part."""
    if not isinstance(obj, dict):
        raise DecodeError("an entry is a JSON object")
    envelope, words = _envelope_of(bodies)
    fields = envelope.parse(obj, "entry")
    kind: str = fields["kind"]  # one of the bodies' kinds: the schema checked it
    kind = words.get(kind, kind)
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
# The envelope as decode_entry checks it (the body is checked next, by its kind's schema),
# and the kinds by their words, for each game's body table (made once each).
_ENVELOPES: dict[int | None, tuple[Bodies | None, Obj, Mapping[str, str]]] = {}


def genesis_terms_bytes(terms: dict[str, Any]) -> bytes:
    """The bytes every player signs to endorse the terms of a game."""
    return canonical.encode(terms)


def json_schemas(bodies: Bodies) -> dict[str, dict[str, Any]]:
    """JSON Schema for the envelope with each body kind of a game's body table."""
    schemas: dict[str, dict[str, Any]] = {}
    for kind, body in bodies.items():
        envelope = Obj({**ENVELOPE_FIELDS, "kind": Str(16, choices=(kind,)), "body": body})
        schema = envelope.json_schema()
        schema["properties"]["sig"] = Hex(64).json_schema()
        schema["required"] = sorted([*schema["required"], "sig"])
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = f"wizard-p2p log entry: {kind}"
        schemas[f"entry-{kind}"] = schema
    return schemas
