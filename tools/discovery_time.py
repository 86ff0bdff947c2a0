"""How long discovery takes to list a lobby, between two network namespaces.

    python -m tools.discovery_time [--runs N]

It builds a small LAN of its own (two namespaces on a bridge in a third, as the
discovery tests do; root and iproute2 needed), announces a lobby in one and browses
from the other with the program's own ``net.discovery``, and prints two figures,
each as the median, the fastest and the slowest of N runs:

* **already announced**: a browser started after the lobby's announcement lists it
  (what a joiner sees when it runs ``join`` with no address);
* **just opened**: a browser already listening lists a lobby from the moment the
  host starts announcing it (the name is probed first, as multicast DNS requires).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from tests.netns_support import NamespaceLoop, lan, netns_available
from wizard_p2p.net.discovery import SERVICE_TYPE, Announcer, Browser
from wizard_p2p.protocol.announce import LOBBY, Announcement, encode_announcement
from wizard_p2p.protocol.messages import PROTOCOL

DEADLINE = 20.0


def _text(run: int) -> bytes:
    return encode_announcement(Announcement(
        protocol=PROTOCOL, name=f"Host{run}", seats=4, seated=1, variants=(),
        opened=int(time.time()), state=LOBBY, port=47474,
    ))


async def _listed(browser: Browser, service: str, since: float) -> float:
    """Seconds from ``since`` until ``browser`` holds ``service`` (its full name)."""
    changed = asyncio.Event()
    browser.subscribe(changed.set)
    async with asyncio.timeout(DEADLINE):
        while service not in browser.heard:
            changed.clear()
            await changed.wait()
    return time.monotonic() - since


async def _browse_fresh(service: str) -> float:
    browser = Browser()
    start = time.monotonic()
    await browser.start()
    try:
        return await _listed(browser, service, start)
    finally:
        await browser.close()


async def _start_browser() -> Browser:
    browser = Browser()
    await browser.start()
    return browser


async def _close(item: Announcer | Browser) -> None:
    await item.close()


def _summary(label: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    return (f"{label:<20} median {statistics.median(ms):7.0f} ms   fastest {ms[0]:6.0f} ms   "
            f"slowest {ms[-1]:6.0f} ms   ({len(ms)} runs)")


def measure(runs: int) -> tuple[list[float], list[float]]:
    """(already announced, just opened): seconds to list a lobby, ``runs`` of each."""
    fresh: list[float] = []
    opened: list[float] = []
    with lan(2) as machines:
        host, joiner = (NamespaceLoop(m.namespace) for m in machines)
        try:
            for run in range(runs):
                announcer = Announcer(f"Wizard table t{run}", 47474, _text(run))
                listening = joiner.run(_start_browser())
                start = time.monotonic()
                host.run(announcer.start())
                service = f"{announcer.instance}.{SERVICE_TYPE}"
                opened.append(joiner.run(_listed(listening, service, start)))
                joiner.run(_close(listening))
                fresh.append(joiner.run(_browse_fresh(service)))
                host.run(_close(announcer))
        finally:
            host.close()
            joiner.close()
    return fresh, opened


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each (default 10)")
    args = parser.parse_args(argv)
    if not netns_available():
        print("discovery_time: network namespaces need root and iproute2")
        return 2
    fresh, opened = measure(args.runs)
    print(_summary("already announced", fresh))
    print(_summary("just opened", opened))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
