"""End to end: LAN games where every seat is its own ``wizard-p2p`` OS process.

Everything runs on 127.0.0.1. The host is started with ``host --port 0`` and
its lobby address and invite code are read from its stdout; the other seats
``join``/``bot`` that address; each process has its own data directory. The
tests check:

* 3- and 6-seat games end with byte-identical logs on every seat and an audit
  that verifies them; while the 3-seat game runs, a process with its own CURVE
  keys (not seated) tries to connect to every seat's mesh port and is refused
  by the CURVE/ZAP handshake, and the game is unaffected; the 6-seat game plays
  the clairvoyance and hidden-bids variants;
* ``kill -9`` of a random seat at a point of a round (shuffle, deal, bidding,
  mid-trick, last trick), then ``wizard-p2p resume``: the game completes, logs
  identical, audit verified; that game plays clairvoyance and secret bids, so
  crashes also hit the round whose key shares a resumed seat must open again
  from its log and bids it must recover from its own commitments;
* a seat killed for good: after ``--stall-limit`` the bots end the game with an
  ``abort`` entry naming the stalled seat, and ``audit`` verifies that log.

Nothing sleeps to synchronise: the tests wait for observable conditions (a
line on a process's stdout, an entry in a seat's log file, a process exit, a
socket-monitor event) against deadlines.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import zmq
from zmq.utils.monitor import parse_monitor_message

from wizard_p2p.audit import audit_file
from wizard_p2p.net import CurveKeys
from wizard_p2p.net.frames import Entry, Heartbeat, encode_mesh

REPO = Path(__file__).resolve().parents[1]
# Generous: a loaded 2-core machine runs these games slowly, and 6 seats take longer.
GAME_DEADLINE = 240.0
# Long enough that a killed-and-resumed seat is never declared stalled.
PATIENT_STALL = 90.0


def wait_until(predicate: Callable[[], object], timeout: float, what: str) -> object:
    """Poll an observable condition until it holds, or fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.005)


class Proc:
    """One ``python -m MODULE`` process (``wizard-p2p`` unless told); stdout and stderr go
    to files (no pipe to fill up)."""

    def __init__(
        self,
        name: str,
        args: list[str],
        workdir: Path,
        *,
        module: str = "wizard_p2p",
        preexec_fn: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.args = args
        self.out = workdir / f"{name}.out"
        self.err = workdir / f"{name}.err"
        with open(self.out, "wb") as out, open(self.err, "wb") as err:
            self.popen = subprocess.Popen(
                [sys.executable, "-m", module, *args],
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                cwd=REPO,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                preexec_fn=preexec_fn,
            )

    def stdout(self) -> str:
        return self.out.read_text(errors="replace")

    def stderr(self) -> str:
        return self.err.read_text(errors="replace")

    def alive(self) -> bool:
        return self.popen.poll() is None

    def title(self) -> str:
        return f"exit {self.popen.returncode}) {' '.join(self.args)}"

    def describe(self) -> str:
        return f"--- {self.name} ({self.title()}\n{self.stdout()[-1500:]}\n{self.stderr()[-3000:]}"

    def wait(self, timeout: float) -> int:
        try:
            return self.popen.wait(timeout=max(timeout, 0.1))
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.name} did not exit in time\n{self.describe()}") from None

    def kill(self) -> None:
        if self.popen.poll() is None:
            os.kill(self.popen.pid, signal.SIGKILL)
        self.popen.wait(timeout=30)


