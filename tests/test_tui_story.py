"""The game's story, told from the view in the player's language."""

from __future__ import annotations

from prompt_toolkit.input import create_pipe_input

from wizard_p2p.bots import make_policy
from wizard_p2p.rules import GameConfig, Phase, Suit
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import WizardApp
from wizard_p2p.tui.headless import FixedSizeOutput
from wizard_p2p.tui.story import story
from wizard_p2p.tui.text import card_label


def offline_seat(variants: tuple[str, ...] = (), **kw: int) -> OfflineSeat:
    config = GameConfig.with_variants(4, list(variants))
    policies = [None] + [make_policy("random") for _ in range(3)]
    # Named as `play --offline` names its bots: the console names every bot "Bot <n>".
    return OfflineSeat(config, ["Ana", "Bot 1", "Bot 2", "Bot 3"], policies, seed=12, **kw)


def play_round(s: OfflineSeat) -> None:
    start = s.game.round_no
    while s.game.round_no == start and not s.game.is_over:
        view = s.snapshot().view
        if view.phase is Phase.BID:
            s.bid(view.legal_bids[0])
        elif view.phase is Phase.CHOOSE_TRUMP:
            s.choose_trump(Suit.ELVES)
        else:
            s.play(view.legal_plays[0])


def shown(s: OfflineSeat, seat: int) -> str:
    """How the story names a seat: the player reads "You" for their own."""
    return "You" if seat == s.seat else s.names[seat]


def test_a_scored_round_is_told_in_full() -> None:
    s = offline_seat()
    with create_pipe_input() as pipe:
        app = WizardApp(s, "en", input=pipe, output=FixedSizeOutput())
        play_round(s)
        play_round(s)
        lines = story(app)
        result = s.game.history[1]
        start = lines.index(next(x for x in lines if x.startswith("Round 2:")))
        opening, bids, *rest = lines[start:]
        deals = "you deal" if result.dealer == s.seat else f"{s.names[result.dealer]} deals"
        assert opening.startswith(f"Round 2: {deals}")
        assert result.turned is not None and card_label(result.turned) in opening
        for seat, bid in enumerate(result.bids):
            assert f"{shown(s, seat)} {bid}" in bids
        for number, trick in enumerate(result.tricks, start=1):
            line = rest[number - 1]
            assert line.startswith(f"Trick {number}: ")
            for seat, card in trick.plays:
                assert f"{shown(s, seat)} {card_label(card)}" in line
            wins = "you win" if trick.winner == s.seat else f"{s.names[trick.winner]} wins"
            assert line.endswith(wins)
        scores = rest[len(result.tricks)]
        for seat in range(4):
            assert f"{shown(s, seat)} {result.points[seat]:+d} ({result.totals[seat]})" in scores
        # The round in play follows: its opening and the bids made so far.
        assert rest[len(result.tricks) + 1].startswith("Round 3:")


def test_sealed_bids_stay_sealed_in_the_story() -> None:
    s = offline_seat(("hidden_bids",), first_dealer=0)  # the player bids last
    with create_pipe_input() as pipe:
        app = WizardApp(s, "zh", input=pipe, output=FixedSizeOutput())
        bids = next(line for line in story(app) if line.startswith("预测："))
        assert bids.count("密") == 3  # three sealed bids, none revealed
        bots = ("机器人 1", "机器人 2", "机器人 3")
        assert all(name in bids for name in bots)
        assert all(f"{name} {b}" not in bids for name in bots for b in range(2))


def test_a_trump_chosen_after_a_wizard_is_turned_says_who_chose_it() -> None:
    for seed in range(1, 40):
        config = GameConfig.with_variants(4, [])
        policies = [None] + [make_policy("random") for _ in range(3)]
        s = OfflineSeat(config, ["Ana", "Ben", "Cho", "Dee"], policies, seed=seed)
        while not s.game.is_over:
            play_round(s)
        chosen = [r for r in s.game.history if r.turned is not None and r.turned.is_wizard]
        if chosen and any(r.dealer != s.seat for r in chosen):
            break
    else:
        raise AssertionError("no game of these seeds turned a Wizard")
    with create_pipe_input() as pipe:
        app = WizardApp(s, "en", input=pipe, output=FixedSizeOutput())
        lines = story(app)
    for r in chosen:
        assert r.trump is not None
        opening = next(x for x in lines if x.startswith(f"Round {r.round_no}:"))
        who = "you chose" if r.dealer == s.seat else f"{app.name(r.dealer)} chose"
        assert opening.endswith(f"turned Z: {who} trump {app.tr.suit(r.trump)}"), opening
