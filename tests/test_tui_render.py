"""The table fits an 80×24 terminal in every language, with wide names, without losing text.

Method: the application's layout is drawn exactly as the renderer draws it
(``write_to_screen`` into an 80×24 ``Screen``, floats included; see
``tui.headless.draw``). Every panel is a ``LinesControl`` that records what it
could not show — cells cut off the right of a line (``cut_cells``) and rows cut
off the bottom (``cut_rows``) — so "no overflow" is checked at the source, for
every panel, rather than guessed from the picture. The picture is then checked
for the texts a player needs: every name, every card of the hand (by its letters,
so without colour too), the trump suit, the prompt and the key line.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.utils import get_cwidth

from wizard_p2p.bots import make_policy
from wizard_p2p.rules import GameConfig, Phase, Suit
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import FINAL, HELP, LOG, ROUND, SCORES, WizardApp
from wizard_p2p.tui.controls import LinesControl, ScrollControl
from wizard_p2p.tui.headless import FixedSizeOutput, screen_text
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.text import card_label

NAMES = {
    "en": ["Maximilian-Alexander", "Ana", "Ben", "Cho", "Dee", "Eve"],
    "zh": ["王芳芳芳芳芳芳芳芳芳", "张伟", "李娜", "刘洋", "陈静", "杨帆"],
    "ja": ["ゆいゆいゆいゆいゆい", "さくら", "はると", "そうた", "ひなた", "りく"],
}
LANGS = ["en", "zh", "ja"]


def make_offline_seat(
    lang: str, seats: int, variants: tuple[str, ...] = (), seed: int = 1, **kw: int
) -> OfflineSeat:
    config = GameConfig.with_variants(seats, list(variants))
    policies = [None] + [make_policy("random") for _ in range(seats - 1)]
    return OfflineSeat(config, NAMES[lang][:seats], policies, seed=seed, **kw)


def advance(s: OfflineSeat, done: Callable[[OfflineSeat], bool]) -> None:
    """Play the human seat with the first legal choice until ``done``."""
    while not done(s):
        view = s.snapshot().view
        assert not view.is_over, "the game ended before the wanted state"
        if view.phase is Phase.BID:
            s.bid(view.legal_bids[0])
        elif view.phase is Phase.CHOOSE_TRUMP:
            s.choose_trump(Suit.HUMANS)
        else:
            s.play(view.legal_plays[0])


def controls(app: WizardApp) -> list[LinesControl | ScrollControl]:
    found = []
    for window in app.application.layout.find_all_windows():
        if isinstance(window.content, LinesControl | ScrollControl):
            found.append(window.content)
    for name in (HELP, SCORES, LOG):
        found.append(app.scroll_controls[name])
    return found


def render(app: WizardApp, columns: int = 80, rows: int = 24) -> list[str]:
    """Draw at the size; fail if any panel could not show all of its text."""
    for control in controls(app):
        control.cut_cells = 0
        if isinstance(control, LinesControl):
            control.cut_rows = 0
    text = screen_text(app, columns, rows)
    for control in controls(app):
        assert control.cut_cells == 0, "a line was cut at the right edge:\n" + "\n".join(text)
        if isinstance(control, LinesControl):
            assert control.cut_rows == 0, "rows were cut at the bottom:\n" + "\n".join(text)
    assert len(text) == rows
    assert all(get_cwidth(row) <= columns for row in text)
    assert not any("too small" in row for row in text)
    return text


def with_app(s: OfflineSeat, lang: str, check: Callable[[WizardApp, Translator], None]) -> None:
    with create_pipe_input() as pipe:
        app = WizardApp(s, lang, input=pipe, output=FixedSizeOutput(24, 80))
        check(app, app.tr)


def assert_table(app: WizardApp, tr: Translator, text: list[str]) -> None:
    """The texts every table screen must show."""
    assert app.snapshot is not None
    view = app.snapshot.view
    joined = "\n".join(text)
    for seat in range(view.seats):
        assert app.name(seat)[:3] in joined, app.name(seat)
    assert tr("round_of", n=view.round_no, total=view.config.rounds) in text[0]
    if view.trump is not None:
        assert tr.suit(view.trump) in joined
    assert tr("footer") in text[-1]
    hand_top = next(i for i, row in enumerate(text) if tr("hand") in row)
    hand_rows = []
    for row in text[hand_top + 1 :]:
        if row.startswith("└"):
            break
        hand_rows.append(row)
    shown = " ".join(hand_rows).replace("[", " ").replace("]", " ").split()
    labels = [card_label(c) for c in app.hand]
    for label in set(labels):
        assert shown.count(label) >= labels.count(label), (label, hand_rows)


@pytest.mark.parametrize("lang", LANGS)
def test_bidding_with_six_seats_and_the_forbidden_bid(lang: str) -> None:
    s = make_offline_seat(lang, 6, ("plus_minus_one",), seed=3, first_dealer=0)

    def check(app: WizardApp, tr: Translator) -> None:
        assert app.mode == "bid"
        view = app.snapshot.view  # type: ignore[union-attr]
        text = render(app)
        assert_table(app, tr, text)
        joined = "\n".join(text)
        assert tr("bid_prompt").strip() in joined
        if view.forbidden_bid is not None:
            assert tr("bid_forbidden", n=view.forbidden_bid) in joined

    with_app(s, lang, check)


@pytest.mark.parametrize("lang", LANGS)
def test_twenty_card_hand_in_play(lang: str) -> None:
    s = make_offline_seat(lang, 3, seed=5)
    advance(
        s,
        lambda s: (
            s.game.round_no == 20
            and s.game.phase is Phase.PLAY
            and s.game.to_move == 0
            and len(s.game.legal_plays()) < len(s.game.hands[0] or [])
        ),
    )

    def check(app: WizardApp, tr: Translator) -> None:
        assert app.mode == "play" and len(app.hand) >= 15
        text = render(app)
        assert_table(app, tr, text)
        assert tr("play_prompt") in "\n".join(text)
        assert tr("no_trump_last") in "\n".join(text)

    with_app(s, lang, check)


@pytest.mark.parametrize("lang", LANGS)
def test_clairvoyance_shows_the_others_cards(lang: str) -> None:
    s = make_offline_seat(lang, 6, ("clairvoyance",), seed=4)

    def check(app: WizardApp, tr: Translator) -> None:
        text = render(app)
        assert_table(app, tr, text)
        joined = "\n".join(text)
        assert tr("hand_hidden") in joined
        view = app.snapshot.view  # type: ignore[union-attr]
        for hand in view.others_hands:
            for card in hand or ():
                assert card_label(card) in joined

    with_app(s, lang, check)


@pytest.mark.parametrize("lang", LANGS)
def test_trump_choice(lang: str) -> None:
    for seed in range(300):
        s = make_offline_seat(lang, 5, seed=seed, first_dealer=0)
        if s.snapshot().view.phase is Phase.CHOOSE_TRUMP:
            break
    else:
        raise AssertionError("no seed turns a Wizard for the player")

    def check(app: WizardApp, tr: Translator) -> None:
        assert app.mode == "trump"
        text = render(app)
        assert_table(app, tr, text)
        joined = "\n".join(text)
        for suit in Suit:
            assert tr.suit(suit, short=True) in joined

    with_app(s, lang, check)


@pytest.mark.parametrize("lang", LANGS)
def test_overlays_fit(lang: str) -> None:
    s = make_offline_seat(lang, 6, seed=9)

    def check(app: WizardApp, tr: Translator) -> None:
        # Played through the controller while the console watches (it is subscribed).
        advance(s, lambda s: len(s.game.history) == 9 and s.game.to_move == 0)
        assert app.overlay == ROUND  # round 9 was just scored
        text = render(app)
        joined = "\n".join(text)
        assert tr("round_over", n=9) in joined
        for total in app.snapshot.view.totals:  # type: ignore[union-attr]
            assert str(total) in joined
        app.continue_()
        for overlay in (SCORES, HELP, LOG):
            app.toggle_overlay(overlay)
            text = render(app)
            assert app.overlay == overlay
            if overlay == SCORES:
                joined = "\n".join(text)
                assert tr("scorepad") in joined
                for seat in range(6):
                    assert app.name(seat)[:3] in joined
                for total in app.snapshot.view.history[-1].totals:  # type: ignore[union-attr]
                    assert str(total) in joined
            app.toggle_overlay(overlay)
        app.request_quit()
        joined = "\n".join(render(app))
        assert tr("quit_title") in joined
        app.answer_quit(False)
        render(app)

    with_app(s, lang, check)


@pytest.mark.parametrize("lang", LANGS)
def test_final_standings_fit(lang: str) -> None:
    s = make_offline_seat(lang, 6, seed=2)

    def check(app: WizardApp, tr: Translator) -> None:
        advance(s, lambda s: s.game.is_over)
        assert app.overlay == ROUND
        render(app)
        app.continue_()
        assert app.overlay == FINAL
        joined = "\n".join(render(app))
        assert tr("game_over_title") in joined
        standings = s.game.standings()
        assert app.name(standings.order[0])[:3] in joined

    with_app(s, lang, check)


def test_redraws_cleanly_at_other_sizes() -> None:
    s = make_offline_seat("zh", 6, seed=3)

    def check(app: WizardApp, tr: Translator) -> None:
        first = render(app)
        wide = render(app, 120, 40)
        assert_table(app, tr, wide)
        screen_text(app, 50, 16)  # too small for everything: must not fail
        assert render(app) == first  # back to 80×24: the same picture

    with_app(s, "zh", check)


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_log_of_a_practice_game_speaks_the_players_language(lang: str) -> None:
    s = make_offline_seat(lang, 4, seed=3)

    def check(app: WizardApp, tr: Translator) -> None:
        advance(s, lambda s: len(s.game.history) == 2 and s.game.to_move == 0)
        app.continue_()
        app.toggle_overlay(LOG)
        joined = "\n".join(render(app, 100, 40))
        assert app.overlay == LOG
        assert tr("log") in joined
        assert tr("table_log") not in joined  # no English account of its own beside it
        for english in ("deals", "bid ", "trump ", "bids opened"):
            assert english not in joined

    with_app(s, lang, check)
