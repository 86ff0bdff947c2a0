"""Properties of the engine over random games of every seat count and variant.

A game is driven by random legal actions (and random shuffles); the checks use
independent oracles (the scoring formula, a trick winner written another way, a
card count) rather than the engine's own helpers.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p.errors import IllegalAction
from wizard_p2p.rules import (
    DECK,
    Action,
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
    legal_cards,
    suit_to_follow,
    trick_winner,
)

VARIANT_SETS: list[dict[str, bool]] = [
    {},
    {"plus_minus_one": True},
    {"hidden_bids": True},
    {"secret_bids": True},
    {"clairvoyance": True, "wizard_lead_sets_suit": True},
    {"plus_minus_one": True, "clairvoyance": True, "wizard_lead_sets_suit": True},
    {"secret_bids": True, "wizard_lead_sets_suit": True},
]
SEAT_COUNTS = pytest.mark.parametrize("seats", range(3, 7))
variants = st.sampled_from(VARIANT_SETS)
configs = st.tuples(st.integers(3, 6), variants).map(lambda sv: GameConfig(seats=sv[0], **sv[1]))
# A seed rather than st.randoms(): a game makes thousands of choices, too many to draw one by one.
randoms = st.integers(0, 2**64).map(random.Random)


# --- oracles ---------------------------------------------------------------------------------


def points(bid: int, taken: int) -> int:
    return 20 + 10 * bid if bid == taken else -10 * abs(bid - taken)


def winner_oracle(cards: list[Card], trump: Suit | None) -> int:
    """RULES.md's three-step order, written as filters over the trick."""
    wizards = [i for i, c in enumerate(cards) if c.is_wizard]
    if wizards:
        return wizards[0]
    suited = [i for i, c in enumerate(cards) if c.is_suit_card]
    if not suited:
        return 0
    led = cards[suited[0]].suit
    trumps = [i for i in suited if cards[i].suit is trump]
    pool = trumps or [i for i in suited if cards[i].suit is led]
    return max(pool, key=lambda i: cards[i].rank)


# --- a random game, recorded -------------------------------------------------------------------


@dataclass
class Record:
    """What the driver dealt and intended, to check the engine's score pad against."""

    hands: list[list[tuple[Card, ...]]] = field(default_factory=list)
    turned: list[Card | None] = field(default_factory=list)
    bids: list[list[int]] = field(default_factory=list)


class Driver:
    """Plays a game with random legal actions.

    In the sealed variants a bid is sealed at random (or always, with ``seal_all``, as
    at a networked table) and the driver keeps the value the seat wrote down.
    """

    def __init__(self, config: GameConfig, rng: random.Random, *, seal_all: bool = False) -> None:
        self.rng = rng
        self.seal_all = seal_all
        self.game = Game(config, first_dealer=rng.randrange(config.seats))
        self.record = Record()
        self.pending: dict[int, int] = {}

    def next_action(self) -> Action:
        game, rng = self.game, self.rng
        if game.phase is Phase.DEAL:
            deck = list(DECK)
            rng.shuffle(deck)
            deal = deal_from_deck(deck, game.seats, game.round_no, game.dealer)
            self.record.hands.append(list(deal.hands))  # type: ignore[arg-type]
            self.record.turned.append(deal.turned)
            self.record.bids.append([-1] * game.seats)
            return deal
        if game.phase is Phase.OPEN_BIDS:
            return OpenBids(tuple(self.record.bids[-1]))
        action = rng.choice(game.legal_actions())
        if isinstance(action, Bid):
            if action.tricks is None or (self.seal_all and game.config.sealed_bids):
                value = rng.choice(game.legal_bids())
                self.record.bids[-1][action.seat] = value
                return Bid(action.seat, None)
            self.record.bids[-1][action.seat] = action.tricks
        return action

    def step(self) -> Action:
        action = self.next_action()
        self.game.apply(action)
        return action


