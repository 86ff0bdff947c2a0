"""The watch screen: a game followed from no seat, through a pipe and a headless output.

The watcher's controller here is a fake over an in-memory ``rules.Game`` driven
by random legal actions: its snapshot's view is the game's ``public_view``, its
status what the test sets. The screen is drawn as the renderer draws it
(``headless.screen_text``) and checked for what a watcher must see — the table,
bids as the variant shows them, the trick, who won each, the score pad — and
for what it must never see: a card still in someone's hand.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from prompt_toolkit.input import create_pipe_input

from tests.test_tui_cjk import ascii_punctuation
from tests.test_tui_render import render
from wizard_p2p.errors import UsageError
from wizard_p2p.protocol.events import Aborted
from wizard_p2p.rules import (
    DECK,
    Bid,
    Game,
    GameConfig,
    OpenBids,
    Phase,
    deal_from_deck,
    public_view,
    seat_view,
)
from wizard_p2p.seat.controller import Snapshot, Status, StatusKind
from wizard_p2p.tui.app import FINAL, HELP, LOG, SCORES, WizardApp
from wizard_p2p.tui.board import seat_lines
from wizard_p2p.tui.controls import line_text
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, run_with_keys, screen_text
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.panels import score_pad
from wizard_p2p.tui.story import story
from wizard_p2p.tui.text import card_label
from wizard_p2p.tui.watch_screen import run_watch_async, watch_app

NAMES = {
    "en": ("Ann", "Ben", "Cho", "Dee"),
    "zh": ("王芳芳芳芳芳芳芳芳芳", "张伟", "李娜", "刘洋"),
    "ja": ("ゆいゆいゆいゆいゆい", "さくら", "はると", "そうた"),
}


class FakeWatch:
    """A ``WatchController`` over a game the test drives."""

    def __init__(self, game: Game, names: tuple[str, ...] = NAMES["en"], seed: int = 1) -> None:
        self.game = game
        self.names = names
        self.rng = random.Random(seed)
        self.status: tuple[Status, ...] = (Status(StatusKind.VERIFIED, done=42),)
        self.ended: Aborted | None = None
        self.watchers: tuple[str, ...] = ()
        self.callbacks: list[Callable[[], None]] = []
        self.quits = 0

    def snapshot(self) -> Snapshot:
        return Snapshot(
            view=public_view(self.game),
            names=self.names,
            status=self.status,
            finished=self.game.is_over,
            ended=self.ended,
            watchers=self.watchers,
        )

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)

    def quit(self) -> None:
        self.quits += 1

    def changed(self) -> None:
        for callback in self.callbacks:
            callback()

    def step(self) -> None:
        """One action of the game, chosen at random (a sealed bid when the variant allows)."""
        game, rng = self.game, self.rng
        if game.phase is Phase.DEAL:
            deck = list(DECK)
            rng.shuffle(deck)
            game.apply(deal_from_deck(deck, game.seats, game.round_no, game.dealer))
        elif game.phase is Phase.OPEN_BIDS:
            bids = [rng.randint(0, game.round_no) if s else b for b, s in zip(
                game.bids, game.sealed, strict=True)]
            game.apply(OpenBids(tuple(b or 0 for b in bids)))
        else:
            game.apply(rng.choice(game.legal_actions()))

    def until(self, done: Callable[[Game], bool]) -> None:
        while not done(self.game):
            assert not self.game.is_over, "the game ended before the wanted state"
            self.step()


def fake(variants: tuple[str, ...] = (), lang: str = "en", seed: int = 1) -> FakeWatch:
    return FakeWatch(Game(GameConfig.with_variants(4, list(variants))), NAMES[lang], seed)


def mid_trick(round_no: int, plays: int) -> Callable[[Game], bool]:
    def done(game: Game) -> bool:
        return (
            game.round_no == round_no
            and game.phase is Phase.PLAY
            and len(game.round_tricks) >= 1
            and len(game.trick) == plays
        )

    return done


def hand_labels(game: Game) -> set[str]:
    """The faces of the cards still in a hand and nowhere on the table (a Wizard in a
    hand and another on the table share the face "Z": that face counts as seen)."""
    table = {card_label(c) for c in game.trick_cards}
    table |= {card_label(c) for t in game.round_tricks for c in t.cards}
    table |= {card_label(c) for r in game.history for t in r.tricks for c in t.cards}
    if game.turned is not None:
        table.add(card_label(game.turned))
    held = {card_label(c) for hand in game.hands if hand for c in hand}
    return held - table


def faces_shown(text: list[str], labels: set[str]) -> set[str]:
    joined = "\n".join(text)
    return {label for label in labels if re.search(rf"(?<![\w]){label}(?![\w])", joined)}


@contextmanager
def watching(f: FakeWatch, lang: str = "en") -> Iterator[tuple[WizardApp, Translator]]:
    """The watch screen over ``f``, not running: drawn on demand."""
    with create_pipe_input() as pipe:
        app = watch_app(f, lang, input=pipe, output=FixedSizeOutput())
        yield app, app.tr


class PlayerSeat(FakeWatch):
    """The same game from seat 0: what a player's board shows, to show the check can fail."""

    def snapshot(self) -> Snapshot:
        return Snapshot(view=seat_view(self.game, 0), names=self.names)

    seat = 0


