"""argparse's refusals of a malformed command line speak the reader's language: a missing
argument, a value that is not a number, an unknown option, a choice not offered, an option
without its value, each worded from the help catalogues by the message id argparse gives
it, with no English sentence left in Chinese or Japanese."""

from __future__ import annotations

import argparse
import contextlib
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_catalogue_keys import CJK, _english_left
from wizard_p2p.cli import build_parser, main
from wizard_p2p.tui.i18n import Translator

# A command line of each kind argparse refuses, and the catalogue key of the refusal.
MALFORMED = {
    "required": (["audit"], "cli_error_required"),
    "bad_int": (["host", "--seats", "x"], "cli_error_invalid_value"),
    "unknown_option": (["host", "--bogus"], "cli_error_unrecognized"),
    "bad_choice": (["nonesuch"], "cli_error_invalid_choice"),
    "no_value": (["host", "--seats"], "cli_error_expected_one"),
}


def _refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err


def _sentence(text: str, typed: list[str]) -> list[str]:
    """The refusal's line with what a person typed or may type (quoted, or the words of
    ``typed``) taken out: the usage lines above it are the help's, checked with the help."""
    line = re.sub(r"'[^']*'", "", text.splitlines()[-1])
    for word in filter(None, typed):
        line = re.sub(rf"(?<!\S){re.escape(word)}(?!\S)", "", line)
    return [line]


def _head(text: str) -> str:
    """A catalogue entry's words before its first argparse field."""
    return re.split(r"%(?:\(\w+\))?[sr]", text)[0]


@pytest.mark.parametrize("kind", sorted(MALFORMED))
@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_each_refusal_is_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, kind: str, lang: str,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    argv, key = MALFORMED[kind]
    text = _refusal(capsys, [*argv, "--lang", lang])
    tr = Translator(lang)
    last = text.splitlines()[-1]
    assert text.startswith(tr("cli_usage"))
    assert _head(tr("cli_error", prog="", message="")).strip() in last  # "：错误：", "：エラー："
    assert _head(tr(key)) in last, last
    assert re.search(CJK, last)
    assert _english_left(_sentence(text, argv)) == [], text


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_english_refusals_keep_argparses_words(
    capsys: pytest.CaptureFixture[str], kind: str,
) -> None:
    argv, key = MALFORMED[kind]
    text = _refusal(capsys, [*argv, "--lang", "en"])
    last = text.splitlines()[-1]
    assert text.startswith("usage: wizard-p2p")
    assert ": error: " in last and _head(Translator("en")(key)) in last, last
    assert re.search(CJK, text) is None


def test_a_refusal_names_what_was_typed(capsys: pytest.CaptureFixture[str]) -> None:
    last = _refusal(capsys, ["host", "--seats", "x", "--lang", "zh"]).splitlines()[-1]
    assert "--seats" in last and "'x'" in last
    last = _refusal(capsys, ["host", "--bogus", "--lang", "ja"]).splitlines()[-1]
    assert "--bogus" in last


def test_argparse_is_left_as_it_was_after_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    before = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    _refusal(capsys, ["host", "--bogus", "--lang", "zh"])
    assert (argparse._, argparse.ngettext) == before  # type: ignore[attr-defined]
    # A parser of the standard library's own still says its English.
    plain = argparse.ArgumentParser(prog="plain")
    with pytest.raises(SystemExit):
        plain.parse_args(["--bogus"])
    assert "plain: error: unrecognized arguments: --bogus" in capsys.readouterr().err


_TOKENS = st.sampled_from([
    "play", "host", "join", "audit", "history", "resume", "replay", "sorcery", "cards", "deck",
    "--seats", "--port", "--policy", "--games", "--bogus", "-x", "x", "3", "random", "",
])


@settings(max_examples=40, deadline=None)
@given(argv=st.lists(_TOKENS, max_size=5), lang=st.sampled_from(["zh", "ja"]))
def test_no_malformed_command_line_is_refused_in_english(argv: list[str], lang: str) -> None:
    said = io.StringIO()
    with (contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()),
          contextlib.suppress(SystemExit)):
        build_parser(lang).parse_args(argv)
    text = said.getvalue()
    if not text:
        return  # a command line argparse takes
    assert re.search(CJK, text.splitlines()[-1]), (argv, text)
    assert _english_left(_sentence(text, argv)) == [], (argv, text)
