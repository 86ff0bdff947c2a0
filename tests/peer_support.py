"""A three-seat game of real peers on loopback, held where seat 0 (a person, with no
policy) is to make its first bid: what the tests of hostile input start from."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from tests.test_node_peer import Game, seat_players
from wizard_p2p.protocol.messages import encode_entry, entry_hash
from wizard_p2p.rules import GameConfig


@contextlib.asynccontextmanager
async def waiting_for_seat_0(tmp_path: Path) -> AsyncIterator[Game]:
    game = Game(await seat_players(tmp_path, GameConfig(3)))
    await game.start({0: None})
    try:
        await game.until_first_bid(0)
        yield game
    finally:
        await game.close()


def signed_bid(game: Game, tricks: int) -> tuple[int, bytes]:
    """Seat 0's bid of ``tricks`` for the next position, signed by seat 0 (legal or not)."""
    peer = game.peers[0]
    table = peer.table
    assert table.round is not None
    pos = len(table.log)
    raw = encode_entry(
        peer.identity, game=table.game_id, pos=pos, prev=entry_hash(table.log[-1]),
        seat=0, kind="bid", body={"round": table.round.round_no, "bid": tricks},
    )
    return pos, raw


async def the_game_goes_on(game: Game) -> None:
    """Seat 0 bids (once it is to bid), and every seat records the bid in the same log."""
    peers = game.peers
    await game.until(lambda: peers[0].table.choice_needed() == "bid", "seat 0 to bid")
    length = len(peers[1].table.log)
    peers[0].choose(0, need="bid")
    await game.until(
        lambda: all(len(p.table.log) > length for p in peers) and game.logs_agree(),
        "the bid to reach every seat",
    )
