"""``sorcery watch`` without ``--headless``: a watcher's screen follows a 巫师牌 game
between two processes live, drawn as the replay's watcher view, to the end; ``q`` leaves.

The host (``sorcery host --admit-watchers --headless``) and the joiner are processes on
loopback; the joiner is held stopped (SIGSTOP) mid-game while the watcher, run in this
process by ``watch_async`` with the screen on a prompt_toolkit pipe (``DummyOutput``), is
admitted, and let go once the screen opened. Each time the game changes while it goes on,
the game the screen draws knows no card of either deck, and the board drawn is the replay
view of it. The moves are told by the players' names, the end is said as the headless
watcher says it, and ``q`` leaves. Nothing sleeps: the test waits on the log growing and
on the game's changes, against deadlines.
"""

from __future__ import annotations

import asyncio
import io
import os
import signal
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.test_node_multiprocess import GAME_DEADLINE, Proc, wait_until
from tests.test_sorcery_net_play import card_file_and_codes
from tests.test_sorcery_resume import invitation, log_lines, played_some
from wizard_p2p import cli
from wizard_p2p.commands.local_game import LOOPBACK
from wizard_p2p.commands.options import NetOptions, SorceryWatchOptions, WatchOptions
from wizard_p2p.commands.sorcery_seat import finished_line
from wizard_p2p.commands.sorcery_watch import SorceryProgress, card_library, sorcery_screen
from wizard_p2p.commands.watch import watch_async
from wizard_p2p.node.watcher import WatchNode
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_replay import watcher_board
from wizard_p2p.tui.sorcery_watch_screen import SorceryWatchApp

STOPPED_AFTER = 30  # entries of the joiner's log when it is held stopped
DEADLINE = 60.0


def test_the_watchers_screen_follows_a_live_game_to_its_end_showing_no_hidden_card(
    tmp_path: Path,
) -> None:
    cards, codes = card_file_and_codes(tmp_path)
    common = ["--cards", str(cards), "--listen", LOOPBACK, "--headless", "--lang", "en"]
    seats = (tmp_path / "host", tmp_path / "joiner")
    procs: list[Proc] = []
    screens: list[SorceryWatchApp] = []
    drawn: list[int] = []  # the watcher's game's entries at each change checked
    tr = Translator("en")
    try:
        host = Proc("host", ["sorcery", "host", "--deck", codes[0], "--port", "0",
                             "--no-announce", "--admit-watchers", "--name", "Ana",
                             "--data-dir", str(seats[0]), *common], tmp_path)
        procs.append(host)
        found = wait_until(lambda: invitation(host), DEADLINE, "the host's invitation")
        assert isinstance(found, tuple)
        address, code = found
        joiner = Proc("joiner", ["sorcery", "join", address, "--code", code, "--deck",
                                 codes[1], "--name", "Ben", "--data-dir", str(seats[1]),
                                 *common], tmp_path)
        procs.append(joiner)
        wait_until(lambda: played_some(joiner, seats[1], STOPPED_AFTER), GAME_DEADLINE,
                   f"the joiner's log to hold {STOPPED_AFTER} entries")
        os.kill(joiner.popen.pid, signal.SIGSTOP)

        net = NetOptions(name="Eve", data_dir=tmp_path / "watcher", listen=LOOPBACK,
                         mesh_port=None, silence_limit=3.0, lang="en", headless=False,
                         quiet=True)
        options = SorceryWatchOptions(WatchOptions(net, address, code, None, False), cards)

        with create_pipe_input() as pipe:
            async def main() -> WatchNode:
                over = asyncio.Event()

                def opened(app: SorceryWatchApp) -> None:
                    screens.append(app)

                    def check() -> None:
                        now = app.watched()
                        if now.ending is None:  # the decks are opened after the end
                            for side in now.game.sides:
                                assert not any(now.game.pieces[p].known for p in side.deck)
                            board = app.board_text(100)
                            assert board == watcher_board(tr, now.game, now.names, 100)
                            drawn.append(len(now.told))
                        else:
                            over.set()

                    app.application.after_render += lambda _: check()
                    os.kill(joiner.popen.pid, signal.SIGCONT)

                async def leave_at_the_end() -> None:
                    await asyncio.wait_for(over.wait(), GAME_DEADLINE)
                    pipe.send_text("q")

                leaving = asyncio.get_running_loop().create_task(leave_at_the_end())
                node = await watch_async(options.watch, game=GameName.SORCERY,
                                         cards=card_library(options),
                                         progress=SorceryProgress,
                                         screen=sorcery_screen(input=pipe,
                                                               output=DummyOutput(),
                                                               on_screen=opened))
                await leaving  # its failure, if any, is the test's
                return node

            node = asyncio.run(main())
        for proc in procs:
            assert proc.wait(GAME_DEADLINE) == 0, proc.describe()
    finally:
        for proc in procs:
            if proc.alive():
                os.kill(proc.popen.pid, signal.SIGCONT)
            proc.kill()
            print(proc.describe())  # shown by pytest when the test failed
    (app,) = screens
    assert app.left and node.left
    assert len(drawn) > 1 and drawn[-1] > drawn[0]  # drawn again as moves came
    table = node.table
    assert table is not None and isinstance(table.outcome, Finished)
    now = app.watched()
    assert now.ending == finished_line(table.outcome, table.names, "en")
    assert app.message() == now.ending
    assert any(line.startswith("Ana") for line in now.told)
    assert any(line.startswith("Ben") for line in now.told)
    assert list(table.log) == log_lines(seats[0])  # the players' log, all verified


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_watchers_screen_without_a_terminal_is_refused_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    lang: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO())  # keys from a pipe, not a terminal
    code = cli.main(["sorcery", "watch", "127.0.0.1:47474", "--code", "ABCD-EFGH",
                     "--data-dir", str(tmp_path), "--lang", lang])
    assert code == 2
    said = " ".join(capsys.readouterr().err.split())  # as the terminal's width wrapped it
    again = "wizard-p2p sorcery watch ADDRESS --code CODE --headless"
    assert Translator(lang)("error_no_terminal_watch", command=again) in said
