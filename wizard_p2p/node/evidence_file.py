"""``evidence.jsonl`` beside a seat's log: the proofs of cheating it received.

Rewritten whole and atomically at each new record (it holds at most
``MAX_RECORDS``), so a crash leaves the old file or the new one, never half a line.
"""

from __future__ import annotations

import logging
from pathlib import Path

from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.errors import DecodeError, FileRefused
from wizard_p2p.files import write_atomic
from wizard_p2p.protocol.evidence import FILE_NAME, MAX_RECORDS, Evidence

__all__ = ["FILE_NAME", "EvidenceFile"]

_log = logging.getLogger(__name__)


class EvidenceFile:
    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.records = read_evidence(path)
        except (DecodeError, FileRefused, OSError) as exc:
            # Our own file: damaged, it is set aside rather than lost or trusted.
            _log.error("evidence file unreadable (%s); kept as %s.damaged", exc, path.name)
            path.replace(path.with_name(path.name + ".damaged"))
            self.records = []

    def add(self, evidence: Evidence) -> bool:
        """Keep ``evidence`` on disk; False if it is already kept or the file is full."""
        if evidence in self.records or len(self.records) >= MAX_RECORDS:
            return False
        self.records.append(evidence)
        write_atomic(self.path, b"".join(r.encode() + b"\n" for r in self.records), mode=0o644)
        return True
