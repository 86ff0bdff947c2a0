"""``scripts/bench`` / ``wizard-p2p bench``: figures and ratios, never pass/fail.

Sections (crypto, network and audit by default; name some to run only those):

* ``crypto`` — libsodium scalar multiplications per second in this process, and one
  full shuffle+lock for 6 seats as a ratio to 2 × 6 × 60 raw multiplications.
* ``network`` — whole headless games on loopback, one OS process per seat (the real
  ``wizard-p2p play --headless``), for 3..6 seats, played in turn (a game of each size,
  then the next of each). From every peer's trace:
  round set-up (the entry before the first shuffle reaches seat 0 → every seat holds
  its hand and knows trump) at round 1 and at the last round, next to two floors in
  one process with no network and their ratios: the passes alone, on two threads as
  a peer runs its own (the passes-alone floor), and the same work as the game's, every
  seat's table fed by the in-memory relay on one thread (the protocol floor); the pause
  between rounds (last play → next hands, and → the first bid); card latency (a play
  signed by its author → verified and applied by every other seat, a chosen play timed
  from the choice so that the fsync of one that waits for the disk counts: median and
  99th percentile; and the same from the play's entering its author's log); the share
  of CPU time the host stole from this virtual machine meanwhile; what being woken costs
  here (one table checking one shuffle entry, back to back and after sleeping 5 ms) and
  what one hop between two idle processes on two cores costs beside each size's games
  (a byte through a pipe and back, halved);
  the game proper (first entry → every seat holds the last) apart from start-up, the
  whole run's wall time, CPU time of all processes (in the game and in all), bytes on
  the wire, log size; peak memory of one peer; the time the fsyncs took (the genesis,
  each log's close, and a choice that waits for the disk: a person's or a clocked
  bot's; a deterministic bot's does not).
* ``audit`` — auditing a finished 6-seat log.
* ``bots`` — a short tournament (see ``wizard-p2p tournament`` for the full one).
* ``compare`` — this checkout's games against another's (``--against DIR``, which
  may be repeated): one game of each version in turn, ``--reps`` of each per size,
  and their medians side by side; from 5 repetitions, also the median change game by
  game against this version's game of the same round, with an interval for it that
  assumes nothing about the spread (:func:`paired_change`). This machine's speed
  drifts from minute to minute, so a change is judged this way, not by two runs
  taken apart, and not by a change whose interval holds 0.

Every run ends by judging the issue's targets against its figures, then gives the
range of the stolen share and of the idle hop over the sizes: the minutes the games
ran on, which slow every networked figure and neither floor.

Each figure is the median of ``--reps`` runs, with min and max. ``--json FILE``
writes every figure for comparison between runs; ``--quick`` is the smoke run the
test suite uses (one size, one repetition).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from wizard_p2p import group, mental
from wizard_p2p.node.helper import PassHelper
from wizard_p2p.protocol.round_state import round_size

TARGETS = {
    "setup_ms_6": 100.0,
    "setup_ms_3": 50.0,
    "setup_ratio": 1.5,
    "card_latency_ms_6": 5.0,
    "game_wall_s": 3.0,
    "audit_s_6": 1.0,
    "rss_mb": 80.0,
    "crypto_ratio": 1.3,
}


def _stats(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"median": float("nan"), "min": float("nan"), "max": float("nan"), "n": 0}
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
    }


def _fmt(stat: dict[str, float], scale: float = 1.0, digits: int = 1) -> str:
    return (
        f"{stat['median'] * scale:.{digits}f} "
        f"({stat['min'] * scale:.{digits}f}–{stat['max'] * scale:.{digits}f})"
    )


# --- the passes-alone floor of a round's set-up -----------------------------------------


def setup_floor(seats: int, round_no: int, helper: Executor | None = None) -> float:
    """Seconds for one process to do a round's set-up work with no network.

    ``helper``: the second thread a peer gives its own passes, for a like-for-like floor.
    """
    size = round_size(round_no, seats)
    game_id = bytes(32)
    start = time.perf_counter()
    keys = [
        mental.derive_round_keys(mental.new_round_secret(), mental.round_context(game_id, 1, s))
        for s in range(seats)
    ]
    deck = list(mental.CARD_POINTS)
    for k in keys[:-1]:
        deck = mental.shuffle_pass(deck, k, helper=helper)
    # The last shuffler keeps only the positions locked, and locks them in the same pass.
    deck = mental.shuffle_lock_pass(deck, keys[-1], size, helper=helper)
    for k in keys[:-1]:
        deck = mental.lock_pass(deck, k, range(size), helper=helper)
    for p in range(size):  # every hand card read by its owner, and the turned card
        mental.read_card(deck[p], [k.lock_keys[p] for k in keys])
    return time.perf_counter() - start


def round_setups(kinds: Sequence[str]) -> list[tuple[int, int]]:
    """Each round's set-up in a log whose entry kinds are ``kinds`` (by position): the
    position of the entry before its first shuffle, and of its last lock."""
    setups = []
    for pos, kind in enumerate(kinds):
        if kind == "shuffle" and pos and kinds[pos - 1] != "shuffle":
            last = pos
            while last + 1 < len(kinds) and kinds[last + 1] in ("shuffle", "lock"):
                last += 1
            setups.append((pos - 1, last))
    return setups


def protocol_floor(seats: int) -> tuple[float, float]:
    """Seconds of round 1's and the last round's set-up, as :func:`analyse` measures
    them, with every seat's table in this process on one thread (the in-memory relay).

    That is all the set-up's work — every pass, entry, signature and check of every
    seat, the previous round's checks that a peer runs meanwhile — without the network,
    the disk, the processes or the second core: what the networked set-up is compared
    with to show what the network costs. :func:`setup_floor` is the passes alone.
    """
    from wizard_p2p.protocol.harness import MemoryGame, random_chooser
    from wizard_p2p.rules import GameConfig

    game = MemoryGame.create(GameConfig(seats=seats), random_chooser(seats), defer_checks=True)
    # Per step: when it began and ended, and how long each table's log was after it.
    steps: list[tuple[float, float, list[int]]] = []
    while True:
        began = time.perf_counter()
        if not game.step():
            break
        steps.append((began, time.perf_counter(), [len(t.log) for t in game.tables]))

    def first_step(holds: Callable[[list[int]], bool]) -> tuple[float, float]:
        began, ended, _ = next(step for step in steps if holds(step[2]))
        return began, ended

    kinds = [kind for _, kind in game.tables[0].entry_meta]
    times = []
    for before, last in round_setups(kinds):
        # From the step that gives seat 0 the entry before the first shuffle to the one
        # after which every table holds the last lock.
        start, _ = first_step(lambda lengths, before=before: lengths[0] > before)
        _, end = first_step(lambda lengths, last=last: min(lengths) > last)
        times.append(end - start)
    return times[0], times[-1]


def wake_cost(seats: int = 6, idle: float = 0.005, count: int = 25) -> tuple[float, float]:
    """Seconds one seat takes to check round 1's first shuffle entry (a table's
    ``receive``, nothing else), back to back and after ``idle`` seconds asleep: the
    median of ``count`` each.

    A peer sleeps between entries and pays the second figure; the protocol floor runs
    every table back to back on one thread and pays the first. Their ratio is what
    being woken costs on this machine (caches, a virtual core that went idle), which
    no change to the protocol removes.
    """
    from wizard_p2p.protocol.harness import MemoryGame, random_chooser
    from wizard_p2p.protocol.table import Table
    from wizard_p2p.rules import GameConfig

    game = MemoryGame.create(GameConfig(seats=seats), random_chooser(1), defer_checks=True)
    seat = seats - 1  # not the next shuffler: it only checks and records the entry
    while "shuffle" not in (kind for _, kind in game.tables[seat].entry_meta):
        if not game.step():
            raise RuntimeError("the game ended before round 1's first shuffle")
    entries = list(game.tables[seat].log)
    first = next(i for i, (_, kind) in enumerate(game.tables[seat].entry_meta) if kind == "shuffle")

    def table() -> Table:
        fresh = Table(
            entries[0],
            seat=seat,
            identity=game.identities[seat],
            master_secret=game.masters[seat],
            defer_checks=True,
        )
        for line in entries[1:first]:
            fresh.receive(line)
        return fresh

    figures = []
    for pause in (0.0, idle):
        tables = [table() for _ in range(count)]
        took = []
        for fresh in tables:
            if pause:
                time.sleep(pause)  # the condition measured, not a synchronisation
            start = time.perf_counter()
            fresh.receive(entries[first])
            took.append(time.perf_counter() - start)
        figures.append(statistics.median(took))
    return figures[0], figures[1]


def mults_per_second(count: int = 300) -> float:
    """This process's libsodium scalar multiplications per second, measured now: the
    machine's speed drifts, so each game is shown beside the speed of its minute."""
    point, scalar = mental.CARD_POINTS[0], group.random_scalar()
    start = time.perf_counter()
    for _ in range(count):
        group.mul(point, scalar)
    return count / (time.perf_counter() - start)


