"""The private deck's message bodies: every message of a game reads back as itself, its
JSON Schema accepts it, and anything out of shape, size or range is refused with a
DecodeError (never another exception) before a message exists."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.deck_support import Table
from wizard_p2p import canonical
from wizard_p2p.crypto.deck_messages import Address, Purpose
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.deck_bodies import (
    MAX_BODY_BYTES,
    body_of,
    decode_body,
    decode_deck_message,
    json_schemas,
)

SCHEMAS = json_schemas()


def _game_bodies() -> list[dict[str, Any]]:
    """One body of every kind, from a game."""
    table = Table([b"101001", b"101001", b"102003", b"201001", b"105000"])
    table.set_up()
    table.seal(Purpose.DRAW, 2)
    table.send(table.owner, table.owner.open(table.owner.hand[0]))
    table.send(table.owner, table.owner.put_back(table.owner.hand))
    table.run_epoch()
    table.seal(Purpose.LOOK, 2)
    table.send(table.owner, table.owner.arrange([], [1, 0], 1))
    table.run_epoch()
    table.seal(Purpose.SEARCH)
    table.send(table.owner, table.owner.arrange([0]))
    table.run_epoch()
    table.send(table.owner, table.owner.place([table.owner.hand[0], Address(0, 0)], 1))
    table.run_epoch()
    table.send(table.owner, table.owner.put_back(()))  # a shuffle
    table.run_epoch()
    table.end()
    return [body_of(m) for _, m in table.log]


BODIES = _game_bodies()


def test_a_game_has_every_kind_and_each_reads_back_and_fits_its_schema() -> None:
    kinds = {b["kind"] for b in BODIES}
    assert {f"deck-{k}.json" for k in kinds} == set(SCHEMAS)
    for body in BODIES:
        data = canonical.encode(body)
        assert len(data) <= MAX_BODY_BYTES
        message = decode_deck_message(data)
        assert body_of(message) == body
        jsonschema.validate(json.loads(data), SCHEMAS[f"deck-{body['kind']}.json"])


def _mutations(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Bodies one field away from ``body``, each out of type, size or range."""
    out = []
    for name, value in body.items():
        for bad in ("zz", -1, 2**40, None, [], {}, "ab" * 5000, [value, value], True):
            if bad == value:
                continue
            changed = copy.deepcopy(body)
            changed[name] = bad
            out.append(changed)
    extra = copy.deepcopy(body)
    extra["extra"] = 1
    out.append(extra)
    for name in body:
        missing = copy.deepcopy(body)
        del missing[name]
        out.append(missing)
    return out


@pytest.mark.parametrize("index", range(len(BODIES)))
def test_every_field_out_of_shape_is_refused(index: int) -> None:
    body = BODIES[index]
    for bad in _mutations(body):
        try:
            message = decode_body(bad)
        except DecodeError:
            continue
        # A mutation may still be a well-formed body (e.g. a list of one more point):
        # then it reads back as exactly what it says.
        assert body_of(message) == bad


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=12,
)


@settings(max_examples=200)
@given(value=json_values, kind=st.sampled_from([b["kind"] for b in BODIES]))
def test_arbitrary_values_are_refused_or_read(value: Any, kind: str) -> None:
    for candidate in (value, {"kind": kind, "x": value}, {**_first(kind), "points": value}):
        try:
            message = decode_body(candidate)
        except DecodeError:
            continue
        assert body_of(message) == candidate


def _first(kind: str) -> dict[str, Any]:
    return next(b for b in BODIES if b["kind"] == kind)


def test_bytes_that_are_not_canonical_or_too_long_are_refused() -> None:
    data = canonical.encode(BODIES[0])
    for bad in (data + b" ", b" " + data, b"x" * (MAX_BODY_BYTES + 1), data.replace(b"{", b"[")):
        with pytest.raises(DecodeError):
            decode_deck_message(bad)
