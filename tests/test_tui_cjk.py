"""Chinese and Japanese screens: the rule book's words, full-width punctuation, and the
player and `play`'s bots named in the player's language.

简体中文 says 纹章 for a trick, as the Simplified Chinese rules do (never 墩). Inside a
Chinese or Japanese sentence the punctuation is full-width (：，。！？（）；): checked in
every catalogue entry and on screens drawn at each stage of a game, where texts are
joined (the story's lines, the progress, the panels' labels).
"""

from __future__ import annotations

import re

import pytest
from prompt_toolkit.input import create_pipe_input

from tests.test_tui_render import advance
from wizard_p2p.bots import make_policy
from wizard_p2p.rules import GameConfig, Phase
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import FINAL, LOG, ROUND, SCORES, WizardApp
from wizard_p2p.tui.headless import FixedSizeOutput, screen_text
from wizard_p2p.tui.i18n import JA, ZH
from wizard_p2p.tui.story import story

CJK = r"[\u3040-\u30ff\u3400-\u9fff]"
# ASCII punctuation next to a CJK character (a space between counts as next to it).
ASCII_IN_CJK = re.compile(rf"{CJK} ?[:;,.!?()]|[:;,!?()] ?{CJK}")
LONE_KEY = re.compile(r"(?<!\S)\?(?!\S)")  # the "?" key named in a key line


def ascii_punctuation(text: str) -> list[str]:
    return ASCII_IN_CJK.findall(LONE_KEY.sub("", text))


@pytest.mark.parametrize("catalogue", [ZH, JA], ids=["zh", "ja"])
def test_every_catalogue_entry_uses_full_width_punctuation(catalogue: dict[str, str]) -> None:
    for key, text in catalogue.items():
        assert not ascii_punctuation(text), (key, text)
        if any(re.match(CJK, ch) for ch in text):
            assert not re.search(r"[:;!()]", LONE_KEY.sub("", text)), (key, text)


def test_chinese_says_wenzhang_for_a_trick_and_never_dun() -> None:
    assert all("墩" not in text for text in ZH.values())
    for key in ("col_took", "col_trick", "story_trick", "last_trick", "story_wins", "pad_sub"):
        assert "纹" in ZH[key], key


def screens(lang: str) -> list[str]:
    """The screen at each stage of a game against `play`'s bots, with its windows."""
    config = GameConfig.with_variants(4, ["plus_minus_one"])
    names = ["You", "Bot 1", "Bot 2", "Bot 3"]
    s = OfflineSeat(config, names, [None] + [make_policy("random") for _ in range(3)], seed=4)
    shown: list[str] = []
    with create_pipe_input() as pipe:
        app = WizardApp(s, lang, input=pipe, output=FixedSizeOutput())

        def look() -> None:
            app.refresh()
            shown.append("\n".join(screen_text(app, 80, 24)))
            shown.extend(story(app))

        advance(s, lambda s: s.game.round_no == 3 and s.game.phase is Phase.BID)
        look()
        advance(s, lambda s: s.game.round_no == 3 and s.game.phase is Phase.PLAY)
        app.selected = app.hand.index(s.snapshot().view.legal_plays[0])
        look()
        for overlay in (SCORES, LOG):
            app.overlay = overlay
            look()
        app.overlay = None
        advance(s, lambda s: s.game.round_no == 4)
        app.overlay = ROUND
        look()
        advance(s, lambda s: s.game.is_over)
        app.overlay = FINAL
        look()
    return shown


@pytest.mark.parametrize(
    ("lang", "you", "bot"), [("zh", "你", "机器人 1"), ("ja", "あなた", "ボット 1")]
)
def test_cjk_screens_name_the_player_and_the_bots_and_punctuate_full_width(
    lang: str, you: str, bot: str
) -> None:
    texts = screens(lang)
    joined = "\n".join(texts)
    assert you in joined and bot in joined
    assert "You" not in joined and "Bot " not in joined
    for text in texts:
        assert not ascii_punctuation(text), (lang, ascii_punctuation(text), text)
    if lang == "zh":
        assert "纹章" in joined and "墩" not in joined


def test_english_speaks_to_the_player_as_you() -> None:
    joined = "\n".join(screens("en"))
    for wrong in ("You leads", "You deals", "You wins", "You is"):
        assert wrong not in joined
    assert "Bot 1" in joined and "You" in joined
