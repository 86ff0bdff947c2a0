"""What a watcher costs the players: one game with a watcher and one without, compared.

    python -m tools.watch_cost [--games N] [--seats 3]

Each game is a headless host (``--admit-watchers``) and bots, every seat its own
process on loopback with ``--trace``; with a watcher, ``wizard-p2p watch --headless``
is admitted before the first coin (a bot is held stopped meanwhile; the game without
a watcher is held the same way). From the seats' traces it prints, per game: the
players' CPU seconds from their first entry to their end (summed over the seats),
the bytes and frames they sent in all, and what of it went to the watcher (bytes,
frames, and the CPU time their threads spent serving it).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEADLINE = 300.0


def _start(name: str, args: list[str], work: Path) -> subprocess.Popen[bytes]:
    with open(work / f"{name}.out", "wb") as out, open(work / f"{name}.err", "wb") as err:
        return subprocess.Popen(
            [sys.executable, "-m", "wizard_p2p", *args], stdin=subprocess.DEVNULL,
            stdout=out, stderr=err, cwd=REPO, env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )


def _until(check: Callable[[], Any], what: str) -> Any:
    deadline = time.monotonic() + DEADLINE
    while not (value := check()):
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        time.sleep(0.01)
    return value


def _has_genesis(data_dir: Path) -> bool:
    return any(p.stat().st_size > 0 for p in data_dir.glob("games/*/log.jsonl"))


def one_game(work: Path, seats: int, watcher: bool) -> dict[str, Any]:
    """Play one game; the seats' traces and the watcher's exit."""
    common = ["--listen", "127.0.0.1", "--policy", "random", "--quiet"]
    host = _start("host", [
        "host", "--headless", "--seats", str(seats), "--port", "0", "--name", "Host",
        "--data-dir", str(work / "seat-0"), "--admit-watchers", "--trace",
        str(work / "seat-0.trace"), "--listen", "127.0.0.1", "--policy", "random",
    ], work)

    def invitation() -> re.Match[str] | None:
        return re.search(r"join (\S+) --code (\S+)", (work / "host.out").read_text())

    found = _until(invitation, "the host's invitation")
    address, code = found.group(1), found.group(2)
    bots = [
        _start(f"bot-{i}", ["bot", address, "--code", code, "--name", f"Bot {i}",
                            "--data-dir", str(work / f"seat-{i}"), "--trace",
                            str(work / f"seat-{i}.trace"), *common], work)
        for i in range(1, seats)
    ]
    _until(lambda: all(_has_genesis(work / f"seat-{i}") for i in range(seats)), "the genesis")
    os.kill(bots[-1].pid, signal.SIGSTOP)  # the game waits while the watcher comes in
    follower = None
    try:
        if watcher:
            follower = _start("watcher", [
                "watch", address, "--code", code, "--headless", "--name", "Screen",
                "--data-dir", str(work / "watcher"), "--listen", "127.0.0.1",
            ], work)
            _until(lambda: "admitted" in (work / "watcher.out").read_text(), "admission")
    finally:
        os.kill(bots[-1].pid, signal.SIGCONT)
    for proc in (host, *bots):
        proc.wait(DEADLINE)
    if follower is not None:
        follower.wait(DEADLINE)
    traces = [json.loads((work / f"seat-{i}.trace").read_text()) for i in range(seats)]
    return {"traces": traces, "watcher_exit": None if follower is None else follower.returncode}


def summary(game: dict[str, Any]) -> dict[str, float]:
    traces = game["traces"]
    return {
        "cpu_game_s": sum(t["cpu_seconds"] - (t["cpu_at_first_entry"] or 0.0) for t in traces),
        "bytes_out": sum(t["bytes_out"] for t in traces),
        "frames_out": sum(t["frames_out"] for t in traces),
        "to_watcher_bytes": sum(t.get("watcher_bytes_out", 0) for t in traces),
        "to_watcher_frames": sum(t.get("watcher_frames_out", 0) for t in traces),
        "serving_watcher_cpu_s": sum(t.get("watcher_cpu_seconds", 0.0) for t in traces),
        "entries": len(traces[0]["entries"]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.watch_cost")
    parser.add_argument("--games", type=int, default=1, help="games of each kind")
    parser.add_argument("--seats", type=int, default=3)
    args = parser.parse_args(argv)
    rows: dict[str, list[dict[str, float]]] = {"without": [], "with": []}
    with tempfile.TemporaryDirectory(prefix="wizard-watch-cost-") as tmp:
        for n in range(args.games):
            for kind in ("without", "with"):
                work = Path(tmp) / f"{kind}-{n}"
                work.mkdir()
                game = one_game(work, args.seats, watcher=kind == "with")
                if kind == "with" and game["watcher_exit"] != 0:
                    raise SystemExit(f"the watcher failed: {(work / 'watcher.err').read_text()}")
                rows[kind].append(summary(game))
    for kind, games in rows.items():
        for row in games:
            cells = "  ".join(
                f"{key}={value:.3f}" if isinstance(value, float) else f"{key}={value}"
                for key, value in row.items()
            )
            print(f"{kind:>7} watcher: {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
