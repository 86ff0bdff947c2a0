"""Watching a LAN game: every seat and every watcher its own ``wizard-p2p`` OS process.

Everything runs on 127.0.0.1. A headless host run with ``--admit-watchers`` and two
bots play; mid-game (a bot held stopped while the watchers come in), two
``wizard-p2p watch --headless`` processes are admitted and catch up from the players;
one leaves (Ctrl-C: it says bye and the host drops it), which changes nothing: the
game finishes, and the one that stayed printed every trick and the final pad and
saved a verified log byte-identical to the players'. A headless host run without the
option refuses a watcher, and the watcher says why.

Nothing sleeps to synchronise: the tests wait for observable conditions (a line on a
process's stdout, an entry in a seat's log file, a process exit) against deadlines.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

from tests.test_node_multiprocess import (
    PATIENT_STALL,
    LanGame,
    LogWatcher,
    Proc,
    assert_complete_and_identical,
    lan_games,
    wait_until,
)
from wizard_p2p.audit import audit_file

__all__ = ["lan_games"]  # the fixture, used here

DEADLINE = 60.0


def start_watcher(table: LanGame, name: str, *, save: Path | None = None) -> Proc:
    data_dir = table.workdir / f"watcher-{name}"
    return Proc(f"watcher-{name}", [
        "watch", table.address, "--code", table.code, "--headless", "--name", name,
        "--data-dir", str(data_dir), "--listen", "127.0.0.1", *table.timers[:2],
        *(["--save", str(save)] if save is not None else []),
    ], table.workdir)


@contextlib.contextmanager
def stopped(proc: Proc) -> Iterator[None]:
    """``proc`` held stopped (SIGSTOP) meanwhile: the game waits for that seat."""
    os.kill(proc.popen.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(proc.popen.pid, signal.SIGCONT)


def says(proc: Proc, text: str) -> Callable[[], bool]:
    def check() -> bool:
        if text in proc.stdout():
            return True
        if not proc.alive():
            raise AssertionError(f"{proc.name} exited without saying {text!r}\n{proc.describe()}")
        return False

    return check


def test_a_watcher_joins_mid_game_and_follows_it_to_the_end(
    lan_games: Callable[..., LanGame],
) -> None:
    table = lan_games(3, stall_limit=PATIENT_STALL, host_args=("--admit-watchers",))
    host, bot = table.by_seat[0], table.by_seat[2]
    log = LogWatcher(host.log_path())
    # Mid-game: the first round is dealt and under way.
    wait_until(lambda: len(log.poll()) >= 30, DEADLINE, "the game to be under way")
    saved = table.workdir / "watched.jsonl"
    with stopped(bot.proc):
        under_way = len(log.poll())
        screen = start_watcher(table, "Screen", save=saved)
        leaver = start_watcher(table, "Leaver")
        for name, watcher in (("Screen", screen), ("Leaver", leaver)):
            wait_until(says(watcher, "admitted"), DEADLINE, f"{name} to be admitted")
            wait_until(says(host.proc, f"watchers: {name} watches"), DEADLINE,
                       f"the host to list {name}")
        # One leaves as a person would (Ctrl-C): it says bye, and the host drops it.
        os.kill(leaver.popen.pid, signal.SIGINT)
        leaver.wait(DEADLINE)
        wait_until(says(host.proc, "watchers: Leaver stopped watching"), DEADLINE,
                   "the host to drop the one that left")
    codes = table.wait_all(DEADLINE)
    players_log = assert_complete_and_identical(table, codes)
    assert screen.wait(DEADLINE) == 0, screen.describe()
    out = screen.stdout()
    # It joined after entry `under_way` and caught up from the players.
    assert under_way > 1
    assert "round 1 trick 1: " in out and f"round {60 // table.n} scored: " in out
    assert "winner(s): " in out and "game over: verified" in out
    assert "refused" not in out, out
    assert saved.read_bytes() == players_log
    assert audit_file(saved).status == "verified"
    for number in (0, 1, 2):
        assert "Traceback" not in table.by_seat[number].proc.stderr()


def test_a_host_without_admit_watchers_refuses_a_watcher(
    lan_games: Callable[..., LanGame],
) -> None:
    table = lan_games(3, stall_limit=PATIENT_STALL)
    with stopped(table.by_seat[2].proc):  # the game waits meanwhile: its gate stays open
        watcher = start_watcher(table, "Nosy")
        assert watcher.wait(DEADLINE) == 2, watcher.describe()
    assert re.search(r"the host refused: this host admits no watchers", watcher.stderr())
    assert "watchers:" not in table.by_seat[0].proc.stdout()
