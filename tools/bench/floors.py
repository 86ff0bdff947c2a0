"""The floors a networked round set-up is shown beside: the same work in one process.

Also what being woken costs here and how fast this machine multiplies now, both
printed beside the games so that a slow minute shows as such.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from concurrent.futures import Executor

from tools.bench.traces import round_setups
from wizard_p2p import crypto
from wizard_p2p.crypto import group
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables import open_table
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser
from wizard_p2p.tables.wizard.round_state import round_size


def setup_floor(seats: int, round_no: int, helper: Executor | None = None) -> float:
    """Seconds for one process to do a round's set-up work with no network.

    ``helper``: the second thread a peer gives its own passes, for a like-for-like floor.
    """
    size = round_size(round_no, seats)
    game_id = bytes(32)
    start = time.perf_counter()
    keys = [
        crypto.derive_round_keys(crypto.new_round_secret(), crypto.round_context(game_id, 1, s))
        for s in range(seats)
    ]
    deck = list(crypto.CARD_POINTS)
    for k in keys[:-1]:
        deck = crypto.shuffle_pass(deck, k, helper=helper)
    # The last shuffler keeps only the positions locked, and locks them in the same pass.
    deck = crypto.shuffle_lock_pass(deck, keys[-1], size, helper=helper)
    for k in keys[:-1]:
        deck = crypto.lock_pass(deck, k, range(size), helper=helper)
    for p in range(size):  # every hand card read by its owner, and the turned card
        crypto.read_card(deck[p], [k.lock_keys[p] for k in keys])
    return time.perf_counter() - start


def protocol_floor(seats: int) -> tuple[float, float]:
    """Seconds of round 1's and the last round's set-up, as
    :func:`tools.bench.traces.analyse` measures them, with every seat's table in this
    process on one thread (the in-memory relay).

    That is all the set-up's work — every pass, entry, signature and check of every
    seat, the previous round's checks that a peer runs meanwhile — without the network,
    the disk, the processes or the second core: what the networked set-up is compared
    with to show what the network costs. :func:`setup_floor` is the passes alone.
    """
    game = MemoryGame.create(GameConfig(seats=seats), random_chooser(seats), defer_checks=True)
    # Per step: when it began and ended, and how long each table's log was after it.
    steps: list[tuple[float, float, list[int]]] = []
    while True:
        began = time.perf_counter()
        if not game.step():
            break
        steps.append((began, time.perf_counter(), [len(t.log) for t in game.tables]))

    def first_step(holds: Callable[[list[int]], bool]) -> tuple[float, float]:
        began, ended, _ = next(step for step in steps if holds(step[2]))
        return began, ended

    kinds = [kind for _, kind in game.tables[0].entry_meta]
    times = []
    for before, last in round_setups(kinds):
        # From the step that gives seat 0 the entry before the first shuffle to the one
        # after which every table holds the last lock.
        start, _ = first_step(lambda lengths, before=before: lengths[0] > before)
        _, end = first_step(lambda lengths, last=last: min(lengths) > last)
        times.append(end - start)
    return times[0], times[-1]


def wake_cost(seats: int = 6, idle: float = 0.005, count: int = 25) -> tuple[float, float]:
    """Seconds one seat takes to check round 1's first shuffle entry (a table's
    ``receive``, nothing else), back to back and after ``idle`` seconds asleep: the
    median of ``count`` each.

    A peer sleeps between entries and pays the second figure; the protocol floor runs
    every table back to back on one thread and pays the first. Their ratio is what
    being woken costs on this machine (caches, a virtual core that went idle), which
    no change to the protocol removes.
    """
    game = MemoryGame.create(GameConfig(seats=seats), random_chooser(1), defer_checks=True)
    seat = seats - 1  # not the next shuffler: it only checks and records the entry
    while "shuffle" not in (kind for _, kind in game.tables[seat].entry_meta):
        if not game.step():
            raise RuntimeError("the game ended before round 1's first shuffle")
    entries = list(game.tables[seat].log)
    first = next(i for i, (_, kind) in enumerate(game.tables[seat].entry_meta) if kind == "shuffle")

    def table() -> Table:
        fresh = open_table(
            entries[0],
            seat=seat,
            identity=game.identities[seat],
            master_secret=game.masters[seat],
            defer_checks=True,
        )
        for line in entries[1:first]:
            fresh.receive(line)
        return fresh

    figures = []
    for pause in (0.0, idle):
        tables = [table() for _ in range(count)]
        took = []
        for fresh in tables:
            if pause:
                time.sleep(pause)  # the condition measured, not a synchronisation
            start = time.perf_counter()
            fresh.receive(entries[first])
            took.append(time.perf_counter() - start)
        figures.append(statistics.median(took))
    return figures[0], figures[1]


def mults_per_second(count: int = 300) -> float:
    """This process's libsodium scalar multiplications per second, measured now: the
    machine's speed drifts, so each game is shown beside the speed of its minute."""
    point, scalar = crypto.CARD_POINTS[0], group.random_scalar()
    start = time.perf_counter()
    for _ in range(count):
        group.mul(point, scalar)
    return count / (time.perf_counter() - start)
