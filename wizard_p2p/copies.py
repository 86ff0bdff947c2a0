"""``wizard-p2p audit LOG LOG …``: several copies of one game, and the ending that stands.

Each seat keeps its own copy of a game's log. The copies agree when each holds the
entries of the others up to its own length (a copy behind is no disagreement). Where
they hold different entries at one position they **fork** there, and the protocol
decides which entry stands (SPEC §6.2, ``protocol.endings``): a proof of equivocation
before an abort before any other entry, the lower writer first; two entries of one seat
that are not proofs prove its equivocation. This module reads every copy through
``audit`` itself, so each copy's verdict is the one ``audit LOG`` gives it, compares the
entries each verifies position by position, and reports where they fork, which ending
stands, and the signatures that prove it (SPEC §8.3,
``protocol/schemas/audit-copies.json``). Its texts say positions as lines and seats from
1, and show text from a log escaped (``protocol.shown``), as the audit's do.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wizard_p2p.audit import (
    AuditReport,
    Reading,
    read_entries,
    read_file,
    seat_said,
    verdict_text,
)
from wizard_p2p.errors import PeerFault, Said
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.endings import rank
from wizard_p2p.protocol.events import Aborted, Faulted, Finished
from wizard_p2p.protocol.faults import Equivocation
from wizard_p2p.protocol.kinds import CoreKind, FaultKind
from wizard_p2p.protocol.shown import shown
from wizard_p2p.tables import open_table

EXIT_AGREED = 0
EXIT_FAULT = 1
EXIT_UNREADABLE = 2
HASH_DIGITS = 16  # an entry's hash as a person reads it


@dataclass(frozen=True)
class Copy:
    """One copy: its audit (``audit LOG``'s verdict on it), its lines, and the entries it
    verifies from the genesis on, which the comparison uses."""

    name: str
    report: AuditReport
    lines: list[bytes] = field(default_factory=list)
    verified: list[bytes] = field(default_factory=list)

    @classmethod
    def of(cls, name: str, reading: Reading) -> Copy:
        return cls(name, reading.report, reading.lines, reading.verified)

    @property
    def status(self) -> str:  # verified, incomplete, aborted, fault, unreadable
        return self.report.status

    @property
    def message(self) -> str:
        return self.report.message

    @property
    def genesis(self) -> bytes | None:
        return self.verified[0] if self.verified else None

    def fault_json(self) -> dict[str, Any] | None:
        """The copy's fault as ``audit --json LOG`` gives it (SPEC §8), or None."""
        report = self.report
        if report.status != "fault":
            return None
        return {"position": report.fault_position, "seat": report.fault_seat,
                "kind": None if report.fault_kind is None else str(report.fault_kind)}


@dataclass(frozen=True)
class Signed:
    """An entry offered as proof: who signed it, where, its hash and signature."""

    seat: int
    position: int
    kind: str
    hash: str
    sig: str

    @classmethod
    def of(cls, raw: bytes) -> Signed:
        entry = m.decode_envelope(raw)
        return cls(entry.seat, entry.pos, entry.kind, entry.hash.hex(), entry.signature.hex())

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "position": self.position, "kind": self.kind,
                "hash": self.hash, "sig": self.sig}


@dataclass(frozen=True)
class Fork:
    position: int
    held: tuple[tuple[Signed, tuple[int, ...]], ...]  # each entry there, and its copies


@dataclass
class Standing:
    """The ending that stands: how the game ended for every copy."""

    outcome: str  # finished, aborted, fault, incomplete
    position: int | None
    seat: int | None  # the seat it names: stalled, or to blame (None: none)
    writer: int | None  # the seat that wrote the ending entry
    kind: str | None  # the fault kind, for a fault
    copies: tuple[int, ...]
    proof: tuple[Signed, ...]
    message: str
    said: Said | None = None  # ``message`` as data, for a text in the reader's language


