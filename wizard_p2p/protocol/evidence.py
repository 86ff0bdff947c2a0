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

from dataclasses import dataclass
from pathlib import Path

from wizard_p2p import canonical
from wizard_p2p.errors import DecodeError, FileMissing, PeerFault, WizardError
from wizard_p2p.files import read_bounded
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.schema import Int, List, Obj, Str
from wizard_p2p.protocol.table import Table

EQUIVOCATION = "equivocation"
FILE_NAME = "evidence.jsonl"
MAX_RECORD_BYTES = 2 * m.MAX_ENTRY_BYTES + 4096
MAX_RECORDS = 64  # a file holds the first proofs; one is enough to name a seat
# The largest evidence file read: its records, each of the largest size, and a line end.
MAX_FILE_BYTES = MAX_RECORDS * (MAX_RECORD_BYTES + 1)

# Faults kept as no evidence: no proof against the seat an entry names (its signature
# does not verify, it does not chain to our log, the game has ended), or an entry that
# does not decode (its author is named in the log's audit, but a record holds entries).
NOT_PROOF = frozenset(
    {"bad-signature", "fork", "after-end", "replay", "gap", "duplicate", "malformed"}
)

_RECORD = Obj(
    {
        "entries": List(Str(max_len=m.MAX_ENTRY_BYTES, min_len=2), 1, 2),
        "kind": Str(max_len=64, min_len=1),
        "position": Int(1),
        "reason": Str(max_len=1024),
        "seat": Int(0, 5),
    }
)


@dataclass(frozen=True)
class Evidence:
    kind: str
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


def evidence_of(fault: PeerFault, entry: bytes) -> Evidence | None:
    """The evidence a refused ``entry`` gives, if its fault proves anything."""
    if fault.seat is None or fault.position is None or fault.kind in NOT_PROOF:
        return None
    evidence = getattr(fault, "evidence", None)
    if fault.kind == EQUIVOCATION and evidence is not None:
        first, second = evidence
        return Evidence(EQUIVOCATION, fault.seat, fault.position, fault.reason, (first, second))
    return Evidence(fault.kind, fault.seat, fault.position, fault.reason, (entry,))


def decode_evidence(line: bytes) -> Evidence:
    """One line of ``evidence.jsonl``; ``DecodeError`` for anything else."""
    obj = _RECORD.parse(canonical.decode(line, MAX_RECORD_BYTES), "evidence")
    entries = tuple(e.encode() for e in obj["entries"])
    if obj["kind"] == EQUIVOCATION and len(entries) != 2:
        raise DecodeError("evidence: an equivocation holds two entries")
    if obj["kind"] != EQUIVOCATION and len(entries) != 1:
        raise DecodeError("evidence: a refused entry is one entry")
    return Evidence(obj["kind"], obj["seat"], obj["position"], obj["reason"], entries)


def check_evidence(log: list[bytes], evidence: Evidence) -> str | None:
    """Verify ``evidence`` against the game's ``log``: ``None`` if it proves that its
    seat cheated, else why it does not."""
    try:
        table = Table(log[0])
    except WizardError as exc:
        return f"the log's genesis does not verify: {exc}"
    seat, position = evidence.seat, evidence.position
    if seat >= table.seats:
        return f"no seat {seat} at this table"
    try:
        entries = [m.decode_entry(raw) for raw in evidence.entries]
        for entry in entries:
            m.check_entry_signature(entry, table.sign_keys[seat])
    except WizardError as exc:
        return f"an entry of the evidence does not verify as seat {seat}'s: {exc}"
    if any(e.seat != seat or e.pos != position or e.game != table.game_id for e in entries):
        return "an entry of the evidence is not this seat's entry for this position and game"
    if evidence.kind == EQUIVOCATION:
        first, second = entries
        return None if first.raw != second.raw else "the two entries are the same"
    if position > len(log):
        return f"position {position} is beyond the log's end"
    try:
        for raw in log[1:position]:
            table.receive(raw)
    except WizardError as exc:
        return f"the log itself does not verify before position {position}: {exc}"
    if len(table.log) != position:
        return f"the log does not reach position {position}"
    try:
        table.receive(evidence.entries[0])
    except PeerFault as fault:
        if fault.seat == seat:
            return None
        return f"the entry is refused, but the fault is not seat {seat}'s: {fault}"
    except WizardError as exc:
        return f"the entry does not decode: {exc}"
    return "the entry is valid at that position: it proves nothing"


def read_evidence(path: Path) -> list[Evidence]:
    """The records of an evidence file (none if there is no file); ``DecodeError`` names
    the first line that is not a record, ``FileRefused`` a path that is not a regular
    file or holds more than ``MAX_FILE_BYTES``."""
    try:
        data = read_bounded(path, limit=MAX_FILE_BYTES, what="evidence file")
    except FileMissing:
        return []
    records: list[Evidence] = []
    *lines, tail = data.split(b"\n")
    for number, line in enumerate([*lines, tail] if tail else lines, start=1):
        if len(line) > MAX_RECORD_BYTES or number > len(lines):
            raise DecodeError(f"{path}: line {number} is cut short or too long")
        try:
            records.append(decode_evidence(line))
        except DecodeError as exc:
            raise DecodeError(f"{path}: line {number}: {exc}") from None
        if len(records) > MAX_RECORDS:
            raise DecodeError(f"{path}: more than {MAX_RECORDS} records")
    return records
