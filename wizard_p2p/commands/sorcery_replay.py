"""``wizard-p2p replay LOG`` of a game of 巫师牌 (its genesis names the game): the log read
as the audit reads it, with the card file it was played with (``--cards FILE`` or the
imported copy), each move kept with the watcher's game right after it, then stepped
through in the console (``tui.sorcery_replay``).

The watcher's game is the table's observer replica's (``public_view``): it holds no face
the log did not open to both players. A log that stops at a fault is replayed up to the
line before it, and the fault is said.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p.commands.options import ReplayOptions
from wizard_p2p.commands.sorcery_cards import card_library
from wizard_p2p.errors import Said, UsageError
from wizard_p2p.protocol.shown import shown
from wizard_p2p.protocol.table import Table
from wizard_p2p.protocol.verdict import UNREADABLE, LogReader, Stop
from wizard_p2p.tables import CardLibrary, open_table
from wizard_p2p.tables.sorcery.table_replica import SorceryTableReplica
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_replay import ReplayStep

__all__ = ["SorceryRecord", "read_sorcery_record", "replay_sorcery"]


@dataclass(frozen=True)
class SorceryRecord:
    """A logged game of 巫师牌 as a watcher saw it: the players' names, every move with
    the table after it, and how the log ends (its outcome, or the first fault)."""

    names: tuple[str, ...]
    steps: tuple[ReplayStep, ...]
    ending: Said
    fault: Stop | None


def read_sorcery_record(lines: list[bytes], cards: CardLibrary | None, *,
                        path: Path) -> SorceryRecord:
    """The record of the 巫师牌 log ``lines`` (from ``path``); a log that cannot be read
    (no card file, another card file, not a log) is a ``UsageError`` saying why."""

    def observer(genesis: bytes, *, replay_every_pass: bool = False) -> Table:
        return open_table(genesis, replay_every_pass=replay_every_pass, cards=cards)

    opened = LogReader.start(lines, open_table=observer)
    if isinstance(opened, Stop):
        raise _unreadable(path, opened)
    table = opened.table
    replica = table.replica
    if not isinstance(replica, SorceryTableReplica):
        raise UsageError(f"cannot replay {path}: it is no game of 巫师牌").saying(
            "error_cannot_replay", path=str(path), why=Said("sorcery_replay_not_sorcery"))
    names = tuple(shown(name) for name in table.names)
    steps: list[ReplayStep] = []
    fault: Stop | None = None
    for position, raw in enumerate(lines[1:], start=1):
        seen = len(replica.acted)
        stop = opened.check(position, raw)
        if stop is not None and stop.status == UNREADABLE:
            raise _unreadable(path, stop)
        if stop is not None:
            fault = stop
            break
        game = replica.public_view()
        for acted in replica.acted[seen:]:
            assert game is not None  # an act is taken into a game under way
            steps.append(ReplayStep(position + 1, acted.seat, acted.action, game.copy()))
    return SorceryRecord(names, tuple(steps), _ending(replica, names, fault), fault)


def _unreadable(path: Path, stop: Stop) -> UsageError:
    return UsageError(f"cannot replay {path}: {stop.reason}").saying(
        "error_cannot_replay", path=str(path), why=stop.said or stop.reason)


def _ending(replica: SorceryTableReplica, names: tuple[str, ...], fault: Stop | None) -> Said:
    if fault is not None:
        line = (fault.position or 0) + 1
        return Said("sorcery_replay_fault", line=line, why=fault.reason)
    outcome = replica.outcome
    if outcome is None:
        return Said("sorcery_net_unfinished")
    why = Said(f"sorcery_end_{outcome.reason.value.replace('-', '_')}", turn=outcome.turn)
    if outcome.winner is None:
        return Said("sorcery_replay_draw", why=why)
    return Said("sorcery_replay_won", name=names[outcome.winner], n=outcome.winner + 1, why=why)


def replay_sorcery(lines: list[bytes], options: ReplayOptions) -> int:
    """Step through the 巫师牌 log in the console; exit 1 when the log holds a fault."""
    if options.export is not None:
        raise UsageError("--export writes a game of Wizard; a game of 巫师牌 is replayed in "
                         "the console").saying("error_sorcery_replay_export")
    record = read_sorcery_record(lines, card_library(options.cards, options.data_dir),
                                 path=options.log)
    if not sys.stdout.isatty():
        raise UsageError("the replay needs a terminal").saying("error_sorcery_replay_terminal")
    from wizard_p2p.tui.sorcery_replay import run_sorcery_replay

    tr = Translator(options.lang)
    run_sorcery_replay(record.steps, record.names, tr.say(record.ending), options.lang)
    return 1 if record.fault is not None else 0