@dataclass
class CopiesReport:
    status: str  # agreed, forked, unreadable
    game_id: str
    names: tuple[str, ...]
    copies: list[Copy]
    forks: list[Fork]
    standing: Standing | None
    refuted: list[tuple[Signed, str]]  # aborts that do not stand, with why
    message: str
    # Why each refuted abort does not stand, as data (in the order of ``refuted``), and
    # ``message`` as data when no ending stands.
    refuted_said: list[Said] = field(default_factory=list)
    said: Said | None = None

    @property
    def exit_code(self) -> int:
        if self.status == "unreadable":
            return EXIT_UNREADABLE
        cheated = self.refuted or any(c.status == "fault" for c in self.copies) or (
            self.standing is not None and self.standing.outcome == "fault"
        )
        return EXIT_FAULT if cheated else EXIT_AGREED

    def to_json(self) -> dict[str, Any]:
        standing = self.standing
        return {
            "status": self.status,
            "game_id": self.game_id,
            "players": list(self.names),
            "copies": [
                {"log": c.name, "entries": len(c.lines), "verified": len(c.verified),
                 "status": c.status, "fault": c.fault_json(), "message": c.message}
                for c in self.copies
            ],
            "forks": [
                {"position": f.position,
                 "entries": [{**s.to_json(), "copies": list(held)} for s, held in f.held]}
                for f in self.forks
            ],
            "standing": None if standing is None else {
                "outcome": standing.outcome, "position": standing.position,
                "seat": standing.seat, "writer": standing.writer, "kind": standing.kind,
                "copies": list(standing.copies),
                "proof": [s.to_json() for s in standing.proof],
                "message": standing.message,
            },
            "refuted": [{**s.to_json(), "message": why} for s, why in self.refuted],
            "message": self.message,
        }


def read_copy(path: Path) -> Copy:
    """Read one copy and verify it as ``audit LOG`` does: the same bounded read and
    refusals, the same reader, the evidence file beside it."""
    return Copy.of(str(path), read_file(path))


def copy_of_lines(name: str, lines: list[bytes]) -> Copy:
    """A copy given as its lines (no file, so no evidence beside it)."""
    return Copy.of(name, read_entries(lines))


def compare(copies: list[Copy]) -> CopiesReport:
    """Compare copies of one game: where they fork and which ending stands."""
    readable = [c for c in copies if c.genesis is not None and c.status != "unreadable"]
    unread = [c for c in copies if c not in readable]
    if unread or not readable:
        why = "; ".join(f"{shown(c.name)}: {_one_line(verdict_text(c.report))}"
                        for c in unread) or "no copy"
        return CopiesReport("unreadable", "", (), copies, [], None, [], why)
    genesis = readable[0].genesis
    assert genesis is not None
    table = open_table(genesis)
    names, game_id = table.names, table.game_id.hex()
    others = [shown(c.name) for c in readable if c.genesis != genesis]
    if others:
        return CopiesReport(
            "unreadable", game_id, names, copies, [], None, [],
            "not copies of one game: " + ", ".join(others)
            + f" {'holds' if len(others) == 1 else 'hold'} another genesis than "
            f"{shown(readable[0].name)}",
            said=Said("copies_other_genesis_one" if len(others) == 1
                      else "copies_other_genesis_many",
                      others=", ".join(others), first=shown(readable[0].name)),
        )
    forks: list[Fork] = []
    refuted: list[tuple[Signed, str]] = []
    refuted_said: list[Said] = []
    alive = list(range(len(copies)))
    pos = 1
    while True:
        at = {i: copies[i].verified[pos] for i in alive if len(copies[i].verified) > pos}
        distinct = list(dict.fromkeys(at.values()))
        if len(distinct) <= 1:
            if not distinct:
                break
            pos += 1
            continue
        holders = {raw: tuple(i for i, r in at.items() if r == raw) for raw in distinct}
        forks.append(Fork(pos, tuple((Signed.of(raw), holders[raw]) for raw in distinct)))
        entries = [m.decode_envelope(raw) for raw in distinct]
        equivocation = _equivocation(entries)
        if equivocation is not None and not any(e.kind == CoreKind.PROOF for e in entries):
            first, second = equivocation
            standing = Standing(
                "fault", pos, first.seat, None, FaultKind.EQUIVOCATION,
                tuple(sorted({*holders[first.raw], *holders[second.raw]})),
                (Signed.of(first.raw), Signed.of(second.raw)),
                f"seat {first.seat + 1} ({shown(names[first.seat])}) signed two different "
                f"entries for line {pos + 1}: a proven equivocation",
                Said("copies_equivocation", seat=seat_said(first.seat, names), line=pos + 1),
            )
            return _report(copies, names, game_id, forks, standing, refuted, refuted_said)
        candidates: list[m.Entry] = []
        for entry in entries:
            refutation = _refuted(entry, pos, copies, at)
            if refutation is None:
                candidates.append(entry)
            else:
                refuted.append((Signed.of(entry.raw), refutation[0]))
                refuted_said.append(refutation[1])
        if not candidates:  # every entry there is a refuted abort: nothing stands
            break
        best = min(candidates, key=rank)
        alive = list(holders[best.raw])
        pos += 1
    longest = max(alive, key=lambda i: len(copies[i].verified)) if alive else 0
    holding = tuple(
        i for i, c in enumerate(copies)
        if c.verified == copies[longest].verified[: len(c.verified)]
    )
    return _report(
        copies, names, game_id, forks, _ending(copies[longest], holding, names), refuted,
        refuted_said,
    )


