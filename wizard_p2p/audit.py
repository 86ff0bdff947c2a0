"""``wizard-p2p audit LOG``: replay a game log with no secrets but those it reveals.

The auditor reads the log through ``protocol.verdict`` (an observer ``Table``, in the
order of SPEC §8.2): it checks every signature, the hash chain, the genesis
endorsements, who wrote each position, every shuffle and lock pass of every round
(re-run from the secrets revealed at the round's end and compared byte for byte,
naming the first seat whose pass is wrong: stricter than a player's table, which
re-runs them only when the dealt deck differs), every key released, every card
played, follow-suit, the bids (±1, commitments) and the scores. It stops at the
first fault and names its line and the seat to blame, a seat only where its own
signature covers the bytes at fault. It then checks the records of the evidence
file in the log's folder that are of its game (SPEC §2.3).

A log that ends early (an aborted game, or one cut short) is verified up to
its last complete round. Every text for a person counts seats from 1, says a log
position as its line, and shows text from the log escaped (``protocol.shown``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.disk.log import read_log_bytes
from wizard_p2p.errors import DecodeError, FileMissing, FileRefused, Said
from wizard_p2p.protocol.events import Aborted, Finished
from wizard_p2p.protocol.evidence import FILE_NAME as EVIDENCE_FILE
from wizard_p2p.protocol.evidence import Checked, Evidence, check_evidence, of_game
from wizard_p2p.protocol.log import complete_lines
from wizard_p2p.protocol.messages import decode_envelope, entry_hash
from wizard_p2p.protocol.shown import shown
from wizard_p2p.protocol.table import OpenObserver, Table
from wizard_p2p.protocol.verdict import FAULT, UNREADABLE, LogReader, Stop
from wizard_p2p.tables import CardLibrary, open_table

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
    # How far the game is verified, in its own parts (Wizard: rounds), and what its
    # rules report of them (``game.Verified``): its own records of them (Wizard: a
    # ``RoundResult`` each), as JSON, as a score pad for the text report, the totals.
    rounds_verified: int = 0
    history: list[Any] = field(default_factory=list)
    parts: list[dict[str, Any]] = field(default_factory=list)
    score_pad: str = ""
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    # How a game other than Wizard finished (``Finished.result``), as its JSON.
    result: dict[str, Any] | None = None
    fault_position: int | None = None
    fault_seat: int | None = None
    fault_kind: str | None = None
    message: str = ""
    game_id: str = ""
    # The records of the evidence file beside the log that are of its game, checked.
    evidence: list[Checked] = field(default_factory=list)
    # The verdict as data, for a text in the reader's language: the first line of
    # ``message`` (None: that line is the verifier's own reason, shown as it is), then a
    # note per further line.
    verdict: Said | None = None
    notes: list[Said] = field(default_factory=list)

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
            "rounds": self.parts,
            "totals": list(self.totals),
            "winners": list(self.winners),
            **({} if self.result is None else {"result": self.result}),
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
                    "seat": c.evidence.seat,
                    "position": c.evidence.position,
                    "kind": c.evidence.kind,
                    "proven": c.proven,
                    "message": c.message,
                }
                for c in self.evidence
            ],
        }


@dataclass(frozen=True)
class Reading:
    """A log's audit with what it read: the file's complete lines, and the entries the
    reader took from the genesis on, in order (the log as far as it verifies; the entry
    whose round's check fails included, as the table keeps it)."""

    report: AuditReport
    lines: list[bytes]
    verified: list[bytes]


def audit_entries(lines: list[bytes], *, cards: CardLibrary | None = None) -> AuditReport:
    """Audit a log given as its lines (the exact entry bytes)."""
    return read_entries(lines, cards=cards).report


def _opener(cards: CardLibrary | None) -> OpenObserver:
    """How the audit opens a log's table: with the card data a game of cards needs."""

    def open_observer(genesis: bytes, *, replay_every_pass: bool = False) -> Table:
        return open_table(genesis, replay_every_pass=replay_every_pass, cards=cards)

    return open_observer


def read_entries(lines: list[bytes], *, cards: CardLibrary | None = None) -> Reading:
    """Audit a log given as its lines, keeping the entries verified. ``cards``: the card
    data of the card file a game of 巫师牌 was played with (its audit needs it)."""
    opened = LogReader.start(lines, open_table=_opener(cards))
    if isinstance(opened, Stop):
        report = AuditReport(opened.status, len(lines), message=opened.reason,
                             verdict=opened.said)
        if opened.status == FAULT:
            report.fault_position, report.fault_seat = opened.position, opened.seat
            report.fault_kind = opened.kind
            _name_the_host(report, lines[0], opened)
        return Reading(report, lines, [])
    table = opened.table
    report = AuditReport("incomplete", len(lines), names=table.names, game_id=table.game_id.hex())
    for pos, raw in enumerate(lines[1:], start=1):
        stop = opened.check(pos, raw)
        if stop is None:
            continue
        verified = _common_prefix(table.log, lines)
        if stop.status == UNREADABLE:
            return Reading(AuditReport(UNREADABLE, len(lines), message=stop.reason,
                                       verdict=stop.said), lines, verified)
        return Reading(_faulted(report, table, pos, stop.seat, stop.kind, stop.reason), lines,
                       verified)
    _fill(report, table)
    outcome = table.outcome
    if isinstance(outcome, Finished) and (result := outcome.result.to_json()) is not None:
        report.winners, report.result = outcome.winners, result
    if isinstance(outcome, Finished):
        report.status = "verified"
        report.message = "verified: complete game, agreed by every seat"
        report.verdict = Said("audit_verified")
    elif isinstance(outcome, Aborted):
        writer, stalled, reason = outcome.writer, outcome.stalled, outcome.reason
        report.status = "aborted"
        report.message = (
            f"verified up to round {table.replica.checked()}; the game was ended by seat "
            f"{writer + 1} ({shown(table.names[writer])}) because seat {stalled + 1} "
            f"({shown(table.names[stalled])}) stalled: {shown(reason)}"
        )
        report.verdict = Said("audit_aborted", rounds=table.replica.checked(),
                              writer=seat_said(writer, table.names),
                              stalled=seat_said(stalled, table.names), reason=shown(reason))
    else:
        stage, due, _, _ = table.progress()
        report.message = (
            f"verified up to round {table.replica.checked()}; the log ends in stage {stage}"
            + (f", waiting for seat {due + 1} ({shown(table.names[due])})" if due is not None
               else "")
        )
        report.verdict = Said(
            "audit_ends" if due is None else "audit_ends_waiting", rounds=table.replica.checked(),
            stage=stage, **({} if due is None else {"seat": seat_said(due, table.names)}))
    return Reading(report, lines, list(table.log))


def _common_prefix(log: Sequence[bytes], lines: list[bytes]) -> list[bytes]:
    """The lines the table holds as they are in the file. A line refused as a second entry
    for an earlier position may first have made the table adopt it there (an ending that
    stands, SPEC §6.2): what the file itself verifies stops before that position."""
    count = 0
    for held, line in zip(log, lines, strict=False):
        if held != line:
            break
        count += 1
    return lines[:count]


def _name_the_host(report: AuditReport, genesis: bytes, stop: Stop) -> None:
    """A genesis fault that names the host (its signature holds: an endorsement) names it
    by the names its signature covers; any other genesis fault shows no names."""
    if stop.seat is None:
        return
    entry = decode_envelope(genesis)
    report.names = tuple(p["name"] for p in entry.body["terms"]["players"])
    report.game_id = entry.hash.hex()


def _faulted(
    report: AuditReport, table: Table, pos: int, seat: int | None, kind: str | None,
    message: str,
) -> AuditReport:
    _fill(report, table)
    report.status = "fault"
    report.fault_position = pos
    report.fault_seat = seat
    report.fault_kind = kind
    report.message = message
    return report


def _fill(report: AuditReport, table: Table) -> None:
    verified = table.replica.verified()
    # the report's rounds are a game's parts (SPEC §8): a game without rounds has none,
    # whatever else its replica has checked
    report.rounds_verified = 0 if verified is None else len(verified.parts)
    if verified is not None and verified.parts:
        report.history = list(verified.parts)
        report.parts = verified.parts_json()
        report.score_pad = verified.score_pad(report.names)
        report.totals = verified.totals
        report.winners = verified.winners


def audit_file(path: Path, *, cards: CardLibrary | None = None) -> AuditReport:
    """Audit the log at ``path``, and the evidence file in its folder if there is one
    (``cards``: as :func:`read_entries` takes them)."""
    return read_file(path, cards=cards).report


def read_file(path: Path, *, cards: CardLibrary | None = None) -> Reading:
    """Audit the log at ``path`` (and the evidence beside it), keeping what it read."""
    try:
        data = read_log_bytes(path)
    except FileMissing:
        return Reading(AuditReport(UNREADABLE, 0, message=f"no such file: {path}",
                                   verdict=Said("audit_no_file", path=str(path))), [], [])
    except FileRefused as exc:  # a folder, a device, a FIFO, past the log's limit
        return Reading(AuditReport(UNREADABLE, 0, message=str(exc), verdict=exc.said), [], [])
    reading = read_bytes(data, cards=cards)
    report = reading.report
    if report.status == UNREADABLE:
        return reading
    try:
        records = read_evidence(path.parent / EVIDENCE_FILE)
    except (FileRefused, DecodeError) as exc:
        report.message += f"\nthe evidence file beside the log cannot be read: {exc}"
        report.notes.append(Said("audit_evidence_unreadable",
                                 why=exc.said if exc.said is not None else str(exc)))
        return reading
    add_evidence(report, reading.lines, records, cards=cards)
    return reading


def audit_bytes(data: bytes) -> tuple[AuditReport, list[bytes]]:
    """Audit a log file's bytes; the report and the complete lines it read."""
    reading = read_bytes(data)
    return reading.report, reading.lines


def read_bytes(data: bytes, *, cards: CardLibrary | None = None) -> Reading:
    """Audit a log file's bytes: the report, the complete lines, the entries verified."""
    lines = complete_lines(data)
    if not lines:
        what = "the file is empty" if not data else "it holds no complete line"
        said = Said("audit_not_log_empty" if not data else "audit_not_log_no_line")
        return Reading(AuditReport(UNREADABLE, 0, message=f"not a wizard-p2p log: {what}",
                                   verdict=said), lines, [])
    reading = read_entries(lines, cards=cards)
    report = reading.report
    torn = len(data) - (data.rfind(b"\n") + 1)
    if torn and report.status != UNREADABLE:
        # A crash while writing leaves at most one torn line, never sent: not counted.
        report.message += (
            f"\nthe last line is cut short ({torn} bytes with no end of line) and is not counted"
        )
        report.notes.append(Said("audit_torn", bytes=torn))
    return reading


def add_evidence(
    report: AuditReport, lines: list[bytes], records: list[Evidence], *,
    cards: CardLibrary | None = None,
) -> None:
    """Check the records of the evidence file that are of this log's game (SPEC §2.3); a
    record that proves a seat cheated makes a report that found no fault of its own
    ``fault``, in the audit's own words (a record's ``reason`` is nobody's signature)."""
    game_id = entry_hash(lines[0])
    report.evidence = [
        check_evidence(lines, e, open_table=_opener(cards))
        for e in records if of_game(e, game_id)
    ]
    proven = [c for c in report.evidence if c.proven]
    if proven and report.status != "fault":
        first = min(proven, key=lambda c: c.evidence.position)
        record = first.evidence
        report.status = "fault"
        report.fault_position = record.position
        report.fault_seat = record.seat
        report.fault_kind = record.kind
        report.message = (
            f"an entry the others refused, signed by its seat (the proof is in "
            f"{EVIDENCE_FILE}): {first.message}"
        )
        report.verdict = Said("audit_evidence_fault", file=EVIDENCE_FILE, why=first.message)


def seat_said(seat: int, names: tuple[str, ...]) -> Said:
    """A seat as data for a person's text: counted from 1, with its name when known."""
    if seat < len(names):
        return Said("seat_named", n=seat + 1, name=shown(names[seat]))
    return Said("seat_n", n=seat + 1)


def seat_text(seat: int, names: tuple[str, ...]) -> str:
    """A seat as a person reads it: counted from 1, with its name when it is known."""
    return f"seat {seat + 1} ({shown(names[seat])})" if seat < len(names) else f"seat {seat + 1}"


def verdict_text(report: AuditReport) -> str:
    """The verdict as the text report says it: a fault with its line, the seat to blame
    and its kind before the message; any other status by its message."""
    if report.status != "fault":
        return report.message
    assert report.fault_position is not None
    who = (
        seat_text(report.fault_seat, report.names) if report.fault_seat is not None
        else "no seat"
    )
    return (
        f"FAULT at line {report.fault_position + 1}: {who} is to blame "
        f"[{report.fault_kind}]: {report.message}"
    )


def format_report(report: AuditReport) -> str:
    """The text report (SPEC §8): seats counted from 1, log positions said as lines."""
    lines = []
    if report.game_id:
        lines.append(f"game {report.game_id[:GAME_ID_DIGITS]}…  {report.entries} entries")
    if report.score_pad:
        lines.append(report.score_pad)
    if report.winners and report.status == "verified":
        lines.append("winner(s): " + ", ".join(shown(report.names[s]) for s in report.winners))
    lines.append(verdict_text(report))
    for checked in report.evidence:
        record = checked.evidence
        what = (
            f"evidence of {seat_text(record.seat, report.names)}, {record.kind} at line "
            f"{record.position + 1}"
        )
        lines.append(
            f"{what}: " + ("proven" if checked.proven else f"proves nothing: {checked.message}")
        )
    return "\n".join(lines)


def main(path: str, *, as_json: bool = False) -> int:
    report = audit_file(Path(path))
    if as_json:
        # ASCII only: every other character escaped, so nothing in it acts on a terminal.
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=True))
    else:
        print(format_report(report))
    return report.exit_code
