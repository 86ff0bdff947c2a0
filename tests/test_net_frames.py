"""Wire frames: every frame round-trips, and anything else is refused with a reason."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_p2p.errors import DecodeError
from wizard_p2p.net.frames import (
    MAX_HEADER,
    Ack,
    Control,
    Entry,
    FrameError,
    Heartbeat,
    LobbyReply,
    LobbyRequest,
    Private,
    PrivateAck,
    SyncRequest,
    canonical_header,
    decode_lobby_reply,
    decode_lobby_request,
    decode_mesh,
    encode_lobby,
    encode_mesh,
)

LIMITS = {"max_payload": 4096, "max_sync": 256}
ints = st.integers(min_value=0, max_value=2**53 - 1)
hex64 = st.text("0123456789abcdef", min_size=64, max_size=64)
epochs = st.text("0123456789abcdef", min_size=16, max_size=16)
payloads = st.binary(max_size=4096)
game_ids = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=128)


@st.composite
def log_state(draw: st.DrawFn) -> tuple[int, str]:
    length = draw(ints)
    return length, ("" if length == 0 else draw(hex64))


mesh_frames = st.one_of(
    st.builds(lambda e, lt: Heartbeat(e, *lt), epochs, log_state()),
    st.builds(Entry, ints, payloads),
    st.builds(lambda lt: Ack(*lt), log_state()),
    st.builds(SyncRequest, ints, st.integers(1, 256)),
    st.builds(Private, epochs, ints, payloads),
    st.builds(PrivateAck, epochs, ints),
    st.builds(Control, payloads),
)


@given(mesh_frames, game_ids)
def test_mesh_frames_round_trip(frame: object, game_id: str) -> None:
    wire = encode_mesh(frame, game_id)  # type: ignore[arg-type]
    assert len(wire) == 3
    assert decode_mesh(wire, **LIMITS) == (game_id, frame)


@given(ints, payloads, st.one_of(st.none(), ints))
def test_lobby_frames_round_trip(msg_id: int, payload: bytes, reply_to: int | None) -> None:
    request = LobbyRequest(msg_id, payload)
    assert decode_lobby_request(encode_lobby(request), max_payload=4096) == request
    reply = LobbyReply(reply_to, payload)
    assert decode_lobby_reply(encode_lobby(reply), max_payload=4096) == reply


def test_wire_layout_is_exactly_as_specified() -> None:
    # The example of protocol/NET.md, byte for byte.
    assert encode_mesh(Entry(7, b"xyz"), "g1") == [b"ENT", b'{"pos":7,"s":"g1","v":1}', b"xyz"]
    assert encode_mesh(Heartbeat("00" * 8, 0, ""), "") == [
        b"HB",
        b'{"ep":"0000000000000000","len":0,"s":"","tip":"","v":1}',
        b"",
    ]
    assert encode_lobby(LobbyReply(None, b"p")) == [b"LREP", b'{"re":null,"v":1}', b"p"]


def _hdr(**fields: object) -> bytes:
    return canonical_header({"v": 1, "s": "", **fields})


BAD_MESH = [
    ([b"MSG", _hdr()], "expected 3 frames"),
    ([b"MSG", _hdr(), b"", b""], "expected 3 frames"),
    ([b"NOPE", _hdr(), b""], "unknown frame kind"),
    ([b"TOOLONGKIND", _hdr(), b""], "kind too long"),
    ([b"MSG", b'{"s":"", "v":1}', b""], "header is not canonical"),
    ([b"MSG", b'{"v":1,"s":""}', b""], "header is not canonical"),
    ([b"MSG", b'{"s":"","s":"","v":1}', b""], "header has a duplicate key"),
    ([b"MSG", b"[1]", b""], "header is not an object"),
    ([b"MSG", b"\xff", b""], "header is not ASCII JSON"),
    ([b"MSG", b'{"s":"","v":1', b""], "header is not ASCII JSON"),
    ([b"MSG", _hdr(x=1), b""], "header has wrong fields"),
    ([b"ENT", _hdr(), b""], "header has wrong fields"),
    ([b"MSG", canonical_header({"v": 2, "s": ""}), b""], "unsupported frame version"),
    ([b"MSG", canonical_header({"v": True, "s": ""}), b""], "unsupported frame version"),
    ([b"ENT", _hdr(pos=-1), b""], "out of range"),
    ([b"ENT", _hdr(pos=True), b""], "out of range"),
    ([b"ENT", _hdr(pos=2**53), b""], "out of range"),
    ([b"ENT", b'{"pos":1.0,"s":"","v":1}', b""], "non-integer number"),
    ([b"ENT", b'{"pos":NaN,"s":"","v":1}', b""], "non-finite number"),
    ([b"ENT", _hdr(pos="1"), b""], "out of range"),
    ([b"SYNC", _hdr(**{"from": 0, "n": 0}), b""], "out of range"),
    ([b"SYNC", _hdr(**{"from": 0, "n": 257}), b""], "out of range"),
    ([b"HB", _hdr(ep="0" * 16, len=0, tip="ab" * 32), b""], "must be empty"),
    ([b"HB", _hdr(ep="0" * 16, len=1, tip=""), b""], "malformed"),
    ([b"HB", _hdr(ep="0" * 16, len=1, tip="AB" * 32), b""], "malformed"),
    ([b"HB", _hdr(ep="xyz", len=0, tip=""), b""], "malformed"),
    ([b"ACK", _hdr(len=0, tip=""), b"payload"], "payload on a frame kind"),
    ([b"MSG", _hdr(), b"x" * 4097], "payload too large"),
    ([b"MSG", b"{" + b" " * MAX_HEADER + b"}", b""], "header too large"),
    ([b"MSG", canonical_header({"v": 1, "s": "a b"}), b""], "malformed"),
    ([b"MSG", canonical_header({"v": 1, "s": 5}), b""], "malformed"),
]


@pytest.mark.parametrize(("wire", "reason"), BAD_MESH)
def test_malformed_mesh_frames_are_refused_with_a_reason(wire: list[bytes], reason: str) -> None:
    with pytest.raises(FrameError) as info:
        decode_mesh(wire, **LIMITS)
    assert reason in info.value.reason
    assert isinstance(info.value, DecodeError)


def test_lobby_decoders_refuse_the_other_direction_and_mesh_kinds() -> None:
    request = encode_lobby(LobbyRequest(1, b""))
    reply = encode_lobby(LobbyReply(1, b""))
    with pytest.raises(FrameError):
        decode_lobby_reply(request, max_payload=10)
    with pytest.raises(FrameError):
        decode_lobby_request(reply, max_payload=10)
    with pytest.raises(FrameError):
        decode_lobby_request(encode_mesh(Control(b""), ""), max_payload=10)
    with pytest.raises(FrameError):
        decode_mesh(request, **LIMITS)


@given(st.lists(st.binary(max_size=64), max_size=5))
def test_arbitrary_bytes_never_crash_the_decoder(wire: list[bytes]) -> None:
    with contextlib.suppress(FrameError):
        decode_mesh(wire, **LIMITS)


@given(mesh_frames, st.integers(0, 200), st.binary(min_size=1, max_size=3))
def test_any_corruption_of_a_header_is_refused_or_still_canonical(
    frame: object, index: int, junk: bytes
) -> None:
    kind, header, payload = encode_mesh(frame, "s")  # type: ignore[arg-type]
    cut = index % (len(header) + 1)
    corrupted = header[:cut] + junk + header[cut:]
    try:
        decode_mesh([kind, corrupted, payload], **LIMITS)
    except FrameError:
        return
    # If it decodes, it decoded from a canonical header (the one byte form of its content).
    import json

    assert canonical_header(json.loads(corrupted)) == corrupted
