"""Thousands of bot-against-bot games of 巫师牌 in memory, counting illegal actions.

    python -m tools.sorcery_games [--games N] [--cards FILE] [--first-seed S]

Every pair of starter decks in turn (both orders), game ``i`` from seed ``S + i``. An
illegal action (``IllegalAction`` from the engine, a bug of the bot or the engine) is
counted and its seed printed, and the run goes on. It prints how the games ended, the
games without an illegal action, and the time taken. The card file is the game's data:
``--cards`` names it (default: ``../shared/sorcery/all_card_infos.json``).
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

from wizard_p2p.bots.sorcery import play_game
from wizard_p2p.commands.sorcery_play import decklist
from wizard_p2p.errors import IllegalAction
from wizard_p2p.sorcery.cardfile import decode_card_file
from wizard_p2p.sorcery.decks import read_code
from wizard_p2p.sorcery.starters import STARTERS

REPO = Path(__file__).resolve().parents[1]
DEFAULT_CARDS = REPO.parent / "shared" / "sorcery" / "all_card_infos.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sorcery_games")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cards", type=Path, default=DEFAULT_CARDS)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not args.cards.is_file():
        print(f"no card file at {args.cards}: name one with --cards FILE", file=sys.stderr)
        return 2
    cards = decode_card_file(args.cards.read_bytes())
    decks = [decklist(read_code(s.code, cards)) for s in STARTERS]
    pairs = [(a, b) for a in range(len(decks)) for b in range(len(decks))]
    ends: collections.Counter[str] = collections.Counter()
    illegal = 0
    turns = 0
    first_wins = 0
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.first_seed + i
        a, b = pairs[i % len(pairs)]
        try:
            record = play_game((decks[a], decks[b]), seed)
        except IllegalAction as exc:
            illegal += 1
            print(f"seed {seed} ({STARTERS[a].name} v {STARTERS[b].name}): "
                  f"illegal action, rule {exc.rule}: {exc}")
            continue
        ends[record.outcome.reason.value] += 1
        turns += record.turns
        if record.outcome.winner is not None and record.outcome.winner == record.first:
            first_wins += 1
    took = time.perf_counter() - start
    played = args.games - illegal
    print(f"{args.games} games in {took:.1f}s: {played} without an illegal action, "
          f"{illegal} with one")
    print("ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    if played:
        print(f"mean length: {turns / played:.1f} turns")
        won = played - ends["turn-limit"]
        if won:
            print(f"won by the first player: {first_wins} of {won} ({100 * first_wins / won:.1f}%)")
    return 1 if illegal else 0


if __name__ == "__main__":
    sys.exit(main())
