"""Fuzzing the wire frames of the mesh and of the lobby (``wizard_p2p.net.frames``).

Random and mutated multipart messages (valid ones built by the encoders, then
frames added, dropped, swapped and their bytes mutated) must decode to a frame
that encodes back to the same bytes, or be refused with a ``FrameError``.
"""

from __future__ import annotations

import json

from hypothesis import given

from tests.fuzz_support import (
    Chooser,
    attempt,
    dump_compact,
    feed_all,
    fuzz_settings,
    inputs,
    json_mutated,
    mutated,
    one_of,
)
from wizard_p2p.net.frames import (
    Ack,
    Control,
    Entry,
    Heartbeat,
    LobbyReply,
    LobbyRequest,
    Private,
    PrivateAck,
    SyncRequest,
    decode_lobby_reply,
    decode_lobby_request,
    decode_mesh,
    encode_lobby,
    encode_mesh,
)

LIMITS = {"max_payload": 4096, "max_sync": 256}
TIP = "ab" * 32
EPOCH = "0123456789abcdef"
VALID_MESH = [
    encode_mesh(frame, game_id)
    for game_id in ("", "game-1")
    for frame in (
        Heartbeat(EPOCH, 0, ""),
        Heartbeat(EPOCH, 12, TIP),
        Entry(3, b'{"entry":1}'),
        Ack(0, ""),
        Ack(7, TIP),
        SyncRequest(2, 64),
        Private(EPOCH, 5, b"sealed"),
        PrivateAck(EPOCH, 5),
        Control(b'{"want": 3}'),
    )
]
VALID_LOBBY = [
    encode_lobby(LobbyRequest(1, b'{"type": "hello"}')),
    encode_lobby(LobbyReply(1, b'{"type": "welcome"}')),
    encode_lobby(LobbyReply(None, b'{"type": "players"}')),
]
VALID = VALID_MESH + VALID_LOBBY
HEADERS = sorted({frames[1] for frames in VALID})
_header_mutants = one_of(
    mutated(HEADERS, max_ops=2),
    json_mutated([json.loads(h) for h in HEADERS], dump_compact, max_ops=2),
)
_byte_mutants = mutated([f for frames in VALID for f in frames], max_ops=2)


def _random_frames(pick: Chooser) -> list[bytes]:
    return [pick.binary(40) for _ in range(pick.integer(0, 4))]


def _mutated_frames(pick: Chooser) -> list[bytes]:
    frames = list(pick.choice(VALID))
    for _ in range(pick.integer(1, 2)):
        op = pick.integer(0, 5)
        i = pick.integer(0, len(frames) - 1) if frames else 0
        if op == 0 and frames:
            frames[i] = _byte_mutants(pick)
        elif op in (1, 2) and len(frames) > 1:
            frames[1] = _header_mutants(pick)
        elif op == 3:
            frames.insert(i, pick.binary(8))
        elif op == 4 and frames:
            del frames[i]
        elif frames:
            frames[i] = pick.choice(pick.choice(VALID))  # a frame of another message
    return frames


def _decode(frames: list[bytes]) -> None:
    mesh = attempt(decode_mesh, frames, **LIMITS)
    if mesh is not None:
        game_id, frame = mesh
        assert encode_mesh(frame, game_id) == frames
    request = attempt(decode_lobby_request, frames, max_payload=LIMITS["max_payload"])
    if request is not None:
        assert encode_lobby(request) == frames
    reply = attempt(decode_lobby_reply, frames, max_payload=LIMITS["max_payload"])
    if reply is not None:
        assert encode_lobby(reply) == frames


@fuzz_settings(share=2)
@given(inputs(_random_frames))
def test_frames_random(batch: list[list[bytes]]) -> None:
    feed_all("mesh and lobby frames", _decode, batch)


@fuzz_settings(share=2)
@given(inputs(_mutated_frames))
def test_frames_mutated(batch: list[list[bytes]]) -> None:
    feed_all("mesh and lobby frames", _decode, batch)
