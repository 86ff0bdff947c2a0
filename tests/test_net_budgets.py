"""Byte budgets: what a peer can make us hold on its behalf is bounded.

Entries sent ahead of a gap and unread control or private messages are counted
against their sender's budget; past it, frames are dropped (and counted), an entry
larger than any entry of the log is never held, and another peer's budget is
untouched by the first one's flood.
"""

from __future__ import annotations

import asyncio
import dataclasses

from tests.test_net_mesh import all_up, meshes, run
from tests.test_net_replicator import CONFIG, A, B, Rig
from wizard_p2p.net import MessageReceived, replicate
from wizard_p2p.net.testing import FAST_TIMERS, connect_all

BUDGET = dataclasses.replace(CONFIG, max_entry=1000, max_ahead_bytes=2500, max_ahead=100)


def held_from(rig: Rig, peer: str) -> int:
    return rig.rep.held_ahead(peer)


def test_entries_ahead_of_a_gap_stay_within_their_senders_budget() -> None:
    rig = Rig()
    rig.rep = replicate.Replicator(
        rig.store, rig.store.accept, config=BUDGET, send=rig.send, emit=rig.events.append,
        peers=lambda: rig.peers, clock=lambda: rig.now,
    )
    for position in range(1, 40):
        rig.feed(A, position, bytes([position]) * 1000)
    assert held_from(rig, A) <= BUDGET.max_ahead_bytes
    assert rig.rep.stats.ahead_dropped >= 36
    # Another peer's budget is its own.
    rig.feed(B, 1, b"b" * 900)
    assert held_from(rig, B) == 900
    # An entry larger than the log allows is never held, nor offered.
    rig.feed(B, 2, b"x" * 1001)
    rig.feed(B, 0, b"y" * 1001)
    assert held_from(rig, B) == 900
    assert rig.rep.stats.oversized == 2
    assert rig.store.length() == 0
    # The gap fills: what was held is offered and released from the budgets.
    rig.feed(B, 0, b"e0")
    assert rig.store.length() >= 2
    assert held_from(rig, A) == held_from(rig, B) == 0
    assert rig.rep.held_ahead() == 0


def test_unread_control_messages_stay_within_their_senders_budget() -> None:
    config = dataclasses.replace(FAST_TIMERS, max_queued_bytes=64 * 1024)
    count, size = 40, 16 * 1024

    async def scenario() -> None:
        async with meshes(3, game_id="budgets", config=config) as group:
            connect_all(group)
            await all_up(group)
            a, b, c = group
            for _ in range(count):
                assert a.send(b.public_key, b"a" * size)
            assert c.send(b.public_key, b"from c")
            await b.wait_for(
                lambda: b.stats.queue_overflow + b.unread_messages == count + 1, 10,
                "every message counted",
            )
            assert b.unread_bytes(a.public_key) <= config.max_queued_bytes
            assert b.stats.queue_overflow == count - config.max_queued_bytes // size
            got = []
            while b.unread_messages:
                event = await b.next_event(timeout=5)
                if isinstance(event, MessageReceived):
                    got.append(event)
            assert MessageReceived(c.public_key, b"from c") in got
            assert b.unread_bytes(a.public_key) == 0 == b.unread_bytes()
            # Read, the budget is free again.
            assert a.send(b.public_key, b"again")
            await asyncio.wait_for(_next_message(b), 5)

    run(scenario())


async def _next_message(mesh: object) -> MessageReceived:
    while True:
        event = await mesh.next_event()  # type: ignore[attr-defined]
        if isinstance(event, MessageReceived):
            return event