@pytest.mark.parametrize("variants", [(), ("clairvoyance",), ("hidden_bids",)])
def test_the_watch_screen_shows_the_table_and_never_a_card_of_a_hand(
    variants: tuple[str, ...],
) -> None:
    f = fake(variants, seed=7)
    stages = [
        lambda g: g.phase is Phase.BID,  # round 1 (the clairvoyance round, if chosen)
        mid_trick(3, 2),
        mid_trick(5, 1),
    ]
    for stage in stages:
        f.until(stage)
        with watching(f) as (app, tr):
            text = render(app)
            joined = "\n".join(text)
            held = hand_labels(f.game)
            assert held, "a stage with cards in the hands"
            assert faces_shown(text, held) == set(), joined
            assert tr("hand") not in joined and app.hand == ()
            assert tr("watch_title", name="Ann") in text[0]
            assert tr("watch_footer") in text[-1]
            assert tr("watch_verified", n=42) in joined
            assert app.mode in ("wait", "over") and not app.can_preselect
            for seat, name in enumerate(f.names):
                assert name in joined and app.name(seat) == name and not app.is_me(seat)
            assert not re.search(r"\b(You|you)\b", joined)
            # The trick is on the table, so on the screen.
            for card in f.game.trick_cards:
                assert card_label(card) in joined
        # A player's board of the same game shows the cards that player sees.
        with create_pipe_input() as pipe:
            player = PlayerSeat(f.game, f.names)
            seen = screen_text(WizardApp(player, "en", input=pipe, output=FixedSizeOutput()))
            view = player.snapshot().view
            cards = view.hand or tuple(c for h in view.others_hands if h for c in h)
            assert faces_shown(seen, {card_label(c) for c in cards} & held)


def bid_column(app: WizardApp, seat: int) -> str:
    """The bid shown in ``seat``'s row of the seats' table."""
    rows = [line_text(line) for line in seat_lines(app, 60, None)[1:]]
    row = next(r for r in rows if app.name(seat) in r)
    return row[2 + 18 + 3 : 2 + 18 + 3 + 5].strip()


@pytest.mark.parametrize("variant", ["hidden_bids", "secret_bids"])
def test_a_sealed_bid_shows_as_made_and_never_its_number(variant: str) -> None:
    f = fake((variant,), seed=3)
    # Round 3, Cho deals: Dee bids 2 openly, Ann seals hers; Ben is to bid.
    f.until(lambda g: g.round_no == 3 and g.phase is Phase.BID)
    assert f.game.dealer == 2 and f.game.to_move == 3
    f.game.apply(Bid(3, 2))
    f.game.apply(Bid(0, None))
    with watching(f) as (app, tr):
        sealed_bids_shown(f, app, tr, variant)


