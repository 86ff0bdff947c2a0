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

from tests.test_node_peer import Game, run, seat_players  # noqa: F401  (run: a fixture)
from wizard_p2p.net.events import MessageReceived
from wizard_p2p.net.frames import Entry
from wizard_p2p.node.faults import _LOG_FIRST_REFUSALS
from wizard_p2p.node.peer import SeatFailed
from wizard_p2p.rules import GameConfig

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
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({0: None})
        try:
            peers = game.peers
            await game.until_first_bid(0)
            mesh = peers[0].mesh
            assert mesh is not None
            for payload in HOSTILE:
                mesh.send(peers[1].curve_keys.public, payload)
            await game.until(
                lambda: len(peers[1].faults) == len(HOSTILE), "seat 1 to refuse them all"
            )
            assert all(f.startswith("control message from seat 0: ") for f in peers[1].faults)
            assert not peers[1]._tasks[0].done()
            assert peers[1].failure is None
            # The game goes on: seat 0 bids, and every seat records it.
            length = len(peers[1].table.log)
            peers[0].bid(0)
            await game.until(
                lambda: all(len(p.table.log) > length for p in peers) and game.logs_agree(),
                "the bid to reach every seat",
            )
        finally:
            await game.close()

    run(main())


def test_a_failing_task_stops_the_seat_loudly(
    tmp_path: Path, run: Callable[..., object], caplog: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({0: None})
        try:
            peers = game.peers
            await game.until_first_bid(0)

            def broken(event: MessageReceived) -> None:
                raise RuntimeError("a bug")

            peers[1]._on_control = broken  # type: ignore[method-assign]
            mesh = peers[0].mesh
            assert mesh is not None
            mesh.send(peers[1].curve_keys.public, b'{"want": 1}')
            await asyncio.wait_for(peers[1].failed.wait(), 30)
            assert isinstance(peers[1].failure, RuntimeError)
            with pytest.raises(SeatFailed, match="wizard-p2p resume"):
                await peers[1].run_until_finished()
        finally:
            await game.close()

    caplog.set_level(logging.CRITICAL, logger="wizard_p2p.node.peer")
    run(main())
    assert any("peer-events failed" in r.getMessage() for r in caplog.records)


def test_old_entries_replayed_at_a_new_position_are_refused_without_log_spam(
    tmp_path: Path, run: Callable[..., object], caplog: pytest.LogCaptureFixture  # noqa: F811
) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({0: None})
        try:
            peers = game.peers
            await game.until_first_bid(0)
            mesh = peers[0].mesh
            assert mesh is not None
            length = len(peers[1].table.log)
            old = peers[0].table.log[1:length]
            assert len(old) > _LOG_FIRST_REFUSALS
            for line in old:
                assert mesh._send_frame(peers[1].curve_keys.public, Entry(length, line))
            await game.until(lambda: len(peers[1].faults) == len(old), "every replay refused")
            assert all("another position" in f for f in peers[1].faults)
            assert len(peers[1].table.log) == length
            peers[0].bid(0)
            await game.until(
                lambda: all(len(p.table.log) > length for p in peers) and game.logs_agree(),
                "the bid to reach every seat",
            )
        finally:
            await game.close()

    caplog.set_level(logging.WARNING)
    run(main())
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    refusals = [r for r in caplog.records if "another position" in r.getMessage()]
    assert len(refusals) == _LOG_FIRST_REFUSALS
