"""Message catalogues of the console: English, 简体中文 and 日本語.

Every text the front end shows goes through a ``Translator``: ``tr("bid_prompt")``
or ``tr("waiting_bid", name="Ana")``. The three catalogues have the same keys and
the same placeholders (a test checks it), so a missing or misspelt key fails in the
tests, not in front of a player.

The game's own words come from the rule books in ``shared/seeds``:

* 简体中文 (rules-zh-hans): 巫师牌 / 愚者牌, 人类（蓝）/ 精灵（绿）/ 矮人（红）/ 巨人（黄）,
  王牌 for trump, 预测 for a bid, 纹章 (巫师纹章) for a trick, the one word for it,
  真言册 for the score pad, 经验 (经验点) for a score, in every screen and printout,
  经验点 for points, 发牌者 for the dealer, and the variants 加一减一 / 隐蔽竞标 /
  秘密预言 / 鹰眼术.
* 日本語 (rules-ja): 魔法使い / 道化師, 人（青）/ エルフ（緑）/ ドワーフ（赤）/ 巨人（黄）
  (the seed misprints ドワーフ as ドワース), 切り札 for trump, 予想 for a bid,
  トリック, ディーラー, スコアパッド, and the variants ±1 / 隠しビッド / 透視.

Card faces keep their letters in every language (``B13``, ``G1``, ``Z``, ``N``):
they are what is printed on the cards and they stay narrow and readable without
colour.
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping

from wizard_p2p.errors import Said, UsageError
from wizard_p2p.rules import Card, Suit
from wizard_p2p.tui.catalogue_en import EN
from wizard_p2p.tui.catalogue_help_en import HELP_EN
from wizard_p2p.tui.catalogue_help_ja import HELP_JA
from wizard_p2p.tui.catalogue_help_zh import HELP_ZH
from wizard_p2p.tui.catalogue_ja import JA
from wizard_p2p.tui.catalogue_zh import ZH

LANGUAGES = ("en", "zh", "ja")
LANGUAGE_NAMES = {"en": "English", "zh": "简体中文", "ja": "日本語"}


# The console's words and the command line's help (``catalogue_help_*``), per language.
CATALOGUES: Mapping[str, Mapping[str, str]] = {
    "en": {**EN, **HELP_EN}, "zh": {**ZH, **HELP_ZH}, "ja": {**JA, **HELP_JA},
}


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a catalogue entry."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale: the first of LC_ALL, LC_MESSAGES, LANG that is set.

    ``zh*`` gives 简体中文, ``ja*`` gives 日本語, anything else English (as gettext
    reads these variables, LANGUAGE aside).
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.lower()
            if code.startswith("zh"):
                return "zh"
            if code.startswith("ja"):
                return "ja"
            return "en"
    return "en"


def resolve_lang(lang: str | None) -> str:
    """``lang`` as given on the command line (None: from the locale); refuses unknown ones."""
    if lang is None or lang == "":
        return default_lang()
    key = lang.strip().lower().replace("_", "-")
    aliases = {"zh-cn": "zh", "zh-hans": "zh", "zh-sg": "zh", "ja-jp": "ja", "en-us": "en"}
    key = aliases.get(key, key)
    if key not in CATALOGUES:
        raise UsageError(
            f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}"
        ).saying("error_unknown_lang", lang=repr(lang), choices=", ".join(LANGUAGES))
    return key


class Translator:
    """Looks texts up in one language's catalogue."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = resolve_lang(lang)
        self._catalogue = CATALOGUES[self.lang]

    def __call__(self, key: str, **fields: object) -> str:
        text = self._catalogue[key]
        return text.format(**fields) if fields else text

    def say(self, said: Said) -> str:
        """A sentence given as data (``errors.Said``), its ``Said`` fields worded first."""
        fields = {k: self.say(v) if isinstance(v, Said) else v for k, v in said.fields.items()}
        return self(said.key, **fields)

    def suit(self, suit: Suit, *, short: bool = False) -> str:
        return self(("suit_short_" if short else "suit_") + suit.name)

    def card_name(self, card: Card) -> str:
        """A card in words, e.g. "Dwarves (red) 7", "巫师牌", "道化師"."""
        if card.is_wizard:
            return self("wizard")
        if card.is_jester:
            return self("jester")
        assert card.suit is not None
        return f"{self.suit(card.suit)} {card.rank}"

    def variant(self, name: str) -> str:
        return self("variant_" + name)
