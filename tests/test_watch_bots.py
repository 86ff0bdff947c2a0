"""A watcher learns which seats are bots from the host's gate, and its console words them
in the watcher's language as a seat's console does; the log cannot say it, so a gate
that says nothing leaves every name as given, and a gate that names a seat the game does
not have is refused. Real peers on loopback, in one process."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.lobby_support import NET
from tests.peer_support import waiting_for_seat_0
from tests.test_node_peer import run  # noqa: F401  (a fixture)
from wizard_p2p.commands.wizard_watch import WizardWatch
from wizard_p2p.net import CurveKeys, LobbyServer
from wizard_p2p.node.lobby_common import lobby_keys
from wizard_p2p.node.watch_ask import WatchRefused
from wizard_p2p.node.watch_gate import WatchGate
from wizard_p2p.node.watcher import WatchNode
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.watch_screen import watch_app

CODE = "ABCD-EF23"


def _names_shown(node: WatchNode, lang: str) -> list[str]:
    with create_pipe_input() as pipe:
        app = watch_app(WizardWatch(node), lang, input=pipe, output=DummyOutput())
        return [app.name(s) for s in range(len(WizardWatch(node).snapshot().names))]


def _watch(runner: Callable[..., object], tmp_path: Path, bots: frozenset[int] | None,
           check: Callable[[WatchNode, tuple[str, ...]], None]) -> None:
    """A watcher admitted by a gate that says ``bots``, once it follows the game."""

    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            host = game.peers[0]
            server = LobbyServer(lobby_keys(CODE), host="127.0.0.1", port=0, config=NET)
            await server.start()
            host.attach_gate(WatchGate(server, CODE, host.table.log[0], admission="all",
                                       players=host.table.players, bots=bots))
            node = WatchNode(CurveKeys.generate(), "Screen", "127.0.0.1", server.port, CODE,
                             listen_host="127.0.0.1", net_config=NET)
            try:
                await node.start()
                await game.until(node.ready.is_set, "the watcher's first view")
                check(node, host.table.names)
            finally:
                await node.close()

    runner(main())


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_seats_the_gate_names_are_bots_on_the_watchers_screen(
    tmp_path: Path, lang: str, run: Callable[..., object]  # noqa: F811
) -> None:
    tr = Translator(lang)

    def check(node: WatchNode, names: tuple[str, ...]) -> None:
        assert WizardWatch(node).snapshot().bots == frozenset({1, 2})
        # Numbered among the bots in seat order, whatever their names; the host by name.
        assert _names_shown(node, lang) == [names[0], tr("bot_name", n=1), tr("bot_name", n=2)]
        assert names[1] != tr("bot_name", n=1)  # the word is the watcher's, not the name

    _watch(run, tmp_path, frozenset({1, 2}), check)


def test_a_gate_that_does_not_say_leaves_every_name_as_given(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    def check(node: WatchNode, names: tuple[str, ...]) -> None:
        assert WizardWatch(node).snapshot().bots == frozenset()
        assert _names_shown(node, "zh") == list(names)

    _watch(run, tmp_path, None, check)


def test_a_gate_naming_a_seat_the_game_lacks_is_refused(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    def check(node: WatchNode, names: tuple[str, ...]) -> None:
        raise AssertionError("a watcher followed a game its gate misdescribed")

    with pytest.raises(WatchRefused) as refused:
        _watch(run, tmp_path, frozenset({1, 3}), check)  # a game of three seats: 0, 1, 2
    assert refused.value.said is not None and refused.value.said.key == "error_gate_bots"
    assert "3" in Translator("zh").say(refused.value.said)
