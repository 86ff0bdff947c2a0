"""The console names as bots the seats its snapshot says a program plays, and nobody else:
a person who calls themselves "Bot 2" keeps that name, a bot keeps its place as a bot
whatever it is called."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.lobby_support import host_lobby, joiner, until
from tests.test_node_peer import Game, Player, run  # noqa: F401  (run: a fixture)
from wizard_p2p.bots import make_policy
from wizard_p2p.commands.wizard_seat import WizardSeat
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import GameConfig
from wizard_p2p.seat.controller import SeatController
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import WizardApp


def names_shown(seat: SeatController, lang: str) -> list[str]:
    with create_pipe_input() as pipe:
        app = WizardApp(seat, lang, input=pipe, output=DummyOutput())
        return [app.name(s) for s in range(len(seat.snapshot().names))]


def test_a_practice_game_names_its_bots_and_leaves_a_person_called_bot_alone() -> None:
    policies = [None, None, make_policy("random"), make_policy("random")]
    # Seat 1 is a person (no policy) who calls themselves "Bot 2"; seat 3's bot is "Ann".
    seat = OfflineSeat(GameConfig(4), ["Me", "Bot 2", "Zed", "Ann"], policies, seed=3)
    assert seat.snapshot().bots == frozenset({2, 3})
    assert names_shown(seat, "zh") == ["你", "Bot 2", "机器人 1", "机器人 2"]
    assert names_shown(seat, "en") == ["You", "Bot 2", "Bot 1", "Bot 2"]


def test_a_practice_game_answers_that_nothing_is_stalled() -> None:
    seat = OfflineSeat(GameConfig(3), ["Me", "Bot 1", "Bot 2"],
                       [None, make_policy("random"), make_policy("random")], seed=1)
    try:
        seat.abort_stalled()
    except UsageError as exc:
        assert "nothing is stalled" in str(exc)
    else:
        raise AssertionError("a practice game ended as if a seat had stalled")


def test_a_networked_seat_knows_its_bots_from_the_lobby_not_from_their_names(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        host = host_lobby(tmp_path, seats=3)
        await host.open()
        serving = asyncio.ensure_future(host.serve(autostart=True))
        # A person named "Bot 2", and a bot named "Ann" (its hello says it is one).
        lobbies = [joiner(tmp_path, host, "Bot 2"), joiner(tmp_path, host, "Ann", bot=True)]
        tasks: list[asyncio.Future[Any]] = [serving]
        try:
            for lobby in lobbies:
                tasks.append(asyncio.ensure_future(lobby.join()))
                await until([host], lambda: len(host.players) == len(tasks))
            starts = await asyncio.wait_for(asyncio.gather(*tasks), 60)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for lobby in [*lobbies, host]:
                await lobby.close()
        players = sorted(
            (Player(start, lobby.identity, lobby.curve_keys)
             for start, lobby in zip(starts, [host, *lobbies], strict=True)),
            key=lambda p: p.seat,
        )
        game = Game(players)
        game.peers = [game.peer(p, people=p.start.people) for p in players]
        for peer in game.peers:
            await peer.start()
        try:
            await game.until(lambda: all(p.ready.is_set() for p in game.peers), "a first view")
            snap = WizardSeat(game.peers[0]).snapshot()
            assert snap.names == ("Host", "Bot 2", "Ann")  # people first, then the bots
            assert all(WizardSeat(p).snapshot().bots == frozenset({2}) for p in game.peers)
            assert names_shown(WizardSeat(game.peers[0]), "zh") == ["你", "Bot 2", "机器人 1"]
        finally:
            for peer in game.peers:
                await peer.close()

    run(main())
