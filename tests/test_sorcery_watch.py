"""``sorcery watch``: a watcher follows a 巫师牌 game between two processes to its end and
holds no card of a hand or a deck order that was not opened to both players.

The host (``sorcery host --admit-watchers``) and the joiner are ``wizard-p2p`` processes
on loopback; the joiner is held stopped (SIGSTOP) mid-game while the watcher, run in
this process through the command line, is admitted, and let go once the watcher holds
its first entry. The watcher's sockets are the only ones of this process, so every
frame its mesh and its gate connection decoded is recorded where it is decoded: the
bytes of every message it was sent. Its headless lines tell the turns, the actions and
the winner in the reader's language; the log it saved is the players' and verifies.

The hidden-card check rebuilds each seat's own game from its data dir (its log, keys,
master secret and kept deck, as ``sorcery resume`` does) at two points (while the
joiner was stopped, and just before the decks are opened at the end), and an observer's
game from the log: every card in a hand that the observer does not know, and that is
not public elsewhere, appears in no message the watcher received up to that point,
neither as its number nor as the hex of its number (as an opening carries it); and no
card of either deck is known to the observer.
"""

from __future__ import annotations

import json
import os
import re
import signal
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.test_node_multiprocess import GAME_DEADLINE, Proc, wait_until
from tests.test_sorcery_net_play import card_file_and_codes
from tests.test_sorcery_resume import invitation, log_lines, played_some
from wizard_p2p import cli
from wizard_p2p.commands.printout import command
from wizard_p2p.commands.sorcery_door import decklist
from wizard_p2p.commands.sorcery_kept import kept_deck
from wizard_p2p.commands.sorcery_seat import finished_line
from wizard_p2p.identity import Identity
from wizard_p2p.net import frames as wire
from wizard_p2p.node.store import GameStore, list_games
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.messages import decode_envelope
from wizard_p2p.protocol.table import Table
from wizard_p2p.sorcery.cardfile import decode_card_file
from wizard_p2p.sorcery.decks import read_code
from wizard_p2p.sorcery.game import Game
from wizard_p2p.tables import open_table
from wizard_p2p.tables.sorcery.rules import CardLibrary
from wizard_p2p.tui.i18n import Translator

STOPPED_AFTER = 30  # entries of the joiner's log when it is held stopped
DEADLINE = 60.0


@dataclass
class Received:
    """Every frame the watcher's sockets decoded: (position or None, its parts)."""

    frames: list[tuple[int | None, list[bytes]]] = field(default_factory=list)
    first_entry: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def mesh(self, parts: Sequence[bytes], **kwargs: Any) -> Any:
        game_id, frame = _DECODE_MESH(parts, **kwargs)
        position = frame.position if isinstance(frame, wire.Entry) else None
        with self.lock:
            self.frames.append((position, [bytes(p) for p in parts]))
        if position is not None:
            self.first_entry.set()
        return game_id, frame

    def gate(self, parts: Sequence[bytes], **kwargs: Any) -> Any:
        with self.lock:
            self.frames.append((None, [bytes(p) for p in parts]))
        return _DECODE_REPLY(parts, **kwargs)


_DECODE_MESH = wire.decode_mesh
_DECODE_REPLY = wire.decode_lobby_reply


@dataclass(frozen=True)
class Watched:
    cards: Path
    seats: tuple[Path, Path]  # the host's and the joiner's data dirs
    stopped_at: int  # the joiner's log length when it was held stopped
    received: Received
    said: str  # the watcher's lines
    code: int  # its exit status
    saved: Path  # the log it saved
    lang: str
    table: tuple[str, str]  # the host's address and invite code
    wizard_code: int  # Wizard's `watch` of the table: its exit status and what it said
    wizard_said: str


