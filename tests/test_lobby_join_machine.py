"""The joiner's lobby machine on its own: the host's decoded messages and clock ticks in,
events out — no socket, no clock, no task."""

from __future__ import annotations

from typing import Any

import hypothesis.strategies as st
from hypothesis import given

from wizard_p2p.errors import Said
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, NetConfig
from wizard_p2p.net.lobby_budget import LobbyBudget
from wizard_p2p.node.lobby_common import LobbyTimers, Seated, encode
from wizard_p2p.node.lobby_join_machine import (
    AGAIN_RETRY,
    AGAIN_RETRY_MAX,
    CalledOff,
    Ended,
    EndorseTerms,
    FromHost,
    HelloAgain,
    HelloFailed,
    JoinEvent,
    JoinInput,
    JoinMachine,
    Leave,
    Lost,
    SayBye,
    SendPing,
    Started,
    Tick,
    Unreadable,
)
from wizard_p2p.node.lobby_news import LobbyNews
from wizard_p2p.node.lobby_stage import JoinStage
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    ByeKind,
    Genesis,
    LobbyBody,
    LobbyPlayer,
    Ok,
    Players,
    Refused,
    Terms,
    Wait,
    Welcome,
)
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.genesis import genesis_terms

TIMERS = LobbyTimers(hello=10.0, ping=1.0, silence=10.0, endorse=60.0)
PORT = 41000
_ME = Identity.generate().public_key
_COIN = b"\x05" * 32
_OTHERS = [LobbyPlayer(name, Identity.generate().public_key, CurveKeys.generate().public,
                       f"10.0.0.{i}:7001", bytes([i]) * 32, bot=name.startswith("Bot"))
           for i, name in enumerate(["Host", "Bot 1", "Cy"], start=1)]
_ME_SEATED = LobbyPlayer("Me", _ME, CurveKeys.generate().public, f"10.0.0.9:{PORT}", _COIN)


def _machine(again_until: float | None = None) -> JoinMachine:
    return JoinMachine(_ME, _COIN, PORT, "10.0.0.1:7000", timers=TIMERS,
                       again_until=again_until)


def _welcome(seat: int = 1, protocol: str | None = PROTOCOL) -> FromHost:
    players = (_OTHERS[0], _ME_SEATED)[: seat + 1]
    return FromHost(Welcome(seat, players, ("clairvoyance",), protocol))


def _players(*players: LobbyPlayer) -> FromHost:
    return FromHost(Players(players, 4, (), coach=True))


def _terms(players: list[LobbyPlayer]) -> dict[str, Any]:
    records = [{"name": p.name, "sign_key": p.sign_key, "curve_key": p.curve_key,
                "address": p.address, "coin_commit": p.coin_commit} for p in players]
    return genesis_terms(GameConfig(len(players)), records, b"\x07" * 32)


def _stage(machine: JoinMachine) -> JoinStage:
    return machine.stage


def _news(machine: JoinMachine) -> LobbyNews:
    return machine.news.news


def _ended(events: list[JoinEvent]) -> str:
    ends = [e.reason for e in events if isinstance(e, Ended)]
    assert len(ends) == 1, events
    return ends[0]


def test_a_welcome_seats_the_joiner() -> None:
    machine = _machine()
    assert _news(machine) is LobbyNews.CONNECTING and machine.news.who == "10.0.0.1:7000"
    machine.handle(_welcome(), 0.0)
    assert _stage(machine) is JoinStage.SEATED and machine.seat == 1
    assert machine.variants == ("clairvoyance",) and _news(machine) is LobbyNews.SEATED
    assert [p.name for p in machine.players] == ["Host", "Me"]


def test_a_joiner_asked_to_wait_is_seated_when_the_host_admits_it() -> None:
    machine = _machine()
    machine.handle(FromHost(Wait("the host admits players one by one")), 0.0)
    assert _stage(machine) is JoinStage.WAITING and _news(machine) is LobbyNews.ADMISSION
    assert machine.seat is None
    machine.handle(_welcome(), 1.0)
    assert _stage(machine) is JoinStage.SEATED and machine.seat == 1


def test_a_refusal_or_a_goodbye_ends_the_lobby_with_its_reason() -> None:
    refused = _machine()
    assert _ended(refused.handle(FromHost(Refused("the table is full")), 0.0)) == (
        "the host refused: the table is full")
    assert _stage(refused) is JoinStage.REFUSED
    assert refused.handle(_welcome(), 1.0) == []  # over: nothing moves it
    left = _machine()
    left.handle(_welcome(), 0.0)
    assert _ended(left.handle(FromHost(Bye()), 1.0)) == "the host left the lobby"
    assert left.handle(Leave(), 2.0) == [SayBye()]  # it held a seat: whatever is left, freed


