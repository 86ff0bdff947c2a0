"""巫师牌 with hidden cards: a game that knows only what one seat is shown takes the same
actions as the game that knows every card and reaches the same public state and end;
it never holds a card it was not shown; a card it does not know refuses every rule
that needs it; a shuffle leaves no piece to follow; and the bot plays a whole game from
one seat's knowledge."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import sorcery_cards as fx
from tests.sorcery_hidden import HiddenTable, stir
from wizard_p2p.bots.sorcery import MAX_ACTIONS, SorceryBot
from wizard_p2p.errors import IllegalAction
from wizard_p2p.sorcery.actions import (
    Action,
    Concede,
    Draw,
    EndTurn,
    MoveCard,
    Mulligan,
    Reveal,
    Search,
    Shuffle,
    Summon,
    Unknown,
    Zone,
    parse_action,
    public,
)
from wizard_p2p.sorcery.cards import CardType
from wizard_p2p.sorcery.game import Decklist, Game, Rule, Step


def decks(seed: int) -> tuple[Decklist, Decklist]:
    return (fx.fire_deck(), fx.water_deck()) if seed % 2 else (fx.water_deck(), fx.fire_deck())


def table(seed: int) -> HiddenTable:
    rng = random.Random(seed)
    first = rng.randrange(2)
    orders = []
    for deck in decks(seed):
        order = list(range(len(deck.main)))
        rng.shuffle(order)
        orders.append(order)
    return HiddenTable(decks(seed), first, orders, random.Random(rng.random()))


def hidden(seed: int = 0) -> Game:
    """Seat 0's game of a fresh table, before it learns its cards."""
    d = decks(seed)
    cards = Game.start(d, 0, [range(30), range(30)]).cards
    return Game.start_hidden([x.public() for x in d], 0, cards)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stirring=st.sampled_from([0.0, 0.1, 0.3]))
def test_each_seats_game_takes_the_referees_actions_to_the_same_end(
    seed: int, stirring: float
) -> None:
    t = table(seed)
    rng = random.Random(seed ^ 0x5EED)
    bots = (SorceryBot(random.Random(rng.random())), SorceryBot(random.Random(rng.random())))
    for _ in range(MAX_ACTIONS):
        game = t.full
        if game.outcome is not None:
            break
        player = game.to_move
        action = None
        if game.step is Step.PLAY and player == game.active and rng.random() < stirring:
            action = stir(game, player, rng)
        if action is None:
            action = bots[player].decide(game, player)
        t.play(action)
        t.check()
    assert t.full.outcome is not None
    assert [g.outcome for g in t.seats] == [t.full.outcome, t.full.outcome]


def test_a_bot_plays_a_whole_game_from_its_seats_knowledge() -> None:
    for seed in range(4):
        t = table(seed)
        bots = (SorceryBot(random.Random(seed), shuffles=False),
                SorceryBot(random.Random(seed + 1), shuffles=False))
        for _ in range(MAX_ACTIONS):
            if t.full.outcome is not None:
                break
            player = t.full.to_move
            t.play(bots[player].decide(t.seats[player], player))  # an illegal move raises
            t.check()
        assert t.full.outcome is not None and t.full.turn > 2


def test_a_hidden_game_starts_knowing_heroes_and_extra_decks_only() -> None:
    game = hidden()
    known = [p for p in game.pieces.values() if p.known]
    assert {p.zone for p in known} <= {Zone.UNITS, Zone.IDLE}
    assert all(p.is_hero or p.derived or p.zone is Zone.IDLE for p in known)
    assert [len(s.hand) for s in game.sides] == [4, 4] and len(game.sides[0].deck) == 26
    assert len(game.sides[1].pool) == 10


def test_an_unknown_card_refuses_the_rules_that_need_it() -> None:
    game = hidden()
    game.apply(Mulligan(0))
    game.apply(Mulligan(1))
    pid = game.sides[0].hand[0]
    with pytest.raises(IllegalAction) as info:
        game.apply(Summon(0, pid, (0, 0)))
    assert info.value.rule == Rule.UNKNOWN_CARD.value
    assert not game.pieces[pid].known and len(game.history) == 2
    with pytest.raises(IllegalAction):
        _ = game.pieces[pid].card
    # What needs no face is taken: a card moved, drawn, the turn ended.
    game.apply(MoveCard(0, pid, Zone.DISCARD))
    game.apply(Draw(0))
    game.apply(EndTurn(0))
    assert game.turn == 2 and pid in game.sides[0].discard


