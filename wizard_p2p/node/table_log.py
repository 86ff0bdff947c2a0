"""The replicator's view of a replica's log: exactly the entries its table has accepted.

A seat's table is fixed for its whole game; a watcher's is replaced when it follows
the players' copy of an entry (``node.watch_fork``), so the view asks for the current
table each time rather than holding one.
"""

from __future__ import annotations

from collections.abc import Callable

from wizard_p2p.protocol.table import Table

__all__ = ["TableLog"]


class TableLog:
    def __init__(self, table: Callable[[], Table]) -> None:
        self._table = table

    def length(self) -> int:
        return len(self._table().log)

    def get(self, position: int) -> bytes:
        return self._table().log[position]
