"""End to end: copies of one game that end apart, with every seat its own process.

Everything runs on 127.0.0.1 with the helpers of ``test_node_multiprocess``:

* the host's program (seat 0) is killed mid-trick; after the stall limit seat 1 ends
  the game and every survivor leaves; then seat 0 runs ``resume``:
  - when it reaches a seat holding the ending (seat 1, resumed too), it takes that
    ending, and both logs end the same;
  - when it finds nobody, it ends the game alone, naming another seat: ``audit LOG
    LOG`` says where the copies fork and which ending stands (SPEC §6.2), and once the
    two seats meet, both copies hold that ending;
* seats 0 and 1 are gone while seat 1 is to bid: the right to end the game passes
  over seat 0 to seat 2, whose log names seat 1 as stalled (SPEC §6.1).

Nothing sleeps to synchronise: every wait is on a process's exit or a log file's
content, against a deadline. Seats are counted from 0 here, from 1 in the texts.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.test_node_multiprocess import (  # noqa: F401  (lan_games: a fixture)
    REPO,
    LanGame,
    LogWatcher,
    Proc,
    Seat,
    lan_games,
    stage_after,
    wait_until,
)
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables import open_table

STALL = 3.0  # the survivors' stall limit (s)
SILENCE = 1.0
# A resumed seat that is to meet another waits this long before it counts it gone.
MEETING_SILENCE = 10.0
PATIENT = 120.0  # a stall limit no test reaches
DEADLINE = 180.0


class Replica:
    """An observer's table over a seat's log file as it grows (only complete lines)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.table: Table | None = None
        self._offset = 0

    def poll(self) -> Table | None:
        try:
            with open(self.path, "rb") as f:
                f.seek(self._offset)
                data = f.read()
        except FileNotFoundError:
            return self.table
        end = data.rfind(b"\n") + 1
        for line in data[:end].splitlines():
            if self.table is None:
                self.table = open_table(line)
            else:
                self.table.receive(line)
        self._offset += end
        return self.table


def resume(table: LanGame, seat: Seat, *, stall: float, silence: float) -> Proc:
    """``wizard-p2p resume`` of ``seat`` with its own limits (a bot, headless)."""
    proc = Proc(f"{seat.data_dir.name}-resume{len(seat.procs)}", [
        "resume", "--data-dir", str(seat.data_dir), "--headless", "--policy", "random",
        "--listen", "127.0.0.1", "--silence-limit", str(silence),
        "--stall-limit", str(stall),
    ], table.workdir)
    seat.procs.append(proc)
    return proc


def audit(*logs: Path, as_json: bool = True) -> tuple[int, Any]:
    """``wizard-p2p audit [--json] LOG …``: its exit code and its report."""
    argv = [sys.executable, "-m", "wizard_p2p", "audit", *(["--json"] if as_json else []),
            *map(str, logs)]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return done.returncode, json.loads(done.stdout) if as_json else done.stdout


def lines_of(seat: Seat) -> list[bytes]:
    return seat.log_bytes().splitlines()


def the_host_quits_mid_trick_and_the_others_end_the_game(
    lan_games: Callable[..., LanGame],  # noqa: F811
) -> tuple[LanGame, list[bytes]]:
    """Seat 0 (the host) killed mid-trick; seat 1 ends the game naming it, and the
    survivors leave. Their log."""
    table = lan_games(3, stall_limit=STALL, silence_limit=SILENCE)
    host = table.by_seat[0]
    assert host is table.seats[0], "the host is seat 0"
    watcher = LogWatcher(host.log_path())

    def mid_trick() -> bool:
        entries = watcher.poll()
        if host.proc.popen.poll() is not None:
            raise AssertionError(f"the host exited early\n{table.describe()}")
        return bool(entries) and entries[-1]["body"].get("round", 0) >= 2 and (
            stage_after(entries, table.n) == "mid-trick"
        )

    wait_until(mid_trick, DEADLINE, "a trick of round 2 or later under way")
    host.proc.kill()
    deadline = time.monotonic() + DEADLINE
    for number in (1, 2):
        code = table.by_seat[number].proc.wait(deadline - time.monotonic())
        assert code == 1, f"seat {number} exited {code}\n{table.describe()}"
    ended = lines_of(table.by_seat[1])
    assert lines_of(table.by_seat[2]) == ended, "the survivors' logs differ"
    abort = json.loads(ended[-1])
    assert (abort["kind"], abort["seat"], abort["body"]["stalled"]) == ("abort", 1, 0)
    return table, ended


