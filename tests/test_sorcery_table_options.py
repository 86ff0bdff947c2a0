"""`sorcery host --deck CODE` and `sorcery join [ADDRESS] --code CODE --deck CODE` as
option values, and a player's deck read and checked whole from them before any lobby;
the two commands are not offered by the program until its table can play a game."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.lobby_sorcery_support import CARD_FILE, MAIN, legal_cards, legal_part
from wizard_p2p import cli
from wizard_p2p.commands.options import SorceryHostOptions, SorceryJoinOptions
from wizard_p2p.commands.sorcery_door import IllegalOwnDeck, seat_deck
from wizard_p2p.protocol.lobby_schema import DeckFault
from wizard_p2p.sorcery.decks import Deck, DeckRule
from wizard_p2p.tui.i18n import Translator


def _card_file(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    path.write_bytes(CARD_FILE)
    return path


def test_host_and_join_are_read_into_their_values(tmp_path: Path) -> None:
    cards = _card_file(tmp_path)
    host = cli.parse_sorcery_table(["host", "--deck", "炎之试炼", "--port", "0", "--name", "Mei",
                                    "--cards", str(cards), "--no-announce"])
    assert isinstance(host, SorceryHostOptions)
    assert (host.port, host.announce, host.table.deck, host.table.cards) == (
        0, False, "炎之试炼", cards)
    assert host.table.net.name == "Mei"
    join = cli.parse_sorcery_table(["join", "10.0.0.2:47474", "--code", "K7QD-M2XP",
                                    "--deck", "401001 // 112001"])
    assert isinstance(join, SorceryJoinOptions)
    assert (join.address, join.code, join.table.deck, join.table.cards) == (
        "10.0.0.2:47474", "K7QD-M2XP", "401001 // 112001", None)


def test_a_seat_without_a_deck_is_refused_by_the_parser() -> None:
    with pytest.raises(SystemExit):
        cli.parse_sorcery_table(["join", "--code", "K7QD-M2XP"])


def test_the_program_offers_the_table_commands_and_a_console_seat_needs_a_terminal(
    capsys: pytest.CaptureFixture[str]
) -> None:
    options = cli.parse_options(["sorcery", "join", "127.0.0.1:47474", "--code", "K7QD-M2XP",
                                 "--deck", "x", "--seed", "4", "--headless"])
    assert isinstance(options, SorceryJoinOptions) and options.table.seed == 4
    # The tests' standard input is no terminal: the board is refused before any lobby.
    assert cli.main(["sorcery", "host", "--deck", "x"]) == 2
    assert "needs a terminal" in capsys.readouterr().err
    bot = cli.parse_options(["sorcery", "bot", "127.0.0.1:47474", "--code", "K7QD-M2XP",
                             "--deck", "x"])
    assert isinstance(bot, SorceryJoinOptions) and bot.table.net.headless


def test_the_deck_is_read_and_checked_whole_before_any_lobby(tmp_path: Path) -> None:
    cards = str(_card_file(tmp_path))
    legal = Deck.of(legal_cards())
    seat = seat_deck(cli.parse_sorcery_table(
        ["host", "--deck", legal.code, "--cards", cards]).table)
    assert seat.part == legal_part()
    assert seat.card_file == hashlib.sha256(CARD_FILE).digest()
    fault = DeckFault(DeckRule.AT_MOST_TWICE.value, 3, MAIN[0].number)
    assert MAIN[0].name in Translator("ja").say(seat.word_fault(fault))
    assert seat.door().own == legal_part()
    # One card three times: stopped at home, the rule and the card named.
    plain = [c for c in MAIN if not c.legendary]
    three = legal_cards()
    three.remove(plain[1])
    three.append(plain[0])
    with pytest.raises(IllegalOwnDeck) as stopped:
        seat_deck(cli.parse_sorcery_table(
            ["join", "--code", "K7QD-M2XP", "--deck", Deck.of(three).code,
             "--cards", cards]).table)
    assert stopped.value.said is not None
    zh = Translator("zh").say(stopped.value.said)
    assert plain[0].name in zh and "最多携带 2 张" in zh


@pytest.mark.parametrize("command", ["host", "join", "bot"])
def test_the_seat_commands_offer_no_policy(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """巫师牌's bot has one way to play: its seat commands take no ``--policy``, and their
    help does not offer it (Wizard's still do)."""
    address = [] if command == "host" else ["127.0.0.1:47474", "--code", "K7QD-M2XP"]
    with pytest.raises(SystemExit):
        cli.parse_options(["sorcery", command, *address, "--deck", "x", "--policy", "expert"])
    assert "--policy" in capsys.readouterr().err  # refused by name
    with pytest.raises(SystemExit):
        cli.parse_options(["sorcery", command, "--help"])
    assert "--policy" not in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.parse_options(["bot", "--help"])
    assert "--policy" in capsys.readouterr().out
