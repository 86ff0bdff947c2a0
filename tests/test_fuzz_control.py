"""Fuzzing the control messages seated peers exchange (``protocol.control``).

Random and mutated payloads must decode to a message whose position is in the
log's range and whose line fits an entry, or be refused with a ``DecodeError``;
what decodes encodes back to an equivalent payload.
"""

from __future__ import annotations

import json

import pytest

from tests.fuzz_support import (
    attempt,
    document_tests,
    dump_spaced,
    golden_lines,
)
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.control import (
    MAX_CONTROL_BYTES,
    EntryAt,
    Want,
    Watchers,
    decode_control,
    encode_control,
)
from wizard_p2p.protocol.lobby_schema import MAX_WATCHERS
from wizard_p2p.protocol.messages import MAX_ENTRY_BYTES

LINES = golden_lines()
VALID = [
    encode_control(Want(0)),
    encode_control(Want(17)),
    encode_control(EntryAt(1, LINES[1])),
    encode_control(EntryAt(9, LINES[9])),
    encode_control(EntryAt(3, "Zoë ☃ 🂡".encode())),
]


def _control(payload: bytes) -> None:
    message = attempt(decode_control, payload)
    if message is None:
        return
    if isinstance(message, Watchers):
        assert len(message.watchers) <= MAX_WATCHERS
        assert decode_control(encode_control(message)) == message
        return
    assert 0 <= message.position <= 1_000_000
    if isinstance(message, EntryAt):
        assert 0 < len(message.data) <= MAX_ENTRY_BYTES
    assert decode_control(encode_control(message)) == message


test_control_random, test_control_mutated = document_tests(
    "control", "control messages", _control, VALID, dump_spaced
)


def test_control_wire_format_is_unchanged() -> None:
    assert encode_control(Want(5)) == json.dumps({"want": 5}).encode()
    line = LINES[2]
    assert encode_control(EntryAt(2, line)) == json.dumps(
        {"entry_at": 2, "data": line.decode()}
    ).encode()
    assert decode_control(b'{"data":"x","entry_at":3}') == EntryAt(3, b"x")


@pytest.mark.parametrize(
    "payload",
    [b'{"want": 1e999}', b'{"want": NaN}', b'{"want": [1]}', b'{"want": null}', b'{"want": -1}',
     b'{"want": true}', b'{"want": 1000001}', b'{"want": 1, "more": 2}', b'{"entry_at": 1}',
     b'{"entry_at": 1, "data": ""}', b'{"entry_at": 1, "data": 5}',
     b'{"entry_at": 1, "data": "\\ud800"}',
     b"[" * 200_000, b"\xff", b"[]", b"{}",
     json.dumps({"entry_at": 1, "data": "x" * (MAX_ENTRY_BYTES + 1)}).encode(),
     json.dumps({"entry_at": 1, "data": "é" * (MAX_ENTRY_BYTES // 2 + 1)}).encode(),
     b" " * (MAX_CONTROL_BYTES + 1)],
)
def test_control_refusals(payload: bytes) -> None:
    with pytest.raises(DecodeError):
        decode_control(payload)