class LogWatcher:
    """Reads a seat's log file as it grows: only complete lines, parsed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._offset = 0
        self.entries: list[dict] = []

    def poll(self) -> list[dict]:
        try:
            with open(self.path, "rb") as f:
                f.seek(self._offset)
                data = f.read()
        except FileNotFoundError:
            return self.entries
        end = data.rfind(b"\n") + 1
        for line in data[:end].splitlines():
            self.entries.append(json.loads(line))
        self._offset += end
        return self.entries


@dataclass
class Seat:
    data_dir: Path
    procs: list[Proc] = field(default_factory=list)

    @property
    def proc(self) -> Proc:
        return self.procs[-1]

    def game_dir(self) -> Path | None:
        games = list((self.data_dir / "games").glob("*/seat.json"))
        return games[0].parent if games else None

    def seat_number(self) -> int:
        game = self.game_dir()
        assert game is not None
        return int(json.loads((game / "seat.json").read_bytes())["seat"])

    def log_path(self) -> Path:
        game = self.game_dir()
        assert game is not None
        return game / "log.jsonl"

    def log_bytes(self) -> bytes:
        return self.log_path().read_bytes()


class LanGame:
    """A game of ``n`` seat processes on loopback: host plus joiners, each its own data dir."""

    def __init__(
        self, workdir: Path, n: int, *, stall_limit: float, silence_limit: float = 3.0,
        variants: tuple[str, ...] = (), host_args: tuple[str, ...] = (),
    ) -> None:
        self.workdir = workdir
        self.n = n
        self.timers = ["--silence-limit", str(silence_limit), "--stall-limit", str(stall_limit)]
        common = ["--policy", "random", "--listen", "127.0.0.1", "--quiet", *self.timers]
        host = Seat(workdir / "seat-host")
        variant_args = [a for v in variants for a in ("--variant", v)]
        host.procs.append(Proc("host", [
            "host", "--headless", "--seats", str(n), "--port", "0", "--name", "Host",
            "--data-dir", str(host.data_dir), "--policy", "random", "--listen", "127.0.0.1",
            *self.timers, *variant_args, *host_args,
        ], workdir))
        self.seats = [host]
        found = wait_until(
            lambda: self._invitation(host.proc), 60, "the host to print its invitation"
        )
        address, code = found  # type: ignore[misc]
        self.address, self.code = address, code
        for i in range(1, n):
            seat = Seat(workdir / f"seat-{i}")
            # One seat uses `join --headless`, the others `bot`: both commands are covered.
            command = ["join", "--headless"] if i == 1 else ["bot"]
            seat.procs.append(Proc(f"joiner-{i}", [
                *command, address, "--code", code, "--name", f"Bot {i}",
                "--data-dir", str(seat.data_dir), *common,
            ], workdir))
            self.seats.append(seat)
        wait_until(self._all_logs_exist, 60, "every seat to write the genesis to its log")
        self.by_seat = {s.seat_number(): s for s in self.seats}
        assert sorted(self.by_seat) == list(range(n))

    @staticmethod
    def _invitation(proc: Proc) -> tuple[str, str] | None:
        match = re.search(r"join (127\.0\.0\.1:\d+) --code (\S+)", proc.stdout())
        if match is None and proc.popen.poll() is not None:
            raise AssertionError(f"the host exited early\n{proc.describe()}")
        return (match.group(1), match.group(2)) if match else None

    def _all_logs_exist(self) -> bool:
        for seat in self.seats:
            if seat.proc.popen.poll() is not None:
                raise AssertionError(f"a seat exited early\n{seat.proc.describe()}")
        return all(
            s.game_dir() is not None and s.log_path().exists() and b"\n" in s.log_bytes()
            for s in self.seats
        )

    def resume(self, seat: Seat) -> None:
        seat.procs.append(Proc(f"{seat.data_dir.name}-resume{len(seat.procs)}", [
            "resume", "--data-dir", str(seat.data_dir), "--headless", "--policy", "random",
            "--listen", "127.0.0.1", "--quiet", *self.timers,
        ], self.workdir))

    def wait_all(self, timeout: float = GAME_DEADLINE) -> dict[int, int]:
        deadline = time.monotonic() + timeout
        codes = {}
        for number, seat in self.by_seat.items():
            codes[number] = seat.proc.wait(deadline - time.monotonic())
        return codes

    def describe(self) -> str:
        return "\n".join(p.describe() for s in self.seats for p in s.procs)

    def close(self) -> None:
        for seat in self.seats:
            for proc in seat.procs:
                proc.kill()


@pytest.fixture
def lan_games(tmp_path: Path) -> Iterator[Callable[..., LanGame]]:
    made: list[LanGame] = []

    def make(n: int, **kwargs: object) -> LanGame:
        table = LanGame(tmp_path, n, **kwargs)  # type: ignore[arg-type]
        made.append(table)
        return table

    yield make
    for table in made:
        table.close()
        # Shown by pytest only when the test failed: what every process said.
        print(table.describe())


def assert_complete_and_identical(table: LanGame, codes: dict[int, int]) -> bytes:
    assert all(code == 0 for code in codes.values()), f"exit codes {codes}\n{table.describe()}"
    logs = {number: seat.log_bytes() for number, seat in table.by_seat.items()}
    assert len(set(logs.values())) == 1, "the seats' logs differ"
    report = audit_file(table.by_seat[0].log_path())
    assert report.status == "verified", report.message
    assert report.message == "verified: complete game, agreed by every seat"
    assert report.rounds_verified == 60 // table.n
    # The CLI's audit of another seat's copy says the same, with exit status 0.
    audit = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "audit", str(table.by_seat[table.n - 1].log_path())],
        capture_output=True, text=True, cwd=REPO, timeout=120,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "verified: complete game, agreed by every seat" in audit.stdout
    return logs[0]


# --- intruder ------------------------------------------------------------------------------


def intrude(
    endpoint: str, server_key: str, game_id: str, steal_id: str | None = None
) -> tuple[bool, bool]:
    """Dial a seat's mesh with keys nobody seated: (handshake refused?, anything received?).

    ``steal_id`` sets the DEALER's routing id to a seated peer's key, as a process
    trying to take over that peer's slot would. After the connection attempt the
    intruder queues frames a seated peer would send (a heartbeat and a log entry).
    """
    keys = CurveKeys.generate()
    context = zmq.Context()
    try:
        dealer = context.socket(zmq.DEALER)
        dealer.setsockopt(zmq.LINGER, 0)
        dealer.setsockopt(zmq.CURVE_SERVERKEY, server_key.encode())
        dealer.setsockopt(zmq.CURVE_PUBLICKEY, keys.public.encode())
        dealer.setsockopt(zmq.CURVE_SECRETKEY, keys.secret.encode())
        dealer.setsockopt(zmq.RECONNECT_IVL, 100)
        if steal_id is not None:
            dealer.setsockopt(zmq.ROUTING_ID, steal_id.encode())
        monitor = dealer.get_monitor_socket(
            zmq.EVENT_HANDSHAKE_FAILED_AUTH | zmq.EVENT_HANDSHAKE_SUCCEEDED
            | zmq.EVENT_HANDSHAKE_FAILED_PROTOCOL | zmq.EVENT_HANDSHAKE_FAILED_NO_DETAIL
        )
        dealer.connect(endpoint)
        # Queued before and after the handshake: never delivered if it is refused.
        forged = b'{"body":{},"game":"00","kind":"play","pos":999,"sig":"00"}'
        for frame in (Heartbeat("0" * 16, 10**6, "a" * 64), Entry(5, forged)):
            dealer.send_multipart(encode_mesh(frame, game_id), flags=zmq.NOBLOCK)
        refused = False
        if monitor.poll(30_000):
            event = parse_monitor_message(monitor.recv_multipart())
            refused = event["event"] == zmq.EVENT_HANDSHAKE_FAILED_AUTH
        received = bool(dealer.poll(200))
        dealer.disable_monitor()
        monitor.close(linger=0)
        dealer.close(linger=0)
        return refused, received
    finally:
        context.term()


def genesis_of(log_path: Path) -> tuple[list[dict], str]:
    """The seated players and the game id as the mesh spells it."""
    with open(log_path, "rb") as f:
        genesis = f.readline().rstrip(b"\n")
    game_id = hashlib.sha256(genesis).hexdigest()[:32]
    return json.loads(genesis)["body"]["terms"]["players"], game_id


def test_three_seat_game_refuses_an_intruder(lan_games: Callable[..., LanGame]) -> None:
    table = lan_games(3, stall_limit=PATIENT_STALL)
    players, game_id = genesis_of(table.by_seat[1].log_path())
    for number, player in enumerate(players):
        host, _, port = player["address"].rpartition(":")
        endpoint = f"tcp://{host or '127.0.0.1'}:{port}"
        other = players[(number + 1) % 3]["curve_key"]
        # A game of bots can end before six dials are done (a second here), and a seat
        # that has exited refuses nothing: the next seat is stopped meanwhile, so that
        # the game waits for it (well within the silence and stall limits).
        paused = table.by_seat[(number + 1) % 3].proc.popen.pid
        os.kill(paused, signal.SIGSTOP)
        try:
            assert table.by_seat[number].proc.popen.poll() is None, "the game ended early"
            for steal in (None, other):
                refused, received = intrude(endpoint, player["curve_key"], game_id, steal)
                assert refused, f"seat {number}'s mesh admitted a key that is not seated"
                assert not received
        finally:
            os.kill(paused, signal.SIGCONT)
    codes = table.wait_all()
    log = assert_complete_and_identical(table, codes)
    # The intruder's frames left no trace, and every seat logged the refusals.
    assert b'"pos":999' not in log
    for seat in table.seats:
        assert seat.proc.err.read_text().count("refused a connection on") >= 2


def test_six_seat_game(lan_games: Callable[..., LanGame]) -> None:
    table = lan_games(6, stall_limit=PATIENT_STALL, variants=("clairvoyance", "hidden_bids"))
    codes = table.wait_all()
    assert_complete_and_identical(table, codes)


# --- crashes ------------------------------------------------------------------------------

STAGES = ("shuffle", "lock", "bid", "mid-trick", "last-trick")


def stage_after(entries: list[dict], n: int) -> str:
    """The stage of a round that a replica holding exactly ``entries`` is in."""
    last = entries[-1]
    kind = last["kind"]
    rnd = last["body"].get("round")
    same = [e for e in entries[-4 * 60:] if e["kind"] == kind and e["body"].get("round") == rnd]
    if kind in ("shuffle", "lock", "bid", "reveal"):
        return kind if len(same) < n else f"after-{kind}"
    if kind == "play" and "secret" in last["body"]:  # the last trick reveals the secrets
        revealed = sum("secret" in e["body"] for e in same)
        return "last-trick" if revealed < n else "after-last-trick"
    if kind == "play":
        return "mid-trick" if len(same) % n else "between-tricks"
    return kind


def test_kill_9_and_resume_at_every_stage_of_a_round(lan_games: Callable[..., LanGame]) -> None:
    """One game, a crash at each stage of a round: a random seat is killed, then resumed.

    The watcher kills the victim as soon as its log shows it inside a stage not
    crashed in yet (after letting a random number of such chances pass); where it
    really died is read back from its log after the kill.
    """
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    table = lan_games(3, stall_limit=PATIENT_STALL, variants=("clairvoyance", "secret_bids"))
    n = table.n
    needed = set(STAGES)
    kills: list[str] = []
    recovery: list[float] = []
    while needed:
        number = rng.randrange(n)
        victim = table.by_seat[number]
        watcher = LogWatcher(victim.log_path())
        skip = rng.randrange(3)
        chances = [0, 0]  # entries seen, chances let pass

        def due(victim: Seat = victim, watcher: LogWatcher = watcher, skip: int = skip,
                chances: list[int] = chances) -> bool:
            if victim.proc.popen.poll() is not None:
                raise AssertionError(
                    f"seed {seed}: the game ended before a crash at every stage; "
                    f"kills {kills}\n{table.describe()}"
                )
            entries = watcher.poll()
            if len(entries) == chances[0]:
                return False
            chances[0] = len(entries)
            if stage_after(entries, n) not in needed:
                return False
            chances[1] += 1
            return chances[1] > skip

        wait_until(due, 120, f"a stage of {sorted(needed)} in seat {number}'s log")
        victim.proc.kill()
        entries = LogWatcher(victim.log_path()).poll()
        at = stage_after(entries, n)
        kills.append(f"seat {number} at entry {len(entries)}: {at}")
        needed.discard(at)
        resumed_at = time.monotonic()
        table.resume(victim)
        # When it returns the game goes on by itself: its log grows past where it died.
        back, died_at = LogWatcher(victim.log_path()), len(entries)
        wait_until(lambda back=back, k=died_at: len(back.poll()) > k + n, 90,
                   f"seat {number} to rejoin the game")
        recovery.append(time.monotonic() - resumed_at)
    codes = table.wait_all()
    assert_complete_and_identical(table, codes)
    resumed = sum(len(s.procs) - 1 for s in table.seats)
    assert resumed == len(kills)
    print(f"seed {seed}; kills: {kills}; back in the game after {recovery} s")


def test_seat_gone_for_good_is_named_stalled(lan_games: Callable[..., LanGame]) -> None:
    stall_limit = 3.0
    table = lan_games(3, stall_limit=stall_limit, silence_limit=1.0)
    victim_seat = random.randrange(3)
    victim = table.by_seat[victim_seat]
    watcher = LogWatcher(victim.log_path())
    # Killed once round 2's bidding began: some of its turns are still to come.
    wait_until(
        lambda: any(e["kind"] == "bid" and e["body"]["round"] == 2 for e in watcher.poll()),
        120, "round 2's bidding",
    )
    victim.proc.kill()
    killed_at = time.time()
    survivors = {s: seat for s, seat in table.by_seat.items() if s != victim_seat}
    deadline = time.monotonic() + 120
    for seat in survivors.values():
        # A game that ended by an abort is not a finished game: exit status 1.
        assert seat.proc.wait(deadline - time.monotonic()) == 1, table.describe()
    logs = {s: seat.log_bytes() for s, seat in survivors.items()}
    assert len(set(logs.values())) == 1, "the survivors' logs differ"
    lines = next(iter(logs.values())).splitlines()
    abort = json.loads(lines[-1])
    assert abort["kind"] == "abort"
    assert abort["body"]["stalled"] == victim_seat
    assert abort["seat"] == (1 if victim_seat == 0 else 0)
    # Nothing was rewritten: the dead seat's log agrees with the survivors' up to the
    # abort. Beyond it, it may hold entries of its own that it wrote (durably, before
    # sending) but died before they left the machine.
    dead = victim.log_bytes().splitlines()
    agreed = len(lines) - 1
    assert dead[:agreed] == lines[: min(agreed, len(dead))]
    assert all(json.loads(line)["seat"] == victim_seat for line in dead[agreed:])
    # The abort came no sooner than the stall limit after the seat was killed, give or
    # take a moment: the survivors' stall clock starts when the victim became
    # due, which may be just before the kill, and a file's mtime comes from the kernel's
    # coarse clock, up to a tick behind. (An abort at the silence limit would be 2 s early.)
    abort_written = max(seat.log_path().stat().st_mtime for seat in survivors.values())
    assert abort_written - killed_at >= stall_limit - 0.5
    survivor_log = next(iter(survivors.values())).log_path()
    audit = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "audit", str(survivor_log)],
        capture_output=True, text=True, cwd=REPO, timeout=120,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert "stalled" in audit.stdout
    assert f"because seat {victim_seat + 1}" in audit.stdout  # counted from 1