def first_difference(a: list[bytes], b: list[bytes]) -> int | None:
    return next((p for p, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)


def standing_of(a: bytes, b: bytes) -> dict[str, Any]:
    """The entry that stands of two at one position, by SPEC §6.2's order (rule 2): an
    abort before any other entry, then the lower writer, then the smaller line."""
    def order(line: bytes) -> tuple[int, int, bytes]:
        entry = json.loads(line)
        return (0 if entry["kind"] == "abort" else 1, entry["seat"], line)

    return dict(json.loads(min(a, b, key=order)))


def test_a_resumed_host_adopts_the_ending_a_seat_it_reaches_holds(
    lan_games: Callable[..., LanGame],  # noqa: F811
) -> None:
    table, ended = the_host_quits_mid_trick_and_the_others_end_the_game(lan_games)
    host, ender = table.by_seat[0], table.by_seat[1]
    before = lines_of(host)
    assert before[-1] != ended[-1] and len(before) <= len(ended)
    # The host comes back, patient: it never ends the game itself. The seat holding the
    # ending comes back too, and waits for it to hold that very log.
    resume(table, host, stall=PATIENT, silence=MEETING_SILENCE)
    wait_until(lambda: "resuming game" in host.proc.stdout(), 60, "the host to resume")
    resume(table, ender, stall=PATIENT, silence=MEETING_SILENCE)
    deadline = time.monotonic() + DEADLINE
    for seat in (host, ender):
        assert seat.proc.wait(deadline - time.monotonic()) == 1, table.describe()
    assert lines_of(host) == lines_of(ender) == ended
    logs = [s.log_path() for s in (host, ender, table.by_seat[2])]
    code, report = audit(*logs)
    assert (code, report["status"]) == (0, "agreed"), report["message"]
    standing = report["standing"]
    assert (standing["outcome"], standing["writer"], standing["seat"]) == ("aborted", 1, 0)
    assert standing["position"] == len(ended) - 1
    print(f"the host held {len(before)} entries, the ending is at {len(ended) - 1}")


def test_a_host_that_ends_the_game_alone_forks_and_the_ending_that_stands_wins(
    lan_games: Callable[..., LanGame],  # noqa: F811
) -> None:
    table, ended = the_host_quits_mid_trick_and_the_others_end_the_game(lan_games)
    host, ender = table.by_seat[0], table.by_seat[1]
    resume(table, host, stall=STALL, silence=SILENCE)
    assert host.proc.wait(DEADLINE) == 1, table.describe()
    alone = lines_of(host)
    own = json.loads(alone[-1])
    assert own["kind"] == "abort" and own["seat"] == 0, "the host did not end the game"
    fork = first_difference(alone, ended)
    assert fork is not None, "the copies do not fork"
    expected = standing_of(alone[fork], ended[fork])

    code, report = audit(host.log_path(), ender.log_path())
    assert report["status"] == "forked" and code == 0, report["message"]
    assert [f["position"] for f in report["forks"]] == [fork]
    standing = report["standing"]
    assert expected["kind"] == "abort"  # an ending stands wherever the copies fork
    assert (standing["outcome"], standing["position"]) == ("aborted", fork)
    assert (standing["writer"], standing["seat"]) == (expected["seat"],
                                                      expected["body"]["stalled"])
    assert report["refuted"] == []
    _, text = audit(host.log_path(), ender.log_path(), as_json=False)
    assert f"the copies fork at line {fork + 1}; the ending that stands: ended by seat " \
        f"{expected['seat'] + 1} " in text
    assert f"because seat {expected['body']['stalled'] + 1} " in text

    # The two seats meet: the copy whose ending does not stand takes the other's.
    winner = alone if standing["copies"] == [0] else ended
    assert standing["copies"] in ([0], [1]), standing
    for seat in (host, ender):
        resume(table, seat, stall=PATIENT, silence=MEETING_SILENCE)
    deadline = time.monotonic() + DEADLINE
    for seat in (host, ender):
        assert seat.proc.wait(deadline - time.monotonic()) == 1, table.describe()
    assert lines_of(host) == lines_of(ender) == winner
    code, report = audit(host.log_path(), ender.log_path())
    assert (code, report["status"]) == (0, "agreed"), report["message"]
    assert report["standing"]["position"] == fork
    print(f"fork at {fork}: the ending of seat {expected['seat']} stands")


def test_the_right_to_end_passes_over_a_seat_that_is_gone_too(
    lan_games: Callable[..., LanGame],  # noqa: F811
) -> None:
    # Seat 0 (the host) never ends the game itself before the test kills it, however
    # slowly this machine shows the others the stopped seat's turn: its own stall limit
    # is far beyond the test's (a seat's stall limit is its own, not a term of the game).
    table = lan_games(
        3, stall_limit=5.0, silence_limit=SILENCE, host_args=("--stall-limit", "600")
    )
    first, due, last = (table.by_seat[s] for s in range(3))
    # Seat 1 is stopped (as good as gone) once the first round has begun, wherever it is:
    # the others play on until it is seat 1's turn, and wait for it there.
    mine = Replica(due.log_path())

    def stopped_in_the_first_round() -> bool:
        if due.proc.popen.poll() is not None:
            raise AssertionError(f"seat 1 exited early\n{table.describe()}")
        replica = mine.poll()
        if replica is None or replica.round is None:
            return False
        os.kill(due.proc.popen.pid, signal.SIGSTOP)
        return True

    wait_until(stopped_in_the_first_round, DEADLINE, "seat 1 in the first round")
    theirs = Replica(last.log_path())

    def seat_1_due() -> bool:
        replica = theirs.poll()
        turn = replica.expected() if replica is not None else None
        return turn is not None and turn.seat == 1

    wait_until(seat_1_due, 60, "seat 1 to be due at seat 2")
    # Seat 0, the first the right to end the game falls to, is gone too.
    first.proc.kill()
    due.proc.kill()
    assert last.proc.wait(DEADLINE) == 1, table.describe()
    log = lines_of(last)
    abort = json.loads(log[-1])
    # The seat due is seat 1, or seat 0 when an entry seat 1 sent just before it stopped
    # reached seat 2 after all: either way both lower seats are gone, and the right to end
    # the game passed over the one that is not due to seat 2.
    stalled = abort["body"]["stalled"]
    assert (abort["kind"], abort["seat"]) == ("abort", 2) and stalled in (0, 1), abort
    code, text = audit(last.log_path(), as_json=False)
    assert code == 0, text
    assert "ended by seat 3 " in text and f"because seat {stalled + 1} " in text
