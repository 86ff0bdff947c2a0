"""The game state machine, rule by rule: set-up, dealer, trump, bids, play, variants,
unknown hands, scoring, standings, and the refusals (each naming its rule, none changing
anything)."""

from __future__ import annotations

import copy
import random

import pytest

from wizard_p2p.errors import ConfigError, IllegalAction, UsageError
from wizard_p2p.rules import (
    DECK,
    Bid,
    Card,
    ChooseTrump,
    Deal,
    Game,
    GameConfig,
    OpenBids,
    Phase,
    Play,
    Suit,
    check_round_plays,
    deal_from_deck,
    parse_cards,
    seat_of_position,
)

B, G, R, Y = Suit.HUMANS, Suit.ELVES, Suit.DWARVES, Suit.GIANTS


# --- helpers --------------------------------------------------------------------------------


def deal(hands: list[str | None], turned: str | None) -> Deal:
    return Deal(
        tuple(None if h is None else tuple(parse_cards(h)) for h in hands),
        None if turned is None else Card.parse(turned),
    )


def game_at(config: GameConfig, round_no: int = 1, first_dealer: int = 0) -> Game:
    """A game waiting for the deal of ``round_no``, earlier rounds played by rote."""
    game = Game(config, first_dealer=first_dealer)
    while game.round_no < round_no:
        if game.phase is Phase.DEAL:
            game.apply(deal_from_deck(DECK, game.seats, game.round_no, game.dealer))
        else:
            game.apply(game.legal_actions()[0])
    assert game.phase is Phase.DEAL
    return game


def play(game: Game, seat: int, card: str) -> None:
    game.apply(Play(seat, Card.parse(card)))


def bid_all(game: Game, bids: dict[int, int | None]) -> None:
    """Bid in turn order; ``bids`` maps seat to bid."""
    for _ in range(game.seats):
        seat = game.to_move
        assert seat is not None
        game.apply(Bid(seat, bids[seat]))


def assert_refused(game: Game, action: object, rule: str) -> IllegalAction:
    """``action`` is refused for ``rule`` and the game is exactly as it was."""
    before = copy.deepcopy(vars(game))
    with pytest.raises(IllegalAction) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert info.value.rule == rule, str(info.value)
    assert str(info.value)  # a message a player can read
    assert vars(game) == before
    return info.value


# --- configuration ----------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds_are_60_over_seats(seats: int, rounds: int) -> None:
    assert GameConfig(seats=seats).rounds == rounds


@pytest.mark.parametrize("seats", [0, 1, 2, 7, 10, -3])
def test_seat_count_outside_3_to_6_is_refused(seats: int) -> None:
    with pytest.raises(ConfigError, match="3 to 6 players"):
        GameConfig(seats=seats)


@pytest.mark.parametrize("seats", [True, "4", 4.0, None])
def test_seat_count_must_be_a_whole_number(seats: object) -> None:
    with pytest.raises(ConfigError, match="whole number"):
        GameConfig(seats=seats)  # type: ignore[arg-type]


@pytest.mark.parametrize("sealed", ["hidden_bids", "secret_bids"])
def test_plus_minus_one_with_sealed_bids_is_refused_clearly(sealed: str) -> None:
    with pytest.raises(ConfigError, match=r"±1 variant cannot be combined with hidden or secret"):
        GameConfig(seats=4, plus_minus_one=True, **{sealed: True})
    with pytest.raises(ConfigError, match="nobody could check"):
        GameConfig.with_variants(4, ["pm1", sealed])


def test_hidden_and_secret_together_are_refused() -> None:
    with pytest.raises(ConfigError, match="not both"):
        GameConfig(seats=4, hidden_bids=True, secret_bids=True)


def test_variant_flags_must_be_booleans() -> None:
    with pytest.raises(ConfigError, match="clairvoyance must be true or false"):
        GameConfig(seats=4, clairvoyance=1)  # type: ignore[arg-type]


