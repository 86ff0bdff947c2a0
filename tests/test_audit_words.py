"""``audit`` in the reader's language: the text report and the copies report are worded
from the catalogues. In English they say exactly what SPEC §8's text report says (the
conformance vectors hold it); in Chinese and Japanese the frame, the statuses and each
fault's kind are the catalogue's, while the verdict (status, exit code, JSON) does not
change with the language."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tools import gen_conformance
from wizard_p2p import copies
from wizard_p2p.audit import audit_entries, audit_file, format_report
from wizard_p2p.cli import main as cli_main
from wizard_p2p.commands.audit_text import copies_text, report_text
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.tables.wizard.kinds import WizardFault
from wizard_p2p.tui.i18n import CATALOGUES, Translator

ROOT = Path(__file__).resolve().parent.parent
FAULTS = ROOT / gen_conformance.FAULTS_DIR
FILES = ROOT / gen_conformance.FILES_DIR
ENDINGS = ROOT / "protocol" / "vectors" / "endings"
GOLDEN = (ROOT / "protocol" / "vectors" / "golden" / "game.jsonl").read_bytes().splitlines()


def _manifest(folder: Path) -> list[dict[str, Any]]:
    vectors: list[dict[str, Any]] = json.loads((folder / "manifest.json").read_text())["vectors"]
    return vectors


def _lines(vector: dict[str, Any]) -> list[bytes]:
    own = (FAULTS / vector["log"]).read_bytes().splitlines()
    return [*GOLDEN[: vector.get("golden_prefix", 0)], *own]


@pytest.mark.parametrize("vector", _manifest(FILES), ids=lambda v: v["name"])
def test_in_english_the_report_is_the_vectors_text(vector: dict[str, Any],
                                                    tmp_path: Path) -> None:
    (tmp_path / "log.jsonl").write_bytes((FILES / vector["log"]).read_bytes())
    if "evidence" in vector:
        (tmp_path / "evidence.jsonl").write_bytes((FILES / vector["evidence"]).read_bytes())
    report = audit_file(tmp_path / "log.jsonl")
    assert report_text(Translator("en"), report) == vector["expected"]["text"]


@pytest.mark.parametrize("vector", _manifest(FAULTS), ids=lambda v: v["name"])
def test_in_english_every_fault_vector_reads_as_the_spec_words_it(vector: dict[str, Any]) -> None:
    report = audit_entries(_lines(vector))
    assert report_text(Translator("en"), report) == format_report(report)


@pytest.mark.parametrize("vector", _manifest(ENDINGS), ids=lambda v: v["name"])
def test_in_english_the_copies_report_is_unchanged(vector: dict[str, Any]) -> None:
    report = copies.audit_copies([ENDINGS / log for log in vector["logs"]])
    assert copies_text(Translator("en"), report) == copies.format_copies(report)


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("vector", _manifest(FAULTS), ids=lambda v: v["name"])
def test_a_fault_is_said_by_its_kind_and_line_in_chinese_and_japanese(
    vector: dict[str, Any], lang: str,
) -> None:
    report = audit_entries(_lines(vector))
    text = report_text(Translator(lang), report)
    catalogue = CATALOGUES[lang]
    if report.status == "fault":
        assert report.fault_kind is not None and report.fault_position is not None
        kind = catalogue["fault_kind_" + report.fault_kind.replace("-", "_")]
        assert f"［{kind}］" in text
        assert f"{report.fault_position + 1} 行" in text
        assert "FAULT" not in text and "to blame" not in text
    else:
        assert "verified" not in text


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_copies_report_frame_is_in_the_language(lang: str) -> None:
    for vector in _manifest(ENDINGS):
        report = copies.audit_copies([ENDINGS / log for log in vector["logs"]])
        text = copies_text(Translator(lang), report)
        for english in ("copies agree", "fork at line", "signed by", "is to blame",
                        "ended by seat", "copy 1 "):
            assert english not in text, (vector["name"], text)


def test_every_fault_kind_is_worded_in_every_language() -> None:
    for catalogue in CATALOGUES.values():
        for kind in (*FaultKind, *WizardFault):
            assert catalogue["fault_kind_" + kind.value.replace("-", "_")], kind


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_json_report_and_the_exit_code_do_not_change_with_the_language(
    lang: str, capsys: pytest.CaptureFixture[str],
) -> None:
    log = str(FILES / _manifest(FILES)[0]["log"])
    code = cli_main(["audit", "--json", log])
    english = capsys.readouterr().out
    assert cli_main(["audit", "--json", "--lang", lang, log]) == code
    out = capsys.readouterr().out
    assert out == english and out.isascii()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_an_unreadable_log_is_said_in_the_language(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    catalogue = CATALOGUES[lang]
    assert cli_main(["audit", "--lang", lang, str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert catalogue["file_kind_folder"] in out and catalogue["file_what_log"] in out
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert cli_main(["audit", "--lang", lang, str(empty)]) == 2
    assert capsys.readouterr().out.strip() == catalogue["audit_not_log_empty"]


@pytest.mark.parametrize(("locale", "said"), [("zh_CN.UTF-8", "未知的语言"),
                                              ("ja_JP.UTF-8", "不明な言語")])
def test_an_error_is_said_in_the_locales_language(
    locale: str, said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An error carries its sentence as data: the command line words it in the language
    of --lang or, as here where --lang itself is refused, of the locale."""
    monkeypatch.setenv("LC_ALL", locale)
    assert cli_main(["history", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert said in err and "unknown language" not in err