def check_round(config: GameConfig, record: Record, row_index: int, game: Game) -> None:
    row = game.history[row_index]
    n, r = config.seats, row.round_no
    hands = record.hands[row_index]
    assert row.round_no == row_index + 1
    assert row.turned is record.turned[row_index]
    assert len(row.tricks) == r
    assert sum(row.taken) == r
    # every card dealt is played exactly once, and nothing else is
    played = Counter(card for trick in row.tricks for _, card in trick.plays)
    dealt = Counter(card for hand in hands for card in hand)
    assert played == dealt and max(played.values()) == 1 and len(played) == n * r
    assert row.turned not in played
    # trump comes from the turned card
    if row.turned is None:
        assert r * n == 60 and row.trump is None
    elif row.turned.is_jester:
        assert row.trump is None
    elif row.turned.is_suit_card:
        assert row.trump is row.turned.suit
    else:
        assert row.trump is not None  # chosen by the dealer
    # leads, order of play and winners
    leader = (row.dealer + 1) % n
    for trick in row.tricks:
        assert trick.leader == leader
        assert [seat for seat, _ in trick.plays] == [(leader + i) % n for i in range(n)]
        cards = [card for _, card in trick.plays]
        assert trick.winner == trick.plays[winner_oracle(cards, row.trump)][0]
        leader = trick.winner
    assert row.taken == tuple(
        sum(trick.winner == seat for trick in row.tricks) for seat in range(n)
    )
    # scoring
    assert list(row.bids) == record.bids[row_index]
    assert row.points == tuple(points(b, t) for b, t in zip(row.bids, row.taken, strict=True))
    before = game.history[row_index - 1].totals if row_index else (0,) * n
    assert row.totals == tuple(t + p for t, p in zip(before, row.points, strict=True))
    if config.plus_minus_one:
        assert sum(row.bids) != r
    check_round_plays(config, hands, row.tricks)  # the auditor's re-check agrees


@SEAT_COUNTS
@given(variant=variants, rng=randoms)
def test_random_games_finish_and_keep_every_invariant(
    seats: int, variant: dict[str, bool], rng: random.Random
) -> None:
    config = GameConfig(seats=seats, **variant)
    driver = Driver(config, rng)
    game = driver.game
    first_dealer = game.dealer
    steps = 0
    while not game.is_over:
        driver.step()
        steps += 1
        assert steps < 5000
    assert len(game.history) == config.rounds == 60 // config.seats
    for i in range(config.rounds):
        check_round(config, driver.record, i, game)
        assert game.history[i].dealer == (first_dealer + i) % config.seats
    assert tuple(game.totals) == game.history[-1].totals
    standings = game.standings()
    top = max(game.totals)
    assert standings.winners == tuple(s for s in range(config.seats) if game.totals[s] == top)
    assert sorted(standings.order) == list(range(config.seats))
    ordered = [game.totals[s] for s in standings.order]
    assert ordered == sorted(ordered, reverse=True)


# --- apply accepts exactly the legal actions ---------------------------------------------------


def candidates(game: Game) -> list[Action]:
    """Actions worth trying now: every card, bid and suit for the seat to move and the next."""
    n, r = game.seats, game.round_no
    mover = game.to_move if game.to_move is not None else game.dealer
    seats = (mover, (mover + 1) % n)
    actions: list[Action] = []
    for seat in seats:
        actions += [Play(seat, card) for card in DECK]
        actions += [Bid(seat, b) for b in (*range(-1, r + 2), None)]
        actions += [ChooseTrump(seat, suit) for suit in Suit]
    return actions


def snapshot(game: Game) -> dict[str, object]:
    """A copy of the game's state, cheaper than deepcopy: the lists hold only immutable
    things (ints, cards, Tricks, RoundResults), the hands excepted."""
    snap: dict[str, object] = {}
    for name, value in vars(game).items():
        if name == "hands":
            snap[name] = [None if hand is None else list(hand) for hand in value]
        elif isinstance(value, list | set):
            snap[name] = copy.copy(value)
        else:
            snap[name] = value
    return snap


