"""Bot tournaments in memory (no network, no crypto), with duplicate deals.

Design. Policies are compared in pairwise *matches*: for a pair (A, B) and a seat
count n, every deal (the first dealer and one shuffled deck per round, drawn from a
``random.Random`` seeded by the tournament seed and the deal number, so every match
sees the same deals) is replayed with the policies rotated over the seats, so that
each policy holds every seat's cards equally often:

* even n: A and B alternate round the table (A B A B …), and the deal is played
  twice, the second time with A and B swapped (2 games per deal);
* odd n: the table A B A B … B (⌊n/2⌋ A's) in its n rotations, and its mirror
  B A B A … A in its n rotations (2n games per deal).

Each game is a full game of the rules engine, driven like a real table by
``rules.driver.GameDriver``: every decision is asked of the seat's policy with
``seat_view`` (nothing else), sealed bids are sealed and opened as the variant says,
and the hidden card of the clairvoyance round is played without asking. Each seat's
policy object and random generator are fresh per game and seeded from the tournament
seed.

Figures per policy and match: the mean score per game with a 95% confidence
interval (one sample per deal: the policy's mean over the deal's games, so the
samples are independent and card luck cancels), the bid hit rate and the mean
|bid − tricks| over all its rounds, and its win share (each game's win shared among
the seats tied first). The paired difference A − B per deal, with its own 95%
interval, is the sharpest test of which policy is better. The same figures are
given per round length (cards in each hand): the points per round with their 95%
interval, the bid hit rate and the paired difference, so that a change can be
judged in the rounds where it matters (the long rounds play differently from the
short ones).

``wizard-p2p tournament`` and ``scripts/bench bots`` run ``main``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

from wizard_p2p.bots import BASELINES, POLICIES, make_policy
from wizard_p2p.bots.policy import Policy, decide
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import DECK, Card, Game, GameConfig, SeatView
from wizard_p2p.rules.driver import Choice, GameDriver

DEFAULT_EXPERT_SAMPLES = 16
KNOWN = (*POLICIES, *BASELINES)  # the policies a tournament plays, yardsticks included


# --- one game --------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """Everything chance decides in one game: the first dealer and each round's deck."""

    first_dealer: int
    decks: tuple[tuple[Card, ...], ...]


def make_deal(config: GameConfig, seed: int, number: int) -> Deal:
    rng = random.Random(f"wizard-p2p deal {seed} {number} {config.seats}")
    first_dealer = rng.randrange(config.seats)
    decks = []
    for _ in range(config.rounds):
        deck = list(DECK)
        rng.shuffle(deck)
        decks.append(tuple(deck))
    return Deal(first_dealer, tuple(decks))


@dataclass
class GameRecord:
    totals: tuple[int, ...]
    bids: list[tuple[int, ...]]  # per round
    taken: list[tuple[int, ...]]
    points: list[tuple[int, ...]]  # per round, as the game scored them
    decision_times: list[list[float]] = field(default_factory=list)  # per seat, seconds


def play_game(
    config: GameConfig,
    policies: Sequence[Policy],
    rngs: Sequence[random.Random],
    deal: Deal,
) -> GameRecord:
    """Play one whole game in memory; every decision comes from the seat's policy."""
    game = Game(config, first_dealer=deal.first_dealer)
    times: list[list[float]] = [[] for _ in range(config.seats)]

    def timed_decision(seat: int, view: SeatView) -> Choice:
        started = time.perf_counter()
        choice = decide(policies[seat], view, rngs[seat])
        times[seat].append(time.perf_counter() - started)
        return choice

    # Every card is chosen but the clairvoyance round's unseen one, the last trick's too.
    driver = GameDriver(
        game, lambda round_no: deal.decks[round_no - 1], lone_cards_play=False
    )
    driver.advance(timed_decision)
    return GameRecord(
        totals=tuple(game.totals),
        bids=[r.bids for r in game.history],
        taken=[r.taken for r in game.history],
        points=[r.points for r in game.history],
        decision_times=times,
    )


