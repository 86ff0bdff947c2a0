"""A headless watcher prints every line in its reader's language: the request, the
tricks, each round's score, refused entries, a proven cheat, the score pad, the
winners and how the watching ended. Card faces keep their letters."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.protocol_support import new_game
from tests.test_catalogue_keys import CJK, _english_left
from wizard_p2p.commands.watch import HeadlessProgress
from wizard_p2p.errors import Said
from wizard_p2p.protocol.table import Table
from wizard_p2p.tui.i18n import Translator


@dataclass
class _Forks:
    proven: dict[int, str] = field(default_factory=dict)
    path: Path | None = None


@dataclass
class _Node:
    """What ``HeadlessProgress`` reads of a ``WatchNode``."""

    table: Table
    asking: str = ""
    asking_said: Said | None = None
    refusals: list[tuple[int | None, int, str, Said]] = field(default_factory=list)
    refused_count: int = 0
    forks: _Forks = field(default_factory=_Forks)
    lost: str | None = None
    lost_said: Said | None = None


def _finished_table() -> Table:
    game = new_game(3)
    game.run()
    table = game.tables[0]
    assert table.outcome is not None
    return table


def _printed(lang: str, **node: Any) -> list[str]:
    lines: list[str] = []
    watched = _Node(**node)
    printer = HeadlessProgress(watched, lines.append, Translator(lang))  # type: ignore[arg-type]
    printer.update()
    printer.final()
    return "\n".join(lines).splitlines()


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_a_headless_watcher_prints_no_english_sentence(lang: str) -> None:
    table = _finished_table()
    lines = _printed(
        lang, table=table, asking="the host decides who watches",
        asking_said=Said("host_wait_host_decides"),
        refusals=[(1, 7, "seat 2 at line 8: the signature does not verify",
                   Said("fault_kind_bad_signature"))], refused_count=1,
        forks=_Forks({2: "signed two different entries for one position"},
                     Path("/tmp/w/evidence.jsonl")),
    )
    tr = Translator(lang)
    assert _english_left(lines) == [], lines
    # Every line but the score pad's rows of names and numbers says something in words.
    pad = [line for line in lines if not re.search(CJK, line)]
    rows = [line for line in pad if re.fullmatch(r"[\d\s+-]+", line)]
    assert table.game is not None and len(rows) == len(table.game.history), pad
    assert len(pad) - len(rows) <= 1, pad  # at most the pad's header of names
    text = "\n".join(lines)
    assert tr("host_wait_host_decides") in text
    assert tr("fault_kind_bad_signature") in text and tr("fault_kind_equivocation") in text
    assert "signature does not verify" not in text and "signed two" not in text
    names = table.names
    assert tr("watch_headless_seat", n=2, name=names[1]) in text  # seats counted from 1
    assert tr("watch_headless_verified", lines=len(table.log)) in text
    assert table.game is not None
    first = table.game.history[0].tricks[0]
    assert str(first.plays[0][1]) in text  # a card face, as printed on the card


def test_an_english_watcher_keeps_the_verifiers_words() -> None:
    lines = _printed(
        "en", table=_finished_table(),
        refusals=[(1, 7, "the signature does not verify", Said("fault_kind_bad_signature"))],
        refused_count=1,
    )
    text = "\n".join(lines)
    assert "refused the entry of line 8 from seat 2" in text
    assert "the signature does not verify" in text and "round 1 trick 1: " in text


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_watcher_that_stopped_says_why_in_its_language(lang: str) -> None:
    game = new_game(3)
    game.run(until=lambda: len(game.tables[0].log) > 12)
    table = game.tables[0]
    assert table.outcome is None
    said = Said("watch_ended_players_gone", seconds="60")
    lines = _printed(lang, table=table, lost="no player heard for 60 seconds", lost_said=said)
    tr = Translator(lang)
    assert lines[-1] == tr("watch_headless_stopped_why", why=tr.say(said), lines=len(table.log))
    if lang != "en":
        assert _english_left(lines) == [], lines
