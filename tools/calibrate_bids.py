"""Calibrate the heuristic's bidding per table size and round length, from duplicate deals.

The heuristic estimates a hand's tricks (``estimate_tricks``); the bid worth most is
not always the nearest whole number to that estimate, because a round's points are
not linear in the tricks (an exact bid earns 20 + 10 per trick, a miss −10 per trick
off) and the spread of the tricks a hand takes grows with the round's length. This
tool measures, for every table size ``n`` (3..6) and round length ``c`` (1..60/n), the
bid that maximises the expected points rather than the expected tricks:

1. it deals ``--deals`` random rounds of ``c`` cards to ``n`` seats (from a fixed
   seed), the trump from the turned card (the dealer's best suit under a Wizard);
2. every seat but one bids as the heuristic does; the remaining seat tries every bid
   within ``WINDOW`` of its estimate on the same deal (duplicate play: the same cards
   and the same opponents), and the round is played out by the heuristic's card play
   (``simulate.play_out``), the seat playing to make the bid it tried; its points are
   recorded for each bid tried, each seat taking that role in turn;
3. the bid rule is ``nearest(slope · estimate + shift)``; the pair (slope, shift) with
   the highest mean points over the recorded outcomes of lengths ``c − 1``, ``c`` and
   ``c + 1`` (neighbouring lengths play alike; pooling them steadies the choice) is
   chosen from a grid (ties: the pair nearest to the plain rule, slope 1, shift 0).

This is done twice: the second pass's opponents bid with the first pass's rule (the
heuristic's opponents in its own games, and in the expert's simulations, are
heuristics bidding that way), on new deals. The second pass's rule is written to
``wizard_p2p/bots/bid_calibration.py``. The run is deterministic for a given
``--deals``; ``--jobs`` only spreads it over processes.

    python -m tools.calibrate_bids --deals 600 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p.bots.heuristic import SUITS, estimate_tricks, gone_array, nearest_bid
from wizard_p2p.bots.simulate import play_out
from wizard_p2p.files import write_atomic
from wizard_p2p.rules import DECK, Card, GameConfig, Kind, Suit, score

WINDOW = 4  # bids tried: the nearest to the estimate, and this many either side
SLOPES = tuple(round(0.4 + 0.05 * i, 2) for i in range(21))  # 0.40 … 1.40
SHIFTS = tuple(round(-2.0 + 0.25 * i, 2) for i in range(21))  # −2.00 … +3.00
TARGET = Path("wizard_p2p/bots/bid_calibration.py")

Rule = tuple[float, float]  # (slope, shift)
Outcome = tuple[float, dict[int, int]]  # (estimate, points per bid tried)


def rule_bid(rule: Rule, estimate: float, cards: int) -> int:
    slope, shift = rule
    return nearest_bid(slope * estimate + shift, range(cards + 1))


def _trump(
    deck: Sequence[Card], seats: int, cards: int, dealer: int
) -> tuple[Suit | None, Card | None]:
    turned = deck[seats * cards] if seats * cards < len(DECK) else None
    if turned is None or turned.kind is Kind.JESTER:
        return None, turned
    if turned.kind is Kind.WIZARD:
        hand = deck[dealer * cards : (dealer + 1) * cards]
        return max(SUITS, key=lambda s: estimate_tricks(hand, s, seats, turned)), turned
    return turned.suit, turned


@dataclass(frozen=True)
class _Job:
    seats: int
    cards: int
    deals: int
    pass_no: int
    opponents: Rule  # how the other seats bid


def _outcomes(job: _Job) -> list[Outcome]:
    n, c = job.seats, job.cards
    config = GameConfig(n)  # the bids are calibrated on the standard game
    rng = random.Random(f"wizard-p2p bid calibration {job.pass_no} {n} {c}")
    outcomes: list[Outcome] = []
    dealer = n - 1  # seat 0 leads; every seat takes the role below, so all positions count
    for _ in range(job.deals):
        deck = list(DECK)
        rng.shuffle(deck)
        trump, turned = _trump(deck, n, c, dealer)
        hands = [deck[s * c : (s + 1) * c] for s in range(n)]
        estimates = [estimate_tricks(h, trump, n, turned) for h in hands]
        bids = [rule_bid(job.opponents, e, c) for e in estimates]
        gone = gone_array([turned] if turned is not None else [])
        for seat in range(n):
            centre = nearest_bid(estimates[seat], range(c + 1))
            points: dict[int, int] = {}
            for bid in range(max(0, centre - WINDOW), min(c, centre + WINDOW) + 1):
                tried = list(bids)
                tried[seat] = bid
                taken = play_out(hands, trump, tried, [0] * n, (), 0, gone, config)
                points[bid] = score(bid, taken[seat], config)
            outcomes.append((estimates[seat], points))
    return outcomes


Pooled = Sequence[tuple[int, Outcome]]  # (cards, outcome)


def _points(rule: Rule, outcomes: Pooled) -> float:
    slope, shift = rule
    total = 0
    for cards, (estimate, points) in outcomes:
        # nearest_bid(slope · estimate + shift, 0..cards), the lower bid on a tie
        bid = min(cards, max(0, math.ceil(slope * estimate + shift - 0.5)))
        if bid not in points:  # outside the window tried: its nearest edge
            bid = min(points, key=lambda b: abs(b - bid))
        total += points[bid]
    return total / len(outcomes)


def best_rule(outcomes: Pooled) -> tuple[Rule, float, float]:
    """The rule with the highest mean points, that mean, and the plain rule's mean."""
    plain = _points((1.0, 0.0), outcomes)
    best: tuple[float, float, Rule] | None = None
    for slope in SLOPES:
        for shift in SHIFTS:
            rule = (slope, shift)
            key = (_points(rule, outcomes), -abs(slope - 1.0) - abs(shift) / 4)
            if best is None or key > best[:2]:
                best = (*key, rule)
    assert best is not None
    return best[2], best[0], plain


