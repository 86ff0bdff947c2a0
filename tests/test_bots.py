"""Bot policies: legal choices in every variant, no peeking, determinism, and behaviour.

The property tests drive the rules engine with random legal moves to a random
decision point of a random variant, then ask every policy for that decision.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_p2p.bots import POLICIES, ExpertPolicy, HeuristicPolicy, RandomPolicy, make_policy
from wizard_p2p.bots.expert import equivalent_cards
from wizard_p2p.bots.heuristic import (
    choose_card,
    estimate_tricks,
    gone_array,
    win_chance,
)
from wizard_p2p.bots.knowledge import infer_voids, knowledge_of, sample_hands
from wizard_p2p.bots.policy import Policy
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import (
    DECK,
    Bid,
    Card,
    ChooseTrump,
    Game,
    GameConfig,
    OpenBids,
    Phase,
    Play,
    SeatView,
    Suit,
    deal_from_deck,
    parse_cards,
    seat_view,
)

B, G, R, Y = Suit.HUMANS, Suit.ELVES, Suit.DWARVES, Suit.GIANTS

VARIANTS = [
    (),
    ("plus_minus_one",),
    ("hidden_bids",),
    ("secret_bids",),
    ("clairvoyance",),
    ("wizard_lead_sets_suit",),
    ("clairvoyance", "plus_minus_one", "wizard_lead_sets_suit"),
    ("clairvoyance", "hidden_bids"),
    ("clairvoyance", "secret_bids", "wizard_lead_sets_suit"),
]


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def policies() -> list[Policy]:
    return [RandomPolicy(), HeuristicPolicy(), ExpertPolicy(samples=3, time_budget=None)]


class Table:
    """A game driven like a real table: sealed bids kept aside and opened by the variant."""

    def __init__(
        self,
        config: GameConfig,
        rng: random.Random,
        *,
        first_dealer: int | None = None,
        decks: dict[int, list[Card]] | None = None,
    ) -> None:
        if first_dealer is None:
            first_dealer = rng.randrange(config.seats)
        self.game = Game(config, first_dealer=first_dealer)
        self.rng = rng  # the random moves
        self.deck_rng = random.Random(rng.random())  # the deals, apart from the moves
        self.moves: list[int | Suit | Card] = []
        self.decks = decks or {}  # round number → the deck to deal (else a shuffled one)
        self.sealed: dict[int, int] = {}

    def settle(self) -> None:
        """Deal and open bids until a seat must decide (or the game is over)."""
        game = self.game
        while not game.is_over:
            if game.phase is Phase.DEAL:
                deck = list(DECK)
                self.deck_rng.shuffle(deck)
                deck = self.decks.get(game.round_no, deck)
                game.apply(deal_from_deck(deck, game.seats, game.round_no, game.dealer))
            elif game.phase is Phase.OPEN_BIDS:
                game.apply(OpenBids(tuple(self.sealed[s] for s in range(game.seats))))
                self.sealed.clear()
            elif game.phase is Phase.PLAY and game.config.clairvoyance and game.round_no == 1:
                seat = game.to_move
                hand = game.hands[seat]
                game.apply(Play(seat, hand[0]))  # the hidden card: no choice
            else:
                return

    def act(self, choice: int | Suit | Card) -> None:
        game = self.game
        seat = game.to_move
        self.moves.append(choice)
        if game.phase is Phase.CHOOSE_TRUMP:
            game.apply(ChooseTrump(seat, choice))
        elif game.phase is Phase.BID:
            if game.config.sealed_bids:
                assert choice in game.legal_bids()
                game.apply(Bid(seat, None))
                self.sealed[seat] = choice
            else:
                game.apply(Bid(seat, choice))
        else:
            game.apply(Play(seat, choice))
        self.settle()

    def random_step(self) -> None:
        game = self.game
        if game.phase is Phase.CHOOSE_TRUMP:
            self.act(self.rng.choice(list(Suit)))
        elif game.phase is Phase.BID:
            self.act(self.rng.choice(game.legal_bids()))
        else:
            self.act(self.rng.choice(game.legal_plays()))


def random_decision(seats: int, variants: tuple[str, ...], seed: int, round_no: int, step: int):
    """A table at a random decision point: in round ``round_no``, ``step`` moves into it."""
    config = GameConfig.with_variants(seats, list(variants))
    table = Table(config, random.Random(seed))
    table.settle()
    round_no = min(round_no, config.rounds)
    while table.game.round_no < round_no:
        table.random_step()
    for _ in range(step):
        if table.game.round_no != round_no or table.game.is_over:
            break
        table.random_step()
    if table.game.is_over:
        return None
    return table


def deck_giving(
    hands: dict[int, list[Card]], seats: int, round_no: int, dealer: int, turned: str | None
) -> list[Card]:
    """A deck that deals the given seats the given hands (the rest at random, fixed)."""
    fixed = [c for h in hands.values() for c in h]
    if turned is not None:
        fixed.append(Card.parse(turned))
    rest = [c for c in DECK if c not in fixed]
    random.Random(0).shuffle(rest)
    order: list[Card] = []
    queues = {seat: list(h) for seat, h in hands.items()}
    for position in range(seats * round_no):
        seat = (dealer + 1 + position) % seats
        order.append(queues[seat].pop(0) if seat in queues else rest.pop())
    if turned is not None:
        order.append(Card.parse(turned))
    return order + rest


def table_at_bid(
    config: GameConfig, round_no: int, dealer: int, hands: dict[int, str], turned: str | None
) -> Table:
    """A table at the start of the bidding of ``round_no`` with the given hands dealt.

    The earlier rounds are played with random moves.
    """
    first_dealer = (dealer - (round_no - 1)) % config.seats
    deck = deck_giving(
        {seat: cards(text) for seat, text in hands.items()}, config.seats, round_no, dealer, turned
    )
    table = Table(config, random.Random(1), first_dealer=first_dealer, decks={round_no: deck})
    table.settle()
    while table.game.round_no < round_no:
        table.random_step()
    return table


def ask(policy: Policy, view: SeatView, rng: random.Random) -> int | Suit | Card:
    if view.phase is Phase.CHOOSE_TRUMP:
        return policy.choose_trump(view, rng)
    if view.phase is Phase.BID:
        return policy.bid(view, rng)
    return policy.play(view, rng)


# --- every choice is legal --------------------------------------------------------------


@given(
    seats=st.integers(3, 6),
    variants=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    round_no=st.integers(1, 20),
    step=st.integers(0, 60),
)
def test_every_policy_only_makes_legal_choices(
    seats: int, variants: tuple[str, ...], seed: int, round_no: int, step: int
) -> None:
    table = random_decision(seats, variants, seed, round_no, step)
    if table is None:
        return
    game = table.game
    seat = game.to_move
    view = seat_view(game, seat)
    for policy in policies():
        choice = ask(policy, view, random.Random(seed))
        if game.phase is Phase.CHOOSE_TRUMP:
            assert isinstance(choice, Suit)
        elif game.phase is Phase.BID:
            assert choice in view.legal_bids
            assert choice in game.legal_bids()
        else:
            assert choice in view.legal_plays
            probe = game.copy()
            probe.apply(Play(seat, choice))  # the engine agrees


@pytest.mark.parametrize("variants", VARIANTS, ids=lambda v: "+".join(v) or "standard")
def test_whole_games_of_every_variant_between_all_policies(variants: tuple[str, ...]) -> None:
    """Seats of each policy play complete games; the engine refuses any illegal move."""
    seats = 3 + VARIANTS.index(variants) % 4
    config = GameConfig.with_variants(seats, list(variants))
    # Short but complete: the game engine plays every round; the expert looks little ahead.
    rng = random.Random(VARIANTS.index(variants))
    table = Table(config, rng)
    table.settle()
    seat_policies = [policies()[s % 3] for s in range(seats)]
    while not table.game.is_over:
        seat = table.game.to_move
        table.act(ask(seat_policies[seat], seat_view(table.game, seat), rng))
    assert len(table.game.history) == config.rounds


# --- a bot sees what its seat sees -------------------------------------------------------


def reachable(root: object, limit: int = 20000) -> Iterator[object]:
    """Every object reachable from ``root`` (classes and modules excluded)."""
    seen: set[int] = set()
    stack = [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        yield obj
        stack.extend(gc.get_referents(obj))


class Spy:
    """Wraps a policy and records every view it is given."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner
        self.name = inner.name
        self.views: list[SeatView] = []

    def bid(self, view: SeatView, rng: random.Random) -> int:
        self.views.append(view)
        return self.inner.bid(view, rng)

    def choose_trump(self, view: SeatView, rng: random.Random) -> Suit:
        self.views.append(view)
        return self.inner.choose_trump(view, rng)

    def play(self, view: SeatView, rng: random.Random) -> Card:
        self.views.append(view)
        return self.inner.play(view, rng)


