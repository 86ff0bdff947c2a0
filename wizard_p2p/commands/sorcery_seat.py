"""A seat at a networked 巫师牌 table, played by the bot: ``sorcery host`` and ``sorcery
join`` with ``--headless``, and each seat of ``sorcery play --headless``.

The deck is read with this run's card file and checked whole before any lobby is
opened or greeted (``sorcery_door.seat_deck``). The lobby seats two players, the host
proposes the terms of both public decks and every player endorses them; the seat then
opens its table with its own whole deck, which it never sends, and the card data the
terms name (``GamePeer(private=…, cards=…)``), and its bot plays to the end.
"""

from __future__ import annotations

import random

from wizard_p2p.bots.sorcery_seat import SorcerySeatBot
from wizard_p2p.commands.networked import _keys, _net_config, _settle_store, parse_address
from wizard_p2p.commands.one_program import one_program
from wizard_p2p.commands.options import SorceryHostOptions, SorceryJoinOptions
from wizard_p2p.commands.sorcery_door import SeatDeck, seat_deck
from wizard_p2p.errors import UsageError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys
from wizard_p2p.node.lobby import GameStart, HostLobby, JoinLobby
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.node.store import default_data_dir
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.rules import GameConfig

__all__ = ["JOIN_TIMEOUT", "host_seat", "join_seat", "outcome_line"]

JOIN_TIMEOUT = 30.0
"""Seconds a joining seat keeps asking for a lobby that does not answer yet."""

_UNUSED_CONFIG = GameConfig(3)  # a 巫师牌 lobby's terms come from its door, not this


async def host_seat(
    options: SorceryHostOptions, *, code: str | None = None, seed: int | None = None
) -> GamePeer:
    """Open a 巫师牌 table's lobby, seat one joiner, and play the host's seat to the end
    (``code``: the invite code, chosen before a local joiner started)."""
    table = options.table
    net = table.net
    deck = seat_deck(table)  # refused before anything is opened
    data_dir = net.data_dir or default_data_dir()
    with one_program(data_dir):
        identity, curve = _keys(data_dir)
        lobby = HostLobby(identity, curve, net.name, _UNUSED_CONFIG, data_dir,
                          listen_host=net.listen, port=options.port, mesh_port=net.mesh_port,
                          net_config=_net_config(net), bot=True, door=deck.door())
        if code is not None:
            lobby.code = code
        await lobby.open()
        try:
            start = await lobby.serve(autostart=True)
        finally:
            await lobby.close()
        return await _play(start, deck, options, (identity, curve), seed)


async def join_seat(options: SorceryJoinOptions, *, seed: int | None = None) -> GamePeer:
    """Join the 巫师牌 table at ``options.address`` and play the seat to the end."""
    table = options.table
    net = table.net
    if options.address is None or not options.code:
        raise UsageError("a seat that joins without a console needs the host's address and "
                         "its invite code: ADDRESS --code ABCD-EF23")
    host, port = parse_address(options.address)
    deck = seat_deck(table)
    data_dir = net.data_dir or default_data_dir()
    with one_program(data_dir):
        identity, curve = _keys(data_dir)
        lobby = JoinLobby(identity, curve, net.name, host, port, options.code, data_dir,
                          listen_host=net.listen, mesh_port=net.mesh_port,
                          net_config=_net_config(net), bot=True, game=GameName.SORCERY,
                          deck=deck.part, word_fault=deck.word_fault)
        try:
            start = await lobby.join(timeout=JOIN_TIMEOUT)
        finally:
            await lobby.close()
        return await _play(start, deck, options, (identity, curve), seed)


async def _play(start: GameStart, deck: SeatDeck,
                options: SorceryHostOptions | SorceryJoinOptions,
                keys: tuple[Identity, CurveKeys], seed: int | None) -> GamePeer:
    start = _settle_store(start)
    net = options.table.net
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    peer = GamePeer(start.store, start.record, *keys,
                    start.genesis, net_config=_net_config(net),
                    bot=SorcerySeatBot(start.record.seat, seed), auto_abort=True,
                    resumable=False, people=start.people, private=deck.deck,
                    cards=deck.library)
    try:
        await peer.start()
        await peer.run_until_finished()
    finally:
        await peer.close()
    return peer


def outcome_line(peer: GamePeer) -> str:
    """How the seat's game ended, in one line."""
    outcome = peer.outcome
    if not isinstance(outcome, Finished):
        return f"巫师牌: the game did not finish ({outcome!r:.200})"
    if not outcome.winners:
        return "巫师牌: a draw"
    return f"巫师牌: seat {outcome.winners[0] + 1} wins"
