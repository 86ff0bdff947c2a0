"""SORCERY.md §3.1 states the text form of every action an `act` carries: its verbs, their
fields and the values' words. The tables there are the code's: each verb's fields in
order, which are required, and the words each vocabulary accepts."""

from __future__ import annotations

import dataclasses
import re
from enum import StrEnum
from pathlib import Path

import pytest

from wizard_p2p.errors import DecodeError
from wizard_p2p.sorcery import actions
from wizard_p2p.sorcery.actions import ACTION_TYPES, AreaShape, format_action, parse_action
from wizard_p2p.sorcery.cards import Element
from wizard_p2p.sorcery.notation import MAX_TEXT

SPEC = (Path(__file__).resolve().parents[1] / "protocol" / "SORCERY.md").read_text()

# The value each field type is written as (SORCERY.md §3.1's value table).
VALUE = {
    "int": "N", "int | None": "N", "tuple[int, ...]": "NS", "Cell": "CELL",
    "Cell | None": "CELL", "Elements": "ELS", "Elements | None": "ELS", "bool": "YN",
    "Zone": "ZONE", "Marker": "MARKER", "Ability": "ABILITY", "AreaTarget | None": "AREA",
    "Order": "ORDER", "Order | None": "ORDER", "str": "CARD",
}


def verb_of(cls: type) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()


def row(cls: type) -> str:
    fields = [f for f in dataclasses.fields(cls) if f.name != "player"]
    required = " ".join(f"{f.name}:{VALUE[str(f.type)]}" for f in fields
                        if f.default is dataclasses.MISSING)
    optional = " ".join(f"{f.name}={VALUE[str(f.type)]}" for f in fields
                        if f.default is not dataclasses.MISSING)
    return f"| `{verb_of(cls)}` | {required or '—'} | {optional or '—'} |"


def test_every_verb_is_written_as_the_spec_says() -> None:
    for cls in ACTION_TYPES:  # the code reads the verb the table names as this action
        try:
            assert isinstance(parse_action(f"p0 {verb_of(cls)}"), cls)
        except DecodeError as exc:  # it takes fields: the refusal names the verb's
            assert str(exc).startswith(f"{verb_of(cls)} takes "), str(exc)
    assert "\n".join(row(cls) for cls in ACTION_TYPES) in SPEC


@pytest.mark.parametrize("vocabulary", [actions.Zone, actions.Marker, actions.Ability,
                                        AreaShape, Element])
def test_each_vocabulary_lists_the_words_the_code_reads(vocabulary: type[StrEnum]) -> None:
    words = " ".join(f"`{m.value}`" for m in vocabulary)
    assert f"| {vocabulary.__name__} | {words} |" in SPEC


def test_the_examples_of_the_spec_read_back() -> None:
    section = SPEC[SPEC.index("### 3.1"):SPEC.index("## 4.")]
    examples = re.findall(r"^    (p[01] \S.*)$", section, re.M)
    assert len(examples) >= 5
    for text in examples:
        assert format_action(parse_action(text)) == text
    assert f"at most {MAX_TEXT} characters" in section
