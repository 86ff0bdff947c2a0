"""The players' boards while somebody watches: who watches, and the host's answers.

A practice seat stands in for a networked one: its snapshot is given watchers and
watch requests, and its ``admit_watcher``/``refuse_watcher`` record the key they
are called with (or refuse, as a seat that is not the host does). The keys go
through the pipe input like a player's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from prompt_toolkit.input import create_pipe_input

from tests.test_tui_cjk import ascii_punctuation
from tests.test_tui_render import NAMES, advance, render
from wizard_p2p.bots import make_policy
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import GameConfig, Phase
from wizard_p2p.seat.controller import Snapshot, WatchRequest
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import WizardApp
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, run_with_keys, screen_text

ZOE = WatchRequest("Zoe", "3f:a2:91:0c", "key-zoe")
YAN = WatchRequest("Yan", "77:01:be:4d", "key-yan")
UMA = WatchRequest("Uma", "c0:ff:ee:00", "key-uma")


class WatchedSeat(OfflineSeat):
    """A practice seat with watchers and, at the host's, watch requests."""

    def __init__(self, *args: object, refuse_with: str | None = None, **kw: object) -> None:
        super().__init__(*args, **kw)  # type: ignore[arg-type]
        self.watchers: tuple[str, ...] = ()
        self.requests: list[WatchRequest] = []
        self.answers: list[tuple[str, str]] = []
        self.refuse_with = refuse_with
        self.listeners: list[Callable[[], None]] = []

    def subscribe(self, callback: Callable[[], None]) -> None:
        super().subscribe(callback)
        self.listeners.append(callback)

    def snapshot(self) -> Snapshot:
        return dataclasses.replace(
            super().snapshot(), watchers=self.watchers, watch_requests=tuple(self.requests)
        )

    def _answer(self, what: str, key: str) -> None:
        if self.refuse_with is not None:
            raise UsageError(self.refuse_with)
        self.answers.append((what, key))
        request = next(r for r in self.requests if r.key == key)
        self.requests.remove(request)
        if what == "admit":
            self.watchers += (request.name,)
        for callback in self.listeners:
            callback()

    def admit_watcher(self, key: str) -> None:
        self._answer("admit", key)

    def refuse_watcher(self, key: str) -> None:
        self._answer("refuse", key)


def watched_seat(
    seats: int = 4, lang: str = "en", seed: int = 2, refuse_with: str | None = None
) -> WatchedSeat:
    config = GameConfig.with_variants(seats, ["plus_minus_one"])
    policies = [None] + [make_policy("random") for _ in range(seats - 1)]
    return WatchedSeat(
        config, NAMES[lang][:seats], policies, seed=seed, first_dealer=0, refuse_with=refuse_with
    )


def test_a_players_board_names_who_watches() -> None:
    s = watched_seat()
    s.watchers = ("Zoe", "Yan")
    with create_pipe_input() as pipe:
        app = WizardApp(s, "en", input=pipe, output=FixedSizeOutput())
        text = "\n".join(render(app))
        assert "watching: Zoe, Yan" in text
        assert "asks to watch" not in text
        s.watchers = ()
        app.refresh()
        assert "watching:" not in "\n".join(render(app))


def test_the_host_answers_the_oldest_request_with_a_and_x() -> None:
    s = watched_seat()
    s.requests = [ZOE, YAN, UMA]

    async def script(driver: Driver) -> None:
        app = driver.app
        assert app.mode == "bid"
        text = "\n".join(screen_text(app))
        assert "Zoe (3f:a2:91:0c) asks to watch - a admits, x refuses" in text
        assert "Yan (77:01:be:4d) asks to watch" in text
        assert "and 1 more asking to watch" in text
        bid = app.bid_choice
        await driver.press("a")
        assert s.answers == [("admit", "key-zoe")]
        assert app.message == "Zoe may watch now."
        assert "watching: Zoe" in "\n".join(screen_text(app))
        await driver.press("x")
        assert s.answers == [("admit", "key-zoe"), ("refuse", "key-yan")]
        assert app.message == "Yan was turned away."
        assert app.bid_choice == bid and app.mode == "bid"  # the bid is untouched
        # With a window open the keys stay with the window.
        await driver.press("?", "a", "escape")
        assert len(s.answers) == 2
        await driver.press("a")
        assert s.answers[-1] == ("admit", "key-uma") and not s.requests
        # Nobody left asking: a and x do nothing.
        await driver.press("a", "x")
        assert len(s.answers) == 3
        text = "\n".join(screen_text(app))
        assert "asks to watch" not in text and "watching: Zoe, Uma" in text

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


def test_a_refusal_from_the_controller_is_a_message_not_a_traceback() -> None:
    s = watched_seat(refuse_with="only the host admits watchers")
    s.requests = [ZOE]

    async def script(driver: Driver) -> None:
        app = driver.app
        assert app.mode == "bid"
        await driver.press("a")
        assert app.message == "Refused: only the host admits watchers"
        assert not app.left and s.requests == [ZOE]
        await driver.press("x")
        assert app.message == "Refused: only the host admits watchers"
        # The board still plays.
        bid = app.bid_choice
        await driver.press("enter")
        assert app.message == ""
        made = s.game.history[0].bids if s.game.history else s.game.bids
        assert made[0] == bid

    run_with_keys(lambda pipe, out: WizardApp(s, "en", input=pipe, output=out), script)


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_hosts_board_fits_with_watchers_and_requests(lang: str) -> None:
    s = watched_seat(6, lang, seed=5)
    s.watchers = ("观众一号" if lang == "zh" else "けんた", "Zoe")
    s.requests = [dataclasses.replace(ZOE, name=NAMES[lang][1]), YAN, UMA]
    advance(s, lambda seat: seat.game.round_no >= 9 and seat.game.phase is Phase.PLAY)
    with create_pipe_input() as pipe:
        app = WizardApp(s, lang, input=pipe, output=FixedSizeOutput())
        text = render(app)  # no panel cut at 80x24
        joined = "\n".join(text)
        tr = app.tr
        assert tr("watchers", names=tr("comma").join(s.watchers)) in joined
        first = tr("watch_request", name=NAMES[lang][1], fingerprint=ZOE.fingerprint)
        assert first + tr("then") + tr("watch_request_keys") in joined
        assert tr("watch_requests_more", n=1) in joined
        assert tr("hand") in joined  # the hand panel stays
        if lang != "en":
            assert not ascii_punctuation(joined), joined
