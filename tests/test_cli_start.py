"""``play`` starts its bots before this process imports the network and the crypto."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from wizard_p2p.cli import parse_options
from wizard_p2p.commands.bot_processes import BotMain
from wizard_p2p.commands.local_game import start_local_game
from wizard_p2p.commands.options import PlayOptions
from wizard_p2p.errors import UsageError
from wizard_p2p.node.invite import normalise_code


def test_the_command_line_parser_imports_no_network_and_no_crypto() -> None:
    probe = (
        "import sys; from wizard_p2p.cli import build_parser; build_parser(); "
        "heavy = sorted(m for m in ('zmq', 'nacl', 'cryptography', 'asyncio', "
        "'wizard_p2p.net', 'wizard_p2p.protocol', 'wizard_p2p.node.lobby') if m in sys.modules); "
        "print(','.join(heavy))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == ""


def test_a_headless_seat_says_how_its_game_ended_without_loading_the_console() -> None:
    probe = (
        "import sys; from pathlib import Path; from types import SimpleNamespace as NS; "
        "from wizard_p2p.cli import parse_options; "
        "from wizard_p2p.commands.networked import SeatRun, report_text; "
        "from wizard_p2p.protocol.events import Aborted; "
        "table = NS(replica=None, names=('Ann', 'Ben', 'Cho'), series=None); "
        "store = NS(game_dir='8a0b', log_path=Path('log.jsonl')); "
        "peer = NS(table=table, store=store, outcome=Aborted(0, 1, 'x'), failure=None, "
        "resumable=True); "
        "print(report_text(SeatRun(parse_options(['bot']).seat), peer, columns=None)); "
        "print('console loaded' if 'prompt_toolkit' in sys.modules else 'no console')"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert "game ended: Ben (seat 2) held up the game past the time limit" in done.stdout
    assert done.stdout.strip().endswith("no console")


def play_args(
    tmp_path: Path, *, seats: int = 3, bots: int | None = None, headless: bool = False,
    variant: tuple[str, ...] = (),
) -> PlayOptions:
    argv = ["play", "--seats", str(seats), "--out", str(tmp_path), "--policy", "random"]
    argv += ["--bots", str(bots)] if bots is not None else []
    argv += ["--headless"] if headless else []
    for name in variant:
        argv += ["--variant", name]
    options = parse_options(argv)
    assert isinstance(options, PlayOptions)
    return options


@pytest.mark.parametrize(
    ("seats", "bots", "headless"), [(3, 1, False), (4, 4, False), (3, 2, True)]
)
def test_a_wrong_number_of_bots_is_refused_before_any_starts(
    tmp_path: Path, seats: int, bots: int, headless: bool
) -> None:
    args = play_args(tmp_path, seats=seats, bots=bots, headless=headless)
    with pytest.raises(UsageError, match="bots"):
        start_local_game(args)
    assert not any(tmp_path.glob("seat-*"))  # no bot was started


def test_unplayable_variants_are_refused_before_any_bot_starts(tmp_path: Path) -> None:
    args = play_args(tmp_path, variant=("plus_minus_one", "hidden_bids"))
    with pytest.raises(UsageError):
        start_local_game(args)
    assert not any(tmp_path.glob("seat-*"))  # no bot was started


def test_a_local_game_gets_loopback_ports_and_a_valid_code(tmp_path: Path) -> None:
    args = play_args(tmp_path, seats=3)
    local = start_local_game(args)
    try:
        assert local.port != local.mesh_port and 0 < local.port < 65536
        assert normalise_code(local.code) == local.code
        assert len(local.processes) == 2
    finally:
        local.stop_bots(finished=False)
    assert all(p.returncode is not None for p in local.processes)


def test_a_reserved_port_is_nobody_elses_until_released() -> None:
    import errno
    import socket

    from wizard_p2p.ports import release_port, reserve_port

    port = reserve_port()
    other = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        with pytest.raises(OSError) as taken:
            other.bind(("127.0.0.1", port))
        assert taken.value.errno == errno.EADDRINUSE
        release_port(port)
        other.bind(("127.0.0.1", port))  # the listener it was held for takes it now
        other.listen()
    finally:
        other.close()
    release_port(port)  # releasing twice, or a port never held, does nothing
    release_port(1)


# Run in a fresh interpreter: a forked bot needs a process with one thread, which a test
# runner's worker is not.
FORK_PROBE = """
import socket, sys
import wizard_p2p.commands.networked  # what `play` imports before it forks its bots
from wizard_p2p.cli import main
from wizard_p2p.commands.bot_processes import ForkedBot, can_fork_bots
from wizard_p2p.ports import release_port, reserve_port

assert can_fork_bots(), "importing the node started no thread"
print("audit exit code", ForkedBot(main, ["audit", sys.argv[1]]).wait(timeout=60))
port = reserve_port()
# A bot whose lobby never answers waits for it: it lives until it is terminated.
bot = ForkedBot(main, ["bot", f"127.0.0.1:{reserve_port()}", "--code", "ABCD-EFGH",
                       "--data-dir", sys.argv[2], "--listen", "127.0.0.1", "--quiet"])
bot.given_up_ports()
release_port(port)
listener = socket.socket()
listener.bind(("127.0.0.1", port))  # the bot gave up its copy of the held port
listener.listen()
print("bot alive", bot.returncode is None)
bot.terminate()
print("bot exit code", bot.wait(timeout=60))
import threading
stop = threading.Event()
thread = threading.Thread(target=stop.wait)
thread.start()
print("can fork with a thread running", can_fork_bots())
stop.set()
thread.join()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bots are forked on Linux")
def test_a_forked_bot_runs_the_command_line_gives_up_held_ports_and_exits_like_a_spawned_one(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", FORK_PROBE, str(tmp_path / "missing.jsonl"), str(tmp_path / "bot")],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "audit exit code 2",  # the command line's error exit, as from `wizard-p2p audit`
        "bot alive True",
        "bot exit code -15",  # ended by SIGTERM, as Popen reports it
        "can fork with a thread running False",
    ]


def test_play_forks_its_bots_where_it_can(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from wizard_p2p import cli
    from wizard_p2p.commands import bot_processes, local_game, networked

    started: list[bool] = []

    def fake_start(options: PlayOptions, *, fork: BotMain | None = None) -> object:
        started.append(fork is cli.main)
        return object()

    for forkable in (True, False):
        monkeypatch.setattr(bot_processes, "can_fork_bots", lambda forkable=forkable: forkable)
        monkeypatch.setattr(local_game, "start_local_game", fake_start)
        monkeypatch.setattr(networked, "play_networked", lambda args, local: 0)
        assert cli.main(["play", "--headless", "--seats", "3", "--out", str(tmp_path)]) == 0
    assert started == [True, False]
