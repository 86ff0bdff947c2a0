"""巫师牌's console: the table against the bot, the screen's pieces, and games driven by
keys through a pipe input (the tests' own cards; the real card file is not needed).

The bot moves in the application's loop; a test waits for the game to ask the player
again (polling the state against a deadline), never for a fixed time.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, cast

import pytest
from prompt_toolkit.input import PipeInput
from prompt_toolkit.utils import get_cwidth

from tests import sorcery_cards as fx
from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.sorcery.actions import (
    Action,
    AddMarker,
    Cast,
    Consume,
    Damage,
    Defend,
    Draw,
    EndReason,
    EndTurn,
    GainElements,
    Mulligan,
    SetTapped,
    Summon,
)
from wizard_p2p.sorcery.game import Rule, Step
from wizard_p2p.sorcery.keywords import Marker
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, run_with_keys, screen_text
from wizard_p2p.tui.i18n import CATALOGUES, LANGUAGES, Translator
from wizard_p2p.tui.sorcery_app import CARD, END, HELP, SorceryApp
from wizard_p2p.tui.sorcery_table import SorceryTable
from wizard_p2p.tui.sorcery_text import (
    card_text,
    grid_lines,
    hand_label,
    narrate,
    refusal,
    rule_key,
)

DEADLINE = 20.0


def table(seed: int = 4) -> SorceryTable:
    return SorceryTable((fx.fire_deck(), fx.water_deck()), seed)


def app_for(t: SorceryTable, lang: str = "en", **kw: Any) -> SorceryApp:
    return SorceryApp(t, lang, output=FixedSizeOutput(24, 80), **kw)


def to_my_move(app: SorceryApp) -> None:
    """Let the bot play (no event loop here) until the game asks the player."""
    app.run_bot()
    assert app.table.my_move or app.table.over


# --- the table -------------------------------------------------------------------------


def test_a_seed_sets_up_the_same_table_and_the_person_acts_only_for_themselves() -> None:
    a, b = table(9), table(9)
    assert a.game.first == b.game.first
    assert a.game.sides[0].hand == b.game.sides[0].hand
    assert {table(s).game.first for s in range(12)} == {0, 1}
    with pytest.raises(UsageError):
        a.act(Mulligan(a.bot_player))


def test_the_bot_moves_only_when_the_game_waits_for_it() -> None:
    t = table()
    while not t.my_move:
        assert t.bot_step() is not None
    assert t.bot_step() is None
    assert t.game.step is Step.MULLIGAN


def test_a_refused_action_is_told_and_changes_nothing() -> None:
    app = app_for(table())
    to_my_move(app)
    app.key("k")
    to_my_move(app)
    assert app.game.step is Step.PLAY and app.table.my_move
    hand = list(app.game.sides[0].hand)
    told = len(app.told)
    # A unit grid cell that is taken: the hero's.
    creature = next(
        (pid for pid in hand if app.game.pieces[pid].card.type.value == "生物"), hand[0]
    )
    assert not app.submit(Summon(0, creature, (1, 1)))
    assert app.message == "Refused: " + app.tr("sorcery_rule_cell")
    assert app.game.sides[0].hand == hand and len(app.told) == told


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_of_the_engine_has_a_sentence_in_every_language(lang: str) -> None:
    catalogue = CATALOGUES[lang]
    for rule in Rule:
        sentence = catalogue.get(rule_key(rule), "")
        assert sentence and "{" not in sentence, f"{lang}: no sentence for {rule!r}"
    keys = {k for k in catalogue if k.startswith("sorcery_rule_")}
    assert keys == {rule_key(r) for r in Rule}, "a sentence for a rule the engine lacks"


def test_a_refusal_is_worded_in_the_players_language_not_the_engines() -> None:
    app = app_for(table(), "zh")
    to_my_move(app)
    app.key("k")
    to_my_move(app)
    hero = app.game.sides[0].hero
    app.submit(Consume(0, hero))
    assert not app.submit(Consume(0, hero))  # tapped now
    assert app.message == "不允许：这张牌已横置。"
    assert "tapped" not in app.message


def test_a_refusal_without_a_rule_of_its_own_keeps_the_engines_detail() -> None:
    tr = Translator("ja")
    worded = refusal(tr, IllegalAction("x is tapped", rule=Rule.TAPPED.value))
    assert worded == tr("sorcery_refused", detail=tr("sorcery_rule_tapped"))
    plain = refusal(tr, IllegalAction("an odd refusal", rule="odd"))
    assert plain == tr("sorcery_refused", detail="an odd refusal")


# --- the screen's pieces ------------------------------------------------------------


def test_both_grids_are_drawn_as_grids_with_the_front_rows_facing() -> None:
    t = table()
    tr = Translator("en")
    mine = grid_lines(tr, t.game, 0, 12, top_back=False)
    theirs = grid_lines(tr, t.game, 1, 12, top_back=True)
    assert [line.split("│")[0].strip() for line in mine] == ["front", "mid", "back"]
    assert [line.split("│")[0].strip() for line in theirs] == ["back", "mid", "front"]
    for lines, player in ((mine, 0), (theirs, 1)):
        hero = t.game.pieces[t.game.sides[player].hero].card
        cells = lines[1].split("│")[1:4]
        assert hero.name[:2] in cells[1] and not cells[0].strip() and not cells[2].strip()
        assert all(get_cwidth(c) == 12 for line in lines for c in line.split("│")[1:4])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("drawn", [0, 3, 8])
def test_a_long_hand_is_cut_to_the_width_between_cards(lang: str, drawn: int) -> None:
    app = app_for(table(), lang)
    to_my_move(app)
    app.key("k")
    to_my_move(app)
    if drawn:
        app.game.apply(Draw(app.me, drawn))
    lines = screen_text(cast(Any, app), 80, 24)
    assert all(get_cwidth(line) <= 80 for line in lines)
    prefix = app.tr("sorcery_hand", cards="")
    at = next(i for i, line in enumerate(lines) if line.startswith(prefix))
    shown = [lines[at][len(prefix):].rstrip(), lines[at + 1].rstrip()]
    labels = [hand_label(app.game.pieces[p].card).replace(" ", "\u00a0")
              for p in app.game.sides[app.me].hand]
    # Line by line, whole cards in the hand's order; only the last line's tail is cut.
    for line in shown:
        for word in line.split(" ") if line else []:
            if word == labels[0]:
                labels.pop(0)
            else:
                assert word.endswith("…") and labels[0].startswith(word[:-1]), (word, labels)
                assert line is shown[-1] and line.endswith(word)
                labels = []
    assert labels == [], "cards left out without an ellipsis"


@pytest.mark.parametrize("size", [(80, 24), (120, 35)])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_fits_the_screen_in_every_language(size: tuple[int, int], lang: str) -> None:
    columns, rows = size
    app = app_for(table(), lang)
    to_my_move(app)
    lines = screen_text(cast(Any, app), columns, rows)
    assert all(get_cwidth(line) <= columns for line in lines)
    text = "\n".join(lines)
    tr = Translator(lang)
    assert "巫师牌" in lines[0]
    assert tr("sorcery_hand", cards="").split("{")[0].strip() in text
    assert lines[-1].strip() == app.keys_text().strip()
    for player in (0, 1):
        hero = app.game.pieces[app.game.sides[player].hero].card.name
        assert hero[:2] in text


def test_a_cards_full_text_and_the_help_open_and_close() -> None:
    app = app_for(table())
    to_my_move(app)
    hero = app.game.sides[0].hero
    text = card_text(app.tr, app.game, hero)
    card = app.game.pieces[hero].card
    assert card.name in text and card.number in text and card.description in text
    app.key("v")
    assert app.picker is not None
    key = next(
        k for k, c in zip("123456789abcdefghijklmnopqrstuvwxyz", app.picker.choices, strict=False)
        if c.value == hero
    )
    app.pick(key)
    assert app.overlay == CARD and app.card == hero
    assert card.name in "\n".join(screen_text(cast(Any, app), 80, 24))
    app.enter()
    assert app.overlay is None
    app.key("?")
    assert app.overlay == HELP
    app.cancel()
    assert app.overlay is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_is_told_in_every_language(lang: str) -> None:
    t = table()
    while not t.over and t.game.turn < 6:
        before = len(t.game.history)
        player = t.game.to_move
        action = t.bot.decide(t.game, player)
        t.game.apply(action)
        line = narrate(Translator(lang), t.game, action, "X")
        assert line and "X" in line and "{" not in line
        assert len(t.game.history) == before + 1
    hero = t.game.sides[1].hero
    generic: list[Action] = [
        Damage(0, hero, 1),
        AddMarker(0, hero, Marker.IGNITE),
        GainElements(0, fx.els(fire=1)),
    ]
    tr = Translator(lang)
    for g in generic:
        assert narrate(tr, t.game, g, "X") != tr("sorcery_told_other", who="X")


# --- choosing ----------------------------------------------------------------------------


def test_a_choice_is_taken_by_its_key_and_esc_abandons_the_action() -> None:
    app = app_for(table())
    to_my_move(app)
    app.key("k")
    to_my_move(app)
    assert app.mode() == "play"
    app.key("c")
    assert app.picker is not None and app.mode() == "pick"
    app.cancel()
    assert app.picker is None and app.mode() == "play"
    hero = app.game.sides[0].hero
    app.key("c")
    assert app.picker is not None
    assert [c.value for c in app.picker.choices] == [hero]
    app.pick("1")
    assert app.game.pieces[hero].tapped and app.game.sides[0].elements
    assert isinstance(app.game.history[-1], Consume)


def test_the_end_of_the_turn_asks_for_exactly_the_discards_over_the_limit() -> None:
    app = app_for(table())
    to_my_move(app)
    app.key("k")
    to_my_move(app)
    while len(app.game.sides[0].hand) <= 6:  # draw with the generic action: two over the limit
        app.key("g")
        assert app.picker is not None
        app.pick("6")  # draw
        app.pick("1")
    over = len(app.game.sides[0].hand) - 5
    app.key("n")
    assert app.picker is not None and app.picker.multiple
    app.pick("1")
    app.enter()  # one marked: not enough
    assert app.picker is not None and str(over) in app.message
    for key in "23456789"[: over - 1]:
        app.pick(key)
    hand = list(app.game.sides[0].hand)
    app.enter()
    last = app.game.history[-1]
    assert isinstance(last, EndTurn) and last.discards == tuple(hand[:over])
    assert len(app.game.sides[0].hand) == 5


def test_a_spell_battle_asks_the_player_to_defend_and_shows_the_powers() -> None:
    """The bot casts; the player takes it with p, and the battle line shows the powers."""
    for seed in range(40):
        app = app_for(table(seed))
        while not app.table.over and app.game.turn < 12:
            to_my_move(app)
            if app.table.over:
                break
            if app.mode() == "defend":
                battle = app.game.battle
                assert battle is not None
                assert str(battle.power) in app.board_text(120)
                app.key("p")
                last = app.game.history[-1]
                assert isinstance(last, Defend) and last.spell is None
                result = app.game.last_battle
                assert result is not None and result.defence is None
                assert f"power {result.power} vs defence -" in app.board_text(120)
                return
            app.key({"mulligan": "k", "play": "n"}[app.mode()])
            if app.picker is not None:  # discards down to the hand limit: the first ones
                for key in "123456789"[: app.picker.exactly or 0]:
                    app.pick(key)
                app.enter()
    pytest.fail("no seed brought a spell battle against the player")


def test_casting_a_spell_is_reachable_by_keys() -> None:
    for seed in range(40):
        app = app_for(table(seed))
        to_my_move(app)
        app.key("k")
        to_my_move(app)
        fireball = next(
            pid for pid in app.game.sides[0].pool if app.game.pieces[pid].card is fx.FIREBALL
        )
        app.submit(GainElements(0, fx.els(fire=9)))
        app.key("l")
        assert app.picker is not None
        app.pick("123456789a"[[c.value for c in app.picker.choices].index(fireball)])
        assert fireball in app.game.sides[0].skills and app.game.pieces[fireball].tapped
        app.submit(SetTapped(0, fireball, False))  # learnt skills enter tapped
        app.key("a")
        assert app.picker is not None and fireball in [c.value for c in app.picker.choices]
        app.pick("123456789a"[[c.value for c in app.picker.choices].index(fireball)])
        assert app.picker is not None and app.picker.multiple  # reinforcements
        app.enter()
        assert app.picker is not None  # the target
        enemy_hero = app.game.sides[1].hero
        values = [c.value for c in app.picker.choices]
        if enemy_hero not in values:
            continue
        app.pick("123456789a"[values.index(enemy_hero)])
        cast_ = app.game.history[-1]
        assert isinstance(cast_, Cast) and cast_.target == enemy_hero
        assert app.game.step is Step.DEFEND or app.game.last_battle is not None
        return
    pytest.fail("no seed let the player cast at the enemy hero")


# --- whole turns by keys, in the running application ------------------------------------


async def wait_until(app: SorceryApp, ready: Any) -> None:
    deadline = time.monotonic() + DEADLINE
    while not ready():
        assert time.monotonic() < deadline, f"timed out; mode {app.mode()}, told {app.told[-3:]}"
        await asyncio.sleep(0.01)  # a poll of an observable condition, with a deadline


def test_a_few_turns_against_the_bot_driven_by_keys() -> None:
    holder: dict[str, SorceryApp] = {}

    def make(pipe: PipeInput, output: FixedSizeOutput) -> Any:
        holder["app"] = SorceryApp(table(5), "en", input=pipe, output=output, bot_delay=0)
        return holder["app"]

    async def script(driver: Driver) -> None:
        app = holder["app"]
        await wait_until(app, lambda: app.table.my_move)
        await driver.press("k")
        my_turns = 0
        while my_turns < 3 and not app.table.over:
            await wait_until(app, lambda: app.table.my_move or app.table.over)
            if app.mode() == "defend":
                await driver.press("p")
                continue
            if app.mode() == "mulligan":
                await driver.press("k")
                continue
            my_turns += 1
            turn = app.game.turn
            await driver.press("c")
            if app.picker is not None:
                await driver.press("1")  # the first card with a load
            await driver.press("s")
            if app.picker is not None:
                await driver.press("1", "1")  # the first creature, the first free cell
            await driver.press("n")
            if app.picker is not None:  # discards: the first ones
                for key in "123456789"[: app.picker.exactly or 0]:
                    await driver.press(key)
                await driver.press("enter")
            assert app.game.turn > turn or app.table.over
        bot_lines = [line for line in app.told if line.startswith("Bot ")]
        assert any("ended the turn" in line for line in bot_lines)
        assert any(line.startswith("You ended the turn") for line in app.told)
        await driver.press("q")
        assert app.confirm_quit
        await driver.press("y")

    run_with_keys(make, script)
    app = holder["app"]
    assert app.left
    outcome = app.game.outcome
    assert outcome is not None and outcome.reason is EndReason.CONCEDED and outcome.winner == 1


def test_the_end_of_the_game_is_shown_and_enter_leaves() -> None:
    app = app_for(table())
    to_my_move(app)
    app.key("q")
    assert app.mode() == "quit"
    app.answer_quit(False)
    assert app.mode() != "quit" and not app.table.over
    # The bot's hero falls: the player deals the damage with the generic action.
    hero = app.game.sides[1].hero
    app.key("k")
    to_my_move(app)
    while not app.table.over:
        if app.game.step is Step.DEFEND:
            app.key("p")
        elif app.table.my_move:
            app.submit(Damage(0, hero, 9))
        to_my_move(app)
    assert app.overlay == END
    assert app.game.outcome is not None and app.game.outcome.winner == 0
    assert "You win!" in "\n".join(screen_text(cast(Any, app), 80, 24))
    app.enter()
    assert app.left


def test_play_without_a_terminal_says_so_in_one_sentence() -> None:
    from wizard_p2p.cli import parse_options
    from wizard_p2p.commands.options import SorceryPlayOptions
    from wizard_p2p.commands.sorcery_play import play

    options = parse_options(["sorcery", "play", "--offline", "--seed", "1"])
    assert isinstance(options, SorceryPlayOptions)
    with pytest.raises(UsageError, match="needs a terminal") as caught:
        play(options)
    assert "\n" not in str(caught.value)


def test_an_illegal_bot_move_is_told_not_raised() -> None:
    t = next(t for t in map(table, range(20)) if t.game.first == t.bot_player)
    app = app_for(t)

    def broken(game: Any, player: int) -> Any:
        return EndTurn(player)  # not legal during the mulligans

    app.table.bot.decide = broken  # type: ignore[method-assign]
    history = list(t.game.history)
    assert not app.bot_step()
    assert app.message.startswith("The bot could not move")
    assert t.game.history == history and t.bot_move
    with pytest.raises(IllegalAction):
        t.game.apply(EndTurn(t.bot_player))