@pytest.mark.parametrize("variants", [(), ("clairvoyance", "secret_bids")])
def test_a_bot_is_given_nothing_but_what_its_seat_may_see(variants: tuple[str, ...]) -> None:
    """Walk everything reachable from each view a bot receives: no Game, no hidden card."""
    from wizard_p2p.bots.tournament import make_deal, play_game

    config = GameConfig.with_variants(4, list(variants))
    deal = make_deal(config, seed=3, number=0)
    spies = [Spy(make_policy("heuristic")) for _ in range(4)]
    play_game(config, spies, [random.Random(s) for s in range(4)], deal)
    checked = 0
    for seat, spy in enumerate(spies):
        for view in spy.views[::7]:
            assert isinstance(view, SeatView)
            dealt = deal_from_deck(
                deal.decks[view.round_no - 1], 4, view.round_no, view.dealer
            ).hands
            public = {view.turned} | {c for _, c in view.trick}
            for result in view.history:
                public.add(result.turned)
                public.update(c for t in result.tricks for c in t.cards)
            for trick in view.round_tricks:
                public.update(trick.cards)
            allowed = set(public)
            if view.hand is not None:
                allowed.update(dealt[seat])
            else:
                assert config.clairvoyance and view.round_no == 1
                for other in range(4):
                    if other != seat:
                        allowed.update(dealt[other])
            for obj in reachable(view):
                assert not isinstance(obj, Game)
                if isinstance(obj, Card):
                    assert obj in allowed, f"seat {seat} can reach {obj}"
            checked += 1
    assert checked > 20


