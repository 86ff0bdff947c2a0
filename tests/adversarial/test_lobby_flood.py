"""Eight clients that hold the invite code flood the host's lobby socket with lobby
messages of about 1 MiB each, as fast as they can, from before the honest players join
until the game ends (the same socket is the watch gate once the game runs).

Everything is a real process on loopback: a headless host and two bots run the shipped
program, the flood runs ``tests.adversarial.lobby_flood``. The host's peak memory is
read from ``/proc`` (VmHWM) all along. The honest players are seated during the flood,
the game finishes verified, the host's peak stays under 100 MB, and the host names the
flooders it dropped.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.adversarial.support import RSS_LIMIT_KB, Proc
from tests.test_node_multiprocess import LogWatcher, Seat, wait_until
from wizard_p2p.audit import audit_file

DEADLINE = 240.0
FLOODERS = 8


class FloodedTable:
    """A host on loopback flooded by ``FLOODERS`` code-holders, then two honest bots."""

    def __init__(self, workdir: Path, *, limit_kb: int) -> None:
        self.workdir = workdir
        self.limit_kb = limit_kb
        self.host_dir = workdir / "host"
        timers = ["--silence-limit", "3", "--stall-limit", "60"]
        self.host = Proc("host", [
            "-m", "wizard_p2p", "host", "--headless", "--seats", "3", "--port", "0",
            "--name", "Host", "--data-dir", str(self.host_dir), "--policy", "random",
            "--listen", "127.0.0.1", *timers, "--trace", str(workdir / "host.trace"),
        ], workdir)
        self.procs = [self.host]
        address, code = self.wait(self._invitation, "the invitation")
        self.flood = self._start("flood", [
            "-m", "tests.adversarial.lobby_flood", address, code,
            "--clients", str(FLOODERS), "--bytes", str(1 << 20),
        ])
        self.wait(lambda: "flooding" in self.flood.stdout(), "every flooder to send")
        self.bots = [
            self._start(f"bot{i}", [
                "-m", "wizard_p2p", "bot", address, "--code", code, "--name", f"Honest {i}",
                "--data-dir", str(workdir / f"bot{i}"), "--policy", "random",
                "--listen", "127.0.0.1", "--quiet", *timers,
            ])
            for i in (1, 2)
        ]

    def _start(self, name: str, argv: list[str]) -> Proc:
        proc = Proc(name, argv, self.workdir)
        self.procs.append(proc)
        return proc

    def _invitation(self) -> tuple[str, str] | None:
        match = re.search(r"join (127\.0\.0\.1:\d+) --code (\S+)", self.host.stdout())
        return (match.group(1), match.group(2)) if match else None

    def wait(self, predicate, what: str):  # type: ignore[no-untyped-def]
        """``predicate()`` once it is truthy; the host's memory is sampled meanwhile and
        the wait ends (failing) as soon as it passes ``limit_kb``."""

        def check():  # type: ignore[no-untyped-def]
            peak = self.host.sample_memory()
            if peak > self.limit_kb:
                raise AssertionError(f"the host's peak passed {peak} KiB\n{self.describe()}")
            if not self.host.alive():
                raise AssertionError(f"the host exited\n{self.describe()}")
            return predicate()

        return wait_until(check, DEADLINE, what)

    def seated(self) -> bool:
        """Every seat has the genesis in its log."""
        dirs = [self.host_dir, *(self.workdir / f"bot{i}" for i in (1, 2))]
        for data_dir in dirs:
            seat = Seat(data_dir)
            if seat.game_dir() is None or not LogWatcher(seat.log_path()).poll():
                return False
        return True

    def describe(self) -> str:
        return "\n".join(p.describe() for p in self.procs)

    def close(self) -> None:
        for proc in self.procs:
            proc.kill()


def test_a_lobby_flood_leaves_the_host_small_and_the_table_plays(tmp_path: Path) -> None:
    table = FloodedTable(tmp_path, limit_kb=RSS_LIMIT_KB)
    try:
        table.wait(table.seated, "the honest players to be seated during the flood")
        table.wait(lambda: not table.host.alive() or "winner" in table.host.stdout(),
                   "the game to end while the flood goes on")
        assert table.flood.alive(), "the flood stopped before the game ended"
        code = table.host.wait(30)
        peak = table.host.sample_memory()
        print(f"host peak under the lobby flood: {peak} KiB")
        assert code == 0, table.describe()
        assert peak < RSS_LIMIT_KB, f"host peak {peak} KiB\n{table.describe()}"
        assert "dropped for flooding" in table.host.stdout(), table.describe()
        log = Seat(table.host_dir).log_path()
        report = audit_file(log)
        assert report.status == "verified", report.message
        for bot in table.bots:
            assert bot.wait(60) == 0, table.describe()
    finally:
        table.close()
