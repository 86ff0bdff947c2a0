"""``play``'s game on loopback: its options checked, its ports and code chosen, its bots started.

The standard library and the pure rules only: ``play`` calls this before it
imports the node, so that bots spawned as new interpreters import side by side
with it (see ``bot_processes``).
"""

from __future__ import annotations

import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p.commands.bot_processes import BotMain, BotProcess, start_local_bots
from wizard_p2p.commands.options import PlayOptions
from wizard_p2p.errors import UsageError
from wizard_p2p.files import check_target
from wizard_p2p.node.invite import new_invite_code
from wizard_p2p.ports import reserve_port
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.bodies import MAX_SERIES_GAMES

LOOPBACK = "127.0.0.1"
"""Where ``play``'s game listens: this machine alone."""

PRACTICE_TRICK_PAUSE = 1.0
"""Seconds ``play``'s bots wait before leading the next trick while a person plays: the
trick just finished stays a moment on the screen (``--trick-pause`` changes it)."""


@dataclass
class LocalGame:
    """A ``play`` game on loopback whose bots are already starting: the host's lobby
    port, its mesh port and its invite code, chosen before they started."""

    config: GameConfig
    out: Path
    code: str
    processes: list[BotProcess]
    port: int
    mesh_port: int

    def stop_bots(self, *, finished: bool) -> None:
        """Wait for the bots; a game that did not finish has nobody left to play for."""
        for process in self.processes:
            if not finished:
                process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def start_local_game(options: PlayOptions, *, fork: BotMain | None = None) -> LocalGame:
    """Check ``play``'s options, choose the lobby's ports (on :data:`LOOPBACK`) and code,
    start the bots (forked from this process to run ``fork``: :func:`start_local_bots`)."""
    config = GameConfig.with_variants(options.seats, list(options.variants))
    headless = options.seat.net.headless
    needed = config.seats - (0 if headless else 1)
    if (options.bots if options.bots is not None else needed) != needed:
        raise UsageError(
            f"{config.seats} seats need {config.seats - 1} bots with you, or {config.seats} "
            "with --headless"
        ).saying("error_bots", seats=config.seats, with_you=config.seats - 1)
    if options.out is not None:
        check_copy_targets(options.out, config.seats, force=options.force)
    out = options.out or Path(tempfile.mkdtemp(prefix="wizard-p2p-"))
    out.mkdir(parents=True, exist_ok=True)
    port = reserve_port()
    mesh_port = reserve_port()
    code = new_invite_code()
    pause = options.seat.trick_pause
    if pause is None:
        pause = 0.0 if headless else PRACTICE_TRICK_PAUSE
    processes = start_local_bots(
        config.seats - 1, port, code, policy=options.seat.policy, out=out,
        trace=options.seat.trace, fork=fork, trick_pause=pause,
        # A person may ask for another game at each game over (n): the bots stay for it.
        games=options.seat.games if headless else MAX_SERIES_GAMES,
    )
    return LocalGame(config, out, code, processes, port, mesh_port)


def copy_targets(out: Path, seats: int) -> list[Path]:
    """Where ``--out`` puts every seat's log (``seat-<n>.jsonl``) and the one evidence
    file beside them."""
    # Imported here: the protocol is not needed before the bots start, except for --out.
    from wizard_p2p.protocol.evidence import FILE_NAME as EVIDENCE_FILE

    return [out / f"seat-{i}.jsonl" for i in range(seats)] + [out / EVIDENCE_FILE]


def check_copy_targets(out: Path, seats: int, *, force: bool) -> None:
    """Refuse, before the game starts, to copy the logs over anything in ``out`` a person
    would lose: a file (unless ``force``), or what is not a regular file (a symbolic
    link, a FIFO, a folder: never, even with ``force``)."""
    for target in copy_targets(out, seats):
        check_target(target, what="log copy" if target.name.startswith("seat-")
                     else "evidence file", force=force)
