"""``python -m tools.bench``: parse the command line, run the sections, print the verdicts."""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import tools.bench
from tools.bench import crypto, deck, sorcery
from tools.bench.compare import bench_compare
from tools.bench.games import source_checkout
from tools.bench.machine import cpus
from tools.bench.network import bench_network
from tools.bench.offline import bench_audit, bench_bots
from tools.bench.verdicts import TARGETS, beside_verdicts, verdicts


def plain_text(docstring: str) -> str:
    """A docstring as ``--help`` shows it: without reStructuredText's markup."""
    return re.sub(r":\w+:`([^`]*)`", r"\1", docstring).replace("``", "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/bench",
        description=plain_text(tools.bench.__doc__ or ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "sections",
        nargs="*",
        default=[],
        help="crypto, deck, sorcery, network, audit, bots, compare "
        "(default: crypto, network, audit)",
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
    unknown = set(sections) - {"crypto", "deck", "sorcery", "network", "audit", "bots", "compare"}
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
        f"Python {platform.python_version()}, {cpus()} cores"
    )
    results: dict[str, Any] = {"machine": platform.platform(), "targets": TARGETS}
    if "crypto" in sections:
        say("== crypto")
        results["crypto"] = crypto.run(say, repeats=1 if args.quick else 5)
    if "deck" in sections:
        say("== deck")
        results["deck"] = deck.run(say, repeats=1 if args.quick else 5)
    if "sorcery" in sections:
        say("== sorcery")
        results["sorcery"] = sorcery.run(say, repeats=reps)
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
    for line in beside_verdicts(results):
        say(f"  {line}")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(results, indent=2, default=str))
    return 0
