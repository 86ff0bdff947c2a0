"""The lobby screen against an in-memory ``LobbyController`` (``FakeLobby``, in
``tests.lobby_console_support``), and the switch to the table."""

from __future__ import annotations

import pytest
from prompt_toolkit.input import create_pipe_input

from tests.lobby_console_support import FINGERPRINTS, ApprovingLobby, FakeLobby, drive_lobby
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS, VARIANT_NAMES, GameConfig
from wizard_p2p.seat.offline import OfflineSeat
from wizard_p2p.tui.app import WizardApp
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, screen_text
from wizard_p2p.tui.lobby_screen import LobbyController


def test_a_lobby_is_told_from_a_seat_by_its_protocol() -> None:
    assert isinstance(FakeLobby(["Ana", "Ben"], you=0), LobbyController)
    assert isinstance(ApprovingLobby(), LobbyController)
    assert not isinstance(OfflineSeat(GameConfig(3), ["a", "b", "c"], [None, None, None]),
                          LobbyController)


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_lobby_screen_shows_what_to_share(lang: str) -> None:
    lobby = FakeLobby(["Ana", "本", "ゆい"], you=1)
    with create_pipe_input() as pipe:
        app = WizardApp(lobby, lang, input=pipe, output=FixedSizeOutput())
        assert app.screen == "lobby"
        text = "\n".join(screen_text(app))
        tr = app.tr
        assert "tcp://127.0.0.1:7711" in text and "tcp://[::1]:7711" in text
        assert "WZ-4F2A-9C1B" in text
        for player in lobby.players:
            assert player.name in text and player.fingerprint in text
        assert tr("lobby_players", n=3, target=4) in text
        assert tr.variant("plus_minus_one") in text
        assert tr("lobby_waiting_players", done=3, total=4) in text
        assert tr("lobby_wait_host") in text  # not the host


def test_the_host_starts_and_the_table_follows() -> None:
    lobby = FakeLobby(["Ana", "Ben"], you=0)

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("enter")  # two players: not yet
        assert app.screen == "lobby" and not lobby.started
        assert app.message == app.tr("lobby_need", min=MIN_SEATS, max=MAX_SEATS)
        lobby.join("Cho")  # the node reports a new player
        assert app.lobby_snapshot is not None and len(app.lobby_snapshot.players) == 3
        assert app.lobby_snapshot.can_start
        await driver.press("enter")
        assert lobby.started and app.screen == "table"
        assert app.controller is lobby.offline
        assert app.mode in ("bid", "wait", "trump")
        if app.mode == "bid":
            await driver.press("enter")  # the first legal bid is chosen to begin with
            s = lobby.offline
            assert s is not None
            # Round 1 has one card each, which plays by itself: the round may be over.
            assert s.snapshot().view.bid_made[0] or s.game.history[0].bids[0] is not None

    drive_lobby(lobby, script)


def test_a_guest_waits_for_the_host() -> None:
    lobby = FakeLobby(["Ana", "Ben", "Cho"], you=2)

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("enter")
        assert app.message == app.tr("lobby_not_host") and app.screen == "lobby"
        lobby.host_starts()
        assert app.screen == "table" and app.controller is lobby.offline
        assert app.snapshot is not None and app.snapshot.view.seat == 2

    drive_lobby(lobby, script)


def test_leaving_the_lobby() -> None:
    lobby = FakeLobby(["Ana", "Ben", "Cho"], you=1)

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("q")
        assert app.confirm_quit
        await driver.press("y")
        assert lobby.left and app.application.is_done

    drive_lobby(lobby, script)


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_host_switches_variants_with_the_digit_keys(lang: str) -> None:
    lobby = FakeLobby(["Ana", "Ben", "Cy"], you=0)

    async def script(driver: Driver) -> None:
        app = driver.app
        tr = app.tr
        text = "\n".join(screen_text(app, 100, 40))
        assert tr("lobby_variant_keys", n=len(VARIANT_NAMES)) in text
        assert "[x]" + tr.variant("plus_minus_one") in text
        await driver.press("1")  # ±1 off
        assert lobby.variants == ()
        await driver.press("2", "4")  # hidden bids and clairvoyance on
        assert lobby.variants == ("hidden_bids", "clairvoyance")
        text = "\n".join(screen_text(app, 100, 40))
        assert "[x]" + tr.variant("hidden_bids") in text
        assert "[ ]" + tr.variant("plus_minus_one") in text
        await driver.press("1")  # ±1 with hidden bids: the rules refuse, nothing changes
        assert lobby.variants == ("hidden_bids", "clairvoyance")
        assert app.message.startswith(tr("lobby_error", detail="")[:4]) and "hidden" in app.message
        await driver.press("9")  # no such variant: nothing happens
        assert lobby.variants == ("hidden_bids", "clairvoyance")
        await driver.press("enter")
        assert lobby.started and app.screen == "table"
        assert lobby.offline is not None and lobby.offline.config.hidden_bids

    drive_lobby(lobby, script, lang)


def test_a_joiner_sees_the_variants_but_cannot_switch_them() -> None:
    lobby = FakeLobby(["Ana", "Ben", "Cy"], you=1)

    async def script(driver: Driver) -> None:
        app = driver.app
        text = "\n".join(screen_text(app, 100, 40))
        assert app.tr.variant("plus_minus_one") in text
        assert app.tr("lobby_variant_keys", n=len(VARIANT_NAMES)) not in text
        await driver.press("2")
        assert lobby.variants == ("plus_minus_one",)

    drive_lobby(lobby, script)


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_full_lobby_with_the_variant_keys_fits_the_smallest_terminal(lang: str) -> None:
    from tests.test_tui_render import render

    lobby = FakeLobby(["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"], you=0, seats=6)
    with create_pipe_input() as pipe:
        app = WizardApp(lobby, lang, input=pipe, output=FixedSizeOutput())
        text = "\n".join(render(app))  # 80 x 24: fails if any line or row is cut
        assert app.tr("lobby_start") in text
        assert app.tr("lobby_variant_keys", n=len(VARIANT_NAMES)) in text


def test_the_host_admits_refuses_and_removes_with_keys() -> None:
    lobby = ApprovingLobby()

    async def script(driver: Driver) -> None:
        app = driver.app
        text = "\n".join(screen_text(app))
        assert "Cho" in text and FINGERPRINTS[2] in text and "a: admit Cho" in text
        await driver.press("a")
        assert [p.name for p in lobby.players] == ["Ana", "Ben", "Cho"]
        await driver.press("x")
        assert lobby.waiting == []
        await driver.press("-")
        assert "seat number" in app.message
        await driver.press("2")  # seat 2: Ben
        assert lobby.removed == [1] and [p.name for p in lobby.players] == ["Ana", "Cho"]
        assert lobby.variants == ("plus_minus_one",)  # the digit removed, it did not toggle
        await driver.press("-")
        await driver.press("1")
        assert "cannot be removed" in app.message

    drive_lobby(lobby, script)
