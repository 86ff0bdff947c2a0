"""The lobby's texts: Chinese and Japanese lobby screens join their labels with the
full-width colon, and the help overlay in the lobby names the host's keys."""

from __future__ import annotations

import dataclasses
import re

import hypothesis.strategies as st
import pytest
from hypothesis import given, settings
from prompt_toolkit.input import create_pipe_input

from tests.lobby_console_support import (
    FINGERPRINTS,
    ApprovingLobby,
    FakeLobby,
    drive_lobby,
    lobby_screen,
)
from tests.test_tui_cjk import ascii_punctuation
from wizard_p2p.errors import Said
from wizard_p2p.net.discovery import FAILED, LISTEN_ELSEWHERE, NO_INTERFACE
from wizard_p2p.tui.app import HELP, WizardApp
from wizard_p2p.tui.headless import Driver, FixedSizeOutput, screen_text
from wizard_p2p.tui.i18n import CATALOGUES, LANGUAGES, Translator
from wizard_p2p.tui.lobby_screen import (
    LOBBY_STATUS_WORDS,
    LobbyLine,
    LobbySnapshot,
    LobbyStatusKind,
    lobby_status_text,
)
from wizard_p2p.tui.panels import help_lines


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_chinese_and_japanese_lobbies_use_the_full_width_colon(lang: str) -> None:
    # The host's lobby (joiners waiting, the variant keys) and a joiner's.
    for lobby in (ApprovingLobby(), FakeLobby(["Ana", "本", "ゆい"], you=1)):
        with create_pipe_input() as pipe:
            app = WizardApp(lobby, lang, input=pipe, output=FixedSizeOutput())
            text = "\n".join(screen_text(app))
        assert ": " not in text, text
        assert "：" in text
        assert not ascii_punctuation(text), text


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_help_in_the_lobby_names_the_hosts_keys(lang: str) -> None:
    lobby = ApprovingLobby()

    async def script(driver: Driver) -> None:
        app = driver.app
        await driver.press("?")
        assert app.overlay == HELP
        rows = ["".join(text for _, text in line) for line in help_lines(app, 80)]
        keys = {row.split()[0] for row in rows if row.strip()}
        assert {"a", "x", "-"} <= keys, rows

    drive_lobby(lobby, script, lang)


def test_a_joiner_is_offered_only_its_own_keys_and_the_host_the_start() -> None:
    joiner = lobby_screen(FakeLobby(["Ana", "Ben", "Cho"], you=1))
    host = lobby_screen(FakeLobby(["Ana", "Ben", "Cho"], you=0))
    assert "Enter start" not in joiner and "q leave" in joiner
    assert "Enter start" in host
    # The joiner's address is the lobby it joined, not one to share.
    assert "Share this address" not in joiner and "Lobby: " in joiner
    assert "Share this address" in host


def test_a_full_lobby_says_every_seat_is_taken_not_a_count_to_wait_for() -> None:
    full = lobby_screen(FakeLobby(["Ana", "Ben", "Cho"], you=1, seats=3))
    assert "waiting for players" not in full
    assert "every seat is taken: waiting for the host to start the game" in full
    host = lobby_screen(FakeLobby(["Ana", "Ben", "Cho"], you=0, seats=3))
    assert "every seat is taken: Enter starts the game" in host
    assert "waiting for players (2/3)" in lobby_screen(FakeLobby(["Ana", "Ben"], you=1, seats=3))


def test_a_joiner_waiting_to_be_admitted_sees_its_own_fingerprint() -> None:
    waiting = FakeLobby(["Ana", "Ben"], you=4)  # not seated yet
    assert f"Your fingerprint: {FINGERPRINTS[4]}" in lobby_screen(waiting)
    seated = FakeLobby(["Ana", "Ben"], you=1)
    assert "Your fingerprint" not in lobby_screen(seated)  # its row shows it


class RefusedLobby(FakeLobby):
    """A joiner's lobby that ended: the host refused it, with a kind (``said``) or not."""

    def __init__(self, said: Said | None) -> None:
        super().__init__(["Ana", "Ben"], you=4)
        self.said = said

    def snapshot(self) -> LobbySnapshot:
        return dataclasses.replace(
            super().snapshot(), status=(), closed_said=self.said,
            closed="the host refused: the host did not admit you to the table")


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_refused_joiner_reads_the_refusal_in_its_language(lang: str) -> None:
    tr = Translator(lang)
    worded = lobby_screen(RefusedLobby(Said("lobby_refused_not_admitted")), lang)
    flat = "".join(worded.split())
    assert "".join(tr("lobby_refused_not_admitted").split()) in flat, worded
    if lang != "en":
        assert "admit" not in worded, worded  # not the host's English sentence
    # A kind this client does not know: the host's own sentence, as it came.
    raw = " ".join(lobby_screen(RefusedLobby(None), lang).split())
    assert "the host did not admit you to the table" in raw, raw
    # The lobby is over: no hint of what to do in it is left under the refusal.
    for key in ("lobby_wait_host", "lobby_need", "lobby_start"):
        hint = "".join(tr(key, min=3, max=6).split())
        assert hint not in flat, (key, worded)