def _equivocation(entries: list[m.Entry]) -> tuple[m.Entry, m.Entry] | None:
    """Two different entries of one seat among ``entries`` (proofs aside), if any."""
    seen: dict[int, m.Entry] = {}
    for entry in sorted(entries, key=rank):
        if entry.kind == CoreKind.PROOF:
            continue
        if entry.seat in seen:
            return seen[entry.seat], entry
        seen[entry.seat] = entry
    return None


def _refuted(
    entry: m.Entry, pos: int, copies: list[Copy], at: dict[int, bytes]
) -> tuple[str, Said] | None:
    """Why an abort at ``pos`` does not stand: a copy holding another entry there holds
    an entry its writer signed after it (SPEC §6.2). None when nothing refutes it."""
    if entry.kind != CoreKind.ABORT:
        return None
    for i, raw in at.items():
        if raw == entry.raw:
            continue
        for later in copies[i].verified[pos + 1:]:
            signed = m.decode_envelope(later)
            if signed.seat == entry.seat:
                return (
                    f"seat {entry.seat + 1} ended the game at line {pos + 1}, yet signed "
                    f"line {signed.pos + 1} on top of the entry there in "
                    f"{shown(copies[i].name)}",
                    Said("copies_refutation", seat=entry.seat + 1, line=pos + 1,
                         later=signed.pos + 1, copy=shown(copies[i].name)),
                )
    return None


def _ending(copy: Copy, holding: tuple[int, ...], names: tuple[str, ...]) -> Standing:
    """How the game ends in ``copy``, the copy that stands, with its signed proof."""
    table = open_table(copy.verified[0])
    for raw in copy.verified[1:]:
        table.receive(raw)
    last = len(copy.verified) - 1
    outcome = table.outcome
    if isinstance(outcome, Finished):
        finals = copy.verified[-table.seats:]
        return Standing("finished", last, None, None, None, holding,
                        tuple(Signed.of(raw) for raw in finals),
                        f"complete game, agreed by every seat: {outcome.result.text()}",
                        Said("copies_finished", result=outcome.result.said()))
    if isinstance(outcome, Aborted):
        return Standing("aborted", last, outcome.stalled, outcome.writer, None, holding,
                        (Signed.of(copy.verified[last]),), _aborted(names, outcome),
                        Said("copies_aborted", writer=seat_said(outcome.writer, names),
                             stalled=seat_said(outcome.stalled, names),
                             reason=shown(outcome.reason)))
    if isinstance(outcome, Faulted):
        fault = outcome.fault
        proof = [Signed.of(copy.verified[last])]
        if isinstance(fault, Equivocation):
            proof += [Signed.of(raw) for raw in fault.evidence]
        writer = m.decode_envelope(copy.verified[last]).seat
        return Standing("fault", fault.position if fault.position is not None else last,
                        fault.seat, writer, fault.kind, holding, tuple(proof),
                        _faulted(names, fault), _fault_said(names, fault))
    return Standing("incomplete", None, None, None, None, holding, (),
                    "the game has not ended in any copy; the longest holds "
                    + _count(last + 1, "entry", "entries"),
                    Said("copies_incomplete", entries=Said(
                        "copies_entries_one" if last == 0 else "copies_entries_many", n=last + 1)))


