"""The console played through keystrokes alone, against in-memory bots.

The application runs on a pipe input and a headless output; every key is sent
and handled before the test looks at the application's state (``WizardApp``)
and at the controller's snapshot. The scores are checked against the rules'
scoring function, not against what the console computed.
"""

from __future__ import annotations

import time

from wizard_p2p.bots import make_policy
from wizard_p2p.rules import Card, GameConfig, Phase, Suit, score
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import FINAL, HELP, LOG, ROUND, SCORES, WizardApp
from wizard_p2p.tui.headless import Driver, run_with_keys, screen_text
from wizard_p2p.tui.panels import score_pad

NAMES = ["You", "Ana", "Ben", "Cho", "Dee", "Eve"]


def offline_seat(
    seats: int, variants: tuple[str, ...] = (), seed: int = 11, **kw: int
) -> OfflineSeat:
    config = GameConfig.with_variants(seats, list(variants))
    policies = [None] + [make_policy("random") for _ in range(seats - 1)]
    return OfflineSeat(config, NAMES[:seats], policies, seat=0, seed=seed, **kw)


def expected_pad(seat: OfflineSeat) -> list[tuple[tuple[int, ...], tuple[int, ...], list[int]]]:
    """(bids, taken, running totals) per scored round, recomputed with ``rules.score``."""
    rows = []
    totals = [0] * seat.config.seats
    for result in seat.game.history:
        totals = [
            t + score(b, k, seat.config)
            for t, b, k in zip(totals, result.bids, result.taken, strict=True)
        ]
        rows.append((result.bids, result.taken, list(totals)))
    return rows


async def choose_card(driver: Driver, card: Card) -> None:
    """Move the selection to ``card`` with arrow keys."""
    app = driver.app
    target = app.hand.index(card)
    while app.selected != target:
        await driver.press("right" if app.selected < target else "left")


async def play_game(driver: Driver, stats: dict[str, int]) -> None:
    """Play whatever the table asks until the final standings, checking each step."""
    app = driver.app
    s = app.controller
    assert isinstance(s, OfflineSeat)
    deadline = time.monotonic() + 60
    while app.overlay != FINAL:
        assert time.monotonic() < deadline, "the game did not end"
        view = s.snapshot().view
        if app.overlay == ROUND:
            result = app.summary
            assert result is not None and result == view.history[-1]
            await driver.press("enter")
            after_summary = FINAL if s.snapshot().finished else None
            assert app.overlay == after_summary
            # The score pad holds the rules' numbers for every scored round (it can be
            # opened over the final standings too, and closing it goes back to them).
            await driver.press("s")
            assert app.overlay == SCORES
            rows = score_pad(s.snapshot().view)
            expected = expected_pad(s)
            assert len(expected) == len(s.game.history)
            for row, (bids, taken, totals) in zip(rows, expected, strict=False):
                assert [c.bid for c in row.cells] == list(bids)
                assert [c.took for c in row.cells] == list(taken)
                assert [c.total for c in row.cells] == totals
            await driver.press("s")
            assert app.overlay == after_summary
            stats["pads"] += 1
            continue
        mode = app.mode
        if mode == "bid":
            if view.forbidden_bid is not None:
                # The ±1 bid is refused with a message and nothing changes.
                await driver.press(*str(view.forbidden_bid))
                assert app.bid_choice == view.forbidden_bid
                await driver.press("enter")
                assert "±1" in app.message
                assert s.snapshot().view.bid_made[0] is False
                stats["forbidden"] += 1
            bid = view.legal_bids[len(view.legal_bids) // 2]
            await driver.press(*str(bid))
            assert app.bid_choice == bid
            before = len(s.game.history)
            await driver.press("enter")
            assert app.message == ""
            after = s.snapshot().view
            # The bid went in: it is recorded for this round (or the round already ended).
            if len(s.game.history) == before:
                assert after.bids[0] == bid
            else:
                assert s.game.history[before].bids[0] == bid
            stats["bids"] += 1
        elif mode == "trump":
            await driver.press("r")
            await driver.press("enter")
            assert s.snapshot().view.trump is Suit.DWARVES or s.game.round_no > view.round_no
            stats["trumps"] += 1
        elif mode == "play":
            illegal = [c for c in app.hand if c not in view.legal_plays]
            if illegal:
                await choose_card(driver, illegal[0])
                await driver.press("enter")
                assert "does not follow suit" in app.message
                assert app.hand == view.hand  # refused: nothing changed
                assert s.snapshot().view.trick == view.trick
                stats["refused"] += 1
            card = view.legal_plays[-1]
            rounds_before = len(s.game.history)
            await choose_card(driver, card)
            await driver.press("enter")
            assert app.message == ""
            # Played: gone from the hand, unless the round ended (its last trick plays by
            # itself) and the next deal brought it back.
            assert card not in (s.game.hands[0] or []) or len(s.game.history) > rounds_before
            stats["plays"] += 1
        else:
            raise AssertionError(f"unexpected mode {mode} with overlay {app.overlay}")


def test_a_whole_game_through_keystrokes() -> None:
    stats = {"bids": 0, "plays": 0, "refused": 0, "forbidden": 0, "trumps": 0, "pads": 0}
    s = offline_seat(6, ("plus_minus_one",), seed=5)

    async def script(driver: Driver) -> None:
        driver.wait_for_redraw = False  # keys come faster than redraws: they coalesce
        await play_game(driver, stats)
        app = driver.app
        assert s.snapshot().finished
        standings = s.game.standings()
        assert app.snapshot is not None and app.snapshot.view.totals == standings.totals
        text = "\n".join(screen_text(app))
        assert app.name(standings.order[0]) in text
        await driver.press("enter")  # leave the finished table
        assert app.left and app.application.is_done

    app = run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)
    assert app.left
    rounds = GameConfig(6).rounds
    assert stats["bids"] == rounds
    assert stats["plays"] == sum(range(rounds))  # each round's last card plays itself
    assert stats["refused"] > 0  # the seed gives illegal cards to try
    assert stats["pads"] == rounds
    assert s.has_quit  # leaving a finished game still tells the controller


