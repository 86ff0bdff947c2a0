"""What the command line needs of the node before anything heavy is imported.

The lobby's default port, invite codes, the network options, and starting local
bot processes: all from the standard library (and the pure rules). Every bot is
its own OS process. Where this process can fork (Linux, one thread), ``play``
imports the node first and forks its bots from it, so that they start with
everything imported: a bot started as a new interpreter spends about a quarter
of a second of CPU importing, six of them half the wall time of a short game's
start on two cores. Elsewhere each bot is a new interpreter, started before this
process imports the rest, so that they import side by side.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import secrets
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from wizard_p2p.errors import UsageError
from wizard_p2p.ports import close_inherited, reserve_port
from wizard_p2p.rules import GameConfig

DEFAULT_PORT = 47474
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"  # no 0/O, 1/I/L, U


def new_invite_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))
    return f"{raw[:4]}-{raw[4:]}"


def normalise_code(code: str) -> str:
    clean = "".join(ch for ch in code.upper() if ch.isalnum())
    if len(clean) != 8 or any(ch not in CODE_ALPHABET for ch in clean):
        raise UsageError(f"an invite code looks like ABCD-EF23, not {code!r}")
    return f"{clean[:4]}-{clean[4:]}"


def add_network_options(parser: argparse.ArgumentParser, *, bot: bool = False) -> None:
    parser.add_argument("--name", default=os.environ.get("USER", "Player")[:32] or "Player")
    parser.add_argument("--data-dir", default=None, help="where keys and games live")
    parser.add_argument("--listen", default="0.0.0.0", help="address to listen on")
    parser.add_argument("--mesh-port", type=int, default=None, help="port of the game mesh")
    parser.add_argument("--lang", default=None, help="en, zh, ja (default: from the locale)")
    parser.add_argument("--policy", default="heuristic", help="bot policy (headless seats)")
    parser.add_argument("--headless", action="store_true", default=bot, help="a bot plays")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--trace", default=None, help=argparse.SUPPRESS)  # benchmarks
    parser.add_argument("--stall-limit", type=float, default=120.0,
                        help="seconds a seat may hold up the game (default 120)")
    parser.add_argument("--silence-limit", type=float, default=3.0,
                        help="seconds without a heartbeat before a peer counts as silent")


class BotProcess(Protocol):
    """A started bot: a spawned interpreter (:class:`subprocess.Popen`) or a fork."""

    @property
    def returncode(self) -> int | None: ...

    def terminate(self) -> None: ...

    def kill(self) -> None: ...

    def wait(self, timeout: float | None = None) -> int: ...


class ForkedBot:
    """A bot forked from this process, with the part of ``Popen``'s interface we use."""

    def __init__(self, argv: list[str]) -> None:
        context = multiprocessing.get_context("fork")
        # The child inherits the ports this process holds (wizard_p2p.ports) and gives
        # them up at once. The pipe reads end-of-file once the child has closed its end,
        # after the ports: see given_up_ports.
        ready_read, ready_write = os.pipe()
        try:
            # daemon: should this process end without waiting for it, its bot ends too.
            self._process = context.Process(
                target=_run_forked_bot, args=(argv, ready_read, ready_write), daemon=True
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


def _run_forked_bot(argv: list[str], ready_read: int, ready_write: int) -> None:
    """In the forked bot: what ``python -m wizard_p2p bot …`` would do."""
    close_inherited()  # our copies: the parent's listeners must be able to take the ports
    os.close(ready_read)
    os.close(ready_write)  # the parent goes on
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # a spawned bot's output goes to /dev/null too
    os.close(devnull)
    from wizard_p2p.cli import main

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
    count: int, port: int, code: str, *, policy: str, out: Path, trace: str | None,
    fork: bool = False,
) -> list[BotProcess]:
    """Start ``count`` bot processes that join the lobby at ``127.0.0.1:port``.

    ``fork``: fork them from this process (see :func:`can_fork_bots`) rather than start
    new interpreters. The lobby need not be open yet: a bot's lobby socket keeps dialling
    until it is.
    """
    processes: list[BotProcess] = []
    for i in range(1, count + 1):
        argv = [
            "bot", f"127.0.0.1:{port}",
            "--code", code, "--name", f"Bot {i}", "--policy", policy,
            "--data-dir", str(out / f"seat-{i}"), "--listen", "127.0.0.1", "--quiet",
        ]
        if trace:
            argv += ["--trace", str(Path(trace).with_suffix(f".seat{i}.json"))]
        if fork:
            processes.append(ForkedBot(argv))
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


@dataclass
class LocalGame:
    """A ``play`` game on loopback whose bots are already starting."""

    config: GameConfig
    out: Path
    code: str
    processes: list[BotProcess]

    def stop_bots(self, *, finished: bool) -> None:
        """Wait for the bots; a game that did not finish has nobody left to play for."""
        for process in self.processes:
            if not finished:
                process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def start_local_game(args: argparse.Namespace, *, fork: bool = False) -> LocalGame:
    """Check ``play``'s options, choose the lobby's ports and code, start the bots
    (forked from this process with ``fork``: :func:`start_local_bots`).

    Sets ``args.listen``, ``args.port`` and ``args.mesh_port`` for the host's lobby.
    """
    config = GameConfig.with_variants(args.seats, args.variant)
    bots = args.bots if args.bots is not None else config.seats - (0 if args.headless else 1)
    if bots != config.seats - (0 if args.headless else 1):
        raise UsageError(
            f"{config.seats} seats need {config.seats - 1} bots with you, or {config.seats} "
            "with --headless"
        )
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="wizard-p2p-"))
    out.mkdir(parents=True, exist_ok=True)
    args.listen = "127.0.0.1"
    args.port = reserve_port()
    args.mesh_port = reserve_port()
    code = new_invite_code()
    processes = start_local_bots(
        config.seats - 1, args.port, code, policy=args.policy, out=out,
        trace=getattr(args, "trace", None), fork=fork,
    )
    return LocalGame(config, out, code, processes)
