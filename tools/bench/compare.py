"""The ``compare`` section: this checkout's games against other checkouts', in turn."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tools.bench import games, traces
from tools.bench.stats import PAIRED_LEVEL, PAIRED_MIN, paired_change

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
                runs[index].append(
                    traces.analyse(games.run_game(seats, out, source=sources[index]), seats)
                )
        say(f"{seats} seats, {reps} games each: " + " | ".join(
            f"[{i}] {name}" for i, name in enumerate(names)
        ))
        table: dict[str, list[float | None]] = {}
        paired: dict[str, list[dict[str, float] | None]] = {}
        game_figures: dict[str, list[list[float | None]]] = {}
        for key, label, scale, digits in COMPARED:
            by_game = game_figures[key] = [[r.get(key) for r in version] for version in runs]
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
            "versions": names, "medians": table, "paired": paired, "games": game_figures,
        }
    return results
