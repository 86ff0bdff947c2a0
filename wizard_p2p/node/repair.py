"""Repairing a replica whose log differs from a peer's at some position.

A peer whose log differs from ours at a position asks for the other's entry there
(a control message); the table decides. An ending that stands over our entry there
(SPEC §6.2: an abort of the seat due, a lower seat's abort, a proof of equivocation)
takes its place (the table reports ``LogRewritten``, and the seat's log file follows
it: ``durability``); a proven equivocation makes the table write the proof there
itself, which is sent to everyone. Any other divergence is a
fault, reported as such.

A peer reports the difference once (``Diverged``), often by the first heartbeat of a
peer that has just come back, before our link to it is up, and a control message is
not resent by the mesh: so the ask is repeated every ``WANT_RETRY`` seconds, at most
``WANT_TRIES`` times, until the peer's entry at that position comes.
"""

from __future__ import annotations

import asyncio

from wizard_p2p.errors import DecodeError, PeerFault, WizardError
from wizard_p2p.net import Diverged, Mesh, MessageReceived
from wizard_p2p.node.faults import MAX_FAULTS_KEPT, Faults
from wizard_p2p.protocol.control import EntryAt, Want, Watchers, decode_control, encode_control
from wizard_p2p.protocol.events import EntryRejected, Event, Faulted, GameEnded, LogRewritten
from wizard_p2p.protocol.faults import Equivocation
from wizard_p2p.protocol.table import Table

__all__ = ["WANT_RETRY", "WANT_TRIES", "Repair"]

WANT_RETRY = 0.5  # seconds between two asks of a peer for its entry at one position
WANT_TRIES = 40


class Repair:
    def __init__(self, table: Table, faults: Faults, seat_of_key: dict[str, int]) -> None:
        self._table = table
        self._faults = faults
        self._seat_of_key = seat_of_key
        self._forks_asked: set[int] = set()  # positions asked for after a fork (bounded)
        # peer -> (position, asks left): a differing entry not received yet (one a peer).
        self._asking: dict[str, tuple[int, int]] = {}
        self._retry: asyncio.TimerHandle | None = None

    def diverged(self, mesh: Mesh, event: Diverged) -> None:
        """A peer holds another entry than ours at a position: ask it for its entry."""
        self._faults.seen.append(
            f"seat {self._seat_of_key[event.peer]} holds another entry at {event.position}"
        )
        if event.position < len(self._table.log):
            held = self._asking.get(event.peer)
            if held is None or event.position < held[0]:
                self._asking[event.peer] = (event.position, WANT_TRIES)
            mesh.send(event.peer, encode_control(Want(event.position)))
            if self._retry is None:
                self._retry = asyncio.get_running_loop().call_later(
                    WANT_RETRY, self._ask_again, mesh
                )

    def _ask_again(self, mesh: Mesh) -> None:
        """Ask each peer we still wait on for its entry again, and later if need be."""
        self._retry = None
        for peer, (position, left) in list(self._asking.items()):
            if left <= 0 or position >= len(self._table.log):
                del self._asking[peer]  # it never answered, or our log was cut before it
                continue
            self._asking[peer] = (position, left - 1)
            mesh.send(peer, encode_control(Want(position)))
        if self._asking:
            self._retry = asyncio.get_running_loop().call_later(
                WANT_RETRY, self._ask_again, mesh
            )

    def close(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        self._asking.clear()

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

    def control(self, mesh: Mesh, event: MessageReceived) -> list[Event] | None:
        """Answer a peer's control message; what the table reported when it took an
        entry from it (to be acted on as any entry's), else None."""
        table = self._table
        try:
            message = decode_control(event.payload)
            if isinstance(message, Watchers):
                raise DecodeError("a list of watchers travels as a private message")
            if isinstance(message, Want):
                position = message.position
                if position < len(table.log):
                    mesh.send(event.peer, encode_control(EntryAt(position, table.log[position])))
                return None
            if self._asking.get(event.peer, (None,))[0] == message.position:
                del self._asking[event.peer]  # the entry we asked for came
            return table.receive(message.data)
        except PeerFault as fault:
            seat = self._seat_of_key.get(event.peer)
            self._faults.seen.append(f"control message from seat {seat}: {fault}")
            assert isinstance(message, EntryAt)  # only a sent entry's check blames a seat
            self._faults.keep_evidence(fault, message.data)
            return None
        except WizardError as exc:
            seat = self._seat_of_key.get(event.peer)
            self._faults.control_refused(seat, f"control message from seat {seat}: {exc}")
            return None

    def handle(self, mesh: Mesh | None, events: list[Event]) -> bool:
        """Act on what the table reported: keep the proof of a refused entry, and where
        an ending took the place of our entries, have the replicator forget them (the
        log file and what we send from there follow the events: ``durability``). True
        if the log was rewritten."""
        rewritten = False
        for event in events:
            if isinstance(event, EntryRejected) and isinstance(event.fault, Equivocation):
                self._faults.seen.append(str(event.fault))
                self._faults.keep_evidence(event.fault, event.fault.evidence[1])
            elif isinstance(event, LogRewritten):
                if mesh is not None and mesh.replicator is not None:
                    mesh.replicator.rewritten(event.position)
                rewritten = True
            elif isinstance(event, GameEnded) and rewritten:
                self._took_proof(event)
        return rewritten

    def _took_proof(self, ended: GameEnded) -> None:
        """We took another seat's proof in place of our entries: its two entries are our
        evidence too."""
        if not isinstance(ended.outcome, Faulted):
            return
        fault = ended.outcome.fault
        if isinstance(fault, Equivocation) and fault.seat not in self._faults.proven:
            self._faults.keep_evidence(fault, fault.evidence[1])
