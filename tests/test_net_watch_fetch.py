"""A watching mesh fetches a player's copy of an entry it holds, over real CurveZMQ
sockets on 127.0.0.1: a sync request for that one position, answered within the
watcher's budget, and a differing copy handed to the node."""

from __future__ import annotations

from tests.test_net_watchers import DEADLINE, Node, heard_by, run, started


def test_a_watching_mesh_fetches_a_players_other_copy_of_a_held_entry() -> None:
    async def scenario() -> None:
        first = Node(entries=[b"e0", b"a1", b"a2"])
        second = Node(entries=[b"e0", b"b1", b"b2"])
        watcher = Node(watching=True)
        got: list[tuple[int, bytes, str]] = []
        async with started(first, second, watcher):
            watcher.watch(first)  # it takes the first player's entries
            await watcher.holds(3)
            replicator = watcher.mesh.replicator
            assert replicator is not None
            replicator.watch_others(lambda p, data, peer: got.append((p, data, peer)))
            watcher.mesh.add_peer(second.key, second.mesh.endpoint)
            second.mesh.set_watchers({watcher.key: watcher.mesh.endpoint})
            await heard_by(second, watcher)
            served = second.mesh.stats.watcher_entries_served
            assert replicator.fetch(second.key, 1)
            await watcher.mesh.wait_for(lambda: bool(got), DEADLINE, "the other copy")
            assert got[0] == (1, b"b1", second.key)
            # One entry served for it; the watcher's own log is unchanged.
            assert second.mesh.stats.watcher_entries_served == served + 1
            assert watcher.store.entries == [b"e0", b"a1", b"a2"]
            assert replicator.fetching() == set()

    run(scenario())
