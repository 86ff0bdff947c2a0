"""One trick, table-driven: every sentence of RULES.md's "Play" and "Who wins a trick",
and the scoring examples. Cards are written in their text form (see cards.py)."""

from __future__ import annotations

import pytest

from wizard_p2p.rules import (
    GameConfig,
    Suit,
    legal_cards,
    parse_cards,
    score,
    suit_to_follow,
    trick_winner,
    trick_winner_reason,
)

B, G, R, Y = Suit.HUMANS, Suit.ELVES, Suit.DWARVES, Suit.GIANTS
STANDARD = GameConfig(seats=4)


def house_rule(on: bool) -> GameConfig:
    """A game with the house rule ``wizard_lead_sets_suit`` on or off."""
    return GameConfig(seats=4, wizard_lead_sets_suit=on)


def cards(text: str) -> list[str]:
    return [str(c) for c in parse_cards(text)]


# --- which suit must be followed ----------------------------------------------------------

FOLLOW = [
    # (trick so far, house rule wizard_lead_sets_suit, suit to follow)
    pytest.param("", False, None, id="nothing led: free lead"),
    pytest.param("B5", False, B, id="suit led: follow it"),
    pytest.param("R2 Y13", False, R, id="a trump played later does not change the suit led"),
    pytest.param("Z1", False, None, id="Wizard led: anything may be played"),
    pytest.param("Z1 G4", False, None, id="Wizard led: a later suit card sets nothing"),
    pytest.param("N1", False, None, id="Jester led: the next player may play anything"),
    pytest.param("N1 G4", False, G, id="Jester led: the first non-Jester card sets the suit"),
    pytest.param("N1 N2 Y9", False, Y, id="Jesters led: first non-Jester card sets the suit"),
    pytest.param("N1 N2", False, None, id="only Jesters so far: still free"),
    pytest.param("N1 Z2", False, None, id="Wizard after a Jester lead frees everything"),
    pytest.param("N1 Z2 B7", False, None, id="Wizard after Jester lead: later suit sets nothing"),
    pytest.param("B5 Z1", False, B, id="a Wizard played on a suit lead frees nobody"),
    pytest.param("B5 N1", False, B, id="a Jester played on a suit lead frees nobody"),
    pytest.param("Z1", True, None, id="house rule: Wizard led, nothing yet to follow"),
    pytest.param("Z1 G4", True, G, id="house rule: the card after a Wizard lead sets the suit"),
    pytest.param("Z1 G4 R9", True, G, id="house rule: the first suit card after the Wizard"),
    pytest.param("Z1 N1 R9", True, R, id="house rule: a Jester after the Wizard sets nothing"),
    pytest.param("Z1 Z2 Y3", True, Y, id="house rule: a second Wizard sets nothing"),
    pytest.param("N1 Z2 B7", True, None, id="house rule only for a Wizard *led*"),
    pytest.param("B5 Z1", True, B, id="house rule: a suit lead is a suit lead"),
]


@pytest.mark.parametrize(("trick", "house", "expected"), FOLLOW)
def test_suit_to_follow(trick: str, house: bool, expected: Suit | None) -> None:
    assert suit_to_follow(parse_cards(trick), house_rule(house)) is expected


# --- which cards may be played --------------------------------------------------------------

LEGAL = [
    # (hand, trick so far, house rule, the legal cards)
    pytest.param("B3 B9 G1 R13", "", False, "B3 B9 G1 R13", id="the leader may lead anything"),
    pytest.param("B3 B9 G1 R13", "B5", False, "B3 B9", id="follow the suit led if you can"),
    pytest.param(
        "G1 R13 Y2", "B5", False, "G1 R13 Y2", id="cannot follow: any card (trump or other suit)"
    ),
    pytest.param(
        "B3 Z1 N2 G1", "B5", False, "B3 Z1 N2",
        id="Wizards and Jesters may be played even when you could follow suit",
    ),
    pytest.param(
        "Z1 N2 G1", "B5", False, "Z1 N2 G1",
        id="nobody is forced to play a Wizard or Jester (void: any card)",
    ),
    pytest.param(
        "B3 G1 R13 Z2 N1", "Z1", False, "B3 G1 R13 Z2 N1",
        id="Wizard led: the others may play anything, Wizards and Jesters included",
    ),
    pytest.param(
        "B3 G1 R13", "Z1 G4", False, "B3 G1 R13", id="Wizard led: later cards set no suit"
    ),
    pytest.param(
        "B3 G1 N2", "N1", False, "B3 G1 N2", id="Jester led: the next player may play anything"
    ),
    pytest.param(
        "B3 G1 G9 N2", "N1 G4", False, "G1 G9 N2",
        id="Jester led: the first non-Jester card decides the suit the rest must follow",
    ),
    pytest.param(
        "B3 G1 Z3", "N1 Z2", False, "B3 G1 Z3",
        id="Jester led then Wizard: everything is free",
    ),
    pytest.param(
        "Z2 B3 G1", "Y5", False, "Z2 B3 G1",
        id="trump led (Y): a Wizard counts as trump but need not be played to follow",
    ),
    pytest.param(
        "Z2 Y1 B3", "Y5", False, "Z2 Y1",
        id="trump led and a trump held: follow it (or a Wizard/Jester)",
    ),
    pytest.param(
        "B3 G1 G9", "Z1 G4", True, "G1 G9",
        id="house rule: after a Wizard lead the next card's suit must be followed",
    ),
    pytest.param(
        "B3 G1 N3", "Z1", True, "B3 G1 N3", id="house rule: the card right after the Wizard is free"
    ),
    pytest.param(
        "B3 R1", "Z1 G4", True, "B3 R1", id="house rule: void in that suit, anything"
    ),
]


