"""Lobby messages (``protocol.lobby_schema``): what the lobby writes is read back, every
field is checked as the genesis checks it, and random or mutated messages are refused
with a ``DecodeError``, never anything else."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tests.fuzz_support import (
    attempt,
    document_tests,
    dump_spaced,
    golden_lines,
    json_mutated,
)
from wizard_p2p.errors import DecodeError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.lobby_schema import (
    MAX_LOBBY_BYTES,
    Bye,
    Endorse,
    Genesis,
    Hello,
    LobbyPlayer,
    Ok,
    Players,
    RefusalKind,
    Refused,
    Terms,
    VersionMismatch,
    Welcome,
    check_name,
    decode_lobby,
    joiner_address,
)
from wizard_p2p.tables import RULES
from wizard_p2p.tables.wizard.bodies import GENESIS_TERMS

GENESIS = golden_lines()[0]
IDENTITIES = [Identity.from_seed(bytes([i + 1]) * 32) for i in range(3)]
CURVES = [CurveKeys.generate() for _ in range(3)]


def _commit(i: int) -> bytes:
    return bytes([i + 0x40]) * 32


def _player(i: int, address: str) -> dict[str, Any]:
    """A player as the lobby writes it (``Seated.to_json``)."""
    return {
        "name": f"Player {i}",
        "sign_key": IDENTITIES[i].public_key.hex(),
        "curve_key": CURVES[i].public,
        "address": address,
        "coin_commit": _commit(i).hex(),
    }


PLAYERS = [_player(0, ":7001"), _player(1, "10.0.0.2:7003"), _player(2, "10.0.0.3:7005")]
# The terms as the host sends them: the JSON of their canonical bytes.
TERMS_JSON = json.loads(GENESIS)["body"]["terms"]
VARIANTS = ["hidden_bids"]

# Each message as node/lobby.py writes it: json.dumps with sorted keys.
MESSAGES: list[dict[str, Any]] = [
    {"type": "hello", "code": "ABCD-EF23", "protocol": m.PROTOCOL, "port": 7003,
     "player": _player(1, "")},
    {"type": "welcome", "seat": 1, "players": PLAYERS[:2], "variants": VARIANTS,
     "protocol": m.PROTOCOL},
    {"type": "refused", "reason": "the table is full"},
    {"type": "players", "players": PLAYERS, "seats": 3, "variants": VARIANTS},
    {"type": "terms", "terms": TERMS_JSON},
    {"type": "endorse", "signature": "ab" * 64},
    {"type": "ok"},
    {"type": "genesis", "entry": GENESIS.decode()},
    {"type": "bye"},
    {"type": "refused", "reason": "the table is full", "kind": "full"},
    {"type": "refused", "reason": "why not", "kind": "a later kind"},
]
VALID = [dump_spaced(message) for message in MESSAGES]


def _encode(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, sort_keys=True).encode()


def test_every_message_the_lobby_writes_is_read_back() -> None:
    (hello, welcome, refused, players, terms, endorse, ok, genesis, bye, full,
     later) = (decode_lobby(v, games=RULES) for v in VALID)
    assert full == Refused("the table is full", RefusalKind.TABLE_FULL)
    assert later == Refused("why not", None)  # a kind this client does not know: none
    assert hello == Hello("ABCD-EF23", m.PROTOCOL, 7003, LobbyPlayer(
        "Player 1", IDENTITIES[1].public_key, CURVES[1].public, "",
        _commit(1),
    ))
    assert isinstance(welcome, Welcome) and welcome.seat == 1 and len(welcome.players) == 2
    assert welcome.variants == ("hidden_bids",) and welcome.protocol == m.PROTOCOL
    assert refused == Refused("the table is full")
    assert isinstance(players, Players) and players.seats == 3
    assert players.players[0].address == ":7001"
    assert isinstance(terms, Terms) and terms.terms == GENESIS_TERMS.parse(TERMS_JSON, "t")
    assert endorse == Endorse(bytes([0xAB]) * 64)
    assert (ok, genesis, bye) == (Ok(), Genesis(GENESIS), Bye())


def test_older_peers_without_the_protocol_field_are_read() -> None:
    hello = dict(MESSAGES[0])
    del hello["protocol"]
    assert decode_lobby(_encode(hello), games=RULES).protocol is None  # type: ignore[union-attr]
    welcome = dict(MESSAGES[1])
    del welcome["protocol"]
    assert decode_lobby(_encode(welcome), games=RULES).protocol is None  # type: ignore[union-attr]


def _hello_with(**changes: Any) -> bytes:
    hello = json.loads(VALID[0])
    player = changes.pop("player", {})
    hello.update(changes)
    hello["player"].update(player)
    return _encode(hello)


@pytest.mark.parametrize(
    "payload",
    [
        # A joiner's hello that crashed the host, or seated a player the genesis refused.
        VALID[0].replace(b'"port": 7003', b'"port": [1]'),
        VALID[0].replace(b'"port": 7003', b'"port": null'),
        VALID[0].replace(b'"port": 7003', b'"port": 1e999'),
        VALID[0].replace(b'"port": 7003', b'"port": NaN'),
        VALID[0].replace(b'"port": 7003', b'"port": 0'),
        VALID[0].replace(b'"port": 7003', b'"port": 65536'),
        VALID[0].replace(b'"port": 7003', b'"port": true'),
        b'{"type": "hello", "x": ' + b"[" * 200_000 + b"]" * 200_000 + b"}",
        _hello_with(player={"name": "\x1b[2J"}),
        _hello_with(player={"name": "Bob\x00"}),
        _hello_with(player={"name": "Bob\u202eevil"}),
        _hello_with(player={"name": "   "}),
        _hello_with(player={"name": "x" * 33}),
        _hello_with(player={"name": 7}),
        _hello_with(player={"sign_key": "ab"}),
        _hello_with(player={"coin_commit": "ab" * 31}),
        _hello_with(player={"curve_key": "x" * 39}),
        _hello_with(player={"curve_key": "#" * 40}),  # groups beyond 32 bits
        _hello_with(player={"address": "a" * 65}),
        _hello_with(player={"name": "\ud800"}),
        _hello_with(code=None),
        _hello_with(extra=1),
        b'{"type": "endorse"}',
        b'{"type": "endorse", "signature": "ab"}',
        b'{"type": "endorse", "signature": null}',
        b'{"type": "genesis"}',
        b'{"type": "genesis", "entry": 5}',
        b'{"type": "nope"}',
        b'{"type": 1}',
        b"{}",
        b"[]",
        b"\xff",
        b'{"type": "ok", "type": "bye"}',
        b" " * (MAX_LOBBY_BYTES + 1),
        _encode({**MESSAGES[2], "kind": 5}),
        _encode({**MESSAGES[2], "kind": None}),
        _encode({**MESSAGES[2], "kind": "x" * 33}),
        _encode({**MESSAGES[1], "seat": 2}),  # no such seat in the list
        _encode({**MESSAGES[3], "players": [PLAYERS[0], PLAYERS[0]]}),
        _encode({**MESSAGES[3], "seats": 7}),
        _encode({**MESSAGES[4], "terms": {**TERMS_JSON, "nonce": "00"}}),
    ],
)
def test_refused(payload: bytes) -> None:
    with pytest.raises(DecodeError):
        decode_lobby(payload, games=RULES)


def test_a_hello_expected_elsewhere_is_refused() -> None:
    assert isinstance(decode_lobby(VALID[5], expect={"endorse"}, games=RULES), Endorse)
    with pytest.raises(DecodeError, match="not expected"):
        decode_lobby(VALID[0], expect={"endorse"}, games=RULES)


def test_terms_of_another_version_name_it() -> None:
    payload = _encode({"type": "terms", "terms": {**TERMS_JSON, "protocol": "wizard-p2p/4"}})
    with pytest.raises(VersionMismatch, match="wizard-p2p/4") as caught:
        decode_lobby(payload, games=RULES)
    assert caught.value.theirs == "wizard-p2p/4"


def test_names_are_stripped_and_checked() -> None:
    assert check_name("  Zoë 👩‍👩‍👧 ") == "Zoë 👩‍👩‍👧"
    for bad in ("", "\x1b[2J", "a\u2028b", "a\u200bb", "x" * 33):
        with pytest.raises(DecodeError):
            check_name(bad)


def test_joiner_address_is_bounded_as_in_the_genesis() -> None:
    assert joiner_address("10.0.0.2", 7003) == "10.0.0.2:7003"
    with pytest.raises(DecodeError):
        joiner_address("f" * 60, 65535)


# --- fuzzing ------------------------------------------------------------------------


def _lobby(payload: bytes) -> None:
    message = attempt(partial(decode_lobby, games=RULES), payload)
    players: tuple[LobbyPlayer, ...] = ()
    if isinstance(message, Hello):
        assert 1 <= message.port <= 65535
        players = (message.player,)
    elif isinstance(message, Welcome | Players):
        players = message.players
    for player in players:
        assert check_name(player.name) == player.name
        assert len(player.sign_key) == 32 and len(player.coin_commit) == 32
        assert len(player.address) <= 64


def _typed(kind: str) -> Callable[[Any], bytes]:
    return lambda body: dump_spaced({**body, "type": kind} if isinstance(body, dict) else body)


# Mutants that keep their type, so that most get past it into that type's schema.
_FIELD_MUTANTS = [
    json_mutated([{k: v for k, v in message.items() if k != "type"}], _typed(message["type"]))
    for message in MESSAGES
    if len(message) > 1
]


test_lobby_random, test_lobby_mutated = document_tests(
    "lobby", "lobby messages", _lobby, VALID, dump_spaced, documents=MESSAGES,
    more_mutants=_FIELD_MUTANTS,
)
