"""Round 1's set-up played once in memory before a Wizard peer's game, so that its code
does not run for the first time on the set-up's chain (``GamePeer``'s ``warm_up``).

A round's set-up is 2N − 1 entries one after another, and in round 1 every peer runs
each of its steps (checking a shuffle entry, a pass on two threads, a lock, reading a
hand) for the first time in its process: pages first touched (a forked bot's are the
parent's until written), the interpreter's instructions not yet specialised, the pass
thread's first jobs. Every one of those first runs lands on the chain that the players
wait for. Played once beforehand, while ZeroMQ opens the links, it shortens round 1's
set-up by more than it delays a peer's coin (``scripts/bench compare`` measures both).

The game played is a throwaway: fresh identities and secrets, every table in this
process, nothing sent or written, no choice made (it stops at the deal). Three seats
run every code path that six do.
"""

from __future__ import annotations

import dataclasses
from concurrent.futures import Executor

from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Card, GameConfig, SeatView, Suit
from wizard_p2p.tables.wizard.harness import MemoryGame
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.turns import RoundStage

__all__ = ["WARM_UP_SEATS", "warm_up", "warm_up_seat"]

WARM_UP_SEATS = 3


def _first_legal(seat: int, need: WizardKind, view: SeatView) -> int | Suit | Card:
    """A choice for the in-memory game, should it ever need one before it stops."""
    if need is WizardKind.BID:
        return view.legal_bids[0]
    if need is WizardKind.TRUMP:
        return Suit.HUMANS
    return view.legal_plays[0]


def warm_up(config: GameConfig, helper: Executor | None = None) -> MemoryGame:
    """Play a game of ``config``'s variants (at :data:`WARM_UP_SEATS` seats) in memory
    until every seat holds its round 1 hand, its passes shared with ``helper`` as a
    peer's are; return that game (its tables hold the hands)."""
    game = MemoryGame.create(
        dataclasses.replace(config, seats=WARM_UP_SEATS),
        _first_legal,
        defer_checks=True,
        helper=helper,
    )
    game.run(until=lambda: all(table.wizard.stage is RoundStage.PLAY for table in game.tables))
    return game


def warm_up_seat(table: Table, helper: Executor | None) -> MemoryGame:
    """The warm-up of the game ``table`` (a peer's seat) is about to play: its variants."""
    return warm_up(table.config, helper)
