"""Text from a signed log is shown without anything that changes how it reads: a name
holding a bidi override (U+202E) or a zero-width space (U+200B) is shown escaped by
``audit`` and by ``replay``, and an escape cannot be faked by a name that spells one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tools.gen_conformance import FILES_DIR
from wizard_p2p.audit import audit_file, format_report
from wizard_p2p.protocol.log import complete_lines
from wizard_p2p.protocol.shown import is_unsafe, shown
from wizard_p2p.tables.wizard.replay import replay_log
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.replay_screen import ReplayState, status_line

ROOT = Path(__file__).resolve().parents[1]
FILES = ROOT / FILES_DIR
NAME = "Eve\u202e\u200bgnp.exe"


def bidi_log() -> Path:
    manifest = json.loads((FILES / "manifest.json").read_text())
    (vector,) = [v for v in manifest["vectors"] if v["name"] == "text-escaped-name"]
    return FILES / vector["log"]


@given(st.text())
def test_a_shown_text_holds_nothing_unsafe_and_reads_back_unambiguously(text: str) -> None:
    out = shown(text)
    assert not any(is_unsafe(ch) for ch in out)
    # Every backslash the original held is doubled, so each escape reads back one way.
    assert unescaped(out) == text


def unescaped(text: str) -> str:
    return re.sub(
        r"\\(\\|u[0-9a-f]{4}|U[0-9a-f]{8})",
        lambda m: "\\" if m.group(1) == "\\" else chr(int(m.group(1)[1:], 16)),
        text,
    )


@given(st.text().filter(lambda t: not any(is_unsafe(c) for c in t) and "\\" not in t))
def test_a_name_a_lobby_admits_is_shown_as_it_is(text: str) -> None:
    assert shown(text) == text


def test_audit_shows_a_signed_name_with_a_bidi_override_escaped() -> None:
    report = audit_file(bidi_log())
    assert report.names[0] == NAME  # the JSON report keeps the name as signed
    text = format_report(report)
    assert "\u202e" not in text and "\u200b" not in text
    assert "Eve\\u202e\\u200bgnp.exe" in text


def test_replay_shows_a_signed_name_with_a_bidi_override_escaped() -> None:
    record = replay_log(complete_lines(bidi_log().read_bytes()))
    state = ReplayState(record, Translator("en"))
    assert state.name(0) == "Eve\\u202e\\u200bgnp.exe"
    _, status = status_line(state)
    assert "\u202e" not in status