# The other end of :func:`idle_hop`: a process that writes back each byte it reads.
_ECHO = "import os\nwhile b := os.read(0, 1):\n    os.write(1, b)\n"


def idle_hop(count: int = 15, idle: float = 0.002) -> float | None:
    """Seconds one hop between two idle processes on two cores takes on this machine
    now: a byte written to a pipe, read and written back by another process asleep on
    it, read again, halved; the median of ``count``, each after ``idle`` seconds
    asleep. None where the two processes cannot be kept on two cores (Linux only).

    Every entry of a networked set-up pays such a hop (ZeroMQ's adds threads and
    encryption to it) and the protocol floor none: the bench prints it beside each
    size's games, as it prints the machine's speed, so that a run on minutes when
    waking another core is slow shows it. Each end is held on a core of its own for
    the measurement: left free, the kernel wakes the echo on the writer's core, and
    the hop is a switch between two processes there (5 µs here), which is not what
    a game's hops mostly are.
    """
    getaffinity = getattr(os, "sched_getaffinity", None)
    setaffinity = getattr(os, "sched_setaffinity", None)
    if getaffinity is None or setaffinity is None:
        return None
    allowed = getaffinity(0)
    if len(allowed) < 2:
        return None
    mine, theirs = sorted(allowed)[:2]
    child = subprocess.Popen(
        [sys.executable, "-c", _ECHO], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
    )
    assert child.stdin is not None and child.stdout is not None
    out, back = child.stdin.fileno(), child.stdout.fileno()

    def round_trip() -> None:
        os.write(out, b"x")
        if os.read(back, 1) != b"x":
            raise RuntimeError("the echo process did not answer")

    took: list[float] = []
    try:
        try:
            setaffinity(child.pid, {theirs})
            setaffinity(0, {mine})
        except OSError:  # a core we may not use after all (a container's cpuset)
            return None
        round_trip()  # the echo is up (its start-up is not timed)
        for _ in range(count):
            time.sleep(idle)  # the condition measured (both ends asleep), not a synchronisation
            start = time.perf_counter()
            round_trip()
            took.append((time.perf_counter() - start) / 2)
    finally:
        setaffinity(0, allowed)
        child.stdin.close()  # the echo reads the end of its input and exits
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
        finally:
            child.stdout.close()
    return statistics.median(took)