def test_with_variants_names_and_aliases() -> None:
    config = GameConfig.with_variants(5, ["±1", "clairvoyance", "wizard-lead-sets-suit"])
    assert config.variants() == ("plus_minus_one", "clairvoyance", "wizard_lead_sets_suit")
    assert config.seats == 5 and not config.sealed_bids
    assert GameConfig.with_variants(3, ["Hidden-Bids"]).sealed_bids
    assert GameConfig.with_variants(3, ["secret_bids"]).sealed_bids
    assert GameConfig(seats=3).variants() == ()
    with pytest.raises(ConfigError, match="unknown variant 'turbo'"):
        GameConfig.with_variants(4, ["turbo"])


def test_game_start_arguments_are_checked() -> None:
    with pytest.raises(UsageError, match="first dealer"):
        Game(GameConfig(seats=3), first_dealer=3)
    with pytest.raises(UsageError, match="round 1"):
        Game(GameConfig(seats=3), round_no=2)


# --- dealing ----------------------------------------------------------------------------------


def test_deal_from_deck_deals_one_at_a_time_from_left_of_dealer() -> None:
    deck = list(DECK)
    random.Random(7).shuffle(deck)
    d = deal_from_deck(deck, seats=4, round_no=3, dealer=2)
    # seat 3 (left of the dealer) gets positions 0, 4, 8; the dealer gets 3, 7, 11.
    assert d.hands[3] == (deck[0], deck[4], deck[8])
    assert d.hands[0] == (deck[1], deck[5], deck[9])
    assert d.hands[2] == (deck[3], deck[7], deck[11])
    assert d.turned is deck[12]
    for p in range(12):
        assert deck[p] in d.hands[seat_of_position(p, 4, 2)]


def test_deal_from_deck_last_round_turns_nothing() -> None:
    d = deal_from_deck(DECK, seats=5, round_no=12, dealer=0)
    assert d.turned is None
    assert sorted(c.index for h in d.hands for c in h) == list(range(60))


@pytest.mark.parametrize("deck", [DECK[:59], DECK[:59] + DECK[:1]])
def test_deal_from_deck_needs_the_whole_deck(deck: tuple[Card, ...]) -> None:
    with pytest.raises(UsageError, match="all 60 cards"):
        deal_from_deck(deck, seats=3, round_no=1, dealer=0)


@pytest.mark.parametrize(
    ("hands", "turned", "why"),
    [
        (["B1", "B2"], "B3", "needs 3 hands"),
        (["B1", "B2", "B3", "B4"], "B5", "needs 3 hands"),
        (["B1", "B2 B4", "B3"], "B5", "seat 2 got 2"),
        (["B1", "B2", ""], "B5", "seat 3 got 0"),
        (["B1", "B1", "B3"], "B5", "dealt twice"),
        (["B1", "B2", "B3"], "B2", "dealt twice"),
        (["B1", "B2", "B3"], None, "must be turned"),
        ([None, None, None], None, "must be turned"),
    ],
)
def test_bad_deals_are_refused(hands: list[str | None], turned: str | None, why: str) -> None:
    game = Game(GameConfig(seats=3))
    error = assert_refused(game, deal(hands, turned), "deal")
    assert why in str(error)


def test_deal_of_things_that_are_not_cards_is_refused() -> None:
    game = Game(GameConfig(seats=3))
    b1, b2, b3 = parse_cards("B1 B2 B3")
    assert_refused(game, Deal(((b1,), (b2,), ("B3",)), b3), "deal")  # type: ignore[arg-type]
    assert_refused(game, Deal(((b1,), (b2,), (b3,)), "B4"), "deal")  # type: ignore[arg-type]
    assert_refused(game, Deal(((b1,), (b2,), "B3"), b3), "deal")  # type: ignore[arg-type]
    assert_refused(game, Deal(None, b3), "deal")  # type: ignore[arg-type]