@given(seed=st.integers(0, 2**32), step=st.integers(0, 12))
def test_decisions_depend_only_on_the_view(seed: int, step: int) -> None:
    """Swap a hidden card for an undealt one of the same suit: the view and every decision
    stay the same (the same suit, so every play before stays legal)."""
    config = GameConfig(seats=4)
    round_no, dealer = 6, seed % 4
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    tables = [Table(config, random.Random(seed), first_dealer=(dealer - 5) % 4, decks={6: deck})]
    first = tables[0]
    first.settle()
    while first.game.round_no < round_no:
        first.random_step()
    me = (dealer + 3) % 4
    for _ in range(4 + step):
        if first.game.to_move == me:
            break
        first.random_step()
    if first.game.to_move != me or first.game.round_no != round_no:
        return
    # Positions 0..23 are dealt, 24 is turned; swap a card dealt to another seat that it
    # still holds with an undealt card of the same suit.
    held = {c for s2 in range(4) if s2 != me for c in first.game.hands[s2]}
    swap = next(
        (p, q)
        for p in range(24)
        if deck[p] in held and deck[p].is_suit_card
        for q in range(25, 60)
        if deck[q].suit is deck[p].suit and deck[q].is_suit_card
    )
    other_deck = list(deck)
    other_deck[swap[0]], other_deck[swap[1]] = other_deck[swap[1]], other_deck[swap[0]]
    second = Table(
        config, random.Random(seed), first_dealer=(dealer - 5) % 4, decks={6: other_deck}
    )
    second.settle()
    for move in first.moves:
        second.act(move)
    assert first.game.hands != second.game.hands
    view_a, view_b = seat_view(first.game, me), seat_view(second.game, me)
    assert view_a == view_b
    for name in POLICIES:
        options = {"samples": 4, "time_budget": None} if name == "expert" else {}
        a = ask(make_policy(name, **options), view_a, random.Random(seed))
        b = ask(make_policy(name, **options), view_b, random.Random(seed))
        assert a == b


# --- determinism ---------------------------------------------------------------------------


