"""Reading an evidence file (``evidence.jsonl``, SPEC §2.3) from disk; what its records
hold and how they are checked is ``protocol.evidence``'s."""

from __future__ import annotations

from pathlib import Path

from wizard_p2p.errors import FileMissing
from wizard_p2p.files import read_bounded
from wizard_p2p.protocol.evidence import MAX_FILE_BYTES, Evidence, decode_evidence_file
from wizard_p2p.tables import PROVABLE


def read_evidence(path: Path) -> list[Evidence]:
    """The records of an evidence file (none if there is no file); ``DecodeError`` names
    the first line that is not a record, ``FileRefused`` a path that is not a regular
    file or holds more than ``MAX_FILE_BYTES``. A record claims a fault of the core or of
    a game this program plays (``tables.PROVABLE``)."""
    try:
        data = read_bounded(path, limit=MAX_FILE_BYTES, what="evidence file")
    except FileMissing:
        return []
    return decode_evidence_file(data, PROVABLE)
