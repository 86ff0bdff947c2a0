"""The targets, judged against a run's figures, and the figures printed beside them.

Each target is absolute: a time, a size or the crypto's overhead over raw
multiplications, which our code decides. Round 1's networked set-up over its protocol
floor is printed beside them, not judged: it measures how fast this machine wakes a
sleeping process, which no change to our code removes.
"""

from __future__ import annotations

from typing import Any

TARGETS = {
    "setup_ms_6": 100.0,
    "setup_ms_3": 50.0,
    "card_latency_ms_6": 5.0,
    "game_wall_s": 3.0,
    "audit_s_6": 1.0,
    "rss_mb": 80.0,
    "crypto_ratio": 1.3,
}


def beside_verdicts(results: dict[str, Any]) -> list[str]:
    """The figures printed after the verdicts: round 1's networked set-up over its
    protocol floor at each size, and the range of the stolen share and of the idle hop
    over the sizes (the minutes the games ran on, which slow every networked figure and
    neither floor)."""
    network = results.get("network", {})
    lines = []
    sizes = sorted(int(key.split("_")[1]) for key in network if key.startswith("setup_"))
    if sizes:
        ratios = " / ".join(f"{network[f'setup_{n}']['round1_protocol_ratio']:.2f}" for n in sizes)
        lines.append(
            f"(round 1 networked / protocol floor: {ratios} at {', '.join(map(str, sizes))} "
            "seats: what waking a sleeping process costs on this machine, not a target)"
        )
    stolen = during_games(results, "stolen")
    if stolen is not None:
        lines.append(f"(the host stole {stolen[0]:.0%}–{stolen[1]:.0%} of the CPU time during the "
                     "games: the more, the slower every networked figure)")
    hops = during_games(results, "idle_hop")
    if hops is not None:
        lines.append(f"(a hop between two idle processes on two cores took {hops[0] * 1e6:.0f}–"
                     f"{hops[1] * 1e6:.0f} µs beside the games: the longer, the slower every "
                     "networked figure; the floors never wait for one)")
    return lines


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
    """Each target against this run's figures: (target, the figures,
    met — None where the run did not measure it).

    A set-up's target is judged on round 1 (the last round is shown beside it); the
    game on the whole run, processes and lobby included (the game proper, first entry
    to last, beside it).
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
        verdict.append((name, f"round 1 {judged(first, target, 1)} ms (last round {last:.1f})",
                        first <= target))

    setup(6, TARGETS["setup_ms_6"])
    setup(3, TARGETS["setup_ms_3"])
    game6 = network.get("game_6")
    name = f"card latency p50, 6 seats, <= {TARGETS['card_latency_ms_6']:g} ms"
    if game6 is None or game6.get("card_latency_p50") is None:
        verdict.append((name, "not measured", None))
    else:
        p50 = game6["card_latency_p50"] * 1000
        logged = game6.get("card_latency_logged_p50")
        beside = f" (from the author's log {logged * 1000:.2f})" if logged is not None else ""
        verdict.append((name, f"{judged(p50, TARGETS['card_latency_ms_6'], 2)} ms{beside}",
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
            f"whole run {' / '.join(judged(t, TARGETS['game_wall_s'], 2) for t in whole)} s "
            f"(the game {proper[0]:.2f} / {proper[1]:.2f})",
            all(t <= TARGETS["game_wall_s"] for t in whole),
        ))
    audit = results.get("audit", {}).get("audit_6")
    name = f"audit of a 6-seat log <= {TARGETS['audit_s_6']:g} s"
    if audit is None:
        verdict.append((name, "not measured", None))
    else:
        verdict.append((name, f"{judged(audit['median'], TARGETS['audit_s_6'], 2)} s",
                        audit["median"] <= TARGETS["audit_s_6"]))
    rss = [g["rss_kb"]["max"] / 1024 for k, g in network.items() if k.startswith("game_")]
    name = f"peak RSS of a peer <= {TARGETS['rss_mb']:g} MB"
    if rss:
        peak = max(rss)
        verdict.append((name, f"{judged(peak, TARGETS['rss_mb'], 1)} MB",
                        peak <= TARGETS["rss_mb"]))
    else:
        verdict.append((name, "not measured", None))
    crypto = results.get("crypto")
    name = f"shuffle+lock / raw multiplications <= {TARGETS['crypto_ratio']:g}"
    verdict.append((name, judged(crypto["ratio"], TARGETS["crypto_ratio"], 3),
                    crypto["ratio"] <= TARGETS["crypto_ratio"])
                   if crypto else (name, "not measured", None))
    return verdict


def judged(value: float, target: float, digits: int) -> str:
    """``value`` to ``digits`` decimals, or as many more as it takes for the figure shown
    to fall on the same side of ``target`` as the value (1.503 is not shown as 1.50 beside
    a target of 1.5 it misses)."""
    for shown_digits in range(digits, digits + 4):
        text = f"{value:.{shown_digits}f}"
        if (float(text) <= target) == (value <= target):
            return text
    return f"{value:.{digits + 4}f}"
