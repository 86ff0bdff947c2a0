"""The replicator's logic without sockets: frames in, frames out, on a fake clock."""

from __future__ import annotations

import asyncio

from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import Diverged, NetEvent
from wizard_p2p.net.frames import Ack, Entry, MeshFrame, SyncRequest
from wizard_p2p.net.private import PrivateChannel
from wizard_p2p.net.replicate import Replicator, entry_digest
from wizard_p2p.net.testing import MemoryStore

CONFIG = NetConfig(resend_interval=1.0, sync_timeout=2.0, sync_batch=4, max_ahead=8)
A, B, C = "peer-a", "peer-b", "peer-c"


class Rig:
    def __init__(self, store: MemoryStore | None = None, peers: tuple[str, ...] = (A, B)) -> None:
        self.store = store or MemoryStore()
        self.now = 0.0
        self.sent: list[tuple[str, MeshFrame]] = []
        self.events: list[NetEvent] = []
        self.link_up = True
        self.peers = list(peers)
        self.rep = Replicator(
            self.store,
            self.store.accept,
            config=CONFIG,
            send=self.send,
            emit=self.events.append,
            peers=lambda: self.peers,
            clock=lambda: self.now,
        )

    def send(self, peer: str, frame: MeshFrame) -> bool:
        if self.link_up:
            self.sent.append((peer, frame))
        return self.link_up

    def take(self) -> list[tuple[str, MeshFrame]]:
        out, self.sent = self.sent, []
        return out

    def feed(self, peer: str, position: int, data: bytes) -> None:
        self.rep.on_entry_frame(peer, Entry(position, data))


def test_publish_pushes_to_all_and_resends_only_to_laggards() -> None:
    rig = Rig()
    rig.rep.publish(rig.store.append(b"e0"))
    assert rig.take() == [(A, Entry(0, b"e0")), (B, Entry(0, b"e0"))]
    rig.rep.on_ack(A, 1, entry_digest(b"e0"))
    rig.now = 0.5
    rig.rep.tick(rig.now)
    assert rig.take() == []  # not yet due
    rig.now = 1.0
    rig.rep.tick(rig.now)
    assert rig.take() == [(B, Entry(0, b"e0"))]
    assert rig.rep.unacknowledged() == {A: [], B: [0]}
    rig.rep.on_ack(B, 1, entry_digest(b"e0"))
    rig.now = 5.0
    rig.rep.tick(rig.now)
    assert rig.take() == []
    assert rig.rep.stats.resent == 1


def test_publish_sends_to_the_peer_named_first_before_the_others() -> None:
    rig = Rig(peers=(A, B, C))
    rig.rep.publish(rig.store.append(b"e0"), first=C)
    assert [peer for peer, _ in rig.take()] == [C, A, B]
    rig.rep.publish(rig.store.append(b"e1"), first=B)
    assert [peer for peer, _ in rig.take()] == [B, A, C]
    # A key that is not (or no longer) a peer changes nothing: every peer, in order.
    rig.rep.publish(rig.store.append(b"e2"), first="peer-gone")
    assert rig.take() == [(A, Entry(2, b"e2")), (B, Entry(2, b"e2")), (C, Entry(2, b"e2"))]


def test_publish_sends_to_the_peer_named_last_after_the_others() -> None:
    rig = Rig(peers=(A, B, C))
    rig.rep.publish(rig.store.append(b"e0"), last=A)
    assert [peer for peer, _ in rig.take()] == [B, C, A]
    rig.rep.publish(rig.store.append(b"e1"), first=C, last=B)
    assert [peer for peer, _ in rig.take()] == [C, A, B]
    rig.rep.publish(rig.store.append(b"e2"), last="peer-gone")
    assert [peer for peer, _ in rig.take()] == [A, B, C]


def test_entries_beyond_a_gap_are_held_and_delivered_in_order() -> None:
    rig = Rig()
    rig.feed(A, 2, b"e2")
    rig.feed(A, 1, b"e1")
    assert rig.store.entries == []
    # The gap made us ask the sender for what we lack.
    assert (A, SyncRequest(0, 3)) in rig.take()
    rig.feed(B, 0, b"e0")
    assert rig.store.entries == [b"e0", b"e1", b"e2"]
    assert [p for p, _, _ in rig.store.offered] == [0, 1, 2]
    assert rig.store.sources == [B, A, A]


