"""The console ``watch`` when the game never deals: it ends with a sentence, no screen.

A gate admits the watcher, but no player ever sends it an entry: the watcher gives up
once no player has been heard for ``PLAYERS_GONE`` seconds, says that there is no
table to show and why it stopped, and exits non-zero.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.lobby_support import NET
from tests.protocol_support import new_game
from wizard_p2p.cli import parse_options
from wizard_p2p.commands.options import WatchOptions
from wizard_p2p.commands.watch import watch_async
from wizard_p2p.net import LobbyServer
from wizard_p2p.node import watcher as watcher_module
from wizard_p2p.node.lobby_common import lobby_keys
from wizard_p2p.node.watch_gate import WatchGate

GAME = new_game(3)
CODE = "ABCD-EF23"


def test_a_console_watcher_of_a_game_that_never_deals_ends_with_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(watcher_module, "PLAYERS_GONE", 0.5)

    async def main() -> watcher_module.WatchNode:
        server = LobbyServer(lobby_keys(CODE), host="127.0.0.1", port=0, config=NET)
        await server.start()
        gate = WatchGate(server, CODE, GAME.tables[0].log[0], admission="all",
                         players=GAME.tables[0].players)
        gate.start()
        options = parse_options([
            "watch", f"127.0.0.1:{server.port}", "--code", CODE, "--name", "Screen",
            "--data-dir", str(tmp_path), "--listen", "127.0.0.1",
        ])
        assert isinstance(options, WatchOptions)
        try:
            return await asyncio.wait_for(watch_async(options), 30)
        finally:
            await gate.close()

    node = asyncio.run(main())
    out = capsys.readouterr().out
    assert "the game was never dealt: there is no table to show" in out
    assert node.lost is not None and "no player heard" in node.lost
    assert f"stopped watching ({node.lost})" in out
