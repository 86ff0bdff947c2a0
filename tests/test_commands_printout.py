"""The commands printed after a game name the program as the person started it, and
its paths as shell words: pasted into a shell, they run."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.printout_support import printed_after, run_printed
from wizard_p2p.commands.printout import fit, labelled, program, shell_path
from wizard_p2p.node.store import list_games

ROOT = Path(__file__).resolve().parent.parent

_SEGMENT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="/\x00"),
    min_size=1, max_size=12,
).filter(lambda s: s not in (".", ".."))


@given(st.lists(_SEGMENT, min_size=1, max_size=4), st.sampled_from(["cwd", "home", "other"]))
def test_a_path_is_one_shell_word_naming_that_very_file(
    segments: list[str], where: str
) -> None:
    cwd, home = Path("/work/here"), Path("/home/ana")
    base = {"cwd": cwd, "home": home, "other": Path("/srv/games")}[where]
    path = base.joinpath(*segments)
    word = shell_path(path, cwd=cwd, home=home)
    if word.startswith("~/"):
        assert where == "home"
        (rest,) = shlex.split(word[2:])
        assert home / rest == path
    else:
        (read,) = shlex.split(word)
        assert (cwd / read).resolve() == path.resolve() if not read.startswith("/") else (
            Path(read) == path)


def test_the_program_is_named_as_it_was_started(tmp_path: Path) -> None:
    script = tmp_path / "checkout" / "scripts" / "wizard-p2p"
    inside = program({"WIZARD_P2P_PROG": str(script)}, cwd=tmp_path / "checkout",
                     home=Path("/nowhere"))
    assert inside == "scripts/wizard-p2p"
    there = program({"WIZARD_P2P_PROG": str(script)}, cwd=script.parent, home=Path("/nowhere"))
    assert there == "./wizard-p2p"
    spaced = tmp_path / "my games" / "wizard-p2p"
    assert shlex.split(program({"WIZARD_P2P_PROG": str(spaced)}, cwd=Path("/"),
                               home=Path("/nowhere"))) == [str(spaced)]
    # Started as `python -m wizard_p2p`: the interpreter and the module.
    words = shlex.split(program({}, argv0="/x/wizard_p2p/__main__.py", cwd=Path("/"),
                                home=Path("/nowhere")))
    assert words == [sys.executable, "-m", "wizard_p2p"]


@given(st.integers(min_value=20, max_value=200))
def test_a_command_is_never_broken_inside_a_word(columns: int) -> None:
    command = "scripts/wizard-p2p audit ~/.local/share/wizard-p2p/games/8a0b24e6bb347ca6/log.jsonl"
    text = labelled("check it with:", command, columns)
    assert command in text.splitlines()[-1]
    prose = fit("the quick brown fox jumps over the lazy dog " * 5, columns)
    assert all(len(line) <= columns for line in prose.splitlines())


def test_scripts_play_prints_a_check_command_that_runs_where_it_was_started(
    tmp_path: Path,
) -> None:
    # The README's way in: scripts/play from the checkout, the command pasted after.
    env = {**os.environ, "WIZARD_P2P_HOME": str(tmp_path / "home"), "LANG": "C.UTF-8"}
    env.pop("WIZARD_P2P_PROG", None)
    played = subprocess.run(
        [str(ROOT / "scripts" / "play"), "--headless", "--seats", "3", "--policy", "random",
         "--lang", "en"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )
    assert played.returncode == 0, played.stderr
    check = printed_after(played.stdout, "check it with:")
    assert check.startswith("scripts/wizard-p2p audit "), played.stdout
    (game,) = list_games(tmp_path / "home")
    audited = run_printed(check, ROOT, env={"WIZARD_P2P_HOME": str(tmp_path / "home")})
    assert audited.returncode == 0, audited.stdout + audited.stderr
    assert game.game_dir in audited.stdout


@pytest.mark.parametrize("lang,label", [("zh", "验证命令："), ("ja", "検証するには：")])
def test_the_printout_after_a_game_is_in_the_players_language(
    tmp_path: Path, lang: str, label: str
) -> None:
    played = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "play", "--headless", "--seats", "3",
         "--policy", "random", "--lang", lang, "--data-dir", str(tmp_path / "d")],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    check = printed_after(played.stdout, label)
    assert check.split()[-2] == "audit"
    assert run_printed(check, tmp_path).returncode == 0
