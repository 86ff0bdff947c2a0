"""DNS-SD between two network namespaces joined by a bridge (``net.discovery``).

An announcer in one namespace and a browser in the other, each on its own event loop
in a thread of the test process that entered its namespace: the browser hears the
service with its address, port and TXT data, hears it change, and hears it
withdrawn; it holds no more services than its limit and no record larger than its
bound; and where only the loopback exists both refuse to start with
``DiscoveryUnavailable``. The announcer answers while its caller's loop is busy (its
zeroconf runs on a thread of its own), withdraws whatever it registered, and tells a
registration that fails after it started. Nothing sleeps: the test waits on the
browser's own change notifications, or on events, against deadlines.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator

import pytest
from zeroconf import NonUniqueNameException, ServiceInfo, Zeroconf

from tests.netns_support import DEADLINE, Machine, NamespaceLoop, lan, skip_unless_netns
from wizard_p2p.net.discovery import (
    FAILED,
    MAX_TEXT_BYTES,
    Announcer,
    Browser,
    DiscoveryUnavailable,
)

pytestmark = skip_unless_netns


async def until(browser: Browser, holds: Callable[[], bool], what: str) -> None:
    """Wait for ``holds()`` to hold, woken by each change the browser reports."""
    changed = asyncio.Event()
    browser.subscribe(changed.set)
    try:
        async with asyncio.timeout(DEADLINE):
            while not holds():
                changed.clear()
                await changed.wait()
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}: heard {browser.heard}") from None


@pytest.fixture()
def machines() -> Iterator[list[Machine]]:
    with lan(2, loopback_only=1) as found:
        yield found


@pytest.fixture()
def loops(machines: list[Machine]) -> Iterator[list[NamespaceLoop]]:
    started = [NamespaceLoop(m.namespace) for m in machines]
    try:
        yield started
    finally:
        for loop in started:
            loop.close()


def txt(text: bytes) -> bytes:
    return bytes([len(text)]) + text


def test_a_service_is_heard_changed_and_withdrawn(
    machines: list[Machine], loops: list[NamespaceLoop]
) -> None:
    host, joiner, _ = loops
    announcer = Announcer("Table one", 47474, txt(b"a=1"))
    browser = Browser()
    joiner.run(browser.start())
    try:
        host.run(announcer.start())
        joiner.run(until(browser, lambda: len(browser.heard) == 1, "the service"))
        (heard,) = browser.heard.values()
        assert heard.instance.startswith("Table one.")
        assert (heard.address, heard.port, heard.text) == (machines[0].address, 47474,
                                                            txt(b"a=1"))
        host.run(announcer.update(txt(b"a=2")))
        joiner.run(until(browser, lambda: heard.instance in browser.heard
                         and browser.heard[heard.instance].text == txt(b"a=2"), "the change"))
        host.run(announcer.close())
        joiner.run(until(browser, lambda: not browser.heard, "the goodbye"))
    finally:
        host.run(announcer.close())
        joiner.run(browser.close())


def test_the_browser_holds_no_more_than_its_bounds(loops: list[NamespaceLoop]) -> None:
    host, joiner, _ = loops
    announcers = [Announcer(f"Table {i}", 47000 + i, txt(b"n=%d" % i)) for i in range(3)]
    large = Announcer("Large table", 47100, txt(b"x=" + b"y" * 250) * 6)
    assert len(large.text) > MAX_TEXT_BYTES
    small = Browser(limit=2)
    bounded = Browser()
    for browser in (small, bounded):
        joiner.run(browser.start())
    try:
        for announcer in [*announcers, large]:
            host.run(announcer.start())
        joiner.run(until(small, lambda: len(small.heard) == 2 and small.ignored >= 1,
                         "two services held and the others passed over"))
        joiner.run(until(bounded, lambda: len(bounded.heard) == 3 and bounded.ignored >= 1,
                         "the large record passed over"))
        assert all(h.port != 47100 for h in bounded.heard.values())
    finally:
        for announcer in [*announcers, large]:
            host.run(announcer.close())
        for browser in (small, bounded):
            joiner.run(browser.close())


def test_only_a_loopback_refuses_with_one_reason(loops: list[NamespaceLoop]) -> None:
    alone = loops[2]
    with pytest.raises(DiscoveryUnavailable, match="no network interface here carries multicast"):
        alone.run(Browser().start())
    announcer = Announcer("Table", 47474, txt(b"a=1"))
    with pytest.raises(DiscoveryUnavailable, match="carries multicast"):
        alone.run(announcer.start())
    alone.run(announcer.close())  # nothing to withdraw: no error either
    listening = Announcer("Table", 47474, txt(b"a=1"), listen="10.9.9.9")
    elsewhere = r"it listens on 10\.9\.9\.9, the address of no interface"
    with pytest.raises(DiscoveryUnavailable, match=elsewhere):
        loops[0].run(listening.start())


async def registered(announcer: Announcer) -> None:
    """Wait for the registration (probes, then the announcement) to be over."""
    await announcer.registered()
    assert announcer.failure is None


def test_the_announcer_answers_while_its_callers_loop_is_busy(loops: list[NamespaceLoop]) -> None:
    host, joiner, _ = loops
    announcer = Announcer("Busy table", 47474, txt(b"a=1"))
    late = Browser()
    busy, blocked = threading.Event(), threading.Event()

    def work() -> None:  # a game's work holding the host's loop
        blocked.set()
        busy.wait(DEADLINE)

    try:
        host.run(announcer.start())
        host.run(registered(announcer))
        host.loop.call_soon_threadsafe(work)
        assert blocked.wait(DEADLINE)
        # A browser started now asks the network; only the announcer's own thread can answer.
        joiner.run(late.start())
        joiner.run(until(late, lambda: len(late.heard) == 1, "an answer from the busy host"))
    finally:
        busy.set()
        host.run(announcer.close())
        joiner.run(late.close())


def test_close_withdraws_what_was_registered_unbeknown_to_the_announcer(
    loops: list[NamespaceLoop],
) -> None:
    host, joiner, _ = loops
    announcer = Announcer("Table", 47474, txt(b"a=1"))
    browser = Browser()
    joiner.run(browser.start())
    try:
        host.run(announcer.start())
        joiner.run(until(browser, lambda: len(browser.heard) == 1, "the service"))
        host.run(registered(announcer))

        async def forget() -> None:  # as when a close comes just as the registration ends
            announcer._info = None

        host.run(forget())
        host.run(announcer.close())
        joiner.run(until(browser, lambda: not browser.heard, "the goodbye"))
    finally:
        host.run(announcer.close())
        joiner.run(browser.close())


def test_a_registration_that_fails_after_the_start_is_told(
    loops: list[NamespaceLoop], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refuse(self: Zeroconf, info: ServiceInfo, *args: object, **kw: object) -> None:
        raise NonUniqueNameException("the name is taken")

    monkeypatch.setattr(Zeroconf, "async_register_service", refuse)
    told: list[DiscoveryUnavailable] = []
    failed = threading.Event()

    def on_failure(reason: DiscoveryUnavailable) -> None:
        told.append(reason)
        failed.set()

    host = loops[0]
    announcer = Announcer("Table", 47474, txt(b"a=1"), on_failure=on_failure)
    host.run(announcer.start())  # it starts: the name is claimed in the background
    try:
        assert failed.wait(DEADLINE)
        (reason,) = told
        assert reason.kind == FAILED and "the name is taken" in str(reason)
        assert announcer.failure is reason
    finally:
        host.run(announcer.close())
    assert not announcer.running  # its thread is stopped
