"""Repairing a replica whose log differs from a peer's at some position.

A peer whose log differs from ours at a position asks for the other's entry there
(a control message); the table decides. The one case that resolves itself: we died
between writing our entry and sending it, and the others wrote the abort of our
stall at that position. Any other divergence is a fault, reported as such.
"""

from __future__ import annotations

from wizard_p2p.errors import DecodeError, PeerFault, WizardError
from wizard_p2p.net import Diverged, Mesh, MessageReceived
from wizard_p2p.node.durability import SeatLog
from wizard_p2p.node.faults import MAX_FAULTS_KEPT, Faults
from wizard_p2p.protocol.control import EntryAt, Want, Watchers, decode_control, encode_control
from wizard_p2p.protocol.events import Event, LogRewritten
from wizard_p2p.protocol.table import Table

__all__ = ["Repair"]


class Repair:
    def __init__(
        self, table: Table, seat_log: SeatLog, faults: Faults, seat_of_key: dict[str, int]
    ) -> None:
        self._table = table
        self._seat_log = seat_log
        self._faults = faults
        self._seat_of_key = seat_of_key
        self._forks_asked: set[int] = set()  # positions asked for after a fork (bounded)

    def diverged(self, mesh: Mesh, event: Diverged) -> None:
        """A peer holds another entry than ours at a position: ask it for its entry."""
        self._faults.seen.append(
            f"seat {self._seat_of_key[event.peer]} holds another entry at {event.position}"
        )
        if event.position < len(self._table.log):
            mesh.send(event.peer, encode_control(Want(event.position)))

    def ask_for_fork(self, mesh: Mesh, peer: str, position: int) -> None:
        """The sender's entry builds on another entry at ``position`` than ours: ask it for
        that entry (once). If one seat signed both, the table proves who equivocated,
        even though the entry that showed the fork names nobody."""
        if (
            peer not in self._seat_of_key or position < 1
            or position in self._forks_asked or len(self._forks_asked) >= MAX_FAULTS_KEPT
        ):
            return
        self._forks_asked.add(position)
        mesh.send(peer, encode_control(Want(position)))

    def control(self, mesh: Mesh, event: MessageReceived) -> bool:
        """Answer a peer's control message; True when the table took an entry from it
        (what it wrote since is to be persisted and published)."""
        table = self._table
        events: list[Event] = []
        try:
            message = decode_control(event.payload)
            if isinstance(message, Watchers):
                raise DecodeError("a list of watchers travels as a private message")
            if isinstance(message, Want):
                position = message.position
                if position < len(table.log):
                    mesh.send(event.peer, encode_control(EntryAt(position, table.log[position])))
                return False
            events = table.receive(message.data)
        except PeerFault as fault:
            seat = self._seat_of_key.get(event.peer)
            self._faults.seen.append(f"control message from seat {seat}: {fault}")
            assert isinstance(message, EntryAt)  # only a sent entry's check blames a seat
            self._faults.keep_evidence(fault, message.data)
            return False
        except WizardError as exc:
            seat = self._seat_of_key.get(event.peer)
            self._faults.control_refused(seat, f"control message from seat {seat}: {exc}")
            return False
        for rewritten in events:
            if isinstance(rewritten, LogRewritten):
                self._rewrite_log(mesh, rewritten.position)
        return True

    def _rewrite_log(self, mesh: Mesh, position: int) -> None:
        """Our log changed from ``position`` on: replace the file to match."""
        self._seat_log.rewrite()
        if mesh.replicator is not None:
            mesh.replicator.rewritten(position)