def cpu_ticks() -> tuple[int, int] | None:
    """(stolen, all) ticks of every CPU since boot, from ``/proc/stat`` (Linux), or None.

    Stolen time is what the hypervisor gave other guests while this one had work: on
    this project's virtual machine it comes and goes, and with it the figures.
    """
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    if len(fields) < 9 or fields[0] != "cpu":
        return None
    # user nice system idle iowait irq softirq steal (guest time is within user).
    ticks = [int(field) for field in fields[1:9]]
    return ticks[7], sum(ticks)


def stolen_share(before: tuple[int, int] | None, after: tuple[int, int] | None) -> float | None:
    """The share of all CPU time between two :func:`cpu_ticks` readings that was stolen."""
    if before is None or after is None or after[1] <= before[1]:
        return None
    return (after[0] - before[0]) / (after[1] - before[1])


# --- networked games ----------------------------------------------------------------------


def run_game(
    seats: int, out: Path, policy: str = "random", source: Path | None = None
) -> dict[str, Any]:
    """One headless game, one process per seat; returns its traces and timings.

    ``source``: another checkout whose code plays the game (its directory holds the
    ``wizard_p2p`` package), for :func:`bench_compare`; by default, this one's.
    """
    out.mkdir(parents=True, exist_ok=True)
    trace = out / "trace.json"
    command = [
        sys.executable,
        "-m",
        "wizard_p2p",
        "play",
        "--headless",
        "--seats",
        str(seats),
        "--policy",
        policy,
        "--out",
        str(out),
        "--trace",
        str(trace),
        "--quiet",
    ]
    # The traces' times are time.monotonic() of each process: one clock on one machine.
    env = None
    if source is not None:
        env = {**os.environ, "PYTHONPATH": str(source.resolve())}
    ticks = cpu_ticks()
    launched = time.monotonic()
    done = subprocess.run(
        command, capture_output=True, timeout=900, check=False, cwd=source, env=env
    )
    exited = time.monotonic()
    stolen = stolen_share(ticks, cpu_ticks())
    if done.returncode != 0:
        raise RuntimeError(f"game failed: {done.stderr.decode(errors='replace')[-2000:]}")
    traces = [json.loads(trace.read_text())]
    traces += [json.loads(trace.with_suffix(f".seat{i}.json").read_text()) for i in range(1, seats)]
    log = out / "seat-0.jsonl"
    return {
        "wall": exited - launched,
        "launched": launched,
        "traces": traces,
        "log": log,
        "log_bytes": log.stat().st_size,
        "stolen": stolen,
    }


def analyse(game: dict[str, Any], seats: int) -> dict[str, Any]:
    """Round set-up per round, card latencies and totals from one game's traces.

    ``times[s][pos]``: when position ``pos`` entered seat ``s``'s log (after its checks).

    * set-up of a round: from the moment the entry before its first shuffle reaches
      seat 0 (the first pass can start; ``received``, before any check) until every
      seat holds the round's last lock entry (its hand and the trump card are then
      known);
    * pause between rounds: from the round's last play, written by its author, until
      every seat holds the next round's last lock — the round's end (that play
      reveals the last secret) and the set-up, the wait for the next hand; and until
      every seat holds the first choice after it (a bid, or the dealer's trump), the
      wait for the game to go on when bots choose (work moved from the set-up to just
      after the deal shortens the first and lengthens the second);
    * the game proper: from the first entry after the genesis to the moment every
      seat holds the last one; start-up is what comes before it (starting the
      processes, the lobby) and close what comes after.
    """
    times: list[dict[int, float]] = [{} for _ in range(seats)]
    received: list[dict[int, float]] = [{} for _ in range(seats)]
    signed: dict[int, float] = {}  # position → when its author signed it (or chose it)
    kinds: dict[int, tuple[int, str]] = {}
    for trace in game["traces"]:
        for pos, author, kind, t in trace["entries"]:
            times[trace["seat"]][pos] = t
            kinds[pos] = (author, kind)
        received[trace["seat"]] = {pos: t for pos, t in trace.get("received", ())}
        signed.update((pos, t) for pos, t in trace.get("signed", ()))
    positions = sorted(kinds)

    def written(pos: int) -> float | None:
        return times[kinds[pos][0]].get(pos) if pos in kinds else None

    def held_by_all(pos: int) -> float | None:
        ends = [times[s].get(pos) for s in range(seats)]
        return None if any(e is None for e in ends) else max(ends)  # type: ignore[type-var]

    by_position = [kinds.get(pos, (0, ""))[1] for pos in range(positions[-1] + 1)]
    setups: dict[int, float] = {}
    pauses: list[float] = []
    pauses_to_choice: list[float] = []
    for round_no, (before, last) in enumerate(round_setups(by_position), start=1):
        # Seat 0 starts its pass as the entry before it arrives (it may have computed it
        # ahead); if that arrival is not traced, when it was written.
        start = received[0].get(before, written(before))
        end = held_by_all(last)
        if start is not None and end is not None:
            setups[round_no] = end - start
        # The pause a player sees runs from the previous round's last play.
        last_play = next((p for p in range(before, -1, -1) if by_position[p] == "play"), None)
        if last_play is not None:
            play_written = written(last_play)
            if play_written is not None and end is not None:
                pauses.append(end - play_written)
            chosen = held_by_all(last + 1)
            if play_written is not None and chosen is not None:
                pauses_to_choice.append(chosen - play_written)
    # Card latency from the play's signature (its author's choice: the fsync of a chosen
    # play is part of it), and from its entering the author's log (after that fsync).
    # A checkout whose traces do not say when an entry was signed has only the second.
    latencies = []
    latencies_logged = []
    for pos in positions:
        author, kind = kinds[pos]
        if kind != "play":
            continue
        logged = times[author].get(pos)
        others = [times[s].get(pos) for s in range(seats) if s != author]
        if logged is None or any(o is None for o in others):
            continue
        applied = max(others)  # type: ignore[type-var]
        latencies_logged.append(applied - logged)
        if pos in signed:
            latencies.append(applied - signed[pos])
    rounds = max(setups) if setups else 0
    first = min(t["entries"][0][3] for t in game["traces"] if t["entries"])
    last = held_by_all(positions[-1]) or max(t["entries"][-1][3] for t in game["traces"])
    cpu_in_game = [
        t["cpu_seconds"] - t["cpu_at_first_entry"]
        for t in game["traces"]
        if t.get("cpu_at_first_entry") is not None
    ]
    return {
        "setup_first": setups.get(1),
        "setup_last": setups.get(rounds),
        "pause": statistics.median(pauses) if pauses else None,
        "pause_to_choice": statistics.median(pauses_to_choice) if pauses_to_choice else None,
        "latencies": latencies,
        "card_latency": statistics.median(latencies) if latencies else None,
        "latencies_logged": latencies_logged,
        "card_latency_logged": statistics.median(latencies_logged) if latencies_logged else None,
        "cpu": sum(t["cpu_seconds"] for t in game["traces"]),
        "cpu_game": sum(cpu_in_game) if len(cpu_in_game) == seats else None,
        # The genesis's fsync, each log's at its close, and those that hold back a choice
        # until the disk has it (a person's or a clocked bot's bid, trump or play).
        "fsyncs": sum(t.get("fsyncs", 0) for t in game["traces"]),
        "fsync_seconds": sum(t.get("fsync_seconds", 0.0) for t in game["traces"]),
        "bytes": sum(t["bytes_out"] for t in game["traces"]),
        "rss_kb": max(t["max_rss_kb"] for t in game["traces"]),
        "wall": game["wall"],
        "startup": first - game["launched"],
        "game": last - first,
        "log_bytes": game["log_bytes"],
        "rounds": rounds,
        "finished": all(t["finished"] for t in game["traces"]),
        "stolen": game.get("stolen"),
    }


