"""A person at 巫师牌's console board whose opponent stops answering: the opponent's
process (``sorcery bot``, over loopback) is stopped with SIGSTOP once the board first
waits for it; the board counts down the stall limit on its prompt line, then offers
``e``, the person presses it, and the end window says who stalled. The log the person's
seat wrote audits as aborted, naming the bot's seat as the one that stalled.

The keys go in by a prompt_toolkit pipe (the screen is ``DummyOutput``); the test waits
on what the board shows, with a deadline, never on the clock."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.test_sorcery_console_seat import OPPONENT, Person
from tests.test_sorcery_net_play import card_file_and_codes
from wizard_p2p import cli
from wizard_p2p.commands.local_game import LOOPBACK
from wizard_p2p.commands.options import NetOptions, SorceryHostOptions, SorceryTableOptions
from wizard_p2p.commands.sorcery_console_seat import console_seat
from wizard_p2p.node.invite import new_invite_code
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.ports import reserve_port
from wizard_p2p.protocol.events import Aborted
from wizard_p2p.tui.sorcery_app import END, SorceryApp

STALL_LIMIT = 4.0  # long enough that the countdown is drawn at least once under load


class StoppedOpponent(Person):
    """Plays its own moves as ``Person`` does; the first time the board waits for the
    other seat, stops that seat's process; notes every countdown the prompt shows, and
    presses ``e`` once the board offers it."""

    def __init__(self, app: SorceryApp, pipe: PipeInput, bot: subprocess.Popen[str]) -> None:
        super().__init__(app, pipe, ())
        self.bot = bot
        self.stopped = False
        self.countdowns: list[str] = []
        self.offered: list[str] = []  # the keys line when ``e`` was offered

    def key(self) -> str | None:
        app = self.app
        if app.mode() != "wait" or app.overlay == END:
            return super().key()
        if not self.stopped:
            os.kill(self.bot.pid, signal.SIGSTOP)
            self.stopped = True
        if app.may_end_stalled():
            self.offered.append(app.keys_text())
            return "e"
        said = app.stall_text()
        if said is not None and said not in self.countdowns:
            self.countdowns.append(said)
        return None

    def state(self) -> tuple[object, ...]:
        return (*super().state(), self.app.prompt_text(), self.app.keys_text())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_person_ends_a_game_the_stopped_opponent_holds_up(
    tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    cards, codes = card_file_and_codes(tmp_path)
    net = NetOptions(name="Ada", data_dir=tmp_path / "person", listen=LOOPBACK,
                     mesh_port=reserve_port(), silence_limit=1.0, lang=lang, headless=False,
                     quiet=True)  # a reserved lobby port's next one may be anyone's
    port, code = reserve_port(), new_invite_code()
    options = SorceryHostOptions(
        SorceryTableOptions(net, codes[0], cards, stall_limit=STALL_LIMIT), port=port,
        announce=False)
    bot = subprocess.Popen(
        [sys.executable, "-m", "wizard_p2p", "sorcery", "bot", f"{LOOPBACK}:{port}",
         "--code", code, "--deck", codes[1], "--cards", str(cards), "--seed", "5",
         "--name", OPPONENT, "--data-dir", str(tmp_path / "bot"), "--listen", LOOPBACK,
         "--quiet"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, text=True,
    )
    people: list[StoppedOpponent] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        with create_pipe_input() as pipe:
            def opened(app: SorceryApp) -> None:
                person = StoppedOpponent(app, pipe, bot)
                people.append(person)
                tasks.append(asyncio.get_running_loop().create_task(person.play()))

            async def main() -> GamePeer:
                peer = await console_seat(options, code=code, input=pipe,
                                          output=DummyOutput(), on_board=opened)
                for task in tasks:
                    await task  # its failure, if any, is the test's
                return peer

            peer = asyncio.run(main())
    finally:
        if bot.poll() is None:
            os.kill(bot.pid, signal.SIGCONT)
            bot.kill()
        bot.wait(timeout=60)
    (person,) = people
    app = person.app
    tr = app.tr
    bot_seat = 1 - app.me
    assert person.stopped
    # The board counted down the limit by the opponent's name, then offered e.
    head, _ = tr("sorcery_stall_countdown", name=OPPONENT, left="@").split("@")
    assert person.countdowns and all(c.startswith(head) for c in person.countdowns)
    lefts = [int(c[len(head):].split()[0]) for c in person.countdowns]
    assert all(1 <= left <= STALL_LIMIT for left in lefts)
    assert lefts == sorted(lefts, reverse=True)  # it counts down
    assert person.offered and person.offered[0] == tr("sorcery_keys_stalled")
    # The person ended it; the end window said who stalled.
    outcome = peer.outcome
    assert isinstance(outcome, Aborted)
    assert (outcome.writer, outcome.stalled) == (app.me, bot_seat)
    assert tr("sorcery_end_stalled", name=OPPONENT) in app.end_text()
    # The log audits as aborted, naming the opponent's seat as the one that stalled.
    capsys.readouterr()
    assert cli.main(["audit", str(peer.store.log_path), "--cards", str(cards), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "aborted"
    assert f"because seat {bot_seat + 1} ({OPPONENT}) stalled" in report["message"]