@pytest.fixture(scope="module", params=["en", "zh"])
def watched(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Watched]:
    lang: str = request.param
    folder = tmp_path_factory.mktemp(f"sorcery-watch-{lang}")
    cards, codes = card_file_and_codes(folder)
    common = ["--cards", str(cards), "--listen", "127.0.0.1", "--headless", "--lang", "en"]
    seats = (folder / "host", folder / "joiner")
    received = Received()
    procs: list[Proc] = []
    patch = pytest.MonkeyPatch()
    patch.setattr("wizard_p2p.net.mesh.decode_mesh", received.mesh)
    patch.setattr("wizard_p2p.net.lobby_channel.decode_lobby_reply", received.gate)
    said: list[str] = []
    patch.setattr("builtins.print", lambda *a, **k: said.append(" ".join(map(str, a))))
    try:
        host = Proc("host", ["sorcery", "host", "--deck", codes[0], "--port", "0",
                             "--no-announce", "--admit-watchers", "--name", "Ana",
                             "--data-dir", str(seats[0]), *common], folder)
        procs.append(host)
        found = wait_until(lambda: invitation(host), DEADLINE, "the host's invitation")
        assert isinstance(found, tuple)
        address, code = found
        joiner = Proc("joiner", ["sorcery", "join", address, "--code", code, "--deck",
                                 codes[1], "--name", "Ben", "--data-dir", str(seats[1]),
                                 *common], folder)
        procs.append(joiner)
        wait_until(lambda: played_some(joiner, seats[1], STOPPED_AFTER), GAME_DEADLINE,
                   f"the joiner's log to hold {STOPPED_AFTER} entries")
        os.kill(joiner.popen.pid, signal.SIGSTOP)
        stopped_at = len(log_lines(seats[1]))
        # Wizard's watcher is admitted, and refuses a table of 巫师牌, naming the command.
        wizard_code = cli.main(["watch", address, "--code", code, "--headless", "--name",
                                "Wiz", "--data-dir", str(folder / "wizard-watcher"),
                                "--listen", "127.0.0.1", "--lang", lang])
        wizard_said = "\n".join(said)
        said.clear()
        received.frames.clear()
        saved = folder / "watched.jsonl"
        exits: list[int] = []
        watcher = threading.Thread(target=lambda: exits.append(cli.main([
            "sorcery", "watch", address, "--code", code, "--headless", "--name", "Eve",
            "--cards", str(cards), "--data-dir", str(folder / "watcher"),
            "--listen", "127.0.0.1", "--save", str(saved), "--lang", lang])))
        watcher.start()
        try:
            assert received.first_entry.wait(DEADLINE), "the watcher was never sent an entry"
        finally:
            os.kill(joiner.popen.pid, signal.SIGCONT)
        for proc in procs:
            assert proc.wait(GAME_DEADLINE) == 0, proc.describe()
        watcher.join(DEADLINE)
        assert not watcher.is_alive() and exits, "the watcher did not end with the game"
        patch.undo()
        yield Watched(cards, seats, stopped_at, received, "\n".join(said), exits[0], saved,
                      lang, (address, code), wizard_code, wizard_said)
    finally:
        patch.undo()
        for proc in procs:
            if proc.alive():
                os.kill(proc.popen.pid, signal.SIGCONT)
            proc.kill()
            print(proc.describe())  # shown by pytest when the fixture failed


def test_the_watcher_followed_the_game_to_its_end_in_the_readers_language(
    watched: Watched, capsys: pytest.CaptureFixture[str]
) -> None:
    tr = Translator(watched.lang)
    assert watched.code == 0, watched.said
    said = watched.said
    assert tr("watch_headless_admitted") in said
    turn = tr("sorcery_watch_turn", turn=1, name="@").split("@")[0]
    assert turn in said
    ended = tr("sorcery_told_end", who="@").split("@")[-1]
    assert ended in said
    log = log_lines(watched.seats[0])
    game = _fed(open_table(log[0], replay_every_pass=True, cards=_library(watched.cards)), log)
    assert isinstance(game.outcome, Finished) and game.outcome.winners
    assert finished_line(game.outcome, game.names, watched.lang) in said
    assert tr("watch_headless_verified", lines=len(log)) in said
    # What it saved is the players' log, and it verifies.
    assert watched.saved.read_bytes() == b"".join(line + b"\n" for line in log)
    assert log_lines(watched.seats[1]) == log
    capsys.readouterr()
    assert cli.main(["audit", str(watched.saved), "--cards", str(watched.cards)]) == 0


