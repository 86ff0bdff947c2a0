"""Game over offers another game at the same table (``n``) where the command allows it,
through pipe input: the hint is shown, ``n`` leaves the table with ``again`` set, and
nowhere else does ``n`` leave."""

from __future__ import annotations

from tests.test_tui_app import offline_seat, play_game
from wizard_p2p.tui.app import FINAL, WizardApp
from wizard_p2p.tui.headless import Driver, run_with_keys, screen_text
from wizard_p2p.tui.i18n import Translator


def _stats() -> dict[str, int]:
    return {"bids": 0, "plays": 0, "refused": 0, "forbidden": 0, "trumps": 0, "pads": 0}


def test_n_at_game_over_leaves_for_another_game_when_offered() -> None:
    s = offline_seat(3, seed=7)

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("n")  # at the table: n is no answer to anything
        assert not app.left and not app.again
        driver.wait_for_redraw = False
        await play_game(driver, _stats())
        driver.wait_for_redraw = True
        await driver.press("s", "escape")  # a redraw of the standings
        assert app.overlay == FINAL
        assert "n: another game at this table" in "\n".join(screen_text(app))
        await driver.press("n")
        assert app.left and app.again and app.application.is_done

    app = run_with_keys(
        lambda pipe, out: WizardApp(s, "en", input=pipe, output=out, again=True), script)
    assert app.again and s.has_quit


def test_without_the_offer_game_over_says_nothing_of_it_and_n_stays() -> None:
    s = offline_seat(3, seed=8)

    async def script(driver: Driver) -> None:
        app = driver.app
        driver.wait_for_redraw = False
        await play_game(driver, _stats())
        driver.wait_for_redraw = True
        await driver.press("s", "escape")
        assert "another game" not in "\n".join(screen_text(app))
        await driver.press("n")
        assert not app.left and app.overlay == FINAL
        await driver.press("enter")
        assert app.left and not app.again

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_a_series_later_game_ends_with_the_standings_in_the_players_language() -> None:
    """The standings name the people at this table as the ranking above them does (the
    player as "you", a bot by its number), and those who sat only at an earlier game by
    the name they gave."""
    import re

    from wizard_p2p.rules.series import GameResult, SeriesAfter, series_standings

    s = offline_seat(3, seed=9)
    asked: list[bool] = []
    earlier = GameResult(("a", "b", "c"), ("Me", "Ana", "Zoe"), (90, 10, 30), (7, 2, 3))
    now = GameResult(("a", "b", "d"), ("Me", "Ana", "Bea"), (-20, 50, 40), (1, 4, 4))
    after = SeriesAfter(series_standings([earlier, now]), 2, now.people)

    def standings() -> SeriesAfter:
        asked.append(s.snapshot().finished)
        return after

    async def script(driver: Driver) -> None:
        app = driver.app
        driver.wait_for_redraw = False
        await play_game(driver, _stats())  # it reads the English messages
        driver.wait_for_redraw = True
        app.tr = Translator("zh")
        await driver.press("s", "escape")
        text = "\n".join(screen_text(app))
        assert "第 2 局后的系列赛排名" in text
        assert "先比胜局，再比经验，再比预测准确的轮数" in text
        seated = {"a": app.name(0), "b": app.name(1), "d": app.name(2)}
        assert seated["a"] == "你" and {seated["b"], seated["d"]} <= {"机器人 1", "机器人 2"}
        for line in after.standings:
            shown = seated.get(line.person, line.name)
            row = (rf"{line.place}名\s+{re.escape(shown)}\s+{line.played}\s+{line.won}"
                   rf"\s+{line.points}\s+{line.exact}\b")
            assert re.search(row, text), (shown, text)
        assert "Zoe" in text and not {"Me", "Ana", "Bea"} & set(re.findall(r"[A-Za-z]+", text))

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out, again=True,
                                              standings=standings), script)
    assert asked and all(asked)  # asked only once the game is over
