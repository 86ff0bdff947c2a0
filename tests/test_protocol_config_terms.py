"""The genesis terms' game (SPEC §3.1): one table of ``GameConfig``'s fields with their wire
names, types and defaults; an absent field is the standard game's."""

from __future__ import annotations

import dataclasses

import hypothesis.strategies as st
import pytest
from hypothesis import assume, given

from wizard_p2p import canonical
from wizard_p2p.errors import ConfigError, DecodeError
from wizard_p2p.identity import Identity
from wizard_p2p.protocol.genesis import (
    encode_genesis,
    endorse,
    player_record,
    read_genesis,
)
from wizard_p2p.protocol.schema import REQUIRED, Bool, Column, Int, Record
from wizard_p2p.rules import VARIANT_NAMES, GameConfig
from wizard_p2p.tables.wizard.bodies import CONFIG
from wizard_p2p.tables.wizard.genesis import config_terms, genesis_terms, read_config
from wizard_p2p.tables.wizard.replica import WIZARD_RULES

OPTIONAL = [c for c in CONFIG.columns if not c.required]


def _config(seats: int, flags: dict[str, bool]) -> GameConfig:
    try:
        return GameConfig(seats, **flags)
    except ConfigError:
        assume(False)
        raise


configs = st.builds(
    _config,
    st.integers(3, 6),
    st.fixed_dictionaries({name: st.booleans() for name in VARIANT_NAMES}),
)


def _wire(value: object) -> object:
    """What a peer's bytes decode to: the value through canonical JSON."""
    return canonical.decode(canonical.encode(value), 1 << 16)


def test_the_table_has_one_row_per_field_of_the_game_with_the_rules_default() -> None:
    fields = {f.name: f.default for f in dataclasses.fields(GameConfig)}
    assert [c.attr for c in CONFIG.columns] == list(fields)
    for column in CONFIG.columns:
        if fields[column.attr] is dataclasses.MISSING:
            assert column.required
        else:
            assert column.default == fields[column.attr]


@given(configs)
def test_any_game_round_trips_through_the_table(config: GameConfig) -> None:
    assert read_config(CONFIG.parse(_wire(config_terms(config)), "config")) == config


# What every writer of this version writes whatever its value (SPEC §3.1): the logs and
# vectors written before the table keep their bytes.
ALWAYS_WRITTEN = {
    "seats", "plus_minus_one", "hidden_bids", "secret_bids", "clairvoyance",
    "wizard_lead_sets_suit",
}


@given(configs)
def test_the_members_of_this_version_are_written_whatever_their_value_and_others_when_set(
    config: GameConfig,
) -> None:
    written = config_terms(config)
    assert {c.wire for c in CONFIG.columns if c.required or c.written} == ALWAYS_WRITTEN
    assert set(written) == ALWAYS_WRITTEN | {
        c.wire for c in OPTIONAL if getattr(config, c.attr) != c.default
    }
    assert all(written[c.wire] == getattr(config, c.attr) for c in CONFIG.columns
               if c.wire in written)


@given(configs, st.sets(st.sampled_from([c.wire for c in OPTIONAL])))
def test_an_absent_field_reads_as_its_default(config: GameConfig, absent: set[str]) -> None:
    terms = {k: v for k, v in config_terms(config).items() if k not in absent}
    try:
        read = read_config(CONFIG.parse(_wire(terms), "config"))
    except DecodeError:
        return  # the defaults made a combination the rules refuse: a reason, tested below
    for column in CONFIG.columns:
        expected = column.default if column.wire in absent else getattr(config, column.attr)
        assert getattr(read, column.attr) == expected


def test_a_config_of_seats_alone_is_the_standard_game() -> None:
    assert read_config(CONFIG.parse({"seats": 5}, "config")) == GameConfig(5)


@pytest.mark.parametrize(
    ("terms", "reason"),
    [
        ({"seats": 7}, r"config\.seats: 7 is outside 3\.\.6"),
        ({"seats": 2, "plus_minus_one": False}, r"config\.seats: 2 is outside 3\.\.6"),
        ({"seats": True}, r"config\.seats: expected an integer"),
        ({}, r"config: missing field 'seats'"),
        ({"seats": 4, "clairvoyance": 1}, r"config\.clairvoyance: expected true or false"),
        ({"seats": 4, "blind_bids": True}, r"config: unknown field\(s\) blind_bids"),
        ([4], r"config: expected an object"),
    ],
)
def test_a_field_out_of_its_type_or_range_is_refused_with_a_reason(
    terms: object, reason: str
) -> None:
    with pytest.raises(DecodeError, match=reason):
        CONFIG.parse(terms, "config")


def test_a_combination_the_rules_refuse_is_refused_with_their_reason() -> None:
    parsed = CONFIG.parse({"seats": 4, "hidden_bids": True, "secret_bids": True}, "config")
    with pytest.raises(DecodeError, match="cannot be played: choose hidden bids"):
        read_config(parsed)


def test_a_genesis_that_leaves_out_default_fields_founds_the_standard_game() -> None:
    # The endorsements cover the terms as written: a reader keeps the absent fields absent.
    ids = [Identity.generate() for _ in range(4)]
    players = [player_record(i, bytes([n]) * 32, f"P{n}", "0" * 40, "") for n, i in enumerate(ids)]
    terms = genesis_terms(GameConfig(4, clairvoyance=True), players, bytes(32))
    terms["config"] = {"seats": 4, "clairvoyance": True}
    raw = encode_genesis(ids[0], terms, [endorse(i, terms) for i in ids])
    genesis = read_genesis(raw, WIZARD_RULES)
    assert genesis.config == GameConfig(4, clairvoyance=True)
    assert genesis.entry.body["terms"]["config"] == {"seats": 4, "clairvoyance": True}


# A later field, as a new variant adds one: written only when it is not its default.
LATER = Record(
    (
        Column("seats", "seats", Int(3, 6)),
        Column("old", "old", Bool(), False, written=True),
        Column("later_rule", "later", Bool(), False),
        Column("limit", "limit", Int(0, 9), 3),
    )
)
rows = st.fixed_dictionaries(
    {"seats": st.integers(3, 6), "old": st.booleans(), "later_rule": st.booleans(),
     "limit": st.integers(0, 9)}
)


@given(rows)
def test_a_later_field_is_written_only_when_it_is_not_its_default(
    values: dict[str, object],
) -> None:
    wire = LATER.write(values)
    assert LATER.read(LATER.parse(_wire(wire), "x")) == values
    assert "seats" in wire and "old" in wire
    assert ("later" in wire) == (values["later_rule"] is not False)
    assert ("limit" in wire) == (values["limit"] != 3)


def test_a_record_states_its_defaults_in_its_json_schema() -> None:
    schema = LATER.json_schema()
    assert schema["required"] == ["seats"]
    assert schema["properties"]["limit"]["default"] == 3
    assert "default" not in schema["properties"]["seats"]
    assert LATER.columns[0].default is REQUIRED


def test_a_record_refuses_two_columns_of_one_name() -> None:
    with pytest.raises(ValueError, match="distinct"):
        Record((Column("a", "x", Bool(), False), Column("b", "x", Bool(), False)))
