"""``wizard-p2p replay``: the golden game, an aborted and a faulty log read back with every hand.

The record (``tables.wizard.replay``) is checked against what the log itself shows:
each seat's hand read from the revealed secrets is exactly the cards that seat
played in the round, each trick's winner and reason agree with the rules, the
totals with the committed audit. The console is driven through a pipe with
``tui.headless`` and its state read after every key; the export is validated
against ``protocol/schemas/replay.json``.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from tests.protocol_support import detected_by_all, forge, honest_seats, new_game, settled
from tools import gen_vectors
from wizard_p2p import cli
from wizard_p2p.bots import make_policy
from wizard_p2p.disk.log import read_log
from wizard_p2p.protocol.events import Broadcast
from wizard_p2p.rules import DECK, GameConfig, trick_winner
from wizard_p2p.rules.tricks import breaks_follow_suit
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.replay import GameRecord, record_to_json, replay_log
from wizard_p2p.tui.app import ROUND, WizardApp
from wizard_p2p.tui.headless import DEADLINE, KEYS, Driver, run_with_keys, screen_text
from wizard_p2p.tui.replay_screen import DEAL, ReplayApp
from wizard_p2p.tui.shared import HELP, SCORES

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / gen_vectors.GOLDEN_DIR
SCHEMA = json.loads((ROOT / "protocol" / "schemas" / "replay.json").read_text())


def validate(record: GameRecord) -> dict[str, object]:
    exported = record_to_json(record)
    jsonschema.Draft202012Validator(SCHEMA).validate(exported)
    return exported


def assert_hands_are_the_cards_played(record: GameRecord) -> None:
    """Every dealt hand holds exactly the cards its seat played, and no card twice."""
    for rnd in record.rounds:
        if rnd.hands is None or len(rnd.tricks) < rnd.round_no:
            continue
        for seat, hand in enumerate(rnd.hands):
            played = [card for trick in rnd.tricks for s, card in trick.plays if s == seat]
            assert len(hand) == rnd.round_no
            assert Counter(hand) == Counter(played), (rnd.round_no, seat)
        dealt = [card for hand in rnd.hands for card in hand]
        assert len(set(dealt)) == len(dealt) and rnd.turned not in dealt


@pytest.fixture(scope="module")
def golden() -> GameRecord:
    return replay_log(read_log(GOLDEN / "game.jsonl"))


@pytest.fixture(scope="module")
def aborted() -> GameRecord:
    """Two rounds of a 3-seat game with sealed bids and clairvoyance, then an abort in the
    third round's bidding."""
    game = new_game(3, "hidden_bids", "clairvoyance", seed=51)
    table = game.tables[0]
    assert game.run(
        until=settled(
            game,
            lambda: table.completed_rounds == 2 and any(t.choice_needed() for t in game.tables),
        )
    )
    due = table.expected()
    assert due is not None
    writer = 1 if due.seat == 0 else 0
    game.send(writer, game.tables[writer].abort_stalled("left the table"))
    game.run()
    return replay_log(table.log)


CHEATER = 2


@pytest.fixture(scope="module")
def reneged() -> GameRecord:
    """Seat 2 plays a card off the suit led while holding it: found at the round's end."""
    game = new_game(3, seed=5)
    table = game.tables[CHEATER]

    def can_renege() -> bool:
        if table.choice_needed() != "play":
            return False
        view = table.view()
        return view is not None and bool(set(view.hand) - set(view.legal_plays))

    assert game.run(until=settled(game, can_renege)), "no chance to renege in this game"
    rnd, view = table.round, table.view()
    assert rnd is not None and rnd.my_keys is not None and view is not None
    assert table.game is not None
    hand = {p: rnd.cards[p] for p in rnd.unplayed_positions(CHEATER)}
    position = next(p for p, c in hand.items() if c not in view.legal_plays)
    body = {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[position]}
    raw = forge(game, CHEATER, "play", body)
    # A modified client: its own table forgets the hand for that play, then takes it back.
    table.game.hands[CHEATER] = None
    game.deliver(raw, [CHEATER])
    table.game.hands[CHEATER] = [c for p, c in hand.items() if p != position]
    game.send(CHEATER, [Broadcast(len(table.log) - 1, raw, WizardKind.PLAY)])
    assert game.run(until=detected_by_all(game, honest_seats(game, CHEATER)))
    return replay_log(game.tables[0].log)


# --- the record ------------------------------------------------------------------------------


def test_golden_game_replays_whole_with_every_hand(golden: GameRecord) -> None:
    audit = json.loads((GOLDEN / "audit.json").read_text())
    assert golden.status == "finished" and golden.fault is None
    assert len(golden.rounds) == audit["rounds_verified"] == golden.rounds_total
    assert all(r.verified and r.hands is not None for r in golden.rounds)
    assert list(golden.totals) == audit["totals"] and list(golden.winners) == audit["winners"]
    for rnd, scored in zip(golden.rounds, audit["rounds"], strict=True):
        assert list(rnd.bids) == scored["bids"] and list(rnd.totals) == scored["totals"]
        assert (rnd.trump.value if rnd.trump else None) == scored["trump"]
    assert_hands_are_the_cards_played(golden)
    # The last round deals the whole deck.
    assert Counter(c for hand in golden.rounds[-1].hands or () for c in hand) == Counter(DECK)


