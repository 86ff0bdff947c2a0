"""A seat at a networked 巫师牌 table, played by the bot: ``sorcery host`` and ``sorcery
join`` with ``--headless``, and each seat of ``sorcery play --headless``.

The deck is read with this run's card file and checked whole before any lobby is
opened or greeted (``sorcery_door.seat_deck``). The lobby seats two players, the host
proposes the terms of both public decks and every player endorses them; the seat then
opens its table with its own whole deck, which it never sends, and the card data the
terms name (``GamePeer(private=…, cards=…)``), and its bot plays to the end. A person's
seat (``commands.sorcery_console_seat``) goes through the same lobby with its own ``play``.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from wizard_p2p.bots.sorcery_seat import SorcerySeatBot
from wizard_p2p.commands.announcing import announce_lobby, not_announced
from wizard_p2p.commands.local_game import LOOPBACK, check_copy_targets
from wizard_p2p.commands.networked import (
    copy_logs,
    net_config_of,
    parse_address,
    say_line,
    say_line_in,
    seat_keys,
    settle_store,
)
from wizard_p2p.commands.one_program import one_program
from wizard_p2p.commands.options import (
    NetOptions,
    SorceryHostOptions,
    SorceryJoinOptions,
    SorceryPlayOptions,
    SorceryTableOptions,
)
from wizard_p2p.commands.printout import command, labelled, shell_path, terminal_columns
from wizard_p2p.commands.sorcery_cards import card_file_path, load_card_file, resolve_deck
from wizard_p2p.commands.sorcery_door import SeatDeck, check_own_deck, seat_deck
from wizard_p2p.commands.sorcery_gate import open_gate
from wizard_p2p.commands.sorcery_kept import KeptDeck, deck_code, keep_deck
from wizard_p2p.errors import UsageError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys
from wizard_p2p.node.invite import new_invite_code
from wizard_p2p.node.lobby import GameStart, HostLobby, JoinLobby
from wizard_p2p.node.peer import GamePeer, PeerTimers
from wizard_p2p.node.store import default_data_dir
from wizard_p2p.ports import reserve_port
from wizard_p2p.protocol.events import Finished, Outcome
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.shown import shown
from wizard_p2p.sorcery.cardfile import CardDatabase
from wizard_p2p.sorcery.starters import STARTERS
from wizard_p2p.tables.sorcery.table_replica import SorceryResult, look_choice

__all__ = ["JOIN_TIMEOUT", "Gate", "SeatPlay", "finished_line", "host_seat", "join_seat",
           "keep_seat", "outcome_line", "play_networked", "play_seat", "run_seat"]

JOIN_TIMEOUT = 30.0
"""Seconds a joining seat keeps asking for a lobby that does not answer yet."""

SEATS = 2
SILENCE_LIMIT = 3.0  # the command line's default --silence-limit

Gate = Callable[[GamePeer], None]
"""Opens the host's watch gate once its seat started."""

SeatPlay = Callable[
    [GameStart, SeatDeck, "SorceryTableOptions", tuple[Identity, CurveKeys], Gate | None],
    Awaitable[GamePeer],
]
"""How a seat plays once the lobby has started its game: by the bot (``play_seat``) or
by a person at the board."""


async def host_seat(options: SorceryHostOptions, *, code: str | None = None,
                    play: SeatPlay | None = None) -> GamePeer:
    """Open a 巫师牌 table's lobby, seat one joiner, and play the host's seat to the end
    (``code``: the invite code, chosen before a local joiner started; ``play``: a
    person's, else the bot's). The lobby is
    announced on the local network unless ``--no-announce`` (its announcement names the
    game), until the game's end; its socket becomes the watch gate once the game began."""
    table = options.table
    net = table.net
    deck = seat_deck(table)  # refused before anything is opened
    data_dir = net.data_dir or default_data_dir()
    with one_program(data_dir):
        identity, curve = seat_keys(data_dir)
        lobby = HostLobby(identity, curve, net.name, deck.terms(), data_dir,
                          listen_host=net.listen, port=options.port, mesh_port=net.mesh_port,
                          net_config=net_config_of(net), bot=play is None,
                          door=deck.door(), gate=True)
        if code is not None:
            lobby.code = code
        await lobby.open()
        announcer, unannounced = await announce_lobby(
            options.announce, lobby,
            on_failure=lambda reason: say_line(net, not_announced(reason, net.lang)))
        try:
            for address in lobby.addresses:
                say_line_in(net, "lobby_headless_join_with", command=command(
                    "sorcery", "join", address, "--code", lobby.code, "--deck", "CODE"))
            if unannounced is not None:
                say_line(net, not_announced(unannounced, net.lang))
            try:
                start = await lobby.serve(autostart=True)
                server = lobby.hand_over_socket()  # the watch gate's, once the game began
            finally:
                await lobby.close()

            gated: list[GamePeer] = []

            def gate(peer: GamePeer) -> None:
                open_gate(net, server, lobby.code, peer, admit=options.admit_watchers)
                gated.append(peer)  # the seat closes the gate, and with it the socket

            try:
                return await (play or play_seat)(start, deck, table, (identity, curve), gate)
            finally:
                if not gated:
                    await server.close()
        finally:
            if announcer is not None:
                await announcer.close()


