"""The watch gate of a 巫师牌 host's seat: its lobby socket, kept open once the game
began, admits watchers (``node.watch_gate``), as a Wizard host's does.

No one is asked (the board asks no question of the host while it plays): the gate
admits every holder of the invite code with ``--admit-watchers`` and refuses every
watcher without it. Its news (who asks, watches, leaves) is a headless line in the
player's language.
"""

from __future__ import annotations

from wizard_p2p.commands.networked import say_line_in
from wizard_p2p.commands.options import NetOptions
from wizard_p2p.net import LobbyServer
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.node.watch_gate import WatchGate

__all__ = ["open_gate"]


def open_gate(net: NetOptions, server: LobbyServer, code: str, peer: GamePeer, *,
              admit: bool, resumed: bool = False) -> None:
    """Hand the lobby socket ``server`` (of invite code ``code``) to a watch gate of the
    started seat ``peer``, which closes it (``resumed``: a resumed host's socket)."""
    gate = WatchGate(server, code, peer.table.log[0], admission="all" if admit else "none",
                     players=peer.table.players, resumed=resumed, bots=peer.bot_seats)

    def news() -> None:
        if gate.news is not None:
            say_line_in(net, f"gate_news_{gate.news}", name=gate.news_who)

    gate.subscribe(news)
    peer.attach_gate(gate)