def test_each_trick_names_its_winner_and_the_rule(golden: GameRecord) -> None:
    reasons = Counter()
    config = GameConfig.with_variants(len(golden.names), golden.variants)
    for rnd in golden.rounds:
        taken = [0] * len(golden.names)
        for trick in rnd.tricks:
            cards = [card for _, card in trick.plays]
            assert trick.plays[0][0] == trick.leader
            assert trick.winner == trick.plays[trick_winner(cards, rnd.trump, config)][0]
            assert trick.winner is not None and trick.reason is not None
            taken[trick.winner] += 1
            reasons[trick.reason] += 1
        assert tuple(taken) == rnd.taken
    assert {"first-wizard", "highest-trump", "highest-led"} <= set(reasons)


def test_an_aborted_game_replays_its_rounds_and_the_one_cut_short(aborted: GameRecord) -> None:
    assert aborted.status == "aborted" and aborted.fault is None
    assert [r.verified for r in aborted.rounds[:2]] == [True, True]
    assert_hands_are_the_cards_played(aborted)
    cut = aborted.rounds[2:]
    assert len(cut) == 1 and not cut[0].verified and cut[0].hands is None
    assert cut[0].points is None and cut[0].totals == aborted.rounds[1].totals
    assert aborted.winners == ()
    assert validate(aborted)["status"] == "aborted"


def test_a_faulty_log_replays_up_to_the_fault_and_names_the_seat(reneged: GameRecord) -> None:
    fault = reneged.fault
    assert reneged.status == "fault" and fault is not None
    assert (fault.seat, fault.kind) == (CHEATER, "follow-suit")
    *before, last = reneged.rounds
    assert all(r.verified for r in before) and not last.verified and last.points is None
    assert last.hands is not None  # read from the secrets the round's end revealed
    assert_hands_are_the_cards_played(reneged)
    # The hands show the renege: a card off the suit led, from a hand that held it.
    config = GameConfig.with_variants(len(reneged.names), reneged.variants)
    broken = [
        (trick, card)
        for index, trick in enumerate(last.tricks)
        for seat, card in trick.plays
        if seat == CHEATER
        and breaks_follow_suit(
            card,
            (last.hands_before(index) or ())[seat],
            [c for s, c in trick.plays[: [s for s, _ in trick.plays].index(seat)]],
            config,
        )
    ]
    assert len(broken) == 1
    exported = validate(reneged)
    assert exported["fault"] == {
        "position": fault.position, "seat": CHEATER, "kind": "follow-suit",
        "message": fault.message,
    }


def test_a_tampered_log_stops_at_the_line_it_was_tampered() -> None:
    lines = read_log(GOLDEN / "game.jsonl")
    repeated = replay_log([*lines[:200], lines[199], *lines[200:]])
    assert repeated.fault is not None and repeated.status == "fault"
    assert (repeated.fault.position, repeated.fault.kind) == (200, "duplicate")
    # What came before the fault is kept: the rounds finished by then, verified.
    assert repeated.rounds and all(r.verified for r in repeated.rounds[:-1])
    assert repeated.rounds != replay_log(lines).rounds
    validate(repeated)


def test_the_export_validates_and_the_command_writes_it(golden: GameRecord, tmp_path: Path) -> None:
    exported = validate(golden)
    hands = golden.rounds[2].hands or ()
    assert exported["rounds"][2]["hands"] == [[str(c) for c in hand] for hand in hands]
    target = tmp_path / "game.json"
    assert cli.main(["replay", "--export", str(target), str(GOLDEN / "game.jsonl")]) == 0
    assert json.loads(target.read_text()) == exported


