"""``wizard-p2p sorcery resume [GAME]``: a 巫师牌 seat whose program stopped (a crash, a
kill, a lost machine) rebuilt from its data dir and played on to the end: by the person
at the console board (``sorcery_console_seat.board_play``), or by the bot with
``--headless``.

Everything the seat needs is in its data dir: its keys, its log and ``seat.json``
(the master secret every secret of the seat derives from, so that the entries the
table writes again are byte-identical to those on disk), and the deck it brought and
the card file it read (``sorcery_kept``). The card file is ``--cards FILE`` when
given, else the one the seat played with, else the imported copy; the table refuses
one that is not the file the genesis names. The mesh then fetches what the other
seat wrote meanwhile, as a resumed seat of Wizard does.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from wizard_p2p.commands.networked import (
    check_resumable_log,
    matching_games,
    reopen_gate_socket,
    say_line_in,
    seat_data_dir,
    seat_keys,
)
from wizard_p2p.commands.one_program import one_program
from wizard_p2p.commands.options import SorceryResumeOptions, SorceryTableOptions
from wizard_p2p.commands.printout import command
from wizard_p2p.commands.sorcery_console_seat import board_play, no_terminal
from wizard_p2p.commands.sorcery_door import seat_deck
from wizard_p2p.commands.sorcery_gate import open_gate
from wizard_p2p.commands.sorcery_kept import DECK_FILE, kept_deck
from wizard_p2p.commands.sorcery_seat import SeatPlay, outcome_line, play_seat
from wizard_p2p.errors import DecodeError, UsageError
from wizard_p2p.node.lobby import GameStart, load_people
from wizard_p2p.node.peer import GamePeer
from wizard_p2p.node.store import GameStore, list_games
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import game_name

__all__ = ["resume_seat", "run_resume"]


def _chosen_game(data_dir: Path, wanted: str | None) -> GameStore:
    """The game ``wanted`` names (None: the latest game of 巫师牌 this seat played)."""
    stores = list_games(data_dir)
    if wanted:
        stores = matching_games(stores, wanted)
    else:
        stores = [s for s in stores if (s.path / DECK_FILE).exists()]
    if not stores:
        raise UsageError(f"no game to resume in {data_dir / 'games'}").saying(
            "error_no_resume", path=str(data_dir / "games"))
    return stores[0]


def _check_log(store: GameStore, lines: list[bytes]) -> None:
    """Refuse a log this command cannot play on: empty, of another protocol version, or
    of another game (said with the command that resumes it)."""
    check_resumable_log(store, lines)
    try:
        name = game_name(lines[0])
    except DecodeError as exc:
        raise UsageError(f"the log of game {store.game_dir} is damaged: {exc}") from None
    if name != GameName.SORCERY:
        again = command("resume", store.game_dir)
        raise UsageError(
            f"game {store.game_dir} is not a game of 巫师牌; resume it with: {again}"
        ).saying("sorcery_resume_other_game", id=store.game_dir, command=again)


async def resume_seat(options: SorceryResumeOptions, *,
                      play: SeatPlay | None = None) -> GamePeer:
    """Rebuild the seat of the game ``options.game`` names and play it to the end
    (``play``: a person's, else the bot's)."""
    net = options.net
    data_dir = seat_data_dir(net)
    with one_program(data_dir):
        identity, curve = seat_keys(data_dir)
        store = _chosen_game(data_dir, options.game)
        record = store.load_seat()
        lines = store.read_log()
        _check_log(store, lines)
        kept = kept_deck(store)
        cards = options.cards
        if cards is None and kept.cards.is_file():
            cards = kept.cards  # else the imported copy, as for a new seat
        table = SorceryTableOptions(net, kept.code, cards, options.seed, options.stall_limit)
        deck = seat_deck(table)
        say_line_in(net, "resume_headless", id=store.game_dir, n=record.seat + 1,
                    lines=len(lines))
        start = GameStart(lines[0], store, record, load_people(store))
        # A host's watch gate opens again where its watchers knew it.
        server = await reopen_gate_socket(net, record)
        gated: list[GamePeer] = []

        def gate(peer: GamePeer) -> None:
            assert server is not None
            open_gate(net, server, record.invite_code, peer, admit=options.admit_watchers,
                      resumed=True)
            gated.append(peer)  # the seat closes the gate, and with it the socket

        try:
            return await (play or play_seat)(start, deck, table, (identity, curve),
                                   gate if server is not None else None)
        finally:
            if server is not None and not gated:
                await server.close()


def run_resume(options: SorceryResumeOptions) -> int:
    """``sorcery resume``: the seat played to the end (at the board, or by the bot with
    ``--headless``), the outcome printed; exit 0 for a finished game, 1 otherwise."""
    net = options.net
    play: SeatPlay | None = None
    if not net.headless:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise no_terminal()
        play = board_play()
    peer = asyncio.run(resume_seat(options, play=play))
    if not net.quiet:
        print(f"巫师牌: {outcome_line(peer, net.lang)}", flush=True)
    return 0 if isinstance(peer.outcome, Finished) else 1