def _library(cards: Path) -> CardLibrary:
    return CardLibrary.of_file(cards.read_bytes())


def _fed(table: Table, lines: list[bytes]) -> Table:
    for line in lines[1:]:
        table.receive(line)
    return table


def _seat_game(data_dir: Path, lines: list[bytes], library: CardLibrary) -> tuple[int, Game]:
    """The seat's own game after ``lines``, rebuilt from its data dir."""
    store: GameStore = list_games(data_dir)[0]
    record = store.load_seat()
    kept = kept_deck(store)
    deck = decklist(read_code(kept.code, decode_card_file(kept.cards.read_bytes())))
    identity = Identity.load_or_create(data_dir / "identity.key")
    table = _fed(open_table(lines[0], seat=record.seat, identity=identity,
                            master_secret=record.master_secret, private=deck, cards=library),
                 lines)
    view = table.view()
    assert isinstance(view, Game)
    return record.seat, view


def _values(data: bytes) -> Iterator[str]:
    """Every word of a frame part: a JSON document's string values and keys, split at
    anything but letters and digits (an action's text), or the part's own words."""
    try:
        stack: list[Any] = [json.loads(data)]
    except (ValueError, UnicodeDecodeError):
        yield from re.split(r"[^0-9A-Za-z]+", data.decode("latin-1"))
        return
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack += [*value.keys(), *value.values()]
        elif isinstance(value, list):
            stack += value
        elif isinstance(value, str):
            yield from re.split(r"[^0-9A-Za-z]+", value)


def _words_received(received: Received, before: int) -> set[str]:
    """Every word of every message the watcher received, its entries those before
    position ``before`` only."""
    words: set[str] = set()
    for position, parts in received.frames:
        if position is not None and position >= before:
            continue
        for part in parts:
            words |= set(_values(part))
    return words


def test_the_watcher_was_sent_no_hidden_card_of_a_hand_and_no_deck_order(
    watched: Watched,
) -> None:
    log = log_lines(watched.seats[0])
    kinds = [decode_envelope(line).kind for line in log]
    opened_at_end = kinds.index("deck_opened")
    library = _library(watched.cards)
    hidden_somewhere = 0
    for cut in (watched.stopped_at, opened_at_end):
        assert cut <= opened_at_end  # both before the end's openings
        lines = log[:cut]
        observer = _fed(open_table(lines[0], replay_every_pass=True, cards=library), lines)
        public = observer.replica.public_view()
        assert isinstance(public, Game)
        shown = {p.card.number for p in public.pieces.values() if p.known}
        for side in public.sides:  # no card of a deck, hence no order, is known
            assert not any(public.pieces[pid].known for pid in side.deck)
        words = _words_received(watched.received, cut)
        for data_dir in watched.seats:
            seat, own = _seat_game(data_dir, lines, library)
            # A card just drawn is opened to its owner by the next entries: unknown yet.
            hand = [pid for pid in own.sides[seat].hand
                    if own.pieces[pid].known and not public.pieces[pid].known]
            secret = {own.pieces[pid].card.number for pid in hand} - shown
            hidden_somewhere += len(secret)
            for number in secret:
                assert number not in words
                assert number.encode().hex() not in words
    assert hidden_somewhere > 0  # the check had a hidden card to look for


def test_wizards_watch_refuses_a_table_of_sorcery_naming_the_command_that_watches_it(
    watched: Watched,
) -> None:
    address, code = watched.table
    again = command("sorcery", "watch", address, "--code", code, "--headless")
    tr = Translator(watched.lang)
    assert watched.wizard_code == 2
    said = tr("watch_other_game", game=tr("game_name_sorcery"), command=again)
    assert said in " ".join(watched.wizard_said.split())
