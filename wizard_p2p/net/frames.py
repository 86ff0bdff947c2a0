"""Wire frames of the network layer: encoding and strict decoding.

A message on a link is a ZeroMQ multipart message of exactly three frames::

    [kind, header, payload]

* ``kind`` — a short ASCII tag (``b"HB"``, ``b"ENT"``...) that selects the
  frame type;
* ``header`` — a JSON object in canonical form (keys sorted, no spaces, ASCII
  only, no floats), at most ``MAX_HEADER`` bytes, holding exactly the fields of
  that kind and nothing else;
* ``payload`` — opaque bytes, empty for kinds that carry none.

Decoding is strict: anything else (wrong frame count, unknown kind, a header
that is not the canonical encoding of an object with exactly the expected
fields and types, an oversized payload) raises :class:`FrameError` and the
frame is dropped by the caller. ``protocol/NET.md`` is the normative text;
this module implements it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from wizard_p2p.errors import DecodeError

VERSION = 1
MAX_HEADER = 512
MAX_KIND = 8
MAX_GAME_ID = 128
# Counters and positions stay within the integers JSON carries exactly everywhere.
MAX_INT = 2**53 - 1

_HEX64 = re.compile(r"[0-9a-f]{64}")
_EPOCH = re.compile(r"[0-9a-f]{16}")
_GAME_ID = re.compile(r"[\x21-\x7e]{0,128}")


class FrameError(DecodeError):
    """Bytes received on a link that are not a valid frame. ``reason`` is short and stable."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# --- frames of the mesh ------------------------------------------------------


@dataclass(frozen=True)
class Heartbeat:
    """Liveness, sent every heartbeat interval: the sender's instance and log length."""

    KIND: ClassVar[bytes] = b"HB"
    epoch: str
    length: int
    tip: str


@dataclass(frozen=True)
class Entry:
    """One log entry at ``position``, pushed by its publisher or served for a sync."""

    KIND: ClassVar[bytes] = b"ENT"
    position: int
    data: bytes


@dataclass(frozen=True)
class Ack:
    """The sender holds entries ``0 .. length-1``; ``tip`` is the digest of the last."""

    KIND: ClassVar[bytes] = b"ACK"
    length: int
    tip: str


@dataclass(frozen=True)
class SyncRequest:
    """Please send me entries ``start .. start+count-1`` (those you hold)."""

    KIND: ClassVar[bytes] = b"SYNC"
    start: int
    count: int


@dataclass(frozen=True)
class Private:
    """A point-to-point message, resent until acknowledged; ``(epoch, seq)`` names it."""

    KIND: ClassVar[bytes] = b"PRV"
    epoch: str
    seq: int
    payload: bytes


@dataclass(frozen=True)
class PrivateAck:
    """The private message ``(epoch, seq)`` of the receiver of this ack has arrived."""

    KIND: ClassVar[bytes] = b"PACK"
    epoch: str
    seq: int


@dataclass(frozen=True)
class Control:
    """An unreliable control message: delivered at most once, maybe never."""

    KIND: ClassVar[bytes] = b"MSG"
    payload: bytes


MeshFrame = Heartbeat | Entry | Ack | SyncRequest | Private | PrivateAck | Control


# --- frames of the lobby -----------------------------------------------------


@dataclass(frozen=True)
class LobbyRequest:
    """Client to lobby server: message ``msg_id`` (unique per client instance)."""

    KIND: ClassVar[bytes] = b"LREQ"
    msg_id: int
    payload: bytes


@dataclass(frozen=True)
class LobbyReply:
    """Lobby server to client: the answer to ``reply_to``, or a push when ``None``."""

    KIND: ClassVar[bytes] = b"LREP"
    reply_to: int | None
    payload: bytes


# --- canonical JSON header -----------------------------------------------------


# Built once: json.dumps/loads with options build a new encoder/decoder per call, a
# good part of a small frame's cost.
_HEADER_ENCODER = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
)


def canonical_header(obj: dict[str, Any]) -> bytes:
    """The one byte encoding of a header object that decoders accept."""
    return _HEADER_ENCODER.encode(obj).encode("ascii")


def _reject_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise FrameError("header has a duplicate key")
        out[key] = value
    return out


def _reject_constant(name: str) -> Any:
    raise FrameError("header has a non-finite number")


def _reject_float(text: str) -> Any:
    raise FrameError("header has a non-integer number")


_HEADER_DECODER = json.JSONDecoder(
    object_pairs_hook=_reject_duplicates,
    parse_constant=_reject_constant,
    parse_float=_reject_float,
)


def parse_header(raw: bytes, fields: frozenset[str]) -> dict[str, Any]:
    """Decode a canonical JSON header object with exactly ``fields`` (plus ``v``)."""
    if len(raw) > MAX_HEADER:
        raise FrameError("header too large")
    try:
        text = raw.decode("ascii")
        obj = _HEADER_DECODER.decode(text)
    except FrameError:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise FrameError("header is not ASCII JSON") from None
    if not isinstance(obj, dict):
        raise FrameError("header is not an object")
    if canonical_header(obj) != raw:
        raise FrameError("header is not canonical")
    if set(obj) != fields | {"v"}:
        raise FrameError("header has wrong fields")
    if obj["v"] != VERSION or isinstance(obj["v"], bool):
        raise FrameError("unsupported frame version")
    return obj


