"""The game log's bytes: JSON Lines, one entry per line (SPEC §2).

Each line is the exact entry bytes that were signed and sent. A crash can leave at
most a torn last line (no newline), which is dropped: a torn line was never
completed, so never sent. Reading and appending the file is ``disk.log``'s; this
module only splits bytes into lines.
"""

from __future__ import annotations

from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.messages import MAX_ENTRY_BYTES

# The largest log file read (SPEC §2): every game's log fits in it many times over.
MAX_LOG_BYTES = 16 << 20


def complete_lines(data: bytes) -> list[bytes]:
    """The complete lines of a log file's bytes, as they are (the audit judges each)."""
    return data.split(b"\n")[:-1]  # the part after the last newline is empty or torn


def split_log(data: bytes, name: str = "log") -> list[bytes]:
    """The complete lines of a log file's bytes; :class:`DecodeError` for an empty or
    oversized line. The entries themselves are decoded by whoever reads them."""
    complete = complete_lines(data)
    for number, line in enumerate(complete, start=1):
        if not line:
            raise DecodeError(f"{name}: line {number} is empty")
        if len(line) > MAX_ENTRY_BYTES:
            raise DecodeError(f"{name}: line {number} exceeds {MAX_ENTRY_BYTES} bytes")
    return complete
