"""Playing networked games for the bench: a headless ``play``, one process per seat."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tools.bench.machine import cpu_ticks, stolen_share


def run_game(
    seats: int, out: Path, policy: str = "random", source: Path | None = None
) -> dict[str, Any]:
    """One headless game, one process per seat; returns its traces and timings.

    ``source``: another checkout whose code plays the game (its directory holds the
    ``wizard_p2p`` package), for :func:`tools.bench.compare.bench_compare`; by default,
    this one's.
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


def source_checkout(path: str) -> Path:
    """A checkout to compare with: a directory that holds the ``wizard_p2p`` package."""
    source = Path(path)
    if not (source / "wizard_p2p" / "__init__.py").is_file():
        raise ValueError(f"{path}: not a checkout of wizard-p2p (no wizard_p2p/__init__.py)")
    return source