def test_last_round_has_no_turned_card_and_no_trump() -> None:
    config = GameConfig(seats=6)
    game = game_at(config, 10)
    assert game.is_last_round
    last = deal_from_deck(DECK, 6, 10, game.dealer)
    assert_refused(game, Deal(last.hands, DECK[0]), "deal")
    game.apply(last)
    assert game.turned is None and game.trump is None
    assert game.phase is Phase.BID


# --- trump ----------------------------------------------------------------------------------


def test_turned_suit_card_makes_trump() -> None:
    game = Game(GameConfig(seats=3))
    game.apply(deal(["B1", "B2", "B3"], "G9"))
    assert game.trump is G and game.turned == Card.parse("G9")
    assert game.phase is Phase.BID


def test_turned_jester_means_no_trump() -> None:
    game = Game(GameConfig(seats=3))
    game.apply(deal(["B1", "B2", "B3"], "N2"))
    assert game.trump is None
    assert game.phase is Phase.BID and game.to_move == 1


def test_turned_wizard_lets_the_dealer_choose_trump() -> None:
    game = Game(GameConfig(seats=4), first_dealer=2)
    game.apply(deal(["B1", "B2", "B3", "B4"], "Z3"))
    assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == 2 and game.trump is None
    assert game.legal_actions() == [ChooseTrump(2, suit) for suit in Suit]
    assert_refused(game, ChooseTrump(3, R), "turn")
    assert_refused(game, ChooseTrump(2, "R"), "trump")  # type: ignore[arg-type]
    assert_refused(game, Bid(3, 0), "phase")
    game.apply(ChooseTrump(2, R))
    assert game.trump is R
    assert game.phase is Phase.BID and game.to_move == 3  # bids start left of the dealer


# --- dealer rotation, bidding order, leads ----------------------------------------------------


@pytest.mark.parametrize(("seats", "first"), [(3, 0), (4, 2), (5, 4), (6, 1)])
def test_dealer_passes_left_every_round(seats: int, first: int) -> None:
    config = GameConfig(seats=seats)
    game = game_at(config, config.rounds, first_dealer=first)
    dealers = [row.dealer for row in game.history] + [game.dealer]
    assert dealers == [(first + i) % seats for i in range(config.rounds)]
    assert [row.round_no for row in game.history] == list(range(1, config.rounds))


def test_bids_start_left_of_dealer_and_go_clockwise() -> None:
    game = game_at(GameConfig(seats=4), 2, first_dealer=3)  # round 2: dealer 0
    game.apply(deal_from_deck(DECK, 4, 2, game.dealer))
    order = []
    while game.phase is Phase.BID:
        order.append(game.to_move)
        assert_refused(game, Bid((game.to_move + 1) % 4, 0), "turn")
        game.apply(Bid(game.to_move, 0))
    assert order == [1, 2, 3, 0]
    assert game.phase is Phase.PLAY


def test_first_trick_led_left_of_dealer_and_winner_leads_next() -> None:
    game = game_at(GameConfig(seats=3), 2)  # round 2: dealer 1, seat 2 leads
    assert game.dealer == 1
    game.apply(deal(["B5 G3", "B9 R2", "B13 G1"], "Y1"))
    bid_all(game, {2: 1, 0: 0, 1: 0})
    assert game.phase is Phase.PLAY and game.to_move == 2
    play(game, 2, "G1")
    assert game.to_move == 0
    play(game, 0, "G3")
    play(game, 1, "R2")  # void in green: anything
    assert game.round_tricks[0].winner == 0 and game.to_move == 0  # the winner leads
    play(game, 0, "B5")
    play(game, 1, "B9")
    play(game, 2, "B13")
    row = game.history[-1]
    assert [t.leader for t in row.tricks] == [2, 0]
    assert [t.winner for t in row.tricks] == [0, 2]
    assert row.taken == (1, 0, 1)
    assert row.bids == (0, 0, 1)
    assert row.points == (-10, 20, 30)
    assert row.trump is Y and row.turned == Card.parse("Y1")
    before = game.history[-2].totals
    assert row.totals == tuple(t + p for t, p in zip(before, row.points, strict=True))
    assert game.totals == list(row.totals)
    assert game.round_no == 3 and game.dealer == 2 and game.phase is Phase.DEAL