def sealed_bids_shown(f: FakeWatch, app: WizardApp, tr: Translator, variant: str) -> None:
    sealed = tr("sealed")
    # Hidden bids stay sealed until every bid is in; even a bid made openly.
    assert [bid_column(app, s) for s in range(4)] == [sealed, "-", "-", sealed]
    assert story(app)[-1] == tr("story_bids", bids=f"Dee {sealed}, Ann {sealed}")
    render(app)
    # Once the table opens the bids, the watcher sees them all.
    f.game.apply(Bid(1, 0))
    f.game.apply(Bid(2, None))
    if variant == "hidden_bids":
        f.step()  # the table opens them
        app.refresh()
        assert [bid_column(app, s) for s in range(4)] == [
            str(b) for b in f.game.bids
        ]
    else:  # secret bids: opened after the round only
        app.refresh()
        assert [bid_column(app, s) for s in range(4)] == [sealed, sealed, sealed, sealed]
        f.until(lambda g: g.round_no == 4)
        app.refresh()
        assert app.snapshot is not None
        assert app.snapshot.view.history[-1].bids == f.game.history[-1].bids


def test_tricks_winners_and_the_score_pad() -> None:
    f = fake(seed=11)
    f.until(mid_trick(4, 2))

    async def script(driver: Driver) -> None:
        app = driver.app
        tr = app.tr
        text = screen_text(app)
        joined = "\n".join(text)
        assert tr("col_last") in joined and "*" in joined  # the last trick's winner starred
        lines = story(app)
        for number, trick in enumerate(f.game.round_tricks, start=1):
            plays = ", ".join(f"{f.names[s]} {card_label(c)}" for s, c in trick.plays)
            line = tr("story_trick", n=number, plays=plays)
            assert line + " - " + tr("story_wins", name=f.names[trick.winner]) in lines
        await driver.press("s")
        assert app.overlay == SCORES
        assert app.snapshot is not None
        rows = score_pad(app.snapshot.view)
        for row, result in zip(rows, f.game.history, strict=False):
            assert [c.total for c in row.cells] == list(result.totals)
        pad = "\n".join(screen_text(app))
        for total in f.game.history[-1].totals:
            assert str(total) in pad
        await driver.press("s")
        assert app.overlay is None
        await driver.press("?")
        assert app.overlay == HELP
        assert tr("watch_help_lines").split("\n")[0] in "\n".join(screen_text(app))
        await driver.press("escape")
        assert app.overlay is None

    run_with_keys(lambda pipe, out: watch_app(f, "en", input=pipe, output=out), script)


def test_the_screen_follows_the_controller_and_q_leaves_at_once() -> None:
    f = fake(seed=5)
    f.until(mid_trick(2, 0))

    async def script(driver: Driver) -> None:
        app = driver.app
        rounds = len(f.game.history)
        f.until(lambda g: len(g.history) > rounds and g.phase is Phase.BID)
        f.status = (Status(StatusKind.REFUSED, seat=2, done=61, detail="bad signature"),
                    Status(StatusKind.VERIFIED, done=77))
        f.changed()
        assert app.snapshot is not None and app.snapshot.view == public_view(f.game)
        # Nobody may sit at the room's big screen: no round summary waits for Enter.
        assert app.overlay is None
        text = " ".join(row.strip() for row in screen_text(app))  # a long line wraps at a space
        assert "refused the entry of line 61 from Cho: bad signature" in text
        assert "verified up to line 77" in text
        await driver.press("enter", "1", "left", "b", "m")  # nothing to choose: nothing happens
        assert app.message == "" and f.game.bids == [None] * 4
        await driver.press("q")
        assert app.left and f.quits == 1 and not app.confirm_quit
        assert app.application.is_done

    run_with_keys(lambda pipe, out: watch_app(f, "en", input=pipe, output=out), script)
    assert f.quits == 1


@pytest.mark.parametrize("ending", ["finished", "aborted"])
def test_the_end_of_the_game_stays_up_with_the_final_pad(ending: str) -> None:
    f = fake(seed=2)
    f.until(mid_trick(3, 1))

    async def script(driver: Driver) -> None:
        app = driver.app
        if ending == "finished":
            f.until(lambda g: g.is_over)
        else:
            f.ended = Aborted(writer=0, stalled=1, reason="left the table")
            f.status = (Status(StatusKind.ABORTED),)
        f.changed()
        assert app.overlay == FINAL
        text = "\n".join(screen_text(app))
        assert app.tr("watch_leave") in text
        if ending == "aborted":
            said = "the game was aborted: Ben (seat 2) held up the game past the time limit"
            assert said in " ".join(text.split())
        else:
            top = max(f.game.totals)
            winners = [n for n, t in zip(f.names, f.game.totals, strict=True) if t == top]
            assert all(name in text for name in winners)
        await driver.press("s")
        assert app.overlay == SCORES
        await driver.press("s")
        assert app.overlay == FINAL
        await driver.press("q")
        assert app.left and f.quits == 1

    run_with_keys(lambda pipe, out: watch_app(f, "en", input=pipe, output=out), script)


