"""Who watches the game, as one seat knows it: the host's list, told to every seat.

The host's seat holds the watch gate (``node.watch_gate``): whenever the gate's list
changes, the host applies it to its own mesh and sends it whole, as a reliable private
message (``protocol.control.Watchers``), to every other seat, and again to a seat
that restarts or comes back. Another seat takes such a list from the host's seat
(seat 0 of the genesis) alone; from any other seat it is refused, naming that seat,
as other control refusals are. Each seat's mesh then admits exactly the listed
keys, read-only (``Mesh.set_watchers``). A watcher listed with an empty host runs
on the host's machine: each seat dials it at the host's address as that seat
reaches the host (the host itself: its own listening address, or its loopback).
Nothing a watcher does reaches the table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from wizard_p2p.errors import UsageError, WizardError
from wizard_p2p.net import Mesh, PrivateReceived
from wizard_p2p.node.faults import Faults
from wizard_p2p.node.lobby_common import endpoint_of
from wizard_p2p.node.watch_gate import WatchGate
from wizard_p2p.protocol.control import ListedWatcher, Watchers, decode_control, encode_control
from wizard_p2p.seat.controller import WatchRequest

__all__ = ["HOST_SEAT", "WatchList"]

_log = logging.getLogger(__name__)

HOST_SEAT = 0  # the seat that wrote the genesis: the host, who admits watchers


_WILDCARDS = ("", "0.0.0.0", "::", "*")
_LOOPBACK = "127.0.0.1"


def endpoint_host(endpoint: str) -> str:
    """The host of a ``tcp://host:port`` endpoint, without IPv6 brackets."""
    host = endpoint.removeprefix("tcp://").rpartition(":")[0]
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host


class WatchList:
    """The watchers one seat knows of; the host's seat also holds the gate."""

    def __init__(
        self, seat: int, seat_of_key: dict[str, int], faults: Faults, notify: Callable[[], None]
    ) -> None:
        self.seat = seat
        self._seat_of_key = seat_of_key
        self._faults = faults
        self._notify = notify
        self.watchers: tuple[ListedWatcher, ...] = ()
        self.gate: WatchGate | None = None
        self._mesh: Mesh | None = None
        # The list's latest sending to each seat (key): a newer one replaces it.
        self._sending: dict[str, asyncio.Future[None]] = {}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(w.name for w in self.watchers)

    def requests(self) -> tuple[WatchRequest, ...]:
        return self.gate.requests() if self.gate is not None else ()

    # --- the host's seat ------------------------------------------------------------------

    def attach_gate(self, gate: WatchGate, mesh: Mesh) -> None:
        """Hold the gate (the host's seat, its mesh started): its list goes to every seat."""
        if self.seat != HOST_SEAT:
            raise UsageError("only the host's seat holds the watch gate")
        self.gate = gate
        self._mesh = mesh
        gate.subscribe(self._gate_changed)
        if gate.resumed:
            # The other seats may still serve whom the host listed before it stopped:
            # they are told the list, empty until watchers ask again, unchanged or not.
            self._send_all(mesh)
        self._gate_changed()

    def admit(self, key: str) -> None:
        self._gate("only the host admits watchers").admit(key)

    def refuse(self, key: str) -> None:
        self._gate("only the host turns watchers away").refuse(key)

    def _gate(self, refusal: str) -> WatchGate:
        if self.gate is None:
            raise UsageError(refusal)
        return self.gate

    def _gate_changed(self) -> None:
        assert self.gate is not None and self._mesh is not None
        listed = self.gate.listed()
        if listed != self.watchers:
            self._apply(self._mesh, listed)
            self._send_all(self._mesh)
        self._notify()

    def _send_all(self, mesh: Mesh) -> None:
        for key, seat in self._seat_of_key.items():
            if seat != self.seat:
                self._send(mesh, key)

    def peer_back(self, mesh: Mesh, key: str) -> None:
        """A seat restarted or came back: the host tells it the list again (idempotent)."""
        if self.gate is not None and self._seat_of_key.get(key, self.seat) != self.seat:
            self._send(mesh, key)

    def _send(self, mesh: Mesh, key: str) -> None:
        previous = self._sending.pop(key, None)
        if previous is not None:
            previous.cancel()  # a newer list replaces it
        try:
            sending = mesh.send_private(key, encode_control(Watchers(self.watchers)))
        except WizardError as exc:  # the mesh is closing
            _log.info("the list of watchers did not go to %s: %s", key, exc)
            return
        sending.add_done_callback(_retrieve)
        self._sending[key] = sending

    def close(self) -> None:
        for sending in self._sending.values():
            sending.cancel()
        self._sending.clear()

    # --- every seat -----------------------------------------------------------------------

    def on_private(self, mesh: Mesh, event: PrivateReceived, sender: int) -> None:
        """A seat's private message: the host's list of watchers, or refused naming it."""
        try:
            message = decode_control(event.payload)
        except WizardError as exc:
            self._refused(sender, f"private message from seat {sender}: {exc}")
            return
        if not isinstance(message, Watchers):
            self._refused(sender, f"seat {sender} sent a log entry as a private message")
            return
        if sender != HOST_SEAT or self.seat == HOST_SEAT:
            self._refused(
                sender,
                f"seat {sender} sent a list of watchers: only the host's seat lists watchers",
            )
            return
        self._apply(mesh, message.watchers)
        self._notify()

    def _refused(self, sender: int, fault: str) -> None:
        self._faults.control_refused(sender, fault)
        self._notify()

    def _apply(self, mesh: Mesh, watchers: tuple[ListedWatcher, ...]) -> None:
        here = self._host_machine(mesh)
        try:
            mesh.set_watchers({w.curve_key: endpoint_of(w.address, here) for w in watchers})
        except WizardError as exc:
            # A key of a seat (the host's gate never lists one) or a closing mesh.
            self._faults.control_refused(HOST_SEAT, f"the host's list of watchers: {exc}")
            return
        self.watchers = watchers

    def _host_machine(self, mesh: Mesh) -> str:
        """Where this seat reaches the host's machine: the host's seat's endpoint (the
        host itself: where it listens, or its loopback if it listens everywhere)."""
        if self.seat == HOST_SEAT:
            host = endpoint_host(mesh.endpoint)
            return _LOOPBACK if host in _WILDCARDS else host
        for key, info in mesh.peer_status().items():
            if self._seat_of_key.get(key) == HOST_SEAT:
                return endpoint_host(info.endpoint)
        return _LOOPBACK  # not reached: every seat's mesh knows the host's seat

    def caught_up(self, mesh: Mesh, length: int) -> bool:
        """Whether every watcher our mesh serves says it holds ``length`` entries."""
        return all(info.log_length >= length for info in mesh.watcher_status().values())


def _retrieve(future: asyncio.Future[None]) -> None:
    if not future.cancelled():
        future.exception()  # a list that could not be delivered is nobody's error
