"""A watcher fed tampered or equivocating entries by one seat still follows the game.

In the first test the third seat runs ``tests.adversarial.evil_seat
tamper-to-watchers``: it plays honestly, but every entry of its own that it sends a
watcher (pushed or served) has a broken signature. The watcher refuses each, naming
that seat, takes the entry from the other players instead, and reaches the end with a
verified log byte-identical to the players'; the players never notice.

In the second it runs ``equivocate-to-watchers``: every bid of its own that it sends a
watcher is another legal bid, signed by it. The watcher takes it, finds the players'
next entry builds on another one, asks the players for theirs, keeps the two signed
bids as proof of the seat's equivocation beside its saved log, and follows the
players' bid: it too reaches the end with the players' log, never blaming an honest
seat.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.adversarial.support import DEADLINE, HostileTable
from tests.test_node_multiprocess import wait_until
from tests.test_watch_multiprocess import says, stopped
from wizard_p2p.audit import audit_file
from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.protocol.kinds import FaultKind

Make = Callable[..., HostileTable]


def watched_to_the_end(hostile: Make, behaviour: str, saved: Path) -> tuple[HostileTable, str]:
    """A table with an evil seat of ``behaviour``, a headless watcher admitted while the
    game waits, saving its log to ``saved``; every process ended well. The table and
    the watcher's output."""
    table = hostile(behaviour, stall_limit=60.0, host_args=("--admit-watchers",))
    honest_bot = table.honest[1]
    with stopped(honest_bot):  # the game waits while the watcher comes in
        watcher = table.spawn("watcher", [
            "-m", "wizard_p2p", "watch", table.address, "--code", table.code, "--headless",
            "--name", "Screen", "--data-dir", str(table.workdir / "watcher"),
            "--listen", "127.0.0.1", "--save", str(saved),
        ])
        wait_until(says(watcher, "admitted"), DEADLINE, "the watcher to be admitted")
    table.watch(lambda: not any(p.alive() for p in table.procs), "every process to end")
    for proc in table.procs:
        assert proc.popen.returncode == 0, table.describe()
    return table, watcher.stdout()


def test_a_watcher_refuses_a_seats_tampered_entries_and_still_reaches_the_end(
    hostile: Make, tmp_path: Path
) -> None:
    saved = tmp_path / "watched.jsonl"
    table, out = watched_to_the_end(hostile, "tamper-to-watchers", saved)
    evil = table.evil_seat
    refusals = [line for line in out.splitlines() if line.startswith("refused the entry")]
    assert refusals, out
    assert all(f"from seat {evil + 1} (Evil)" in line for line in refusals), refusals
    assert "game over: verified" in out
    players_log = table.log_path(table.honest[0]).read_bytes()
    assert saved.read_bytes() == players_log
    assert audit_file(saved).status == "verified"
    for proc in table.honest:  # the players never saw a tampered entry
        assert "rejected entry" not in proc.stderr(), proc.describe()


def test_a_watcher_sent_another_bid_than_the_players_proves_the_equivocation_and_follows_them(
    hostile: Make, tmp_path: Path
) -> None:
    saved = tmp_path / "watched" / "game.jsonl"
    saved.parent.mkdir()
    table, out = watched_to_the_end(hostile, "equivocate-to-watchers", saved)
    evil = table.evil_seat
    assert "game over: verified" in out, out
    assert saved.read_bytes() == table.log_path(table.honest[0]).read_bytes()
    proven = [line for line in out.splitlines()
              if line.startswith(f"seat {evil + 1} (Evil) cheated: ")]
    assert proven and "signed two different entries" in proven[0], out
    blamed = [line for line in out.splitlines()
              if "refused the entry" in line or "cheated" in line]
    assert blamed and all(f"seat {evil + 1} (Evil)" in line for line in blamed), blamed
    records = read_evidence(saved.parent / "evidence.jsonl")
    assert records and all(r.kind == FaultKind.EQUIVOCATION and r.seat == evil for r in records)
    alone = table.workdir / "game.jsonl"  # the log by itself, with no evidence beside it
    alone.write_bytes(saved.read_bytes())
    assert audit_file(alone).status == "verified"
    report = audit_file(saved)  # with the evidence: the seat is named as proven
    assert report.evidence and all(checked.proven for checked in report.evidence)
    assert (report.status, report.fault_seat, report.fault_kind) == (
        "fault", evil, FaultKind.EQUIVOCATION
    )
    for proc in table.honest:  # the players never saw the other bids
        assert "rejected entry" not in proc.stderr(), proc.describe()
