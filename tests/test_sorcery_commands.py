"""``wizard-p2p sorcery cards import``, ``sorcery deck`` and ``--cards``: their exits, and
one sentence (never a traceback) for a missing or damaged card file."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.sorcery_support import REAL_CARD_FILE, card_file_bytes, real_card_file_bytes, small_pool
from wizard_p2p import cli
from wizard_p2p.sorcery.decks import Deck, Group, group_of
from wizard_p2p.sorcery.starters import STARTERS

POOL = small_pool()


def _legal() -> Deck:
    hero = next(c for c in POOL if group_of(c) is Group.HERO)
    plain = [c for c in POOL if group_of(c) is Group.MAIN and not c.legendary][:15]
    skills = [c for c in POOL if group_of(c) is Group.SKILLS][:10]
    return Deck.of([hero, *plain, *plain, *skills])


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WIZARD_P2P_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def pool_file(tmp_path: Path) -> Path:
    path = tmp_path / "all_card_infos.json"
    path.write_bytes(card_file_bytes(list(POOL)))
    return path


def _imported(home: Path) -> Path:
    return home / "sorcery" / "all_card_infos.json"


def test_import_decodes_then_keeps_the_file_and_deck_finds_it(
    home: Path, pool_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["sorcery", "cards", "import", str(pool_file)]) == 0
    assert f"imported {len(POOL)} cards" in capsys.readouterr().out
    assert _imported(home).read_bytes() == pool_file.read_bytes()
    assert sorted(p.name for p in _imported(home).parent.iterdir()) == ["all_card_infos.json"]
    assert cli.main(["sorcery", "deck", _legal().code]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.startswith("legal: ") and _legal().hero.number in out


def test_a_code_given_as_separate_words_is_one_code(
    home: Path, pool_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = _legal().code.split()
    assert cli.main(["sorcery", "deck", *words, "--cards", str(pool_file)]) == 0
    assert capsys.readouterr().out.startswith("legal: ")


def test_an_illegal_deck_exits_1_naming_each_card_and_rule(
    home: Path, pool_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = _legal()
    extra_copy = deck.main[0]
    code = Deck.of([*deck.heroes, *deck.main, extra_copy, *deck.skills[1:]]).code
    assert cli.main(["sorcery", "deck", code, "--cards", str(pool_file)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "illegal: 3 rules broken"
    assert any(line.strip().startswith("main_size:") and "31" in line for line in lines)
    assert any(line.strip().startswith("skill_pool_size:") and "9" in line for line in lines)
    assert any(line.strip().startswith("at_most_twice:") and extra_copy.number in line
               and extra_copy.name in line for line in lines)


@pytest.mark.parametrize("code", ["401001 // 1020x", "499999", "", "//"])
def test_a_code_that_cannot_be_read_exits_2_in_one_line(
    home: Path, pool_file: Path, capsys: pytest.CaptureFixture[str], code: str
) -> None:
    assert cli.main(["sorcery", "deck", code, "--cards", str(pool_file)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "deck code" in captured.err


def test_no_card_file_is_one_sentence_saying_where_to_get_it(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["sorcery", "deck", "fire-earth"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert str(_imported(home)) in err
    assert "resources/all_card_infos.json" in err and "sorcery cards import FILE" in err


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[: len(b) // 2],  # cut short
        lambda b: b.replace(b'"life": 10', b'"life": "10"', 1),
        lambda b: b.replace("生物".encode(), "怪物".encode(), 1),
        lambda b: b"\x00" * 100,
    ],
)
def test_a_damaged_file_is_refused_in_one_sentence_and_the_good_copy_kept(
    home: Path, pool_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    damage: Callable[[bytes], bytes],
) -> None:
    assert cli.main(["sorcery", "cards", "import", str(pool_file)]) == 0
    bad = tmp_path / "bad.json"
    bad.write_bytes(damage(pool_file.read_bytes()))
    capsys.readouterr()
    assert cli.main(["sorcery", "cards", "import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a good card file" in err and "import" in err
    assert _imported(home).read_bytes() == pool_file.read_bytes()
    assert cli.main(["sorcery", "deck", _legal().code, "--cards", str(bad)]) == 2
    assert "not a good card file" in capsys.readouterr().err


def test_an_oversized_file_is_refused_without_being_read_whole(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(64 * 1024 * 1024)  # sparse: costs no disk
    assert cli.main(["sorcery", "cards", "import", str(big)]) == 2
    assert "larger than its limit" in capsys.readouterr().err
    assert not _imported(home).exists()


def test_a_directory_is_not_a_card_file(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["sorcery", "cards", "import", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "resources/all_card_infos.json" in err


def test_starters_lists_every_starter_with_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["sorcery", "starters"]) == 0
    out = capsys.readouterr().out
    for deck in STARTERS:
        assert deck.name in out and deck.code.strip() in out


def test_the_program_imports_the_real_card_file_and_checks_every_starter(
    tmp_path: Path,
) -> None:
    real_card_file_bytes()  # skips, saying why, where the real file is absent
    env = {**os.environ, "WIZARD_P2P_HOME": str(tmp_path)}

    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "wizard_p2p", "sorcery", *argv],
                              capture_output=True, text=True, timeout=60, env=env, check=False)

    done = run("deck", "fire-earth")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert run("cards", "import", str(REAL_CARD_FILE)).returncode == 0
    for deck in STARTERS:
        done = run("deck", deck.code)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.startswith("legal: ") and done.stdout.count("\n") == 1


def test_every_sorcery_command_and_option_is_described() -> None:
    import argparse

    def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return dict(action.choices)

    sorcery = subcommands(cli.build_parser())["sorcery"]
    found = subcommands(sorcery)
    found["cards import"] = subcommands(found.pop("cards"))["import"]
    assert set(found) == {"cards import", "deck", "starters", "play", "host", "join", "bot",
                          "resume", "watch"}
    for name, sub in found.items():
        assert sub.description, name
        for action in sub._actions:
            assert action.help, f"{name} {action.option_strings or action.dest}"


def test_a_fifo_is_refused_without_waiting_for_a_writer(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    fifo = tmp_path / "cards.fifo"
    os.mkfifo(fifo)
    assert cli.main(["sorcery", "deck", "fire-earth", "--cards", str(fifo)]) == 2
    err = capsys.readouterr().err
    assert "FIFO" in err and "resources/all_card_infos.json" in err