def test_one_missing_entry_is_awaited_then_asked_for_by_the_timer() -> None:
    rig = Rig()
    rig.feed(B, 1, b"e1")  # B's entry overtook its predecessor, still on its way
    assert rig.take() == []
    rig.feed(A, 0, b"e0")
    assert rig.store.entries == [b"e0", b"e1"] and rig.take() == []
    rig.feed(B, 3, b"e3")  # this time the entry before it never comes
    rig.rep.tick(rig.now)
    assert rig.take() == [(B, SyncRequest(2, 2))]
    assert rig.rep.stats.sync_requests_sent == 1


def test_duplicates_are_dropped_and_acked() -> None:
    rig = Rig()
    rig.feed(A, 0, b"e0")
    rig.feed(A, 0, b"e0")
    assert rig.store.entries == [b"e0"]
    assert len(rig.store.offered) == 1
    assert rig.rep.stats.duplicates == 1
    rig.rep.flush_acks()
    assert rig.take() == [(A, Ack(1, entry_digest(b"e0")))]


def test_rejected_bytes_are_never_offered_again_nor_served() -> None:
    rig = Rig(MemoryStore(validator=lambda pos, data: not data.startswith(b"bad")))
    rig.feed(A, 0, b"bad entry")
    rig.feed(A, 0, b"bad entry")
    assert rig.store.entries == []
    assert len(rig.store.offered) == 1
    rig.rep.on_sync_request(B, SyncRequest(0, 4))
    assert [f for f in rig.take() if isinstance(f[1], Entry)] == []
    rig.feed(B, 0, b"good entry")  # another candidate for the same position is offered
    assert rig.store.entries == [b"good entry"]


def test_sync_goes_to_the_longest_peer_and_moves_on_after_a_timeout() -> None:
    rig = Rig(peers=(A, B, C))
    rig.rep.on_ack(A, 3, "a" * 64)
    assert rig.take() == [(A, SyncRequest(0, 3))]
    rig.rep.on_ack(B, 10, "b" * 64)  # a sync is already running: no second one
    assert rig.take() == []
    rig.now = 2.5
    rig.rep.tick(rig.now)
    assert rig.take() == [(B, SyncRequest(0, 4))]  # batch limit 4
    assert rig.rep.stats.sync_timeouts == 1
    for pos in range(4):
        rig.feed(B, pos, b"e%d" % pos)
    # The batch is complete: the next one follows at once.
    assert (B, SyncRequest(4, 4)) in rig.take()


def test_a_peer_that_serves_a_rejected_entry_again_is_passed_over_at_once() -> None:
    rig = Rig(MemoryStore(validator=lambda pos, data: not data.startswith(b"bad")), (A, B))
    rig.feed(A, 0, b"bad entry")  # A's own copy, pushed and refused
    rig.rep.on_ack(A, 1, "a" * 64)
    assert rig.take()[-1] == (A, SyncRequest(0, 1))  # A alone is known to hold it
    rig.rep.on_ack(B, 1, "b" * 64)
    rig.feed(A, 0, b"bad entry")  # A serves the same refused bytes again
    rig.now = 0.25  # a timer tick, long before the sync timeout
    rig.rep.tick(rig.now)
    assert (B, SyncRequest(0, 1)) in rig.take()
    assert rig.rep.stats.sync_timeouts == 0
    rig.feed(B, 0, b"good entry")
    assert rig.store.entries == [b"good entry"]


def test_serving_a_sync_request_sends_what_we_hold() -> None:
    rig = Rig(MemoryStore([b"e0", b"e1", b"e2"]))
    rig.rep.on_sync_request(A, SyncRequest(1, 4))
    assert rig.take() == [(A, Entry(1, b"e1")), (A, Entry(2, b"e2"))]
    rig.link_up = False
    rig.rep.on_sync_request(A, SyncRequest(0, 4))
    assert rig.rep.stats.entries_served == 2


def test_divergence_is_reported_once_per_peer_and_position() -> None:
    rig = Rig(MemoryStore([b"ours"]))
    rig.rep.on_ack(A, 1, entry_digest(b"theirs"))
    rig.rep.on_ack(A, 1, entry_digest(b"theirs"))
    rig.feed(B, 0, b"other")
    assert rig.events == [
        Diverged(A, 0, entry_digest(b"ours"), entry_digest(b"theirs")),
        Diverged(B, 0, entry_digest(b"ours"), entry_digest(b"other")),
    ]
    rig.rep.on_ack(C, 1, entry_digest(b"ours"))
    assert len(rig.events) == 2