def test_the_command_refuses_what_it_cannot_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert cli.main(["replay", "--export", str(tmp_path / "x.json"), str(empty)]) == 2
    assert cli.main(["replay", str(tmp_path / "missing.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "cannot replay" in err and "no such file" in err


# --- the console -----------------------------------------------------------------------------


def test_the_console_steps_trick_by_trick_and_round_by_round(golden: GameRecord) -> None:
    async def script(driver: Driver) -> None:
        app = driver.app
        state = app.state
        assert (state.round_index, state.step) == (0, DEAL)
        assert "Round 1 of 20" in screen_text(app)[0]
        assert "Totals before round 1: Player 1 0, Player 2 0" in "\n".join(screen_text(app))
        await driver.press("right")  # round 1's only trick
        trick = golden.rounds[0].tricks[0]
        assert state.trick == trick
        text = "\n".join(screen_text(app))
        assert f"{golden.names[trick.winner]} won it: " in text
        assert "Totals after round 1: " in text
        await driver.press("right")  # past the round's last trick: round 2's deal
        assert (state.round_index, state.step) == (1, DEAL)
        assert state.hands == golden.rounds[1].hands
        await driver.press("right", "right")
        assert state.step == 1
        # The hands as they stood: the first trick's cards are gone.
        first = {card for _, card in golden.rounds[1].tricks[0].plays}
        assert state.hands is not None and not first & {c for h in state.hands for c in h}
        assert sum(state.taken) == 2
        await driver.press("left", "left", "left")  # back over the deal to round 1's trick
        assert (state.round_index, state.step) == (0, 0)
        await driver.press("down", "down")
        assert (state.round_index, state.step) == (2, DEAL)
        await driver.press("up")
        assert (state.round_index, state.step) == (1, DEAL)
        await driver.press("1", "5", "enter")  # jump to round 15
        assert (state.round_index, state.step) == (14, DEAL)
        assert "Round 15 of 20" in screen_text(app)[0]
        await driver.press("2", "5", "enter")
        assert state.round_index == 14 and "no round 25" in state.message
        await driver.press("end", "s")
        assert state.overlay == SCORES
        rows = [line.split()[:1] for line in screen_text(app)]
        assert ["19"] in rows and ["20"] not in rows  # round 20 counts from its last trick on
        await driver.press("s", *["right"] * 20)
        assert state.scored and state.totals == golden.totals
        await driver.press("s")
        assert ["20"] in [line.split()[:1] for line in screen_text(app)]
        await driver.press("s", "?")
        assert state.overlay == HELP
        await driver.press("escape", "home")
        assert state.overlay is None and state.round_index == 0
        winners = ", ".join(golden.names[s] for s in golden.winners)
        assert f"Complete game, verified. Winner: {winners}" in "\n".join(screen_text(app))
        await driver.press("q")
        assert app.application.is_done

    run_with_keys(lambda pipe, out: ReplayApp(golden, "en", input=pipe, output=out), script)


def test_the_console_shows_the_fault_and_the_seat_to_blame(reneged: GameRecord) -> None:
    fault = reneged.fault
    assert fault is not None

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("end")
        last = reneged.rounds[-1]
        assert app.state.round == last
        text = "\n".join(screen_text(app, 100, 30))
        assert "(not verified)" in text
        assert (
            f"FAULT at line {fault.position + 1}: {reneged.names[CHEATER]} is to blame "
            "[follow-suit]"
        ) in text.replace("\n", "")
        # Every hand of the faulty round is shown, read from the revealed secrets.
        assert app.state.hands == last.hands

    run_with_keys(lambda pipe, out: ReplayApp(reneged, "en", input=pipe, output=out), script)


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_the_console_speaks_the_players_language(aborted: GameRecord, lang: str) -> None:
    async def script(driver: Driver) -> None:
        await driver.press("end", "right")
        text = "\n".join(screen_text(driver.app))
        assert ("发牌者：" if lang == "zh" else "ディーラー：") in text
        assert ("手牌未知" if lang == "zh" else "手札は不明") in text  # the round cut short

    run_with_keys(lambda pipe, out: ReplayApp(aborted, lang, input=pipe, output=out), script)


def test_the_round_summary_opens_every_hand_of_the_round_just_played() -> None:
    """At the table, ``h`` in a round's summary runs the same view over the table for
    that round alone; ``q`` leaves it for the summary again."""
    policies = [None, make_policy("random"), make_policy("random")]
    s = OfflineSeat(GameConfig(3), ["You", "Ana", "Ben"], policies, seat=0, seed=4)

    async def script(driver: Driver) -> None:
        app = driver.app
        assert app.mode == "bid"
        await driver.press("0", "enter")  # round 1's one card plays itself
        result = app.summary
        assert app.overlay == ROUND and result is not None and result.round_no == 1
        driver.wait_for_redraw = False  # the table is not drawn while the replay runs
        await driver.press("h")
        replay = app.round_replay
        assert replay is not None
        inner = Driver(replay, driver.pipe)
        await inner.press("right")
        state = replay.state
        assert state.trick is not None and state.trick.winner == result.tricks[0].winner
        assert state.hands == tuple((card,) for _, card in sorted(result.tricks[0].plays))
        assert "every card of it is public now" in "\n".join(screen_text(replay))
        inner.wait_for_redraw = False
        await inner.press("q")
        assert replay.application.is_done
        await driver.press("enter")  # back at the summary, which Enter dismisses
        assert app.overlay is None and app.mode == "bid"

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_escape_closes_the_hands_view_over_the_table() -> None:
    """Esc closes the table's windows; the hands view a round's summary opens (``h``) is
    one of them: Esc leaves it for the summary, as ``q`` does."""
    policies = [None, make_policy("random"), make_policy("random")]
    s = OfflineSeat(GameConfig(3), ["You", "Ana", "Ben"], policies, seat=0, seed=4)

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("0", "enter")
        assert app.overlay == ROUND
        driver.wait_for_redraw = False
        await driver.press("h")
        replay = app.round_replay
        assert replay is not None
        await Driver(replay, driver.pipe).press("right")  # the view runs and reads keys
        running = replay.application.future
        assert running is not None and not running.done()
        driver.pipe.send_text(KEYS["escape"])
        await asyncio.wait_for(asyncio.shield(running), DEADLINE)  # the view has closed
        assert app.overlay == ROUND  # the summary stays, for Enter to dismiss

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)
