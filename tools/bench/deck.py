"""Benchmark of a private deck between two players (CRYPTO.md §13), in one process.

The two parties' state machines and a watcher's, fed each other's messages: a set-up of
a deck of 30 (the commitment, the box keys and the four passes of epoch 0), a draw of
one card (the other's box and the owner's reading), a search with the shuffle that
follows (the box of the whole deck, the owner's reading of every card, the four passes
of 29), and the end's checks (the watcher's, on the other's revealed secret, after a
game of an opening hand, a mulligan, ten draws, a search and a look at the top three).
Every figure is the best of several repetitions; each includes every party's work
(the others taking each message in), as a game on one machine would.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import Any

from wizard_p2p.crypto.deck_messages import DeckMessage, Purpose, Role
from wizard_p2p.crypto.private_deck import PrivateDeck, Stage

__all__ = ["DECK", "run"]

DECK = 30
_GAME = hashlib.sha256(b"bench deck game").digest()
_MAIN = tuple(str(100001 + i // 2).encode() for i in range(DECK))


class _Table:
    def __init__(self) -> None:
        common = {"game_id": _GAME, "owner": 0, "other": 1, "domain": "bench"}
        self.owner = PrivateDeck.for_owner(hashlib.sha256(b"o").digest(), main=_MAIN, **common)
        self.other = PrivateDeck.for_other(hashlib.sha256(b"p").digest(), **common)
        self.watcher = PrivateDeck.for_observer(**common)

    def send(self, author: PrivateDeck, message: DeckMessage) -> None:
        for party in (self.owner, self.other, self.watcher):
            if party is not author:
                party.receive(author.seat, message)

    def epoch(self) -> None:
        while self.owner.stage in (Stage.ENCRYPT, Stage.SHUFFLE, Stage.SHUFFLE_LOCK,
                                   Stage.LOCK):
            party = self.owner if self.owner.due() is Role.OWNER else self.other
            self.send(party, party.make_pass())

    def set_up(self) -> None:
        self.send(self.owner, self.owner.commit())
        self.send(self.other, self.other.greet())
        self.epoch()

    def draw(self, count: int = 1) -> None:
        self.send(self.other, self.other.seal(Purpose.DRAW, count))

    def search(self) -> None:
        self.send(self.other, self.other.seal(Purpose.SEARCH))
        self.send(self.owner, self.owner.arrange([0]))
        self.epoch()


def _best(repeats: int, prepare: Callable[[], _Table], act: Callable[[_Table], None]) -> float:
    best = float("inf")
    for _ in range(repeats):
        table = prepare()
        start = time.perf_counter()
        act(table)
        best = min(best, time.perf_counter() - start)
    return best


def _ready() -> _Table:
    table = _Table()
    table.set_up()
    return table


def _played() -> _Table:
    """A game's deck just before the other's revealed secret."""
    table = _ready()
    table.draw(4)
    table.send(table.owner, table.owner.put_back(table.owner.hand))
    table.epoch()
    table.draw(4)
    for _ in range(10):
        table.draw()
    table.search()
    table.send(table.other, table.other.seal(Purpose.LOOK, 3))
    table.send(table.owner, table.owner.arrange([], [2, 0, 1], 1))
    table.epoch()
    table.send(table.owner, table.owner.reveal())
    return table


def run(print_fn: Callable[[str], Any] = print, repeats: int = 5) -> dict[str, float]:
    """Measure and print the figures; returns them by name, in seconds."""
    figures = {
        "setup_30_seconds": _best(repeats, _Table, lambda t: t.set_up()),
        "draw_seconds": _best(repeats, _ready, lambda t: t.draw()),
        "search_reshuffle_seconds": _best(repeats, _ready, lambda t: t.search()),
        "end_check_seconds": _best(
            repeats, _played,
            lambda t: t.watcher.receive(1, t.other.reveal()),
        ),
    }
    rows = [
        (f"set-up of {DECK} (commit, 4 passes)", figures["setup_30_seconds"]),
        ("a draw (box, reading)", figures["draw_seconds"]),
        (f"a search and reshuffle of {DECK - 1}", figures["search_reshuffle_seconds"]),
        ("the end's checks (a watcher)", figures["end_check_seconds"]),
    ]
    print_fn("private deck, two players (owner, other and a watcher in one process)")
    for label, seconds in rows:
        print_fn(f"  {label:<38}{seconds * 1e3:9.1f} ms")
    return figures


if __name__ == "__main__":
    run()