@SEAT_COUNTS
@settings(max_examples=5)
@given(variant=variants, rng=randoms, check_rate=st.floats(0.02, 0.08))
def test_apply_accepts_exactly_the_legal_actions(
    seats: int, variant: dict[str, bool], rng: random.Random, check_rate: float
) -> None:
    config = GameConfig(seats=seats, **variant)
    driver = Driver(config, rng)
    game = driver.game
    checked = 0
    while not game.is_over:
        if game.round_no <= 2 or game.is_last_round or rng.random() < check_rate:
            checked += 1
            legal = game.legal_actions()
            legal_set = set(legal)
            assert len(legal_set) == len(legal)
            tried = candidates(game)
            assert legal_set <= set(tried)  # the candidates cover every legal action
            before = snapshot(game)
            for action in tried:
                if action in legal_set:
                    trial = copy.copy(game)
                    vars(trial).update(snapshot(game))  # game.copy(), minus the deepcopy's cost
                    trial.apply(action)  # never rejects a legal action
                    assert vars(trial) != before
                else:
                    try:
                        game.apply(action)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"accepted {action} outside {legal}")
            assert vars(game) == before  # refusals changed nothing
        driver.step()
    assert checked > 0


# --- a replica that knows one hand follows the full game ----------------------------------------


@given(config=configs, rng=randoms, data=st.data())
def test_a_replica_with_one_known_hand_agrees_with_the_full_game(
    config: GameConfig, rng: random.Random, data: st.DataObject
) -> None:
    me = data.draw(st.integers(0, config.seats - 1))
    driver = Driver(config, rng, seal_all=True)
    game = driver.game
    replica = Game(config, first_dealer=game.dealer)
    while not game.is_over:
        action = driver.step()
        if isinstance(action, Deal):
            hidden = tuple(h if s == me else None for s, h in enumerate(action.hands))
            replica.apply(Deal(hidden, action.turned))
            assert replica.hands[me] == game.hands[me]
        elif isinstance(action, Bid) and action.seat == me and config.sealed_bids:
            replica.apply(Bid(me, driver.record.bids[-1][me]))  # it knows its own bid
            assert replica.bids[me] is not None and game.bids[me] is None
        else:
            replica.apply(action)
        assert replica.phase is game.phase and replica.to_move == game.to_move
        assert replica.trick == game.trick and replica.taken == game.taken
    assert replica.history == game.history
    assert replica.totals == game.totals


# --- one trick ----------------------------------------------------------------------------------

cards = st.sampled_from(DECK)
tricks = st.lists(cards, min_size=1, max_size=6, unique=True)


@given(trick=tricks, trump=st.sampled_from([None, *Suit]))
def test_trick_winner_matches_the_oracle(trick: list[Card], trump: Suit | None) -> None:
    assert trick_winner(trick, trump, GameConfig(seats=6)) == winner_oracle(trick, trump)


@given(data=st.data(), house=st.booleans())
def test_legal_cards_only_withhold_cards_of_another_suit_while_following_is_possible(
    data: st.DataObject, house: bool
) -> None:
    both = data.draw(st.lists(cards, min_size=1, max_size=25, unique=True))
    split = data.draw(st.integers(0, min(5, len(both) - 1)))
    trick, hand = both[:split], both[split:]
    config = GameConfig(seats=6, wizard_lead_sets_suit=house)
    legal = legal_cards(hand, trick, config)
    assert legal and set(legal) <= set(hand)
    follow = suit_to_follow(trick, config)
    for card in hand:
        if card not in legal:
            assert card.is_suit_card and follow is not None and card.suit is not follow
            assert any(other.suit is follow for other in hand)
        elif follow is not None and any(other.suit is follow for other in hand):
            assert card.suit is follow or not card.is_suit_card