def test_quit_asks_first_and_leaves_the_game_resumable() -> None:
    s = offline_seat(4)

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("q")
        assert app.confirm_quit
        await driver.press("n")
        assert not app.confirm_quit and not app.left and not s.has_quit
        await driver.press("q", "enter")  # Enter is "stay"
        assert not app.confirm_quit and not app.left
        await driver.press("q", "y")
        assert app.left and s.has_quit and app.application.is_done

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_overlays_scroll_and_close() -> None:
    s = offline_seat(3, seed=3)
    # Play a few rounds with the API so that the log and the pad have content.
    while s.game.round_no < 9:
        view = s.snapshot().view
        if view.phase is Phase.BID:
            s.bid(view.legal_bids[0])
        elif view.phase is Phase.CHOOSE_TRUMP:
            s.choose_trump(Suit.HUMANS)
        else:
            s.play(view.legal_plays[0])

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("?")
        assert app.overlay == HELP
        await driver.press("?")
        assert app.overlay is None
        await driver.press("l")
        assert app.overlay == LOG
        bottom = app.scroll
        assert bottom > 0  # the log opens at its newest lines
        await driver.press("pageup")
        assert app.scroll < bottom
        await driver.press("end")
        assert app.scroll == bottom
        await driver.press("home")
        assert app.scroll == 0
        await driver.press("escape")
        assert app.overlay is None
        await driver.press("s")
        assert app.overlay == SCORES
        rows = score_pad(s.snapshot().view)
        assert len(rows) == 20  # every round of a 3-seat game, like the paper pad
        assert [r.current for r in rows].index(True) == 8
        await driver.press("down", "down")
        assert app.scroll == 2
        await driver.press("escape")
        assert app.overlay is None
        # Keys of the table do nothing while a window is open.
        await driver.press("l", "right", "1")
        assert app.overlay == LOG and app.bid_choice == 0

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def _bid_to_round_with_choice(s: OfflineSeat) -> None:
    while True:
        view = s.snapshot().view
        if view.phase is Phase.PLAY and len([c for c in view.legal_plays]) >= 2:
            return
        if view.phase is Phase.BID:
            s.bid(view.legal_bids[0])
        elif view.phase is Phase.CHOOSE_TRUMP:
            s.choose_trump(Suit.HUMANS)
        else:
            s.play(view.legal_plays[0])


