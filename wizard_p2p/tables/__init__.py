"""The games a table can play, and the one way a table is opened.

``open_table`` is how every caller outside the protocol opens a replica of a game
from its genesis line: a seat's (with the seat, its identity and master secret), a
watcher's or an auditor's (an observer, ``seat=None``). The protocol's own readers of
a log (``verdict.LogReader``, ``evidence.check_evidence``) are given it as a
parameter, so that the core never names a game's table itself.
"""

from __future__ import annotations

from concurrent.futures import Executor

from wizard_p2p.identity import Identity
from wizard_p2p.protocol.authoring import Rewrite
from wizard_p2p.protocol.table import Table


def open_table(
    genesis: bytes,
    *,
    seat: int | None = None,
    identity: Identity | None = None,
    master_secret: bytes | None = None,
    defer_checks: bool = False,
    helper: Executor | None = None,
    replay_every_pass: bool = False,
    rewrite: Rewrite | None = None,
) -> Table:
    """The replica of the game ``genesis`` founds (``Table``'s arguments, which see).
    Raises what reading the genesis raises: a ``PeerFault`` or a ``WizardError``."""
    return Table(
        genesis,
        seat=seat,
        identity=identity,
        master_secret=master_secret,
        defer_checks=defer_checks,
        helper=helper,
        replay_every_pass=replay_every_pass,
        rewrite=rewrite,
    )


__all__ = ["open_table"]
