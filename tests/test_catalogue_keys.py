"""Every catalogue key is used by the program, and what the program prints after its
console closes in Chinese or Japanese is the catalogue's, not English left behind."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from wizard_p2p.commands.history import GameState
from wizard_p2p.commands.sorcery_door import UNKNOWN_CARD
from wizard_p2p.node.lobby_common import refusal_said
from wizard_p2p.node.lobby_news import QUIET, LobbyNews
from wizard_p2p.node.watch_gate import GateNews
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.lobby_schema import GateRefusalKind, RefusalKind, WaitKind
from wizard_p2p.rules import Suit
from wizard_p2p.rules.config import VARIANT_NAMES
from wizard_p2p.sorcery.decks import DeckRule
from wizard_p2p.tables.wizard.kinds import WizardFault
from wizard_p2p.tui.catalogue_en import EN
from wizard_p2p.tui.catalogue_help_en import HELP_EN
from wizard_p2p.tui.i18n import CATALOGUES, Translator

PACKAGE = Path(__file__).resolve().parent.parent / "wizard_p2p"
# Keys the program builds from a prefix and a name (a suit, a variant, a rule, ...).
_BUILT = re.compile(r"""["']([a-z_]+_)(?:["']|\{)""")


def _sources() -> str:
    return "\n".join(
        path.read_text() for path in PACKAGE.rglob("*.py") if not path.name.startswith("catalogue_")
    )


def test_every_catalogue_key_is_used_somewhere_in_the_program() -> None:
    source = _sources()
    prefixes = set(_BUILT.findall(source))
    unused = [
        key for key in CATALOGUES["en"]  # the console's words and the command line's help
        if f'"{key}"' not in source and f"'{key}'" not in source
        and not any(key.startswith(p) for p in prefixes)
    ]
    assert unused == []


def test_the_help_catalogues_take_no_key_of_the_consoles() -> None:
    assert not set(EN) & set(HELP_EN)
    for lang, catalogue in CATALOGUES.items():
        assert len(catalogue) == len(EN) + len(HELP_EN), lang


def _trees() -> list[ast.Module]:
    return [ast.parse(path.read_text()) for path in PACKAGE.rglob("*.py")
            if not path.name.startswith("catalogue_")]


# The function names a catalogue key is passed to as the first argument: a translator
# (``tr``, ``self.tr``, ``app.tr``), a sentence as data (``Said``) and an error's wording.
_TAKES_A_KEY = {"tr", "Said", "saying", "say_in", "_say_in"}


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def test_every_key_the_code_names_is_in_all_three_catalogues() -> None:
    named = {
        node.args[0].value
        for tree in _trees() for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _called(node) in _TAKES_A_KEY and node.args
        and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
    }
    assert len(named) > 300  # the scan finds the program's keys
    for lang, catalogue in CATALOGUES.items():
        assert sorted(named - set(catalogue)) == [], lang


def _file_whats() -> set[str]:
    """The ``what=`` of every bounded read and write check: how a file is named."""
    return {
        "_".join(keyword.value.value.split())
        for tree in _trees() for node in ast.walk(tree) if isinstance(node, ast.Call)
        and _called(node) in {"read_bounded", "check_target"}
        for keyword in node.keywords
        if keyword.arg == "what" and isinstance(keyword.value, ast.Constant)
    } | {"log_copy", "evidence_copy"}  # ``check_copy_targets`` chooses one of the two


# Keys the program builds from a prefix and a value of a closed vocabulary: each prefix
# with the values it is built from, so that a catalogue has exactly those keys.
BUILT: dict[str, Callable[[], set[str]]] = {
    "fault_kind_": lambda: {k.value.replace("-", "_") for k in (*FaultKind, *WizardFault)},
    "file_kind_": lambda: {"folder", "fifo", "device", "socket", "link", "other"},
    "file_what_": _file_whats,
    "suit_": lambda: {s.name for s in Suit},
    "suit_short_": lambda: {s.name for s in Suit},
    "variant_": lambda: set(VARIANT_NAMES),
    "history_state_": lambda: {s.value for s in GameState},
    "lobby_news_": lambda: {n.value for n in LobbyNews} - QUIET,
    "lobby_refused_": lambda: {k.value for k in RefusalKind},
    "game_name_": lambda: {g.value for g in GameName} | {"other"},
    "deck_rule_": lambda: {r.value for r in DeckRule} | {UNKNOWN_CARD, "unknown"},
    "gate_refused_": lambda: {k.value for k in GateRefusalKind},
    "gate_news_": lambda: {n.value for n in GateNews},
    "host_wait_": lambda: {k.value for k in WaitKind},
}


@pytest.mark.parametrize("prefix", sorted(BUILT))
def test_keys_built_from_a_vocabulary_match_it_in_every_catalogue(prefix: str) -> None:
    expected = {prefix + value for value in BUILT[prefix]()}
    for lang, catalogue in CATALOGUES.items():
        have = {k for k in catalogue if k.startswith(prefix)
                and not any(k.startswith(p) for p in BUILT if len(p) > len(prefix)
                            and p.startswith(prefix))}
        assert have == expected, lang


@pytest.mark.parametrize("kind", list(RefusalKind), ids=str)
def test_each_refusal_a_host_makes_is_worded_in_every_language(kind: RefusalKind) -> None:
    said = refusal_said(kind, name="Ann", protocol="wizard-p2p/8")
    worded = {lang: Translator(lang).say(said) for lang in CATALOGUES}
    assert len(set(worded.values())) == len(worded)  # each language its own sentence
    for lang in ("zh", "ja"):
        assert re.search(CJK, worded[lang]) and _english_left([worded[lang]]) == [], worded
        assert ":" not in worded[lang] and ";" not in worded[lang]  # full-width punctuation
    if kind is RefusalKind.NAME_TAKEN:  # the joiner's own name, as it chose it
        assert all("Ann" in text for text in worded.values())


_ENGLISH_SENTENCE = re.compile(r"\b[A-Za-z]{3,}\b(?:\W+\b[A-Za-z]{3,}\b){2,}")


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_printout_of_a_game_has_no_english_sentence_left(tmp_path: Path, lang: str) -> None:
    played = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "play", "--headless", "--seats", "3",
         "--policy", "random", "--lang", lang, "--data-dir", str(tmp_path / "d")],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    # Every line the headless seat printed: its lobby and seats, then the game's end.
    catalogue = CATALOGUES[lang]
    head = catalogue["end_game"].split("{")[0]
    lines = played.stdout.splitlines()
    assert head in played.stdout and lines[0] != head
    # A key's fingerprint is letters in groups (``MK25-HQHL-QOQV-…``), not words.
    shown = [FINGERPRINT.sub("", line) for line in lines]
    assert _english_left(shown) == [], lines
    # Then what a person runs next on that game: history, its score pad, audit, replay.
    logs = sorted((tmp_path / "d" / "games").glob("*/log.jsonl"))
    assert len(logs) == 1
    game = logs[0].parent.name
    env = {**os.environ, "LANG": "C.UTF-8", "LC_ALL": ""}
    for argv in (["history", "--data-dir", "d"], ["history", "--data-dir", "d", game],
                 ["audit", str(logs[0])], ["audit", str(logs[0]), str(logs[0])],
                 ["replay", "--export", "game.json", str(logs[0])],
                 ["replay", "--export", "game.json", str(logs[0])],  # refused: it exists
                 ["history", "--data-dir", "d", "ffff"]):  # refused: no such game
        ran = subprocess.run(
            [sys.executable, "-m", "wizard_p2p", *argv, "--lang", lang],
            capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path, env=env,
        )
        printed = (ran.stdout + ran.stderr).splitlines()
        assert printed, argv
        assert _english_left(printed) == [], (argv, printed)
        assert any(re.search(CJK, line) for line in printed), (argv, printed)


CJK = r"[\u3040-\u30ff\u3400-\u9fff]"
FINGERPRINT = re.compile(r"\b[A-Z2-7]{4}(?:-[A-Z2-7]{4}){4}\b")


def _english_left(lines: list[str]) -> list[str]:
    """The lines holding an English sentence once commands, paths and the names of files
    and programs (what a person types) are taken out."""
    prose = [re.sub(r"\S*(/|wizard_p2p|wizard-p2p|\.json)\S*|-m|audit|--\S+", "", line)
             for line in lines]
    return [line for line in prose if _ENGLISH_SENTENCE.search(line)]
