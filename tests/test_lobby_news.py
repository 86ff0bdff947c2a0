"""The lobby's statuses are data (``LobbyNews``) that each console words in its own
language: a real lobby on loopback, the console's snapshot of it, and its text in
en/zh/ja with no English left in the Chinese and Japanese."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.lobby_support import TableFactory
from wizard_p2p.commands.lobby_adapter import LobbyAdapter
from wizard_p2p.node.lobby_news import QUIET, LobbyNews, LobbyStatus, news_text
from wizard_p2p.tui.i18n import CATALOGUES, Translator
from wizard_p2p.tui.lobby_screen import lobby_status_text


async def _no_peer(start: Any) -> Any:
    raise AssertionError("no game starts in this test")


def test_a_joiner_arriving_and_leaving_is_news_each_console_words(
    lobby_table: TableFactory,
) -> None:
    seen: dict[str, list[str]] = {"en": [], "zh": [], "ja": []}

    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            adapter = LobbyAdapter(host, _no_peer)
            assert host.news == LobbyStatus(LobbyNews.OPEN) and adapter.snapshot().news == ""
            t.serve()
            ben = t.joiner("Ben")
            joining = t.join(ben)
            # Quiet for Ben: his screen shows his seat.
            await t.until(lambda: host.news.news is LobbyNews.JOINED
                          and ben.news.news is LobbyNews.SEATED)
            assert host.news.who == "Ben" and not ben.news.shown
            for lang in seen:
                seen[lang].append(lobby_status_text(adapter.snapshot(), Translator(lang)))
            joining.cancel()
            await asyncio.gather(joining, return_exceptions=True)
            await ben.close()  # says bye
            await t.until(lambda: host.news.news is LobbyNews.LEFT)
            for lang in seen:
                seen[lang].append(lobby_status_text(adapter.snapshot(), Translator(lang)))

    asyncio.run(main())
    assert "Ben joined" in seen["en"][0] and "Ben left the lobby" in seen["en"][1]
    assert "Ben 加入了" in seen["zh"][0] and "Ben 离开了大厅" in seen["zh"][1]
    assert "Ben が参加しました" in seen["ja"][0] and "Ben がロビーを出ました" in seen["ja"][1]
    for text in seen["zh"] + seen["ja"]:
        assert not re.search(r"[A-Za-z]{3,}", text.replace("Ben", "")), text


@pytest.mark.parametrize("lang", sorted(CATALOGUES))
@pytest.mark.parametrize("news", sorted(set(LobbyNews) - QUIET))
def test_every_news_a_console_shows_is_worded_in_every_language(lang: str, news: str) -> None:
    text = CATALOGUES[lang][f"lobby_news_{news}"].format(who="Ben")
    assert "Ben" in text or "{who}" not in CATALOGUES[lang][f"lobby_news_{news}"]
    assert news_text(LobbyStatus(LobbyNews(news), "Ben"))  # and a headless seat's English
