"""Reliable replication of an append-only sequence of opaque entries, by position.

The node owns the log. It hands the replicator an :class:`EntryStore` (what the
node has *accepted*: ``length()`` and ``get(position)``) and an ``on_entry``
callback. The replicator never stores, verifies or interprets an entry:

* **publish** — after appending its own entry at position ``p`` the node calls
  :meth:`Replicator.publish`; the entry is pushed to every peer and pushed
  again every ``resend_interval`` to each peer whose acknowledged length is
  still ``<= p``.
* **acknowledge** — a receiver answers every entry frame with an ``ACK``
  carrying its log length (the highest contiguous position it holds, plus one)
  and the digest of its last entry. Heartbeats carry the same two values, so
  they acknowledge too.
* **deliver** — an entry at exactly the next position is offered to the node
  (``on_entry(position, data, from_peer)``, which returns ``True`` to accept it
  or ``False`` to reject it; it is called synchronously, in the callback that read
  the frame, so it must not block). Entries beyond a gap are
  held (up to ``max_ahead`` positions) and offered in order once the gap fills.
  Duplicates are dropped. The same bytes, once rejected at a position, are
  never offered again; they were never in the store, so they are never served.
* **catch up** — a replica that learns (from an entry beyond a gap, an ack or
  a heartbeat) that a peer holds more than it does sends that peer a sync
  request for the missing range; a request unanswered within ``sync_timeout``
  goes to another peer that has the entries. With a single entry missing, the
  request waits for the next :meth:`Replicator.tick`: that entry's own copy is
  usually a moment behind.
* **divergence** — when a peer's digest for a position we hold differs from
  ours, a :class:`~wizard_p2p.net.events.Diverged` event is emitted, once.
* **other copies** — a node that registers :meth:`Replicator.watch_others` (a
  watcher's) is handed a peer's entry for a position it already holds when it differs
  from its own: once per peer and position, and as the answer to
  :meth:`Replicator.fetch`, which asks one peer for its entry at one held position
  (a sync request for that position alone, tried again if unanswered; a peer that
  does not answer holds up no fetch of another, and a fetch of a position the node
  has since replaced is dropped).

The contract on the store: positions are ``0 .. length()-1`` with no gaps,
``get`` returns exactly the bytes that were accepted or published, and an
entry never changes once stored.
"""

from __future__ import annotations

import bisect
import hashlib
import logging
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Protocol

from wizard_p2p.errors import UsageError
from wizard_p2p.net.config import NetConfig
from wizard_p2p.net.events import Diverged, NetEvent
from wizard_p2p.net.frames import Ack, Entry, MeshFrame, SyncRequest

_log = logging.getLogger(__name__)

EntryHandler = Callable[[int, bytes, str], bool]
OtherEntryHandler = Callable[[int, bytes, str], None]
# Distinct candidates kept for one position beyond a gap (the writer of a
# position is unique, so more than one means a fault somewhere).
_MAX_CANDIDATES = 4
# Distinct rejected digests remembered per position.
_MAX_REJECTED = 16
_LOG_FIRST_DIVERGED = 5
# Fetches of held positions: outstanding with one peer at once (a peer that never
# answers holds up no fetch of another), tries of each, asked in all, and the
# (peer, position) pairs whose unasked differing copy is handed over (each once).
_MAX_FETCHES = 8
_FETCH_TRIES = 3
_MAX_FETCHES_ASKED = 1024
_MAX_OTHERS_HANDED = 4096


class EntryStore(Protocol):
    """The node's accepted entries: positions ``0 .. length()-1``, immutable once there."""

    def length(self) -> int: ...

    def get(self, position: int) -> bytes: ...


def entry_digest(data: bytes) -> str:
    """The digest carried in acks and heartbeats: SHA-256 of the entry bytes, hex."""
    return hashlib.sha256(data).hexdigest()


@dataclass
class ReplicationStats:
    """Counters of one replicator (for diagnostics and tests)."""

    published: int = 0
    pushed: int = 0  # entry frames sent on publish
    resent: int = 0  # entry frames sent again because unacknowledged
    accepted: int = 0
    rejected: int = 0
    duplicates: int = 0  # entries we already held or had rejected
    ahead_dropped: int = 0  # entries too far beyond a gap, or past the sender's budget
    oversized: int = 0  # entry frames larger than any entry of the log
    sync_requests_sent: int = 0
    sync_requests_served: int = 0
    entries_served: int = 0
    sync_timeouts: int = 0
    diverged: int = 0
    handler_errors: int = 0
    acks_sent: int = 0
    acks_spared: int = 0  # owed, but our own newer entry told the peer the same


