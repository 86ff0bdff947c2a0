"""A watcher the gate no longer lists, a gate whose listeners fail, and where a watcher
on the host's own machine is dialled; on 127.0.0.1, in one process.

A gate answers a ping from a key it does not list with ``refused`` ("not watching:
ask again"); the watcher asks again with ``watch`` and the host decides again: it
is listed again, or the host turns it away and its watching ends with the host's
reason. A listener of the gate that raises, or a gate task that dies, never leaves
a silently dead gate. An admitted watcher is told ``admitted`` once. A watcher
reached over the loopback is listed with an empty host, which each seat reads as
the host's address as it reaches the host.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest

from tests.lobby_support import NET, until
from tests.test_node_watch_gate import CODE, _run
from wizard_p2p.errors import DecodeError, Said
from wizard_p2p.net import CurveKeys, LobbyClient, PrivateReceived
from wizard_p2p.node.lobby_common import encode, lobby_keys
from wizard_p2p.node.watch_ask import GateClient, WatchRefused, WatchTimers
from wizard_p2p.node.watch_gate import NOT_WATCHING, GateNews, WatchGate
from wizard_p2p.node.watch_list import HOST_SEAT, WatchList
from wizard_p2p.protocol.control import (
    ListedWatcher,
    Watchers,
    decode_control,
    encode_control,
    listed_address,
    watcher_address,
)
from wizard_p2p.protocol.lobby_schema import Refused, Wait, decode_lobby
from wizard_p2p.protocol.messages import PROTOCOL


def _watcher(gate: WatchGate, name: str, *, ping: float) -> GateClient:
    return GateClient(CurveKeys.generate(), "127.0.0.1", gate.server.port, CODE, name=name,
                      mesh_port=40000, net_config=NET,
                      timers=WatchTimers(first=6.0, patience=6.0, ask=0.05, ping=ping))


async def _raw(gate: WatchGate) -> tuple[LobbyClient, CurveKeys]:
    keys = CurveKeys.generate()
    client = LobbyClient(keys, f"tcp://127.0.0.1:{gate.server.port}", lobby_keys(CODE).public,
                         config=NET)
    await client.start()
    return client, keys


def _watch(keys: CurveKeys, name: str) -> bytes:
    return encode({"type": "watch", "code": CODE, "protocol": PROTOCOL,
                   "name": name, "curve_key": keys.public, "port": 40000})


# --- a watcher the gate no longer lists -------------------------------------------------


def test_a_ping_from_a_key_the_gate_does_not_list_is_told_to_ask_again() -> None:
    async def test(gate: WatchGate) -> None:
        client, _ = await _raw(gate)
        try:
            reply = decode_lobby(await client.request(encode({"type": "ping"}), timeout=5))
            assert isinstance(reply, Refused) and reply.reason == NOT_WATCHING
        finally:
            await client.close()

    _run("all", test)


def test_a_watcher_dropped_after_a_silence_asks_again_and_is_listed_again() -> None:
    async def test(gate: WatchGate) -> None:
        # It pings more rarely than the gate's silence: the gate drops it in between.
        watcher = _watcher(gate, "Screen", ping=2.0)
        seen: list[tuple[str, ...]] = []
        ended: list[str] = []
        try:
            await watcher.admission(lambda reason: None)
            watcher.keep_listed(seen.append, ended.append)
            await until([gate], lambda: not gate.listed(), timeout=10)
            assert gate.news is GateNews.GONE
            await until([gate], lambda: len(gate.listed()) == 1, timeout=20)
            assert watcher.asked_again >= 1 and not ended
        finally:
            await watcher.close()

    _run("all", test, silence=0.3)


def test_a_watcher_the_host_turns_away_on_asking_again_ends_with_the_reason() -> None:
    async def test(gate: WatchGate) -> None:
        watcher = _watcher(gate, "Screen", ping=2.0)
        ended = asyncio.Event()
        reasons: list[WatchRefused] = []

        def end(refusal: WatchRefused) -> None:
            reasons.append(refusal)
            ended.set()

        asking = asyncio.ensure_future(watcher.admission(lambda reason: None))
        try:
            await until([gate], lambda: len(gate.requests()) == 1, timeout=10)
            gate.admit(watcher.curve_keys.public)
            await asyncio.wait_for(asking, 10)
            watcher.keep_listed(lambda names: None, end)
            await until([gate], lambda: not gate.listed(), timeout=10)  # silent: dropped
            await until([gate], lambda: len(gate.requests()) == 1, timeout=20)  # asks again
            gate.refuse(watcher.curve_keys.public)
            await asyncio.wait_for(ended.wait(), 20)
            assert [str(r) for r in reasons] == ["the host refused: the host did not let you watch"]
            assert reasons[0].said == Said("gate_refused_not_let_watch")  # worded as data
            assert watcher.ended == str(reasons[0])
        finally:
            asking.cancel()
            await asyncio.gather(asking, return_exceptions=True)
            await watcher.close()

    _run("ask", test, silence=0.3)


def test_a_pushed_refusal_or_bye_sends_the_watcher_back_through_admission() -> None:
    async def test(gate: WatchGate) -> None:
        watcher = _watcher(gate, "Screen", ping=1000.0)  # only the pushes make it ask
        asked = asyncio.Event()
        try:
            await watcher.admission(lambda reason: asked.set() if not reason else None)
            watcher.keep_listed(lambda names: None)
            key = watcher.curve_keys.public
            for push in (encode({"type": "refused", "reason": "x"}),
                         encode({"type": "bye", "reason": "the game is over"})):
                asked.clear()
                assert gate.server.push(key, push)
                await asyncio.wait_for(asked.wait(), 10)  # admitted again: on_wait("")
            assert watcher.asked_again == 2 and watcher.ended is None
            assert [w.curve_key for w in gate.listed()] == [key]
        finally:
            await watcher.close()

    _run("all", test)


# --- the gate never dies silently, and says admitted once -------------------------------


def test_a_listener_that_fails_on_a_silence_does_not_close_the_gate() -> None:
    async def test(gate: WatchGate) -> None:
        def fails() -> None:
            if gate.news is GateNews.GONE:
                raise RuntimeError("a listener's bug")

        gate.subscribe(fails)
        first = _watcher(gate, "Gone", ping=1000.0)
        second = _watcher(gate, "Later", ping=0.1)
        try:
            await first.admission(lambda reason: None)
            await until([gate], lambda: not gate.listed(), timeout=10)
            admitted = await second.admission(lambda reason: None)  # the gate still answers
            assert admitted.watchers == ("Later",)
        finally:
            await first.close()
            await second.close()

    _run("all", test, silence=0.3)


def test_a_gate_task_that_fails_is_logged_at_once(caplog: pytest.LogCaptureFixture) -> None:
    async def test(gate: WatchGate) -> None:
        async def broken(timeout: float | None = None) -> Any:
            raise RuntimeError("the socket's bug")

        gate.server.recv = broken  # type: ignore[method-assign]
        with caplog.at_level(logging.ERROR, logger="wizard_p2p.node.watch_gate"):
            await until([gate], lambda: gate.failure is not None, timeout=10)
        assert "the watch gate stopped" in caplog.text
        assert isinstance(gate.failure, RuntimeError)
        # close() (by the test's set-up) does not raise it again: it was told.

    _run("all", test)


def test_an_admitted_watcher_is_told_once() -> None:
    async def test(gate: WatchGate) -> None:
        client, keys = await _raw(gate)
        pushed: list[tuple[str, bytes]] = []
        push = gate.server.push

        def counting(key: str, payload: bytes) -> bool:
            pushed.append((key, payload))
            return push(key, payload)

        gate.server.push = counting  # type: ignore[method-assign]
        try:
            assert isinstance(decode_lobby(await client.request(_watch(keys, "Ann"))), Wait)
            gate.admit(keys.public)
            assert [decode_lobby(p).__class__.__name__ for k, p in pushed
                    if k == keys.public] == ["WatchAdmitted"]
        finally:
            await client.close()

    _run("ask", test)


# --- a watcher on the host's own machine ------------------------------------------------


def test_a_loopback_watcher_is_listed_with_an_empty_host() -> None:
    assert listed_address("127.0.0.1", 41000) == ":41000"
    assert listed_address("::1", 41000) == ":41000"
    assert listed_address("::ffff:127.0.0.1", 41000) == ":41000"
    assert listed_address("10.0.0.7", 41000) == "10.0.0.7:41000"
    key = CurveKeys.generate().public
    listed = {"name": "Screen", "curve_key": key, "address": ":41000"}
    message = decode_control(encode({"watchers": [listed]}))
    assert isinstance(message, Watchers) and message.watchers[0].address == ":41000"
    for address in (":0", ":", "fe80::1%eth0:41000", "localhost:41000", ":70000"):
        with pytest.raises(DecodeError):
            decode_control(encode({"watchers": [{**listed, "address": address}]}))
    with pytest.raises(DecodeError, match="scope id"):
        watcher_address("fe80::1%eth0", 41000)


class _Faults:
    def __init__(self) -> None:
        self.refused: list[str] = []

    def control_refused(self, sender: int | None, fault: str) -> None:
        self.refused.append(fault)


class _Mesh:
    """What the list of watchers reads of a mesh: where it and its peers are."""

    def __init__(self, endpoint: str, peers: dict[str, str]) -> None:
        self.endpoint = endpoint
        self._peers = peers
        self.served: dict[str, str] = {}

    def peer_status(self) -> dict[str, Any]:
        return {key: type("Info", (), {"endpoint": ep})() for key, ep in self._peers.items()}

    def set_watchers(self, watchers: dict[str, str]) -> None:
        self.served = dict(watchers)

    def send_private(self, key: str, payload: bytes) -> Future[None]:
        sent: Future[None] = Future()
        sent.set_result(None)
        return sent


class _Gate:
    """What the host's seat reads of its watch gate: who watches."""

    resumed = False

    def __init__(self, listed: tuple[ListedWatcher, ...]) -> None:
        self._listed = listed

    def listed(self) -> tuple[ListedWatcher, ...]:
        return self._listed

    def subscribe(self, callback: Callable[[], None]) -> None:
        pass


