"""Ending a game that a silent player holds up, from the console (key ``e``)."""

from __future__ import annotations

from tests.test_tui_progress import Watched, watched
from wizard_p2p.errors import UsageError
from wizard_p2p.protocol.events import Aborted
from wizard_p2p.seat.controller import Status, StatusKind
from wizard_p2p.tui.app import WizardApp
from wizard_p2p.tui.board import status_text
from wizard_p2p.tui.headless import Driver, run_with_keys


class Abortable(Watched):
    """A networked-like seat that can end a stalled game (as ``GamePeer`` can)."""

    def __init__(self, *args: object, refuse: bool = False) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.aborts = 0
        self.refuse = refuse

    def abort_stalled(self) -> None:
        if self.refuse:
            raise UsageError("only the lowest other seat can end the game")
        self.aborts += 1
        self.ended = Aborted(writer=0, stalled=1, reason="stalled past the time limit")
        self.status = (Status(StatusKind.ABORTED),)
        self.changed()


def abortable(refuse: bool = False) -> Abortable:
    return Abortable(watched().inner, refuse=refuse)


def test_e_does_nothing_while_no_seat_has_stalled() -> None:
    c = abortable()

    async def script(driver: Driver) -> None:
        await driver.press("e")

    run_with_keys(lambda pipe, out: WizardApp(c, "en", input=pipe, output=out), script)
    assert c.aborts == 0


def test_e_ends_the_game_when_the_table_offers_it() -> None:
    c = abortable()
    seen: list[str] = []

    async def script(driver: Driver) -> None:
        c.status = (Status(StatusKind.DISCONNECTED, seat=1), Status(StatusKind.STALLED, seat=1))
        c.changed()
        seen.append(status_text(driver.app))
        await driver.press("e")

    app = run_with_keys(lambda pipe, out: WizardApp(c, "en", input=pipe, output=out), script)
    assert "Ana is not answering - e: end the game" in seen[0]
    assert c.aborts == 1
    assert app.snapshot is not None and app.snapshot.ended is not None
    said = "the game was aborted: Ana (seat 2) held up the game past the time limit"
    assert said in status_text(app)


def test_a_refused_end_is_shown_and_changes_nothing() -> None:
    c = abortable(refuse=True)

    async def script(driver: Driver) -> None:
        c.status = (Status(StatusKind.STALLED, seat=1),)
        c.changed()
        await driver.press("e")

    app = run_with_keys(lambda pipe, out: WizardApp(c, "en", input=pipe, output=out), script)
    assert c.aborts == 0
    assert "lowest other seat" in app.message
