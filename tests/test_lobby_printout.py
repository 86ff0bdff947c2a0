"""A headless host's lobby lines (``play --headless``, a bot host) are the catalogues',
in the player's language: no English sentence is left in Chinese or Japanese."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from wizard_p2p.tui.i18n import CATALOGUES

_ENGLISH_SENTENCE = re.compile(r"\b[A-Za-z]{3,}\b(?:\W+\b[A-Za-z]{3,}\b){2,}")


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_headless_hosts_lobby_lines_are_in_the_players_language(
    tmp_path: Path, lang: str
) -> None:
    played = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "play", "--headless", "--seats", "3",
         "--policy", "random", "--lang", lang, "--data-dir", str(tmp_path / "d")],
        capture_output=True, text=True, timeout=600, check=False, cwd=tmp_path,
    )
    assert played.returncode == 0, played.stderr
    catalogue = CATALOGUES[lang]
    # The lobby's lines: everything before the game's id line.
    lobby = played.stdout[: played.stdout.index(catalogue["end_game"].split("{")[0])]
    lines = lobby.splitlines()
    opening = catalogue["lobby_headless_open"].split("{")[0]
    assert lines[0].startswith(opening), lines
    seat = catalogue["lobby_headless_seat"].split("{")[0]
    assert sum(line.startswith(seat) for line in lines) == 3, lines
    if lang != "en":
        # Commands are what a person types, fingerprints what they compare: they are
        # taken out before reading.
        prose = [re.sub(r"wizard-p2p join \S+ --code \S+|[A-Z0-9]{4}(-[A-Z0-9]{4})+", "", line)
                 for line in lines]
        assert [line for line in prose if _ENGLISH_SENTENCE.search(line)] == [], lines
