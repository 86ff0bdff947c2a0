"""Why a game ended early, in the player's language: the one wording of an early
``Outcome``, which the console's status line and final window, the printout after the
console closes and a headless watcher's last line all use.

A stall names the seat that held the game up; a cheat names the seat to blame (counted
from 1), the line of the log and its kind in the player's language (``fault_kind_…``).
The verifier's own words are English: they follow the kind in English alone, and are
otherwise read with ``audit``. The caller gives the names as its reader sees them (the
console names a bot seat as a bot in the player's language).

Light on purpose (the catalogues and the protocol's outcome types): a headless seat
prints its last lines without loading the console.
"""

from __future__ import annotations

from wizard_p2p.errors import PeerFault, Said
from wizard_p2p.protocol.events import Aborted, Faulted
from wizard_p2p.tui.i18n import Translator

__all__ = ["ending_reason", "fault_detail", "fault_words"]


def ending_reason(tr: Translator, outcome: Faulted | Aborted, names: tuple[str, ...]) -> str:
    """Why the game ``outcome`` ended early (the printout says it with ``end_ended``)."""
    if isinstance(outcome, Aborted):
        stalled = outcome.stalled
        name = names[stalled] if 0 <= stalled < len(names) else "?"
        return tr("ended_stalled", name=name, seat=stalled + 1)
    fault, seat = outcome.fault, outcome.seat
    detail = fault_detail(tr, fault)
    if seat is None or not 0 <= seat < len(names):
        return tr("ended_cheating_unknown", detail=detail)
    line = "?" if fault.position is None else fault.position + 1
    return tr("ended_cheating", seat=seat + 1, name=names[seat], line=line, detail=detail)


def fault_detail(tr: Translator, fault: PeerFault) -> str:
    """A cheat said by its kind in the player's language; in English, the verifier's own
    (English) words follow it."""
    return fault_words(tr, Said("fault_kind_" + str(fault.kind).replace("-", "_")), fault.reason)


def fault_words(tr: Translator, said: Said, reason: str) -> str:
    """What was wrong, ``said`` in the reader's language; in English, the verifier's own
    words (``reason``, English) follow it."""
    if tr.lang != "en":
        return tr.say(said)
    return tr("fault_detail", kind=tr.say(said), reason=reason)
