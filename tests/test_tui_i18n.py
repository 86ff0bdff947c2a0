"""Languages, the game's words from the rule books, and cell-width text helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from prompt_toolkit.utils import get_cwidth

from wizard_p2p.errors import UsageError
from wizard_p2p.rules import DECK, VARIANT_NAMES, Card, Suit
from wizard_p2p.tui.controls import flow, line_width
from wizard_p2p.tui.i18n import CATALOGUES, Translator, default_lang, placeholders, resolve_lang
from wizard_p2p.tui.text import card_class, card_label, clip, pad

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def test_catalogues_have_the_same_keys_and_placeholders() -> None:
    en = CATALOGUES["en"]
    for lang, catalogue in CATALOGUES.items():
        assert set(catalogue) == set(en), lang
        for key, text in catalogue.items():
            assert placeholders(text) == placeholders(en[key]), (lang, key)
    for name in VARIANT_NAMES:
        for lang in CATALOGUES:
            assert Translator(lang).variant(name)


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "ja_JP.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, "zh"),
        ({"LC_ALL": "", "LANG": "zh_TW.UTF-8"}, "zh"),
    ],
)
def test_default_language_from_the_locale(env: dict[str, str], lang: str) -> None:
    assert default_lang(env) == lang


def test_language_names_on_the_command_line() -> None:
    assert resolve_lang("zh-CN") == "zh"
    assert resolve_lang("JA") == "ja"
    assert resolve_lang("en") == "en"
    with pytest.raises(UsageError, match="unknown language"):
        resolve_lang("fr")


def test_card_and_suit_names_follow_the_rule_books() -> None:
    zh, ja, en = Translator("zh"), Translator("ja"), Translator("en")
    wizard, jester = Card.parse("Z2"), Card.parse("N3")
    assert zh.card_name(wizard) == "巫师牌" and zh.card_name(jester) == "愚者牌"
    assert ja.card_name(wizard) == "魔法使い" and ja.card_name(jester) == "道化師"
    assert en.card_name(Card.parse("R7")) == "Dwarves (red) 7"
    assert [zh.suit(s, short=True) for s in Suit] == ["人类", "精灵", "矮人", "巨人"]
    assert [ja.suit(s, short=True) for s in Suit] == ["人", "エルフ", "ドワーフ", "巨人"]
    assert zh("trump") == "王牌" and ja("trump") == "切り札"


@pytest.mark.skipif(
    not SEEDS.is_dir(), reason="the rule books (shared/seeds) are not beside the repo"
)
def test_the_words_occur_in_the_seeds() -> None:
    zh_text = (SEEDS / "rules-zh-hans.txt").read_text(encoding="utf-8")
    ja_text = (SEEDS / "rules-ja.txt").read_text(encoding="utf-8")
    zh, ja = Translator("zh"), Translator("ja")
    for word in [*(zh.suit(s, short=True) for s in Suit), "巫师牌", "愚者牌", "王牌", "预测"]:
        assert word in zh_text, word
    for name in ("plus_minus_one", "hidden_bids", "secret_bids", "clairvoyance"):
        assert zh.variant(name) in zh_text, name
    # The Japanese book misprints ドワーフ as ドワース; the other words are its own.
    for word in ["人", "エルフ", "巨人", "魔法使い", "道化師", "切り札", "ディーラー", "トリック"]:
        assert word in ja_text, word
    for name in ("hidden_bids", "clairvoyance"):
        assert ja.variant(name) in ja_text, name


def test_card_faces_are_letters() -> None:
    assert [card_label(c) for c in DECK[:3]] == ["B1", "B2", "B3"]
    assert {card_label(c) for c in DECK if c.is_wizard} == {"Z"}
    assert {card_label(c) for c in DECK if c.is_jester} == {"N"}
    assert len({card_class(c) for c in DECK}) == 6  # four suits, Wizards, Jesters


def test_clip_and_pad_count_cells() -> None:
    assert clip("王芳芳", 5) == "王芳~"
    assert clip("王芳", 4) == "王芳"
    assert pad("王", 4) == "王  "
    assert pad("7", 3, ">") == "  7"
    assert pad("ab", 4, "^") == " ab "


TEXT = st.text(
    alphabet=st.sampled_from(list("abcXYZ 19-") + list("王芳巫师ゆいウィザード（）±")),
    max_size=40,
)


@given(TEXT, st.integers(min_value=0, max_value=30))
def test_pad_fills_exactly_and_clip_never_overflows(text: str, cells: int) -> None:
    assert get_cwidth(clip(text, cells)) <= cells
    assert get_cwidth(pad(text, cells)) == cells
    if get_cwidth(text) <= cells:
        assert clip(text, cells) == text


@given(st.lists(TEXT, max_size=12), st.integers(min_value=2, max_value=40))
def test_flow_never_exceeds_the_width_and_keeps_the_text(parts: list[str], cells: int) -> None:
    # (Two cells at least: a wide character fits nowhere narrower.)
    units = [[("", part)] for part in parts]
    lines = flow(units, cells)
    assert all(line_width(line) <= cells for line in lines)
    joined = "".join(f[1] for line in lines for f in line)
    # Only spaces at the start of a line may be dropped.
    assert joined.replace(" ", "") == "".join(parts).replace(" ", "")
