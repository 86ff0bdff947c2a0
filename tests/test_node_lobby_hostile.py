"""A joiner with the invite code sends the host's lobby what no honest client would:
each message is refused to that joiner alone, with the reason, and the lobby goes on
for everyone: honest joiners are seated and the game starts. Strangers who know the
code take no seat of a table whose host admits joiners one by one."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from typing import Any

import pytest

from tests.lobby_support import NET, TIMERS, RawClient, TableFactory
from wizard_p2p.net import LobbyTimeout, SenderDropped
from wizard_p2p.node.lobby import MAX_WAITING
from wizard_p2p.protocol.lobby_schema import Refused, Terms, Wait, Welcome
from wizard_p2p.tables import open_table


def _raw_hello(client: RawClient, port_literal: str) -> bytes:
    """A hello whose port is written as ``port_literal`` (JSON no encoder writes)."""
    text = json.dumps(client.hello(port=12345))
    return text.replace("12345", port_literal).encode()


HOSTILE: dict[str, Any] = {
    "port a list": lambda c: c.hello(port=[1]),
    "port null": lambda c: c.hello(port=None),
    "port 1e999": lambda c: _raw_hello(c, "1e999"),
    "port a string": lambda c: c.hello(port="1" * 60),
    "port too large": lambda c: c.hello(port=10**60),
    # As deep as the lobby's largest request allows (a larger one is cut at the socket).
    "nested 7000 deep": lambda c: b'{"type":"hello","code":' + b"[" * 7000
    + b"]" * 7000 + b"}",
    "endorse without signature": lambda c: {"type": "endorse"},
    "name with ESC": lambda c: c.hello(player={"name": "\x1b[2J"}),
    "name with NUL": lambda c: c.hello(player={"name": "Ann\x00"}),
    "1-byte signing key": lambda c: c.hello(player={"sign_key": "ab"}),
    "no type": lambda c: {"code": c.code},
    "not JSON": lambda c: b"\xff\xfe hello",
    "another key": lambda c: c.hello(player={"curve_key": "a" * 40}),
}


def test_each_hostile_message_is_refused_and_the_game_still_starts(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            serving = t.serve(autostart=True)
            honest = [t.joiner(name) for name in ("Ann", "Bob")]
            async with RawClient(host) as mallory:
                for what, make in HOSTILE.items():
                    reply = await mallory.ask(make(mallory))
                    assert isinstance(reply, Refused), what
                    assert reply.reason, what
                    assert not serving.done(), what
                    assert [p.name for p in host.players] == ["Host"], what
            joining = [t.join(j) for j in honest]
            starts = await asyncio.wait_for(asyncio.gather(serving, *joining), 60)
            assert {s.genesis for s in starts} == {starts[0].genesis}
            names = [p["name"] for p in open_table(starts[0].genesis).players]
            assert names[0] == "Host" and sorted(names[1:]) == ["Ann", "Bob"]

    asyncio.run(main())


def test_a_seated_joiner_endorsing_without_a_signature_is_refused(
    lobby_table: TableFactory,
) -> None:
    """The bad endorsement is refused to its sender; when that seat then leaves, the
    start is called off, another player takes the seat, and the game starts."""

    async def main() -> None:
        # Mallory says nothing between her hello and her endorsement: the host's silence
        # limit must not be what calls the start off on a slow machine.
        patient = dataclasses.replace(TIMERS, silence=120.0)
        async with lobby_table(timers=patient) as t:
            host = t.host
            serving = t.serve(autostart=True)
            ann, bob = t.joiner("Ann"), t.joiner("Bob")
            joining = [t.join(ann)]
            await t.until(lambda: len(host.players) == 2)
            async with RawClient(host) as mallory:
                assert isinstance(await mallory.ask(mallory.hello()), Welcome)
                while not isinstance(await mallory.pushed(), Terms):
                    pass  # seat lists, until the terms come
                reply = await mallory.ask({"type": "endorse"})
                assert isinstance(reply, Refused) and "signature" in reply.reason
                assert not serving.done()
                mallory.client.send(json.dumps({"type": "bye"}).encode())
                await t.until(lambda: len(host.players) == 2 and not host.starting)
            assert "called off" in host.status
            joining.append(t.join(bob))
            starts = await asyncio.wait_for(asyncio.gather(serving, *joining), 60)
            names = [p["name"] for p in open_table(starts[0].genesis).players]
            assert names == ["Host", "Ann", "Bob"]

    asyncio.run(main())


def test_quick_joins_with_fresh_keys_take_no_seat_of_an_approve_table(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table(seats=6, approve=True) as t:
            host = t.host
            t.serve()
            clients = [RawClient(host) for _ in range(40)]
            try:
                for client in clients:
                    await client.__aenter__()
                replies = await asyncio.gather(
                    *(c.ask(c.hello(f"Stranger {i}")) for i, c in enumerate(clients))
                )
                assert sum(isinstance(r, Wait) for r in replies) == MAX_WAITING
                assert all(isinstance(r, Wait | Refused) for r in replies)
                assert [p.name for p in host.players] == ["Host"]
                assert len(host.waiting) == MAX_WAITING
                # The host turns them away one by one; the table is still free.
                for stranger in list(host.waiting):
                    assert stranger.client is not None
                    host.refuse(stranger.client)
                assert host.waiting == [] and len(host.players) == 1
            finally:
                for client in clients:
                    await client.__aexit__()

    asyncio.run(main())


def test_the_host_admits_a_waiting_joiner_and_refuses_another(lobby_table: TableFactory) -> None:
    from wizard_p2p.node.lobby import LobbyError

    async def main() -> None:
        async with lobby_table(approve=True) as t:
            host = t.host
            t.serve()
            ann, eve = t.joiner("Ann"), t.joiner("Eve")
            joining = [t.join(j) for j in (ann, eve)]
            await t.until(lambda: len(host.waiting) == 2)
            assert [p.name for p in host.players] == ["Host"]
            assert {p.name for p in host.waiting} == {"Ann", "Eve"}
            for waiting in list(host.waiting):
                assert waiting.client is not None
                (host.admit if waiting.name == "Ann" else host.refuse)(waiting.client)
            await t.until(lambda: ann.seat == 1)
            with pytest.raises(LobbyError, match="did not admit"):
                await asyncio.wait_for(joining[1], 30)
            assert [p.name for p in host.players] == ["Host", "Ann"]

    asyncio.run(main())


def test_a_joiner_flooding_the_lobby_is_dropped_and_named_and_an_honest_one_is_seated(
    lobby_table: TableFactory,
) -> None:
    """A holder of the code that sends past its byte budget is dropped: the host's lobby
    says so (its status, which the console shows, and every subscriber), the flooder
    is answered no more, and an honest joiner is still seated."""

    async def main() -> None:
        budget = dataclasses.replace(NET, lobby_burst_bytes=32_768, lobby_rate_bytes=4096)
        async with lobby_table(net_config=budget) as t:
            host = t.host
            dropped: list[SenderDropped] = []
            host.on_sender_dropped(dropped.append)
            statuses: list[str] = []
            host.subscribe(lambda: statuses.append(host.status))
            t.serve(autostart=False)
            t.join(t.joiner("Ann"))
            async with RawClient(host) as mallory:
                ping = json.dumps({"type": "ping", "pad": "A" * 8000}).encode()
                for _ in range(20):
                    mallory.client.send(ping)
                await t.until(lambda: bool(dropped), timeout=10)
                assert [d.client for d in dropped] == [mallory.keys.public]
                assert any("dropped for flooding" in s for s in statuses)
                with pytest.raises(LobbyTimeout):
                    await mallory.client.request(b'{"type":"ping"}', timeout=0.3, attempts=2)
            await t.until(lambda: [p.name for p in host.players] == ["Host", "Ann"])

    asyncio.run(main())
