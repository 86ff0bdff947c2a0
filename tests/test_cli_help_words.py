"""``--help`` speaks the player's language: ``--lang`` or the locale chooses it, every
command's description and option help comes from the help catalogues, argparse's own
words (usage, section titles, ``-h``) too, and Chinese and Japanese lines are broken by
terminal cells (a wide character counts two), not left to overflow."""

from __future__ import annotations

import contextlib
import io
import re
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.test_catalogue_keys import CJK, _english_left
from tests.test_tui_cjk import ascii_punctuation
from wizard_p2p.cli import POLICY_CHOICES, help_lang, main
from wizard_p2p.rules import VARIANT_NAMES
from wizard_p2p.tui.catalogue_help_ja import HELP_JA
from wizard_p2p.tui.catalogue_help_zh import HELP_ZH
from wizard_p2p.tui.i18n import Translator

COMMANDS = ["play", "host", "join", "watch", "resume", "audit", "replay", "history", "bot"]
# Values a person types (variant and policy names), listed as they are typed.
_TYPED = re.compile("|".join(map(re.escape, [*VARIANT_NAMES, *POLICY_CHOICES])))


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def _prose(text: str) -> list[str]:
    """The lines of a help text a person reads as sentences: not the usage block, not the
    options as typed (``--seats SEATS``), not a list of subcommands or typed values."""
    body = text.split("\n\n", 1)[1]
    lines = []
    for line in body.splitlines():
        line = re.sub(r"^\s+(?:-{1,2}[\w-]+(?: [A-Z_.]+)?(?:, )?)+", " ", line)
        line = re.sub(r"\{[\w,]+\}|\[[^\]]*\]", " ", _TYPED.sub(" ", line))
        lines.append(line)
    return lines


def _cells(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_each_commands_help_is_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str,
    lang: str,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    text = _help(capsys, command, "--lang", lang)
    tr = Translator(lang)
    assert text.startswith(tr("cli_usage"))
    assert tr("cli_section", title=tr("cli_options")) in text and tr("cli_help") in text
    assert "".join(tr(f"desc_{command}").split()) in "".join(text.split())
    assert _english_left(_prose(text)) == [], text
    assert all(_cells(line) <= 80 for line in text.splitlines()), text


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_locale_chooses_the_help_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str,
) -> None:
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", {"zh": "zh_CN.UTF-8", "ja": "ja_JP.UTF-8"}[lang])
    text = _help(capsys)
    tr = Translator(lang)
    flat = "".join(text.split())
    assert "".join(tr("cli_description").split()) in flat
    assert "".join(tr("cmd_watch").split()) in flat
    assert re.search(CJK, text.splitlines()[0])  # the usage line's own word


def test_english_help_keeps_argparses_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    text = _help(capsys, "host")
    assert text.startswith("usage: wizard-p2p host") and "\noptions:\n" in text
    assert "--approve" in text and re.search(CJK, text) is None


def test_the_help_language_is_read_from_the_command_line() -> None:
    assert help_lang(["host", "--lang", "ZH"]) == "zh"
    assert help_lang(["audit", "x.jsonl", "--lang=ja"]) == "ja"
    assert help_lang(["host", "--lang", "fr"]) is None  # refused later, in the locale's
    assert help_lang(["host", "--", "--lang", "ja"]) is None
    assert help_lang(["host"]) is None


@pytest.mark.parametrize("catalogue", [HELP_ZH, HELP_JA], ids=["zh", "ja"])
def test_the_help_punctuates_full_width(catalogue: dict[str, str]) -> None:
    # What a person types (an address, an option, argparse's own %(default)s) keeps its
    # ASCII; the sentences around it do not.
    for key, text in catalogue.items():
        assert not ascii_punctuation(text), (key, text)


@settings(max_examples=25, deadline=None)
@example(columns=60, lang="ja", command="resume")  # two closing marks in a row
@example(columns=60, lang="zh", command="resume")  # a usage line with a wide prefix
@given(columns=st.integers(60, 140), lang=st.sampled_from(["zh", "ja"]),
       command=st.sampled_from(COMMANDS))
def test_chinese_and_japanese_help_fits_any_terminal_width(
    columns: int, lang: str, command: str,
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", str(columns))
        shown = io.StringIO()
        with contextlib.redirect_stdout(shown), pytest.raises(SystemExit):
            main([command, "--help", "--lang", lang])
    text = shown.getvalue()
    assert all(_cells(line) <= columns for line in text.splitlines()), (columns, text)
    # Nothing lost to the breaks: the description's characters all there, in order.
    tr = Translator(lang)
    assert "".join(tr(f"desc_{command}").split()) in "".join(text.split())
    # No line of a help text begins with closing punctuation.
    assert not [line for line in text.splitlines() if line.strip()[:1] in set("，。、；：）")]


# 巫师牌's commands (``sorcery …``) and the catalogue key of each one's description.
SORCERY = {
    "sorcery": "desc_sorcery", "sorcery cards": "desc_sorcery_cards",
    "sorcery cards import": "desc_sorcery_import", "sorcery deck": "desc_sorcery_deck",
    "sorcery starters": "desc_sorcery_starters", "sorcery play": "desc_sorcery_play",
    "sorcery host": "desc_sorcery_host", "sorcery join": "desc_sorcery_join",
    "sorcery bot": "desc_sorcery_bot",
}
# A command as typed, quoted in a description, and an address as typed.
_QUOTED_COMMAND = re.compile(r"`[^`]*`|\bHOST:PORT\b")


@pytest.mark.parametrize("command", sorted(SORCERY))
@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_each_sorcery_commands_help_is_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str,
    lang: str,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    # The locale chooses: not every one of these commands takes --lang.
    monkeypatch.setenv("LC_ALL", {"zh": "zh_CN.UTF-8", "ja": "ja_JP.UTF-8"}[lang])
    text = _help(capsys, *command.split())
    tr = Translator(lang)
    assert text.startswith(tr("cli_usage"))
    assert tr("cli_section", title=tr("cli_options")) in text and tr("cli_help") in text
    flat = "".join(text.split())
    assert "".join(tr(SORCERY[command]).split()) in flat
    assert "巫师牌" in tr("desc_sorcery") and "巫师牌" in tr("cmd_sorcery_play")
    # The help's lines, with a command quoted as typed (it may span two lines) taken out.
    body, usage = text.split("\n\n", 1)[1], text.split("\n\n", 1)[0]
    said = _QUOTED_COMMAND.sub(lambda typed: "\n" * typed.group().count("\n"), body)
    assert _english_left(_prose(usage + "\n\n" + said)) == [], text
    assert all(_cells(line) <= 80 for line in text.splitlines()), text


def test_english_sorcery_help_keeps_its_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    text = _help(capsys, "sorcery", "play")
    assert text.startswith("usage: wizard-p2p sorcery play")
    assert "against the bot" in text and "--against CODE" in text