def test_too_far_ahead_is_dropped() -> None:
    rig = Rig()
    rig.feed(A, 100, b"far")
    assert rig.rep.stats.ahead_dropped == 1


def test_an_entry_is_offered_within_the_call_that_delivers_its_frame() -> None:
    # No event loop: the node's handler runs inside on_entry_frame, and so does the
    # entry held beyond a gap once the gap fills.
    store = MemoryStore()
    offered: list[int] = []

    def accept(position: int, data: bytes, peer: str) -> bool:
        offered.append(position)
        return store.accept(position, data, peer)

    rep = Replicator(store, accept, config=CONFIG, send=lambda p, f: True, emit=lambda e: None,
                     peers=lambda: [A], clock=lambda: 0.0)
    rep.on_entry_frame(A, Entry(1, b"y"))
    assert offered == [] and rep.length() == 0
    rep.on_entry_frame(A, Entry(0, b"x"))
    assert offered == [0, 1] and store.entries == [b"x", b"y"]


def test_private_channel_delivers_each_message_once() -> None:
    async def scenario() -> None:
        sent: list[tuple[str, MeshFrame]] = []
        now = [0.0]
        chan = PrivateChannel(epoch="e" * 16, config=CONFIG,
                              send=lambda p, f: sent.append((p, f)) is None, clock=lambda: now[0])
        done = chan.send(A, b"secret")
        assert len(sent) == 1
        now[0] = 1.0
        chan.tick(now[0])
        assert len(sent) == 2 and sent[0] == sent[1]
        chan.on_ack(A, "f" * 16, 0)  # an ack for another instance of us
        assert not done.done()
        chan.on_ack(A, "e" * 16, 0)
        assert done.done()
        receiver = PrivateChannel(epoch="0" * 16, config=CONFIG, send=lambda p, f: True,
                                  clock=lambda: 0.0)
        assert receiver.accept(A, "e" * 16, 0)
        assert not receiver.accept(A, "e" * 16, 0)
        assert receiver.accept(A, "e" * 16, 2)
        assert receiver.accept(A, "e" * 16, 1)
        assert not receiver.accept(A, "e" * 16, 2)
        assert receiver.accept(A, "d" * 16, 0)  # a restarted sender starts afresh

    asyncio.run(scenario())


def test_our_newer_entry_spares_the_acknowledgement_it_tells() -> None:
    rig = Rig()
    rig.feed(A, 0, b"a0")  # A's entry: we owe A an ACK, and B nothing
    rig.take()
    rig.rep.publish(rig.store.append(b"mine"))  # position 1: we hold 0 and 1
    assert rig.take() == [(A, Entry(1, b"mine")), (B, Entry(1, b"mine"))]
    rig.rep.flush_acks()
    assert rig.take() == []  # A learns our length from our entry
    assert (rig.rep.stats.acks_spared, rig.rep.stats.acks_sent) == (1, 0)


def test_an_acknowledgement_is_still_sent_when_we_write_nothing_newer() -> None:
    rig = Rig()
    rig.feed(A, 0, b"a0")
    rig.feed(B, 1, b"b1")
    rig.take()
    rig.rep.flush_acks()
    sent = rig.take()
    assert sorted(peer for peer, _ in sent) == [A, B]
    assert all(frame == Ack(2, entry_digest(b"b1")) for _, frame in sent)
    assert rig.rep.stats.acks_sent == 2


def test_a_fetch_asks_one_peer_for_one_held_position_and_hands_back_its_other_copy() -> None:
    rig = Rig(MemoryStore([b"e0", b"ours"]))
    got: list[tuple[int, bytes, str]] = []
    rig.rep.watch_others(lambda position, data, peer: got.append((position, data, peer)))
    assert rig.rep.fetch(B, 1)
    assert rig.take() == [(B, SyncRequest(1, 1))]
    assert not rig.rep.fetch(B, 1)  # asked already
    assert not rig.rep.fetch(B, 2)  # not held
    assert not rig.rep.fetch("stranger", 1)
    assert rig.rep.fetch(B, 0)  # waits: one such request of a peer at a time
    assert rig.take() == []
    rig.feed(B, 1, b"theirs")
    assert got == [(1, b"theirs", B)]
    assert rig.take() == [(B, SyncRequest(0, 1))]  # then the next one
    rig.feed(B, 0, b"e0")  # the same as ours: nothing handed, the fetch is done
    assert got == [(1, b"theirs", B)] and rig.rep.fetching() == set()