def _said(events: list[JoinEvent]) -> str | None:
    ends = [e for e in events if isinstance(e, Ended)]
    assert len(ends) == 1, events
    return None if ends[0].said is None else ends[0].said.key


def test_every_ending_of_the_joiners_own_is_worded_as_data() -> None:
    """An ending no host's refusal kind words carries its catalogue sentence, so the
    joiner's screen and printout say it in the player's language."""
    seated = _machine()
    seated.handle(_welcome(), 0.0)
    assert _said(seated.handle(FromHost(Bye()), 1.0)) == "lobby_ended_host_left"
    told = _machine()  # a host that says why it says goodbye
    told.handle(_welcome(), 0.0)
    assert _said(told.handle(FromHost(Bye("the game is over", ByeKind.GAME_OVER)), 1.0)) == (
        "gate_bye_game_over")
    silent = _machine()
    silent.handle(_welcome(), 0.0)
    assert _said(silent.handle(Tick(heard=0.0), 60.0)) == "lobby_ended_host_gone"
    garbled = _machine()
    assert _said(garbled.handle(Unreadable("not JSON"), 0.0)) == "lobby_ended_unreadable"
    other = _machine()
    assert _said(other.handle(_welcome(protocol="wizard-p2p/0"), 0.0)) == (
        "lobby_ended_other_version")
    lost = _machine()
    assert _said(lost.handle(Lost("x", Said("lobby_ended_endorsement_lost")), 0.0)) == (
        "lobby_ended_endorsement_lost")


def test_a_hello_to_a_next_lobby_is_said_again_until_its_deadline() -> None:
    machine = _machine(again_until=10.0)
    assert machine.handle(HelloFailed("no Wizard lobby answers at x"), 1.0) == [
        HelloAgain(AGAIN_RETRY)]
    assert machine.handle(FromHost(Refused("the game has begun")), 2.0) == [
        HelloAgain(AGAIN_RETRY * 2)]
    # Another version is no reason to ask again.
    other = _machine(again_until=10.0)
    assert "same version" in _ended(other.handle(_welcome(protocol="wizard-p2p/0"), 1.0))
    assert other.handle(Leave(), 2.0) == [SayBye()]  # the host seated it: the seat is freed
    assert _ended(machine.handle(HelloFailed("no Wizard lobby answers at x"), 10.0)) == (
        "no Wizard lobby answers at x")


def test_asking_a_next_lobby_again_and_again_stays_within_the_lobby_budget() -> None:
    """The last game's watch gate refuses every hello at once for as long as the host
    takes to open its next lobby; each try is a new connection (a handshake) and a hello,
    charged to the joiner's key by the host's budget. The joiner, however long it asks,
    is never dropped for flooding."""
    config = NetConfig()
    name = "巫" * 32
    me = Seated(name, _ME, CurveKeys.generate().public, "", _COIN)
    hello = encode({"type": "hello", "code": "ABCD-EF23", "protocol": PROTOCOL,
                    "port": 65535, "player": me.to_json()})
    try_cost = config.lobby_handshake_cost + len(hello) + 64 + config.lobby_message_cost
    now = 0.0
    budget = LobbyBudget(burst=config.lobby_burst_bytes, rate=config.lobby_rate_bytes,
                         clock=lambda: now)
    machine = _machine(again_until=600.0)
    delays: list[float] = []
    while now < 590.0:
        assert budget.charge("me", try_cost), f"dropped after {len(delays)} tries, at {now}s"
        events = machine.handle(FromHost(Refused("the game has begun")), now)
        assert len(events) == 1 and isinstance(events[0], HelloAgain), events
        delays.append(events[0].delay)
        now += events[0].delay  # the gate answers at once
    assert delays[0] == AGAIN_RETRY and max(delays) == AGAIN_RETRY_MAX


def test_the_joiner_pings_each_period_and_ends_when_the_host_falls_silent() -> None:
    machine = _machine()
    assert machine.handle(Tick(heard=0.0), 0.0) == []  # the hello's own request waits
    machine.handle(_welcome(), 0.0)
    assert machine.handle(Tick(heard=0.0), 0.5) == [SendPing()]
    assert machine.handle(Tick(heard=0.5), 1.0) == []
    assert machine.handle(Tick(heard=0.5), 1.5) == [SendPing()]
    reason = _ended(machine.handle(Tick(heard=1.5), 11.6))
    assert reason == "the host is gone: nothing heard from 10.0.0.1:7000 for 10 seconds"


def test_terms_that_do_not_seat_us_as_we_joined_end_the_lobby() -> None:
    for players in ([*_OTHERS],
                    [*_OTHERS, LobbyPlayer("Me", _ME, _ME_SEATED.curve_key, "10.0.0.9:1",
                                           _COIN)]):
        machine = _machine()
        machine.handle(_welcome(), 0.0)
        reason = _ended(machine.handle(FromHost(Terms(_terms(players))), 1.0))
        assert reason == "the host's terms do not seat us as we joined"


