"""What a table does or waits for, in the words of the status lines a front end shows.

``StatusKind`` is the one vocabulary: the core's words (a seat that holds the game up,
how the game ended, what a watcher verified) and every game's (its set-up steps and the
choices it waits for), so that a game's replica can say what it does (``game.GameReplica
.status``) and a node shows it without knowing the game. ``seat.controller`` offers
them to the front ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wizard_p2p.errors import Said

__all__ = ["Status", "StatusKind"]


class StatusKind(StrEnum):
    """What a ``Status`` line says: the closed list. Every member is worded in each of
    the console's languages (``tui.board.STATUS_WORDS``)."""

    # The game being set up: ``seat`` writes, ``done`` of ``total`` steps.
    SHUFFLING = "shuffling"  # the coin toss and the shuffling passes
    DEALING = "dealing"  # the locking passes
    REVEALING = "revealing"  # a disputed round's secrets
    # Whose choice the table waits for (``seat``).
    WAITING_BID = "waiting-bid"
    WAITING_TRUMP = "waiting-trump"
    WAITING_PLAY = "waiting-play"
    # A seat (``seat``) that holds the game up.
    DISCONNECTED = "disconnected"
    STALLED = "stalled"  # long enough that this seat may end the game
    HELD_UP = "held-up"  # for ``done`` of ``total`` seconds; then seat ``writer`` may end it
    CHEATED = "cheated"  # proven, the proof kept on disk; ``detail`` says how
    # How the game ended.
    GAME_OVER = "game-over"
    ABORTED = "aborted"  # the snapshot's ``ended`` says how (or ``detail``, when given)
    # A watcher's: reaching the host (``detail``: the address; then why it waits), what
    # it verified (``done``: the line of the log, the rounds), an entry it refused (``seat``
    # sent it, ``done`` its line, ``detail`` why).
    CONNECTING = "connecting"
    ADMISSION = "admission"
    VERIFIED = "verified"
    ROUND_CHECKED = "round-checked"
    REFUSED = "refused"
    # A sentence said as it is (``detail``).
    EVENT = "event"


@dataclass(frozen=True)
class Status:
    """One line of progress the front end shows while it waits: ``kind`` says what,
    the other fields fill it in (see ``StatusKind``)."""

    kind: StatusKind
    seat: int | None = None
    done: int | None = None
    total: int | None = None
    detail: str = ""
    writer: int | None = None
    said: Said | None = None  # ``detail`` in the reader's language, when worded as data
