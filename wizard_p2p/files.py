"""Files read and written by one set of rules: bounded reads, atomic writes.

Reading. Every file the program reads from a person or a peer — a log, an evidence
file, a key file, a seat record, a card file — is read by :func:`read_bounded`: it is
opened without blocking (a FIFO nobody writes does not hang it), the open descriptor is
checked to be a regular file (a folder, a device such as ``/dev/zero``, a FIFO or a
socket is refused, also behind a symbolic link; there is no gap between a check and the
open), and it is read in chunks up to its limit, never past it. A refusal is a
:class:`~wizard_p2p.errors.FileRefused` whose message is one sentence for a person.

Writing. Everything kept on disk — identities, transport keys, seat records, logs,
exports — is written the same way: a temporary file in the same directory, fsynced,
renamed over the target (or linked to it, where nothing may be replaced), and the
directory fsynced so that the rename itself is durable. A crash leaves the old file or
the new one, never a mix; a temporary left behind by a crash is named
``.<name>.<pid>.<random>.tmp``. :func:`check_target` refuses a target a person would
lose by accident.

It sits just above the error hierarchy and imports nothing else of ours, so every layer
may use it.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from wizard_p2p.errors import (
    FileMissing,
    FileNotPrivate,
    FileRefused,
    FileTooLarge,
    NotRegularFile,
    Said,
    WouldOverwrite,
)

CHUNK_BYTES = 64 * 1024  # one read; the file's limit bounds the whole

_KINDS = (
    (stat.S_ISDIR, "a folder", "folder"),
    (stat.S_ISFIFO, "a FIFO (a named pipe)", "fifo"),
    (stat.S_ISCHR, "a device", "device"),
    (stat.S_ISBLK, "a device", "device"),
    (stat.S_ISSOCK, "a socket", "socket"),
    (stat.S_ISLNK, "a symbolic link", "link"),
)


def _kind(mode: int) -> str:
    return next((name for test, name, _ in _KINDS if test(mode)), "not a regular file")


def _kind_said(mode: int) -> Said:
    """What is at a path, for a person's text in their language."""
    return Said("file_kind_" + next((word for test, _, word in _KINDS if test(mode)), "other"))


def what_said(what: str) -> Said:
    """The name of a file's part (``what``: "log", "evidence file"…) for a person's text:
    its catalogue key is ``file_what_`` and the words joined by ``_``."""
    return Said("file_what_" + "_".join(what.split()))


def _size(count: int) -> str:
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= scale and count % scale == 0:
            return f"{count // scale} {unit}"
    return f"{count} bytes"