# --- play -----------------------------------------------------------------------------------


def test_follow_suit_is_enforced_and_wizard_jester_always_allowed() -> None:
    game = game_at(GameConfig(seats=3), 3)  # dealer 2, seat 0 leads
    game.apply(deal(["B5 G3 R1", "B9 Z1 N1", "Y2 Y3 B2"], "R13"))
    bid_all(game, {0: 0, 1: 0, 2: 0})
    play(game, 0, "B5")
    assert game.legal_plays() == parse_cards("B9 Z1 N1")
    assert {a.card for a in game.legal_actions()} == set(parse_cards("B9 Z1 N1"))
    play(game, 1, "N1")  # a Jester although blue is held
    error = assert_refused(game, Play(2, Card.parse("Y3")), "follow-suit")
    assert "humans (B)" in str(error)
    play(game, 2, "B2")
    assert game.round_tricks[-1].winner == 0
    assert_refused(game, Play(0, Card.parse("B9")), "not-held")
    assert_refused(game, Play(0, Card.parse("B5")), "not-held")  # already played
    assert_refused(game, Play(1, Card.parse("B9")), "turn")
    assert_refused(game, Play(0, "G3"), "card")  # type: ignore[arg-type]
    assert_refused(game, Bid(0, 1), "phase")
    assert_refused(game, "Play(0, G3)", "unknown-action")  # type: ignore[arg-type]
    play(game, 0, "G3")
    play(game, 1, "Z1")  # a Wizard although blue is held; wins the trick
    play(game, 2, "Y2")
    assert game.round_tricks[-1].winner == 1 and game.to_move == 1


def test_jester_led_trick_in_play() -> None:
    game = game_at(GameConfig(seats=4), 2)  # dealer 1, seat 2 leads
    game.apply(deal(["G2 B1", "G9 B4", "N1 B2", "B3 G5"], "R4"))
    bid_all(game, {2: 0, 3: 0, 0: 0, 1: 0})
    play(game, 2, "N1")
    assert game.legal_plays() == parse_cards("B3 G5")  # the next player may play anything
    play(game, 3, "G5")  # the first non-Jester sets green
    assert_refused(game, Play(0, Card.parse("B1")), "follow-suit")
    play(game, 0, "G2")
    play(game, 1, "G9")
    assert game.round_tricks[0].winner == 1


def test_wizard_after_jester_lead_frees_everything() -> None:
    for second in ("Z2", "B1"):
        game = game_at(GameConfig(seats=3), 2)  # dealer 1, seat 2 leads
        game.apply(deal(["Z2 B1", "G9 B4", "N1 B2"], "R4"))
        bid_all(game, {2: 0, 0: 0, 1: 0})
        play(game, 2, "N1")
        play(game, 0, second)
        if second == "Z2":
            assert game.legal_plays() == parse_cards("G9 B4")
            play(game, 1, "G9")
            assert game.round_tricks[0].winner == 0
        else:  # control: a suit card after the Jester sets the suit
            assert game.legal_plays() == parse_cards("B4")
            assert_refused(game, Play(1, Card.parse("G9")), "follow-suit")


def test_all_jester_trick_goes_to_the_first_jester() -> None:
    game = game_at(GameConfig(seats=3), 2)  # dealer 1, seat 2 leads
    game.apply(deal(["N3 B1", "N1 B4", "N2 B2"], "R4"))
    bid_all(game, {2: 1, 0: 0, 1: 0})
    play(game, 2, "N2")
    play(game, 0, "N3")
    play(game, 1, "N1")
    assert game.round_tricks[0].winner == 2 and game.to_move == 2


