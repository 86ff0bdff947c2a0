"""Control messages between seated peers: asking a peer for its entry at a position.

Two peers whose logs hold different entries at one position each ask the other for
its entry there (``{"want": P}``) and answer with it (``{"entry_at": P, "data":
LINE}``); the table then decides which stands (SPEC §2.2). Both are plain JSON
objects (not canonical: they are never signed). :func:`decode_control` is the only
way in: a payload that is not one of the two is refused with ``DecodeError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from wizard_p2p.canonical import MAX_INT
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.messages import MAX_ENTRY_BYTES
from wizard_p2p.protocol.schema import Int, Obj, Str

# An entry line is ASCII-escaped by json.dumps: a character may take up to 6 bytes.
MAX_CONTROL_BYTES = 6 * MAX_ENTRY_BYTES + 64

_WANT = Obj({"want": Int(1, MAX_INT)})
_ENTRY_AT = Obj({"entry_at": Int(1, MAX_INT), "data": Str(max_len=MAX_ENTRY_BYTES, min_len=2)})


@dataclass(frozen=True)
class Want:
    """The sender asks for our entry at ``position``."""

    position: int


@dataclass(frozen=True)
class EntryAt:
    """The sender's entry at ``position`` (an entry line, not yet checked)."""

    position: int
    data: bytes


def _no_float(text: str) -> Any:
    raise DecodeError(f"number {text[:20]} is not an integer")


def _no_constant(text: str) -> Any:
    raise DecodeError(f"{text} is not allowed")


_DECODER = json.JSONDecoder(parse_float=_no_float, parse_constant=_no_constant)


def decode_control(payload: bytes) -> Want | EntryAt:
    """The control message in ``payload``; ``DecodeError`` with the reason otherwise."""
    if len(payload) > MAX_CONTROL_BYTES:
        raise DecodeError(f"control message of {len(payload)} bytes exceeds {MAX_CONTROL_BYTES}")
    try:
        obj = _DECODER.decode(payload.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise DecodeError(f"control message is not UTF-8: {exc.reason}") from None
    except RecursionError:
        raise DecodeError("control message nested too deep") from None
    except ValueError as exc:  # json.JSONDecodeError, and int() of a huge literal
        raise DecodeError(f"control message is not JSON: {exc}") from None
    if isinstance(obj, dict) and "want" in obj:
        return Want(_WANT.parse(obj, "control")["want"])
    if isinstance(obj, dict) and "entry_at" in obj:
        parsed = _ENTRY_AT.parse(obj, "control")
        data = parsed["data"].encode("utf-8")
        if len(data) > MAX_ENTRY_BYTES:
            raise DecodeError(f"control message: an entry of {len(data)} bytes")
        return EntryAt(parsed["entry_at"], data)
    raise DecodeError("control message: an object with 'want' or 'entry_at'")


def encode_want(position: int) -> bytes:
    return json.dumps({"want": position}).encode()


def encode_entry_at(position: int, line: bytes) -> bytes:
    return json.dumps({"entry_at": position, "data": line.decode()}).encode()