def test_a_click_chooses_a_card_and_a_second_click_plays_it() -> None:
    s = offline_seat(3, seed=8)
    _bid_to_round_with_choice(s)

    def find(app: WizardApp, label: str) -> tuple[int, int]:
        rows = screen_text(app)
        hand_top = next(i for i, row in enumerate(rows) if "Your hand" in row)
        for y in range(hand_top + 1, len(rows)):
            x = rows[y].find(label)
            if x >= 0:
                return x, y
        raise AssertionError(f"{label} not on screen")

    async def script(driver: Driver) -> None:
        app = driver.app
        view = s.snapshot().view
        target = next(c for c in view.legal_plays if app.hand.index(c) != app.selected)
        x, y = find(app, str(target) if target.is_suit_card else ("Z" if target.is_wizard else "N"))
        await driver.click(x, y)
        assert app.selected_card is target
        assert target in (s.game.hands[0] or [])
        await driver.click(x, y)
        assert target not in (s.game.hands[0] or [])

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_trump_choice_by_letter_and_arrows() -> None:
    # Find a deal where a Wizard is turned while the player deals.
    for seed in range(200):
        s = offline_seat(4, seed=seed, first_dealer=0)
        if s.snapshot().view.phase is Phase.CHOOSE_TRUMP:
            break
    else:
        raise AssertionError("no seed turns a Wizard for the player")

    async def script(driver: Driver) -> None:
        app = driver.app
        assert app.mode == "trump"
        await driver.press("g")
        assert app.trump_choice == list(Suit).index(Suit.ELVES)
        await driver.press("right", "right")
        assert app.trump_choice == list(Suit).index(Suit.GIANTS)
        await driver.press("enter")
        assert s.snapshot().view.trump is Suit.GIANTS
        assert app.mode == "bid"

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_bid_keys_two_digits_and_arrows() -> None:
    s = offline_seat(3, seed=4)
    while s.game.round_no < 12:  # a round that allows bids of 10 and more
        view = s.snapshot().view
        if view.phase is Phase.BID:
            s.bid(0)
        elif view.phase is Phase.CHOOSE_TRUMP:
            s.choose_trump(Suit.HUMANS)
        else:
            s.play(view.legal_plays[0])
    while s.snapshot().view.phase is not Phase.BID or not s.snapshot().view.my_turn:
        view = s.snapshot().view
        s.play(view.legal_plays[0]) if view.phase is Phase.PLAY else s.choose_trump(Suit.HUMANS)

    async def script(driver: Driver) -> None:
        app = driver.app
        assert app.mode == "bid" and app.overlay is None
        await driver.press("1", "1")
        assert app.bid_choice == 11
        await driver.press("1", "3")  # 113 > 12: the 3 starts a new number
        assert app.bid_choice == 3
        await driver.press("up", "up", "down")
        assert app.bid_choice == 4
        await driver.press("left")
        assert app.bid_choice == 3
        for _ in range(20):
            await driver.press("up")
        assert app.bid_choice == 12  # clamped to the round's tricks
        await driver.press("enter")
        assert s.snapshot().view.bids[0] == 12

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_clairvoyance_round_plays_the_unseen_card() -> None:
    s = offline_seat(4, ("clairvoyance",), seed=2)

    async def script(driver: Driver) -> None:
        app = driver.app
        view = s.snapshot().view
        assert view.hand_hidden
        assert app.mode == "bid"
        others = [c for hand in view.others_hands if hand for c in hand]
        text = "\n".join(screen_text(app))
        assert "Your card is hidden from you" in text
        for card in others:
            assert (str(card) if card.is_suit_card else "Z" if card.is_wizard else "N") in text
        await driver.press("0", "enter")  # the unseen card then plays by itself
        assert app.overlay == ROUND
        assert len(s.game.history) == 1

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_hidden_bids_show_as_sealed() -> None:
    s = offline_seat(4, ("hidden_bids",), seed=6, first_dealer=0)  # the player bids last

    async def script(driver: Driver) -> None:
        app = driver.app
        view = s.snapshot().view
        assert app.mode == "bid"
        assert all(view.bid_made[1:]) and all(b is None for b in view.bids[1:])
        text = "\n".join(screen_text(app))
        assert text.count(" hid ") >= 3  # the others' sealed bids
        assert "hidden bids" in text
        await driver.press("1", "enter")
        assert s.snapshot().view.phase is not Phase.BID or s.game.round_no > 1

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)
