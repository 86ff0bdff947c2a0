"""A table's terms as the lobby carries them: made by the game, read back by the game
(``tables.lobby_terms``), never a Wizard config at a 巫师牌 table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.lobby_sorcery_support import legal_part, sorcery_host, sorcery_terms
from wizard_p2p.errors import ConfigError, DecodeError, UsageError
from wizard_p2p.node.lobby_host_machine import SetVariants
from wizard_p2p.protocol.game_name import MAX_TABLE_SEATS, MIN_TABLE_SEATS, GameName
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS, VARIANT_NAMES, GameConfig
from wizard_p2p.tables import lobby_terms
from wizard_p2p.tables.sorcery.lobby import SorceryLobbyTerms
from wizard_p2p.tables.wizard.lobby import WizardTerms


def _config_or_none(seats: int, names: list[str]) -> GameConfig | None:
    try:
        return GameConfig.with_variants(seats, names)
    except ConfigError:
        return None


configs = st.builds(
    _config_or_none, st.integers(MIN_SEATS, MAX_SEATS),
    st.lists(st.sampled_from(VARIANT_NAMES), unique=True),
).filter(lambda c: c is not None)


@given(configs, st.data())
def test_a_wizard_table_reads_back_as_its_host_offered_it_whatever_the_order(
    config: GameConfig, data: st.DataObject
) -> None:
    offered = WizardTerms(config)
    said = data.draw(st.permutations(offered.variants))
    read = lobby_terms(GameName.WIZARD, offered.seats, said)
    assert read == offered and read.variants == config.variants()


names = st.one_of(st.sampled_from(VARIANT_NAMES),
                  st.text("abcdefghijklmnopqrstuvwxyz_", max_size=12))


@given(st.sampled_from(list(GameName)), st.none() | st.integers(MIN_TABLE_SEATS, MAX_TABLE_SEATS),
       st.lists(names, max_size=6))
def test_what_a_game_does_not_play_is_refused_and_what_it_plays_is_its_own(
    game: GameName, seats: int | None, said: list[str]
) -> None:
    try:
        read = lobby_terms(game, seats, said)
    except DecodeError as exc:
        assert str(exc).startswith(("seats:", "variants:"))
        return
    assert read.game is game
    assert seats is None or read.seats == seats
    assert set(read.variants) == set(said) and set(said) <= set(VARIANT_NAMES)
    if game is GameName.SORCERY:
        assert (read.seats, read.least, read.variants) == (2, 2, ())


def test_a_sorcery_table_has_no_variants_to_switch() -> None:
    machine = sorcery_host()
    with pytest.raises(ConfigError, match="no variants"):
        machine.handle(SetVariants(("clairvoyance",)), 0.0)
    assert machine.variants == () and machine.terms == sorcery_terms()


def test_only_the_host_holding_the_card_file_proposes_a_sorcery_table_s_terms() -> None:
    read = lobby_terms(GameName.SORCERY, 2, ())
    assert read == SorceryLobbyTerms()
    with pytest.raises(UsageError, match="holds its card file"):
        read.genesis_terms([], bytes(32), coach=False, series=None,
                           decks=(legal_part(0), legal_part(1)))
