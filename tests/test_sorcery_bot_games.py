"""Whole games of 巫师牌 between two bots, to an end, with no illegal action; on the
tests' decks always, on the starter decks and the real card file where it is present;
and the headless command."""

from __future__ import annotations

import collections
import dataclasses

import pytest

from tests import sorcery_cards as fx
from tests.sorcery_support import REAL_CARD_FILE, real_card_file
from wizard_p2p.bots.sorcery import play_game
from wizard_p2p.cli import parse_options
from wizard_p2p.commands.options import SorceryPlayOptions
from wizard_p2p.commands.sorcery_play import decklist, play
from wizard_p2p.errors import UsageError
from wizard_p2p.sorcery.actions import EndReason
from wizard_p2p.sorcery.decks import read_code
from wizard_p2p.sorcery.starters import STARTERS

GAMES = 200


def test_bot_games_on_the_tests_decks_end_without_an_illegal_action() -> None:
    reasons: collections.Counter[EndReason] = collections.Counter()
    winners: collections.Counter[int | None] = collections.Counter()
    for seed in range(GAMES):
        decks = (fx.fire_deck(), fx.water_deck()) if seed % 2 else (fx.water_deck(), fx.fire_deck())
        record = play_game(decks, seed)  # an illegal action would raise
        reasons[record.outcome.reason] += 1
        winners[record.outcome.winner] += 1
        assert record.actions > 10
    assert reasons[EndReason.HERO_DIED] >= GAMES * 19 // 20, reasons  # games end
    assert winners[0] and winners[1], winners  # both sides win some


def test_a_seed_plays_the_same_game_again() -> None:
    decks = (fx.fire_deck(), fx.water_deck())
    assert play_game(decks, 7) == play_game(decks, 7)
    assert len({play_game(decks, s) for s in range(6)}) > 1


def test_bot_games_between_the_starter_decks() -> None:
    cards = real_card_file()
    decks = [decklist(read_code(s.code, cards)) for s in STARTERS]
    reasons: collections.Counter[EndReason] = collections.Counter()
    n = 0
    for a in range(len(decks)):
        for b in range(len(decks)):
            for seed in range(2):
                record = play_game((decks[a], decks[b]), 100 * a + 10 * b + seed)
                reasons[record.outcome.reason] += 1
                n += 1
    assert reasons[EndReason.HERO_DIED] >= n * 9 // 10, reasons  # the turn limit is rare


def _args(**kw: object) -> SorceryPlayOptions:
    options = parse_options(["sorcery", "play", "--offline", "--headless", "--seed", "5",
                             "--cards", str(REAL_CARD_FILE)])
    assert isinstance(options, SorceryPlayOptions)
    return dataclasses.replace(options, **kw)  # type: ignore[arg-type]


def test_headless_play_prints_the_winner_and_a_seed_repeats_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    real_card_file()  # skips without the card file
    assert play(_args(deck=STARTERS[2].name, against=STARTERS[3].name)) == 0
    first = capsys.readouterr().out
    assert "seed 5" in first and ("wins" in first or "draw" in first)
    play(_args(deck=STARTERS[2].name, against=STARTERS[3].name))
    assert capsys.readouterr().out == first


def test_play_without_headless_is_refused_in_one_sentence() -> None:
    with pytest.raises(UsageError, match="--headless"):
        play(_args(headless=False))
