"""The list of tables heard on the network (``tui.find_screen``) against an in-memory source,
through a pipe, and the tables the application layer builds from what a browser hears
(``commands.find.HeardTables``): malformed announcements counted, never shown."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input

from tests.test_tui_cjk import ascii_punctuation
from wizard_p2p.commands.find import HeardTables
from wizard_p2p.net.discovery import Heard
from wizard_p2p.protocol.announce import LOBBY, PLAYING, Announcement, encode_announcement
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tui.find_screen import FindApp, FindSnapshot, FoundTable, run_find_async
from wizard_p2p.tui.headless import DEADLINE, Driver, FixedSizeOutput, run_with_keys, screen_text

ANA = FoundTable("a", "Ana", "10.0.0.1:47474", 4, 2, ("plus_minus_one",), 30.0)
BEN = FoundTable("b", "Ben", "10.0.0.2:47474", 3, 1, (), 600.0)
FULL = FoundTable("c", "Chen", "10.0.0.3:47474", 3, 3, (), 7200.0)
OLD = FoundTable("d", "Dora", "10.0.0.4:47474", 3, 1, (), 5.0, compatible=False,
                version="wizard-p2p/1")


class FakeSource:
    def __init__(self, *tables: FoundTable) -> None:
        self.tables = tables
        self.unreadable = 0
        self.callbacks: list[Callable[[], None]] = []

    def snapshot(self) -> FindSnapshot:
        return FindSnapshot(self.tables, self.unreadable)

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)

    def change(self, *tables: FoundTable) -> None:
        self.tables = tables
        for callback in self.callbacks:
            callback()


def run(source: FakeSource, script: Callable[[Driver], Any], **options: Any) -> FindApp:
    return run_with_keys(  # type: ignore[return-value]
        lambda pipe, out: FindApp(source, "en", input=pipe, output=out, **options), script
    )


def test_the_list_shows_each_table_and_updates_live() -> None:
    source = FakeSource(ANA)

    async def script(driver: Driver) -> None:
        screen = "\n".join(screen_text(driver.app))
        assert "Tables on this network (1)" in screen
        assert "Ana" in screen and "2/4 players" in screen and "±1" in screen
        assert "just opened" in screen
        source.change(ANA, BEN)  # heard while the list is open
        await driver.press("down")
        screen = "\n".join(screen_text(driver.app))
        assert "Tables on this network (2)" in screen and "10 min" in screen
        assert "standard rules" in screen
        assert driver.app.state.selected == "b"  # type: ignore[attr-defined]
        source.change(BEN)  # Ana's lobby went away: Ben stays chosen
        await driver.press("enter")

    app = run(source, script)
    assert app.state.chosen == BEN


def test_a_full_or_incompatible_table_is_not_taken() -> None:
    source = FakeSource(FULL, OLD)

    async def script(driver: Driver) -> None:
        await driver.press("enter")
        assert "full" in driver.app.state.message  # type: ignore[attr-defined]
        await driver.press("down", "enter")
        assert "another version" in driver.app.state.message  # type: ignore[attr-defined]
        screen = "\n".join(screen_text(driver.app))
        assert "2 h" in screen
        assert "another version: wizard-p2p/1" in screen  # why it is greyed

    app = run(source, script)
    assert app.state.chosen is None


def choose(source: FakeSource, keys: str, **options: Any) -> tuple[FoundTable, str] | None:
    """What ``run_find_async`` returns after ``keys``."""

    async def main() -> tuple[FoundTable, str] | None:
        with create_pipe_input() as pipe:
            task = asyncio.ensure_future(run_find_async(
                source, lang="en", input=pipe, output=FixedSizeOutput(), **options))
            pipe.send_text(keys)
            return await asyncio.wait_for(task, DEADLINE)

    return asyncio.run(main())


def test_q_leaves_the_list_and_enter_takes_a_table() -> None:
    assert choose(FakeSource(ANA, BEN), "q") is None
    assert choose(FakeSource(ANA, BEN), "\x1b[B\r") == (BEN, "")
    assert choose(FakeSource(ANA), "\rab12-cd34\r", ask_code=True) == (ANA, "AB12-CD34")


def test_the_code_is_asked_for_and_escape_goes_back() -> None:
    source = FakeSource(ANA, BEN)

    async def script(driver: Driver) -> None:
        await driver.press("enter")
        assert "Invite code:" in "\n".join(screen_text(driver.app))
        await driver.press("enter")  # nothing typed yet
        assert "needed" in driver.app.state.message  # type: ignore[attr-defined]
        await driver.press("escape", "down", "enter", *"k7qd-m2xq", "\x7f", "p")
        assert "K7QD-M2XP_" in "\n".join(screen_text(driver.app))
        await driver.press("enter")

    app = run(source, script, ask_code=True)
    assert app.state.chosen == BEN and app.state.code == "K7QD-M2XP"


def test_nothing_heard_says_what_to_do_and_counts_the_unreadable() -> None:
    source = FakeSource()
    source.unreadable = 2

    async def script(driver: Driver) -> None:
        screen = " ".join(screen_text(driver.app))
        assert "Listening for tables" in screen
        assert "wizard-p2p join ADDRESS --code CODE" in screen
        assert "2 announcement(s) could not be read" in screen
        await driver.press("enter")  # nothing to choose: still listening
        assert not driver.app.application.is_done

    run(source, script)


def test_a_watcher_hearing_nothing_is_told_the_host_may_have_left() -> None:
    """A game is announced and watched through its host's program: a watcher who hears
    no table is told that, and the watch command, not only about multicast."""

    async def script(driver: Driver) -> None:
        screen = " ".join(screen_text(driver.app))
        assert "once the host has left" in screen
        assert "wizard-p2p watch ADDRESS --code CODE" in screen
        assert "wizard-p2p join" not in screen
        await driver.press("enter")  # nothing to choose: still listening
        assert not driver.app.application.is_done

    run(FakeSource(), script, watching=True)


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_chinese_and_japanese_lists_use_full_width_punctuation(lang: str) -> None:
    source = FakeSource(ANA, BEN)

    async def script(driver: Driver) -> None:
        for line in screen_text(driver.app):
            assert not ascii_punctuation(line), line
        await driver.press("enter")
        for line in screen_text(driver.app):
            assert not ascii_punctuation(line), line

    run_with_keys(
        lambda pipe, out: FindApp(source, lang, ask_code=True, watching=True, input=pipe,
                                  output=out),
        script,
    )


def test_a_watcher_sees_games_that_are_playing() -> None:
    playing = FoundTable("p", "Pia", "10.0.0.9:47474", 3, 3, (), 90.0, playing=True)
    assert choose(FakeSource(playing), "\r", watching=True) == (playing, "")
    assert choose(FakeSource(playing), "\rq") is None  # a joiner cannot take it


# --- what a browser hears, as the list shows it ------------------------------------------------


class FakeBrowser:
    limit = 64

    def __init__(self, *heard: Heard) -> None:
        self.heard = {h.instance: h for h in heard}
        self.ignored = 0

    def subscribe(self, callback: Callable[[], None]) -> None:
        pass


def heard(instance: str, text: bytes, port: int = 47474) -> Heard:
    return Heard(instance, "10.0.0.7", ("10.0.0.7",), port, text)


def announcement(**changes: Any) -> bytes:
    fields: dict[str, Any] = {
        "protocol": PROTOCOL, "name": "Ana", "seats": 4, "seated": 2, "variants": (),
        "opened": 1000, "state": LOBBY, "port": 47474,
    }
    return encode_announcement(Announcement(**{**fields, **changes}))


def test_heard_tables_are_read_checked_and_filtered() -> None:
    browser = FakeBrowser(
        heard("one", announcement()),
        heard("two", announcement(name="Ben", state=PLAYING, opened=2000)),
        heard("bad", b"\x07name=\x1b"),
        heard("lying", announcement(port=1234)),  # its TXT port is not its service's
        heard("old", announcement(name="Old", protocol="wizard-p2p/1")),
    )
    joining = HeardTables(browser, watching=False, clock=lambda: 1600.0)  # type: ignore[arg-type]
    snap = joining.snapshot()
    assert [(t.name, t.compatible) for t in snap.tables] == [("Ana", True), ("Old", False)]
    assert snap.tables[0].address == "10.0.0.7:47474" and snap.tables[0].age == 600.0
    assert snap.unreadable == 2
    watching = HeardTables(browser, watching=True, clock=lambda: 1600.0)  # type: ignore[arg-type]
    names = {t.name: t for t in watching.snapshot().tables}
    assert names["Ben"].playing and names["Ben"].age == 0.0  # a host whose clock runs ahead
    assert joining.addresses()["one"] == ("10.0.0.7", 47474)


def test_a_newer_versions_table_is_listed_as_one_that_cannot_be_joined() -> None:
    strings = [b"v=wizard-p2p/99", b"name=Eva", b"seats=8", b"seated=3",
               b"variants=telepathy", b"opened=1000", b"state=lobby", b"port=47474"]
    newer = b"".join(bytes([len(s)]) + s for s in strings)
    browser = FakeBrowser(heard("new", newer))
    (table,) = HeardTables(browser, watching=False,  # type: ignore[arg-type]
                           clock=lambda: 1600.0).snapshot().tables
    assert (table.name, table.seats, table.seated, table.compatible, table.version) == (
        "Eva", 8, 3, False, "wizard-p2p/99")
    assert choose(FakeSource(table), "\rq") is None  # Enter refuses it, q leaves


def test_a_code_the_lobby_refuses_is_said_and_typed_again() -> None:
    source = FakeSource(ANA)
    asked: list[str] = []

    async def check(table: FoundTable, code: str) -> str | None:
        asked.append(code)
        return None if code == "K7QD-M2XP" else "find_code_wrong"

    async def script(driver: Driver) -> None:
        app: FindApp = driver.app  # type: ignore[assignment]
        await driver.press("enter", *"AAAA-AAAA", "enter")
        assert app.checking is not None
        await asyncio.wait_for(asyncio.shield(app.checking), DEADLINE)
        await driver.press("up")  # a key that changes nothing: the screen as it is now
        screen = "\n".join(screen_text(driver.app))
        assert "refused this invite code" in " ".join(screen.split())
        assert "Invite code: _" in screen and not app.application.is_done
        await driver.press(*"k7qd-m2xp", "enter")
        assert app.checking is not None
        await asyncio.wait_for(asyncio.shield(app.checking), DEADLINE)

    app = run(source, script, ask_code=True, check_code=check)
    assert asked == ["AAAA-AAAA", "K7QD-M2XP"]
    assert app.state.chosen == ANA and app.state.code == "K7QD-M2XP"


def test_a_real_lobby_takes_its_own_code_and_refuses_another(tmp_path: Path) -> None:
    from tests.lobby_support import host_lobby
    from wizard_p2p.commands.find import lobby_takes_code

    async def main() -> None:
        host = host_lobby(tmp_path)
        await host.open()
        serving = asyncio.ensure_future(host.serve())
        try:
            wrong = "AAAA-AAAA" if host.code != "AAAA-AAAA" else "BBBB-BBBB"
            assert await lobby_takes_code("127.0.0.1", host.port, wrong) == "find_code_wrong"
            assert await lobby_takes_code("127.0.0.1", host.port, "no") == "find_code_malformed"
            right = host.code.lower().replace("-", "")  # as forgiving as the lobby
            assert await lobby_takes_code("127.0.0.1", host.port, right) is None
            assert len(host.players) == 1 and not host.waiting  # asking took no seat
        finally:
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
            await host.close()

    asyncio.run(main())
