"""A series' later game (WIZARD §1.3): optional terms that name the series' first game, the
game's number and its first dealer, which the coins then no longer choose."""

from __future__ import annotations

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings

from wizard_p2p import canonical
from wizard_p2p.errors import DecodeError, UsageError
from wizard_p2p.protocol.genesis import SeriesTerms, read_genesis
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.bodies import GENESIS_TERMS
from wizard_p2p.tables.wizard.genesis import genesis_terms
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser
from wizard_p2p.tables.wizard.replica import WIZARD_RULES


def _played_until_dealt(game: MemoryGame) -> None:
    game.run(until=lambda: all(t.game is not None for t in game.tables))


@settings(max_examples=6, deadline=None)
@given(seats=st.integers(3, 6), data=st.data())
def test_a_series_game_deals_first_from_the_seat_its_terms_name(
    seats: int, data: st.DataObject
) -> None:
    dealer = data.draw(st.integers(0, seats - 1))
    number = data.draw(st.integers(2, 999))
    series = SeriesTerms(bytes(range(32)), number, dealer)
    game = MemoryGame.create(GameConfig(seats), random_chooser(1), seed=seats, series=series)
    _played_until_dealt(game)
    for table in game.tables:
        assert table.series == series
        assert table.game is not None and table.game.first_dealer == dealer
    assert read_genesis(game.genesis, WIZARD_RULES).series == series


def test_a_game_without_series_terms_is_a_lone_game_whose_coins_choose() -> None:
    dealers = set()
    for seed in range(6):
        game = MemoryGame.create(GameConfig(3), random_chooser(seed), seed=seed)
        _played_until_dealt(game)
        assert game.tables[0].series is None
        assert "series" not in read_genesis(game.genesis, WIZARD_RULES).entry.body["terms"]
        dealers.add(game.tables[0].game.first_dealer)  # type: ignore[union-attr]
    assert len(dealers) > 1  # the coins, not a fixed seat


def test_terms_refuse_a_first_dealer_outside_the_table() -> None:
    game = MemoryGame.create(GameConfig(3), random_chooser(0), seed=3)
    players = read_genesis(game.genesis, WIZARD_RULES).players
    with pytest.raises(UsageError):
        genesis_terms(GameConfig(3), players, bytes(32), SeriesTerms(bytes(32), 2, 3))


@given(st.fixed_dictionaries({
    "first": st.binary(min_size=0, max_size=40).map(bytes.hex),
    "game": st.integers(-2, 1200),
    "first_dealer": st.integers(-1, 7),
}))
def test_the_series_field_is_decoded_strictly(series: dict[str, object]) -> None:
    game = MemoryGame.create(GameConfig(3), random_chooser(0), seed=4)
    read = read_genesis(game.genesis, WIZARD_RULES)
    terms = canonical.decode(canonical.encode(read.entry.body["terms"]), 1 << 16)
    terms["series"] = series
    valid = (len(str(series["first"])) == 64 and 2 <= int(series["game"]) <= 999  # type: ignore[call-overload]
             and 0 <= int(series["first_dealer"]) <= 5)  # type: ignore[call-overload]
    if valid:
        assert GENESIS_TERMS.parse(terms, "terms")["series"]["game"] == series["game"]
    else:
        with pytest.raises(DecodeError):
            GENESIS_TERMS.parse(terms, "terms")


def test_a_genesis_whose_series_dealer_is_not_a_seat_is_malformed() -> None:
    from wizard_p2p.identity import Identity
    from wizard_p2p.protocol.genesis import encode_genesis, endorse, player_record

    ids = [Identity.generate() for _ in range(3)]
    players = [player_record(i, bytes([n]) * 32, f"P{n}", "0" * 40, "") for n, i in enumerate(ids)]
    terms = genesis_terms(GameConfig(3), players, bytes(32), SeriesTerms(bytes(32), 2, 0))
    terms["series"]["first_dealer"] = 4  # in the schema's range, outside this table
    raw = encode_genesis(ids[0], terms, [endorse(i, terms) for i in ids])
    with pytest.raises(DecodeError, match="first dealer"):
        read_genesis(raw, WIZARD_RULES)
