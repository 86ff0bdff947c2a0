"""The lobby socket's budgets: whoever holds the invite code cannot make the host hold
more than a small budget, and a client that floods is dropped and reported.

The budget itself (``LobbyBudget``) is checked as a property against a fake clock; the
socket's behaviour on loopback with real lobby clients: a client past its byte budget
is dropped (reported once as a ``SenderDropped``, answered no more, refused when it
connects again), a request larger than ``lobby_max_request`` is never answered, and an
honest client sending beside them is answered all along.
"""

from __future__ import annotations

import asyncio
import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p.net import (
    CurveKeys,
    LobbyClient,
    LobbyRefused,
    LobbyServer,
    LobbyTimeout,
    SenderDropped,
)
from wizard_p2p.net.lobby_budget import LobbyBudget
from wizard_p2p.net.testing import FAST_TIMERS

DEADLINE = 10.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@settings(max_examples=200, deadline=None)
@given(
    burst=st.integers(1, 10_000),
    rate=st.integers(1, 10_000),
    charges=st.lists(
        st.tuples(st.sampled_from("abc"), st.integers(0, 5_000), st.floats(0, 2)), max_size=60
    ),
)
def test_a_key_never_takes_more_than_its_burst_and_refill_and_once_dropped_stays_dropped(
    burst: int, rate: int, charges: list[tuple[str, int, float]]
) -> None:
    clock = FakeClock()
    budget = LobbyBudget(burst=burst, rate=rate, clock=clock)
    taken = dict.fromkeys("abc", 0)
    dropped: set[str] = set()
    for key, cost, pause in charges:
        clock.now += pause
        ok = budget.charge(key, cost)
        if key in dropped:
            assert not ok
        if ok:
            taken[key] += cost
        else:
            dropped.add(key)
        assert budget.dropped(key) == (key in dropped)
        assert taken[key] <= burst + rate * clock.now + 1e-6
    # A key that charges no more than its refill never drops.
    fresh = LobbyBudget(burst=burst, rate=rate, clock=clock)
    for _ in range(20):
        clock.now += 1.0
        assert fresh.charge("honest", min(burst, rate))


def test_keys_are_remembered_within_a_bound() -> None:
    budget = LobbyBudget(burst=10, rate=1, keys=4, clock=FakeClock())
    for n in range(10):
        assert not budget.charge(f"flooder{n}", 11)
    assert sum(budget.dropped(f"flooder{n}") for n in range(10)) == 4
    assert budget.dropped("flooder9") and not budget.dropped("flooder0")


CONFIG = dataclasses.replace(
    FAST_TIMERS, lobby_max_request=4096, lobby_burst_bytes=16_384, lobby_rate_bytes=4096,
)


def test_a_flooding_client_is_dropped_and_reported_while_an_honest_one_is_answered() -> None:
    async def main() -> None:
        host = CurveKeys.generate()
        drops: list[SenderDropped] = []
        async with LobbyServer(host, config=CONFIG) as lobby:
            lobby.on_dropped(drops.append)
            honest = LobbyClient(CurveKeys.generate(), lobby.endpoint, host.public,
                                 config=FAST_TIMERS)
            flooder_keys = CurveKeys.generate()
            flooder = LobbyClient(flooder_keys, lobby.endpoint, host.public, config=FAST_TIMERS)
            big = LobbyClient(CurveKeys.generate(), lobby.endpoint, host.public,
                              config=FAST_TIMERS)
            await honest.start()
            await flooder.start()
            await big.start()

            async def answer() -> None:
                while True:
                    message = await lobby.recv()
                    lobby.reply(message, b"ok:" + message.payload[:8])

            answering = asyncio.ensure_future(answer())
            try:
                # A request past the size limit is never taken in, so never answered:
                # libzmq cuts the connection, and the client that dials again and
                # again to send it is dropped for that.
                try:
                    await big.request(b"x" * 5000, timeout=0.4, attempts=6)
                    raise AssertionError("a request past lobby_max_request was answered")
                except (LobbyTimeout, LobbyRefused):
                    pass
                await lobby.wait_for(lambda: bool(drops), DEADLINE, "the big sender's drop")
                assert [d.client for d in drops] == [big.keys.public]
                assert "connected again and again" in drops[0].reason
                drops.clear()
                assert await honest.request(b"hello", timeout=DEADLINE) == b"ok:hello"
                for _ in range(40):  # 40 × 4 KiB at once: far past a 16 KiB burst
                    flooder.send(b"f" * 4000)
                await lobby.wait_for(lambda: bool(drops), DEADLINE, "the flooder's drop")
                assert [d.client for d in drops] == [flooder_keys.public]
                assert drops[0].address == "127.0.0.1" and "bytes a second" in drops[0].reason
                assert lobby.stats.flooders == 2
                try:
                    await flooder.request(b"again", timeout=0.3, attempts=2)
                    raise AssertionError("a dropped client was answered")
                except LobbyTimeout:
                    pass
                assert await honest.request(b"still", timeout=DEADLINE) == b"ok:still"
                # A new connection of the dropped key is refused at the handshake.
                again = LobbyClient(flooder_keys, lobby.endpoint, host.public,
                                    config=FAST_TIMERS)
                await again.start()
                try:
                    await lobby.wait_for(lambda: again.refused, DEADLINE, "the refusal")
                finally:
                    await again.close()
                assert len(drops) == 1
            finally:
                answering.cancel()
                for client in (honest, flooder, big):
                    await client.close()

    asyncio.run(asyncio.wait_for(main(), 60))
