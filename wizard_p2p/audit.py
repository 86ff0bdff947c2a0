"""``wizard-p2p audit LOG``: replay a game log with no secrets but those it reveals.

The auditor is an observer ``Table``: it checks every signature, the hash chain,
the genesis endorsements, who wrote each position, every shuffle and lock pass
of every round (re-run from the secrets revealed at the round's end and compared
byte for byte, naming the first seat whose pass is wrong: stricter than a player's
table, which re-runs them only when the dealt deck differs), every key
released, every card played, follow-suit, the bids (±1, commitments) and the
scores. It stops at the first fault and names its position (the line of the
log) and the seat to blame; a line that is not the entry for its position (a
second entry for a position, a gap) is a fault at that line. A line its seat
signed for this game under another protocol version makes the log unreadable.

A log that ends early (an aborted game, or one cut short) is verified up to
its last complete round.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wizard_p2p.errors import DecodeError, FileMissing, FileRefused, PeerFault, WizardError
from wizard_p2p.protocol.evidence import FILE_NAME as EVIDENCE_FILE
from wizard_p2p.protocol.evidence import Evidence, check_evidence, read_evidence
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.log import read_log_bytes, split_log
from wizard_p2p.protocol.messages import (
    VERSION,
    OtherVersion,
    decode_entry,
    signed_version_of,
)
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import RoundResult

# Seats are numbered from 1 in every text a person reads (as in the lobby), from 0 in
# the JSON report and on the wire.

GAME_ID_DIGITS = 16
"""The game id as a person reads it: its first hex digits, also its folder's name."""

EXIT_VERIFIED = 0
EXIT_FAULT = 1
EXIT_UNREADABLE = 2


@dataclass
class AuditReport:
    status: str  # "verified", "incomplete", "aborted", "fault", "unreadable"
    entries: int
    names: tuple[str, ...] = ()
    rounds_verified: int = 0
    history: list[RoundResult] = field(default_factory=list)
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    fault_position: int | None = None
    fault_seat: int | None = None
    fault_kind: str | None = None
    message: str = ""
    game_id: str = ""
    # The records of the evidence file beside the log, each with why it proves
    # nothing (None: it proves its seat cheated).
    evidence: list[tuple[Evidence, str | None]] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        if self.status == "unreadable":
            return EXIT_UNREADABLE
        return EXIT_FAULT if self.status == "fault" else EXIT_VERIFIED

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "game_id": self.game_id,
            "entries": self.entries,
            "players": list(self.names),
            "rounds_verified": self.rounds_verified,
            "rounds": [
                {
                    "round": r.round_no,
                    "dealer": r.dealer,
                    "trump": r.trump.value if r.trump else None,
                    "turned": str(r.turned) if r.turned else None,
                    "bids": list(r.bids),
                    "taken": list(r.taken),
                    "points": list(r.points),
                    "totals": list(r.totals),
                }
                for r in self.history
            ],
            "totals": list(self.totals),
            "winners": list(self.winners),
            "fault": None
            if self.status != "fault"
            else {
                "position": self.fault_position,
                "seat": self.fault_seat,
                "kind": self.fault_kind,
                "message": self.message,
            },
            "message": self.message,
            "evidence": [
                {
                    "seat": e.seat,
                    "position": e.position,
                    "kind": e.kind,
                    "proven": problem is None,
                    "message": e.reason if problem is None else problem,
                }
                for e, problem in self.evidence
            ],
        }


