"""Probes of the machine the bench runs on: the time ``/proc/stat`` says the host stole,
one hop between two idle cores, the number of cores. None of them measures our code:
they describe the minutes the games ran on.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

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


def cpus() -> int:
    """How many cores this machine has."""
    return os.cpu_count() or 1
