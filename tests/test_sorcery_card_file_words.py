"""A card file that is missing or is not one is refused in the reader's language, by
every command that reads it (``sorcery deck``, ``sorcery play``, ``audit --cards``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from wizard_p2p.cli import main
from wizard_p2p.tui.i18n import LANGUAGES, Translator

_URL = "https://github.com/Yifeeeeei/SorceryComposer"
_COMMAND = "wizard-p2p sorcery cards import FILE"
_STARTER = "GEAF-D0ZC-BAAA-A"  # any code: the card file is read first


def _where(tr: Translator) -> str:
    return tr("card_file_where", url=_URL, command=_COMMAND)


def _argv(command: str, cards: Path, lang: str, tmp_path: Path) -> list[str]:
    """``command`` of the command line naming ``cards``, in ``lang``."""
    if command == "deck":  # no --lang: the locale's language
        return ["sorcery", "deck", _STARTER, "--cards", str(cards),
                "--data-dir", str(tmp_path / "data")]
    if command == "play":
        return ["sorcery", "play", "--offline", "--headless", "--cards", str(cards),
                "--data-dir", str(tmp_path / "data"), "--lang", lang]
    log = tmp_path / "log.jsonl"
    log.write_text("{}\n")
    return ["audit", str(log), "--cards", str(cards), "--lang", lang]


def _refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    return " ".join(err.split())  # as one line, whatever the terminal's width


@pytest.mark.parametrize("command", ["deck", "play", "audit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_card_file_is_refused_in_the_readers_language(
    command: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LC_ALL", {"en": "C", "zh": "zh_CN.UTF-8", "ja": "ja_JP.UTF-8"}[lang])
    missing = tmp_path / "nowhere.json"
    tr = Translator(lang)
    said = _refusal(_argv(command, missing, lang, tmp_path), capsys)
    missing_words = tr("file_missing", what=tr("file_what_card_file_of_巫师牌"),
                       path=str(missing))
    assert tr("card_file_unreadable", problem=missing_words, where=_where(tr)) in said


@pytest.mark.parametrize("command", ["deck", "play", "audit"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_file_that_is_not_a_card_file_is_refused_in_the_readers_language(
    command: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LC_ALL", {"en": "C", "zh": "zh_CN.UTF-8", "ja": "ja_JP.UTF-8"}[lang])
    bad = tmp_path / "cards.json"
    bad.write_text('{"not": "cards"}')
    tr = Translator(lang)
    said = _refusal(_argv(command, bad, lang, tmp_path), capsys)
    head, _, tail = tr("card_file_not_cards", path=str(bad), detail="\0",
                       where=_where(tr)).partition("\0")
    assert head in said and tail in said
    # The sentences of the three languages differ: each reader gets its own.
    others = [Translator(o)("card_file_where", url=_URL, command=_COMMAND)
              for o in LANGUAGES if o != lang]
    assert not any(other in said for other in others)