@dataclass
class _Fetch:
    peer: str
    deadline: float = 0.0  # while asked: when to ask again
    tries: int = 0  # 0: waiting for its turn


@dataclass
class _Sync:
    peer: str
    start: int
    end: int
    deadline: float


class Replicator:
    """Replicates the node's log with every peer of a mesh (see the module docstring).

    Built by :meth:`Mesh.attach_log`; the mesh feeds it frames and timer ticks.
    ``request_batch``: the most entries one sync request asks for (``sync_batch`` if
    None; a watcher asks for fewer, what a player serves a watcher at once).
    """

    def __init__(
        self,
        store: EntryStore,
        on_entry: EntryHandler,
        *,
        config: NetConfig,
        send: Callable[[str, MeshFrame], bool],
        emit: Callable[[NetEvent], None],
        peers: Callable[[], Collection[str]],
        clock: Callable[[], float],
        request_batch: int | None = None,
    ) -> None:
        self._store = store
        self._request_batch = request_batch or config.sync_batch
        self._on_entry = on_entry
        self._config = config
        self._send = send
        self._emit = emit
        self._peers = peers
        self._clock = clock
        self.stats = ReplicationStats()
        self._digests: dict[int, str] = {}
        self._peer_len: dict[str, int] = {}
        self._published: list[int] = []
        self._next_push: dict[str, float] = {}
        self._ahead: dict[int, list[tuple[bytes, str]]] = {}
        self._ahead_bytes: dict[str, int] = {}  # bytes held in _ahead, by sender
        self._rejected: dict[int, set[str]] = {}
        self._sync: _Sync | None = None
        self._sync_failed_at: dict[str, float] = {}
        self._ack_due: set[str] = set()
        self._diverged_seen: set[tuple[str, int]] = set()
        self._diverged_by: dict[str, int] = {}  # divergences seen, by peer (for the log)
        self._on_other: OtherEntryHandler | None = None
        self._fetches: dict[tuple[int, str], _Fetch] = {}  # (held position, peer) asked
        self._fetches_asked = 0
        self._others_handed: set[tuple[str, int]] = set()

    # --- what the node uses ---------------------------------------------------------

    def length(self) -> int:
        """Entries the node holds (the store's length)."""
        return self._store.length()

    def publish(self, position: int, first: str | None = None, last: str | None = None) -> None:
        """Push the node's own entry at ``position`` (already in the store) to every peer.

        On a loaded machine every peer woken by the entry competes for the cores, so
        the order of the sends matters. ``first``: a peer to send it to before the
        others, the one whose wait matters most. ``last``: a peer to send it to after
        them, the one whose answer would compete with them for the cores. A key that
        is not (or no longer) a peer's changes nothing.
        """
        length = self._store.length()
        if not isinstance(position, int) or not 0 <= position < length:
            raise UsageError(f"cannot publish position {position!r}: the store holds {length}")
        peers = list(self._peers())
        if first in peers:
            peers.remove(first)
            peers.insert(0, first)
        if last in peers:
            peers.remove(last)
            peers.append(last)
        index = bisect.bisect_left(self._published, position)
        if index == len(self._published) or self._published[index] != position:
            self._published.insert(index, position)
        self.stats.published += 1
        data = self._store.get(position)
        due = self._clock() + self._config.resend_interval
        for peer in peers:
            have = self._peer_len.get(peer, 0)
            if have > position:
                continue
            if self._send(peer, Entry(position, data)):
                self.stats.pushed += 1
                # Our newest entry tells the peer all an ACK would (we hold everything
                # before it): the acknowledgement it was owed is not sent.
                if position + 1 == length and peer in self._ack_due:
                    self._ack_due.discard(peer)
                    self.stats.acks_spared += 1
            # Older unacknowledged entries keep their own resend time.
            oldest = self._published[bisect.bisect_left(self._published, have)]
            if oldest == position or peer not in self._next_push:
                self._next_push[peer] = due

    def entry(self, position: int) -> bytes:
        """The entry held at ``position`` (below :meth:`length`)."""
        return self._store.get(position)

    def held_ahead(self, peer: str | None = None) -> int:
        """Bytes of entries held ahead of a gap on ``peer``'s behalf (or anyone's): what
        its budget (``max_ahead_bytes``) bounds."""
        if peer is not None:
            return self._ahead_bytes.get(peer, 0)
        return sum(self._ahead_bytes.values())

    def peer_lengths(self) -> dict[str, int]:
        """The log length each peer last reported (0 if none yet)."""
        return {peer: self._peer_len.get(peer, 0) for peer in self._peers()}

    def unacknowledged(self) -> dict[str, list[int]]:
        """Published positions each peer has not acknowledged yet."""
        out: dict[str, list[int]] = {}
        for peer in self._peers():
            have = self._peer_len.get(peer, 0)
            out[peer] = [p for p in self._published if p >= have]
        return out

    def tip(self) -> str:
        """Digest of the last entry held, or ``""`` for an empty log."""
        length = self._store.length()
        return self.digest(length - 1) if length else ""

    def rewritten(self, position: int) -> None:
        """The node replaced its entries from ``position`` on: forget what we knew of them."""
        for held in [p for p in self._digests if p >= position]:
            del self._digests[held]
        self._diverged_seen = {(p, q) for p, q in self._diverged_seen if q < position}
        self._published = [p for p in self._published if p < position]
        # Refused after the entries replaced: they may follow the new ones.
        for refused in [p for p in self._rejected if p >= position]:
            del self._rejected[refused]
        if self._sync is not None and self._sync.end > position:
            self._sync = None  # asked for what followed the old entries
        # Asked for another copy of an entry we no longer hold: the answer weighs nothing.
        for key in [key for key in self._fetches if key[0] >= position]:
            del self._fetches[key]

    def watch_others(self, handler: OtherEntryHandler) -> None:
        """Hand ``handler(position, data, from_peer)`` a peer's entry for a position we
        hold that differs from ours (at most ``max_entry`` bytes): the answer to a
        :meth:`fetch`, or else the first such copy of each peer at each position. It is
        called synchronously and may rewrite the log (then calling :meth:`rewritten`)."""
        self._on_other = handler

    def fetch(self, peer: str, position: int) -> bool:
        """Ask ``peer`` for its entry at ``position``, one we hold (a sync request for
        that position alone; asked again up to ``_FETCH_TRIES`` times if unanswered
        within ``sync_timeout``). A peer is asked one such request at a time, and none
        while it is asked for a fetch: a player keeps one request of a watcher waiting,
        and a newer one replaces it. False, and nothing asked, if the position is not
        held, ``peer`` is no peer, it is asked for that position already,
        ``_MAX_FETCHES`` are outstanding with it, or ``_MAX_FETCHES_ASKED`` were asked
        in all. :meth:`rewritten` drops the fetches of the positions it replaced."""
        key = (position, peer)
        if (
            not 0 <= position < self._store.length() or peer not in self._peers()
            or key in self._fetches
            or sum(asked == peer for _, asked in self._fetches) >= _MAX_FETCHES
            or self._fetches_asked >= _MAX_FETCHES_ASKED
        ):
            return False
        self._fetches_asked += 1
        self._fetches[key] = _Fetch(peer)
        self._pump_fetches(self._clock())
        return True

    def fetching(self) -> set[tuple[int, str]]:
        """The (position, peer) pairs being fetched now."""
        return set(self._fetches)

    def _pump_fetches(self, now: float) -> None:
        """Ask each peer for its next waiting fetch once the one before is answered or
        overdue; drop those asked ``_FETCH_TRIES`` times, or no longer held."""
        length = self._store.length()
        busy = {f.peer for f in self._fetches.values() if f.tries and now < f.deadline}
        for (position, peer), fetch in list(self._fetches.items()):
            if fetch.tries and now < fetch.deadline:
                continue
            if fetch.tries >= _FETCH_TRIES or position >= length:
                del self._fetches[(position, peer)]
            elif peer not in busy:
                busy.add(peer)
                fetch.tries += 1
                fetch.deadline = now + self._config.sync_timeout
                if self._sync is not None and self._sync.peer == peer:
                    self._sync = None  # it would be replaced: asked of another peer
                if self._send(peer, SyncRequest(position, 1)):
                    self.stats.sync_requests_sent += 1

    def _other_copy(self, peer: str, position: int, data: bytes) -> None:
        """A peer's entry for a position we hold, unlike ours: to the node, if it asked
        for it or it is that peer's first such copy there."""
        if self._on_other is None or len(data) > self._config.max_entry:
            return
        asked = self._fetches.pop((position, peer), None) is not None
        if asked:
            self._pump_fetches(self._clock())
        elif (
            (peer, position) in self._others_handed
            or len(self._others_handed) >= _MAX_OTHERS_HANDED
        ):
            return
        self._others_handed.add((peer, position))
        try:
            self._on_other(position, data, peer)
        except Exception:
            # A bug in the node must not kill the receive loop.
            self.stats.handler_errors += 1
            _log.exception("the node failed on position %d's copy from %s", position, peer)
            return
        # The node may have rewritten its log from that position: go on from there.
        self._drain_ahead()
        self._after_progress()

    def digest(self, position: int) -> str:
        cached = self._digests.get(position)
        if cached is None:
            cached = entry_digest(self._store.get(position))
            self._digests[position] = cached
        return cached

    # --- frames from the mesh ---------------------------------------------------------

    def on_entry_frame(self, peer: str, frame: Entry) -> None:
        position = frame.position
        length = self._store.length()
        self._ack_due.add(peer)
        # The sender holds every position up to this one (logs have no gaps).
        if self._peer_len.get(peer, 0) <= position:
            self._peer_len[peer] = position + 1
        if position < length:
            self.stats.duplicates += 1
            digest = entry_digest(frame.data)
            self._check_digest(peer, position, digest)
            if digest != self.digest(position):
                self._other_copy(peer, position, frame.data)
            elif self._fetches.pop((position, peer), None) is not None:  # it holds ours
                self._pump_fetches(self._clock())
            return
        if len(frame.data) > self._config.max_entry:
            self.stats.oversized += 1  # no log holds it: nothing to ask for again
            return
        if position > length:
            held = self._ahead_bytes.get(peer, 0)
            if (
                position - length > self._config.max_ahead
                or held + len(frame.data) > self._config.max_ahead_bytes
            ):
                self.stats.ahead_dropped += 1
            else:
                candidates = self._ahead.setdefault(position, [])
                if len(candidates) < _MAX_CANDIDATES and all(
                    data != frame.data for data, _ in candidates
                ):
                    candidates.append((frame.data, peer))
                    self._ahead_bytes[peer] = held + len(frame.data)
            # With one entry missing, its own copy is most likely a moment behind this
            # one: its writer sent it to the next writer first, whose entry overtook
            # it. Asked for at once, it would come twice; the timer asks if it does not
            # come.
            if position - length > 1:
                self._maybe_sync(self._clock())
            return
        if self._offer(position, frame.data, peer):
            self._drain_ahead()
        self._after_progress()

    def on_ack(self, peer: str, length: int, tip: str) -> None:
        """An ``ACK`` or heartbeat from ``peer``: it holds ``length`` entries ending in ``tip``."""
        self._peer_len[peer] = length
        ours = self._store.length()
        if 0 < length <= ours:
            self._check_digest(peer, length - 1, tip)
        if length > ours:
            self._maybe_sync(self._clock())
        self._prune_published()

    def on_sync_request(self, peer: str, request: SyncRequest) -> None:
        self.stats.sync_requests_served += 1
        end = min(request.start + request.count, self._store.length())
        for position in range(request.start, end):
            if not self._send(peer, Entry(position, self._store.get(position))):
                break  # link down or queue full: the requester asks again
            self.stats.entries_served += 1

    def peer_back(self, peer: str) -> None:
        """``peer`` reconnected or restarted: push what it lacks at the next tick."""
        self._next_push[peer] = 0.0

    def forget_peer(self, peer: str) -> None:
        for table in (self._peer_len, self._next_push, self._sync_failed_at):
            table.pop(peer, None)
        self._ack_due.discard(peer)
        if self._sync is not None and self._sync.peer == peer:
            self._sync = None
        for key in [key for key in self._fetches if key[1] == peer]:
            del self._fetches[key]

    def acks_due(self) -> bool:
        return bool(self._ack_due)

    def flush_acks(self) -> None:
        """Send one ``ACK`` to every peer that sent entries since the last flush."""
        if not self._ack_due:
            return
        frame = Ack(self._store.length(), self.tip())
        due, self._ack_due = self._ack_due, set()
        for peer in due:
            if self._send(peer, frame):
                self.stats.acks_sent += 1

    def tick(self, now: float) -> None:
        """Timer: resend unacknowledged published entries, retry overdue sync requests."""
        self._prune_published()
        if self._fetches:
            self._pump_fetches(now)
        if self._published:
            for peer in self._peers():
                if now < self._next_push.get(peer, 0.0):
                    continue
                have = self._peer_len.get(peer, 0)
                start = bisect.bisect_left(self._published, have)
                pending = self._published[start : start + self._config.sync_batch]
                if not pending:
                    continue
                self._next_push[peer] = now + self._config.resend_interval
                for position in pending:
                    if not self._send(peer, Entry(position, self._store.get(position))):
                        break
                    self.stats.resent += 1
        self._maybe_sync(now)

    # --- internals ------------------------------------------------------------------------

    def _offer(self, position: int, data: bytes, peer: str) -> bool:
        refused = self._rejected.get(position)
        if refused and entry_digest(data) in refused:
            self.stats.duplicates += 1
            self._failed_us(peer, position)
            return False
        try:
            result = self._on_entry(position, data, peer)
        except Exception:
            # A bug in the node must not kill the receive loop; the entry is not
            # marked rejected, so a resend offers it again.
            self.stats.handler_errors += 1
            _log.exception("on_entry failed for position %d from %s", position, peer)
            return False
        if self._store.length() <= position:
            if result:
                _log.error(
                    "on_entry accepted position %d but the store did not grow", position
                )
            rejected = self._rejected.setdefault(position, set())
            if len(rejected) < _MAX_REJECTED:
                rejected.add(entry_digest(data))
            self.stats.rejected += 1
            self._failed_us(peer, position)
            return False
        self.stats.accepted += 1
        return True

    def _failed_us(self, peer: str, position: int) -> None:
        """``peer`` sent an entry that was rejected: the next request for what we lack goes
        to another peer first, and one outstanding with it for ``position`` is given up at
        once (it would bring the same entry again) rather than at its timeout."""
        self._sync_failed_at[peer] = self._clock()
        sync = self._sync
        if sync is not None and sync.peer == peer and sync.start <= position < sync.end:
            self._sync = None

    def _take_ahead(self, position: int) -> list[tuple[bytes, str]]:
        candidates = self._ahead.pop(position, [])
        for data, sender in candidates:
            self._ahead_bytes[sender] -= len(data)
        return candidates

    def _drain_ahead(self) -> None:
        while True:
            length = self._store.length()
            for position in [p for p in self._ahead if p < length]:
                for data, sender in self._take_ahead(position):
                    self._check_digest(sender, position, entry_digest(data))
            candidates = self._take_ahead(length)
            if not candidates:
                return
            for data, sender in candidates:
                if self._offer(length, data, sender):
                    break
            else:
                return

    def _after_progress(self) -> None:
        for position in [p for p in self._rejected if p < self._store.length()]:
            del self._rejected[position]
        self._maybe_sync(self._clock())

    def _check_digest(self, peer: str, position: int, theirs: str) -> None:
        if position >= self._store.length():
            return
        ours = self.digest(position)
        if theirs != ours and (peer, position) not in self._diverged_seen:
            self._diverged_seen.add((peer, position))
            self.stats.diverged += 1
            # A peer that sends entries unlike ours at every position cannot flood the log.
            count = self._diverged_by[peer] = self._diverged_by.get(peer, 0) + 1
            if count <= _LOG_FIRST_DIVERGED or count % 1000 == 0:
                _log.warning("peer %s diverges from us at position %d (#%d of that peer)",
                             peer, position, count)
            self._emit(Diverged(peer, position, ours, theirs))

    def _prune_published(self) -> None:
        peers = self._peers()
        if not self._published or not peers:
            return
        floor = min(self._peer_len.get(p, 0) for p in peers)
        cut = bisect.bisect_left(self._published, floor)
        if cut:
            del self._published[:cut]

    def _maybe_sync(self, now: float) -> None:
        length = self._store.length()
        sync = self._sync
        if sync is not None:
            if length >= sync.end:
                self._sync = None
            elif now < sync.deadline:
                return
            else:
                self.stats.sync_timeouts += 1
                self._sync_failed_at[sync.peer] = now
                self._sync = None
        peers = self._peers()
        # A peer asked for a held entry is not asked to sync meanwhile: a watcher's
        # player keeps one request of it waiting, and the newer would replace the fetch.
        fetching = {peer for _, peer in self._fetches}
        candidates = [
            p for p in peers if self._peer_len.get(p, 0) > length and p not in fetching
        ]
        # Prefer the peer whose last failure is oldest, then the one that holds most.
        candidates.sort(key=lambda p: (self._sync_failed_at.get(p, float("-inf")),
                                       -self._peer_len[p]))
        for peer in candidates:
            count = min(self._peer_len[peer] - length, self._request_batch)
            if self._send(peer, SyncRequest(length, count)):
                self.stats.sync_requests_sent += 1
                self._sync = _Sync(peer, length, length + count, now + self._config.sync_timeout)
                return
            self._sync_failed_at[peer] = now
