"""``play``'s bots: every bot is its own OS process, spawned or forked.

Where this process can fork (Linux, one thread), ``play`` imports the node first
and forks its bots from it, so that they start with everything imported rather
than each importing it again while the game starts. Elsewhere each bot is a new
interpreter, started before this process imports the rest, so that they import
side by side. The standard library only.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from wizard_p2p.ports import close_inherited

BotMain = Callable[[Sequence[str]], int]
"""What a forked bot runs: the command line's ``main``, given the bot's arguments."""


class BotProcess(Protocol):
    """A started bot: a spawned interpreter (:class:`subprocess.Popen`) or a fork."""

    @property
    def returncode(self) -> int | None: ...

    def terminate(self) -> None: ...

    def kill(self) -> None: ...

    def wait(self, timeout: float | None = None) -> int: ...


class ForkedBot:
    """A bot forked from this process, with the part of ``Popen``'s interface we use."""

    def __init__(self, main: BotMain, argv: list[str]) -> None:
        context = multiprocessing.get_context("fork")
        # The child inherits the ports this process holds (wizard_p2p.ports) and gives
        # them up at once. The pipe reads end-of-file once the child has closed its end,
        # after the ports: see given_up_ports.
        ready_read, ready_write = os.pipe()
        try:
            # daemon: should this process end without waiting for it, its bot ends too.
            self._process = context.Process(
                target=_run_forked_bot,
                args=(main, argv, ready_read, ready_write),
                daemon=True,
            )
            self._process.start()
        except BaseException:
            os.close(ready_read)
            raise
        finally:
            os.close(ready_write)
        self._ready: int | None = ready_read

    def given_up_ports(self) -> None:
        """Wait until the child has closed its copies of the ports this process holds
        (at once, before anything else): a port this process then releases is free."""
        if self._ready is not None:
            try:
                os.read(self._ready, 1)
            finally:
                os.close(self._ready)
                self._ready = None

    @property
    def returncode(self) -> int | None:
        return self._process.exitcode

    def terminate(self) -> None:
        self._process.terminate()

    def kill(self) -> None:
        self._process.kill()

    def wait(self, timeout: float | None = None) -> int:
        self.given_up_ports()
        self._process.join(timeout)
        code = self._process.exitcode
        if code is None:
            raise subprocess.TimeoutExpired(f"bot {self._process.pid}", timeout or 0.0)
        return code


def _run_forked_bot(main: BotMain, argv: list[str], ready_read: int, ready_write: int) -> None:
    """In the forked bot: what ``python -m wizard_p2p bot …`` would do."""
    close_inherited()  # our copies: the parent's listeners must be able to take the ports
    os.close(ready_read)
    os.close(ready_write)  # the parent goes on
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # a spawned bot's output goes to /dev/null too
    os.close(devnull)
    raise SystemExit(main(argv))  # the exit code, as the spawned bot's


def can_fork_bots() -> bool:
    """Whether bots can be forked from this process now: on Linux, with one thread.

    A thread (ZeroMQ's, an executor's) would be copied without its state in a fork.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


def start_local_bots(
    count: int, port: int, code: str, *, policy: str, out: Path, trace: Path | None,
    fork: BotMain | None = None, trick_pause: float = 0.0, games: int = 1,
) -> list[BotProcess]:
    """Start ``count`` bot processes that join the lobby at ``127.0.0.1:port``.

    ``fork``: fork them from this process to run that entry point (see
    :func:`can_fork_bots`) rather than start new interpreters. The lobby need not be
    open yet: a bot's lobby socket keeps dialling until it is.
    """
    processes: list[BotProcess] = []
    for i in range(1, count + 1):
        argv = [
            "bot", f"127.0.0.1:{port}",
            "--code", code, "--name", f"Bot {i}", "--policy", str(policy),
            "--data-dir", str(out / f"seat-{i}"), "--listen", "127.0.0.1", "--quiet",
            "--join-timeout", "30",  # the host may still be importing
            "--trick-pause", repr(trick_pause),
            "--games", str(games),  # they ask for a seat at each next game, as joiners do
        ]
        if trace:
            argv += ["--trace", str(trace.with_suffix(f".seat{i}.json"))]
        if fork is not None:
            processes.append(ForkedBot(fork, argv))
        else:
            processes.append(
                subprocess.Popen(
                    [sys.executable, "-m", "wizard_p2p", *argv],
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                )
            )
    # Forked all, then waited for all: each fork waiting for its child to run first cost
    # a few milliseconds a bot on two busy cores.
    for process in processes:
        if isinstance(process, ForkedBot):
            process.given_up_ports()
    return processes
