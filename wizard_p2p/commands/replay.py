"""``wizard-p2p replay LOG``: a finished (or aborted, or faulty) game stepped through in
the console with every hand shown; ``--export FILE.json`` writes the same record as
JSON (``protocol/schemas/replay.json``) instead. A log whose genesis names 巫师牌 is
replayed by ``commands.sorcery_replay``, as a watcher saw it.

The log is verified as it is read (``tables.wizard.replay``, the auditor's observer
table); a log that cannot be read at all is refused with the reason.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from wizard_p2p.commands.options import ReplayOptions
from wizard_p2p.disk.log import read_log_bytes
from wizard_p2p.errors import DecodeError, FileMissing, UsageError
from wizard_p2p.files import check_target, write_atomic
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import game_name
from wizard_p2p.protocol.log import complete_lines
from wizard_p2p.protocol.shown import shown
from wizard_p2p.tables.wizard.replay import (
    ABORTED,
    FAULT,
    FINISHED,
    INCOMPLETE,
    LIVE,
    GameRecord,
    record_to_json,
    replay_log,
)
from wizard_p2p.tui.i18n import Translator

# The record's status as the export's line says it.
_STATUS_WORDS = {FINISHED: "replay_status_finished", ABORTED: "replay_status_aborted",
                 FAULT: "replay_status_fault", INCOMPLETE: "replay_status_incomplete",
                 LIVE: "replay_status_incomplete"}


def read_lines(path: Path) -> list[bytes]:
    """The complete lines of the log at ``path``: a torn last line (a crash while writing
    it) was never sent, and is dropped. ``UsageError`` for a file that is not there."""
    try:
        data = read_log_bytes(path)
    except FileMissing:
        raise UsageError(f"no such file: {path}").saying("audit_no_file", path=str(path)) from None
    return complete_lines(data)


def is_sorcery(lines: list[bytes]) -> bool:
    """Whether the log's genesis names 巫师牌 (a line naming no game is read as Wizard's,
    whose reading says what is wrong with it)."""
    try:
        return bool(lines) and game_name(lines[0]) == GameName.SORCERY
    except DecodeError:
        return False


def read_record(path: Path) -> GameRecord:
    """The game record of the log at ``path``; ``UsageError`` says why there is none."""
    lines = read_lines(path)
    try:
        # Every complete line is judged as the audit judges it.
        return replay_log(lines)
    except DecodeError as exc:
        raise UsageError(f"cannot replay {path}: {exc}").saying(
            "error_cannot_replay", path=str(path), why=exc.said or str(exc)) from None


def export_record(record: GameRecord, target: Path, *, force: bool = False) -> None:
    """Write ``record`` to ``target`` atomically; an existing file only with ``force``."""
    text = json.dumps(record_to_json(record), indent=2, ensure_ascii=False) + "\n"
    try:
        write_atomic(target, text.encode("utf-8"), mode=0o644, replace=force)
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror}").saying(
            "error_cannot_write", path=str(target), why=exc.strerror) from None


def replay(options: ReplayOptions) -> int:
    force, export = options.force, options.export
    if export is not None:  # before the work: never over the log, a device, a file
        check_target(export, what="export", force=force, inputs=[options.log])
    lines = read_lines(options.log)
    if is_sorcery(lines):
        from wizard_p2p.commands.sorcery_replay import replay_sorcery

        return replay_sorcery(lines, options)
    record = read_record(options.log)
    if export is not None:
        export_record(record, export, force=force)
        tr = Translator(options.lang)
        message = tr.say(record.said) if record.said is not None else shown(record.message)
        print(tr("replay_exported", path=export, rounds=len(record.rounds),
                 status=tr(_STATUS_WORDS[record.status]), message=message))
        return 1 if record.fault is not None else 0
    from wizard_p2p.tui.replay_screen import run_replay

    if not sys.stdout.isatty():
        raise UsageError(
            "the replay needs a terminal; use --export FILE.json to write it out"
        ).saying("error_no_terminal_replay")
    run_replay(record, lang=options.lang)
    return 1 if record.fault is not None else 0
