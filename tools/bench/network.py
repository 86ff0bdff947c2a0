"""The ``network`` section: games of each size in turn, each followed by its floors."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tools.bench import floors, games, machine, traces
from tools.bench.stats import fmt, ms, percentile, summary
from wizard_p2p.node.helper import PassHelper


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
    # measures the drift. At least 9 runs of each floor in all: their noise is large.
    per_game = max(3, -(-9 // reps))
    # Per size: the passes-alone floor's round 1 and last round, and the protocol floor's.
    floor_times: dict[int, dict[str, list[float]]] = {
        n: {"first": [], "last": [], "protocol_first": [], "protocol_last": []}
        for n in seat_counts
    }
    speeds_by_seats: dict[int, list[float]] = {n: [] for n in seat_counts}
    hops_by_seats: dict[int, list[float | None]] = {n: [] for n in seat_counts}
    # The sizes are played in turn, a game of each, as `compare` plays its versions: a
    # slow minute then falls on every size alike, not on all the games of whichever
    # size it met.
    for rep in range(reps):
        for seats in seat_counts:
            speeds_by_seats[seats].append(floors.mults_per_second())
            hops_by_seats[seats].append(machine.idle_hop())
            game = games.run_game(seats, workdir / f"s{seats}-r{rep}")
            games_by_seats[seats].append(traces.analyse(game, seats))
            logs[seats] = game["log"]
            rounds = 60 // seats
            floor = floor_times[seats]
            with PassHelper() as helper:  # as every peer has
                helper.submit(int).result()  # started before the timing: a one-time cost
                for _ in range(per_game):
                    floor["first"].append(floors.setup_floor(seats, 1, helper))
                for _ in range(per_game):
                    floor["last"].append(floors.setup_floor(seats, rounds, helper))
            for _ in range(per_game):
                first_round, last_round = floors.protocol_floor(seats)
                floor["protocol_first"].append(first_round)
                floor["protocol_last"].append(last_round)
    for seats in seat_counts:
        runs = games_by_seats[seats]
        floor, speeds = floor_times[seats], speeds_by_seats[seats]
        floor_first = summary(floor["first"])
        floor_last = summary(floor["last"])
        first = summary([r["setup_first"] for r in runs if r["setup_first"] is not None])
        last = summary([r["setup_last"] for r in runs if r["setup_last"] is not None])
        protocol_floor_first = summary(floor["protocol_first"])
        protocol_floor_last = summary(floor["protocol_last"])
        ratio_first = first["median"] / floor_first["median"]
        ratio_last = last["median"] / floor_last["median"]
        protocol_ratio_first = first["median"] / protocol_floor_first["median"]
        protocol_ratio_last = last["median"] / protocol_floor_last["median"]
        pause = summary([r["pause"] for r in runs if r["pause"] is not None])
        to_choice = summary(
            [r["pause_to_choice"] for r in runs if r["pause_to_choice"] is not None]
        )
        shares = [r["stolen"] for r in runs if r.get("stolen") is not None]
        stolen = summary(shares) if shares else None
        hops = [h for h in hops_by_seats[seats] if h is not None]
        hop = summary(hops) if hops else None
        say(
            f"{seats:>5} {fmt(first, 1000):>18} {floor_first['median'] * 1000:>6.1f} "
            f"{ratio_first:>5.2f} {protocol_floor_first['median'] * 1000:>8.1f} "
            f"{protocol_ratio_first:>5.2f} {fmt(last, 1000):>18} "
            f"{floor_last['median'] * 1000:>6.1f} {ratio_last:>5.2f} "
            f"{protocol_floor_last['median'] * 1000:>8.1f} {protocol_ratio_last:>5.2f} "
            f"{fmt(pause, 1000):>20} {to_choice['median'] * 1000:>13.1f} "
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
            "mults_per_sec": summary(speeds),
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
            "card_latency_p99": percentile(lat, 0.99),
            "card_latency_logged_p50": statistics.median(logged) if logged else None,
            "card_latency_logged_p99": percentile(logged, 0.99),
        }
        say(
            f"{seats:>5} {ms(latency['card_latency_p50']):>12.2f} "
            f"{ms(latency['card_latency_p99']):>8.2f} "
            f"{ms(latency['card_latency_logged_p50']):>7.2f}/"
            f"{ms(latency['card_latency_logged_p99']):<7.2f} "
            f"{fmt(summary([r['game'] for r in runs]), 1, 2):>16} "
            f"{fmt(summary([r['startup'] for r in runs]), 1, 2):>16} "
            f"{fmt(summary([r['wall'] for r in runs]), 1, 2):>16}"
        )
    say("")
    say(
        f"{'seats':>5} {'cpu s in game':>16} {'cpu s (all)':>16} {'wire KB':>9} {'log KB':>8} "
        f"{'peer RSS MB':>11} {'fsync s (ms each)':>18}"
    )
    for seats, runs in games_by_seats.items():
        cpu = summary([r["cpu"] for r in runs])
        cpu_game = summary([r["cpu_game"] for r in runs if r["cpu_game"] is not None])
        wire = summary([r["bytes"] for r in runs])
        log = summary([r["log_bytes"] for r in runs])
        rss = summary([r["rss_kb"] for r in runs])
        fsync = summary([r["fsync_seconds"] for r in runs])
        fsyncs = sum(r["fsyncs"] for r in runs)
        per_fsync = sum(r["fsync_seconds"] for r in runs) / fsyncs if fsyncs else float("nan")
        say(
            f"{seats:>5} {fmt(cpu_game, 1, 2):>16} {fmt(cpu, 1, 2):>16} "
            f"{wire['median'] / 1024:>9.0f} {log['median'] / 1024:>8.0f} "
            f"{rss['max'] / 1024:>11.1f} {fsync['median']:>9.2f} ({per_fsync * 1000:.2f})"
        )
        results[f"game_{seats}"] = {
            **latency_by_seats[seats],
            "game": summary([r["game"] for r in runs]),
            "startup": summary([r["startup"] for r in runs]),
            "wall": summary([r["wall"] for r in runs]),
            "cpu": cpu,
            "cpu_game": cpu_game,
            "wire_bytes": wire,
            "log_bytes": log,
            "rss_kb": rss,
            "fsync_seconds": fsync,
            "fsync_mean": per_fsync,
            "finished": all(r["finished"] for r in runs),
        }
    hot, woken = floors.wake_cost()
    say("")
    say(
        f"waking costs: a seat checks one shuffle entry in {hot * 1000:.2f} ms back to back, "
        f"{woken * 1000:.2f} ms after 5 ms asleep (x{woken / hot:.1f}); peers sleep between "
        "entries, the protocol floor never does"
    )
    results["wake_cost"] = {"hot": hot, "woken": woken, "ratio": woken / hot}
    results["logs"] = {str(k): str(v) for k, v in logs.items()}
    return results