# --- matches -----------------------------------------------------------------------------


def seatings(seats: int) -> list[tuple[int, ...]]:
    """The tables of a match: for each game, which side (0 = A, 1 = B) sits in each seat."""
    pattern = tuple(i % 2 for i in range(seats))  # A B A B …
    if seats % 2 == 0:
        return [pattern, tuple(1 - side for side in pattern)]
    # Odd: A B A B … B has ⌊n/2⌋ A's; its mirror has ⌈n/2⌉; all rotations of both.
    pattern = (*pattern[:-1], 1)
    mirror = tuple(1 - side for side in pattern)
    return [p[r:] + p[:r] for p in (pattern, mirror) for r in range(seats)]


@dataclass(frozen=True)
class _Task:
    config: GameConfig
    pair: tuple[str, str]
    options: Mapping[str, Mapping[str, Any]]
    seed: int
    deal: int


@dataclass
class _DealResult:
    games: list[tuple[tuple[int, ...], GameRecord]]  # (sides per seat, record)


def _play_deal(task: _Task) -> _DealResult:
    deal = make_deal(task.config, task.seed, task.deal)
    games = []
    for table, sides in enumerate(seatings(task.config.seats)):
        names = [task.pair[side] for side in sides]
        policies = [make_policy(name, **task.options.get(name, {})) for name in names]
        rngs = [
            random.Random(f"wizard-p2p bot {task.seed} {task.pair} {task.deal} {table} {seat}")
            for seat in range(task.config.seats)
        ]
        games.append((sides, play_game(task.config, policies, rngs, deal)))
    return _DealResult(games)


@dataclass(frozen=True)
class RoundStats:
    """One policy's figures over the rounds of one length in a match."""

    cards: int  # cards in each hand (the round number)
    rounds: int  # seat-rounds played
    mean_points: float  # per round, one sample per deal as for the game's score
    ci95: float
    bid_hit_rate: float
    mean_bid_miss: float


@dataclass(frozen=True)
class RoundDiff:
    """The paired difference A − B in points per round of one length, per deal."""

    cards: int
    diff: float
    ci95: float


@dataclass(frozen=True)
class PolicyStats:
    name: str
    games: int  # seat-games played (several seats of one game count once each)
    mean_score: float
    ci95: float  # half-width of the 95% interval of mean_score
    bid_hit_rate: float
    mean_bid_miss: float  # mean |bid − tricks| per round
    win_share: float
    median_decision_ms: float
    by_round: tuple[RoundStats, ...] = ()


@dataclass(frozen=True)
class MatchResult:
    a: PolicyStats
    b: PolicyStats
    deals: int
    games: int
    diff: float  # mean score per game, A − B
    diff_ci95: float
    diff_by_round: tuple[RoundDiff, ...] = ()

    @property
    def separated(self) -> bool:
        """Whether A's and B's 95% intervals do not overlap."""
        return (
            self.a.mean_score - self.a.ci95 > self.b.mean_score + self.b.ci95
            or self.b.mean_score - self.b.ci95 > self.a.mean_score + self.a.ci95
        )


@dataclass(frozen=True)
class TournamentResult:
    seats: int
    variants: tuple[str, ...]
    deals: int
    seed: int
    options: Mapping[str, Mapping[str, Any]]
    matches: tuple[MatchResult, ...]
    seconds: float

    def match(self, a: str, b: str) -> MatchResult:
        for m in self.matches:
            if (m.a.name, m.b.name) == (a, b):
                return m
            if (m.a.name, m.b.name) == (b, a):
                flipped = tuple(RoundDiff(d.cards, -d.diff, d.ci95) for d in m.diff_by_round)
                return MatchResult(m.b, m.a, m.deals, m.games, -m.diff, m.diff_ci95, flipped)
        raise KeyError(f"no match {a} vs {b}")