def test_each_seat_dials_a_watcher_on_the_host_machine_where_it_reaches_the_host() -> None:
    host_key, my_key = CurveKeys.generate().public, CurveKeys.generate().public
    watcher = ListedWatcher("Screen", CurveKeys.generate().public, ":41000")
    payload = encode_control(Watchers((watcher,)))
    seats = {host_key: HOST_SEAT, my_key: 1}

    seat = WatchList(1, seats, _Faults(), lambda: None)  # type: ignore[arg-type]
    mesh = _Mesh("tcp://0.0.0.0:5001", {host_key: "tcp://10.1.2.3:5000"})
    seat.on_private(mesh, PrivateReceived(host_key, payload), HOST_SEAT)  # type: ignore[arg-type]
    assert mesh.served == {watcher.curve_key: "tcp://10.1.2.3:41000"}

    mesh = _Mesh("tcp://0.0.0.0:5001", {host_key: "tcp://[fd00::3]:5000"})
    seat.on_private(mesh, PrivateReceived(host_key, payload), HOST_SEAT)  # type: ignore[arg-type]
    assert mesh.served == {watcher.curve_key: "tcp://[fd00::3]:41000"}

    for listening, dialled in (("tcp://0.0.0.0:5000", "tcp://127.0.0.1:41000"),
                               ("tcp://10.1.2.3:5000", "tcp://10.1.2.3:41000")):
        host = WatchList(HOST_SEAT, seats, _Faults(), lambda: None)  # type: ignore[arg-type]
        mesh = _Mesh(listening, {my_key: "tcp://10.1.2.4:5001"})
        host.attach_gate(_Gate((watcher,)), mesh)  # type: ignore[arg-type]
        assert mesh.served == {watcher.curve_key: dialled}
