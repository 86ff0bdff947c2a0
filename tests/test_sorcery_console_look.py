"""巫师牌's console: a look at the top of the deck (预见 and its kin) through the ``g``
menu: how many, which of them into the hand, the order of the rest one card at a time
(the first on top) and how many go under; asked of the table by ``begin_look`` as of
a seat's replica, and told in words."""

from __future__ import annotations

import pytest

from tests.test_sorcery_console_generic import choose, generic, playing
from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.sorcery.actions import EndTurn, Look, MoveCard, Zone
from wizard_p2p.sorcery.game import Game
from wizard_p2p.tui.sorcery_pick import LABELS
from wizard_p2p.tui.sorcery_table import SorceryTable


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_look_takes_one_card_and_puts_the_rest_back_in_the_order_chosen(lang: str) -> None:
    app = playing(lang)
    me = app.me
    top = list(app.game.sides[me].deck[:3])
    faces = [app.game.pieces[pid].card for pid in top]
    below = app.game.sides[me].deck[3]
    generic(app, "look")
    assert app.picker is not None and app.picker.title == app.tr("sorcery_ask_look_count")
    choose(app, lambda n: n == 3)
    assert app.table.looking() == 3
    assert app.picker is not None and [c.value for c in app.picker.choices] == top
    app.pick(LABELS[1])  # the second card into the hand
    app.finish_pick()
    assert top[1] in app.game.sides[me].hand and app.table.looking() == 2
    choose(app, lambda pid: pid == top[2])  # the third on top
    choose(app, lambda pid: pid == top[0])  # then the first
    choose(app, lambda k: k == 1)  # the last placed (the first) under the deck
    assert app.table.looking() is None
    last = app.game.history[-1]
    assert isinstance(last, Look) and last.count == 2 and last.under == 1
    deck = app.game.sides[me].deck
    assert [app.game.pieces[deck[0]].card, app.game.pieces[deck[-1]].card] == \
        [faces[2], faces[0]]
    assert deck[1] == below
    assert app.told[-1]  # told in words


def test_a_look_ends_only_by_its_own_moves() -> None:
    app = playing()
    me = app.me
    app.table.begin_look(2)
    with pytest.raises(UsageError):
        app.table.begin_look(1)  # one at a time
    with pytest.raises(IllegalAction):
        app.table.act(EndTurn(me))
    deck = app.game.sides[me].deck
    with pytest.raises(IllegalAction):  # not a card looked at
        app.table.act(MoveCard(me, deck[2], Zone.HAND))
    app.table.act(MoveCard(me, deck[0], Zone.HAND))
    app.table.act(MoveCard(me, app.game.sides[me].deck[0], Zone.DISCARD))
    assert app.table.looking() is None  # every card moved: the look is over


def test_a_look_under_way_is_asked_again_at_the_next_key() -> None:
    app = playing("zh")
    app.table.begin_look(1)
    app.key("g")  # no second look, nor any other move: the one under way comes back
    assert app.picker is not None
    assert app.picker.title == app.tr("sorcery_ask_look_take")
    top = app.game.sides[app.me].deck[0]
    assert [c.value for c in app.picker.choices] == [top]
    app.key("?")  # the keys any mode has still work
    assert app.overlay is not None


def test_leaving_when_the_table_takes_no_concession_now_still_leaves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A networked table takes a concession on the person's move only: q, y then leaves
    without one (the other's stall countdown ends the game)."""
    app = playing()
    conceded: list[object] = []

    def refuse(action: object) -> None:
        conceded.append(action)
        raise IllegalAction("it is not your turn to choose", rule="turn")

    monkeypatch.setattr(app.table, "act", refuse)
    app.key("q")
    app.answer_quit(True)
    assert conceded and app.left


def test_a_hand_whose_faces_have_not_come_shows_question_marks() -> None:
    """At a networked table a card just drawn has no face until the other seals it: the
    board shows it as ?, and neither its choices nor a card's text name it."""
    app = playing()
    table = app.table
    assert isinstance(table, SorceryTable)
    cards = {c.number: c for d in table.decks for c in (d.hero, *d.main, *d.skills, *d.extra)}
    table.game = Game.start_hidden([d.public() for d in table.decks], 0, cards)
    me = app.me
    hand = table.game.sides[me].hand
    assert hand and all(table.game.pieces[pid].face is None for pid in hand)
    assert "?" in app.board_text(80)
    app.view_card()
    assert app.picker is not None
    assert not set(hand) & {c.value for c in app.picker.choices}
