"""The control messages seated peers exchange beside the log, parsed strictly.

Two peers whose logs differ at a position settle it with two messages, sent as
the mesh's unreliable control payloads (JSON in ``json.dumps``'s layout)::

    {"want": 17}                          send me your entry at position 17
    {"entry_at": 17, "data": "<line>"}    my entry at position 17, its exact line

:func:`decode_control` is the only reader of such a payload: anything but one
of these two objects, with a position in the log's range and a line of at most
``MAX_ENTRY_BYTES``, is refused with a :class:`DecodeError` saying why, before
any code touches it. The line itself is then the table's to check, as any entry.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from wizard_p2p import boundedjson
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.messages import ENVELOPE_FIELDS, MAX_ENTRY_BYTES
from wizard_p2p.protocol.schema import Field, Obj, Utf8

__all__ = ["MAX_CONTROL_BYTES", "ControlMessage", "EntryAt", "Want", "decode_control",
           "encode_control"]

# The line travels as a JSON string with ASCII escapes: a character of 2 to 4 bytes
# becomes at most 12 (a surrogate pair), a quote or backslash 2; so 3 bytes per byte
# of the line at most, plus the object around it.
MAX_CONTROL_BYTES = 3 * MAX_ENTRY_BYTES + 64

_POSITION: Field = ENVELOPE_FIELDS["pos"]
_WANT = Obj({"want": _POSITION})
_ENTRY_AT = Obj({"entry_at": _POSITION, "data": Utf8(MAX_ENTRY_BYTES)})


@dataclass(frozen=True)
class Want:
    """Please send me your entry at ``position``."""

    position: int


@dataclass(frozen=True)
class EntryAt:
    """My entry at ``position``: ``data`` is its exact line (no newline)."""

    position: int
    data: bytes


ControlMessage = Want | EntryAt


def encode_control(message: ControlMessage) -> bytes:
    """The payload of ``message``, byte for byte as peers have always written it."""
    if isinstance(message, Want):
        return json.dumps({"want": message.position}).encode()
    return json.dumps({"entry_at": message.position, "data": message.data.decode()}).encode()


def decode_control(payload: bytes) -> ControlMessage:
    """The control message in ``payload``; :class:`DecodeError` for anything else."""
    obj = boundedjson.loads(
        payload, max_size=MAX_CONTROL_BYTES, max_depth=1, what="control message"
    )
    if isinstance(obj, dict) and "want" in obj:
        return Want(_WANT.parse(obj, "control")["want"])
    if isinstance(obj, dict) and "entry_at" in obj:
        fields = _ENTRY_AT.parse(obj, "control")
        return EntryAt(fields["entry_at"], fields["data"])
    raise DecodeError('control message: expected {"want": n} or {"entry_at": n, "data": line}')
