"""The seam between a player (the console, a test) and one seat of a game.

``controller`` says what a front end may read and do at a seat; ``offline`` is an
in-memory game against bots that implements it with the rules alone (no network, no
crypto). The networked node implements the same interface.
"""

from wizard_p2p.seat.controller import SeatController, Snapshot, Status, StatusKind

__all__ = ["SeatController", "Snapshot", "Status", "StatusKind"]
