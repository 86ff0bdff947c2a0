"""The watching messages: the lobby's ``watch`` and ``admitted`` and the host's list of
watchers (a control message). What the node writes is read back; random and mutated
messages are refused with a ``DecodeError``, never anything else."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from tests.fuzz_support import (
    attempt,
    dump_spaced,
    feed_all,
    fuzz_settings,
    golden_lines,
    inputs,
    json_mutated,
    mutated,
    one_of,
    random_bytes,
    random_documents,
)
from wizard_p2p.errors import DecodeError
from wizard_p2p.net import CurveKeys
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.control import (
    ListedWatcher,
    Watchers,
    decode_control,
    encode_control,
    watcher_address,
)
from wizard_p2p.protocol.lobby_schema import (
    MAX_WATCHERS,
    Watch,
    WatchAdmitted,
    decode_lobby,
)

GENESIS = golden_lines()[0]
KEYS = [CurveKeys.generate().public for _ in range(MAX_WATCHERS + 1)]
WATCH: dict[str, Any] = {"type": "watch", "code": "ABCD-EF23", "protocol": m.PROTOCOL,
                         "name": "Big screen", "curve_key": KEYS[0], "port": 41000}
ADMITTED: dict[str, Any] = {"type": "admitted", "genesis": GENESIS.decode(),
                            "watchers": ["Big screen", "Zoë"]}
ADMITTED_BOTS: dict[str, Any] = {**ADMITTED, "bots": [2, 1]}
LOBBY_VALID = [dump_spaced(WATCH), dump_spaced(ADMITTED), dump_spaced(ADMITTED_BOTS)]
LISTED = Watchers((
    ListedWatcher("Big screen", KEYS[0], "10.0.0.7:41000"),
    ListedWatcher("Zoë ☃", KEYS[1], "fe80::1:5"),
))
CONTROL_VALID = [encode_control(LISTED), encode_control(Watchers(()))]


def test_what_the_node_writes_is_read_back() -> None:
    assert decode_lobby(LOBBY_VALID[0]) == Watch(
        "ABCD-EF23", m.PROTOCOL, "Big screen", KEYS[0], 41000
    )
    assert decode_lobby(LOBBY_VALID[1]) == WatchAdmitted(GENESIS, ("Big screen", "Zoë"))
    assert decode_lobby(LOBBY_VALID[1]).bots is None  # the host did not say
    assert decode_lobby(LOBBY_VALID[2]) == WatchAdmitted(
        GENESIS, ("Big screen", "Zoë"), frozenset({1, 2}))
    assert decode_control(CONTROL_VALID[0]) == LISTED
    assert decode_control(CONTROL_VALID[1]) == Watchers(())


def _watcher(**changes: Any) -> dict[str, Any]:
    return {"name": "W", "curve_key": KEYS[0], "address": "10.0.0.7:41000", **changes}


def _listing(*watchers: dict[str, Any]) -> bytes:
    return json.dumps({"watchers": list(watchers)}).encode()


@pytest.mark.parametrize(
    "payload",
    [
        _listing(*(_watcher(curve_key=k) for k in KEYS)),  # more than 8
        _listing(_watcher(), _watcher(name="V")),  # one key twice
        _listing(_watcher(curve_key="x" * 39)),
        _listing(_watcher(curve_key="#" * 40)),
        _listing(_watcher(curve_key=None)),
        _listing(_watcher(address="host.example:41000")),
        _listing(_watcher(address="10.0.0.7")),
        _listing(_watcher(address="10.0.0.7:0")),
        _listing(_watcher(address="10.0.0.7:65536")),
        _listing(_watcher(address="10.0.0.7:+41")),
        _listing(_watcher(address="10.0.0.7:４１"),),
        _listing(_watcher(address="1" * 100 + ":5")),
        _listing(_watcher(name="")),
        _listing(_watcher(name="\x1b[2J")),
        _listing(_watcher(name="a\u202eb")),
        _listing(_watcher(name="x" * 33)),
        _listing(_watcher(extra=1)),
        b'{"watchers": null}',
        b'{"watchers": [[[[]]]]}',
        b'{"watchers": [], "want": "x"}',
    ],
)
def test_bad_watcher_lists_are_refused(payload: bytes) -> None:
    with pytest.raises(DecodeError):
        decode_control(payload)


@pytest.mark.parametrize(
    "changes",
    [{"port": 0}, {"port": "1"}, {"curve_key": "y" * 41}, {"name": "\u2028"}, {"code": None},
     {"protocol": 7}, {"extra": True}, {"name": None}],
)
def test_bad_watch_requests_are_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(DecodeError):
        decode_lobby(json.dumps({**WATCH, **changes}).encode())


def test_bad_admissions_are_refused() -> None:
    for changes in ({"genesis": ""}, {"watchers": ["x"] * (MAX_WATCHERS + 1)},
                    {"watchers": [""]}, {"genesis": 5}, {"bots": [1, 1]}, {"bots": [6]},
                    {"bots": [-1]}, {"bots": ["1"]}, {"bots": [True]}, {"bots": 1},
                    {"bots": None}, {"bots": [0, 1, 2, 3, 4, 5, 0]}):
        with pytest.raises(DecodeError):
            decode_lobby(json.dumps({**ADMITTED, **changes}).encode())


def test_a_watcher_address_is_an_ip_address_and_a_port() -> None:
    assert watcher_address("10.0.0.7", 41000) == "10.0.0.7:41000"
    assert watcher_address("::ffff:10.0.0.7", 5) == "::ffff:a00:7:5"
    for host, port in (("", 5), ("localhost", 5), ("10.0.0.7", 0), ("10.0.0.7", 70000)):
        with pytest.raises(DecodeError):
            watcher_address(host, port)


def _lobby(payload: bytes) -> None:
    message = attempt(decode_lobby, payload)
    if isinstance(message, Watch):
        assert 1 <= message.port <= 65535 and len(message.curve_key) == 40
    elif isinstance(message, WatchAdmitted):
        assert len(message.watchers) <= MAX_WATCHERS and message.genesis


def _control(payload: bytes) -> None:
    message = attempt(decode_control, payload)
    if isinstance(message, Watchers):
        assert len(message.watchers) <= MAX_WATCHERS
        assert decode_control(encode_control(message)) == message


@fuzz_settings(share=2)
@given(inputs(one_of(mutated(LOBBY_VALID),
                     json_mutated([json.loads(v) for v in LOBBY_VALID], dump_spaced))))
def test_watch_messages_mutated(batch: list[bytes]) -> None:
    feed_all("lobby messages", _lobby, batch)


@fuzz_settings(share=2)
@given(inputs(one_of(random_bytes(300), random_documents(dump_spaced), mutated(CONTROL_VALID),
                     json_mutated([json.loads(v) for v in CONTROL_VALID], dump_spaced))))
def test_watcher_lists_mutated(batch: list[bytes]) -> None:
    feed_all("control messages", _control, batch)
