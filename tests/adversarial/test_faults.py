"""Faults that are nobody's doing: a link lost and found again, a disk that is full.

* A TCP proxy the test owns sits between two honest seats (loopback only): it
  swallows every byte both ways until each sees the other silent, then lets
  them through again. The seats redial by themselves and the game ends, every
  log identical and verified.
* A seat whose process may not write past a few KiB (RLIMIT_FSIZE: a full disk,
  with no mount needed) stops loudly, exit status 2 with a message saying its log
  cannot be written and how to resume; its log on disk is the others' up to where
  it stopped; resumed with room, it plays on and the game ends with every log
  identical.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from tests.adversarial.support import HostileTable
from tests.test_node_peer import Game, seat_players
from wizard_p2p.audit import audit_entries, audit_file
from wizard_p2p.bots import RandomPolicy
from wizard_p2p.net.testing import FaultProxy
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.genesis import read_genesis
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.replica import WIZARD_RULES


def test_a_link_cut_and_restored_heals_by_itself(tmp_path: Path) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        proxies: list[FaultProxy] = []
        # Seats 0 and 1 dial each other, each through a proxy of its own.
        dial: dict[int, dict[int, str]] = {0: {}, 1: {}, 2: {}}
        players = read_genesis(game.players[0].start.genesis, WIZARD_RULES).players
        for dialer, target in ((0, 1), (1, 0)):
            host, _, port = players[target]["address"].rpartition(":")
            proxy = FaultProxy(host or "127.0.0.1", int(port))
            await proxy.start()
            proxies.append(proxy)
            dial[dialer][target] = proxy.endpoint
        peers = [game.peer(p, policy=RandomPolicy(), dial=dial[p.seat]) for p in game.players]
        game.peers = peers
        try:
            for peer in peers:
                await peer.start()
            await game.until(lambda: len(peers[0].table.log) >= 30, "round 2 to begin")
            for proxy in proxies:
                proxy.blackhole()
            await game.until(
                lambda: 1 in peers[0].silent and 0 in peers[1].silent,
                "seats 0 and 1 to see each other silent",
            )
            assert all(p.discarded_bytes > 0 for p in proxies)
            for proxy in proxies:
                proxy.restore()
            await game.until(
                lambda: 1 not in peers[0].silent and 0 not in peers[1].silent,
                "the link to come back",
            )
            await game.until(
                lambda: all(isinstance(p.outcome, Finished) for p in peers) and game.logs_agree(),
                "the game to end",
            )
            assert all(p.connections >= 2 for p in proxies)  # redialled through the proxy
            logs = {tuple(p.table.log) for p in peers}
            assert len(logs) == 1
            report = audit_entries(list(peers[0].table.log))
            assert report.status == "verified", report.message
            for peer in peers:
                assert not peer.faults, peer.faults
        finally:
            await game.close()
            for proxy in proxies:
                await proxy.close()

    asyncio.run(asyncio.wait_for(main(), 120))


def test_a_log_write_that_fails_stops_the_seat_and_loses_nothing(
    hostile: Callable[..., HostileTable],
) -> None:
    table = hostile(None, stall_limit=60.0, max_file_bytes=48 * 1024)
    full = table.evil
    table.watch(lambda: not full.alive(), "the seat with a full disk to stop")
    assert full.popen.returncode == 2, full.describe()
    err = full.stderr()
    assert "its log cannot be written" in err and "wizard-p2p resume" in err, err
    assert "Traceback" not in err
    # On disk: the others' log up to where it stopped (a line cut short at most).
    data = table.log_path(full).read_bytes()
    lines = data.split(b"\n")[:-1]
    assert lines, "nothing was written at all"
    for proc in table.honest:
        assert table.log_path(proc).read_bytes().split(b"\n")[: len(lines)] == lines
    # With room again, it resumes from its files and the game ends with every log alike.
    table.resume_third()
    seats = [*table.honest, table.evil]
    table.watch(lambda: not any(p.alive() for p in seats), "the game to end")
    assert [p.popen.returncode for p in seats] == [0, 0, 0], table.describe()
    logs = {table.log_path(p).read_bytes() for p in seats}
    assert len(logs) == 1
    report = audit_file(table.log_path(table.honest[0]))
    assert report.status == "verified", report.message
    table.assert_memory_bounded()