def test_a_reveal_binds_a_face_once_and_only_a_fitting_one() -> None:
    game = hidden()
    d = decks(0)
    pid = game.sides[0].hand[0]
    creature = next(c for c in d[0].main if c.type is CardType.CREATURE)
    game.apply(Reveal(0, pid, creature.number))
    assert game.pieces[pid].card == creature
    game.apply(Reveal(0, pid, creature.number))  # again as itself: nothing changes
    other = next(c for c in d[0].main if c.number != creature.number)
    skill = d[0].skills[0]
    pool = game.sides[1].pool[0]
    for action, rule in [
        (Reveal(0, pid, other.number), Rule.REVEAL),  # it is known as another card
        (Reveal(1, pid, creature.number), Rule.NOT_YOURS),
        (Reveal(0, game.sides[0].hand[1], "999999"), Rule.REVEAL),  # no such card
        (Reveal(0, game.sides[0].hand[1], d[0].hero.number), Rule.REVEAL),  # heroes are shown
        (Reveal(1, pool, creature.number), Rule.REVEAL),  # the pool holds skills
        (Reveal(0, 10**6, creature.number), Rule.NO_CARD),
    ]:
        with pytest.raises(IllegalAction) as info:
            game.apply(action)
        assert info.value.rule == rule.value, action
    game.apply(Reveal(1, pool, skill.number))
    assert game.pieces[pool].card == skill


def test_a_shuffle_leaves_no_piece_to_follow_in_either_kind_of_game() -> None:
    full = fx.new_game()
    full.apply(Mulligan(0))
    full.apply(Mulligan(1))
    seen = hidden()
    seen.apply(Mulligan(0))
    seen.apply(Mulligan(1))
    for game, order in ((full, tuple(reversed(range(26)))), (seen, Unknown.ORDER)):
        deck = list(game.sides[1].deck)
        faces = [game.pieces[pid].face for pid in deck]
        game.apply(Shuffle(1, order))
        assert not set(deck) & set(game.pieces)  # the old pieces are gone
        assert not set(deck) & set(game.sides[1].deck)
        new_faces = [game.pieces[pid].face for pid in game.sides[1].deck]
        if isinstance(order, tuple):
            assert new_faces == [faces[i] for i in order]  # the full game follows the cards
        else:
            assert new_faces == [None] * 26  # the hidden one knows nothing of the new order


def test_public_forms_hide_the_order_and_read_back() -> None:
    examples: list[tuple[Action, str]] = [
        (Shuffle(0, (2, 0, 1)), "p0 shuffle ?"),
        (Search(1, 12, (1, 0)), "p1 search 12 ?"),
        (Mulligan(0, (1, 0)), "p0 mulligan order=?"),
        (Mulligan(0), "p0 mulligan"),
        (Reveal(1, 40, "101001"), "p1 reveal 40 101001"),
    ]
    for action, text in examples:
        assert str(public(action)) == text
        assert parse_action(text) == public(action)


def test_what_a_seat_is_owed_and_what_it_learns_after_the_end() -> None:
    game = hidden()
    d = decks(0)
    hand0, pool1 = game.sides[0].hand, game.sides[1].pool
    assert game.unrevealed(0) == sorted([*hand0, *game.sides[0].pool])  # its own cards only
    assert not game.sees(0, pool1[0]) and not game.sees(1, game.sides[1].deck[0])
    game.apply(Mulligan(0))
    game.apply(Mulligan(1))
    game.apply(MoveCard(0, hand0[0], Zone.DISCARD))  # a discard is shown to both
    assert hand0[0] in game.unrevealed(1)
    game.apply(Concede(1))
    game.apply(Reveal(1, pool1[0], d[1].skills[0].number))  # the end opens everything
    assert game.pieces[pool1[0]].known and game.outcome is not None


def test_a_card_goes_into_the_pool_unseen_and_its_reveal_checks_it_is_a_skill() -> None:
    game = hidden()
    game.apply(Mulligan(0))
    game.apply(Mulligan(1))
    game.apply(EndTurn(0))
    pid = game.sides[1].hand[0]  # seat 0 does not know it
    game.apply(MoveCard(1, pid, Zone.POOL))
    creature = next(c for c in decks(0)[1].main if c.type is CardType.CREATURE)
    with pytest.raises(IllegalAction) as info:
        game.apply(Reveal(1, pid, creature.number))
    assert info.value.rule == Rule.REVEAL.value


def test_a_look_at_the_top_stays_the_owners_and_the_card_put_under_stays_followed() -> None:
    """预见 and its kin: the owner is shown the top card, puts it at the bottom; the
    opponent's game takes the same move knowing nothing of the card."""
    t = table(3)
    for seat in (t.full.first, 1 - t.full.first):
        t.play(Mulligan(seat))
    owner = t.full.active
    top = t.full.sides[owner].deck[0]
    t.reveal(owner, [top])  # the table opens the top card to its owner only
    t.play(MoveCard(owner, top, Zone.DECK, bottom=True))
    t.check()
    mine, theirs = t.seats[owner], t.seats[1 - owner]
    assert mine.sides[owner].deck[-1] == top and mine.pieces[top].known
    assert theirs.sides[owner].deck[-1] == top and not theirs.pieces[top].known
