"""Turn awareness and the table's small texts, asserted on the application's state.

The other seats are played by the test itself (a ``OfflineSeat`` whose other seats
have no policy), one move at a time, so the test decides when the player's turn
comes: a card chosen in advance plays itself then (when still legal), the bell
rings (unless switched off), and what was said about the last decision goes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from prompt_toolkit.input import create_pipe_input

from tests.test_tui_render import advance, make_offline_seat
from wizard_p2p.bots import make_policy
from wizard_p2p.rules import Bid, Card, ChooseTrump, GameConfig, Phase, Play, Suit, legal_cards
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui import board
from wizard_p2p.tui.app import FINAL, ROUND, WizardApp
from wizard_p2p.tui.headless import FixedSizeOutput, draw, screen_text
from wizard_p2p.tui.text import card_label


def manual(
    seats: int = 3, variants: tuple[str, ...] = (), seed: int = 5, first_dealer: int = 1
) -> OfflineSeat:
    """A table where the test plays every other seat too."""
    config = GameConfig.with_variants(seats, list(variants))
    names = ["Ana", "Ben", "Cho", "Dee", "Eve", "Fay"][:seats]
    return OfflineSeat(
        config, names, [None] * seats, seat=0, seed=seed, first_dealer=first_dealer
    )


def console(s: OfflineSeat, lang: str = "en", *, bell: bool = True) -> WizardApp:
    with create_pipe_input() as pipe:
        return WizardApp(s, lang, input=pipe, output=FixedSizeOutput(), bell=bell)


def other_moves(s: OfflineSeat, card: Card | None = None) -> None:
    """The seat to move (not the player) makes one move: ``card``, or its first legal one."""
    game = s.game
    seat = game.to_move
    assert seat is not None and seat != s.seat
    if game.phase is Phase.BID:
        s.move(Bid(seat, game.legal_bids()[0]))
    elif game.phase is Phase.CHOOSE_TRUMP:
        s.move(ChooseTrump(seat, Suit.GIANTS))
    else:
        s.move(Play(seat, card if card is not None else game.legal_plays()[0]))


def play_until(s: OfflineSeat, app: WizardApp, done: Callable[[], bool]) -> None:
    """Everyone plays their first legal choice (the player through the console) until ``done``."""
    while not done():
        if app.overlay == ROUND:
            app.confirm()
        elif s.game.to_move == s.seat:
            if app.mode == "play":
                app.selected = app.hand.index(s.snapshot().view.legal_plays[0])
            app.confirm()
        else:
            assert not s.game.is_over, "the game ended first"
            other_moves(s)


def before_my_turn(s: OfflineSeat) -> bool:
    """Seat 2 is to play and the player (seat 0) follows it, with a choice of cards."""
    game = s.game
    hand = game.hands[0] or []
    return (
        game.phase is Phase.PLAY and game.to_move == 2 and len(game.trick_cards) <= 1
        and len(hand) >= 2
    )


def choose(app: WizardApp, card: Card) -> None:
    while app.selected_card != card:
        app.move(1)


def test_a_card_chosen_while_waiting_plays_itself_when_the_turn_comes() -> None:
    s = manual()
    app = console(s)
    play_until(s, app, lambda: before_my_turn(s))
    assert app.mode == "wait" and app.can_preselect
    theirs = s.game.legal_plays()[0]
    hand = list(s.game.hands[0] or [])
    target = legal_cards(hand, [*s.game.trick_cards, theirs], s.game.config)[-1]
    choose(app, target)
    app.confirm()
    assert app.preselected == target
    shown = "\n".join(screen_text(app))
    assert f"<{card_label(target):^3}>" in shown and "plays itself" in shown
    bells = app.bells
    other_moves(s, theirs)
    assert target not in (s.game.hands[0] or [])  # played, by itself
    assert app.preselected is None and app.bells == bells  # no beep: nothing to do


def waiting(seed: int) -> tuple[OfflineSeat, WizardApp]:
    s = manual(seed=seed)
    app = console(s)
    play_until(s, app, lambda: before_my_turn(s))
    return s, app


def waiting_with_an_illegal_card() -> tuple[OfflineSeat, WizardApp, Card, Card]:
    """A table before the player's turn where one of their cards will not be legal."""
    for seed in range(5, 60):
        s, app = waiting(seed)
        theirs = s.game.legal_plays()[0]
        hand = list(s.game.hands[0] or [])
        legal = legal_cards(hand, [*s.game.trick_cards, theirs], s.game.config)
        illegal = [c for c in hand if c not in legal]
        if illegal:
            return s, app, theirs, illegal[0]
    raise AssertionError("no seed gave an illegal card to choose in advance")


def test_a_card_no_longer_legal_is_dropped_with_a_word_and_a_bell() -> None:
    s, app, theirs, card = waiting_with_an_illegal_card()
    illegal = [card]
    choose(app, illegal[0])
    app.confirm()
    bells = app.bells
    other_moves(s, theirs)
    assert illegal[0] in (s.game.hands[0] or [])
    assert app.mode == "play" and app.preselected is None
    assert app.message == f"{illegal[0]} may not be played now: choose again."
    assert app.bells == bells + 1


def test_enter_again_cancels_the_card_chosen_in_advance() -> None:
    s = manual()
    app = console(s)
    play_until(s, app, lambda: before_my_turn(s))
    app.confirm()
    assert app.preselected is not None
    app.confirm()
    assert app.preselected is None and app.message == "Nothing chosen in advance."


def beeps_when_the_turn_comes(bell: bool) -> tuple[int, WizardApp]:
    s = manual()
    app = console(s, bell=bell)
    play_until(s, app, lambda: s.game.phase is Phase.PLAY and s.game.to_move == 2)
    bells = app.bells
    play_until(s, app, lambda: s.game.to_move == 0)
    return app.bells - bells, app


