"""A watcher's answer to a player whose copy of an entry differs from its own.

Each writer sends its own entries to the watchers itself, so a seat can send the
watchers another valid entry than the one it sent the players. The watcher takes the
first valid entry it gets at each position; the players' next entry then builds on
another entry than the watcher's (a fork), or a player's copy of a held position
differs from it (``Diverged``). The watcher asks the players for their copy of that
position (``Replicator.fetch``: a sync request for that position alone) and weighs
each copy it is handed (``Replicator.watch_others``):

* a copy signed by the seat that signed the watcher's own is an equivocation: the two
  entries are kept on disk as evidence (``evidence.jsonl``) and the seat is proven;
* an entry the watcher got only from the seat that wrote it is *provisional*; a
  different copy replaces it when a seat other than that copy's writer sent it and it
  is valid after the log before it: the observer table is rebuilt from the log before
  it (from a copy of the table kept every ``CHECKPOINT_EVERY`` entries, else from the
  genesis), takes the copy, and the entries after it are caught up again;
* an entry any seat other than its writer sent is *final*: nothing replaces it but an
  ending that stands over it (SPEC §6.2: an abort of the seat due there, a proof of
  an equivocation). The observer table takes such an ending in place of its entries
  from that position on (``LogRewritten``), as a seat's does: a watcher that followed
  a branch that lost follows the ending every copy agrees on.

So a seat cannot take back its own entry (a writer's copy never replaces another's),
and a position changes once, or again only for an ending that stands. A copy that is
valid but builds on another entry before it than the watcher's leads to asking for
that earlier position too.

A fork holds the watcher up: the entry that builds on the other copy was refused, and
the replicator never offers the same bytes again, so nothing else would ask. The
players may not answer (a player's link to the watcher is not up yet, or its queue
to the watcher is full and the answer dropped) and the replicator gives a fetch up
after a few tries; so the node calls ``ask_again`` now and then, which asks the
players once more for the copy at each fork still holding it up (its entry there is
the last it holds, and provisional) while nothing is asked for it.
Every fault of a player's entry that proves who cheated (``protocol.evidence``) is
kept the same way.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from pathlib import Path

from wizard_p2p.errors import DecodeError, PeerFault, WizardError
from wizard_p2p.net import Mesh
from wizard_p2p.net.replicate import entry_digest
from wizard_p2p.node.evidence_file import EvidenceFile
from wizard_p2p.protocol.events import LogRewritten
from wizard_p2p.protocol.evidence import FILE_NAME, evidence_of
from wizard_p2p.protocol.faults import Equivocation
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables import PROVABLE, open_table

__all__ = [
    "CHECKPOINT_EVERY", "MAX_COPIES_WEIGHED", "MAX_REWRITES", "WatchForks", "evidence_path",
]

_log = logging.getLogger(__name__)

# Differing copies weighed in a game (each a signature check, or a rebuild), and
# rebuilds of the observer table (each replays the log before the position).
MAX_COPIES_WEIGHED = 1024
MAX_REWRITES = 256
# A copy of the observer table is kept at every multiple of this length (the latest
# ``_CHECKPOINTS_KEPT``): a rebuild replays the entries after one, not the whole log.
CHECKPOINT_EVERY = 32
_CHECKPOINTS_KEPT = 4


def evidence_path(save: Path | None, data_dir: Path | None, game_id: bytes) -> Path | None:
    """Where a watcher keeps its evidence: beside its saved log (so that ``audit`` of
    that log checks it), else in its data directory under ``watched/<game id>/``."""
    if save is not None:
        return save.parent / FILE_NAME
    if data_dir is not None:
        return data_dir / "watched" / game_id.hex()[:16] / FILE_NAME
    return None


class WatchForks:
    """A watcher's provisional entries, the seats it proved cheated, and their proofs."""

    def __init__(
        self, path: Path | None, seat_of: Callable[[str], int | None],
        key_of: Callable[[int], str],
    ) -> None:
        self.path = path
        self._seat_of = seat_of  # a player's seat, by its mesh key
        self._key_of = key_of  # a seat's mesh key
        self._evidence: EvidenceFile | None = None
        self.proven: dict[int, str] = {}  # seat -> how, once its proof is kept
        self.provisional: set[int] = set()  # positions held from their writer alone
        self.rewrites = 0
        self._weighed: set[tuple[int, str]] = set()  # (position, digest) of copies weighed
        self._checkpoints: dict[int, Table] = {}  # log length -> the table at that length
        self._equivocations: set[tuple[int, int]] = set()  # (seat, position) kept
        self._forks: set[int] = set()  # positions of forks that may still hold us up

    @property
    def checkpoints(self) -> tuple[int, ...]:
        """The log lengths of the copies of the table kept to rebuild from, oldest first."""
        return tuple(sorted(self._checkpoints))

    # --- what the watcher's node calls ---------------------------------------------------

    def accepted(self, table: Table, position: int, sender: int | None) -> None:
        """The table took an entry at ``position`` from ``sender``."""
        if sender is not None and table.entry_meta[position][0] == sender:
            self.provisional.add(position)
        length = len(table.log)
        if length % CHECKPOINT_EVERY == 0 and length == position + 1:
            self._checkpoints[length] = copy.deepcopy(table)
            for old in sorted(self._checkpoints)[:-_CHECKPOINTS_KEPT]:
                del self._checkpoints[old]

    def keep(self, fault: PeerFault, entry: bytes) -> None:
        """Keep the proof a refused entry gives, if it proves a seat cheated."""
        evidence = evidence_of(fault, entry, PROVABLE)
        if evidence is None or fault.seat is None:
            return
        if isinstance(fault, Equivocation):  # the two entries, in either order: one proof
            if (fault.seat, evidence.position) in self._equivocations:
                return
            self._equivocations.add((fault.seat, evidence.position))
        self.proven.setdefault(fault.seat, fault.reason)
        if self.path is None:
            return
        try:
            if self._evidence is None:
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                self._evidence = EvidenceFile(self.path)
            if self._evidence.add(evidence):
                _log.warning("kept evidence of seat %d's %s at %d in %s", fault.seat,
                             fault.kind, fault.position, self.path)
        except OSError as exc:
            _log.error("could not write the evidence of seat %d's fault: %s", fault.seat, exc)

    def fork(self, table: Table, mesh: Mesh, position: int) -> None:
        """An entry builds on another entry at ``position`` than ours: ask every player
        but the writer of ours for its copy (the writer would send ours again)."""
        replicator = mesh.replicator
        if replicator is None or not 0 < position < len(table.log):
            return
        self._forks.add(position)
        writer = table.entry_meta[position][0]
        for seat in range(table.seats):
            if seat != writer:
                replicator.fetch(self._key_of(seat), position)

    def ask_again(self, table: Table, mesh: Mesh) -> None:
        """Ask the players again for their copy at each fork that still holds us up
        (our entry there is the last we hold, and provisional: a copy may replace it)
        and for which nothing is being fetched now; forget the forks that no longer do."""
        replicator = mesh.replicator
        if replicator is None:
            return
        fetched = {position for position, _ in replicator.fetching()}
        for position in sorted(self._forks):
            if position != len(table.log) - 1 or position not in self.provisional:
                self._forks.discard(position)
            elif position not in fetched:
                _log.info("asking the players again for their copy of %d", position)
                self.fork(table, mesh, position)

    def diverged(self, table: Table, mesh: Mesh, peer: str, position: int) -> None:
        """A player's copy of the entry we hold at ``position`` differs: ask it for that
        copy. It may replace ours if ours is provisional and that player did not write
        it, or whatever ours is if it is an ending that stands (the replicator reports
        a peer's difference at a position once)."""
        if mesh.replicator is not None and 0 < position < len(table.log):
            mesh.replicator.fetch(peer, position)

    def other(
        self, table: Table, mesh: Mesh, position: int, data: bytes, peer: str
    ) -> Table | None:
        """A player's copy of the entry we hold at ``position``, unlike ours: the table
        to follow from now on when the copy is to be followed (see the module's
        docstring): rebuilt with it in place of ours, or ``table`` itself when it took
        an ending that stands; else None."""
        if not 0 < position < len(table.log) or len(self._weighed) >= MAX_COPIES_WEIGHED:
            return None
        seen = (position, entry_digest(data))
        if seen in self._weighed:
            return None
        self._weighed.add(seen)
        try:
            writer = table.decode(data)
        except DecodeError:
            return None
        if writer.pos != position:
            return None
        sender = self._seat_of(peer)
        try:
            # Raises, as it differs from the entry we hold, unless it is an ending that
            # stands there: then the table took it in place of ours, and what followed.
            if any(isinstance(e, LogRewritten) for e in table.receive(data)):
                return self._ended_otherwise(table, position, sender)
        except Equivocation as fault:
            self.keep(fault, data)
        except PeerFault as fault:
            if fault.kind in _NO_ENTRY:
                _log.info("seat %s sent a copy of %d that is no entry of it: %s",
                          sender, position, fault)
                return None
        except WizardError:
            return None
        if (
            position not in self.provisional or sender is None or sender == writer.seat
            or self.rewrites >= MAX_REWRITES
        ):
            return None
        return self._rebuilt(table, mesh, position, data, sender)

    # --- internals ------------------------------------------------------------------------

    def _ended_otherwise(self, table: Table, position: int, sender: int | None) -> Table:
        """``table`` took an ending that stands at ``position`` in place of its entries
        from there on: what we knew of them goes."""
        self.rewrites += 1
        self._forget_from(position)
        _log.warning("followed the ending seat %s sent for position %d: it stands over ours",
                     sender, position)
        return table

    def _forget_from(self, position: int) -> None:
        self.provisional = {p for p in self.provisional if p < position}
        for stale in [k for k in self._checkpoints if k > position]:
            del self._checkpoints[stale]

    def _rebuilt(
        self, table: Table, mesh: Mesh, position: int, data: bytes, sender: int
    ) -> Table | None:
        """The table from our log before ``position`` (from the latest copy kept before
        it, else from the genesis), then ``data``."""
        start = max((k for k in self._checkpoints if k <= position), default=1)
        if start > 1:
            rebuilt = copy.deepcopy(self._checkpoints[start])
        else:
            rebuilt = open_table(table.log[0], replay_every_pass=True)
        try:
            for line in table.log[start:position]:
                rebuilt.receive(line)
        except WizardError as exc:  # our own verified log: cannot happen
            _log.error("the verified log does not replay: %s", exc)
            return None
        try:
            rebuilt.receive(data)
        except PeerFault as fault:
            _log.info("seat %d's copy of %d does not follow our log: %s",
                      sender, position, fault)
            if fault.kind == FaultKind.FORK:
                # It builds on another entry before it too: ask for that one.
                self.fork(table, mesh, position - 1)
            else:
                self.keep(fault, data)
            return None
        except WizardError as exc:
            _log.info("seat %d's copy of %d is refused: %s", sender, position, exc)
            return None
        if len(rebuilt.log) != position + 1:
            return None
        self.rewrites += 1
        self._forget_from(position)
        _log.warning("followed seat %d's copy of position %d (ours came from its writer only)",
                     sender, position)
        return rebuilt


# Faults of a copy that is no signed entry of this game at all: it proves nothing.
_NO_ENTRY = frozenset({FaultKind.BAD_SIGNATURE, FaultKind.MALFORMED, FaultKind.REPLAY})
