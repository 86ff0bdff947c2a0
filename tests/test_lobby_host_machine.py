"""The host's lobby machine on its own: decoded messages, the host's commands and clock
ticks in, events out — no socket, no clock, no task."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import event as hypothesis_event
from hypothesis import given, settings

from tests.lobby_sorcery_support import TWO_LEGENDS, legal_part, sorcery_hello, sorcery_host
from wizard_p2p.errors import UsageError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys
from wizard_p2p.node.lobby_common import LobbyTimers, Seated
from wizard_p2p.node.lobby_host_machine import (
    MAX_WAITING,
    SAME_IDENTITY,
    Admit,
    AskStart,
    CalledOff,
    Close,
    GenesisMade,
    HostEvent,
    HostMachine,
    MakeTerms,
    Message,
    NewsChanged,
    Push,
    Refusal,
    Refuse,
    Remove,
    Reply,
    Restrict,
    SetVariants,
    SignGenesis,
    Started,
    TermsMade,
    Tick,
    Unreadable,
)
from wizard_p2p.node.lobby_news import LobbyNews
from wizard_p2p.node.lobby_stage import HostStage
from wizard_p2p.protocol.genesis import endorse
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    Endorse,
    Hello,
    LobbyBody,
    LobbyPlayer,
    Ok,
    Ping,
    RefusalKind,
    Watch,
    decode_lobby,
)
from wizard_p2p.protocol.messages import PROTOCOL, genesis_terms_bytes
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.lobby import WizardTerms

CODE = "ABCD-EFGH"
TIMERS = LobbyTimers(hello=10.0, ping=1.0, silence=10.0, endorse=60.0)
# A few joiners' keys, made once: the machine only compares them.
_KEYS = [CurveKeys.generate().public for _ in range(5)]
_IDS = [Identity.generate() for _ in range(5)]


def _host(seats: int = 3, **options: Any) -> HostMachine:
    me = Seated("Host", Identity.generate().public_key, CurveKeys.generate().public, ":7001",
                b"\x01" * 32)
    return HostMachine(me, WizardTerms(GameConfig(seats)), CODE, timers=TIMERS, **options)


def _player(i: int, name: str | None = None, bot: bool = False) -> LobbyPlayer:
    return LobbyPlayer(name or f"P{i}", _IDS[i].public_key, _KEYS[i], "", bytes([i]) * 32, bot)


def _hello(i: int, msg_id: int = 1, *, code: str = CODE, **player: Any) -> Message:
    return Message(_KEYS[i], "127.0.0.1", msg_id,
                   Hello(code, PROTOCOL, 40000 + i, _player(i, **player)))


def _said(events: list[HostEvent], client: str) -> list[dict[str, Any]]:
    """What ``client`` is sent, decoded, in order (refusals as their wire form)."""
    out: list[dict[str, Any]] = []
    for event in events:
        if isinstance(event, Reply | Push) and event.client == client:
            out.append(json.loads(event.payload))
        elif isinstance(event, Refusal) and event.client == client:
            out.append({"type": "refused", "reason": event.reason, "kind": event.kind.value})
    return out


def _stage(machine: HostMachine) -> HostStage:
    return machine.stage


def _news(machine: HostMachine) -> LobbyNews:
    return machine.news.news


def _seated(machine: HostMachine, count: int, now: float = 0.0) -> None:
    for i in range(count):
        machine.handle(_hello(i), now)


def test_a_hello_seats_the_joiner_and_everyone_is_told() -> None:
    machine = _host()
    machine.handle(_hello(0), 0.0)
    events = machine.handle(_hello(1, msg_id=7), 0.0)
    assert [p.name for p in machine.players] == ["Host", "P0", "P1"]
    assert Reply(_KEYS[1], 7, events[1].payload) == events[1]  # type: ignore[union-attr]
    welcome = _said(events, _KEYS[1])[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == 2
    assert [m["type"] for m in _said(events, _KEYS[0])] == ["players"]
    assert NewsChanged(machine.news) in events and _news(machine) is LobbyNews.JOINED
    # The same hello again is answered as before and changes nothing.
    again = machine.handle(_hello(1, msg_id=8), 1.0)
    assert [m["type"] for m in _said(again, _KEYS[1])] == ["welcome"]
    assert len(machine.players) == 3


@pytest.mark.parametrize(
    ("message", "reason", "kind"),
    [
        (_hello(0, code="WXYZ-WXYZ"), "wrong invite code", RefusalKind.WRONG_CODE),
        (Message(_KEYS[1], "127.0.0.1", 1, Hello(CODE, PROTOCOL, 4000, _player(0))),
         "the player's key is not the connection's key", RefusalKind.KEY_MISMATCH),
        (Message(_KEYS[0], "127.0.0.1", 1, Hello(CODE, "wizard-p2p/0", 4000, _player(0))),
         "same version", RefusalKind.OTHER_VERSION),
        (Message(_KEYS[0], "10.0.0." + "1" * 60, 1, Hello(CODE, PROTOCOL, 4000, _player(0))),
         "address", RefusalKind.BAD_ADDRESS),
        (Unreadable(_KEYS[0], 1, "hello.port: expected an integer"), "hello.port",
         RefusalKind.UNREADABLE),
        (Message(_KEYS[0], "127.0.0.1", 1, Endorse(b"\x00" * 64)), "no terms to endorse yet",
         RefusalKind.NO_TERMS),
        (Message(_KEYS[0], "127.0.0.1", 1, Ok()), "a joiner does not send Ok",
         RefusalKind.UNEXPECTED),
    ],
)
def test_a_hello_the_table_cannot_take_is_refused_with_a_reason(
    message: Message | Unreadable, reason: str, kind: RefusalKind
) -> None:
    machine = _host()
    events = machine.handle(message, 0.0)
    refusals = [e for e in events if isinstance(e, Refusal)]
    assert len(refusals) == 1 and reason in refusals[0].reason
    assert refusals[0].kind is kind  # the reason as data, for the joiner to word
    assert refusals[0].msg_id == 1  # the answer to that request
    assert [p.name for p in machine.players] == ["Host"]


def test_names_and_keys_are_unique_and_the_table_holds_its_seats() -> None:
    machine = _host(seats=3)
    machine.handle(_hello(0, name="Ann"), 0.0)
    taken = machine.handle(_hello(1, name="ann"), 0.0)
    assert "is taken at this table" in _said(taken, _KEYS[1])[0]["reason"]
    twin = Message(_KEYS[2], "127.0.0.1", 1, Hello(CODE, PROTOCOL, 4000, LobbyPlayer(
        "Twin", _IDS[0].public_key, _KEYS[2], "", b"\x09" * 32)))
    twin_said = _said(machine.handle(twin, 0.0), _KEYS[2])[0]
    assert (twin_said["reason"], twin_said["kind"]) == (SAME_IDENTITY, "same_identity")
    machine.handle(_hello(1), 0.0)
    full = machine.handle(_hello(3), 0.0)
    # ... said as data too, for the joiner to word (and to offer watching instead).
    assert _said(full, _KEYS[3]) == [
        {"type": "refused", "reason": "the table is full", "kind": "full"}]
    assert [e.kind for e in taken if isinstance(e, Refusal)] == [RefusalKind.NAME_TAKEN]


def test_the_host_admits_and_refuses_and_a_refused_joiner_may_ask_again() -> None:
    machine = _host(approve=True)
    events = machine.handle(_hello(0), 0.0)
    assert _said(events, _KEYS[0])[0]["type"] == "wait"
    assert [p.name for p in machine.waiting] == ["P0"] and _news(machine) is LobbyNews.ASKS
    events = machine.handle(Refuse(_KEYS[0]), 1.0)
    assert _said(events, _KEYS[0]) == [
        {"type": "refused", "reason": "the host did not admit you to the table",
         "kind": "not_admitted"}]
    assert machine.waiting == [] and _news(machine) is LobbyNews.NOT_ADMITTED
    machine.handle(_hello(0, msg_id=2), 2.0)
    assert _news(machine) is LobbyNews.ASKS_AGAIN
    events = machine.handle(Admit(_KEYS[0]), 3.0)
    assert [m["type"] for m in _said(events, _KEYS[0])] == ["welcome", "players"]
    with pytest.raises(UsageError, match="nobody of that key is waiting"):
        machine.handle(Admit(_KEYS[0]), 3.0)


def test_a_removed_player_is_told_and_waits_for_the_host_when_it_asks_again() -> None:
    machine = _host()
    _seated(machine, 1)
    with pytest.raises(UsageError, match="own seat"):
        machine.handle(Remove(0), 0.0)
    with pytest.raises(UsageError, match="no player at seat 3"):
        machine.handle(Remove(2), 0.0)
    events = machine.handle(Remove(1), 0.0)
    assert _said(events, _KEYS[0]) == [
        {"type": "refused", "reason": "the host removed you from the table", "kind": "removed"}]
    machine.handle(_hello(0, msg_id=2), 1.0)
    assert [p.name for p in machine.waiting] == ["P0"]


def test_a_silent_joiner_loses_its_seat_at_the_silence_limit() -> None:
    machine = _host()
    _seated(machine, 2, now=0.0)
    machine.handle(Message(_KEYS[1], "127.0.0.1", 5, Ping()), 8.0)
    assert len(machine.players) == 3
    machine.handle(Tick(), 10.5)  # P0 unheard since 0, P1 heard at 8
    assert [p.name for p in machine.players] == ["Host", "P1"]
    assert _news(machine) is LobbyNews.GONE and machine.news.who == "P0"


def test_a_ping_from_nobody_seated_is_refused_and_told() -> None:
    machine = _host()
    events = machine.handle(Message(_KEYS[0], "127.0.0.1", 3, Ping()), 0.0)
    assert [(e.msg_id, e.reason, e.kind) for e in events if isinstance(e, Refusal)] == [
        (3, "you hold no seat at this table", RefusalKind.NOT_SEATED),
        (None, "you hold no seat at this table", RefusalKind.NOT_SEATED)]


def _to_signing(machine: HostMachine, now: float = 0.0) -> dict[str, Any]:
    """Ask to start, make the terms as the driver would; the terms."""
    events = machine.handle(AskStart(), now)
    asked = events[-1]
    assert isinstance(asked, MakeTerms)
    terms = asked.terms.genesis_terms(list(asked.players), b"\x07" * 32, coach=asked.coach,
                                      series=asked.series, decks=asked.decks)
    machine.handle(TermsMade(genesis_terms_bytes(terms), b"\x00" * 64), now)
    return terms


def test_a_start_sends_the_terms_collects_every_endorsement_and_hands_the_game_over() -> None:
    machine = _host()
    _seated(machine, 1)
    with pytest.raises(UsageError, match="at least 3 players: 2 seated"):
        machine.handle(AskStart(), 0.0)
    machine.handle(_hello(1, bot=True), 0.0)
    terms = _to_signing(machine)
    assert _stage(machine) is HostStage.SIGNING
    with pytest.raises(UsageError, match="fixed"):
        machine.handle(SetVariants(("clairvoyance",)), 0.0)
    with pytest.raises(UsageError, match="starting"):
        machine.handle(Remove(1), 0.0)
    bad = machine.handle(Message(_KEYS[0], "", 9, Endorse(b"\x00" * 64)), 1.0)
    assert [(e.reason, e.kind) for e in bad if isinstance(e, Refusal)] == [
        ("bad endorsement", RefusalKind.BAD_ENDORSEMENT)]
    first = machine.handle(Message(_KEYS[0], "", 10, Endorse(endorse(_IDS[0], terms))), 1.0)
    assert [m["type"] for m in _said(first, _KEYS[0])] == ["ok"]
    assert not any(isinstance(e, SignGenesis) for e in first)
    last = machine.handle(Message(_KEYS[1], "", 11, Endorse(endorse(_IDS[1], terms))), 2.0)
    signing = [e for e in last if isinstance(e, SignGenesis)]
    assert len(signing) == 1 and len(signing[0].endorsements) == 3
    done = machine.handle(GenesisMade(b'{"pos":0}'), 2.0)
    assert Restrict((_KEYS[0], _KEYS[1])) in done
    assert _said(done, _KEYS[1]) == [{"type": "genesis", "entry": '{"pos":0}'}]
    assert Started(frozenset({0, 1})) in done  # seat 2 is a bot
    assert _stage(machine) is HostStage.STARTED and _news(machine) is LobbyNews.STARTED
    assert machine.handle(Close(), 3.0) == []  # the game is the seats' own: no goodbye


def test_a_start_not_endorsed_in_time_is_called_off_and_the_late_seat_freed() -> None:
    machine = _host()
    _seated(machine, 2)
    terms = _to_signing(machine, now=0.0)
    machine.handle(Message(_KEYS[0], "", 10, Endorse(endorse(_IDS[0], terms))), 1.0)
    for t in range(2, 60, 5):  # both ping; P1 never endorses
        for i in (0, 1):
            machine.handle(Message(_KEYS[i], "", 100 + t * 2 + i, Ping()), float(t))
        machine.handle(Tick(), float(t))
    assert _stage(machine) is HostStage.SIGNING and machine.wake_at == 60.0
    events = machine.handle(Tick(), 60.0)
    assert CalledOff() in events and _stage(machine) is HostStage.SEATING
    assert machine.wake_at is None
    assert [p.name for p in machine.players] == ["Host", "P0"]
    assert _news(machine) is LobbyNews.CALLED_OFF_LATE and machine.news.who == "P1"
    refused = _said(events, _KEYS[1])[0]
    assert "did not endorse the game in time" in refused["reason"]
    assert refused["kind"] == RefusalKind.CALLED_OFF_LATE
    assert [m["type"] for m in _said(events, _KEYS[0])] == ["players"]


def test_a_seated_player_leaving_while_signing_calls_the_start_off() -> None:
    machine = _host()
    _seated(machine, 2)
    _to_signing(machine)
    events = machine.handle(Message(_KEYS[1], "", 20, Bye()), 1.0)
    assert CalledOff() in events and _news(machine) is LobbyNews.CALLED_OFF_LEFT
    hello = machine.handle(_hello(3), 1.0)  # seating again: a newcomer may sit
    assert _said(hello, _KEYS[3])[0]["type"] == "welcome"


def test_autostart_sends_the_terms_once_the_table_is_full() -> None:
    machine = _host(autostart=True)
    machine.handle(_hello(0), 0.0)
    events = machine.handle(_hello(1), 0.0)
    assert isinstance(events[-1], MakeTerms) and _stage(machine) is HostStage.SEATING
    assert [p["name"] for p in events[-1].players] == ["Host", "P0", "P1"]


def test_bots_sit_after_people_in_the_order_of_their_names() -> None:
    machine = _host(seats=5)
    machine.handle(_hello(0, name="Bot 10", bot=True), 0.0)
    machine.handle(_hello(1, name="Bot 2", bot=True), 0.0)
    machine.handle(_hello(2, name="Cy"), 0.0)
    asked = machine.handle(AskStart(), 0.0)[-1]
    assert isinstance(asked, MakeTerms)
    assert [p["name"] for p in asked.players] == ["Host", "Cy", "Bot 2", "Bot 10"]


def test_a_host_leaving_says_goodbye_to_the_seated_and_the_waiting() -> None:
    machine = _host(approve=True)
    machine.handle(_hello(0), 0.0)
    machine.handle(Admit(_KEYS[0]), 0.0)
    machine.handle(_hello(1), 0.0)
    events = machine.handle(Close(), 1.0)
    assert {(e.client, json.loads(e.payload)["type"]) for e in events
            if isinstance(e, Push)} == {(_KEYS[0], "bye"), (_KEYS[1], "bye")}
    assert _stage(machine) is HostStage.CLOSED
    assert machine.handle(Close(), 2.0) == []


# --- any sequence of joiners' messages -------------------------------------------------

_clients = st.integers(0, len(_KEYS) - 1)
_bodies: st.SearchStrategy[LobbyBody] = st.one_of(
    st.builds(lambda i, name, code, bot: Hello(code, PROTOCOL, 40000, _player(i, name, bot)),
              _clients, st.sampled_from(["Ann", "ann", "Bo", "Cy", "Di", "Ed"]),
              st.sampled_from([CODE, "abcd efgh", "WXYZ-WXYZ"]), st.booleans()),
    st.just(Ping()),
    st.just(Bye()),
    st.builds(Endorse, st.binary(min_size=64, max_size=64)),
    st.just(Watch(CODE, PROTOCOL, "Wat", _KEYS[0], 5000)),
)
_inputs = st.one_of(
    st.builds(lambda i, body: Message(_KEYS[i], "127.0.0.1", 0, body), _clients, _bodies),
    st.builds(lambda i, why: Unreadable(_KEYS[i], 0, why), _clients, st.just("too deep")),
    st.just(Tick()),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(_inputs, st.floats(0, 4)), max_size=40),
    st.integers(3, 6),
    st.booleans(),
    st.booleans(),
)
def test_any_sequence_of_joiners_messages_keeps_the_table_whole(
    inputs: list[tuple[Message | Unreadable | Tick, float]], seats: int, approve: bool,
    autostart: bool,
) -> None:
    machine = _host(seats=seats, approve=approve, autostart=autostart)
    now = 0.0
    started = 0
    for given_input, step in inputs:
        now += step
        out = machine.handle(given_input, now)
        for asked in [e for e in out if isinstance(e, MakeTerms)]:  # as the driver does
            terms = asked.terms.genesis_terms(list(asked.players), b"\x07" * 32, coach=False,
                                              series=None, decks=())
            out += machine.handle(TermsMade(genesis_terms_bytes(terms), b"\x00" * 64), now)
            started += 1
        assert len(machine.players) <= seats
        assert len({p.sign_key for p in machine.players + machine.waiting}) == len(
            machine.players) + len(machine.waiting)
        for e in out:
            if isinstance(e, Refusal):
                assert e.reason.strip() and e.kind in set(RefusalKind)
            if isinstance(e, Reply | Push):  # what goes out reads as a lobby message
                decode_lobby(e.payload)
    hypothesis_event(f"terms sent: {started > 0}")


# --- every refusal the host makes, as data ----------------------------------------------


def _refusals(events: list[HostEvent], client: str) -> list[RefusalKind]:
    return [e.kind for e in events if isinstance(e, Refusal) and e.client == client]


def _wrong_code() -> list[RefusalKind]:
    return _refusals(_host().handle(_hello(0, code="WXYZ-WXYZ"), 0.0), _KEYS[0])


def _other_version() -> list[RefusalKind]:
    hello = Message(_KEYS[0], "127.0.0.1", 1, Hello(CODE, "wizard-p2p/0", 4000, _player(0)))
    return _refusals(_host().handle(hello, 0.0), _KEYS[0])


def _key_mismatch() -> list[RefusalKind]:
    hello = Message(_KEYS[1], "127.0.0.1", 1, Hello(CODE, PROTOCOL, 4000, _player(0)))
    return _refusals(_host().handle(hello, 0.0), _KEYS[1])


def _same_identity() -> list[RefusalKind]:
    machine = _host()
    machine.handle(_hello(0), 0.0)
    twin = Message(_KEYS[2], "127.0.0.1", 1, Hello(CODE, PROTOCOL, 4000, LobbyPlayer(
        "Twin", _IDS[0].public_key, _KEYS[2], "", b"\x09" * 32)))
    return _refusals(machine.handle(twin, 0.0), _KEYS[2])


def _name_taken() -> list[RefusalKind]:
    machine = _host()
    machine.handle(_hello(0, name="Ann"), 0.0)
    return _refusals(machine.handle(_hello(1, name="ANN"), 0.0), _KEYS[1])


def _full() -> list[RefusalKind]:
    machine = _host(seats=3)
    _seated(machine, 2)
    return _refusals(machine.handle(_hello(2), 0.0), _KEYS[2])


def _bad_address() -> list[RefusalKind]:
    hello = Message(_KEYS[0], "1" * 70, 1, Hello(CODE, PROTOCOL, 4000, _player(0)))
    return _refusals(_host().handle(hello, 0.0), _KEYS[0])


def _too_many_waiting() -> list[RefusalKind]:
    machine = _host(approve=True)
    keys = [CurveKeys.generate().public for _ in range(MAX_WAITING + 1)]
    said: list[RefusalKind] = []
    for i, key in enumerate(keys):
        player = LobbyPlayer(f"W{i}", Identity.generate().public_key, key, "", bytes([i]) * 32)
        said = _refusals(machine.handle(Message(key, "127.0.0.1", 1,
                                                Hello(CODE, PROTOCOL, 4000, player)), 0.0), key)
    assert len(machine.waiting) == MAX_WAITING
    return said


def _other_game() -> list[RefusalKind]:
    hello = sorcery_hello(_KEYS[0], _IDS[0], "Ann", legal_part())
    return _refusals(_host().handle(hello, 0.0), _KEYS[0])


def _illegal_deck() -> list[RefusalKind]:
    hello = sorcery_hello(_KEYS[0], _IDS[0], "Ann", TWO_LEGENDS)
    return _refusals(sorcery_host().handle(hello, 0.0), _KEYS[0])


def _unreadable() -> list[RefusalKind]:
    return _refusals(_host().handle(Unreadable(_KEYS[0], 1, "too deep"), 0.0), _KEYS[0])


def _unexpected() -> list[RefusalKind]:
    return _refusals(_host().handle(Message(_KEYS[0], "127.0.0.1", 1, Ok()), 0.0), _KEYS[0])


def _no_terms() -> list[RefusalKind]:
    endorsement = Message(_KEYS[0], "127.0.0.1", 1, Endorse(b"\x00" * 64))
    return _refusals(_host().handle(endorsement, 0.0), _KEYS[0])


def _not_seated() -> list[RefusalKind]:
    """An endorsement from a client the terms do not seat (a ping's is asserted above)."""
    machine = _host()
    _seated(machine, 2)
    _to_signing(machine)
    return _refusals(machine.handle(Message(_KEYS[3], "", 1, Endorse(b"\x00" * 64)), 1.0),
                     _KEYS[3])


def _starting() -> list[RefusalKind]:
    machine = _host()
    _seated(machine, 2)
    _to_signing(machine)
    return _refusals(machine.handle(_hello(3), 1.0), _KEYS[3])


def _bad_endorsement() -> list[RefusalKind]:
    machine = _host()
    _seated(machine, 2)
    _to_signing(machine)
    return _refusals(machine.handle(Message(_KEYS[0], "", 1, Endorse(b"\x00" * 64)), 1.0),
                     _KEYS[0])


def _not_admitted() -> list[RefusalKind]:
    machine = _host(approve=True)
    machine.handle(_hello(0), 0.0)
    return _refusals(machine.handle(Refuse(_KEYS[0]), 1.0), _KEYS[0])


def _removed() -> list[RefusalKind]:
    machine = _host()
    _seated(machine, 1)
    return _refusals(machine.handle(Remove(1), 1.0), _KEYS[0])


def _started_without_you() -> list[RefusalKind]:
    machine = _host(seats=4, approve=True)
    for i in (0, 1):
        machine.handle(_hello(i), 0.0)
        machine.handle(Admit(_KEYS[i]), 0.0)
    machine.handle(_hello(2), 0.0)  # still waiting when the host starts
    return _refusals(machine.handle(AskStart(), 1.0), _KEYS[2])


def _called_off_left() -> list[RefusalKind]:
    machine = _host()
    _seated(machine, 2)
    _to_signing(machine)
    return _refusals(machine.handle(Message(_KEYS[1], "", 20, Bye()), 1.0), _KEYS[1])


def _called_off_gone() -> list[RefusalKind]:
    machine = _host()
    _seated(machine, 2)
    _to_signing(machine)
    machine.handle(Message(_KEYS[0], "", 5, Ping()), 8.0)  # P1 is heard no more
    return _refusals(machine.handle(Tick(), 10.5), _KEYS[1])


def _called_off_late() -> list[RefusalKind]:
    machine = _host()
    _seated(machine, 2)
    _to_signing(machine)
    for i in (0, 1):
        machine.handle(Message(_KEYS[i], "", 5, Ping()), 59.0)
    return _refusals(machine.handle(Tick(), 60.0), _KEYS[1])


# How each refusal comes about: a new kind needs its way here (the test below says so).
_EACH_KIND: dict[RefusalKind, Callable[[], list[RefusalKind]]] = {
    RefusalKind.WRONG_CODE: _wrong_code,
    RefusalKind.OTHER_VERSION: _other_version,
    RefusalKind.KEY_MISMATCH: _key_mismatch,
    RefusalKind.SAME_IDENTITY: _same_identity,
    RefusalKind.NAME_TAKEN: _name_taken,
    RefusalKind.TABLE_FULL: _full,
    RefusalKind.BAD_ADDRESS: _bad_address,
    RefusalKind.TOO_MANY_WAITING: _too_many_waiting,
    RefusalKind.OTHER_GAME: _other_game,
    RefusalKind.ILLEGAL_DECK: _illegal_deck,
    RefusalKind.UNREADABLE: _unreadable,
    RefusalKind.UNEXPECTED: _unexpected,
    RefusalKind.NO_TERMS: _no_terms,
    RefusalKind.NOT_SEATED: _not_seated,
    RefusalKind.STARTING: _starting,
    RefusalKind.BAD_ENDORSEMENT: _bad_endorsement,
    RefusalKind.NOT_ADMITTED: _not_admitted,
    RefusalKind.REMOVED: _removed,
    RefusalKind.STARTED_WITHOUT_YOU: _started_without_you,
    RefusalKind.CALLED_OFF_LEFT: _called_off_left,
    RefusalKind.CALLED_OFF_GONE: _called_off_gone,
    RefusalKind.CALLED_OFF_LATE: _called_off_late,
}


def test_every_refusal_kind_has_a_way_the_host_makes_it() -> None:
    assert sorted(_EACH_KIND) == sorted(RefusalKind)


@pytest.mark.parametrize("kind", list(_EACH_KIND), ids=str)
def test_each_refusal_the_host_makes_carries_its_kind(kind: RefusalKind) -> None:
    assert _EACH_KIND[kind]() == [kind]


def test_the_spec_lists_every_refusal_kind_once() -> None:
    spec = (Path(__file__).resolve().parent.parent / "protocol" / "SPEC.md").read_text()
    table = spec.split("| kind | when |", 1)[1].split("\n\n", 1)[0]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.M)
    assert sorted(listed) == sorted(k.value for k in RefusalKind)