def test_the_bell_rings_when_the_turn_comes_and_m_or_the_option_silences_it() -> None:
    assert beeps_when_the_turn_comes(True)[0] == 1
    beeps, app = beeps_when_the_turn_comes(False)
    assert beeps == 0
    app.toggle_bell()
    assert app.bell and app.message.startswith("Bell on")
    app.toggle_bell()
    assert not app.bell and app.message.startswith("Bell off")


def test_not_your_turn_goes_when_the_turn_comes() -> None:
    s = manual()
    app = console(s)
    play_until(s, app, lambda: s.game.phase is Phase.BID and s.game.to_move != 0)
    app.confirm()
    assert app.message == "It is not your turn."
    play_until(s, app, lambda: s.game.to_move == 0)
    assert app.message == ""


def test_with_plus_minus_one_the_cursor_starts_on_a_legal_bid_and_the_warning_follows_it() -> None:
    s = manual(variants=("plus_minus_one",), first_dealer=2)  # round 2: the player deals, bids last
    app = console(s)
    play_until(s, app, lambda: s.game.round_no == 2 and s.game.to_move == 0)
    view = s.snapshot().view
    assert view.forbidden_bid is not None
    assert app.bid_choice in view.legal_bids

    def warning_style() -> str:
        for line in board.prompt_lines(app, 80, None):
            for fragment in line:
                if "forbidden" in fragment[1]:
                    return fragment[0]
        raise AssertionError("the forbidden bid is not shown")

    assert "class:hint" in warning_style()
    app.bid_choice = view.forbidden_bid
    app.confirm()
    assert app.message.startswith(f"{view.forbidden_bid} is forbidden")
    assert "class:message" in warning_style()
    app.move(1 if view.forbidden_bid == 0 else -1)
    assert app.message == "" and "class:hint" in warning_style()


def test_the_current_trick_is_drawn_above_the_hand() -> None:
    s = manual()
    app = console(s)
    play_until(s, app, lambda: before_my_turn(s) and len(s.game.trick_cards) == 1)
    other_moves(s)
    rows = screen_text(app)
    hand_row = next(i for i, row in enumerate(rows) if "Your hand" in row)
    trick_row = rows[hand_row - 1]
    assert trick_row.startswith(" Trick: ")
    for seat, card in s.snapshot().view.trick:
        assert f"{app.name(seat)} {card_label(card)}" in trick_row


def test_at_60_columns_the_current_and_last_trick_stay() -> None:
    s = manual(seats=4, first_dealer=3)
    app = console(s)
    play_until(
        s, app,
        lambda: s.game.phase is Phase.PLAY and bool(s.game.trick_cards)
        and bool(s.game.round_tricks if hasattr(s.game, "round_tricks") else True),
    )
    play_until(s, app, lambda: len(s.snapshot().view.round_tricks) >= 1 and bool(
        s.snapshot().view.trick))
    view = s.snapshot().view
    last = view.round_tricks[-1]
    for columns in (80, 60):
        rows = screen_text(app, columns, 24)
        seat_rows = {}
        for seat in range(4):
            name = app.name(seat)
            seat_rows[seat] = next(r for r in rows[2:8] if re.search(rf"[> ] {name}\b", r))
        for seat, card in view.trick:
            assert card_label(card) in seat_rows[seat], (columns, seat_rows[seat])
        for seat, card in last.plays:
            assert card_label(card) in seat_rows[seat], (columns, seat_rows[seat])


def test_the_quit_question_stands_alone_over_the_round_summary() -> None:
    s = manual()
    app = console(s)
    play_until(s, app, lambda: app.overlay == ROUND)
    shown = "\n".join(screen_text(app))
    assert "End of round 1" in shown
    app.request_quit()
    shown = "\n".join(screen_text(app))
    assert "Leave the table?" in shown and "End of round 1" not in shown
    app.answer_quit(False)
    assert "End of round 1" in "\n".join(screen_text(app))


def test_the_trump_panel_says_the_game_is_over() -> None:
    config = GameConfig.with_variants(3, [])
    s = OfflineSeat(config, ["Ana", "Ben", "Cho"], [None] + [make_policy("random")] * 2,
                     seed=3)
    app = console(s)
    play_until(s, app, lambda: app.overlay == FINAL)
    text = "".join(f[1] for line in board.trump_lines(app, 24, None) for f in line)
    assert "the game is over" in text


def test_dialogs_keep_their_left_border_over_wide_characters() -> None:
    for lang in ("ja", "zh"):
        s = make_offline_seat(lang, 4)  # wide names, and the story's lines under the dialog
        advance(s, lambda s: s.game.phase is Phase.PLAY and len(s.game.history) >= 2)
        app = console(s, lang)
        app.confirm_quit = True
        for columns in (80, 79, 60):
            screen = draw(app, columns, 24)
            corner = [
                (y, x) for y in range(24) for x in range(columns)
                if screen.data_buffer[y][x].char == "┌" and y > 3 and x > 0
            ]
            assert corner, "the quit dialog is not drawn"
            top, left = corner[0]
            bottom = next(y for y in range(top + 1, 24) if screen.data_buffer[y][left].char == "└")
            # Every cell of the border is drawn, and nothing wide covers it from the left.
            for y in range(top + 1, bottom + 1):
                assert screen.data_buffer[y][left - 1].width < 2, (lang, columns, y)
            rows = screen_text(app, columns, 24)
            for y in range(top + 1, bottom):
                assert "│" in rows[y], (lang, columns, rows[y])
