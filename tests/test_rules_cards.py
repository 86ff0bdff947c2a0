"""The 60 cards: the deck's make-up, the text form and its round trip, display order."""

from __future__ import annotations

import copy
import pickle

import pytest

from wizard_p2p.errors import UsageError
from wizard_p2p.rules import DECK, Card, Kind, Suit, parse_cards, sort_key, sorted_hand


def test_deck_has_60_distinct_cards() -> None:
    assert len(DECK) == 60
    assert len({id(card) for card in DECK}) == 60
    assert len({str(card) for card in DECK}) == 60
    assert [card.index for card in DECK] == list(range(60))


def test_deck_make_up() -> None:
    for suit in Suit:
        ranks = sorted(card.rank for card in DECK if card.suit is suit)
        assert ranks == list(range(1, 14)), suit
        assert all(card.kind is Kind.SUIT for card in DECK if card.suit is suit)
    wizards = [card for card in DECK if card.is_wizard]
    jesters = [card for card in DECK if card.is_jester]
    assert [str(c) for c in wizards] == ["Z1", "Z2", "Z3", "Z4"]
    assert [str(c) for c in jesters] == ["N1", "N2", "N3", "N4"]
    assert all(c.suit is None and not c.is_suit_card for c in wizards + jesters)
    assert sum(card.is_suit_card for card in DECK) == 52


def test_kind_flags_are_exclusive() -> None:
    for card in DECK:
        assert [card.is_suit_card, card.is_wizard, card.is_jester].count(True) == 1, card


def test_text_round_trip_for_all_60() -> None:
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert Card.from_index(card.index) is card
        assert repr(card) == f"Card.parse({str(card)!r})"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("B1", "B1"),
        ("b13", "B13"),
        ("  g7 ", "G7"),
        ("r10", "R10"),
        ("Y13", "Y13"),
        ("z", "Z1"),
        ("N", "N1"),
        ("z4", "Z4"),
        ("n3", "N3"),
    ],
)
def test_parse_accepts_lenient_forms(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(
    "text",
    ["", " ", "B0", "B14", "G", "13", "Z0", "Z5", "N5", "X1", "BB1", "Z 1", "B-1", "B1.0", "B01"],
)
def test_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(UsageError, match="not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 5, b"B1", ["B1"]])
def test_parse_rejects_non_text_with_usage_error(value: object) -> None:
    with pytest.raises(UsageError):
        Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [-1, 60, 1000, True, "3", 2.0, None])
def test_from_index_rejects_bad_indices(index: object) -> None:
    with pytest.raises(UsageError, match="not a card index"):
        Card.from_index(index)  # type: ignore[arg-type]


def test_cards_stay_interned_through_copy_and_pickle() -> None:
    for card in DECK:
        assert copy.copy(card) is card
        assert copy.deepcopy(card) is card
        assert pickle.loads(pickle.dumps(card)) is card
    hand = [DECK[3], DECK[57]]
    assert copy.deepcopy(hand)[1] is DECK[57]


def test_parse_cards_spaces_and_commas() -> None:
    assert [str(c) for c in parse_cards("Z1 b13,N2 ,  g1")] == ["Z1", "B13", "N2", "G1"]
    assert parse_cards("") == []
    with pytest.raises(UsageError):
        parse_cards("B1 B99")


@pytest.mark.parametrize(
    ("text", "suit"),
    [("B", Suit.HUMANS), ("g", Suit.ELVES), (" R ", Suit.DWARVES), ("giants", Suit.GIANTS)],
)
def test_suit_parse(text: str, suit: Suit) -> None:
    assert Suit.parse(text) is suit


@pytest.mark.parametrize("text", ["", "X", "Z", "N", "blue", "humanss"])
def test_suit_parse_rejects(text: str) -> None:
    with pytest.raises(UsageError, match="not a suit"):
        Suit.parse(text)


def test_suit_colours_and_text() -> None:
    assert {s.colour for s in Suit} == {"blue", "green", "red", "yellow"}
    assert Suit.HUMANS.colour == "blue"
    assert Suit.GIANTS.colour == "yellow"
    assert [str(s) for s in Suit] == ["B", "G", "R", "Y"]


def test_sorted_hand_groups_wizards_trumps_others_jesters() -> None:
    hand = parse_cards("N2 B3 R13 Z2 R1 G7 N1 Z1 B13")
    assert [str(c) for c in sorted_hand(hand, Suit.DWARVES)] == [
        "Z1", "Z2", "R13", "R1", "B13", "B3", "G7", "N1", "N2",
    ]
    # Without trump: suits in B, G, R, Y order, high to low within a suit.
    assert [str(c) for c in sorted_hand(hand)] == [
        "Z1", "Z2", "B13", "B3", "G7", "R13", "R1", "N1", "N2",
    ]


def test_sort_key_is_total_over_the_deck() -> None:
    for trump in (None, *Suit):
        keys = {sort_key(card, trump) for card in DECK}
        assert len(keys) == 60


@pytest.mark.parametrize("value", [None, 1, Suit.HUMANS])
def test_suit_parse_rejects_non_text(value: object) -> None:
    with pytest.raises(UsageError, match="not a suit"):
        Suit.parse(value)  # type: ignore[arg-type]
