"""A seat that vanishes: everyone sees the countdown, and the person who may end the
game is told so the moment the stall limit passes (not at the next entry, which never
comes). Waiting is on the peers' change callbacks alone, with deadlines."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

from tests.test_node_peer import Game, run, seat_players  # noqa: F401  (run: a fixture)
from wizard_p2p.bots import RandomPolicy
from wizard_p2p.node.peer import PeerTimers
from wizard_p2p.rules import GameConfig


def test_the_person_who_may_end_a_stalled_game_is_offered_it_when_the_limit_passes(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    stall_limit = 2.0

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        # Seats 0 and 1 are people: they play by policy but end nothing by themselves.
        game.peers = [
            game.peer(p, policy=RandomPolicy(), timers=PeerTimers(stall_limit), auto_abort=False)
            for p in game.players
        ]
        for peer in game.peers:
            await peer.start()
        try:
            peers = game.peers
            await game.until(lambda: len(peers[2].table.log) >= 12, "round 1's bidding")
            offered = asyncio.Event()
            counted: list[int] = []

            def on_change() -> None:
                held = [s for s in peers[1].status() if s.kind == "held-up"]
                counted.extend(s.done or 0 for s in held)
                if peers[0].can_abort():
                    offered.set()

            peers[0].subscribe(on_change)
            peers[1].subscribe(on_change)
            await game.crash(2)
            await asyncio.wait_for(offered.wait(), stall_limit + 15)
            assert any(s.kind == "stalled" and s.seat == 2 for s in peers[0].status())
            # Seat 1 saw seat 2 hold the game up, the seconds counting, seat 0 to end it.
            held = [s for s in peers[1].status() if s.kind == "held-up"]
            assert held and held[0].seat == 2 and held[0].writer == 0
            assert held[0].total == int(stall_limit)
            assert max(counted) >= 1
            assert peers[1].outcome is None and peers[0].outcome is None
        finally:
            await game.close()

    run(main())


def test_the_right_to_end_passes_when_the_seat_holding_it_falls_silent_after_the_limit(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    """Seat 1 stalls; seat 0, to whom ending it falls, does not end it (a person away from
    the keyboard) and, well after the stall limit, goes too: the right passes to seat 2,
    which ends the game at once — it does not wait for another entry, which never comes."""
    stall_limit = 1.0

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        game.peers = [
            game.peer(
                p, policy=RandomPolicy(), timers=PeerTimers(stall_limit), auto_abort=seat != 0
            )
            for seat, p in enumerate(game.players)
        ]
        for peer in game.peers:
            await peer.start()
        try:
            peers = game.peers
            await game.until(lambda: len(peers[2].table.log) >= 12, "round 1's bidding")
            await game.crash(1)
            # Seat 2 sees the limit pass with seat 0 still there to end the game.
            await game.until(
                lambda: any(
                    s.kind == "held-up" and s.seat == 1 and s.writer == 0
                    and (s.done or 0) > stall_limit
                    for s in peers[2].status()
                ),
                "the stall limit passed at seat 2",
            )
            assert not peers[2].table.ended
            await game.crash(0)
            await game.until(lambda: peers[2].table.ended, "seat 2 to end the game")
            last = json.loads(peers[2].table.log[-1])
            assert (last["kind"], last["seat"], last["body"]["stalled"]) == ("abort", 2, 1)
        finally:
            await game.close()

    run(main())
