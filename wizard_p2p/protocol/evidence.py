"""Evidence: the signed entries that prove a seat cheated, kept beside the log.

A replica that refuses a seat's signed entry on a rule, or holds two different
signed entries of one seat for one position (equivocation), keeps the proof in
``evidence.jsonl`` next to its log (SPEC §2.3): one canonical JSON object per line,

    {"entries": [LINE, ...], "kind": KIND, "position": P, "reason": TEXT, "seat": S}

``entries`` are the exact entry lines: two for an equivocation, one for an entry
that breaks a rule at ``position`` of the log beside it. :func:`check_evidence`
verifies a record against that log with nothing but the log, as ``audit`` does.
"""

from __future__ import annotations

import functools
from collections.abc import Set
from dataclasses import dataclass

from wizard_p2p import canonical
from wizard_p2p.errors import DecodeError, PeerFault, WizardError
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.schema import Int, List, Obj, Str
from wizard_p2p.protocol.table import OpenObserver

FILE_NAME = "evidence.jsonl"
MAX_RECORD_BYTES = 2 * m.MAX_ENTRY_BYTES + 4096
MAX_RECORDS = 64  # a file holds the first proofs; one is enough to name a seat
# The largest evidence file read: its records, each of the largest size, and a line end.
MAX_FILE_BYTES = MAX_RECORDS * (MAX_RECORD_BYTES + 1)

# The faults of the core a record may claim (SPEC §2.3): an equivocation, or a fault a
# replica finds in a signed entry as it arrives that names its author (each game adds
# those of its own rules: ``GameRules.provable``, ``tables.PROVABLE``). Not proof: a signature that
# does not verify, an entry that does not chain to the log or comes after its end, a
# line that does not decode (the log's audit names its author, but a record holds
# entries); nor a fault only a round's check finds (the log is its evidence).
CORE_PROVABLE: frozenset[str] = frozenset(
    {
        FaultKind.EQUIVOCATION,
        FaultKind.OUT_OF_TURN,
        FaultKind.COMMITMENT,
        FaultKind.FINAL,
    }
)


@functools.cache
def _record(provable: frozenset[str]) -> Obj:
    """A record's schema, its kind one of the core's provable faults or ``provable``."""
    return Obj(
        {
            "entries": List(Str(max_len=m.MAX_ENTRY_BYTES, min_len=2), 1, 2),
            "kind": Str(max_len=16, min_len=1,
                        choices=tuple(sorted(CORE_PROVABLE | provable))),
            "position": Int(1, 1_000_000),
            "reason": Str(max_len=1024),
            "seat": Int(0, 5),
        }
    )


@dataclass(frozen=True)
class Evidence:
    """One record: ``reason`` is its writer's words, unsigned (never part of a verdict)."""

    kind: str  # one of CORE_PROVABLE, or a game's provable fault
    seat: int
    position: int
    reason: str
    entries: tuple[bytes, ...]

    def encode(self) -> bytes:
        return canonical.encode(
            {
                "entries": [e.decode() for e in self.entries],
                "kind": self.kind,
                "position": self.position,
                "reason": self.reason[:1024],
                "seat": self.seat,
            }
        )


@dataclass(frozen=True)
class Checked:
    """A record checked against a log: whether it proves that its seat cheated, and the
    audit's own words for what it proves or why it proves nothing."""

    evidence: Evidence
    proven: bool
    message: str


def evidence_of(fault: PeerFault, entry: bytes, provable: Set[str]) -> Evidence | None:
    """The evidence a refused ``entry`` gives, if its fault proves anything (``provable``:
    the games' own faults that do, ``tables.PROVABLE``)."""
    kind = fault.kind
    if fault.seat is None or fault.position is None or (
        kind not in CORE_PROVABLE and kind not in provable
    ):
        return None
    evidence = getattr(fault, "evidence", None)
    if kind == FaultKind.EQUIVOCATION and evidence is not None:
        first, second = evidence
        return Evidence(kind, fault.seat, fault.position, fault.reason, (first, second))
    if kind == FaultKind.EQUIVOCATION:
        return None
    return Evidence(kind, fault.seat, fault.position, fault.reason, (entry,))


