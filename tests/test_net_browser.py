"""What a browser (``net.discovery.Browser``) holds, given the services zeroconf reports: the
network's lookups are replaced by a table of records, so that what is held, passed over,
read again and forgotten is checked without multicast. Junk records never take the places
of readable ones, a service passed over is read once a place frees, a name gone is
forgotten everywhere, and a subscriber that raises stops nothing. Nothing sleeps: each
test waits on the browser's own change notifications against a deadline."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import pytest
from zeroconf import ServiceStateChange

from wizard_p2p.net.discovery import MAX_TEXT_BYTES, Browser, Heard

DEADLINE = 5.0


class ScriptedBrowser(Browser):
    """A browser whose lookups answer from ``records`` (name -> TXT data, or the data
    each lookup of it gives in turn), told of services as zeroconf would tell it."""

    def __init__(self, records: dict[str, bytes | list[bytes]], **options: object) -> None:
        super().__init__(lookup=self.scripted, **options)  # type: ignore[arg-type]
        self.records = records
        self.looked_up: list[str] = []
        self.hold: asyncio.Event | None = None  # lookups wait for it, when set
        self.asked = asyncio.Event()  # set by each lookup

    async def scripted(self, name: str) -> tuple[list[str], int, bytes] | None:
        self.looked_up.append(name)
        self.asked.set()
        if self.hold is not None:
            await self.hold.wait()
        text = self.records.get(name)
        if isinstance(text, list):
            text = text.pop(0)
        return None if text is None else (["10.0.0.7"], 47474, text)

    def added(self, *names: str) -> None:
        for name in names:
            self.service_changed(name, ServiceStateChange.Added)

    def updated(self, name: str) -> None:
        self.service_changed(name, ServiceStateChange.Updated)

    def removed(self, name: str) -> None:
        self.service_changed(name, ServiceStateChange.Removed)


def real(heard: Heard) -> bool:
    return heard.text.startswith(b"real")


async def until(browser: Browser, holds: Callable[[], bool], what: str) -> None:
    changed = asyncio.Event()
    browser.subscribe(changed.set)
    try:
        async with asyncio.timeout(DEADLINE):
            while not holds():
                changed.clear()
                await changed.wait()
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}: held {set(browser.heard)}, "
                             f"{browser.ignored} ignored") from None


def test_junk_does_not_take_the_places_of_readable_services() -> None:
    async def main() -> None:
        junk = {f"junk{i}": b"junk" for i in range(6)}
        browser = ScriptedBrowser({**junk, "one": b"real 1", "two": b"real 2"}, limit=2,
                                  readable=real)
        browser.added(*junk, "one", "two")  # the junk heard first fills every place
        await until(browser, lambda: set(browser.heard) == {"one", "two"}, "both tables")
        assert browser.ignored == 6  # the junk, counted and not held
        await browser.close()

    asyncio.run(main())


def test_a_service_passed_over_is_read_when_a_place_frees() -> None:
    async def main() -> None:
        browser = ScriptedBrowser({"one": b"real 1", "two": b"real 2", "three": b"real 3"},
                                  limit=2, readable=real)
        browser.added("one", "two", "three")
        await until(browser, lambda: len(browser.heard) == 2 and browser.ignored == 1,
                    "two held and one passed over")
        (waiting,) = {"one", "two", "three"} - set(browser.heard)
        gone = sorted(browser.heard)[0]
        browser.removed(gone)  # its host left: the one passed over takes its place
        await until(browser, lambda: waiting in browser.heard, "the table passed over")
        assert gone not in browser.heard and browser.ignored == 0
        await browser.close()

    asyncio.run(main())


def test_an_unreadable_record_is_read_again_when_it_changes() -> None:
    async def main() -> None:
        browser = ScriptedBrowser({"one": b"junk", "big": b"real" + b"x" * MAX_TEXT_BYTES},
                                  readable=real)
        browser.added("one", "big")
        await until(browser, lambda: browser.ignored == 2, "both refused")
        browser.records["one"] = b"real now"
        browser.updated("one")
        await until(browser, lambda: "one" in browser.heard, "the record once it reads")
        assert browser.ignored == 1
        browser.records["one"] = b"junk again"
        browser.updated("one")
        await until(browser, lambda: "one" not in browser.heard, "the record refused again")
        await browser.close()

    asyncio.run(main())


def test_a_record_that_changes_while_it_is_read_is_read_again() -> None:
    async def main() -> None:
        browser = ScriptedBrowser({"one": [b"real 1", b"real 1, newer"]}, readable=real)
        browser.hold = asyncio.Event()
        browser.added("one")
        await asyncio.wait_for(browser.asked.wait(), DEADLINE)
        browser.updated("one")  # a newer record while the first is read
        browser.hold.set()
        await until(browser, lambda: "one" in browser.heard
                    and browser.heard["one"].text == b"real 1, newer", "the newer record")
        assert browser.looked_up == ["one", "one"]
        await browser.close()

    asyncio.run(main())


def test_a_name_removed_is_forgotten_everywhere() -> None:
    async def main() -> None:
        browser = ScriptedBrowser({"one": b"real 1", "two": b"junk", "three": b"real 3"},
                                  limit=1, readable=real)
        browser.hold = asyncio.Event()
        browser.added("one", "two")  # "one" is being read, "two" waits for its place
        await asyncio.wait_for(browser.asked.wait(), DEADLINE)
        browser.updated("one")  # a newer record while the first is read: to read again
        assert browser.ignored == 1
        browser.removed("one")
        browser.removed("two")
        assert browser.ignored == 0 and not browser.heard
        browser.hold.set()
        browser.added("three")  # the one place is free: "one" is read no more
        await until(browser, lambda: "three" in browser.heard, "the next table")
        assert browser.looked_up == ["one", "three"] and set(browser.heard) == {"three"}
        await browser.close()

    asyncio.run(main())


def test_a_subscriber_or_a_reader_that_raises_stops_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken_reader(heard: Heard) -> bool:
        if heard.instance == "bad":
            raise ValueError("reader bug")
        return True

    def broken_subscriber() -> None:
        raise RuntimeError("subscriber bug")

    async def main() -> ScriptedBrowser:
        browser = ScriptedBrowser({"bad": b"x", "good": b"y"}, readable=broken_reader)
        browser.subscribe(broken_subscriber)
        browser.added("bad", "good")  # the subscriber raises inside zeroconf's handler
        await until(browser, lambda: "good" in browser.heard and browser.ignored == 1,
                    "the good record held, the other refused")
        await browser.close()
        return browser

    with caplog.at_level(logging.ERROR, logger="wizard_p2p.net.discovery"):
        asyncio.run(main())
    logged = caplog.text
    assert "subscriber bug" in logged and "reader bug" in logged