def test_endorsed_terms_then_a_call_off_then_the_genesis() -> None:
    machine = _machine()
    machine.handle(_welcome(), 0.0)
    machine.handle(_players(*_OTHERS, _ME_SEATED), 0.5)
    assert machine.seat == 3 and machine.coach
    terms = _terms([*_OTHERS, _ME_SEATED])
    asked = machine.handle(FromHost(Terms(terms)), 1.0)
    assert asked == [EndorseTerms(terms, 3, PORT)] and machine.expecting == ("ok",)
    machine.handle(FromHost(Ok()), 1.1)
    assert _stage(machine) is JoinStage.SIGNING and _news(machine) is LobbyNews.GENESIS
    called = machine.handle(_players(_OTHERS[0], _ME_SEATED), 2.0)
    assert CalledOff() in called and _stage(machine) is JoinStage.SEATED
    assert _news(machine) is LobbyNews.CALLED_OFF and machine.seat == 1
    machine.handle(_players(*_OTHERS, _ME_SEATED), 2.5)
    machine.handle(FromHost(Terms(terms)), 3.0)
    machine.handle(FromHost(Ok()), 3.1)
    started = machine.handle(FromHost(Genesis(b'{"pos":0}')), 4.0)
    # Seat 1 is a bot (the host's list said so): the others are people.
    assert started == [Started(b'{"pos":0}', frozenset({0, 2, 3}))]
    assert _stage(machine) is JoinStage.STARTED
    assert machine.handle(Leave(), 5.0) == []  # the game is the seat's own: no goodbye


def test_an_endorsement_the_host_did_not_take_ends_the_lobby() -> None:
    machine = _machine()
    machine.handle(_welcome(), 0.0)
    machine.handle(FromHost(Terms(_terms([*_OTHERS[:2], _ME_SEATED]))), 1.0)
    assert _ended(machine.handle(Lost("the host did not take our endorsement"), 2.0)) == (
        "the host did not take our endorsement")


def test_a_seat_list_without_us_ends_the_lobby_with_a_reason() -> None:
    machine = _machine()
    machine.handle(_welcome(), 0.0)
    reason = _ended(machine.handle(_players(*_OTHERS), 1.0))
    assert reason == "the host refused: you hold no seat at this table"


def test_leaving_says_goodbye_only_to_a_host_that_answered() -> None:
    connecting = _machine()
    assert connecting.handle(Leave(), 0.0) == []
    assert _stage(connecting) is JoinStage.LEFT
    waiting = _machine()
    waiting.handle(FromHost(Wait("one by one")), 0.0)
    assert waiting.handle(Leave(), 1.0) == [SayBye()]
    assert waiting.handle(Leave(), 2.0) == []


_host_bodies: st.SearchStrategy[LobbyBody] = st.one_of(
    st.builds(lambda seat, protocol: _welcome(seat, protocol).body, st.integers(0, 1),
              st.sampled_from([PROTOCOL, None, "wizard-p2p/0"])),
    st.just(Wait("one by one")),
    st.builds(lambda n, me: Players((*_OTHERS[:n], *([_ME_SEATED] if me else [])), 4, ()),
              st.integers(1, 3), st.booleans()),
    st.builds(lambda n: Terms(_terms([*_OTHERS[:n], _ME_SEATED])), st.integers(2, 3)),
    st.just(Terms(_terms(_OTHERS))),
    st.just(Ok()),
    st.just(Genesis(b"{}")),
    st.builds(Refused, st.sampled_from(["the table is full", "x"])),
    st.builds(Bye, st.sampled_from(["", "the host left the lobby"])),
)
_join_inputs: st.SearchStrategy[JoinInput] = st.one_of(
    st.builds(FromHost, _host_bodies),
    st.just(Unreadable("welcome.seat: expected an integer")),
    st.just(HelloFailed("no Wizard lobby answers at x")),
    st.builds(Tick, st.floats(0, 100)),
    st.just(Leave()),
)


@given(st.lists(st.tuples(_join_inputs, st.floats(0, 5)), max_size=30),
       st.none() | st.floats(0, 50))
def test_any_sequence_of_the_hosts_messages_ends_with_a_reason_or_goes_on(
    inputs: list[tuple[JoinInput, float]], again_until: float | None
) -> None:
    machine = _machine(again_until)
    now = 0.0
    for given_input, step in inputs:
        now += step
        over = machine.stage in (JoinStage.STARTED, JoinStage.REFUSED, JoinStage.LEFT)
        out = machine.handle(given_input, now)
        if over:
            assert all(isinstance(e, SayBye) for e in out)
        for event in out:
            if isinstance(event, Ended):
                assert event.reason.strip() and _stage(machine) is JoinStage.REFUSED
        if machine.seat is not None:
            assert 0 <= machine.seat < 6
