"""A watcher fed tampered entries by one seat still follows the game from the others.

The third seat runs ``tests.adversarial.evil_seat tamper-to-watchers``: it plays
honestly, but every entry of its own that it sends a watcher (pushed or served) has a
broken signature. The watcher refuses each, naming that seat, takes the entry from
the other players instead, and reaches the end with a verified log byte-identical to
the players'; the players never notice.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.adversarial.support import DEADLINE, HostileTable
from tests.test_node_multiprocess import wait_until
from tests.test_watch_multiprocess import says, stopped
from wizard_p2p.audit import audit_file

Make = Callable[..., HostileTable]


def test_a_watcher_refuses_a_seats_tampered_entries_and_still_reaches_the_end(
    hostile: Make,
) -> None:
    table = hostile("tamper-to-watchers", stall_limit=60.0, host_args=("--admit-watchers",))
    saved = table.workdir / "watched.jsonl"
    honest_bot = table.honest[1]
    with stopped(honest_bot):  # the game waits while the watcher comes in
        watcher = table._start("watcher", [
            "-m", "wizard_p2p", "watch", table.address, "--code", table.code, "--headless",
            "--name", "Screen", "--data-dir", str(table.workdir / "watcher"),
            "--listen", "127.0.0.1", "--save", str(saved),
        ])
        wait_until(says(watcher, "admitted"), DEADLINE, "the watcher to be admitted")
    table.watch(lambda: not any(p.alive() for p in table.procs), "every process to end")
    for proc in table.procs:
        assert proc.popen.returncode == 0, table.describe()
    out = watcher.stdout()
    evil = table.evil_seat
    refusals = [line for line in out.splitlines() if line.startswith("refused entry")]
    assert refusals, out
    assert all(f"from seat {evil + 1} (Evil)" in line for line in refusals), refusals
    assert "game over: verified" in out
    players_log = table.log_path(table.honest[0]).read_bytes()
    assert saved.read_bytes() == players_log
    assert audit_file(saved).status == "verified"
    for proc in table.honest:  # the players never saw a tampered entry
        assert "rejected entry" not in proc.stderr(), proc.describe()
