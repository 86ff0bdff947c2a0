"""The seam between a player (the console, a test) and a game replica.

``api`` says what a front end may read and do; ``local`` is an in-memory game
against bots that implements it with the rules alone (no network, no crypto).
The networked node implements the same interface.
"""

from wizard_p2p.session.api import SeatController, Snapshot, Status

__all__ = ["SeatController", "Snapshot", "Status"]