class NeverSeatedLobby(FakeLobby):
    """A joiner's lobby that ended before the host seated it: a wrong invite code."""

    def __init__(self) -> None:
        super().__init__([], you=1)

    def snapshot(self) -> LobbySnapshot:
        return dataclasses.replace(
            super().snapshot(), status=(), seats=0, variants=(),
            closed_said=Said("lobby_ended_wrong_code", address="10.0.0.2:7711", code="ABCD-EF23"),
            closed="the lobby at 10.0.0.2:7711 refused us: check the invite code ABCD-EF23")


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_a_lobby_that_ended_before_any_seat_shows_no_players(lang: str) -> None:
    tr = Translator(lang)
    screen = lobby_screen(NeverSeatedLobby(), lang)
    flat = "".join(screen.split())
    said = tr("lobby_ended_wrong_code", address="10.0.0.2:7711", code="ABCD-EF23")
    assert "".join(tr("lobby_error", detail=said).split()) in flat, screen
    players = tr("lobby_players", n=0, target=0)
    assert players.split("0")[0].strip() not in screen, screen  # no "Players (0 of 0)"
    assert tr("no_variants") not in screen and tr("coach_off") not in screen, screen
    assert "10.0.0.2" in screen or "127.0.0.1" in screen  # where it asked is still said
    # A joiner the host seated, then refused, still sees the table it was at.
    seated = lobby_screen(RefusedLobby(Said("lobby_refused_removed")), lang)
    assert tr("lobby_players", n=2, target=4) in seated, seated


@pytest.mark.parametrize("you,said", [(0, "The lobby closes for everyone."),
                                       (1, "You leave the lobby; the others stay.")])
def test_the_leave_question_says_what_leaving_does(you: int, said: str) -> None:
    lobby = FakeLobby(["Ana", "Ben", "Cho"], you=you)

    async def script(driver: Driver) -> None:
        await driver.press("q")
        assert said in " ".join("\n".join(screen_text(driver.app)).split())
        await driver.press("n")

    drive_lobby(lobby, script)


# --- the lobby's status lines: one vocabulary, one table of catalogue keys ---------------


def test_every_lobby_status_kind_is_worded_and_produced_by_the_lobby_adapter() -> None:
    import inspect

    from wizard_p2p.commands import lobby_adapter

    assert set(LOBBY_STATUS_WORDS) == set(LobbyStatusKind)
    source = inspect.getsource(lobby_adapter)
    unproduced = [k.name for k in LobbyStatusKind if f"LobbyStatusKind.{k.name}" not in source]
    assert unproduced == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_of_every_lobby_status_is_in_every_catalogue(lang: str) -> None:
    for kind, wording in LOBBY_STATUS_WORDS.items():
        for key in wording.keys:
            assert key in CATALOGUES[lang], f"{lang} has no words for {kind} ({key})"
    for why in (NO_INTERFACE, LISTEN_ELSEWHERE, FAILED):  # a lobby not announced, and why
        assert f"find_why_{why}" in CATALOGUES[lang]


_lines = st.builds(
    LobbyLine,
    kind=st.sampled_from(list(LobbyStatusKind)),
    done=st.integers(0, 6),
    total=st.integers(0, 6),
    address=st.sampled_from(["", "10.0.0.5:7300", "[::1]:7300"]),
    why=st.sampled_from([NO_INTERFACE, LISTEN_ELSEWHERE, FAILED]),
)


@settings(max_examples=100, deadline=None)
@given(line=_lines, hosting=st.booleans(), lang=st.sampled_from(LANGUAGES))
def test_any_lobby_status_is_said_in_full_in_the_players_language(
    line: LobbyLine, hosting: bool, lang: str
) -> None:
    snap = LobbySnapshot(addresses=(), invite="", players=(), variants=(), seats=3,
                         can_start=False, status=(line,), hosting=hosting)
    said = lobby_status_text(snap, Translator(lang))
    assert said and "{" not in said and "}" not in said
    if line.kind is LobbyStatusKind.CONNECTING:
        assert line.address in said
    if lang != "en":  # worded by the language's catalogue, not English left behind
        assert not re.search(r"[A-Za-z]{3,} [A-Za-z]{3,} [A-Za-z]{3,}", said), said
