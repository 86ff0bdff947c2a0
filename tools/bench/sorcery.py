"""Benchmark of a whole game of 巫师牌 at a trustless table, in one process.

Three ``SorceryReplica`` (seats 0 and 1, and a watcher) on the test decks, fed each
entry in turn as a log would carry it, each seat's action chosen by ``SorceryBot``;
the first player searches its deck on its first turn, and the next player to choose
in its play step looks at the top three of its deck, takes one into the hand and puts
one under. Each entry's time is the making of it by its author and its taking in by
all three replicas. From one game:

* the set-up of both decks (from the first entry until both are ready to draw);
* a draw (the other's ``sealed`` of one card, the owner reading it);
* a search with its reshuffle (``search`` → the ``act`` that ends it: the whole deck
  sealed, the arrangement, four passes);
* a look with its arrangement (``look`` → the ``act`` that ends it: three cards
  sealed, the arrangement, four passes, the card taken moved out);
* the end's checks (``deck_opened`` and ``revealed`` of both decks: every pass re-run
  and the whole game replayed with every card known);
* the whole game: time, entries, and the bytes of the entries' bodies as JSON;
* the same seed's game played through the core ``Table`` (``tests.sorcery_table_support``:
  a signed genesis, each entry signed, chained and sent to two seats and a watcher,
  each checked on a copy of the game): its time and the bytes of its log.

Every figure is the best of the repetitions (each a new game of the same seed).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from tests.sorcery_replica_support import MAX_ENTRIES, MemoryTable
from tests.sorcery_table_support import TableGame
from wizard_p2p.crypto.private_deck import Stage
from wizard_p2p.sorcery.actions import Look, MoveCard, Search, Unknown, Zone
from wizard_p2p.sorcery.game import Step
from wizard_p2p.tables.sorcery.kinds import SorceryKind

__all__ = ["SEED", "run"]

SEED = 1


def _game(seed: int) -> dict[str, float]:
    t = MemoryTable(seed)
    setup = search = look = end = total = 0.0
    draws: list[float] = []
    ready = searched = looked = False
    in_search = in_look = False
    size = 0
    for _ in range(MAX_ENTRIES):
        w = t.watcher
        if not searched and ready and w.game.step is Step.PLAY \
                and t.seats[w.game.to_move].choice_needed():
            t.seats[w.game.to_move].begin_search()
            searched = in_search = True
        elif searched and not in_search and not looked and w.game.step is Step.PLAY \
                and t.seats[w.game.to_move].choice_needed() \
                and len(w.game.sides[w.game.to_move].deck) >= 3:
            t.seats[w.game.to_move].begin_look(3)
            looked = in_look = True
        due = w.due()
        if due is not None:
            seat = due.seat
            r = t.seats[seat]
            if r.searching() and r.choice_needed():
                r.choose(Search(seat, r.game.sides[seat].deck[-1], Unknown.ORDER))
            elif r.looking() == 3 and r.choice_needed():
                top = r.game.sides[seat].deck
                r.choose(MoveCard(seat, top[1], Zone.HAND))
                r.choose(Look(seat, 2, (1, 0), 1))
        ending = w.game.outcome is not None
        start = time.perf_counter()
        entry = t.next_entry()
        if entry is None:
            break
        t.deliver(entry)
        took = time.perf_counter() - start
        total += took
        size += len(json.dumps(entry.body, ensure_ascii=False).encode())
        message = entry.body.get("message")
        if not ready:
            setup += took
            ready = all(d.stage is Stage.READY for d in w.decks)
        elif in_search:
            search += took
            in_search = entry.kind != SorceryKind.ACT
        elif in_look:
            look += took
            in_look = not (entry.kind == SorceryKind.ACT and "look" in entry.body["action"])
        elif ending:
            end += took
        elif isinstance(message, dict) and message.get("purpose") == "draw" \
                and message.get("count") == 1:
            draws.append(took)
    if t.watcher.outcome is None or not searched or not looked:
        raise RuntimeError("the bench game did not end with a search and a look in it")
    return {
        "setup_seconds": setup,
        "draw_seconds": min(draws),
        "search_reshuffle_seconds": search,
        "look_seconds": look,
        "end_check_seconds": end,
        "game_seconds": total,
        "entries": float(len(t.log)),
        "bytes": float(size),
        "turns": float(t.watcher.game.turn),
    }


def _table_game(seed: int) -> dict[str, float]:
    start = time.perf_counter()
    game = TableGame(seed)
    game.play()
    took = time.perf_counter() - start
    if game.watcher.outcome is None:
        raise RuntimeError("the bench game at the core table did not end")
    return {
        "table_game_seconds": took,
        "table_entries": float(len(game.watcher.log)),
        "table_log_bytes": float(sum(len(line) + 1 for line in game.watcher.log)),
    }


def run(print_fn: Callable[[str], Any] = print, repeats: int = 3) -> dict[str, float]:
    """Measure and print the figures; returns them by name (times in seconds)."""
    games = [{**_game(SEED), **_table_game(SEED)} for _ in range(max(1, repeats))]
    figures = {name: min(g[name] for g in games) for name in games[0]}
    print_fn("巫师牌, bot against bot: two seats and a watcher in one process")
    rows = [
        ("set-up of both decks", figures["setup_seconds"]),
        ("a draw (sealed, read by all)", figures["draw_seconds"]),
        ("a search and its reshuffle", figures["search_reshuffle_seconds"]),
        ("a look at 3, one taken, one under", figures["look_seconds"]),
        ("the end's checks (both decks)", figures["end_check_seconds"]),
        ("the whole game", figures["game_seconds"]),
    ]
    for label, seconds in rows:
        print_fn(f"  {label:<38}{seconds * 1e3:9.1f} ms")
    print_fn(f"  {'entries, turns':<38}{figures['entries']:9.0f} {figures['turns']:.0f}")
    print_fn(f"  {'bytes of the entries (JSON)':<38}{figures['bytes']:9.0f}")
    print_fn(f"  {'the whole game at the core table':<38}"
             f"{figures['table_game_seconds'] * 1e3:9.1f} ms")
    print_fn(f"  {'its signed log: entries, bytes':<38}{figures['table_entries']:9.0f} "
             f"{figures['table_log_bytes']:.0f}")
    return figures


if __name__ == "__main__":
    run()
