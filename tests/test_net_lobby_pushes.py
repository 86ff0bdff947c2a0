"""A lobby client holds what the host pushes within budgets, in messages and in bytes.

While nothing reads a client's pushes (a watcher waiting for the host's decision, a
joiner waiting to be admitted), a hostile host could push without end. Past
``max_queued_messages`` messages or ``max_queued_bytes`` bytes waiting, a push is
dropped and counted; a push read frees its room.
"""

from __future__ import annotations

import asyncio
import dataclasses

from wizard_p2p.net import CurveKeys, LobbyClient, LobbyServer
from wizard_p2p.net.testing import FAST_TIMERS

DEADLINE = 10.0


async def _pushed(lobby: LobbyServer, client: LobbyClient, pushes: list[bytes]) -> None:
    """Push ``pushes`` to ``client``, then answer its request: ordered on the one
    connection, the answer arrives after the client has taken in every push."""
    asking = asyncio.ensure_future(client.request(b"done?", timeout=DEADLINE, attempts=1))
    message = await lobby.recv(timeout=DEADLINE)
    for payload in pushes:
        assert lobby.push(message.client, payload)
    lobby.reply(message, b"done")
    assert await asyncio.wait_for(asking, DEADLINE) == b"done"


def _run(max_messages: int, max_bytes: int, test: object) -> None:
    config = dataclasses.replace(FAST_TIMERS, max_queued_messages=max_messages,
                                 max_queued_bytes=max_bytes)

    async def main() -> None:
        host = CurveKeys.generate()
        async with LobbyServer(host, config=FAST_TIMERS) as lobby:
            client = LobbyClient(CurveKeys.generate(), lobby.endpoint, host.public,
                                 config=config)
            await client.start()
            try:
                await test(lobby, client)  # type: ignore[operator]
            finally:
                await client.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_pushes_past_the_message_budget_are_dropped_and_counted() -> None:
    async def test(lobby: LobbyServer, client: LobbyClient) -> None:
        await _pushed(lobby, client, [b"p%d" % i for i in range(10)])
        assert client.pushes_dropped == 6
        assert [await client.recv(timeout=DEADLINE) for _ in range(4)] == [
            b"p0", b"p1", b"p2", b"p3"]
        await _pushed(lobby, client, [b"later"])  # read pushes free their room
        assert await client.recv(timeout=DEADLINE) == b"later"
        assert client.pushes_dropped == 6

    _run(4, 1 << 20, test)


def test_pushes_past_the_byte_budget_are_dropped_and_counted() -> None:
    async def test(lobby: LobbyServer, client: LobbyClient) -> None:
        await _pushed(lobby, client, [bytes([i]) * 400 for i in range(5)])
        assert client.pushes_dropped == 3
        assert await client.recv(timeout=DEADLINE) == bytes([0]) * 400
        await _pushed(lobby, client, [b"x" * 400, b"y" * 400])
        assert client.pushes_dropped == 4
        assert await client.recv(timeout=DEADLINE) == bytes([1]) * 400
        assert await client.recv(timeout=DEADLINE) == b"x" * 400

    _run(100, 1000, test)
