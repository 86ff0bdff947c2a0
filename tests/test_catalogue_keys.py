"""Every catalogue key is used by the program, and what the program prints after its
console closes in Chinese or Japanese is the catalogue's, not English left behind."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from wizard_p2p.tui.catalogue_en import EN
from wizard_p2p.tui.i18n import CATALOGUES

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
        key for key in EN
        if f'"{key}"' not in source and f"'{key}'" not in source
        and not any(key.startswith(p) for p in prefixes)
    ]
    assert unused == []


_ENGLISH_SENTENCE = re.compile(r"\b[A-Za-z]{3,}\b(?:\W+\b[A-Za-z]{3,}\b){2,}")


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_printout_of_a_game_has_no_english_sentence_left(tmp_path: Path, lang: str) -> None:
    played = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "play", "--headless", "--seats", "3",
         "--policy", "random", "--lang", lang, "--data-dir", str(tmp_path / "d")],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    # The lines after the game: from the id line on (a headless seat prints its progress
    # before, a bot's log that is not read by a person).
    catalogue = CATALOGUES[lang]
    head = catalogue["end_game"].split("{")[0]
    lines = played.stdout[played.stdout.rindex(head):].splitlines()
    # Commands and paths are what a person types: they are taken out before reading.
    prose = [re.sub(r"\S*(/|wizard_p2p|wizard-p2p)\S*|-m|audit", "", line) for line in lines]
    left = [line for line in prose if _ENGLISH_SENTENCE.search(line)]
    assert left == [], lines
