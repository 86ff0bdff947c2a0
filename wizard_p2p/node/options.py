"""What the command line needs of the node before anything heavy is imported.

The lobby's default port, invite codes, ports held until they are bound, the
network options, and starting local bot processes: all from the standard library
(and the pure rules), so that ``play``
can start its bots while this process is still importing the rest (every bot
is a Python process that takes a few tenths of a second to start).
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p.errors import UsageError
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


# Ports chosen ahead and held bound (not listening) until their listener takes them:
# nobody else — another process choosing a free port included — can be handed one meanwhile.
_held_ports: dict[int, socket.socket] = {}


def reserve_port(host: str = "127.0.0.1") -> int:
    """A free TCP port on ``host``, held for this process until :func:`release_port`."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((host, 0))
    except OSError:
        sock.close()
        raise
    port = int(sock.getsockname()[1])
    _held_ports[port] = sock
    return port


def release_port(port: int) -> None:
    """Let the listener bind ``port`` now (a no-op for a port this process does not hold)."""
    sock = _held_ports.pop(port, None)
    if sock is not None:
        sock.close()


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


def start_local_bots(
    count: int, port: int, code: str, *, policy: str, out: Path, trace: str | None
) -> list[subprocess.Popen[bytes]]:
    """Start ``count`` bot processes that join the lobby at ``127.0.0.1:port``.

    The lobby need not be open yet: a bot's lobby socket keeps dialling until it is.
    """
    processes = []
    for i in range(1, count + 1):
        command = [
            sys.executable, "-m", "wizard_p2p", "bot", f"127.0.0.1:{port}",
            "--code", code, "--name", f"Bot {i}", "--policy", policy,
            "--data-dir", str(out / f"seat-{i}"), "--listen", "127.0.0.1", "--quiet",
        ]
        if trace:
            command += ["--trace", str(Path(trace).with_suffix(f".seat{i}.json"))]
        processes.append(
            subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        )
    return processes


@dataclass
class LocalGame:
    """A ``play`` game on loopback whose bots are already starting."""

    config: GameConfig
    out: Path
    code: str
    processes: list[subprocess.Popen[bytes]]

    def stop_bots(self, *, finished: bool) -> None:
        """Wait for the bots; a game that did not finish has nobody left to play for."""
        for process in self.processes:
            if not finished:
                process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def start_local_game(args: argparse.Namespace) -> LocalGame:
    """Check ``play``'s options, choose the lobby's ports and code, start the bots.

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
        trace=getattr(args, "trace", None),
    )
    return LocalGame(config, out, code, processes)
