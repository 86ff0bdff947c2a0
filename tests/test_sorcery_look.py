"""预见 and its kin in the engine: ``Look`` puts the top ``count`` back in the order
chosen, some on top and ``under`` of them under the deck; the game that knows every
card follows the faces, the one told the order unknown knows none of them; in both
no piece looked at survives, and the rest of the deck is untouched."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import sorcery_cards as fx
from wizard_p2p.errors import IllegalAction
from wizard_p2p.sorcery.actions import Look, Mulligan, parse_action, public
from wizard_p2p.sorcery.game import Decklist, Game, Rule


def _playing(hidden: bool) -> Game:
    decks: tuple[Decklist, Decklist] = (fx.fire_deck(), fx.water_deck())
    full = fx.new_game()
    game = full
    if hidden:
        game = Game.start_hidden([d.public() for d in decks], 0, full.cards)
    game.apply(Mulligan(0))
    game.apply(Mulligan(1))
    return game


@st.composite
def looks(draw: st.DrawFn) -> Look:
    count = draw(st.integers(1, 8))
    order = tuple(draw(st.permutations(range(count))))
    return Look(draw(st.sampled_from([0, 1])), count, order, draw(st.integers(0, count)))


@settings(max_examples=60, deadline=None)
@given(looks())
def test_a_look_puts_the_cards_back_where_the_order_says(look: Look) -> None:
    full, seen = _playing(False), _playing(True)
    p, n = look.player, look.count
    deck = list(full.sides[p].deck)
    faces = [full.pieces[pid].face for pid in deck]
    full.apply(look)
    seen.apply(public(look))
    after = full.sides[p].deck
    assert len(after) == len(deck)
    assert isinstance(look.order, tuple)
    put = [faces[i] for i in look.order]  # place i holds the card order[i] names
    kept = n - look.under
    assert [full.pieces[pid].face for pid in after] == put[:kept] + faces[n:] + put[kept:]
    assert after[kept: len(deck) - look.under] == deck[n:]  # the rest keeps its pieces
    for game in (full, seen):
        assert not set(deck[:n]) & set(game.pieces)  # no piece looked at survives
    hidden_deck = seen.sides[p].deck
    assert len(hidden_deck) == len(deck)
    moved = [*hidden_deck[:kept], *hidden_deck[len(deck) - look.under:]]
    assert all(seen.pieces[pid].face is None for pid in moved)


def test_a_look_reads_back_and_hides_its_order() -> None:
    look = Look(0, 3, (2, 0, 1), 1)
    assert str(look) == "p0 look 3 2,0,1 under=1"
    assert str(public(look)) == "p0 look 3 ? under=1"
    assert parse_action(str(public(look))) == public(look)
    assert parse_action(str(look)) == look


@pytest.mark.parametrize(
    ("look", "rule"),
    [
        (Look(0, 0, (), 0), Rule.AMOUNT),
        (Look(0, 99, tuple(range(99)), 0), Rule.AMOUNT),
        (Look(0, 3, (0, 1, 2), 4), Rule.AMOUNT),
        (Look(0, 3, (0, 0, 1), 0), Rule.ORDER),
        (Look(0, 3, (0, 1), 0), Rule.ORDER),
    ],
)
def test_a_look_that_cannot_be_is_refused(look: Look, rule: Rule) -> None:
    game = _playing(False)
    before = list(game.sides[0].deck)
    with pytest.raises(IllegalAction) as info:
        game.apply(look)
    assert info.value.rule == rule.value
    assert game.sides[0].deck == before