def test_seeded_games_are_reproducible_and_seeds_matter() -> None:
    from wizard_p2p.bots.tournament import make_deal, play_game

    config = GameConfig(seats=6, hidden_bids=True)
    deal = make_deal(config, seed=11, number=0)

    def run(seed: int) -> tuple[object, ...]:
        seat_policies = [
            make_policy("expert", samples=3, time_budget=None),
            make_policy("heuristic"),
            make_policy("random"),
        ] * 2
        record = play_game(
            config, seat_policies, [random.Random(f"{seed} {s}") for s in range(6)], deal
        )
        return (record.totals, tuple(record.bids), tuple(record.taken))

    assert run(1) == run(1)
    assert run(1) != run(2)  # the random seats (and the expert's samples) follow the seed


def test_the_expert_is_reproducible_without_a_time_budget() -> None:
    table = random_decision(4, (), seed=5, round_no=8, step=10)
    assert table is not None
    view = seat_view(table.game, table.game.to_move)
    choices = {
        ask(ExpertPolicy(samples=6, time_budget=None), view, random.Random(9)) for _ in range(3)
    }
    assert len(choices) == 1


def test_the_expert_keeps_to_its_time_budget() -> None:
    import time

    table = random_decision(3, (), seed=2, round_no=18, step=5)
    assert table is not None
    view = seat_view(table.game, table.game.to_move)
    expert = ExpertPolicy(samples=10_000, time_budget=0.05)
    started = time.perf_counter()
    ask(expert, view, random.Random(1))
    # The budget is checked between sampled deals; one deal takes a few milliseconds.
    assert time.perf_counter() - started < 0.5


def test_make_policy_by_name_and_options() -> None:
    assert isinstance(make_policy("random"), RandomPolicy)
    assert isinstance(make_policy("heuristic"), HeuristicPolicy)
    expert = make_policy("expert", samples=7, time_budget=None)
    assert isinstance(expert, ExpertPolicy)
    assert expert.samples == 7
    with pytest.raises(UsageError, match="unknown bot policy"):
        make_policy("oracle")
    with pytest.raises(UsageError, match="bad options"):
        make_policy("heuristic", samples=3)
    with pytest.raises(UsageError):
        ExpertPolicy(samples=0)


def test_a_policy_asked_to_play_a_hidden_card_says_so() -> None:
    """In the clairvoyance round the table plays the hidden card; a policy cannot."""
    config = GameConfig(seats=3, clairvoyance=True)
    game = Game(config, first_dealer=0)
    game.apply(deal_from_deck(DECK, 3, 1, 0))
    for seat in (1, 2, 0):
        game.apply(Bid(seat, 0))
    view = seat_view(game, game.to_move)
    assert view.hand is None
    for policy in (HeuristicPolicy(), ExpertPolicy(samples=2, time_budget=None)):
        with pytest.raises(UsageError, match="hidden"):
            policy.play(view, random.Random(0))


# --- what a seat knows ----------------------------------------------------------------------


def plays(text: str, first_seat: int, seats: int = 4) -> list[tuple[int, Card]]:
    return [((first_seat + i) % seats, c) for i, c in enumerate(cards(text))]


@pytest.mark.parametrize(
    ("trick", "house", "voids"),
    [
        pytest.param("B5 B7 G2 R13", False, {2: {B}, 3: {B}}, id="off-suit shows a void"),
        pytest.param("B5 Z1 N1 B2", False, {}, id="Wizards and Jesters prove nothing"),
        pytest.param("N1 G4 R2 G9", False, {2: {G}}, id="Jester led: the first suit card sets"),
        pytest.param("Z1 G4 R2 Y9", False, {}, id="Wizard led: anything goes"),
        pytest.param("Z1 G4 R2 Y9", True, {2: {G}, 3: {G}}, id="house rule: next card sets"),
    ],
)
def test_voids_are_inferred_from_failures_to_follow(
    trick: str, house: bool, voids: dict[int, set[Suit]]
) -> None:
    found = infer_voids([plays(trick, 0)], GameConfig(4, wizard_lead_sets_suit=house))
    assert found == [voids.get(seat, set()) for seat in range(4)]


