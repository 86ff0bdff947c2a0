"""The verdict on a log's lines, one line at a time, in the order SPEC §8.2 fixes.

``audit`` and ``replay`` both read a log through a ``LogReader``: it opens the log
(``start``: not a log, another version, a genesis that founds no game) and checks
each further line (``check``) with an observer ``Table`` that re-runs every pass.
Each stops at the first line it cannot accept and says why as a ``Stop``: the
status (``fault`` or ``unreadable``), the position, the seat to blame and the fault
kind. A seat is named only where its own signature covers the bytes that break the
protocol (SPEC §2.1); everything else names no seat.

A line refused on arrival leaves the reader as it was, so a caller may try another
line at the same position (``tools.tamper_sweep`` tries every changed byte so).
"""

from __future__ import annotations

from dataclasses import dataclass

from wizard_p2p.errors import DecodeError, PeerFault, Said, UsageError, WizardError
from wizard_p2p.protocol.events import Faulted, GameEnded
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.messages import (
    MAX_ENTRY_BYTES,
    VERSION,
    OtherVersion,
    signed_version_of,
)
from wizard_p2p.protocol.table import OpenObserver, Table

FAULT = "fault"
UNREADABLE = "unreadable"

ENTRY_START = b'{"body":'
"""How every entry's line begins (its members are sorted, ``body`` first): a file none
of whose first ``LOOK_AHEAD`` lines begins so is not a log at all."""
LOOK_AHEAD = 3


@dataclass(frozen=True)
class Stop:
    """Why a log is read no further: a fault at ``position`` naming ``seat`` (or none),
    or a log that cannot be read. ``reason`` is for people (seats from 1, lines)."""

    status: str  # FAULT or UNREADABLE
    reason: str
    position: int | None = None
    seat: int | None = None
    kind: str | None = None  # a ``FaultKind``, or a fault kind of the game's
    said: Said | None = None  # an unreadable log's reason as data, for its reader's language


def _fault(position: int, seat: int | None, kind: str, reason: str) -> Stop:
    return Stop(FAULT, reason, position, seat, kind)


def other_version(version: int, position: int | None) -> str:
    where = "" if position is None else f"line {position + 1} is "
    return f"{where}written by protocol version {version}; this program reads version {VERSION}"


def is_log(lines: list[bytes]) -> bool:
    """Whether one of the first lines begins as an entry (a damaged log still does)."""
    return any(line.startswith(ENTRY_START) for line in lines[:LOOK_AHEAD])


class LogReader:
    """An observer's reading of one log: the lines accepted so far, in a ``Table``."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @classmethod
    def start(cls, lines: list[bytes], *, open_table: OpenObserver) -> LogReader | Stop:
        """Open a log from its lines with ``open_table``: a reader holding its genesis,
        or why not."""
        if not lines:
            return Stop(UNREADABLE, "the log is empty", said=Said("audit_log_empty"))
        version = signed_version_of(lines[0])
        if version is not None and version != VERSION:
            # Another version's rules would read its entries as faults and blame a seat.
            return Stop(UNREADABLE, other_version(version, None),
                        said=Said("audit_other_version", version=version, ours=VERSION))
        if not is_log(lines):
            return Stop(UNREADABLE, "not a wizard-p2p log: no line is a log entry",
                        said=Said("audit_not_log_no_entry"))
        shape = _shape(lines[0])
        if shape is not None:
            return _fault(0, None, FaultKind.MALFORMED, shape)
        try:
            return cls(open_table(lines[0], replay_every_pass=True))
        except PeerFault as fault:
            return _fault(0, fault.seat, fault.kind, fault.reason)
        except UsageError as exc:  # what reading this game needs, we lack (its card file)
            return Stop(UNREADABLE, str(exc), said=exc.said)
        except WizardError as exc:
            return _fault(0, None, FaultKind.MALFORMED, str(exc))

    def check(self, position: int, raw: bytes) -> Stop | None:
        """Take ``raw`` as the line of ``position`` (the next one); None if it is accepted.
        A line refused on arrival changes nothing; a round's check that fails ends the game
        at this line (the table keeps the entry)."""
        table = self.table
        shape = _shape(raw)
        if shape is not None:
            return _fault(position, None, FaultKind.MALFORMED, shape)
        try:
            _check_place(table, raw, position)
            # After the end, the table refuses an entry as ``after-end``, naming its author
            # once its signature verifies.
            events = table.receive(raw)
        except OtherVersion as exc:
            # Signed by its seat for this game, but under other rules: not read with ours.
            return Stop(UNREADABLE, other_version(exc.version, position),
                        said=Said("audit_other_version_line", line=position + 1,
                                  version=exc.version, ours=VERSION))
        except PeerFault as fault:
            return _fault(position, fault.seat, fault.kind, fault.reason)
        except WizardError as exc:  # a line whose signature proves no author
            return _fault(position, None, FaultKind.MALFORMED, str(exc))
        for event in events:
            if isinstance(event, GameEnded) and isinstance(event.outcome, Faulted):
                found = event.outcome.fault  # a round's check named a cheat at this line
                return _fault(position, found.seat, found.kind, found.reason)
        return None


def _shape(raw: bytes) -> str | None:
    """What makes a line no entry before anything in it is read (SPEC §8.2, step 1)."""
    if not raw:
        return "the line is empty"
    if len(raw) > MAX_ENTRY_BYTES:
        return f"the line is longer than {MAX_ENTRY_BYTES} bytes"
    return None


def _check_place(table: Table, raw: bytes, position: int) -> None:
    """The line of ``position`` must hold the entry of that position: a line holding an
    earlier position is a repeat or a second entry there, a later one a gap."""
    try:
        entry = table.decode(raw)
    except DecodeError:
        return  # the table names its author if its signature proves who that is
    if entry.pos == position:
        return
    if entry.pos < position:
        # The table names the author of a different, signed entry for that position
        # (equivocation, out of turn, after the end); a repeat of the same bytes proves
        # nothing.
        table.receive(raw)
        raise PeerFault(
            f"a second copy of the entry of line {entry.pos + 1}", seat=None,
            position=position, kind=FaultKind.DUPLICATE,
        )
    raise PeerFault(
        f"the line holds the entry of line {entry.pos + 1}", seat=None, position=position,
        kind=FaultKind.GAP,
    )


__all__ = ["ENTRY_START", "FAULT", "UNREADABLE", "LogReader", "Stop", "is_log", "other_version"]