_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t_quantile_975(df: int) -> float:
    """The 97.5% quantile of Student's t: the table to 30 degrees of freedom, then the
    Cornish–Fisher expansion (within 1e-4 there)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959963984540054
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def mean_ci(samples: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, math.inf
    sd = statistics.stdev(samples)
    return mean, t_quantile_975(len(samples) - 1) * sd / math.sqrt(len(samples))


def _summarise(pair: tuple[str, str], results: Sequence[_DealResult]) -> MatchResult:
    per_deal: list[list[float]] = [[], []]
    scores: list[list[int]] = [[], []]
    hits = [0, 0]
    rounds = [0, 0]
    misses = [0, 0]
    wins = [0.0, 0.0]
    times: list[list[float]] = [[], []]
    # Per round length (index = cards − 1): per-deal means of the round's points, and
    # the hits, misses and seat-rounds behind them.
    lengths = len(results[0].games[0][1].bids) if results and results[0].games else 0
    round_deal: list[list[list[float]]] = [[[] for _ in range(lengths)] for _ in (0, 1)]
    round_hits = [[0] * lengths for _ in (0, 1)]
    round_misses = [[0] * lengths for _ in (0, 1)]
    round_count = [[0] * lengths for _ in (0, 1)]
    games = 0
    for result in results:
        deal_scores: list[list[int]] = [[], []]
        deal_points: list[list[list[int]]] = [[[] for _ in range(lengths)] for _ in (0, 1)]
        for sides, record in result.games:
            games += 1
            top = max(record.totals)
            winners = [s for s, t in enumerate(record.totals) if t == top]
            for seat, side in enumerate(sides):
                deal_scores[side].append(record.totals[seat])
                if seat in winners:
                    wins[side] += 1 / len(winners)
                rows = zip(record.bids, record.taken, record.points, strict=True)
                for i, (bids, taken, round_points) in enumerate(rows):
                    hit = bids[seat] == taken[seat]
                    miss = abs(bids[seat] - taken[seat])
                    rounds[side] += 1
                    hits[side] += hit
                    misses[side] += miss
                    round_count[side][i] += 1
                    round_hits[side][i] += hit
                    round_misses[side][i] += miss
                    deal_points[side][i].append(round_points[seat])
                times[side].extend(record.decision_times[seat])
        for side in (0, 1):
            per_deal[side].append(statistics.fmean(deal_scores[side]))
            scores[side].extend(deal_scores[side])
            for i in range(lengths):
                round_deal[side][i].append(statistics.fmean(deal_points[side][i]))
    stats = []
    for side in (0, 1):
        mean, ci = mean_ci(per_deal[side])
        by_round = []
        for i in range(lengths):
            points, points_ci = mean_ci(round_deal[side][i])
            by_round.append(
                RoundStats(
                    cards=i + 1,
                    rounds=round_count[side][i],
                    mean_points=points,
                    ci95=points_ci,
                    bid_hit_rate=round_hits[side][i] / round_count[side][i],
                    mean_bid_miss=round_misses[side][i] / round_count[side][i],
                )
            )
        stats.append(
            PolicyStats(
                name=pair[side],
                games=len(scores[side]),
                mean_score=mean,
                ci95=ci,
                bid_hit_rate=hits[side] / rounds[side],
                mean_bid_miss=misses[side] / rounds[side],
                win_share=wins[side] / games,
                median_decision_ms=1000 * statistics.median(times[side]) if times[side] else 0.0,
                by_round=tuple(by_round),
            )
        )
    diff, diff_ci = mean_ci([a - b for a, b in zip(per_deal[0], per_deal[1], strict=True)])
    diff_by_round = []
    for i in range(lengths):
        d, d_ci = mean_ci(
            [a - b for a, b in zip(round_deal[0][i], round_deal[1][i], strict=True)]
        )
        diff_by_round.append(RoundDiff(i + 1, d, d_ci))
    return MatchResult(
        stats[0], stats[1], len(results), games, diff, diff_ci, tuple(diff_by_round)
    )


def resolve_pairs(policies: Sequence[str], pairs: str) -> list[tuple[str, str]]:
    """The matches to play: ``all`` pairs, a ``chain`` (each with the next), or ``A:B,C:D``."""
    for name in policies:
        if name not in KNOWN:
            raise UsageError(f"unknown bot policy {name!r}; known: {', '.join(KNOWN)}")
    if pairs == "all":
        chosen = list(combinations(policies, 2))
    elif pairs == "chain":
        chosen = list(pairwise(policies))
    else:
        chosen = []
        for item in pairs.split(","):
            a, sep, b = item.partition(":")
            if not sep or a.strip() not in KNOWN or b.strip() not in KNOWN:
                raise UsageError(f"bad pairing {item!r}: expected A:B with known policies")
            chosen.append((a.strip(), b.strip()))
    if not chosen:
        raise UsageError("a tournament needs at least two policies (one match)")
    for a, b in chosen:
        if a == b:
            raise UsageError(f"a match needs two different policies, not {a} vs {b}")
    return chosen


def run_tournament(
    policies: Sequence[str],
    seats: int,
    games: int,
    seed: int,
    *,
    pairs: str = "all",
    variants: Sequence[str] = (),
    options: Mapping[str, Mapping[str, Any]] | None = None,
    jobs: int = 1,
) -> TournamentResult:
    """Play the matches between ``policies`` (see the module docstring).

    ``games`` is the number of deals per match; each deal is played in every seating
    (2 games at an even seat count, 2n at an odd one). ``options`` are keyword
    arguments per policy name for ``make_policy`` (default: the expert searches
    ``DEFAULT_EXPERT_SAMPLES`` deals per decision with no time limit, so results are
    reproducible). ``jobs`` > 1 plays deals in parallel processes; the results do not
    depend on it.
    """
    if games < 1:
        raise UsageError("a tournament needs at least one deal")
    if jobs < 1:
        raise UsageError("jobs must be at least 1")
    config = GameConfig.with_variants(seats, list(variants))
    chosen = resolve_pairs(policies, pairs)
    opts: dict[str, dict[str, Any]] = {
        "expert": {"samples": DEFAULT_EXPERT_SAMPLES, "time_budget": None}
    }
    for name, extra in (options or {}).items():
        opts.setdefault(name, {}).update(extra)
    started = time.perf_counter()
    tasks = [_Task(config, pair, opts, seed, deal) for pair in chosen for deal in range(games)]
    if jobs == 1:
        done = [_play_deal(task) for task in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            done = list(pool.map(_play_deal, tasks, chunksize=1))
    matches = tuple(
        _summarise(pair, done[i * games : (i + 1) * games]) for i, pair in enumerate(chosen)
    )
    return TournamentResult(
        seats=seats,
        variants=config.variants(),
        deals=games,
        seed=seed,
        options=opts,
        matches=matches,
        seconds=time.perf_counter() - started,
    )


# --- report --------------------------------------------------------------------------------


def format_result(result: TournamentResult) -> str:
    variants = ", ".join(result.variants) or "none"
    lines = [
        f"Tournament: {result.seats} seats, variants: {variants}, seed {result.seed}, "
        f"{result.deals} duplicate deals per match ({result.seconds:.0f} s)",
    ]
    header = (
        f"  {'policy':<10} {'games':>5}  {'score/game ± 95% CI':>22}  {'bid hit':>7}  "
        f"{'|bid−tricks|':>12}  {'win share':>9}  {'median ms':>9}"
    )
    for m in result.matches:
        lines.append("")
        lines.append(f"{m.a.name} vs {m.b.name}: {m.games} games")
        lines.append(header)
        for s in (m.a, m.b):
            lines.append(
                f"  {s.name:<10} {s.games:>5}  {s.mean_score:>9.1f} ± {s.ci95:<5.1f}"
                f" [{s.mean_score - s.ci95:>6.1f}, {s.mean_score + s.ci95:>6.1f}]"
                f"  {100 * s.bid_hit_rate:>6.1f}%  {s.mean_bid_miss:>12.2f}"
                f"  {100 * s.win_share:>8.1f}%  {s.median_decision_ms:>9.2f}"
            )
        verdict = "intervals separate" if m.separated else "intervals overlap"
        lines.append(
            f"  {m.a.name} − {m.b.name}: {m.diff:+.1f} ± {m.diff_ci95:.1f} per game "
            f"(paired by deal); {verdict}"
        )
        lines.extend(format_rounds(m))
    return "\n".join(lines)


def format_rounds(m: MatchResult) -> list[str]:
    """The match's figures per round length: points per round ± 95% CI and bid hits."""
    if not m.diff_by_round:
        return []
    a, b = m.a.name[:9], m.b.name[:9]
    lines = [
        "  per round length (points per round ± 95% CI, bids hit):",
        f"  {'cards':>5}  {a:>9} {'± CI':>5} {'hit':>5}  {b:>9} {'± CI':>5} {'hit':>5}"
        f"  {'A − B':>7} {'± CI':>5}",
    ]
    for ra, rb, d in zip(m.a.by_round, m.b.by_round, m.diff_by_round, strict=True):
        lines.append(
            f"  {ra.cards:>5}  {ra.mean_points:>9.1f} {ra.ci95:>5.1f}"
            f" {100 * ra.bid_hit_rate:>4.0f}%"
            f"  {rb.mean_points:>9.1f} {rb.ci95:>5.1f} {100 * rb.bid_hit_rate:>4.0f}%"
            f"  {d.diff:>+7.1f} {d.ci95:>5.1f}"
        )
    return lines