def _report(
    copies: list[Copy], names: tuple[str, ...], game_id: str, forks: list[Fork],
    standing: Standing, refuted: list[tuple[Signed, str]], refuted_said: list[Said],
) -> CopiesReport:
    status = "forked" if forks else "agreed"
    if forks:
        message = (f"the copies fork at line {forks[0].position + 1}; the ending that "
                   f"stands: {standing.message}")
    else:
        message = f"the copies agree: {standing.message}"
    return CopiesReport(status, game_id, names, copies, forks, standing, refuted, message,
                        refuted_said)


def _aborted(names: tuple[str, ...], outcome: Aborted) -> str:
    return (f"ended by seat {outcome.writer + 1} ({shown(names[outcome.writer])}) because "
            f"seat {outcome.stalled + 1} ({shown(names[outcome.stalled])}) stalled: "
            f"{shown(outcome.reason)}")


def _faulted(names: tuple[str, ...], fault: PeerFault) -> str:
    who = (f"seat {fault.seat + 1} ({shown(names[fault.seat])})" if fault.seat is not None
           else "no seat")
    where = "" if fault.position is None else f" at line {fault.position + 1}"
    return f"{who} is to blame [{fault.kind}]{where}: {fault.reason}"


def _fault_said(names: tuple[str, ...], fault: PeerFault) -> Said:
    return Said(
        "copies_fault",
        who=seat_said(fault.seat, names) if fault.seat is not None else Said("seat_none"),
        kind=Said("fault_kind_" + str(fault.kind).replace("-", "_")),
        where="" if fault.position is None else Said("copies_at_line", line=fault.position + 1),
        detail=fault.reason)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _one_line(text: str) -> str:
    """A report's message on one line of the copies report (a torn last line, an evidence
    file that cannot be read, are said after a newline)."""
    return "; ".join(text.splitlines())


def audit_copies(paths: list[Path]) -> CopiesReport:
    return compare([read_copy(p) for p in paths])


def format_copies(report: CopiesReport) -> str:
    """The text report: a line per copy, a line per fork, the ending that stands and the
    signatures that prove it. Seats count from 1 and positions are said as lines, as
    players count them (SPEC §8); names, reasons and paths are shown escaped."""
    names = report.names

    def seat(s: int) -> str:
        return f"seat {s + 1} ({shown(names[s])})" if s < len(names) else f"seat {s + 1}"

    def in_copies(held: tuple[int, ...]) -> str:
        which = ", ".join(str(i + 1) for i in held)
        return f"in copy {which}" if len(held) == 1 else f"in copies {which}"

    lines = []
    if report.game_id:
        lines.append(f"game {report.game_id[:16]}…  {_count(len(report.copies), 'copy', 'copies')}")
    for n, c in enumerate(report.copies, start=1):
        verdict = _one_line(verdict_text(c.report))
        if c.status == "unreadable":
            verdict = f"unreadable: {verdict}"
        lines.append(f"copy {n} {shown(c.name)}, {_count(len(c.lines), 'line', 'lines')}: "
                     f"{verdict}")
    for fork in report.forks:
        held = "; ".join(
            f"{seat(s.seat)}'s {s.kind} {s.hash[:HASH_DIGITS]}… {in_copies(copies)}"
            for s, copies in fork.held
        )
        lines.append(f"fork at line {fork.position + 1}: {held}")
    for s, why in report.refuted:
        lines.append(f"does not stand: {seat(s.seat)}'s abort at line {s.position + 1}: {why}")
    lines.append(report.message)
    if report.standing is not None:
        for s in report.standing.proof:
            lines.append(
                f"signed by {seat(s.seat)} at line {s.position + 1} ({s.kind}): {s.sig}"
            )
    return "\n".join(lines)


def main(paths: list[str], *, as_json: bool = False) -> int:
    report = audit_copies([Path(p) for p in paths])
    if as_json:
        # ASCII only, as ``audit --json``: nothing in it acts on a terminal.
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=True))
    else:
        print(format_copies(report))
    return report.exit_code