def audit_entries(lines: list[bytes]) -> AuditReport:
    """Audit a log given as its lines (the exact entry bytes)."""
    if not lines:
        return AuditReport("unreadable", 0, message="the log is empty")
    version = signed_version_of(lines[0])
    if version is not None and version != VERSION:
        # Another version's rules would read its entries as faults and blame a seat.
        return AuditReport(
            "unreadable", len(lines),
            message=f"written by protocol version {version}; this program reads version "
            f"{VERSION}",
        )
    if not any(_is_entry(line) for line in lines[:3]):
        # Not a damaged log (that would hold other entries) but something else entirely.
        return AuditReport(
            "unreadable", len(lines), message="not a wizard-p2p log: no line is a log entry"
        )
    try:
        table = Table(lines[0], replay_every_pass=True)
    except PeerFault as fault:
        return AuditReport(
            "fault", len(lines), fault_position=0, fault_seat=fault.seat, fault_kind=fault.kind,
            message=str(fault),
        )
    except WizardError as exc:
        return AuditReport(
            "fault", len(lines), fault_position=0, fault_kind=FaultKind.MALFORMED,
            message=f"position 0: {exc}",
        )
    report = AuditReport("incomplete", len(lines), names=table.names, game_id=table.game_id.hex())
    for pos, raw in enumerate(lines[1:], start=1):
        try:
            _check_place(table, raw, pos)
            # An entry after the end is refused by the table as ``after-end``, naming
            # its author once its signature verifies.
            table.receive(raw)
        except OtherVersion as exc:
            # Signed by its seat for this game, but under other rules: not read with ours.
            return AuditReport(
                "unreadable", len(lines),
                message=f"position {pos} is written by protocol version {exc.version}; "
                f"this program reads version {VERSION}",
            )
        except PeerFault as fault:
            return _faulted(report, table, pos, fault.seat, fault.kind, str(fault))
        except WizardError as exc:  # a line whose signature proves no author
            return _faulted(
                report, table, pos, None, FaultKind.MALFORMED, f"position {pos}: {exc}"
            )
        if table.fault is not None:
            found = table.fault
            return _faulted(report, table, pos, found.seat, found.kind, str(found))
    _fill(report, table)
    if table.finished:
        report.status = "verified"
        report.message = "verified: complete game, agreed by every seat"
    elif table.abort is not None:
        writer, stalled, reason = table.abort
        report.status = "aborted"
        report.message = (
            f"verified up to round {table.completed_rounds}; the game was ended by seat "
            f"{writer + 1} ({table.names[writer]}) because seat {stalled + 1} "
            f"({table.names[stalled]}) stalled: {reason}"
        )
    else:
        stage, due, _, _ = table.progress()
        report.message = (
            f"verified up to round {table.completed_rounds}; the log ends in stage {stage}"
            + (f", waiting for seat {due + 1} ({table.names[due]})" if due is not None else "")
        )
    return report


def _is_entry(line: bytes) -> bool:
    """Whether ``line`` is an entry, or was one before it was damaged: every entry's
    canonical form begins with its body."""
    if line.startswith(b'{"body":'):
        return True
    try:
        decode_entry(line)
    except DecodeError:
        return False
    return True


def _check_place(table: Table, raw: bytes, line: int) -> None:
    """Line ``line`` must hold position ``line``: blame a second entry for a position."""
    try:
        entry = decode_entry(raw)
    except DecodeError:
        return  # the table names its author if its signature proves who that is
    if entry.pos == line:
        return
    if entry.pos < line:
        table.receive(raw)  # signed by the holder of that position: equivocation
        raise PeerFault(
            f"a second copy of the entry at position {entry.pos}", seat=None, position=line,
            kind=FaultKind.DUPLICATE,
        )
    raise PeerFault(
        f"entry at line {line + 1} claims position {entry.pos}", seat=None, position=line,
        kind=FaultKind.GAP,
    )


def _faulted(
    report: AuditReport, table: Table, pos: int, seat: int | None, kind: str, message: str
) -> AuditReport:
    _fill(report, table)
    report.status = "fault"
    report.fault_position = pos
    report.fault_seat = seat
    report.fault_kind = kind
    report.message = message
    return report


def _fill(report: AuditReport, table: Table) -> None:
    game = table.game
    report.rounds_verified = table.completed_rounds
    if game is not None:
        report.history = list(game.history)[: table.completed_rounds]
        if report.history:
            report.totals = report.history[-1].totals
            top = max(report.totals)
            report.winners = tuple(s for s, t in enumerate(report.totals) if t == top)


