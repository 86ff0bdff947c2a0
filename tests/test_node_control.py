"""Control messages from a seated peer: refused with a reason, never fatal.

A seated peer's control messages (``want``/``entry_at``) go through the schema layer;
whatever they hold, the receiving seat names the sender in its faults, its event task
lives on and the game goes on. A task of ours that fails for a reason no refusal covers
stops the seat loudly: logged, ``failed`` set, ``run_until_finished`` raises.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.peer_support import the_game_goes_on, waiting_for_seat_0
from tests.test_node_peer import run  # noqa: F401  (a fixture)
from wizard_p2p.net.frames import Entry, encode_mesh
from wizard_p2p.node.faults import LOG_FIRST_REFUSALS
from wizard_p2p.node.peer import SeatFailed

HOSTILE = [
    b'{"want": 1e999}',
    b'{"want": [1]}',
    b'{"want": null}',
    b'{"want": 123456789012345678901234567890}',
    b'{"want": NaN}',
    b'{"entry_at": 1}',
    b'{"entry_at": 1, "data": 5}',
    b'{"entry_at": 1, "data": "not an entry"}',
    b"[" * 200_000 + b"]" * 200_000,
    b"\xff\xfe",
    b"",
    b'{"want": 1, "extra": 2}',
]


def test_hostile_control_messages_are_refused_and_the_seat_goes_on(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            peers = game.peers
            mesh = peers[0].mesh
            assert mesh is not None
            for payload in HOSTILE:
                mesh.send(peers[1].curve_keys.public, payload)
            await game.until(
                lambda: len(peers[1].faults) == len(HOSTILE), "seat 1 to refuse them all"
            )
            assert all(f.startswith("control message from seat 0: ") for f in peers[1].faults)
            assert peers[1].failure is None  # its event task lives on: the game goes on
            await the_game_goes_on(game)

    run(main())


def test_a_failing_task_stops_the_seat_loudly(
    tmp_path: Path, run: Callable[..., object], caplog: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            peers = game.peers

            armed = False

            def broken() -> None:  # a listener with a bug (the console's, say)
                if armed:
                    raise RuntimeError("a bug")

            peers[1].subscribe(broken)
            armed = True
            mesh = peers[0].mesh
            assert mesh is not None
            mesh.send(peers[1].curve_keys.public, b'{"want": 1}')
            await asyncio.wait_for(peers[1].failed.wait(), 30)
            assert isinstance(peers[1].failure, RuntimeError)
            with pytest.raises(SeatFailed, match="wizard-p2p resume"):
                await peers[1].run_until_finished()

    caplog.set_level(logging.CRITICAL, logger="wizard_p2p.node.peer")
    run(main())
    assert any("peer-events failed" in r.getMessage() for r in caplog.records)


def test_old_entries_replayed_at_a_new_position_are_refused_without_log_spam(
    tmp_path: Path, run: Callable[..., object], caplog: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            peers = game.peers
            mesh = peers[0].mesh
            assert mesh is not None
            length = len(peers[1].table.log)
            old = peers[0].table.log[1:length]
            assert len(old) > LOG_FIRST_REFUSALS
            for line in old:
                assert mesh.send_raw(
                    peers[1].curve_keys.public, encode_mesh(Entry(length, line), mesh.game_id)
                )
            await game.until(lambda: len(peers[1].faults) == len(old), "every replay refused")
            assert all("another position" in f for f in peers[1].faults)
            assert len(peers[1].table.log) == length
            await the_game_goes_on(game)

    caplog.set_level(logging.WARNING)
    run(main())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    refusals = [r for r in caplog.records if "another position" in r.getMessage()]
    assert len(refusals) == LOG_FIRST_REFUSALS