@pytest.mark.parametrize(("hand", "trick", "house", "expected"), LEGAL)
def test_legal_cards(hand: str, trick: str, house: bool, expected: str) -> None:
    legal = legal_cards(parse_cards(hand), parse_cards(trick), house_rule(house))
    assert [str(c) for c in legal] == cards(expected)


def test_legal_cards_accepts_any_iterable_and_keeps_hand_order() -> None:
    hand = parse_cards("B9 N1 B3 Z4")
    assert legal_cards(iter(hand), tuple(parse_cards("B5")), STANDARD) == hand
    assert legal_cards((), parse_cards("B5"), STANDARD) == []


# --- who wins a trick ---------------------------------------------------------------------

WINNER = [
    # (trick, trump, index of the winning card)
    pytest.param("B5 Z1 Y13 Z2", Y, 1, id="the first Wizard wins, beating the 13 of trump"),
    pytest.param("Z3 Z1 Z2", None, 0, id="Wizard led: the leader's Wizard wins"),
    pytest.param("Z3 Z1 Z2 Z4", B, 0, id="four Wizards: the first one"),
    pytest.param("N1 B5 Z4", B, 2, id="a Wizard after a Jester lead wins"),
    pytest.param("B13 G2 R5", G, 1, id="a trump beats the suit led, 13 included"),
    pytest.param("B13 G2 G11 R5", G, 2, id="the highest trump wins"),
    pytest.param("G2 G11 B13", G, 1, id="trump led: highest trump"),
    pytest.param("B5 B9 R13 B2", G, 1, id="no trump played: the highest of the suit led"),
    pytest.param("B5 R13 Y13 G13", None, 0, id="off-suit 13s lose to the suit led"),
    pytest.param("B5 B9 R13", None, 1, id="no trump this round: highest of the suit led"),
    pytest.param("B1 N1 N2", R, 0, id="a 1 beats Jesters: Jesters are lower than every 1"),
    pytest.param("N1 B1 N2", None, 1, id="Jester led: the first non-Jester card's suit"),
    pytest.param("N1 B1 B4 G13", None, 2, id="Jester led: suit set by first non-Jester"),
    pytest.param("N1 B1 G2", G, 2, id="Jester led: trump still beats the suit"),
    pytest.param("N1 N2 N3", B, 0, id="all Jesters (3 seats): the first Jester wins"),
    pytest.param("N3 N1 N4 N2", None, 0, id="all Jesters (4 seats): the first Jester wins"),
    pytest.param("B5 N1", None, 0, id="a Jester never wins"),
    pytest.param("Y1 N1 N2 N3", Y, 0, id="a single trump 1 beats three Jesters"),
    pytest.param("B5", B, 0, id="a partial trick of one card"),
    pytest.param("G3 B4 G12 B13", R, 2, id="trump named but unplayed: suit led decides"),
    pytest.param("Z1 B13", B, 0, id="Wizard beats the 13 of trump played after it"),
]


@pytest.mark.parametrize(("trick", "trump", "winner"), WINNER)
def test_trick_winner(trick: str, trump: Suit | None, winner: int) -> None:
    assert trick_winner(parse_cards(trick), trump, STANDARD) == winner


REASONS = [
    # (trick, trump, index of the winning card, the rule that decided it)
    pytest.param("B5 Z1 Y13 Z2", Y, 1, "first-wizard", id="the first Wizard"),
    pytest.param("B13 G2 G11 R5", G, 2, "highest-trump", id="the highest trump"),
    pytest.param("G2 G11 B13", G, 1, "highest-trump", id="trump led"),
    pytest.param("B5 B9 R13 B2", G, 1, "highest-led", id="no trump played"),
    pytest.param("N1 B1 B4 G13", None, 2, "highest-led", id="Jester led, then a suit"),
    pytest.param("N3 N1 N4 N2", B, 0, "first-jester", id="all Jesters: the first"),
    pytest.param("Y1 N1 N2 N3", Y, 0, "highest-trump", id="a lone trump over Jesters"),
]


@pytest.mark.parametrize(("trick", "trump", "winner", "reason"), REASONS)
def test_trick_winner_reason(trick: str, trump: Suit | None, winner: int, reason: str) -> None:
    cards = parse_cards(trick)
    assert trick_winner_reason(cards, trump, STANDARD) == (winner, reason)
    assert trick_winner(cards, trump, STANDARD) == winner


def test_trick_winner_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], None, STANDARD)


# --- scoring --------------------------------------------------------------------------------

SCORES = [
    # RULES.md's worked examples first.
    pytest.param(0, 0, 20, id="bid 0 took 0: +20"),
    pytest.param(1, 0, -10, id="bid 1 took 0: -10"),
    pytest.param(1, 1, 30, id="bid 1 took 1: +30"),
    pytest.param(2, 1, -10, id="bid 2 took 1: -10"),
    pytest.param(0, 1, -10, id="bid 0 took 1: -10"),
    # Then the formula at larger numbers.
    pytest.param(5, 5, 70, id="exact 5: 20 + 50"),
    pytest.param(20, 20, 220, id="exact 20: 20 + 200"),
    pytest.param(0, 7, -70, id="off by 7 (over)"),
    pytest.param(9, 2, -70, id="off by 7 (under)"),
]


@pytest.mark.parametrize(("bid", "taken", "points"), SCORES)
def test_score(bid: int, taken: int, points: int) -> None:
    assert score(bid, taken, STANDARD) == points