def _int(obj: dict[str, Any], key: str, low: int = 0, high: int = MAX_INT) -> int:
    value = obj[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise FrameError(f"header field {key!r} out of range")
    return value


def _match(obj: dict[str, Any], key: str, pattern: re.Pattern[str]) -> str:
    value = obj[key]
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise FrameError(f"header field {key!r} malformed")
    return value


def _tip(obj: dict[str, Any], length: int) -> str:
    value = obj["tip"]
    if length == 0:
        if value != "":
            raise FrameError("header field 'tip' must be empty for an empty log")
        return value
    return _match(obj, "tip", _HEX64)


# --- mesh encode / decode ------------------------------------------------------

_MESH_FIELDS: dict[bytes, frozenset[str]] = {
    Heartbeat.KIND: frozenset({"s", "ep", "len", "tip"}),
    Entry.KIND: frozenset({"s", "pos"}),
    Ack.KIND: frozenset({"s", "len", "tip"}),
    SyncRequest.KIND: frozenset({"s", "from", "n"}),
    Private.KIND: frozenset({"s", "ep", "seq"}),
    PrivateAck.KIND: frozenset({"s", "ep", "seq"}),
    Control.KIND: frozenset({"s"}),
}
_CARRIES_PAYLOAD = frozenset({Entry.KIND, Private.KIND, Control.KIND, LobbyRequest.KIND,
                              LobbyReply.KIND})


def check_game_id(game_id: str) -> str:
    """Return ``game_id`` if it may name a mesh's game, else raise ``FrameError``."""
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise FrameError("game id must be 0-128 printable ASCII characters without space")
    return game_id


def encode_mesh(frame: MeshFrame, game_id: str) -> list[bytes]:
    """The three wire frames of ``frame`` for a mesh whose game is ``game_id``."""
    header: dict[str, Any] = {"v": VERSION, "s": game_id}
    payload = b""
    match frame:
        case Heartbeat(epoch=epoch, length=length, tip=tip):
            header |= {"ep": epoch, "len": length, "tip": tip}
        case Entry(position=position, data=data):
            header["pos"] = position
            payload = data
        case Ack(length=length, tip=tip):
            header |= {"len": length, "tip": tip}
        case SyncRequest(start=start, count=count):
            header |= {"from": start, "n": count}
        case Private(epoch=epoch, seq=seq, payload=data):
            header |= {"ep": epoch, "seq": seq}
            payload = data
        case PrivateAck(epoch=epoch, seq=seq):
            header |= {"ep": epoch, "seq": seq}
        case Control(payload=data):
            payload = data
        case _:
            raise TypeError(f"not a mesh frame: {frame!r}")
    return [frame.KIND, canonical_header(header), bytes(payload)]


def _split(frames: Sequence[bytes], max_payload: int) -> tuple[bytes, bytes, bytes]:
    if len(frames) != 3:
        raise FrameError(f"expected 3 frames, got {len(frames)}")
    kind, header, payload = (bytes(f) for f in frames)
    if len(kind) > MAX_KIND:
        raise FrameError("kind too long")
    if len(payload) > max_payload:
        raise FrameError("payload too large")
    if payload and kind not in _CARRIES_PAYLOAD:
        raise FrameError("payload on a frame kind that carries none")
    return kind, header, payload


def decode_mesh(
    frames: Sequence[bytes], *, max_payload: int, max_sync: int
) -> tuple[str, MeshFrame]:
    """Decode three wire frames into ``(game_id, frame)`` or raise :class:`FrameError`."""
    kind, raw, payload = _split(frames, max_payload)
    fields = _MESH_FIELDS.get(kind)
    if fields is None:
        raise FrameError("unknown frame kind")
    h = parse_header(raw, fields)
    game_id = _match(h, "s", _GAME_ID)
    frame: MeshFrame
    if kind == Heartbeat.KIND:
        length = _int(h, "len")
        frame = Heartbeat(_match(h, "ep", _EPOCH), length, _tip(h, length))
    elif kind == Entry.KIND:
        frame = Entry(_int(h, "pos"), payload)
    elif kind == Ack.KIND:
        length = _int(h, "len")
        frame = Ack(length, _tip(h, length))
    elif kind == SyncRequest.KIND:
        frame = SyncRequest(_int(h, "from"), _int(h, "n", 1, max_sync))
    elif kind == Private.KIND:
        frame = Private(_match(h, "ep", _EPOCH), _int(h, "seq"), payload)
    elif kind == PrivateAck.KIND:
        frame = PrivateAck(_match(h, "ep", _EPOCH), _int(h, "seq"))
    else:
        frame = Control(payload)
    return game_id, frame


# --- lobby encode / decode -----------------------------------------------------


def encode_lobby(frame: LobbyRequest | LobbyReply) -> list[bytes]:
    """The three wire frames of a lobby frame."""
    if isinstance(frame, LobbyRequest):
        header: dict[str, Any] = {"v": VERSION, "id": frame.msg_id}
    elif isinstance(frame, LobbyReply):
        header = {"v": VERSION, "re": frame.reply_to}
    else:
        raise TypeError(f"not a lobby frame: {frame!r}")
    return [frame.KIND, canonical_header(header), bytes(frame.payload)]


def decode_lobby_request(frames: Sequence[bytes], *, max_payload: int) -> LobbyRequest:
    """Decode what a lobby client sent, or raise :class:`FrameError`."""
    kind, raw, payload = _split(frames, max_payload)
    if kind != LobbyRequest.KIND:
        raise FrameError("unknown frame kind")
    return LobbyRequest(_int(parse_header(raw, frozenset({"id"})), "id"), payload)


def decode_lobby_reply(frames: Sequence[bytes], *, max_payload: int) -> LobbyReply:
    """Decode what a lobby server sent, or raise :class:`FrameError`."""
    kind, raw, payload = _split(frames, max_payload)
    if kind != LobbyReply.KIND:
        raise FrameError("unknown frame kind")
    h = parse_header(raw, frozenset({"re"}))
    return LobbyReply(None if h["re"] is None else _int(h, "re"), payload)