def read_bounded(
    path: str | os.PathLike[str],
    *,
    limit: int,
    what: str,
    follow_symlinks: bool = True,
    private: bool = False,
) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    ``what`` names the file for a person ("log", "evidence file", "identity key").
    Raises :class:`FileMissing` if there is no file; :class:`NotRegularFile` for a
    folder, device, FIFO or socket (or a symbolic link at all, unless
    ``follow_symlinks``); :class:`FileTooLarge` for a file longer than ``limit``,
    read no further than ``limit + 1`` bytes; :class:`FileNotPrivate` if ``private``
    and other users may read or write it; :class:`FileRefused` when the system
    refuses to read it (permissions, an I/O error). Never blocks on a FIFO or a
    device: the file is opened with ``O_NONBLOCK`` and its descriptor checked before
    any read.
    """
    if limit < 0:
        raise ValueError("a file's limit is not negative")
    name = os.fspath(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise FileMissing(f"there is no {what} at {name}", path=name).saying(
            "file_missing", what=what_said(what), path=name) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP and not follow_symlinks:
            raise NotRegularFile(
                f"the {what} {name} is a symbolic link; it is read only as a regular file",
                path=name,
            ).saying("file_symlink", what=what_said(what), path=name) from None
        if exc.errno == errno.ENXIO:  # a socket, or a device with nothing behind it
            raise NotRegularFile(
                f"the {what} {name} is a socket or a device, not a regular file", path=name
            ).saying("file_socket_or_device", what=what_said(what), path=name) from None
        raise FileRefused(f"cannot read the {what} {name}: {exc.strerror}", path=name).saying(
            "file_cannot_read", what=what_said(what), path=name, why=exc.strerror) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(
                f"the {what} {name} is {_kind(info.st_mode)}, not a regular file", path=name
            ).saying("file_not_regular", what=what_said(what), path=name,
                     kind=_kind_said(info.st_mode))
        if private and os.name == "posix" and info.st_mode & 0o077:
            raise FileNotPrivate(
                f"the {what} {name} is open to other users (mode "
                f"{stat.S_IMODE(info.st_mode):04o}); fix it with: chmod 600 {name}",
                path=name,
            ).saying("file_not_private", what=what_said(what), path=name,
                     mode=f"{stat.S_IMODE(info.st_mode):04o}")
        too_large = FileTooLarge(
            f"the {what} {name} is larger than its limit of {_size(limit)}", path=name, limit=limit
        ).saying("file_too_large", what=what_said(what), path=name, limit=_size(limit))
        if info.st_size > limit:
            raise too_large
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            try:
                chunk = os.read(fd, min(CHUNK_BYTES, limit + 1 - total))
            except BlockingIOError:
                chunk = b""  # never for a regular file; as good as its end
            except OSError as exc:
                raise FileRefused(
                    f"cannot read the {what} {name}: {exc.strerror}", path=name
                ).saying("file_cannot_read", what=what_said(what), path=name,
                         why=exc.strerror) from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise too_large  # it grew while it was read
        return b"".join(chunks)
    finally:
        os.close(fd)


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether two paths name one file (through links too); False if either is missing."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def check_target(
    path: str | os.PathLike[str],
    *,
    what: str,
    force: bool = False,
    inputs: Iterable[str | os.PathLike[str]] = (),
) -> None:
    """Refuse to write ``path`` where a person would lose something by accident.

    :class:`WouldOverwrite` if ``path`` is one of ``inputs`` (even with ``force``), if
    it is anything but a regular file — a folder, a device, a FIFO, a socket or a
    symbolic link (even with ``force``) — or if it exists and ``force`` is not set.
    """
    name = os.fspath(path)
    for source in inputs:
        if same_file(name, source) or os.path.abspath(name) == os.path.abspath(source):
            raise WouldOverwrite(
                f"the {what} {name} is the file being read; choose another path", path=name
            ).saying("file_is_input", what=what_said(what), path=name)
    try:
        info = os.lstat(name)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise FileRefused(f"cannot write the {what} {name}: {exc.strerror}", path=name).saying(
            "file_cannot_write", what=what_said(what), path=name, why=exc.strerror) from None
    if not stat.S_ISREG(info.st_mode):
        raise WouldOverwrite(
            f"the {what} {name} is {_kind(info.st_mode)}; it is never written over", path=name
        ).saying("file_never_over", what=what_said(what), path=name,
                 kind=_kind_said(info.st_mode))
    if not force:
        raise WouldOverwrite(
            f"the {what} {name} exists; use --force to replace it", path=name
        ).saying("file_exists_force", what=what_said(what), path=name)


def write_atomic(path: Path, data: bytes, mode: int = 0o600, *, replace: bool = True) -> None:
    """Replace ``path`` with ``data``; the new file has ``mode`` from its first byte.

    With ``replace=False`` the file is only created: :class:`WouldOverwrite` if
    something is at ``path`` already, also when it appears while this writes.
    """
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    tmp = directory / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        if replace:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_directory(directory)


def _link_new(tmp: Path, path: Path) -> None:
    """Give ``tmp`` the name ``path`` only if nothing holds that name (then drop ``tmp``)."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise WouldOverwrite(f"{path} exists; it is not replaced", path=str(path)).saying(
            "file_exists", path=str(path)) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        # A file system without hard links: the check and the rename are two steps.
        if os.path.lexists(path):
            raise WouldOverwrite(f"{path} exists; it is not replaced", path=str(path)).saying(
            "file_exists", path=str(path)) from None
        os.replace(tmp, path)
        return
    tmp.unlink()


def fsync_directory(directory: Path) -> None:
    """Make a rename or a new file in ``directory`` durable (where the platform allows)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return  # not possible on every platform; the file itself is synced
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