def test_an_unasked_other_copy_is_handed_once_per_peer_and_position() -> None:
    rig = Rig(MemoryStore([b"e0"]))
    got: list[tuple[int, bytes, str]] = []
    rig.rep.watch_others(lambda position, data, peer: got.append((position, data, peer)))
    rig.feed(A, 0, b"x" * (CONFIG.max_entry + 1))  # larger than any entry: not handed
    rig.feed(A, 0, b"x")
    rig.feed(A, 0, b"y")
    rig.feed(B, 0, b"x")
    assert got == [(0, b"x", A), (0, b"x", B)]


def test_a_fetch_is_asked_again_then_given_up_and_no_sync_goes_to_its_peer_meanwhile() -> None:
    rig = Rig(MemoryStore([b"e0"]))
    rig.rep.watch_others(lambda position, data, peer: None)
    assert rig.rep.fetch(A, 0)
    rig.rep.on_ack(A, 5, "a" * 64)  # A holds more, but a newer request would replace ours
    assert rig.take() == [(A, SyncRequest(0, 1))]
    rig.rep.on_ack(B, 5, "b" * 64)
    assert rig.take() == [(B, SyncRequest(1, 4))]
    for _ in range(2):
        rig.now += CONFIG.sync_timeout + 0.1
        rig.rep.tick(rig.now)
        assert (A, SyncRequest(0, 1)) in rig.take()
    rig.now += CONFIG.sync_timeout + 0.1
    rig.rep.tick(rig.now)
    assert (A, SyncRequest(0, 1)) not in rig.take()
    assert rig.rep.fetching() == set()


def test_entries_refused_after_a_rewritten_position_are_offered_again() -> None:
    store = MemoryStore(
        [b"e0", b"old"], validator=lambda _, data: data != b"next" or store.entries[1] == b"new"
    )
    rig = Rig(store)
    rig.feed(A, 2, b"next")  # it builds on another entry at 1 than ours
    assert store.entries == [b"e0", b"old"]
    store.entries[1] = b"new"  # the node follows the other entry at 1
    rig.rep.rewritten(1)
    rig.feed(A, 2, b"next")
    assert store.entries == [b"e0", b"new", b"next"]


def test_a_peer_that_never_answers_a_fetch_holds_up_no_fetch_of_another() -> None:
    rig = Rig(MemoryStore([b"e0", *(b"ours-%d" % p for p in range(1, 12))]))
    rig.rep.watch_others(lambda position, data, peer: None)
    asked_of_b = [p for p in range(1, 12) if rig.rep.fetch(B, p)]
    assert len(asked_of_b) < 11  # a peer is asked for a bounded number at once
    assert rig.rep.fetch(A, 11)  # but another peer is still asked, and at once
    assert (A, SyncRequest(11, 1)) in rig.take()


def test_the_fetches_of_a_rewritten_position_are_dropped() -> None:
    rig = Rig(MemoryStore([b"e0", b"ours", b"next"]), peers=(A, B, C))
    got: list[tuple[int, bytes, str]] = []
    rig.rep.watch_others(lambda position, data, peer: got.append((position, data, peer)))
    assert rig.rep.fetch(A, 1) and rig.rep.fetch(B, 1) and rig.rep.fetch(B, 2)
    assert rig.rep.fetch(C, 0)
    rig.take()
    rig.feed(A, 1, b"theirs")  # the node follows A's copy at 1, and drops what followed
    rig.store.entries[1:] = [b"theirs"]
    rig.rep.rewritten(1)
    # B is asked about entries we no longer hold: nothing more is asked of it for them.
    assert rig.rep.fetching() == {(0, C)}
    for _ in range(3):
        rig.now += CONFIG.sync_timeout + 0.1
        rig.rep.tick(rig.now)
        assert not [frame for peer, frame in rig.take() if peer == B and frame == SyncRequest(1, 1)]
    assert got == [(1, b"theirs", A)]
