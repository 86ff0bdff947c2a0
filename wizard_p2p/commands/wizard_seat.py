"""A networked seat of Wizard as the console sees it: a ``SeatController`` over a
``GamePeer``.

The peer knows no game: it takes the local player's choice as it comes and gives the
table's view as the game's replica makes it. This adapter says those in Wizard's terms
for the console: a bid, a trump suit and a card are choices of the decision of that
name, and the snapshot is built from the seat's ``SeatView`` and what the peer knows of
the table (who is connected, who watches, its status lines).
"""

from __future__ import annotations

from collections.abc import Callable

from wizard_p2p.errors import UsageError
from wizard_p2p.identity import fingerprint
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.protocol.events import Finished
from wizard_p2p.rules import Card, SeatView, Suit
from wizard_p2p.seat.controller import Snapshot
from wizard_p2p.tables.wizard.kinds import WizardKind

__all__ = ["WizardSeat"]


class WizardSeat:
    """``peer``'s seat of a game of Wizard, as the console's ``SeatController``."""

    def __init__(self, peer: GamePeer) -> None:
        self.peer = peer
        self.seat = peer.seat

    def snapshot(self) -> Snapshot:
        peer = self.peer
        table = peer.table
        view = table.view()
        if view is None:
            raise UsageError("the game has not started yet")
        assert isinstance(view, SeatView)  # the table's game is Wizard's
        outcome = peer.outcome
        return Snapshot(
            view=view,
            names=table.names,
            fingerprints=tuple(fingerprint(k) for k in table.sign_keys),
            connected=tuple(s not in peer.silent for s in range(table.seats)),
            status=peer.status(),
            log=(),
            finished=isinstance(outcome, Finished),
            ended=None if isinstance(outcome, Finished) else outcome,
            resumable=peer.resumable,
            watchers=peer.watchers,
            watch_requests=peer.watch_requests(),
            coach=table.coach,
            bots=peer.bot_seats or frozenset(),
        )

    def bid(self, tricks: int) -> None:
        self.peer.choose(tricks, need=WizardKind.BID)

    def choose_trump(self, suit: Suit) -> None:
        self.peer.choose(suit, need=WizardKind.TRUMP)

    def play(self, card: Card) -> None:
        self.peer.choose(card, need=WizardKind.PLAY)

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.peer.subscribe(callback)

    def quit(self) -> None:
        self.peer.quit()

    def admit_watcher(self, key: str) -> None:
        self.peer.admit_watcher(key)

    def refuse_watcher(self, key: str) -> None:
        self.peer.refuse_watcher(key)

    def abort_stalled(self) -> None:
        self.peer.abort_stalled()
