"""The one error hierarchy of wizard-p2p.

It is a leaf module: every layer, the pure rules included, may import it.

    WizardError
    ├── UsageError          our own misuse: bad configuration, bad argument, bad key press
    │   ├── ConfigError     a game set-up that cannot be honoured
    │   ├── IllegalAction   an action the rules refuse (names the rule broken)
    │   └── FileRefused     a file not read or not written as asked (names it, says why)
    │       ├── FileMissing         there is no such file
    │       ├── NotRegularFile      a folder, a device, a FIFO or a socket, not a file
    │       ├── FileTooLarge        more bytes than the file's limit (a DecodeError too)
    │       ├── FileNotPrivate      a secret file that other users may read
    │       └── WouldOverwrite      a write that would replace what it must not
    ├── DecodeError         bytes (from a file or a peer) that are not a valid message
    ├── CryptoError         a point, key, signature or commitment that does not verify
    └── PeerFault           someone else's message is at fault: names the guilty seat

The rules and the crypto raise ``IllegalAction``/``CryptoError``/``DecodeError``
without knowing who is at fault; the protocol layer, which knows the author of
every entry, wraps a fault found in another seat's entry in ``PeerFault``.

An error a person reads may carry ``said``: its sentence as a catalogue key and the
key's fields (``tui.i18n``), which the command line words in the person's language;
``str(error)`` stays the English sentence (for logs, tests and programs).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Self


@dataclass(frozen=True, init=False)
class Said:
    """A sentence for a person as data: a catalogue key and the values of its fields,
    ``Said("file_missing", what=…, path=…)``. A field whose value is itself a ``Said`` is
    worded first (a file's kind, a seat)."""

    key: str
    fields: Mapping[str, object]

    def __init__(self, key: str, /, **fields: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "fields", fields)


class WizardError(Exception):
    """Base of every error wizard-p2p raises on purpose."""

    said: Said | None = None

    def saying(self, key: str, **fields: object) -> Self:
        """This error, worded in the catalogues by ``key`` with ``fields``; for ``raise``."""
        self.said = Said(key, **fields)
        return self


class UsageError(WizardError):
    """The caller (this program or its user) asked for something invalid."""


class ConfigError(UsageError):
    """A game configuration that cannot be played (seat count, variant mix...)."""


class IllegalAction(UsageError):
    """An action the rules refuse. ``rule`` is a short stable identifier of the rule broken.

    ``seat`` names the seat whose action it was, where the rules know it.
    """

    rule: str = "illegal"

    def __init__(self, message: str, *, rule: str | None = None, seat: int | None = None) -> None:
        super().__init__(message)
        if rule is not None:
            self.rule = rule
        self.seat = seat


class DecodeError(WizardError):
    """Input bytes that do not decode to a valid message or file."""


class CryptoError(WizardError):
    """A cryptographic check failed: bad point, bad key, bad signature, bad commitment."""


class PeerFault(WizardError):
    """A fault in a message written by another seat. ``seat`` is the seat to blame."""

    def __init__(
        self,
        message: str,
        *,
        seat: int | None,
        position: int | None = None,
        kind: str = "fault",
    ) -> None:
        # Said to a person: seats count from 1 and a log position is its line (position + 1).
        where = f" at line {position + 1}" if position is not None else ""
        who = f"seat {seat + 1}" if seat is not None else "no seat"
        super().__init__(f"{who}{where}: {message}")
        self.seat = seat
        self.position = position
        self.kind = kind
        self.reason = message


class FileRefused(UsageError):
    """A file that is not read, or not written, as asked: the message is one sentence
    that names the file and says why. ``path`` is the file's path as it was given.
    A usage error: the path was given by the person running the program (or its
    configuration), and the person can choose another."""

    def __init__(self, message: str, *, path: str) -> None:
        super().__init__(message)
        self.path = path


class FileMissing(FileRefused):
    """There is no file at the path (or a folder on the way is missing)."""


class NotRegularFile(FileRefused):
    """The path names a folder, a device, a FIFO or a socket (perhaps through a symbolic
    link), which is never read as a file nor written over."""


class FileTooLarge(FileRefused, DecodeError):
    """The file holds more bytes than its limit; nothing past the limit was read.
    Also a :class:`DecodeError`: no valid file of its kind is that long."""

    def __init__(self, message: str, *, path: str, limit: int) -> None:
        super().__init__(message, path=path)
        self.limit = limit


class FileNotPrivate(FileRefused):
    """A file of secrets that users other than its owner may read or write."""


class WouldOverwrite(FileRefused):
    """A write refused because it would replace the input, something that is not a
    regular file, or an existing file nobody asked to replace."""