@given(seed=st.integers(0, 2**32), step=st.integers(0, 40))
def test_sampled_deals_agree_with_everything_the_seat_knows(seed: int, step: int) -> None:
    table = random_decision(3, (), seed, round_no=20, step=step)
    if table is None or table.game.phase is not Phase.PLAY:
        return
    game = table.game
    me = game.to_move
    knowledge = knowledge_of(seat_view(game, me))
    for sample in range(3):
        hands = sample_hands(knowledge, random.Random(sample))
        assert hands[me] == list(knowledge.hand)
        assert [len(h) for h in hands] == list(game.hand_sizes)
        dealt = [c for h in hands for c in h]
        assert len(set(dealt)) == len(dealt)
        assert not set(dealt) & knowledge.gone
        for seat, hand in enumerate(hands):
            assert not {c.suit for c in hand} & knowledge.voids[seat]
    # The last round deals the whole deck: the voids are the truth, so they hold.
    for seat in range(3):
        assert not {c.suit for c in game.hands[seat]} & knowledge.voids[seat]


# --- the heuristic's rules of thumb ------------------------------------------------------


def pick(hand: str, trick: str, need: int, trump: Suit | None = R, after: int = 1) -> str:
    hand_cards = cards(hand)
    trick_cards = cards(trick)
    from wizard_p2p.rules import legal_cards

    config = GameConfig(seats=4)
    legal = legal_cards(hand_cards, trick_cards, config)
    gone = gone_array(trick_cards)
    return str(choose_card(hand_cards, legal, trick_cards, trump, need, gone, after, config))


def test_heuristic_plays() -> None:
    # Wants a trick, plays last: the cheapest card that wins.
    assert pick("B9 B13 G2", "B7 B8", need=1, after=0) == "B9"
    # Wants no trick: the highest card that still loses.
    assert pick("B3 B12 B5", "B10 B13", need=0) == "B12"
    # Wants no trick after a Wizard: rid itself of its own Wizard.
    assert pick("Z2 B5 N1", "Z1", need=0) == "Z2"
    # Wants no trick and cannot follow: a trump would win, so a loser.
    assert pick("R12 G3", "B4 B9", need=0, after=0) == "G3"
    # ... but under a higher trump, rid itself of its trump.
    assert pick("R12 G3", "B4 R13", need=0, after=0) == "R12"
    # Needs every remaining trick: the surest winner.
    assert pick("Z1 G3", "", need=2, after=3) == "Z1"
    # Wants a trick but cannot win this one: throw the Jester, keep the rest.
    assert pick("N1 G3 Y13", "Z1", need=1) == "N1"
    # Wants no trick when leading: a low card, not the Jester it may need later.
    assert pick("N1 G2 Y13 R11", "", need=0, after=3) == "G2"


def test_win_chance_orders_cards_sensibly() -> None:
    hand = cards("Z1 R13 R2 B13 B2 N1")
    gone = gone_array(cards("G5"))
    chance = {str(c): win_chance(c, [], R, hand, gone, 3, GameConfig(seats=4)) for c in hand}
    assert chance["Z1"] == 1.0
    assert chance["N1"] == 0.0
    assert chance["R13"] > chance["B13"] > chance["B2"]
    assert chance["R13"] > chance["R2"]
    assert 0.0 < chance["B2"] < 0.2


def test_heuristic_estimates() -> None:
    assert round(estimate_tricks(cards("Z1 Z2 Z3"), R, 4, Card.parse("R2"))) == 3
    assert round(estimate_tricks(cards("N1 N2 B2"), R, 4, Card.parse("R2"))) == 0
    strong = estimate_tricks(cards("R13 R12 R11 Z1 B13"), R, 4, Card.parse("R2"))
    weak = estimate_tricks(cards("G2 G3 B4 Y5 N1"), R, 4, Card.parse("R2"))
    assert strong > 3 > 1 > weak


def test_heuristic_chooses_its_long_strong_suit_as_trump() -> None:
    table = table_at_bid(GameConfig(seats=3), 5, 0, {0: "Y13 Y12 Y9 Y4 B2"}, turned="Z1")
    assert table.game.phase is Phase.CHOOSE_TRUMP
    view = seat_view(table.game, 0)
    assert HeuristicPolicy().choose_trump(view, random.Random(0)) is Y
    assert ExpertPolicy(samples=4, time_budget=None).choose_trump(view, random.Random(0)) is Y


