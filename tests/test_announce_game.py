"""The announcement names the table's game (a record without it is Wizard's, as hosts
before the field write it), and a player finding a table is shown the game of each and
cannot take a table of another game than its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import given

from tests.lobby_sorcery_support import door, sorcery_terms
from tests.lobby_support import host_lobby
from tests.test_tui_find import ANA, FakeBrowser, FakeSource, choose, heard, run
from wizard_p2p.commands.announcing import LobbyAnnouncer
from wizard_p2p.commands.find import HeardTables
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.announce import (
    LOBBY,
    PLAYING,
    Announcement,
    decode_announcement,
    encode_announcement,
    txt_strings,
)
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS
from wizard_p2p.tables import lobby_terms
from wizard_p2p.tables.sorcery.terms import SEATS as SORCERY_SEATS
from wizard_p2p.tui.find_screen import FoundTable
from wizard_p2p.tui.headless import Driver, screen_text


def _ad(**changes: Any) -> Announcement:
    fields: dict[str, Any] = {"protocol": PROTOCOL, "name": "Mei", "seats": 2, "seated": 1,
                              "variants": (), "opened": 1000, "state": LOBBY, "port": 47474,
                              "game": GameName.SORCERY}
    return Announcement(**{**fields, **changes})


def _txt(*strings: bytes) -> bytes:
    return b"".join(bytes([len(s)]) + s for s in strings)


@given(st.sampled_from(list(GameName)), st.data(), st.sampled_from([LOBBY, PLAYING]),
       st.integers(1, 65535))
def test_an_announcement_of_either_game_reads_back(
    game: GameName, data: st.DataObject, state: str, port: int
) -> None:
    low, high = {GameName.WIZARD: (MIN_SEATS, MAX_SEATS),
                 GameName.SORCERY: (SORCERY_SEATS, SORCERY_SEATS)}[game]
    seats = data.draw(st.integers(low, high))
    written = _ad(game=game, seats=seats, seated=data.draw(st.integers(1, seats)),
                  state=state, port=port)
    text = encode_announcement(written)
    assert decode_announcement(text, lobby_terms) == written
    keys = [s.partition(b"=")[0] for s in txt_strings(text)]
    assert (b"game" in keys) is (game is not GameName.WIZARD)  # Wizard's: as before


_BASE = (b"v=" + PROTOCOL.encode(), b"name=Mei", b"seated=1", b"opened=1000", b"state=lobby",
         b"port=47474")


@pytest.mark.parametrize(
    ("strings", "words"),
    [
        ((b"game=sorcery", b"seats=3", b"variants="), "has 2 seats, not 3"),
        ((b"seats=2", b"variants="), "has 3..6 seats, not 2"),  # no game: Wizard's
        ((b"game=sorcery", b"seats=2", b"variants=plus_minus_one"), "has none"),
        ((b"game=chess", b"seats=2", b"variants="), "must be one of"),
        ((b"game=sorcery", b"game=sorcery", b"seats=2", b"variants="), "given twice"),
    ],
)
def test_a_record_mixing_the_games_is_refused_saying_why(strings: tuple[bytes, ...],
                                                         words: str) -> None:
    with pytest.raises(DecodeError, match=words):
        decode_announcement(_txt(*_BASE, *strings), lobby_terms)


def _tables(game: GameName) -> list[FoundTable]:
    browser = FakeBrowser(heard("mei", encode_announcement(_ad())),
                          heard("ana", encode_announcement(_ad(name="Ana", seats=4,
                                                               game=GameName.WIZARD))))
    return list(HeardTables(browser, watching=False, game=game,  # type: ignore[arg-type]
                            clock=lambda: 1000.0).snapshot().tables)


def test_each_table_heard_is_listed_with_the_game_it_plays_when_not_the_players() -> None:
    assert [(t.name, t.game) for t in _tables(GameName.SORCERY)] == [("Ana", "wizard"),
                                                                    ("Mei", "")]
    assert [(t.name, t.game) for t in _tables(GameName.WIZARD)] == [("Ana", ""),
                                                                   ("Mei", "sorcery")]


def test_a_table_of_another_game_is_greyed_and_cannot_be_taken() -> None:
    mei = FoundTable("m", "Mei", "10.0.0.9:47474", 2, 1, (), 30.0, game="sorcery")

    async def script(driver: Driver) -> None:
        await driver.press("enter")
        screen = " ".join(" ".join(screen_text(driver.app)).split())
        assert "plays 巫师牌" in screen and "That table plays 巫师牌." in screen

    app = run(FakeSource(mei), script)
    assert app.state.chosen is None
    assert choose(FakeSource(mei), "\rq") is None  # Enter refuses it, q leaves
    assert choose(FakeSource(ANA), "\r") == (ANA, "")


def test_a_host_of_sorcery_announces_its_game_and_two_seats(tmp_path: Path) -> None:
    sorcery = host_lobby(tmp_path, door=door(), terms=sorcery_terms())
    announced = LobbyAnnouncer(sorcery).announcement()
    assert (announced.game, announced.seats, announced.variants) == (GameName.SORCERY, 2, ())
    wizard = LobbyAnnouncer(host_lobby(tmp_path, seats=5)).announcement()
    assert (wizard.game, wizard.seats) == (GameName.WIZARD, 5)
