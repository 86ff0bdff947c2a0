"""The sections that need no network: auditing a finished log, and a short tournament."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.bench.stats import fmt, summary
from wizard_p2p.audit import audit_entries
from wizard_p2p.bots.tournament import main as tournament_main
from wizard_p2p.disk.log import read_log
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser


def bench_audit(log: Path | None, reps: int, say: Callable[[str], None]) -> dict[str, Any]:
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
    stat = summary(times)
    say(
        f"== audit of a 6-seat log ({len(lines)} entries, {sum(map(len, lines)) // 1024} KB): "
        f"{fmt(stat, 1, 3)} s — {report.status}"
    )
    return {"audit_6": stat, "status": report.status}


def bench_bots(say: Callable[[str], None]) -> dict[str, Any]:
    say("== bots: a short tournament (wizard-p2p tournament for the full one)")
    tournament_main(["--seats", "4", "--games", "8", "--seed", "1"])
    return {}
