"""Every way out of a command is clean: one sentence for a refusal, the standings, the
log and the audit command at a game's end, one game id everywhere, nothing left in /tmp."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.printout_support import printed_after
from wizard_p2p import cli
from wizard_p2p.audit import audit_file
from wizard_p2p.node.store import list_games

SUBCOMMANDS = ("play", "host", "join", "bot", "resume", "audit")


def run(
    *argv: str, home: Path, stdin: int | None = subprocess.DEVNULL
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WIZARD_P2P_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "wizard_p2p", *argv], stdin=stdin, capture_output=True,
        text=True, timeout=60, env=env, check=False,
    )


@pytest.mark.parametrize("command", ["join", "host", "play", "resume"])
def test_a_console_without_a_terminal_gets_one_sentence(tmp_path: Path, command: str) -> None:
    argv = [command] + (["127.0.0.1:9", "--code", "ABCD-EF23"] if command == "join" else [])
    done = run(*argv, home=tmp_path)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "terminal" in done.stderr
    assert not (tmp_path / "identity.key").exists()  # refused before anything started


def test_an_unknown_language_is_refused_before_the_bots_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from wizard_p2p.commands import local_game

    started: list[object] = []
    monkeypatch.setattr(local_game, "start_local_game", lambda *a, **k: started.append(a))
    assert cli.main(["play", "--headless", "--lang", "fr"]) == 2
    assert started == []
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'fr'" in err and "en, zh, ja" in err


def test_a_wrong_address_says_connecting_then_fails_in_one_sentence(tmp_path: Path) -> None:
    from wizard_p2p.commands.networked import JOIN_TIMEOUT

    assert JOIN_TIMEOUT <= 5  # "a few seconds"
    done = run("bot", "127.0.0.1:9", "--code", "ABCD-EF23", "--join-timeout", "0.6",
               home=tmp_path)
    assert done.returncode == 2
    assert done.stdout.startswith("connecting to 127.0.0.1:9")
    assert done.stderr == "wizard-p2p: no Wizard lobby answers at 127.0.0.1:9\n"


def test_every_subcommand_and_option_is_described() -> None:
    parser = cli.build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name in SUBCOMMANDS:
        sub = subparsers.choices[name]
        assert sub.description, name
        text = sub.format_help()
        assert "``" not in text and ":func:" not in text and ":class:" not in text, name
        for action in sub._actions:
            assert action.help, f"{name} {action.option_strings or action.dest}"
    play = subparsers.choices["play"].format_help()
    join = " ".join(subparsers.choices["join"].format_help().split())
    assert "{random,heuristic,expert}" in play
    assert "(default 0.0.0.0" in join and "(default 3)" in join and "--mesh-port" in join
    assert "the lobby port + 1, a joiner's any free port)" in " ".join(join.split())


def test_the_policy_choices_are_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    from wizard_p2p.bots import POLICIES

    assert tuple(POLICIES) == cli.POLICY_CHOICES


def test_headless_play_ends_with_the_standings_one_game_id_and_no_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    data = tmp_path / "data"
    code = cli.main(["play", "--headless", "--seats", "3", "--policy", "random",
                     "--data-dir", str(data)])
    out = capsys.readouterr().out
    assert code == 0
    assert list(scratch.iterdir()) == []  # the bots' folders went with the game
    games = list_games(data)
    assert len(games) == 1
    game = games[0]
    report = audit_file(game.log_path)
    assert report.status == "verified"
    # The folder's name is the id audit prints, and the end of the game names both.
    assert report.game_id.startswith(game.game_dir) and len(game.game_dir) == 16
    assert f"game {game.game_dir}" in out
    assert "winner(s): " in out
    assert printed_after(out, "log:") == shlex.quote(str(game.log_path))
    check = printed_after(out, "check it with:")
    assert shlex.split(check)[-2:] == ["audit", str(game.log_path)]
    assert "logs of every seat" not in out
    assert re.search(rf"game {game.game_dir}…", run("audit", str(game.log_path),
                                                    home=tmp_path).stdout)


def test_resume_takes_the_game_id_as_printed(tmp_path: Path) -> None:
    from wizard_p2p.commands.networked import matching_games
    from wizard_p2p.node.store import GameStore

    stores = [GameStore(tmp_path, "8a0b24e6bb347ca6"), GameStore(tmp_path, "0123456789abcdef")]
    whole = "8a0b24e6bb347ca6" + "0" * 48
    for wanted in ("8a0b24e6bb347ca6", "8a0b", "8A0B24E6BB347CA6…", whole):
        assert [s.game_dir for s in matching_games(stores, wanted)] == ["8a0b24e6bb347ca6"]
    assert matching_games(stores, "ffff") == []


def test_a_bug_is_said_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import wizard_p2p.commands.audit_text

    def broken(path: object, **_: object) -> object:  # a bug inside the command
        raise RuntimeError("boom")

    monkeypatch.setattr(wizard_p2p.commands.audit_text, "audit_file", broken)
    assert cli.main(["audit", "x"]) == 70
    err = capsys.readouterr().err
    assert err == "wizard-p2p: internal error (RuntimeError: boom); please report it\n"


def test_an_offline_game_ends_with_its_standings_and_says_it_keeps_no_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from wizard_p2p.tui import app

    monkeypatch.setattr(app, "run_app", lambda *a, **k: None)  # the player leaves at once
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    assert cli.main(["play", "--offline", "--seats", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "left the game" in out and "keeps no log" in out


def test_the_bench_help_shows_no_markup(capsys: pytest.CaptureFixture[str]) -> None:
    from tools.bench.cli import main as bench_main

    with pytest.raises(SystemExit):
        bench_main(["--help"])
    shown = capsys.readouterr().out
    assert "scripts/bench" in shown and "paired_change" in shown
    assert "``" not in shown and ":func:" not in shown


def test_version_names_the_protocol_and_a_bot_is_not_offered_console_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from wizard_p2p import __version__
    from wizard_p2p.protocol.messages import PROTOCOL

    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"wizard-p2p {__version__} (protocol {PROTOCOL})\n"
    with pytest.raises(SystemExit):
        cli.main(["bot", "--help"])
    assert "--no-bell" not in capsys.readouterr().out
