"""What one seat may see: its own hand only, bids as the variant allows, clairvoyance,
and no way back from a view to the Game."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from enum import Enum

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p.rules import (
    DECK,
    Bid,
    Card,
    Deal,
    Game,
    GameConfig,
    OpenBids,
    Phase,
    Play,
    SeatView,
    deal_from_deck,
    parse_cards,
    public_view,
    seat_view,
)


def deal(hands: list[str], turned: str | None) -> Deal:
    return Deal(
        tuple(tuple(parse_cards(h)) for h in hands), None if turned is None else Card.parse(turned)
    )


def to_round(game: Game, round_no: int) -> None:
    while game.round_no < round_no:
        if game.phase is Phase.DEAL:
            game.apply(deal_from_deck(DECK, game.seats, game.round_no, game.dealer))
        else:
            game.apply(game.legal_actions()[0])


def reachable(obj: object) -> Iterator[object]:
    """Every object reachable from ``obj`` through fields, attributes and containers."""
    seen: set[int] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, str | int | float | bool | type(None)):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, type | Enum):
            continue  # classes and enum members are constants, not the view's state
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        if hasattr(item, "__dict__"):
            stack.extend(vars(item).values())
        for cls in type(item).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(item, name):
                    stack.append(getattr(item, name))


def test_view_hides_other_hands_and_shows_own_sorted() -> None:
    game = Game(GameConfig(seats=4))
    to_round(game, 3)
    game.apply(deal(["B1 N1 G5", "Z1 Z2 Z3", "R1 R2 R3", "Y1 Y2 Y3"], "G13"))  # dealer 2
    view = seat_view(game, 0)
    assert view.hand == tuple(parse_cards("G5 B1 N1"))  # trump (green) first, Jesters last
    assert view.others_hands == (None, None, None, None)
    assert view.hand_sizes == (3, 3, 3, 3)
    others = {c for h in game.hands[1:] if h for c in h}
    seen = {x for x in reachable(view) if isinstance(x, Card)}
    assert not seen & others
    assert view.trump is game.trump and view.turned == Card.parse("G13")
    assert view.dealer == 2 and view.round_no == 3 and view.seats == 4


def test_legal_choices_only_for_the_seat_to_move() -> None:
    game = Game(GameConfig(seats=3, plus_minus_one=True))
    game.apply(deal(["B1", "B2", "B3"], "B4"))  # dealer 0: bids 1, 2, 0
    game.apply(Bid(1, 0))
    game.apply(Bid(2, 0))
    last = seat_view(game, 0)
    assert last.my_turn and last.legal_bids == (0,) and last.forbidden_bid == 1
    other = seat_view(game, 1)
    assert not other.my_turn and other.legal_bids == () and other.forbidden_bid is None
    game.apply(Bid(0, 0))
    leader = seat_view(game, 1)
    assert leader.legal_plays == tuple(parse_cards("B2")) and leader.legal_bids == ()
    assert seat_view(game, 2).legal_plays == ()


def test_view_is_a_snapshot() -> None:
    game = Game(GameConfig(seats=3))
    game.apply(deal(["B1", "B2", "B3"], "B4"))
    view = seat_view(game, 1)
    game.apply(Bid(1, 1))
    assert view.bids == (None, None, None) and view.phase is Phase.BID and view.to_move == 1
    assert seat_view(game, 1).bids == (None, 1, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(seats=3),
        GameConfig(seats=4, clairvoyance=True),
        GameConfig(seats=5, secret_bids=True),
    ],
)
def test_no_path_from_a_view_back_to_the_game(config: GameConfig) -> None:
    game = Game(config)
    to_round(game, 2)
    game.apply(Deal(tuple((DECK[i], DECK[i + 20]) for i in range(config.seats)), DECK[59]))
    while game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])  # a trick under way
    mutable = [game.hands, game.hand_sizes, game.bids, game.sealed, game.taken, game.trick,
               game.round_tricks, game.totals, game.history, game.public_cards,
               *[h for h in game.hands if h is not None]]
    for seat in range(config.seats):
        view = seat_view(game, seat)
        objects = list(reachable(view))
        assert len(objects) > 20  # the walk does go through the view
        assert not any(isinstance(x, Game) for x in objects)
        assert not {id(x) for x in objects} & {id(x) for x in mutable}
        assert "game" not in {f.name for f in dataclasses.fields(SeatView)}


def test_reachable_would_find_a_game() -> None:
    # The walk above must be able to fail: a Game hidden two levels down is found.
    game = Game(GameConfig(seats=3))
    holder = (1, [{"x": (game,)}])
    assert any(isinstance(x, Game) for x in reachable(holder))


# --- sealed bids ---------------------------------------------------------------------------


def test_hidden_bids_visible_only_after_opening() -> None:
    game = Game(GameConfig(seats=3, hidden_bids=True))
    game.apply(deal(["B1", "B2", "B3"], "G4"))  # dealer 0: bids 1, 2, 0
    game.apply(Bid(1, None))
    game.apply(Bid(2, None))
    view = seat_view(game, 0)
    assert view.bids == (None, None, None)
    assert view.bid_made == (False, True, True)
    game.apply(Bid(0, None))
    assert game.phase is Phase.OPEN_BIDS
    assert all(seat_view(game, s).bids == (None, None, None) for s in range(3))
    game.apply(OpenBids((1, 0, 1)))
    assert all(seat_view(game, s).bids == (1, 0, 1) for s in range(3))


def test_hidden_bids_known_in_the_clear_stay_hidden_from_others_while_bidding() -> None:
    # A Game that holds the bids in the clear (all seats in one process) must not show
    # a seat's bid to the others before bidding is over.
    game = Game(GameConfig(seats=3, hidden_bids=True))
    game.apply(deal(["B1", "B2", "B3"], "G4"))
    game.apply(Bid(1, 1))
    assert seat_view(game, 1).bids == (None, 1, None)  # one's own bid
    assert seat_view(game, 2).bids == (None, None, None)
    assert seat_view(game, 0).bids == (None, None, None)
    game.apply(Bid(2, 0))
    game.apply(Bid(0, 1))
    assert game.phase is Phase.PLAY
    assert seat_view(game, 2).bids == (1, 1, 0)


def test_secret_bids_visible_only_after_the_round() -> None:
    game = Game(GameConfig(seats=3, secret_bids=True))
    game.apply(deal(["B1", "B2", "B3"], "G4"))
    game.apply(Bid(1, None))
    game.apply(Bid(2, 1))  # held in the clear here: still secret to the others
    game.apply(Bid(0, None))
    assert game.phase is Phase.PLAY
    assert seat_view(game, 0).bids == (None, None, None)
    assert seat_view(game, 2).bids == (None, None, 1)
    game.apply(Play(1, Card.parse("B2")))
    game.apply(Play(2, Card.parse("B3")))
    game.apply(Play(0, Card.parse("B1")))
    assert game.phase is Phase.OPEN_BIDS
    assert seat_view(game, 0).bids == (None, None, None)
    assert seat_view(game, 0).history == ()
    game.apply(OpenBids((0, 1, 1)))
    view = seat_view(game, 0)
    assert view.history[-1].bids == (0, 1, 1)
    assert view.history[-1].points == (20, -10, 30)
    assert view.phase is Phase.DEAL and view.bids == (None, None, None)


def test_secret_bids_of_the_last_round_show_at_game_over() -> None:
    config = GameConfig(seats=6, secret_bids=True)
    game = Game(config)
    to_round(game, 10)
    game.apply(deal_from_deck(DECK, 6, 10, game.dealer))
    for _ in range(6):
        game.apply(Bid(game.to_move, 2))
    assert seat_view(game, 0).bids == (2, None, None, None, None, None)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert seat_view(game, 0).bids == (2,) * 6
    assert seat_view(game, 0).is_over


# --- clairvoyance ----------------------------------------------------------------------------


def test_clairvoyance_round_shows_others_not_own() -> None:
    game = Game(GameConfig(seats=4, clairvoyance=True))
    game.apply(deal(["B1", "G2", "R3", "Y4"], "N1"))
    view = seat_view(game, 2)
    assert view.hand is None and view.hand_hidden
    assert view.others_hands == (
        tuple(parse_cards("B1")), tuple(parse_cards("G2")), None, tuple(parse_cards("Y4"))
    )
    own = Card.parse("R3")
    assert not any(x is own for x in reachable(view))
    while game.to_move != 2 or game.phase is not Phase.PLAY:
        game.apply(game.legal_actions()[0])
    assert seat_view(game, 2).legal_plays == ()  # it cannot see what it would play


def test_clairvoyance_is_round_one_only() -> None:
    game = Game(GameConfig(seats=4, clairvoyance=True))
    to_round(game, 2)
    game.apply(deal(["B1 B2", "G2 G3", "R3 R4", "Y4 Y5"], "N1"))
    view = seat_view(game, 2)
    assert view.hand == tuple(parse_cards("R4 R3"))
    assert view.others_hands == (None, None, None, None)


def test_seat_out_of_range() -> None:
    game = Game(GameConfig(seats=3))
    for seat in (-1, 3):
        with pytest.raises(ValueError, match="no seat"):
            seat_view(game, seat)


def test_a_seat_sees_its_own_sealed_bid_and_no_other() -> None:
    from wizard_p2p.rules import DECK, Bid, Game, GameConfig, deal_from_deck, seat_view

    game = Game(GameConfig(seats=3, hidden_bids=True), first_dealer=0)
    game.apply(deal_from_deck(DECK, 3, 1, 0))
    game.apply(Bid(1, None))
    mine = seat_view(game, 1, own_sealed_bid=1)
    assert mine.bids[1] == 1 and mine.bid_made[1]
    other = seat_view(game, 2, own_sealed_bid=0)
    assert other.bids[1] is None and other.bids[2] is None  # seat 2 has not bid: nothing to show


# --- a watcher's view ----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(3, 6),
    variant=st.sampled_from(["", "hidden_bids", "secret_bids", "clairvoyance"]),
    steps=st.integers(0, 400),
)
def test_a_watcher_sees_no_card_in_any_hand_and_only_the_bids_every_seat_sees(
    seats: int, variant: str, steps: int
) -> None:
    game = Game(GameConfig.with_variants(seats, [variant] if variant else []))
    for _ in range(steps):
        if game.is_over:
            break
        if game.phase is Phase.DEAL:
            game.apply(deal_from_deck(DECK, game.seats, game.round_no, game.dealer))
        else:
            game.apply(game.legal_actions()[0])
    view = public_view(game)
    assert view.watcher and not view.my_turn
    assert view.hand is None and view.others_hands == (None,) * seats
    assert view.legal_bids == () and view.legal_plays == () and view.forbidden_bid is None
    # Every card it shows is on the table: the turned cards and the tricks.
    unplayed = dataclasses.replace(view, turned=None, trick=(), round_tricks=(), history=())
    assert not any(isinstance(x, Card) for x in reachable(unplayed))
    for of, bid in enumerate(view.bids):
        every_seat_sees = all(seat_view(game, s).bids[of] is not None for s in range(seats))
        assert (bid is not None) == every_seat_sees
        assert bid is None or bid == game.bids[of]