def _ms(seconds: float | None) -> float:
    """Milliseconds, NaN for a figure not measured (printed as nan)."""
    return float("nan") if seconds is None else seconds * 1000


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def bench_network(
    seat_counts: Sequence[int], reps: int, say: Callable[[str], None], workdir: Path
) -> dict[str, Any]:
    """The network section; each game's logs and traces go to a directory of ``workdir``."""
    results: dict[str, Any] = {}
    say("== network: headless games on loopback, one process per seat (random bots)")
    say(
        "set-up of round 1 and of the last round, networked; its floors in one process: "
        "the passes alone (two threads), and the whole protocol of every seat (one thread)"
    )
    say(
        f"{'seats':>5} {'set-up r1 ms':>18} {'passes':>6} {'ratio':>5} {'protocol':>8} "
        f"{'ratio':>5} {'set-up last ms':>18} {'passes':>6} {'ratio':>5} {'protocol':>8} "
        f"{'ratio':>5} {'between rounds ms':>20} {'to 1st choice':>13} {'mults/s':>8} "
        f"{'hop µs':>6} {'stolen':>6}"
    )
    logs: dict[int, Path] = {}
    games_by_seats: dict[int, list[dict[str, Any]]] = {n: [] for n in seat_counts}
    # The floors are measured between the games, not after them all: this machine's
    # speed drifts from minute to minute, and a ratio of figures taken minutes apart
    # measures the drift. At least 9 runs of each floor in all (their noise is large:
    # one protocol floor's round 1 at 3 seats has varied from 10 to 13 ms).
    per_game = max(3, -(-9 // reps))
    # Per size: the passes-alone floor's round 1 and last round, and the protocol floor's.
    floors: dict[int, dict[str, list[float]]] = {
        n: {"first": [], "last": [], "protocol_first": [], "protocol_last": []}
        for n in seat_counts
    }
    speeds_by_seats: dict[int, list[float]] = {n: [] for n in seat_counts}
    hops_by_seats: dict[int, list[float | None]] = {n: [] for n in seat_counts}
    # The sizes are played in turn, a game of each, as `compare` plays its versions: a
    # slow minute then falls on every size alike, not on all the games of whichever
    # size it met (docs/PERFORMANCE.md, twentieth session).
    for rep in range(reps):
        for seats in seat_counts:
            speeds_by_seats[seats].append(mults_per_second())
            hops_by_seats[seats].append(idle_hop())
            game = run_game(seats, workdir / f"s{seats}-r{rep}")
            games_by_seats[seats].append(analyse(game, seats))
            logs[seats] = game["log"]
            rounds = 60 // seats
            floor = floors[seats]
            with PassHelper() as helper:  # as every peer has
                helper.submit(int).result()  # started before the timing: a one-time cost
                floor["first"] += [setup_floor(seats, 1, helper) for _ in range(per_game)]
                floor["last"] += [setup_floor(seats, rounds, helper) for _ in range(per_game)]
            for _ in range(per_game):
                first_round, last_round = protocol_floor(seats)
                floor["protocol_first"].append(first_round)
                floor["protocol_last"].append(last_round)
    for seats in seat_counts:
        runs = games_by_seats[seats]
        floor, speeds = floors[seats], speeds_by_seats[seats]
        floor_first = _stats(floor["first"])
        floor_last = _stats(floor["last"])
        first = _stats([r["setup_first"] for r in runs if r["setup_first"] is not None])
        last = _stats([r["setup_last"] for r in runs if r["setup_last"] is not None])
        protocol_floor_first = _stats(floor["protocol_first"])
        protocol_floor_last = _stats(floor["protocol_last"])
        ratio_first = first["median"] / floor_first["median"]
        ratio_last = last["median"] / floor_last["median"]
        protocol_ratio_first = first["median"] / protocol_floor_first["median"]
        protocol_ratio_last = last["median"] / protocol_floor_last["median"]
        pause = _stats([r["pause"] for r in runs if r["pause"] is not None])
        to_choice = _stats(
            [r["pause_to_choice"] for r in runs if r["pause_to_choice"] is not None]
        )
        shares = [r["stolen"] for r in runs if r.get("stolen") is not None]
        stolen = _stats(shares) if shares else None
        hops = [h for h in hops_by_seats[seats] if h is not None]
        hop = _stats(hops) if hops else None
        say(
            f"{seats:>5} {_fmt(first, 1000):>18} {floor_first['median'] * 1000:>6.1f} "
            f"{ratio_first:>5.2f} {protocol_floor_first['median'] * 1000:>8.1f} "
            f"{protocol_ratio_first:>5.2f} {_fmt(last, 1000):>18} "
            f"{floor_last['median'] * 1000:>6.1f} {ratio_last:>5.2f} "
            f"{protocol_floor_last['median'] * 1000:>8.1f} {protocol_ratio_last:>5.2f} "
            f"{_fmt(pause, 1000):>20} {to_choice['median'] * 1000:>13.1f} "
            f"{statistics.median(speeds):>8.0f} "
            f"{'-' if hop is None else format(hop['median'] * 1e6, '.0f'):>6} "
            f"{'-' if stolen is None else format(stolen['median'], '.0%'):>6}"
        )
        results[f"setup_{seats}"] = {
            "round1": first,
            "round1_floor": floor_first,
            "round1_ratio": ratio_first,
            "round1_protocol_floor": protocol_floor_first,
            "round1_protocol_ratio": protocol_ratio_first,
            "last": last,
            "last_floor": floor_last,
            "last_ratio": ratio_last,
            "last_protocol_floor": protocol_floor_last,
            "last_protocol_ratio": protocol_ratio_last,
            "pause_between_rounds": pause,
            "pause_to_first_choice": to_choice,
            "mults_per_sec": _stats(speeds),
            "idle_hop": hop,
            "stolen": stolen,
        }
    say("")
    say(
        f"{'seats':>5} {'card p50 ms':>12} {'p99 ms':>8} {'logged p50/p99':>15} "
        f"{'game s':>16} {'start-up s':>16} {'wall s (all)':>16}"
    )
    latency_by_seats: dict[int, dict[str, float | None]] = {}
    for seats, runs in games_by_seats.items():
        lat = [x for r in runs for x in r["latencies"]]
        logged = [x for r in runs for x in r["latencies_logged"]]
        latency = latency_by_seats[seats] = {
            "card_latency_p50": statistics.median(lat) if lat else None,
            "card_latency_p99": _percentile(lat, 0.99),
            "card_latency_logged_p50": statistics.median(logged) if logged else None,
            "card_latency_logged_p99": _percentile(logged, 0.99),
        }
        say(
            f"{seats:>5} {_ms(latency['card_latency_p50']):>12.2f} "
            f"{_ms(latency['card_latency_p99']):>8.2f} "
            f"{_ms(latency['card_latency_logged_p50']):>7.2f}/"
            f"{_ms(latency['card_latency_logged_p99']):<7.2f} "
            f"{_fmt(_stats([r['game'] for r in runs]), 1, 2):>16} "
            f"{_fmt(_stats([r['startup'] for r in runs]), 1, 2):>16} "
            f"{_fmt(_stats([r['wall'] for r in runs]), 1, 2):>16}"
        )
    say("")
    say(
        f"{'seats':>5} {'cpu s in game':>16} {'cpu s (all)':>16} {'wire KB':>9} {'log KB':>8} "
        f"{'peer RSS MB':>11} {'fsync s (ms each)':>18}"
    )
    for seats, runs in games_by_seats.items():
        cpu = _stats([r["cpu"] for r in runs])
        cpu_game = _stats([r["cpu_game"] for r in runs if r["cpu_game"] is not None])
        wire = _stats([r["bytes"] for r in runs])
        log = _stats([r["log_bytes"] for r in runs])
        rss = _stats([r["rss_kb"] for r in runs])
        fsync = _stats([r["fsync_seconds"] for r in runs])
        fsyncs = sum(r["fsyncs"] for r in runs)
        per_fsync = sum(r["fsync_seconds"] for r in runs) / fsyncs if fsyncs else float("nan")
        say(
            f"{seats:>5} {_fmt(cpu_game, 1, 2):>16} {_fmt(cpu, 1, 2):>16} "
            f"{wire['median'] / 1024:>9.0f} {log['median'] / 1024:>8.0f} "
            f"{rss['max'] / 1024:>11.1f} {fsync['median']:>9.2f} ({per_fsync * 1000:.2f})"
        )
        results[f"game_{seats}"] = {
            **latency_by_seats[seats],
            "game": _stats([r["game"] for r in runs]),
            "startup": _stats([r["startup"] for r in runs]),
            "wall": _stats([r["wall"] for r in runs]),
            "cpu": cpu,
            "cpu_game": cpu_game,
            "wire_bytes": wire,
            "log_bytes": log,
            "rss_kb": rss,
            "fsync_seconds": fsync,
            "fsync_mean": per_fsync,
            "finished": all(r["finished"] for r in runs),
        }
    hot, woken = wake_cost()
    say("")
    say(
        f"waking costs: a seat checks one shuffle entry in {hot * 1000:.2f} ms back to back, "
        f"{woken * 1000:.2f} ms after 5 ms asleep (x{woken / hot:.1f}); peers sleep between "
        "entries, the protocol floor never does"
    )
    results["wake_cost"] = {"hot": hot, "woken": woken, "ratio": woken / hot}
    results["logs"] = {str(k): str(v) for k, v in logs.items()}
    return results


# What ``compare`` prints for each version: (analyse's key, label, scale, digits).
COMPARED = (
    ("setup_first", "round set-up, round 1 (ms)", 1000.0, 1),
    ("setup_last", "round set-up, last round (ms)", 1000.0, 1),
    ("pause", "last play -> next hands (ms)", 1000.0, 1),
    ("pause_to_choice", "last play -> first bid held (ms)", 1000.0, 1),
    ("card_latency", "card latency p50, per game (ms)", 1000.0, 2),
    ("card_latency_logged", "… from the author's log (ms)", 1000.0, 2),
    ("game", "game, first entry -> last (s)", 1.0, 2),
    ("startup", "start-up, processes and lobby (s)", 1.0, 2),
    ("wall", "whole run (s)", 1.0, 2),
    ("cpu_game", "CPU of all processes in the game (s)", 1.0, 2),
    ("bytes", "bytes on the wire (KB)", 1 / 1024, 0),
    ("stolen", "CPU time stolen by the host (%)", 100.0, 1),
)


# The least confidence of a paired interval, and the fewest pairs that can reach it: the
# widest interval, the smallest and largest change, covers the median 1 − 2/2ⁿ of the time.
PAIRED_LEVEL = 0.9
PAIRED_MIN = next(n for n in itertools.count(2) if 1 - 2 / 2**n >= PAIRED_LEVEL)


def paired_change(
    base: Sequence[float | None], other: Sequence[float | None], *, level: float = PAIRED_LEVEL
) -> dict[str, float] | None:
    """How ``other`` differs from ``base`` game by game: ``base[i]`` and ``other[i]`` were
    played one after the other, on the same minutes.

    The median of ``other[i] / base[i] − 1`` over the pairs where both are known, and an
    interval for it that assumes nothing about the spread (the sign test's): the k-th
    smallest and k-th largest change, for the largest k whose interval covers the true
    median with probability ``level`` or more, ``1 − 2·P(B ≤ k − 1)`` for ``B`` binomial
    (n, ½). An interval that holds 0 says the change is not told from the noise. None
    when even the widest interval, the smallest and largest change, covers less than
    ``level`` (at 90 %: fewer than :data:`PAIRED_MIN` pairs).
    """
    changes = sorted(
        o / b - 1.0 for b, o in zip(base, other, strict=True)
        if b is not None and o is not None and b > 0
    )
    n = len(changes)

    def coverage(k: int) -> float:
        return 1.0 - 2.0 * sum(math.comb(n, i) for i in range(k)) / 2.0**n

    if n < 2 or coverage(1) < level:
        return None
    k = 1
    while k + 1 <= n // 2 and coverage(k + 1) >= level:
        k += 1
    return {
        "median": statistics.median(changes),
        "low": changes[k - 1],
        "high": changes[n - k],
        "confidence": coverage(k),
        "pairs": float(n),
    }


def source_checkout(path: str) -> Path:
    """A checkout to compare with: a directory that holds the ``wizard_p2p`` package."""
    source = Path(path)
    if not (source / "wizard_p2p" / "__init__.py").is_file():
        raise ValueError(f"{path}: not a checkout of wizard-p2p (no wizard_p2p/__init__.py)")
    return source


def bench_compare(
    others: Sequence[Path],
    seat_counts: Sequence[int],
    reps: int,
    say: Callable[[str], None],
    workdir: Path,
) -> dict[str, Any]:
    """This checkout's games against other checkouts', interleaved: one game of each in
    turn, ``reps`` times, so that every version plays on the same minutes (this
    machine's speed drifts too much for figures taken minutes apart to compare), each
    version leading the rounds in turn."""
    sources: list[Path | None] = [None, *others]
    names = ["this", *(str(o) for o in others)]
    results: dict[str, Any] = {}
    say("== compare: games of each version in turn (medians; change against this one)")
    if reps >= PAIRED_MIN:
        say(
            "   paired: the median change game by game against this one's game of the same "
            f"round, and an interval that holds it {PAIRED_LEVEL * 100:.0f} % of the time or more "
            "(one that holds 0 is noise)"
        )
    for seats in seat_counts:
        runs: list[list[dict[str, Any]]] = [[] for _ in sources]
        for rep in range(reps):
            # Each version leads in turn: the first game of a round ran faster (its
            # start-up by a third) whichever version it was.
            for step in range(len(sources)):
                index = (rep + step) % len(sources)
                out = workdir / f"compare-s{seats}-r{rep}-v{index}"
                runs[index].append(analyse(run_game(seats, out, source=sources[index]), seats))
        say(f"{seats} seats, {reps} games each: " + " | ".join(
            f"[{i}] {name}" for i, name in enumerate(names)
        ))
        table: dict[str, list[float | None]] = {}
        paired: dict[str, list[dict[str, float] | None]] = {}
        games: dict[str, list[list[float | None]]] = {}
        for key, label, scale, digits in COMPARED:
            by_game = games[key] = [[r.get(key) for r in version] for version in runs]
            medians: list[float | None] = []
            for figures in by_game:
                values = [value for value in figures if value is not None]
                medians.append(statistics.median(values) if values else None)
            table[key] = medians
            cells = []
            base = medians[0]
            for index, median in enumerate(medians):
                if median is None:
                    cells.append(f"{'-':>10}")
                    continue
                cell = f"{median * scale:>10.{digits}f}"
                # The stolen share describes the minutes a version ran on, not its code.
                if index and base and key != "stolen":
                    cell += f" ({(median / base - 1) * 100:+.0f} %)"
                cells.append(cell)
            paired[key] = [None] + [paired_change(by_game[0], theirs) for theirs in by_game[1:]]
            for change in paired[key][1:]:
                if change is not None and key != "stolen":
                    cells.append(
                        f"paired {change['median'] * 100:+.0f} % "
                        f"[{change['low'] * 100:+.0f}, {change['high'] * 100:+.0f}]"
                    )
            say(f"  {label:<38}" + "  ".join(cells))
        # Every game's figures too, so that the pairs of several runs can be pooled.
        results[f"compare_{seats}"] = {
            "versions": names, "medians": table, "paired": paired, "games": games,
        }
    return results


def bench_audit(log: Path | None, reps: int, say: Callable[[str], None]) -> dict[str, Any]:
    from wizard_p2p.audit import audit_entries
    from wizard_p2p.protocol.harness import MemoryGame, random_chooser
    from wizard_p2p.protocol.log import read_log
    from wizard_p2p.rules import GameConfig

    if log is not None:
        lines = read_log(log)
    else:
        game = MemoryGame.create(GameConfig(6), random_chooser(1), seed=1)
        game.run()
        lines = game.tables[0].log
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        report = audit_entries(lines)
        times.append(time.perf_counter() - start)
    stat = _stats(times)
    say(
        f"== audit of a 6-seat log ({len(lines)} entries, {sum(map(len, lines)) // 1024} KB): "
        f"{_fmt(stat, 1, 3)} s — {report.status}"
    )
    return {"audit_6": stat, "status": report.status}


def bench_bots(say: Callable[[str], None]) -> dict[str, Any]:
    try:
        from wizard_p2p.bots.tournament import main as tournament_main
    except ImportError:
        say("== bots: no tournament module")
        return {}
    say("== bots: a short tournament (wizard-p2p tournament for the full one)")
    tournament_main(["--seats", "4", "--games", "8", "--seed", "1"])
    return {}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="wizard-p2p bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "sections",
        nargs="*",
        default=[],
        help="crypto, network, audit, bots, compare (default: crypto, network, audit)",
    )
    parser.add_argument(
        "--against",
        action="append",
        default=[],
        metavar="DIR",
        help="compare: another checkout whose games alternate with this one's (repeatable)",
    )
    parser.add_argument("--reps", type=int, default=3, help="repetitions per figure (3)")
    parser.add_argument("--seats", default="3,4,5,6", help="seat counts for network (3,4,5,6)")
    parser.add_argument("--json", dest="json_path", default=None, help="write figures as JSON")
    parser.add_argument("--quick", action="store_true", help="smoke run: 3 seats, 1 repetition")
    parser.add_argument("--keep", default=None, help="keep the games' logs and traces here")
    args = parser.parse_args(argv)
    sections = args.sections or ["crypto", "network", "audit"]
    unknown = set(sections) - {"crypto", "network", "audit", "bots", "compare"}
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    if ("compare" in sections) != bool(args.against):
        parser.error("compare needs --against DIR, and --against is for compare only")
    try:
        others = [source_checkout(path) for path in args.against]
    except ValueError as exc:
        parser.error(str(exc))
    reps = 1 if args.quick else max(1, args.reps)
    seat_counts = [3] if args.quick else [int(s) for s in args.seats.split(",")]
    keep = Path(args.keep) if args.keep else None

    def say(text: str) -> None:
        print(text, flush=True)

    say(
        f"wizard-p2p bench on {platform.node()}: {platform.processor() or platform.machine()}, "
        f"Python {platform.python_version()}, {_cpus()} cores"
    )
    results: dict[str, Any] = {"machine": platform.platform(), "targets": TARGETS}
    if "crypto" in sections:
        from wizard_p2p.bench_crypto import run

        say("== crypto")
        results["crypto"] = run(say, repeats=1 if args.quick else 5)
    with contextlib.ExitStack() as stack:
        # The games' logs and traces (a few MB each) live until the audit has read one.
        workdir = keep or Path(
            stack.enter_context(tempfile.TemporaryDirectory(prefix="wizard-bench-"))
        )
        log6 = None
        if "network" in sections:
            results["network"] = bench_network(seat_counts, reps, say, workdir)
            if "6" in results["network"]["logs"]:
                log6 = Path(results["network"]["logs"]["6"])
            if keep is None:
                del results["network"]["logs"]  # they are gone when the run ends
        if "audit" in sections:
            results["audit"] = bench_audit(log6, reps, say)
        if "compare" in sections:
            results["compare"] = bench_compare(others, seat_counts, reps, say, workdir)
    if "bots" in sections:
        results["bots"] = bench_bots(say)
    judged = verdicts(results)
    results["verdicts"] = [
        {"target": name, "figures": figures, "met": met} for name, figures, met in judged
    ]
    say("== targets, in this run")
    for name, figures, met in judged:
        mark = "-" if met is None else ("met" if met else "MISSED")
        say(f"  {mark:<7}{name}: {figures}")
    stolen = during_games(results, "stolen")
    if stolen is not None:
        say(f"  (the host stole {stolen[0]:.0%}–{stolen[1]:.0%} of the CPU time during the "
            "games: the more, the slower every networked figure)")
    hops = during_games(results, "idle_hop")
    if hops is not None:
        say(f"  (a hop between two idle processes on two cores took {hops[0] * 1e6:.0f}–"
            f"{hops[1] * 1e6:.0f} µs beside the games: the longer, the slower every "
            "networked figure; the floors never wait for one)")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(results, indent=2, default=str))
    return 0