def result_json(result: TournamentResult) -> dict[str, Any]:
    data = asdict(result)
    data["matches"] = [{**asdict(m), "separated": m.separated} for m in result.matches]
    return data


def write_json_atomically(path: Path, data: object) -> None:
    text = json.dumps(data, indent=2, sort_keys=True, default=str) + "\n"
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wizard-p2p tournament",
        description="Bot tournament in memory with duplicate deals (no network, no crypto).",
    )
    parser.add_argument("--seats", type=int, default=4, help="seats per table, 3..6 (default 4)")
    parser.add_argument(
        "--games", type=int, default=20, help="duplicate deals per match (default 20)"
    )
    parser.add_argument("--seed", type=int, default=1, help="tournament seed (default 1)")
    parser.add_argument(
        "--policies",
        default="expert,heuristic,random",
        help="comma-separated policies among " + ", ".join(KNOWN)
        + " (default expert,heuristic,random; heuristic-tricks: the heuristic bidding the "
        "nearest whole number to its trick estimate, a yardstick)",
    )
    parser.add_argument(
        "--pairs",
        default="all",
        help="which matches: all (every pair), chain (each with the next) or A:B,C:D",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="a variant for every game (repeatable)",
    )
    parser.add_argument(
        "--expert-samples",
        type=int,
        default=DEFAULT_EXPERT_SAMPLES,
        help=f"deals the expert searches per decision (default {DEFAULT_EXPERT_SAMPLES})",
    )
    parser.add_argument("--jobs", type=int, default=1, help="parallel processes (default 1)")
    parser.add_argument("--json", type=Path, default=None, metavar="FILE", help="also write JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    try:
        result = run_tournament(
            policies,
            args.seats,
            args.games,
            args.seed,
            pairs=args.pairs,
            variants=args.variant,
            options={"expert": {"samples": args.expert_samples}},
            jobs=args.jobs,
        )
    except UsageError as exc:
        print(f"wizard-p2p tournament: {exc}", file=sys.stderr)
        return 2
    print(format_result(result))
    if args.json is not None:
        write_json_atomically(args.json, result_json(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