def audit_file(path: Path) -> AuditReport:
    """Audit the log at ``path``, and the evidence file beside it if there is one."""
    try:
        data = read_log_bytes(path)
    except FileMissing:
        return AuditReport("unreadable", 0, message=f"no such file: {path}")
    except FileRefused as exc:  # a folder, a device, a FIFO, past the log's limit
        return AuditReport("unreadable", 0, message=str(exc))
    try:
        lines = split_log(data, str(path))
    except DecodeError as exc:
        return AuditReport("unreadable", 0, message=f"not a wizard-p2p log: {exc}")
    if not lines:
        what = "the file is empty" if not data else "it holds no complete line"
        return AuditReport("unreadable", 0, message=f"not a wizard-p2p log: {what}")
    report = audit_entries(lines)
    torn = len(data) - (data.rfind(b"\n") + 1)
    if torn and report.status != "unreadable":
        # A crash while writing leaves at most one torn line, never sent: not counted.
        report.message += (
            f"\nthe last line is cut short ({torn} bytes with no end of line) and is not counted"
        )
    if report.status == "unreadable":
        return report
    try:
        records = read_evidence(path.parent / EVIDENCE_FILE)
    except (FileRefused, DecodeError) as exc:
        report.message += f"\nthe evidence file beside the log cannot be read: {exc}"
        return report
    report.evidence = [(e, check_evidence(lines, e)) for e in records]
    proven = [e for e, problem in report.evidence if problem is None]
    if proven and report.status != "fault":
        first = min(proven, key=lambda e: e.position)
        report.status = "fault"
        report.fault_position = first.position
        report.fault_seat = first.seat
        report.fault_kind = first.kind
        report.message = (
            f"seat {first.seat + 1} signed an entry the others refused ({first.kind} at position "
            f"{first.position}; the proof is in {EVIDENCE_FILE}): {first.reason}"
        )
    return report


def format_score_pad(names: tuple[str, ...], history: list[RoundResult]) -> str:
    """The paper score pad: a row per round; per player bid / tricks / running total."""
    width = max(14, *(len(n) + 2 for n in names)) if names else 14
    head = "round " + "".join(f"{n[: width - 2]:>{width}}" for n in names)
    rows = [head, "      " + "".join(f"{'bid tk  total':>{width}}" for _ in names)]
    for r in history:
        cells = "".join(
            f"{f'{b:>3} {t:>2} {tot:>6}':>{width}}"
            for b, t, tot in zip(r.bids, r.taken, r.totals, strict=True)
        )
        rows.append(f"{r.round_no:>5} {cells}")
    return "\n".join(rows)


def format_report(report: AuditReport) -> str:
    lines = []
    if report.game_id:
        lines.append(f"game {report.game_id[:GAME_ID_DIGITS]}…  {report.entries} entries")
    if report.history:
        lines.append(format_score_pad(report.names, report.history))
    if report.winners and report.status == "verified":
        lines.append("winner(s): " + ", ".join(report.names[s] for s in report.winners))
    if report.status == "fault":
        who = (
            f"seat {report.fault_seat + 1} ({report.names[report.fault_seat]})"
            if report.fault_seat is not None and report.names
            else "an unknown seat"
        )
        lines.append(
            f"FAULT at position {report.fault_position}: {who} is to blame "
            f"[{report.fault_kind}]: {report.message}"
        )
    else:
        lines.append(report.message)
    for evidence, problem in report.evidence:
        name = report.names[evidence.seat] if evidence.seat < len(report.names) else "?"
        what = (
            f"evidence of seat {evidence.seat + 1} ({name}), {evidence.kind} at position "
            f"{evidence.position}"
        )
        lines.append(f"{what}: " + ("proven" if problem is None else f"proves nothing: {problem}"))
    return "\n".join(lines)


def main(path: str, *, as_json: bool = False) -> int:
    report = audit_file(Path(path))
    if as_json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        print(format_report(report))
    return report.exit_code
