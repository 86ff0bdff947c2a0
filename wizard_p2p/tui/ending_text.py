"""Why a game ended early, in the player's language: the one wording of an early
``Outcome``, which the console's status line and final window, the printout after the
console closes and a headless watcher's last line all use.

Light on purpose (the catalogues and the protocol's outcome types): a headless seat
prints its last lines without loading the console.
"""

from __future__ import annotations

from wizard_p2p.protocol.events import Aborted, Faulted
from wizard_p2p.tui.i18n import Translator

__all__ = ["ending_reason"]


def ending_reason(tr: Translator, outcome: Faulted | Aborted, names: tuple[str, ...]) -> str:
    """Why the game ``outcome`` ended early (the printout says it with ``end_ended``)."""
    if isinstance(outcome, Aborted):
        stalled = outcome.stalled
        name = names[stalled] if 0 <= stalled < len(names) else "?"
        return tr("ended_stalled", name=name, seat=stalled + 1)
    fault, seat = outcome.fault, outcome.seat
    if seat is None or not 0 <= seat < len(names):
        return tr("ended_cheating_unknown", detail=fault.reason)
    line = "?" if fault.position is None else fault.position + 1
    return tr("ended_cheating", seat=seat + 1, name=names[seat], line=line, detail=fault.reason)