async def join_seat(options: SorceryJoinOptions, *, play: SeatPlay | None = None) -> GamePeer:
    """Join the 巫师牌 table at ``options.address`` (None: the one table of 巫师牌 announced
    on the local network) and play the seat to the end (``play``: a person's, else the
    bot's)."""
    table = options.table
    net = table.net
    if not options.code:
        raise UsageError("the host's invite code is needed: --code ABCD-EF23").saying(
            "error_code_needed")
    deck = seat_deck(table)
    if options.address is not None:
        host, port = parse_address(options.address)
    else:
        from wizard_p2p.commands.find import choose_table

        host, port, _ = await choose_table("sorcery join", options.code, headless=True,
                                           lang=net.lang, watching=False,
                                           game=GameName.SORCERY)
    data_dir = net.data_dir or default_data_dir()
    with one_program(data_dir):
        identity, curve = seat_keys(data_dir)
        say_line_in(net, "lobby_headless_connecting", address=f"{host}:{port}", name=net.name,
                    fingerprint=identity.fingerprint)
        lobby = JoinLobby(identity, curve, net.name, host, port, options.code, data_dir,
                          listen_host=net.listen, mesh_port=net.mesh_port,
                          net_config=net_config_of(net), bot=play is None,
                          game=GameName.SORCERY,
                          deck=deck.part, word_fault=deck.word_fault)
        try:
            start = await lobby.join(timeout=JOIN_TIMEOUT)
        finally:
            await lobby.close()
        return await (play or play_seat)(start, deck, table, (identity, curve), None)


def keep_seat(start: GameStart, deck: SeatDeck, table: SorceryTableOptions) -> GameStart:
    """The seat's store settled, and its deck code and the card file's path kept beside
    its log before its first entry (``sorcery_kept``): with the log and the master
    secret, all ``sorcery resume`` needs."""
    start = settle_store(start)
    keep_deck(start.store, KeptDeck(deck_code(deck.deck),
                                    card_file_path(table.cards, table.net.data_dir)))
    return start


async def play_seat(start: GameStart, deck: SeatDeck, table: SorceryTableOptions,
                    keys: tuple[Identity, CurveKeys], gate: Gate | None = None) -> GamePeer:
    """Play the seat the lobby (or a resume) gives to the end, by the bot (``gate``:
    opens the host's watch gate once the seat started)."""
    start = keep_seat(start, deck, table)
    net = table.net
    seed = table.seed
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    peer = GamePeer(start.store, start.record, *keys,
                    start.genesis, net_config=net_config_of(net),
                    bot=SorcerySeatBot(start.record.seat, seed, look=look_choice),
                    auto_abort=True, timers=PeerTimers(stall_limit=table.stall_limit),
                    people=start.people, private=deck.deck, cards=deck.library)
    try:
        await peer.start()
        if gate is not None:
            gate(peer)
        await peer.run_until_finished()
    finally:
        await peer.close()
    return peer


def outcome_line(peer: GamePeer | None, lang: str | None) -> str:
    """How the seat's game ended, in one line in the language ``lang``: the winner (or
    the draw) and why."""
    if peer is None:
        return finished_line(None, (), lang)
    return finished_line(peer.outcome, peer.table.names, lang)