def test_house_rule_wizard_lead_sets_suit() -> None:
    for house in (False, True):
        game = game_at(GameConfig(seats=3, wizard_lead_sets_suit=house), 2)
        game.apply(deal(["G2 B1", "G9 B4", "Z1 B2"], "R4"))
        bid_all(game, {2: 1, 0: 0, 1: 0})
        play(game, 2, "Z1")
        play(game, 0, "G2")
        if house:
            assert game.legal_plays() == parse_cards("G9")
            assert_refused(game, Play(1, Card.parse("B4")), "follow-suit")
        else:
            assert game.legal_plays() == parse_cards("G9 B4")
            play(game, 1, "B4")
            assert game.round_tricks[0].winner == 2


# --- ±1 ---------------------------------------------------------------------------------------


def test_plus_minus_one_restricts_the_last_bidder_only() -> None:
    game = game_at(GameConfig(seats=4, plus_minus_one=True), 3)  # dealer 2: bids 3, 0, 1, 2
    game.apply(deal_from_deck(DECK, 4, 3, game.dealer))
    for seat, b in ((3, 0), (0, 1), (1, 1)):
        assert game.forbidden_bid() is None
        assert game.legal_bids() == [0, 1, 2, 3]
        game.apply(Bid(seat, b))
    # 0 + 1 + 1 = 2: a bid of 1 would make 3 = the round's tricks.
    assert game.forbidden_bid() == 1
    assert game.legal_bids() == [0, 2, 3]
    assert Bid(2, 1) not in game.legal_actions()
    error = assert_refused(game, Bid(2, 1), "plus-minus-one")
    assert "may not add up to 3" in str(error)
    game.apply(Bid(2, 2))
    assert game.bids == [1, 1, 2, 0]


def test_plus_minus_one_nothing_forbidden_when_already_over() -> None:
    game = Game(GameConfig(seats=3, plus_minus_one=True))
    game.apply(deal(["B1", "B2", "B3"], "B4"))
    game.apply(Bid(1, 1))
    game.apply(Bid(2, 1))
    assert game.forbidden_bid() is None and game.legal_bids() == [0, 1]
    game.apply(Bid(0, 1))


def test_without_plus_minus_one_the_sum_may_match() -> None:
    game = Game(GameConfig(seats=3))
    game.apply(deal(["B1", "B2", "B3"], "B4"))
    game.apply(Bid(1, 0))
    game.apply(Bid(2, 0))
    assert game.forbidden_bid() is None
    game.apply(Bid(0, 1))
    assert game.phase is Phase.PLAY


# --- bid refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize("tricks", [-1, 3, 99, True, 1.0, "1"])
def test_bid_out_of_range_or_not_a_number(tricks: object) -> None:
    game = game_at(GameConfig(seats=3), 2)
    game.apply(deal_from_deck(DECK, 3, 2, game.dealer))
    assert_refused(game, Bid(game.to_move, tricks), "bid-range")  # type: ignore[arg-type]


def test_sealed_bid_needs_a_sealed_variant() -> None:
    game = Game(GameConfig(seats=3))
    game.apply(deal(["B1", "B2", "B3"], "B4"))
    assert Bid(1, None) not in game.legal_actions()
    assert_refused(game, Bid(1, None), "sealed-bid")


# --- hidden and secret bids -------------------------------------------------------------------


def test_hidden_bids_are_opened_before_play() -> None:
    game = Game(GameConfig(seats=3, hidden_bids=True))
    game.apply(deal(["B1", "B2", "B3"], "G4"))
    assert Bid(1, None) in game.legal_actions()
    bid_all(game, {1: None, 2: None, 0: None})
    assert game.phase is Phase.OPEN_BIDS and game.to_move is None
    assert game.legal_actions() == []
    assert game.bids == [None, None, None] and game.sealed == [True, True, True]
    assert_refused(game, Play(1, Card.parse("B2")), "phase")
    assert_refused(game, OpenBids((1, 0)), "open-bids")
    assert_refused(game, OpenBids((1, 0, 2)), "bid-range")
    assert_refused(game, OpenBids((1, 0, -1)), "bid-range")
    assert_refused(game, OpenBids((1, 0, None)), "bid-range")  # type: ignore[arg-type]
    assert_refused(game, OpenBids(7), "open-bids")  # type: ignore[arg-type]
    game.apply(OpenBids((1, 0, 0)))
    assert game.bids == [1, 0, 0] and game.sealed == [False] * 3
    assert game.phase is Phase.PLAY and game.to_move == 1
    assert_refused(game, OpenBids((1, 0, 0)), "phase")


