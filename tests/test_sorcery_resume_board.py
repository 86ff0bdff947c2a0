"""``sorcery resume`` without ``--headless``: a 巫师牌 seat killed mid-game is rebuilt from
its data dir and the board opens on it, a person playing on to the end.

The host (``sorcery host --headless``) and the joiner (``sorcery join --headless``) are
two processes on loopback; once the joiner's log holds some turns of play it is killed
with SIGKILL, and ``resume_seat`` with the board's ``play`` rebuilds it in this process,
the keys going in by a prompt_toolkit pipe (the screen is ``DummyOutput``). The game ends
with a winner, both logs are byte-identical and ``audit`` verifies them. Nothing sleeps
to synchronise: the test waits on the joiner's log growing, on the board's changes and
on the host's exit, against deadlines.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.test_node_multiprocess import GAME_DEADLINE, Proc
from tests.test_sorcery_console_seat import Person
from tests.test_sorcery_resume import kill_joiner_mid_game, log_of
from wizard_p2p import cli
from wizard_p2p.commands.local_game import LOOPBACK
from wizard_p2p.commands.options import NetOptions, SorceryResumeOptions
from wizard_p2p.commands.sorcery_console_seat import SeatBoard, board_play
from wizard_p2p.commands.sorcery_resume import resume_seat
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.messages import decode_envelope
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_app import SorceryApp


def test_a_seat_killed_mid_game_resumes_at_the_board_and_the_person_plays_it_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    procs: list[Proc] = []
    try:
        killed = kill_joiner_mid_game(tmp_path, procs)
        host, host_dir, joiner_dir = killed.host, killed.host_dir, killed.joiner_dir
        killed_at = killed.killed_at
        assert "act" in [decode_envelope(line).kind for line in killed_at]
        assert "final" not in [decode_envelope(line).kind for line in killed_at]

        net = NetOptions(name="Ben", data_dir=joiner_dir, listen=LOOPBACK, mesh_port=None,
                         silence_limit=3.0, lang="en", headless=False, quiet=True)
        people: list[Person] = []
        tasks: list[asyncio.Task[None]] = []
        with create_pipe_input() as pipe:
            def opened(app: SorceryApp) -> None:
                person = Person(app, pipe, ())
                people.append(person)
                tasks.append(asyncio.get_running_loop().create_task(person.play()))

            async def main() -> GamePeer:
                play = board_play(input=pipe, output=DummyOutput(), on_board=opened)
                peer = await resume_seat(SorceryResumeOptions(net, None, None), play=play)
                for task in tasks:
                    await task  # its failure, if any, is the test's
                return peer

            peer = asyncio.run(main())
        assert host.wait(GAME_DEADLINE) == 0, host.describe()
    finally:
        for proc in procs:
            proc.kill()
            print(proc.describe())  # shown by pytest when the test failed
    assert isinstance(peer.outcome, Finished)
    (person,) = people
    assert isinstance(person.app.table, SeatBoard)
    assert person.app.me == 1  # the joiner's seat, rebuilt
    assert person.app.left and person.app.game.outcome is not None
    assert any(line.startswith("Ana") for line in person.app.told)  # the host's moves told
    host_log, joiner_log = log_of(host_dir), log_of(joiner_dir)
    assert host_log is not None and joiner_log is not None
    data = joiner_log.read_bytes()
    assert data == host_log.read_bytes()
    lines = data.splitlines()
    assert lines[: len(killed_at)] == killed_at  # nothing written twice
    played_on = [decode_envelope(line) for line in lines[len(killed_at):]]
    assert any(e.seat == 1 and e.kind == "act" for e in played_on)  # the person's moves
    assert [decode_envelope(line).kind for line in lines[-2:]] == ["final", "final"]
    capsys.readouterr()
    assert cli.main(["audit", str(joiner_log), "--cards", str(killed.cards), "--lang", "en"]) == 0
    assert "verified" in capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_resume_at_the_board_without_a_terminal_is_refused_in_the_players_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    lang: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO())  # keys from a pipe, not a terminal
    code = cli.main(["sorcery", "resume", "--data-dir", str(tmp_path), "--lang", lang])
    assert code == 2
    said = " ".join(capsys.readouterr().err.split())  # as the terminal's width wrapped it
    assert Translator(lang)("sorcery_console_no_terminal") in said