def test_run_watch_async_runs_until_q() -> None:
    f = fake(seed=4)
    f.until(mid_trick(2, 1))

    async def main() -> None:
        with create_pipe_input() as pipe:
            pipe.send_text("?q")  # "?" first: the keys are read by the running screen
            await asyncio.wait_for(
                run_watch_async(f, lang="en", input=pipe, output=FixedSizeOutput()), 5.0
            )

    asyncio.run(main())
    assert f.quits == 1


def test_the_watch_screen_refuses_a_players_snapshot() -> None:
    with pytest.raises(UsageError, match="public view"):
        watch_app(PlayerSeat(Game(GameConfig(4))), "en")


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_cjk_watch_screens_fit_and_punctuate_full_width(lang: str) -> None:
    f = fake(("hidden_bids",), lang=lang, seed=9)
    f.watchers = ("观众一号" if lang == "zh" else "けんた", "Zoe")
    f.status = (Status(StatusKind.REFUSED, seat=1, done=61, detail="bad signature"),
                Status(StatusKind.VERIFIED, done=120))
    for stage in (lambda g: g.round_no == 2 and g.phase is Phase.BID, mid_trick(6, 3)):
        f.until(stage)
        with watching(f, lang) as (app, tr):
            text = render(app)
            joined = "\n".join(text)
            assert tr("watch_title", name=f.names[0])[:4] in text[0]
            assert tr("watchers", names=tr("comma").join(f.watchers)) in joined
            assert tr("watch_verified", n=120) in joined
            assert not ascii_punctuation(joined.replace("bad signature", "")), joined
            assert faces_shown(text, hand_labels(f.game)) == set()
            for overlay in (SCORES, HELP, LOG):
                app.toggle_overlay(overlay)
                assert not ascii_punctuation("\n".join(render(app)))
                app.close_overlay()


@pytest.mark.parametrize(
    ("status", "said"),
    [
        (Status(StatusKind.CONNECTING, detail="10.0.0.5:7300"), "connecting to 10.0.0.5:7300"),
        (
            Status(StatusKind.ADMISSION, detail="the game has not begun"),
            "waiting for the host to admit you: the game has not begun",
        ),
        (
            Status(StatusKind.REFUSED, seat=3, done=8, detail="bad signature"),
            "refused the entry of line 8 from Dee: bad signature",
        ),
        (Status(StatusKind.ROUND_CHECKED, done=2), "round 2 checked"),
        (Status(StatusKind.CHEATED, seat=1, detail="a false deal"), "Ben cheated"),
    ],
)
def test_the_watchers_status_lines(status: Status, said: str) -> None:
    f = fake(seed=6)
    f.until(mid_trick(2, 1))
    f.status = (status, Status(StatusKind.VERIFIED, done=9))
    with watching(f) as (app, tr):
        text = " ".join(row.strip() for row in render(app))  # a long line wraps at a space
        assert said in text and tr("watch_verified", n=9) in text
        if status.kind in ("round-checked", "refused"):  # whose turn it is is still said
            assert f.game.to_move is not None
            assert tr("waiting_play", name=f.names[f.game.to_move]) in text


def test_six_seats_watched_fit_at_any_size() -> None:
    f = FakeWatch(Game(GameConfig(6)), ("Maximilian-Alexander", "Ana", "Ben", "Cho", "Dee", "Eve"))
    f.watchers = ("Zoe", "Yan")
    f.until(mid_trick(7, 4))
    with watching(f) as (app, tr):
        first = render(app)
        wide = render(app, 120, 40)
        assert tr("watch_footer") in wide[-1]
        assert tr("watchers", names="Zoe, Yan") in "\n".join(wide)
        screen_text(app, 50, 16)  # too small for everything: must not fail
        assert render(app) == first
        assert faces_shown(first + wide, hand_labels(f.game)) == set()