def during_games(results: dict[str, Any], figure: str) -> tuple[float, float] | None:
    """The least and the most of the sizes' medians of a figure of the minutes the games
    ran on (``"stolen"``: the share of CPU time the host stole; ``"idle_hop"``: one hop
    between two idle processes), or None if no size measured it."""
    medians = [
        figures[figure]["median"]
        for key, figures in results.get("network", {}).items()
        if key.startswith("setup_") and figures.get(figure) is not None
    ]
    return (min(medians), max(medians)) if medians else None


def verdicts(results: dict[str, Any]) -> list[tuple[str, str, bool | None]]:
    """Each of the issue's targets against this run's figures: (target, the figures,
    met — None where the run did not measure it).

    A set-up's target is judged on round 1 (the last round is shown beside it); the
    ratio on round 1 ÷ the protocol floor (the same work in one process), at every size
    measured; the game on the whole run, processes and lobby included (the game proper,
    first entry to last, beside it).
    """
    network = results.get("network", {})
    verdict: list[tuple[str, str, bool | None]] = []

    def setup(seats: int, target: float) -> None:
        name = f"round set-up, {seats} seats, median <= {target:g} ms"
        figures = network.get(f"setup_{seats}")
        if figures is None:
            verdict.append((name, "not measured", None))
            return
        first, last = figures["round1"]["median"] * 1000, figures["last"]["median"] * 1000
        verdict.append((name, f"round 1 {_judged(first, target, 1)} ms (last round {last:.1f})",
                        first <= target))

    setup(6, TARGETS["setup_ms_6"])
    setup(3, TARGETS["setup_ms_3"])
    sizes = sorted(int(key.split("_")[1]) for key in network if key.startswith("setup_"))
    name = f"round 1 networked / protocol floor <= {TARGETS['setup_ratio']:g}"
    if sizes:
        ratios = [network[f"setup_{n}"]["round1_protocol_ratio"] for n in sizes]
        shown = " / ".join(_judged(r, TARGETS["setup_ratio"], 2) for r in ratios)
        verdict.append((name, f"{shown} ({', '.join(map(str, sizes))} seats)",
                        all(r <= TARGETS["setup_ratio"] for r in ratios)))
    else:
        verdict.append((name, "not measured", None))
    game6 = network.get("game_6")
    name = f"card latency p50, 6 seats, <= {TARGETS['card_latency_ms_6']:g} ms"
    if game6 is None or game6.get("card_latency_p50") is None:
        verdict.append((name, "not measured", None))
    else:
        p50 = game6["card_latency_p50"] * 1000
        logged = game6.get("card_latency_logged_p50")
        beside = f" (from the author's log {logged * 1000:.2f})" if logged is not None else ""
        verdict.append((name, f"{_judged(p50, TARGETS['card_latency_ms_6'], 2)} ms{beside}",
                        p50 <= TARGETS["card_latency_ms_6"]))
    name = f"game of bots, 3 and 6 seats, <= {TARGETS['game_wall_s']:g} s"
    games = [network.get(f"game_{n}") for n in (3, 6)]
    if any(g is None for g in games):
        verdict.append((name, "not measured", None))
    else:
        proper = [g["game"]["median"] for g in games]  # type: ignore[index]
        whole = [g["wall"]["median"] for g in games]  # type: ignore[index]
        verdict.append((
            name,
            f"whole run {' / '.join(_judged(t, TARGETS['game_wall_s'], 2) for t in whole)} s "
            f"(the game {proper[0]:.2f} / {proper[1]:.2f})",
            all(t <= TARGETS["game_wall_s"] for t in whole),
        ))
    audit = results.get("audit", {}).get("audit_6")
    name = f"audit of a 6-seat log <= {TARGETS['audit_s_6']:g} s"
    if audit is None:
        verdict.append((name, "not measured", None))
    else:
        verdict.append((name, f"{_judged(audit['median'], TARGETS['audit_s_6'], 2)} s",
                        audit["median"] <= TARGETS["audit_s_6"]))
    rss = [g["rss_kb"]["max"] / 1024 for k, g in network.items() if k.startswith("game_")]
    name = f"peak RSS of a peer <= {TARGETS['rss_mb']:g} MB"
    if rss:
        peak = max(rss)
        verdict.append((name, f"{_judged(peak, TARGETS['rss_mb'], 1)} MB",
                        peak <= TARGETS["rss_mb"]))
    else:
        verdict.append((name, "not measured", None))
    crypto = results.get("crypto")
    name = f"shuffle+lock / raw multiplications <= {TARGETS['crypto_ratio']:g}"
    verdict.append((name, _judged(crypto["ratio"], TARGETS["crypto_ratio"], 3),
                    crypto["ratio"] <= TARGETS["crypto_ratio"])
                   if crypto else (name, "not measured", None))
    return verdict


def _judged(value: float, target: float, digits: int) -> str:
    """``value`` to ``digits`` decimals, or as many more as it takes for the figure shown
    to fall on the same side of ``target`` as the value (1.503 is not shown as 1.50 beside
    a target of 1.5 it misses)."""
    for shown_digits in range(digits, digits + 4):
        text = f"{value:.{shown_digits}f}"
        if (float(text) <= target) == (value <= target):
            return text
    return f"{value:.{digits + 4}f}"


def _cpus() -> int:
    import os

    return os.cpu_count() or 1
