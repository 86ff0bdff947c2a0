"""巫师牌's entry bodies: every body decodes or is refused with a DecodeError in one
sentence, whatever JSON it is; the bodies the replica writes read back as written."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p import canonical
from wizard_p2p.crypto.deck_messages import Greeted
from wizard_p2p.errors import DecodeError
from wizard_p2p.sorcery.actions import EndTurn, Mulligan, Summon, Unknown
from wizard_p2p.tables.sorcery.bodies import (
    MAX_BODY_BYTES,
    MAX_LOOK,
    MAX_SHOWN,
    Act,
    DeckStep,
    LookAsked,
    SearchAsked,
    act_body,
    deck_body,
    decode_entry,
    decode_entry_bytes,
)
from wizard_p2p.tables.sorcery.kinds import SorceryKind

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                  max_size=4),
    max_leaves=12,
)


@settings(max_examples=300)
@given(kind=st.sampled_from([*SorceryKind, "nope"]), body=json_values)
def test_any_body_decodes_or_is_refused_with_a_reason(kind: str, body: Any) -> None:
    try:
        decode_entry(kind, body)
    except DecodeError as exc:
        assert str(exc) and "\n" not in str(exc)


@settings(max_examples=200)
@given(
    kind=st.sampled_from(list(SorceryKind)),
    deck=json_values,
    extra=st.dictionaries(st.sampled_from(["deck", "message", "action", "shown", "x"]),
                          json_values, max_size=3),
)
def test_a_body_with_a_field_of_the_wrong_shape_is_refused(
    kind: SorceryKind, deck: Any, extra: dict[str, Any]
) -> None:
    body = {**deck_body(0, Greeted(b"\x09" + bytes(31))), **extra, "deck": deck}
    try:
        decoded = decode_entry(kind, body)
    except DecodeError:
        return
    assert isinstance(decoded, DeckStep) and kind == SorceryKind.GREETED
    assert decoded.deck in (0, 1) and not isinstance(deck, bool)


@pytest.mark.parametrize("action", [
    Summon(0, 12, (0, 1)), EndTurn(1, (3, 4)), Mulligan(0, Unknown.ORDER), Mulligan(1),
])
def test_an_act_reads_back_as_written(action: Any) -> None:
    decoded = decode_entry("act", act_body(action, [(31, "131001")]))
    assert decoded == Act(action, ((31, "131001"),))


def test_shown_cards_are_bounded_and_numbers_checked() -> None:
    body = act_body(EndTurn(0, ()), [(1, "131001")] * (MAX_SHOWN + 1))
    with pytest.raises(DecodeError):
        decode_entry("act", body)
    with pytest.raises(DecodeError):
        decode_entry("act", act_body(EndTurn(0, ()), [(1, "13100x")]))
    with pytest.raises(DecodeError):
        decode_entry("act", {"action": "p0 end-turn -", "shown": [[True, "131001"]]})


def test_a_deck_message_of_another_kind_than_its_entry_is_refused() -> None:
    body = deck_body(1, Greeted(b"\x09" + bytes(31)))
    assert decode_entry("greeted", body) == DeckStep(1, Greeted(b"\x09" + bytes(31)))
    with pytest.raises(DecodeError):
        decode_entry("committed", body)


def test_a_search_has_no_fields() -> None:
    assert decode_entry("search", {}) == SearchAsked()
    with pytest.raises(DecodeError):
        decode_entry("search", {"x": 1})


def test_a_look_names_how_many_cards_within_bounds() -> None:
    assert decode_entry("look", {"count": 3}) == LookAsked(3)
    assert decode_entry("look", {"count": MAX_LOOK}) == LookAsked(MAX_LOOK)
    for bad in ({}, {"count": 0}, {"count": MAX_LOOK + 1}, {"count": "3"}, {"count": True},
                {"count": 3, "x": 1}):
        with pytest.raises(DecodeError):
            decode_entry("look", bad)


def test_a_body_in_bytes_is_read_within_its_limit() -> None:
    body = act_body(EndTurn(0, ()))
    assert decode_entry_bytes("act", canonical.encode(body)) == Act(EndTurn(0, ()), ())
    with pytest.raises(DecodeError):
        decode_entry_bytes("act", b" " * (MAX_BODY_BYTES + 1))
    with pytest.raises(DecodeError):
        decode_entry_bytes("act", b"{\"action\": 1")