def decode_evidence(line: bytes, provable: frozenset[str]) -> Evidence:
    """One line of ``evidence.jsonl``, its kind one of the core's provable faults or
    ``provable`` (the games': ``tables.PROVABLE``); ``DecodeError`` for anything else."""
    obj = _record(provable).parse(canonical.decode(line, MAX_RECORD_BYTES), "evidence")
    entries = tuple(e.encode() for e in obj["entries"])
    kind: str = obj["kind"]  # a provable fault's: the schema checked it
    if kind == FaultKind.EQUIVOCATION and len(entries) != 2:
        raise DecodeError("evidence: an equivocation holds two entries")
    if kind != FaultKind.EQUIVOCATION and len(entries) != 1:
        raise DecodeError("evidence: a refused entry is one entry")
    return Evidence(kind, obj["seat"], obj["position"], obj["reason"], entries)


def of_game(evidence: Evidence, game_id: bytes) -> bool:
    """Whether a record's entries name the game ``game_id`` (read as plain JSON, signed
    or not): a record of another game says nothing about this one's log."""
    return any(
        (header := m.read_header(raw)) is not None and header.game == game_id
        for raw in evidence.entries
    )


def check_evidence(
    log: list[bytes], evidence: Evidence, *, open_table: OpenObserver
) -> Checked:
    """Verify ``evidence`` against the game's ``log`` (SPEC §2.3), reading the log's
    genesis with ``open_table``."""
    problem, proof = _check(log, evidence, open_table)
    if problem is not None:
        return Checked(evidence, False, problem)
    return Checked(evidence, True, proof)


def _check(
    log: list[bytes], evidence: Evidence, open_table: OpenObserver
) -> tuple[str | None, str]:
    """(why it proves nothing, or None; what it proves)."""
    try:
        table = open_table(log[0])
    except WizardError as exc:
        return f"the log's genesis does not verify: {exc}", ""
    seat, position = evidence.seat, evidence.position
    line = position + 1
    if seat >= table.seats:
        return f"no seat {seat + 1} at this table", ""
    try:
        entries = [table.decode(raw) for raw in evidence.entries]
        for entry in entries:
            m.check_entry_signature(entry, table.sign_keys[seat])
    except WizardError as exc:
        return f"an entry of the evidence does not verify as seat {seat + 1}'s: {exc}", ""
    if any(e.seat != seat or e.pos != position or e.game != table.game_id for e in entries):
        return f"an entry of the evidence is not seat {seat + 1}'s entry for line {line}", ""
    if evidence.kind == FaultKind.EQUIVOCATION:
        first, second = entries
        if first.raw == second.raw:
            return "the two entries are the same", ""
        return None, f"signed two different entries for line {line}"
    if position > len(log):
        return f"line {line} is beyond the log's end", ""
    try:
        for raw in log[1:position]:
            table.receive(raw)
    except WizardError:
        return f"the log itself does not verify before line {line}", ""
    if len(table.log) != position:
        return f"the log does not reach line {line}", ""
    try:
        table.receive(evidence.entries[0])
    except PeerFault as fault:
        if fault.seat != seat:
            return f"the entry is refused, but not as seat {seat + 1}'s fault", ""
        if fault.kind != evidence.kind:
            return f"the entry is refused as {fault.kind}, not {evidence.kind}", ""
        return None, fault.reason
    except WizardError as exc:
        return f"the entry does not decode: {exc}", ""
    return f"the entry is valid at line {line}: it proves nothing", ""


def decode_evidence_file(data: bytes, provable: frozenset[str]) -> list[Evidence]:
    """The records of an evidence file's bytes (``provable``: as :func:`decode_evidence`);
    ``DecodeError`` names the first line that is not a record."""
    records: list[Evidence] = []
    *lines, tail = data.split(b"\n")
    for number, line in enumerate([*lines, tail] if tail else lines, start=1):
        if len(line) > MAX_RECORD_BYTES or number > len(lines):
            raise DecodeError(f"line {number} is cut short or too long")
        try:
            records.append(decode_evidence(line, provable))
        except DecodeError as exc:
            raise DecodeError(f"line {number}: {exc}") from None
        if len(records) > MAX_RECORDS:
            raise DecodeError(f"more than {MAX_RECORDS} records")
    return records