def test_opened_bids_must_match_bids_made_openly() -> None:
    game = Game(GameConfig(seats=3, hidden_bids=True))
    game.apply(deal(["B1", "B2", "B3"], "G4"))
    bid_all(game, {1: 1, 2: None, 0: None})  # this replica knows seat 1's bid
    assert game.phase is Phase.OPEN_BIDS
    error = assert_refused(game, OpenBids((0, 0, 0)), "open-bids")
    assert "seat 2 bid 1" in str(error)
    game.apply(OpenBids((0, 1, 0)))
    assert game.phase is Phase.PLAY


def test_secret_bids_are_opened_after_the_last_trick_then_scored() -> None:
    game = game_at(GameConfig(seats=3, secret_bids=True), 2)  # dealer 1, seat 2 leads
    game.apply(deal(["B5 G3", "B9 R2", "B13 G1"], "Y1"))
    bid_all(game, {2: None, 0: None, 1: None})
    assert game.phase is Phase.PLAY and game.to_move == 2  # no opening before play
    assert_refused(game, OpenBids((0, 0, 0)), "phase")
    rounds_scored = len(game.history)
    for seat, card in ((2, "G1"), (0, "G3"), (1, "R2"), (0, "B5"), (1, "B9"), (2, "B13")):
        play(game, seat, card)
    assert game.phase is Phase.OPEN_BIDS and game.to_move is None
    assert len(game.history) == rounds_scored  # not scored before the bids are known
    assert game.taken == [1, 0, 1]
    game.apply(OpenBids((1, 1, 1)))
    row = game.history[-1]
    assert row.round_no == 2 and row.bids == (1, 1, 1) and row.points == (30, -10, 30)
    assert game.round_no == 3 and game.phase is Phase.DEAL


# --- unknown hands (a networked replica) -------------------------------------------------------


def test_unknown_hands_accept_any_card_not_yet_public() -> None:
    game = game_at(GameConfig(seats=3), 2)  # dealer 1, seat 2 leads
    game.apply(deal(["B5 G3", None, None], "Y1"))  # this replica is seat 0
    assert game.hands[1] is None and game.hand_sizes == [2, 2, 2]
    bid_all(game, {2: 0, 0: 0, 1: 0})
    assert game.legal_plays() == []  # seat 2's hand is unknown here
    assert_refused(game, Play(2, Card.parse("B5")), "not-held")  # seat 0 holds it
    assert_refused(game, Play(2, Card.parse("Y1")), "not-held")  # the turned card
    play(game, 2, "B13")
    assert game.hand_sizes == [2, 2, 1]
    play(game, 0, "B5")
    assert_refused(game, Play(1, Card.parse("B13")), "not-held")  # already played
    play(game, 1, "G9")  # a renege nobody here can see yet
    play(game, 2, "G1")
    play(game, 0, "G3")
    play(game, 1, "B9")
    row = game.history[-1]
    real_hands = [parse_cards("B5 G3"), parse_cards("G9 B9"), parse_cards("B13 G1")]
    with pytest.raises(IllegalAction, match="trick 1: seat 2 played G9") as info:
        check_round_plays(game.config, real_hands, row.tricks)
    assert info.value.rule == "follow-suit" and info.value.seat == 1
    honest = [parse_cards("B5 G3"), parse_cards("G9 B9"), parse_cards("B13 G1")]
    honest[1] = parse_cards("G9 R9")  # had seat 1 held no blue, G9 was fine...
    with pytest.raises(IllegalAction, match="not dealt") as info:
        check_round_plays(game.config, honest, row.tricks)  # ...but then B9 was never held
    assert info.value.rule == "not-held" and info.value.seat == 1


