"""The card file decoder: every card it accepts is the card the file describes, and
every damaged field is refused naming the card and the field."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.sorcery_support import card_file_bytes, card_json, real_card_file, real_card_file_bytes
from wizard_p2p.errors import DecodeError
from wizard_p2p.sorcery.cardfile import MAX_CARD_FILE_BYTES, TYPE_DIGIT, decode_card_file
from wizard_p2p.sorcery.cards import Card, CardType, Element, Elements

_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Cf", "Co", "Zl", "Zp")),
    max_size=40
)
_STAT = st.none() | st.integers(0, 99)


@st.composite
def cards(draw: st.DrawFn) -> Card:
    card_type = draw(st.sampled_from(list(CardType)))
    number = TYPE_DIGIT[card_type] + draw(st.from_regex(r"[0-9]{5}", fullmatch=True))
    amounts = st.tuples(*[st.integers(0, 99)] * 7).map(Elements)
    life = draw(_STAT)
    if card_type is CardType.HERO and life is None:
        life = 10
    return Card(
        number=number, type=card_type, name=draw(_TEXT.filter(bool)),
        element=draw(st.sampled_from(list(Element))), tag=draw(_TEXT),
        description=draw(_TEXT), quote=draw(_TEXT),
        cost=draw(amounts), gain=draw(amounts), expense=draw(amounts),
        attack=draw(_STAT), life=life, power=draw(_STAT), duration=draw(_STAT),
        version=draw(_TEXT),
    )


card_lists = st.lists(cards(), min_size=1, max_size=12, unique_by=lambda c: c.number)


@given(card_lists)
def test_a_card_file_decodes_to_the_cards_it_describes_in_its_order(deck: list[Card]) -> None:
    db = decode_card_file(card_file_bytes(deck))
    assert list(db) == deck
    assert len(db) == len(deck)
    for c in deck:
        assert db.get(c.number) == c and c.number in db


# One field made wrong, and the words the refusal must hold.
_DAMAGE: list[tuple[str, Any, str]] = [
    ("number", 301001, "number"),
    ("number", "30100", "number"),
    ("number", "３０１００１", "number"),  # full-width digits are not the file's digits
    ("type", "法术", "type"),
    ("category", "无", "category"),
    ("name", "", "name"),
    ("name", "a\x07b", "name"),
    ("tag", None, "tag"),
    ("name", "火球\u202e术", "name"),  # a bidi override turns the rest of the line around
    ("description", "点燃\u200b2", "description"),  # a zero-width space hides itself
    ("quote", "a\u2066b", "quote"),
    ("tag", "\u2028", "tag"),
    ("description", "x" * 2001, "description"),
    ("attack", -2, "attack"),
    ("life", 100, "life"),
    ("power", [3], "power"),
    ("duration", True, "duration"),
    ("duration", "1", "duration"),
    ("elements_cost", [0] * 7, "elements_cost"),
    ("version", 1, "version"),
]


@pytest.mark.parametrize(("key", "bad", "named"), _DAMAGE)
@settings(max_examples=20)
@given(deck=card_lists, data=st.data())
def test_one_damaged_field_is_refused_naming_the_card_and_the_field(
    key: str, bad: Any, named: str, deck: list[Card], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(deck) - 1))
    raw = [card_json(c) for c in deck]
    raw[index][key] = bad
    with pytest.raises(DecodeError) as refused:
        decode_card_file(json.dumps(raw).encode())
    assert f"card {index}" in str(refused.value) and named in str(refused.value)


@settings(max_examples=30)
@given(deck=card_lists, data=st.data())
def test_a_cost_that_leaves_out_or_adds_an_element_is_refused(
    deck: list[Card], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(deck) - 1))
    key = data.draw(st.sampled_from(["elements_cost", "elements_gain", "elements_expense"]))
    raw = [card_json(c) for c in deck]
    if data.draw(st.booleans()):
        del raw[index][key][data.draw(st.sampled_from([e.value for e in Element]))]
    else:
        raw[index][key]["无"] = 0
    with pytest.raises(DecodeError, match=f"card {index} .*{key}"):
        decode_card_file(json.dumps(raw).encode())


@settings(max_examples=30)
@given(deck=card_lists, data=st.data())
def test_a_missing_key_is_refused_and_a_key_of_a_later_file_is_ignored(
    deck: list[Card], data: st.DataObject
) -> None:
    raw = [card_json(c) for c in deck]
    for item in raw:
        item["spawns"] = []
    assert list(decode_card_file(json.dumps(raw).encode())) == deck
    index = data.draw(st.integers(0, len(deck) - 1))
    key = data.draw(st.sampled_from(sorted(raw[index])))
    if key == "spawns":
        return
    del raw[index][key]
    with pytest.raises(DecodeError, match=f"card {index}.*{key}"):
        decode_card_file(json.dumps(raw).encode())


@given(card_lists, st.data())
def test_a_number_whose_first_digit_is_another_type_is_refused(
    deck: list[Card], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(deck) - 1))
    raw = [card_json(c) for c in deck]
    other = data.draw(st.sampled_from([t for t in CardType if t is not deck[index].type]))
    raw[index]["type"] = other.value
    with pytest.raises(DecodeError, match="does not belong"):
        decode_card_file(json.dumps(raw, ensure_ascii=False).encode())


def test_minus_one_is_none_and_a_hero_without_life_is_refused() -> None:
    raw = card_json(_hero())
    raw["attack"] = -1
    raw["power"] = 0
    hero = next(iter(decode_card_file(json.dumps([raw]).encode())))
    assert hero.attack is None and hero.power == 0 and hero.life == 10
    raw["life"] = -1
    with pytest.raises(DecodeError, match="hero needs a life"):
        decode_card_file(json.dumps([raw]).encode())


def test_two_cards_with_one_number_are_refused() -> None:
    raw = card_json(_hero())
    with pytest.raises(DecodeError, match=r"card 1 .*number 401001 of card 0"):
        decode_card_file(json.dumps([raw, raw]).encode())


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "not JSON"),
        (b"\xff\xfe[]", "not UTF-8"),
        (b"{}", "array of cards"),
        (b"[]", "no card"),
        (b"[[[[[[]]]]]]", "nested"),
        (b"[1]", "expected an object"),
        (b'[{"power": 3.0}]', "not an integer"),
        (b" " * (MAX_CARD_FILE_BYTES + 1), "exceed the limit"),
    ],
)
def test_what_is_not_a_card_file_is_refused_saying_why(data: bytes, words: str) -> None:
    with pytest.raises(DecodeError, match=words):
        decode_card_file(data)


@settings(max_examples=200)
@given(st.binary(max_size=200) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=20,
).map(lambda v: json.dumps(v).encode()))
def test_any_bytes_decode_or_are_refused_never_raise_anything_else(data: bytes) -> None:
    with contextlib.suppress(DecodeError):
        decode_card_file(data)


def test_the_real_card_file_decodes_whole() -> None:
    raw = json.loads(real_card_file_bytes())
    db = real_card_file()
    assert [c.number for c in db] == [item["number"] for item in raw]  # the file's order
    fireball = db.named("火球术")
    assert fireball is not None and fireball.type is CardType.SKILL and fireball.power == 3
    assert fireball.expense[Element.FIRE] + fireball.expense[Element.ARCANE] > 0
    heroes = [c for c in db if c.type is CardType.HERO]
    assert heroes and all(h.life and h.gain for h in heroes)
    for item, c in zip(raw, db, strict=True):
        assert card_json(c) == {k: item[k] for k in card_json(c)}  # nothing lost or bent


def _hero() -> Card:
    return Card(
        number="401001", type=CardType.HERO, name="英雄", element=Element.ARCANE, tag="",
        description="", quote="", cost=Elements(), gain=Elements.of({Element.ARCANE: 1}),
        expense=Elements(), attack=None, life=10, power=None, duration=None, version="",
    )


@settings(max_examples=50)
@given(deck=card_lists, data=st.data())
def test_an_invisible_character_in_any_text_is_refused_naming_card_and_field(
    deck: list[Card], data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(deck) - 1))
    key = data.draw(st.sampled_from(["name", "tag", "description", "quote", "version"]))
    hidden = data.draw(st.characters(whitelist_categories=("Cf", "Co", "Zl", "Zp")).filter(
        lambda ch: ch != "\u200d"))
    raw = [card_json(c) for c in deck]
    text = raw[index][key]
    at = data.draw(st.integers(0, len(text)))
    raw[index][key] = text[:at] + hidden + text[at:]
    with pytest.raises(DecodeError) as refused:
        decode_card_file(json.dumps(raw).encode())
    assert f"card {index}" in str(refused.value) and key in str(refused.value)
