"""Chinese and Japanese fit: the table's column headers are never cut at 80 columns, and
the replay's score pad lines up in terminal cells (a CJK character takes two)."""

from __future__ import annotations

import re

import pytest

from tests.test_replay import GOLDEN
from tests.test_tui_cjk import screens
from wizard_p2p.disk.log import read_log
from wizard_p2p.tables.wizard.replay import replay_log
from wizard_p2p.tui.i18n import CATALOGUES, Translator
from wizard_p2p.tui.replay_screen import ReplayState, scores_lines
from wizard_p2p.tui.text import width


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_table_headers_are_whole_at_80_columns(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    table = [s for s in screens(lang) if catalogue["col_player"] in s]
    assert table
    for screen in table:
        header = next(line for line in screen.splitlines() if catalogue["col_player"] in line)
        for key in ("col_bid", "col_took", "col_score", "col_trick", "col_last"):
            assert catalogue[key] in header, (key, header)
        assert width(header.rstrip()) <= 80
        # Each label stands alone: a gap before every header of a number's column.
        for key in ("col_bid", "col_took", "col_score"):
            assert f" {catalogue[key]}" in header, (key, header)


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
@pytest.mark.parametrize("cells", [80, 60])
def test_the_replay_score_pad_lines_up_in_cells(lang: str, cells: int) -> None:
    record = replay_log(read_log(GOLDEN / "game.jsonl"))
    state = ReplayState(record, Translator(lang))
    state.jump(record.rounds[-1].round_no)
    while not state.scored:
        state.next_trick()
    rows = scores_lines(state, cells)[1:-1]  # the title and the key line aside
    assert len(rows) == 2 + len(record.rounds)
    for row in rows:
        assert [width(text) for _, text in row] == [width(text) for _, text in rows[0]], row
        assert sum(width(text) for _, text in row) <= cells
    for rnd, row in zip(record.rounds, rows[2:], strict=True):
        for seat, (_, cell) in enumerate(row[1:]):
            # The total ends every cell; the tricks taken sit in one place in each.
            assert cell.endswith(str(rnd.totals[seat]))
            assert cell[-8:-6].strip() == str(rnd.taken[seat])


# One word for one thing in each language: the seeds' words, and the one the program
# chose where the seeds have none (验证/検証 to verify, 游戏记录/記録 for the log).
ONE_WORD = {
    "zh": {"核验": "验证", "日志": "游戏记录", "墩": "纹章", "得分": "经验"},
    "ja": {"照合": "検証", "(?<!プ)ログ": "記録", "バリエーション": "バリアント"},
}


@pytest.mark.parametrize("lang", sorted(ONE_WORD))
def test_one_word_for_one_thing(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    for other, word in ONE_WORD[lang].items():
        said = [k for k, text in catalogue.items() if re.search(other, text)]
        assert said == [], (other, word, said)
        assert any(word in text for text in catalogue.values()), word