def calibrate(
    deals: int, jobs: int, seat_counts: Sequence[int] = (3, 4, 5, 6), log: bool = True
) -> dict[tuple[int, int], Rule]:
    rules: dict[tuple[int, int], Rule] = {}
    keys = [(n, c) for n in seat_counts for c in range(1, 60 // n + 1)]
    for pass_no in (1, 2):
        # Pass 1's opponents bid the nearest whole number; pass 2's by pass 1's rules.
        work = [_Job(n, c, deals, pass_no, rules.get((n, c), (1.0, 0.0))) for n, c in keys]
        started = time.perf_counter()
        if jobs > 1:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                results = list(pool.map(_outcomes, work, chunksize=1))
        else:
            results = [_outcomes(job) for job in work]
        by_key = dict(zip(keys, results, strict=True))
        fitted: dict[tuple[int, int], Rule] = {}
        for n, c in keys:
            pooled = [
                (length, outcome)
                for length in (c - 1, c, c + 1)
                for outcome in by_key.get((n, length), ())
            ]
            rule, mean, plain = best_rule(pooled)
            fitted[(n, c)] = rule
            if log:
                print(
                    f"pass {pass_no}  {n} seats {c:>2} cards: slope {rule[0]:.2f} shift "
                    f"{rule[1]:+.2f}  {mean:6.2f} points per round (nearest bid {plain:6.2f}, "
                    f"{len(pooled)} hands, lengths {c}±1)",
                    file=sys.stderr,
                )
        if log:
            print(f"pass {pass_no}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
        rules = fitted
    return rules


def render(rules: Mapping[tuple[int, int], Rule], deals: int) -> str:
    lines = [
        '"""The heuristic\'s bid rule per table size and round length (generated; do not edit).',
        "",
        "Written by ``python -m tools.calibrate_bids --deals "
        f"{deals}`` (see that tool): for (seats, cards),",
        "the heuristic bids ``nearest(slope · estimate + shift)``, the rule that earned the",
        "most points per round on the tool's duplicate deals.",
        '"""',
        "",
        "BID_RULES: dict[tuple[int, int], tuple[float, float]] = {",
    ]
    for (n, c), (slope, shift) in sorted(rules.items()):
        lines.append(f"    ({n}, {c}): ({slope}, {shift}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=600, help="deals per table size and length")
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes")
    parser.add_argument("--out", type=Path, default=TARGET, help=f"default {TARGET}")
    args = parser.parse_args(argv)
    rules = calibrate(args.deals, args.jobs)
    write_atomic(args.out, render(rules, args.deals).encode(), mode=0o644)
    print(args.out)
    print(
        "mean slope per table size: "
        + ", ".join(
            f"{n}: {statistics.fmean(r[0] for (s, _), r in rules.items() if s == n):.2f}"
            for n in (3, 4, 5, 6)
        ),
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