def test_check_round_plays_passes_an_honest_round() -> None:
    game = game_at(GameConfig(seats=3), 2)
    hands = ["B5 G3", "B9 R2", "B13 G1"]
    game.apply(deal(hands, "Y1"))
    bid_all(game, {2: 0, 0: 0, 1: 0})
    for seat, card in ((2, "G1"), (0, "G3"), (1, "R2"), (0, "B5"), (1, "B9"), (2, "B13")):
        play(game, seat, card)
    check_round_plays(game.config, [parse_cards(h) for h in hands], game.history[-1].tricks)


# --- refusals leave the state unchanged --------------------------------------------------------


def test_refusals_in_every_phase() -> None:
    game = Game(GameConfig(seats=3))
    assert game.legal_actions() == []
    assert_refused(game, Bid(1, 0), "phase")
    assert_refused(game, Play(1, DECK[0]), "phase")
    assert_refused(game, ChooseTrump(0, B), "phase")
    assert_refused(game, OpenBids((0, 0, 0)), "phase")
    game.apply(deal(["B1", "B2", "B3"], "B4"))
    assert_refused(game, deal(["G1", "G2", "G3"], "G4"), "phase")
    assert_refused(game, Bid(0, 0), "turn")
    assert_refused(game, Bid(7, 0), "turn")
    assert_refused(game, Play(1, Card.parse("B2")), "phase")


def test_snapshot_comparison_sees_changes() -> None:
    # The refusal checks above compare snapshots; make sure a legal action does differ.
    game = Game(GameConfig(seats=3))
    before = copy.deepcopy(vars(game))
    game.apply(deal(["B1", "B2", "B3"], "B4"))
    assert vars(game) != before


# --- whole games, scoring, standings ----------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_a_whole_game_ends_after_60_over_n_rounds(seats: int) -> None:
    config = GameConfig(seats=seats)
    game = game_at(config, config.rounds)
    game.apply(deal_from_deck(DECK, seats, config.rounds, game.dealer))
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.phase is Phase.GAME_OVER and game.to_move is None
    assert len(game.history) == config.rounds
    assert game.legal_actions() == []
    assert_refused(game, deal_from_deck(DECK, seats, 1, 0), "phase")
    totals = [0] * seats
    for row in game.history:
        totals = [t + p for t, p in zip(totals, row.points, strict=True)]
        assert row.totals == tuple(totals)
    assert game.totals == totals


def test_standings_with_a_tie_give_joint_winners() -> None:
    game = Game(GameConfig(seats=4))
    game.totals = [50, 80, -10, 80]
    standings = game.standings()
    assert standings.winners == (1, 3)
    assert standings.order == (1, 3, 0, 2)
    assert standings.totals == (50, 80, -10, 80)
    game.totals = [0, 0, 0, 0]
    assert game.standings().winners == (0, 1, 2, 3)
    game.totals = [-30, -20, -40, -50]
    assert game.standings().winners == (1,)
    assert game.standings().order == (1, 0, 2, 3)


# --- copies for look-ahead ----------------------------------------------------------------------


def test_copy_is_equal_and_independent() -> None:
    game = game_at(GameConfig(seats=4), 3)
    game.apply(deal_from_deck(DECK, 4, 3, game.dealer))
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    frozen = copy.deepcopy(vars(game))
    clone = game.copy()
    assert clone == game and vars(clone) == frozen
    while not clone.is_over:  # play the copy to the end...
        if clone.phase is Phase.DEAL:
            clone.apply(deal_from_deck(DECK, 4, clone.round_no, clone.dealer))
        else:
            clone.apply(clone.legal_actions()[-1])
    assert vars(game) == frozen  # ...and the original has not moved
    assert clone.history[:2] == game.history
