"""A watcher of a game of Wizard as the console sees it: a ``WatchController`` over a
``WatchNode``.

The watcher's node knows no game: it follows and verifies the log, and its table's
replica gives the public view. This adapter builds the console's snapshot from it, a
Wizard ``SeatView`` with no hand and no choice (SPEC §10).
"""

from __future__ import annotations

from collections.abc import Callable

from wizard_p2p.errors import UsageError
from wizard_p2p.identity import fingerprint
from wizard_p2p.node.watcher import WatchNode
from wizard_p2p.protocol.events import Finished
from wizard_p2p.rules import SeatView
from wizard_p2p.seat.controller import Snapshot

__all__ = ["WizardWatch"]


class WizardWatch:
    """``node``'s game of Wizard, as the console's ``WatchController``."""

    def __init__(self, node: WatchNode) -> None:
        self.node = node

    def snapshot(self) -> Snapshot:
        node = self.node
        table = node.table
        view = None if table is None else table.replica.public_view()
        if table is None or view is None:
            raise UsageError("the game has not started yet")
        assert isinstance(view, SeatView)  # the table's game is Wizard's
        outcome = table.outcome
        return Snapshot(
            view=view,
            names=table.names,
            fingerprints=tuple(fingerprint(k) for k in table.sign_keys),
            connected=tuple(table.ended or s not in node.silent for s in range(table.seats)),
            status=node.status(),
            finished=isinstance(outcome, Finished),
            ended=None if isinstance(outcome, Finished) else outcome,
            watchers=node.watchers,
            coach=table.coach,
            bots=node.bots,
        )

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.node.subscribe(callback)

    def quit(self) -> None:
        self.node.quit()
