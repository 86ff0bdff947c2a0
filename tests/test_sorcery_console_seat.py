"""A person at 巫师牌's console board plays a networked game to its end against the bot
in another process over loopback (``sorcery bot`` at the person's table, or the person
at ``sorcery host --headless``'s): the keys go in by a prompt_toolkit
pipe (the screen is ``DummyOutput``), the person's moves (a generic action carrying out
a card's text among them) go out as signed entries, the bot's moves are told on the
board as they come, and the log verifies.

It waits on what the board shows (its renders, the peer's changes), with a deadline,
never on the clock."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.test_sorcery_net_play import card_file_and_codes
from wizard_p2p import cli
from wizard_p2p.commands.local_game import LOOPBACK
from wizard_p2p.commands.options import (
    NetOptions,
    SorceryHostOptions,
    SorceryJoinOptions,
    SorceryTableOptions,
)
from wizard_p2p.commands.sorcery_console_seat import SeatBoard, console_seat
from wizard_p2p.node.invite import new_invite_code
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.ports import reserve_port
from wizard_p2p.protocol.events import Finished
from wizard_p2p.sorcery.actions import Draw
from wizard_p2p.tui.sorcery_app import END, SorceryApp
from wizard_p2p.tui.sorcery_pick import LABELS

GAME_DEADLINE = 600.0  # seconds for the whole game, on a loaded machine
OPPONENT = "Bot 2"


class Person:
    """Keys a person would press: keep the hand, carry out the generic actions of
    ``plan`` in the first turn (as a card's text may ask: draw one card, search the deck
    for its first card, look at the top two, take one and put the other back on top),
    take every attack, end every turn (discarding down to the hand's limit), and leave
    at the end."""

    def __init__(self, app: SorceryApp, pipe: PipeInput, plan: tuple[str, ...]) -> None:
        self.app = app
        self.pipe = pipe
        self.todo = list(plan)
        self.changed = asyncio.Event()
        app.application.after_render += lambda _: self.changed.set()
        app.table.subscribe(self.changed.set)

    def key(self) -> str | None:
        app, tr = self.app, self.app.tr
        if app.overlay == END:
            return "\r"
        picker = app.picker
        if picker is not None:
            texts = [c.text for c in picker.choices]
            if picker.title == tr("sorcery_ask_generic"):
                return LABELS[texts.index(tr(f"sorcery_generic_{self.todo[0]}"))]
            if picker.title in (tr("sorcery_ask_amount"), tr("sorcery_ask_search")):
                self.todo.pop(0)  # one card drawn; the deck's first card taken
                return LABELS[0]
            if picker.title == tr("sorcery_ask_look_count"):
                return LABELS[texts.index("2")]
            if picker.title == tr("sorcery_ask_look_take"):
                return "\r" if picker.chosen else LABELS[0]
            if picker.title == tr("sorcery_ask_look_next"):
                return LABELS[0]
            if picker.title == tr("sorcery_ask_look_under"):
                self.todo.pop(0)
                return LABELS[texts.index("0")]
            if picker.multiple and picker.exactly is not None:
                if len(picker.chosen) < picker.exactly:
                    return LABELS[next(i for i in range(len(texts)) if i not in picker.chosen)]
                return "\r"
            raise AssertionError(f"an unexpected question: {picker.title}")
        mode = app.mode()
        if mode == "play":
            return "g" if self.todo else "n"
        return {"mulligan": "k", "defend": "p"}.get(mode)

    def state(self) -> tuple[object, ...]:
        app = self.app
        return (app.mode(), len(app.told), app.picker, len(app.picker.chosen) if app.picker
                else 0, app.overlay, app.left)

    async def play(self) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + GAME_DEADLINE
        while not self.app.left:
            before = self.state()
            key = self.key()
            if key is not None:
                self.pipe.send_text(key)
            # Until the key is taken (or, waiting, until the board changes).
            while self.state() == before and not self.app.left:
                self.changed.clear()
                left = deadline - loop.time()
                assert left > 0, f"the game did not end in time: {self.app.told[-5:]}"
                await asyncio.wait_for(self.changed.wait(), left)


def bot_host(tmp_path: Path, cards: Path, deck: str) -> tuple[subprocess.Popen[str], str, str]:
    """``sorcery host --headless`` in another process: it, and the address and invite code
    its first lines say to join with."""
    host = subprocess.Popen(
        [sys.executable, "-m", "wizard_p2p", "sorcery", "host", "--deck", deck, "--cards",
         str(cards), "--seed", "5", "--name", OPPONENT, "--data-dir", str(tmp_path / "bot"),
         "--listen", LOOPBACK, "--port", "0", "--no-announce", "--headless",
         "--lang", "en"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
    )
    assert host.stdout is not None
    for line in host.stdout:  # each line read as it comes; the process ends the stream
        words = line.split()
        if "--code" in words:
            at = words.index("--code")  # ... sorcery join ADDRESS --code CODE --deck CODE
            return host, words[at - 1], words[at + 1]
    raise AssertionError("the host said no invite code")


@pytest.mark.parametrize(("role", "plan"), [("host", ("draw",)), ("host", ("search", "look")),
                                            ("join", ("draw",))])
def test_a_person_at_the_board_plays_a_networked_game_against_the_bot_to_its_end(
    tmp_path: Path, role: str, plan: tuple[str, ...]
) -> None:
    cards, codes = card_file_and_codes(tmp_path)
    net = NetOptions(name="Ada", data_dir=tmp_path / "person", listen=LOOPBACK,
                     mesh_port=reserve_port(), silence_limit=3.0, lang="en", headless=False,
                     quiet=True)  # a reserved lobby port's next one may be anyone's
    options: SorceryHostOptions | SorceryJoinOptions
    if role == "host":
        port, code = reserve_port(), new_invite_code()
        bot = subprocess.Popen(
            [sys.executable, "-m", "wizard_p2p", "sorcery", "bot", f"{LOOPBACK}:{port}",
             "--code", code, "--deck", codes[1], "--cards", str(cards), "--seed", "5",
             "--name", OPPONENT, "--data-dir", str(tmp_path / "bot"), "--listen", LOOPBACK,
             "--quiet"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, text=True,
        )
        options = SorceryHostOptions(SorceryTableOptions(net, codes[0], cards), port=port,
                                     announce=False)
    else:
        bot, address, code = bot_host(tmp_path, cards, codes[1])
        options = SorceryJoinOptions(SorceryTableOptions(net, codes[0], cards), address, code)
    people: list[Person] = []
    tasks: list[asyncio.Task[None]] = []
    try:
        with create_pipe_input() as pipe:
            def opened(app: SorceryApp) -> None:
                person = Person(app, pipe, plan)
                people.append(person)
                tasks.append(asyncio.get_running_loop().create_task(person.play()))

            async def main() -> GamePeer:
                host_code = code if role == "host" else None
                peer = await console_seat(options, code=host_code, input=pipe,
                                          output=DummyOutput(), on_board=opened)
                for task in tasks:
                    await task  # its failure, if any, is the test's
                return peer

            peer = asyncio.run(main())
        bot.communicate(timeout=60)  # what the host still prints, until it ends
        assert bot.returncode == 0
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.communicate()
    assert isinstance(peer.outcome, Finished)
    (person,) = people
    app = person.app
    assert isinstance(app.table, SeatBoard)
    me = app.me
    # The bot's moves were told on the board as they came, by the bot's name.
    assert any(line.startswith(OPPONENT) for line in app.told)
    assert app.game.outcome is not None and app.game.outcome.winner == 1 - me
    # The person's generic actions are signed entries of the log, and the log verifies.
    assert not person.todo
    log = peer.store.log_path
    said = log.read_bytes()
    if plan == ("draw",):
        assert str(Draw(me, 1)).encode() in said
    else:
        assert f'"p{me} search '.encode() in said and f'"p{me} look 1 '.encode() in said
        assert f'"p{me} move-card '.encode() in said  # the card the look took
    bot_logs = list((tmp_path / "bot").rglob(log.name))
    assert [p.read_bytes() for p in bot_logs] == [log.read_bytes()]
    assert cli.main(["audit", str(log), "--cards", str(cards)]) == 0


