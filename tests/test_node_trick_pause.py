"""A bot's trick pause: a bot that leads the next trick of a round waits its
``PeerTimers.trick_pause`` first, so that the trick just finished stays a moment on the
players' screens (``play`` gives its bots one while a person plays)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from pathlib import Path

from tests.test_node_peer import Game, run, seat_players
from wizard_p2p.node.peer import GamePeer, PeerTimers
from wizard_p2p.rules import GameConfig

PAUSE = 1.0
__all__ = ["run"]  # the fixture, used by name


def test_a_bot_waits_its_trick_pause_before_it_leads_the_next_trick(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({}, {s: PeerTimers(trick_pause=PAUSE) for s in range(3)})
        loop = asyncio.get_running_loop()
        seen: dict[str, float] = {}
        try:
            def look(peer: GamePeer) -> None:
                view = peer.table.view()
                if view is None or view.round_no != 3 or len(view.round_tricks) != 1:
                    return
                seen.setdefault("lead" if view.trick else "end", loop.time())

            for peer in game.peers:  # the leader sees its own lead the moment it writes it
                peer.subscribe(functools.partial(look, peer))
            await game.until(lambda: "lead" in seen, "the lead of round 3's second trick")
            # (Round 3: the last card of a hand plays itself, so round 2's second trick
            # has no lead to choose.) The trick's end is seen at the latest when it is
            # written; the lead, written
            # by the bot after its pause, at the earliest when it is written.
            assert seen["lead"] - seen["end"] >= PAUSE - 0.05
        finally:
            await game.close()

    run(main())
