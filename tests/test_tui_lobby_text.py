"""The lobby's texts: Chinese and Japanese lobby screens join their labels with the
full-width colon, and the help overlay in the lobby names the host's keys."""

from __future__ import annotations

import pytest
from prompt_toolkit.input import create_pipe_input

from tests.test_tui_cjk import ascii_punctuation
from tests.test_tui_lobby import ApprovingLobby, FakeLobby
from wizard_p2p.tui.app import HELP, WizardApp
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, run_with_keys, screen_text
from wizard_p2p.tui.panels import help_lines


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_chinese_and_japanese_lobbies_use_the_full_width_colon(lang: str) -> None:
    # The host's lobby (joiners waiting, the variant keys) and a joiner's.
    for lobby in (ApprovingLobby(), FakeLobby(["Ana", "本", "ゆい"], you=1)):
        with create_pipe_input() as pipe:
            app = WizardApp(lobby, lang, input=pipe, output=FixedSizeOutput())
            text = "\n".join(screen_text(app))
        assert ": " not in text, text
        assert "：" in text
        assert not ascii_punctuation(text), text


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_help_in_the_lobby_names_the_hosts_keys(lang: str) -> None:
    lobby = ApprovingLobby()

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("?")
        assert app.overlay == HELP
        rows = ["".join(text for _, text in line) for line in help_lines(app, 80)]
        keys = {row.split()[0] for row in rows if row.strip()}
        assert {"a", "x", "-"} <= keys, rows

    run_with_keys(lambda pipe, out: WizardApp(lobby, lang, input=pipe, output=out), script)
