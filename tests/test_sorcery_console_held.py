"""巫师牌's console: keys pressed while the bot moves are held for the player's move (and
said so), replayed in order when the game asks the player again, and dropped, said so,
when the game asks for a defence instead or the player presses Esc."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from prompt_toolkit.input import PipeInput

from tests import sorcery_cards as fx
from wizard_p2p.sorcery.actions import Consume
from wizard_p2p.sorcery.game import Step
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, run_with_keys
from wizard_p2p.tui.sorcery_app import HELD_KEPT, SorceryApp
from wizard_p2p.tui.sorcery_table import SorceryTable

DEADLINE = 20.0


class GatedTable(SorceryTable):
    """The bot moves only while the gate is open: the test decides when it has typed."""

    gate = True

    @property
    def bot_move(self) -> bool:
        return self.gate and super().bot_move


def console(seed: int, table: type[SorceryTable] = SorceryTable, **kw: Any) -> SorceryApp:
    t = table((fx.fire_deck(), fx.water_deck()), seed)
    return SorceryApp(t, "en", output=kw.pop("output", FixedSizeOutput(24, 80)), **kw)


def waits_after_keep_then_plays(seed: int) -> bool:
    """Whether the bot still moves after the player keeps, then the player plays."""
    app = console(seed)
    app.run_bot()
    app.key("k")
    if app.mode() != "wait":
        return False
    app.run_bot()
    return app.mode() == "play"


SEED = next(s for s in range(40) if waits_after_keep_then_plays(s))


def test_keys_pressed_while_the_bot_moves_are_held_and_replayed_in_order() -> None:
    app = console(SEED)
    app.run_bot()
    app.key("k")
    assert app.mode() == "wait"
    app.key("c")
    assert app.held == ["c"] and app.message == app.tr("sorcery_held", keys="c")
    app.run_bot()
    assert app.held == [] and app.mode() == "pick"
    assert app.picker is not None and app.picker.title == app.tr("sorcery_ask_consume")


def test_held_keys_are_bounded_and_esc_drops_them() -> None:
    app = console(SEED)
    app.run_bot()
    app.key("k")
    for _ in range(HELD_KEPT + 3):
        app.key("s")
    assert len(app.held) == HELD_KEPT and app.message == app.tr("sorcery_held_full")
    app.cancel()
    assert app.held == [] and app.message == app.tr("sorcery_held_cleared")
    app.run_bot()
    assert app.mode() == "play" and app.picker is None


def test_held_keys_are_dropped_when_the_game_asks_for_a_defence() -> None:
    for seed in range(40):
        app = console(seed)
        app.run_bot()
        app.key("k")
        while not app.table.over and app.game.turn < 12:
            if app.mode() == "wait":
                app.key("c")  # typed ahead for a turn of one's own
                app.run_bot()
                if app.game.step is Step.DEFEND:
                    assert app.held == [] and app.picker is None
                    assert app.message == app.tr("sorcery_held_dropped")
                    return
                app.cancel()  # the consume question the held key opened
            if app.mode() == "mulligan":
                app.key("k")
            elif app.mode() == "play":
                app.key("n")
                if app.picker is not None:  # discards down to the hand limit
                    for key in "123456789"[: app.picker.exactly or 0]:
                        app.pick(key)
                    app.enter()
            elif app.mode() == "defend":
                app.key("p")
    raise AssertionError("no seed brought a spell battle against the player")


async def wait_until(app: SorceryApp, ok: Callable[[], bool]) -> None:
    deadline = time.monotonic() + DEADLINE
    while not ok():
        assert time.monotonic() < deadline, f"timed out; mode {app.mode()}"
        await asyncio.sleep(0.01)  # a poll of an observable condition, with a deadline


def test_a_choices_key_typed_ahead_in_the_running_console_is_held_too() -> None:
    holder: dict[str, SorceryApp] = {}

    def make(pipe: PipeInput, output: FixedSizeOutput) -> Any:
        holder["app"] = console(SEED, GatedTable, input=pipe, output=output, bot_delay=0)
        return holder["app"]

    async def script(driver: Driver) -> None:
        app = holder["app"]
        table = app.table
        assert isinstance(table, GatedTable)
        await wait_until(app, lambda: app.mode() == "mulligan")
        table.gate = False
        await driver.press("k")
        assert app.mode() == "wait"
        await driver.press("c", "1")  # a command's key and a choice's key
        assert app.held == ["c", "1"]
        assert "c 1" in app.message
        table.gate = True
        app.wake_bot()
        await wait_until(app, lambda: not app.held)
        last = app.game.history[-1]
        assert isinstance(last, Consume) and last.player == app.me
        assert app.mode() == "play"

    run_with_keys(make, script)