def clairvoyance_view(other_cards: str) -> SeatView:
    """Seat 0 in the clairvoyance round of 3 seats; dealer 0, so seats 1, 2 then 0 play."""
    config = GameConfig(seats=3, clairvoyance=True)
    game = Game(config, first_dealer=0)
    others = cards(other_cards)
    mine = Card.parse("G7")
    turned = Card.parse("B1")
    order = [others[0], others[1], mine, turned]
    order += [c for c in DECK if c not in order]
    game.apply(deal_from_deck(order, 3, 1, 0))
    game.apply(Bid(1, 0))
    game.apply(Bid(2, 0))
    return seat_view(game, 0)


@pytest.mark.parametrize("policy", [HeuristicPolicy(), ExpertPolicy(samples=2, time_budget=None)])
def test_clairvoyance_bids_use_the_cards_of_the_others(policy: Policy) -> None:
    # A Wizard is played before us: we cannot win.
    assert policy.bid(clairvoyance_view("Z1 G3"), random.Random(0)) == 0
    # Two Jesters before us: our card wins unless it is a Jester too.
    assert policy.bid(clairvoyance_view("N1 N2"), random.Random(0)) == 1


def test_a_clairvoyant_dealer_chooses_trump_from_the_others_cards() -> None:
    """Seat 0 deals round 1, turns a Wizard and cannot see its own card.

    Seat 1 leads G5, seat 2 plays B9. With trump blue the dealer wins only with B10..B13
    or one of the three other Wizards (7 of the 57 cards it cannot see): the safest bid
    of 0 is worth most. Every policy must be able to choose.
    """
    config = GameConfig(seats=3, clairvoyance=True)
    game = Game(config, first_dealer=0)
    order = cards("G5 B9 N1 Z1")
    game.apply(deal_from_deck([*order, *(c for c in DECK if c not in order)], 3, 1, 0))
    assert game.phase is Phase.CHOOSE_TRUMP
    view = seat_view(game, 0)
    assert view.hand is None
    assert RandomPolicy().choose_trump(view, random.Random(0)) in set(Suit)
    assert HeuristicPolicy().choose_trump(view, random.Random(0)) is B
    assert ExpertPolicy(samples=2, time_budget=None).choose_trump(view, random.Random(0)) is B


def test_a_sealed_bid_is_remembered_by_its_policy() -> None:
    """A sealed bid is not in the bidder's own view; the policy plays to what it bid."""
    config = GameConfig(seats=3, secret_bids=True)
    for policy in (HeuristicPolicy(), ExpertPolicy(samples=3, time_budget=None)):
        table = table_at_bid(config, 3, 2, {0: "Z1 Z2 Z3"}, turned="B1")
        game = table.game
        assert game.to_move == 0
        view = seat_view(game, 0)
        assert policy.bid(view, random.Random(0)) == 3
        table.act(3)
        while game.to_move != 0:
            table.random_step()
        view = seat_view(game, 0)
        assert view.bids[0] is None  # sealed: the view does not show it
        assert policy.play(view, random.Random(0)).is_wizard  # it plays for its three tricks


def test_equivalent_cards_group_cards_nobody_else_can_split() -> None:
    hand = cards("B5 B6 B8 Z1 Z2 N1 G2")
    gone = gone_array(cards("B7"))
    classes = equivalent_cards(hand, hand, gone)
    groups = sorted(sorted(str(c) for c in group) for group in classes.values())
    assert groups == [["B5", "B6", "B8"], ["G2"], ["N1"], ["Z1", "Z2"]]
    classes = equivalent_cards(hand, hand, gone_array([]))
    groups = sorted(sorted(str(c) for c in group) for group in classes.values())
    assert ["B5", "B6"] in groups and ["B8"] in groups


def test_expert_bids_what_it_can_surely_make() -> None:
    table = table_at_bid(GameConfig(seats=4), 2, 3, {0: "Z1 Z2"}, turned="B1")
    view = seat_view(table.game, 0)
    assert ExpertPolicy(samples=8, time_budget=None).bid(view, random.Random(0)) == 2
    table = table_at_bid(GameConfig(seats=4), 2, 3, {0: "N1 N2"}, turned="B1")
    view = seat_view(table.game, 0)
    assert ExpertPolicy(samples=8, time_budget=None).bid(view, random.Random(0)) == 0