def finished_line(outcome: Outcome | None, names: tuple[str, ...], lang: str | None) -> str:
    """How a game of 巫师牌 between ``names`` ended, in one line in the language ``lang``:
    the winner (or the draw) and why; that it did not finish, unless ``Finished``."""
    from wizard_p2p.tui.i18n import Translator

    tr = Translator(lang)
    if not isinstance(outcome, Finished):
        return tr("sorcery_net_unfinished")
    said = (tr("sorcery_net_won", name=shown(names[outcome.winners[0]]),
               n=outcome.winners[0] + 1) if outcome.winners else tr("sorcery_end_draw"))
    result = outcome.result
    if isinstance(result, SorceryResult):
        ended = result.outcome
        why = tr(f"sorcery_end_{ended.reason.value.replace('-', '_')}", turn=ended.turn)
        said += (" " if said.endswith(".") else "") + why  # CJK's 。 needs no space
    return said


def run_seat(options: SorceryHostOptions | SorceryJoinOptions) -> int:
    """``sorcery host`` or ``sorcery join`` with ``--headless`` (``sorcery bot``): the
    seat played by the bot to the end, the outcome printed; exit 0 for a finished game,
    1 otherwise (without ``--headless`` a person plays: ``sorcery_console_seat``)."""
    net = options.table.net
    seat = host_seat(options) if isinstance(options, SorceryHostOptions) else join_seat(options)
    peer = asyncio.run(seat)
    if not net.quiet:
        print(f"巫师牌: {outcome_line(peer, net.lang)}", flush=True)
    return 0 if isinstance(peer.outcome, Finished) else 1


def play_networked(options: SorceryPlayOptions) -> int:
    """``sorcery play --headless`` without ``--offline``: two bots over loopback, this
    process the host's seat and another process the joiner's; every seat's log copied
    to ``--out`` as ``seat-<n>.jsonl`` (else kept in a temporary folder, removed).
    Exit 0 for a finished game whose copies were all written, 1 otherwise."""
    cards_file = card_file_path(options.cards, options.data_dir).resolve()
    _, cards = load_card_file(cards_file, None)
    names = (options.deck or STARTERS[0].name, options.against or STARTERS[1].name)
    codes = [check_own_deck_code(name, cards) for name in names]
    if options.out is not None:
        check_copy_targets(options.out, SEATS, force=options.force)
    out = options.out or Path(tempfile.mkdtemp(prefix="wizard-p2p-sorcery-"))
    out.mkdir(parents=True, exist_ok=True)
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(2**32)
    port, code = reserve_port(), new_invite_code()
    joiner = subprocess.Popen(
        [sys.executable, "-m", "wizard_p2p", "sorcery", "join", f"{LOOPBACK}:{port}",
         "--code", code, "--deck", codes[1], "--cards", str(cards_file),
         "--seed", str(seed + 1), "--name", "Bot 2", "--data-dir", str(out / "seat-1"),
         "--listen", LOOPBACK, "--headless", "--quiet"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
    )
    # The lobby's port is reserved, so its mesh port is too: the port after it (the
    # host's usual mesh port) may belong to anyone.
    net = NetOptions(name="Bot 1", data_dir=out / "seat-0", listen=LOOPBACK,
                     mesh_port=reserve_port(LOOPBACK), silence_limit=SILENCE_LIMIT,
                     lang=options.lang, headless=True, quiet=True)
    host = SorceryHostOptions(SorceryTableOptions(net, codes[0], cards_file, seed), port=port,
                              announce=False)
    peer: GamePeer | None = None
    refused = False
    try:
        peer = asyncio.run(host_seat(host, code=code))
    finally:
        finished = peer is not None and isinstance(peer.outcome, Finished)
        if not finished:
            joiner.terminate()
        try:
            joiner.wait(timeout=30)
        except subprocess.TimeoutExpired:
            joiner.kill()
        if options.out is not None:
            refused = copy_logs(out / "seat-0", SEATS, out, force=options.force,
                                 lang=options.lang)
        else:
            shutil.rmtree(out, ignore_errors=True)
    print(f"巫师牌, seed {seed}: {outcome_line(peer, options.lang)}", flush=True)
    if options.out is not None:
        from wizard_p2p.tui.i18n import Translator

        print(labelled(Translator(options.lang)("end_seats_logs"), shell_path(out),
                       terminal_columns()), flush=True)
    return 0 if isinstance(peer.outcome, Finished) and not refused else 1


def check_own_deck_code(name: str, cards: CardDatabase) -> str:
    """The code of the deck ``name`` (a code or a starter's name), checked whole."""
    deck = resolve_deck(name, cards)
    check_own_deck(deck, cards)
    return deck.code
