"""What a seat keeps of the faults it sees in others' messages.

Every refused entry's reason is kept for the console and the tests (the latest
``MAX_FAULTS_KEPT``) and logged sparingly; a signed entry that proves a seat cheated is
kept on disk (``evidence.jsonl``) and the seat is named as proven.
"""

from __future__ import annotations

import collections
import logging

from wizard_p2p.errors import PeerFault
from wizard_p2p.node.evidence_file import FILE_NAME as EVIDENCE_FILE
from wizard_p2p.node.evidence_file import EvidenceFile
from wizard_p2p.node.store import GameStore
from wizard_p2p.protocol.evidence import evidence_of
from wizard_p2p.tables import PROVABLE

__all__ = ["LOG_FIRST_REFUSALS", "MAX_FAULTS_KEPT", "Faults"]

_log = logging.getLogger(__name__)

MAX_FAULTS_KEPT = 100
# The refusals of each sender's that are logged before only one in a thousand is.
LOG_FIRST_REFUSALS = 5


class Faults:
    def __init__(self, store: GameStore, seats: int) -> None:
        # The latest faults seen in others' messages.
        self.seen: collections.deque[str] = collections.deque(maxlen=MAX_FAULTS_KEPT)
        self._refusals: dict[int | None, int] = {}  # refused entries, by sending seat
        self._control_refusals: dict[int | None, int] = {}  # by sending seat
        self._evidence = EvidenceFile(store.path / EVIDENCE_FILE)
        # The seats proven to have cheated (evidence kept on disk): seat → how.
        self.proven: dict[int, str] = {
            e.seat: e.reason for e in self._evidence.records if e.seat < seats
        }

    def refused(self, sender: int | None, position: int, fault: str) -> None:
        """Keep a refused entry's reason; the log gets the first few of each sender's, then
        one in a thousand: a peer that repeats a fault cannot flood it."""
        self.seen.append(fault)
        count = _counted(self._refusals, sender)
        if count is not None:
            _log.warning("rejected entry %d from seat %s: %s (refusal #%d of that seat)",
                         position, sender, fault, count)

    def control_refused(self, sender: int | None, fault: str) -> None:
        """Like ``refused``, for a control message: logged a few times per sender."""
        self.seen.append(fault)
        count = _counted(self._control_refusals, sender)
        if count is not None:
            _log.warning("%s (refusal #%d of that seat)", fault[:300], count)

    def keep_evidence(self, fault: PeerFault, entry: bytes) -> None:
        """A signed entry that proves a seat cheated is kept on disk, and shown."""
        evidence = evidence_of(fault, entry, PROVABLE)
        if evidence is None:
            return
        try:
            kept = self._evidence.add(evidence)
        except OSError as exc:
            _log.error("could not write the evidence of seat %d's fault: %s", fault.seat, exc)
            return
        if kept:
            self.proven.setdefault(evidence.seat, fault.reason)
            _log.warning("kept evidence of seat %d's %s at %d", fault.seat, fault.kind,
                         fault.position)


def _counted(counts: dict[int | None, int], sender: int | None) -> int | None:
    """Count one more refusal of ``sender``'s; its number when it is to be logged (the
    first few, then one in a thousand), else None."""
    count = counts[sender] = counts.get(sender, 0) + 1
    return count if count <= LOG_FIRST_REFUSALS or count % 1000 == 0 else None
