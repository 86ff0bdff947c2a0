"""The host's announcement (``commands.announcing``) and the command line around discovery:
what a lobby announces as it changes (and never: its code, its key), who announces at all,
and the parsers' defaults."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.lobby_support import host_lobby
from wizard_p2p.cli import build_parser
from wizard_p2p.commands.announcing import LobbyAnnouncer, announce_lobby, not_announced
from wizard_p2p.commands.lobby_adapter import LobbyAdapter
from wizard_p2p.node.lobby import HostLobby, lobby_keys
from wizard_p2p.protocol.announce import LOBBY, PLAYING, decode_announcement, encode_announcement
from wizard_p2p.rules import GameConfig
from wizard_p2p.seat.controller import Status

CONFIG = GameConfig(4, clairvoyance=True)


@dataclass
class FakeLobby:
    name: str = "Ana"
    config: GameConfig = CONFIG
    players: list[object] = field(default_factory=lambda: [object()])
    starting: bool = False
    port: int = 47474
    listen_host: str = "0.0.0.0"
    code: str = "K7QD-M2XP"
    callbacks: list[Callable[[], None]] = field(default_factory=list)

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)

    def changed(self) -> None:
        for callback in self.callbacks:
            callback()


class FakeAnnouncer:
    def __init__(self) -> None:
        self.texts: list[bytes] = []
        self.closed = False

    async def update(self, text: bytes) -> None:
        self.texts.append(text)
        await asyncio.sleep(0)

    async def close(self) -> None:
        self.closed = True


def test_the_announcement_follows_the_lobby() -> None:
    lobby = FakeLobby()
    announcer = LobbyAnnouncer(lobby, opened=1_700_000_000.7)  # type: ignore[arg-type]
    first = announcer.announcement()
    assert (first.name, first.seats, first.seated, first.variants, first.state, first.port,
            first.opened) == ("Ana", 4, 1, ("clairvoyance",), LOBBY, 47474, 1_700_000_000)
    lobby.players.append(object())
    lobby.starting = True  # the terms are out: the table seats nobody more
    assert announcer.announcement().seated == 2
    assert announcer.announcement().state == PLAYING


def test_each_change_is_pushed_and_the_last_one_wins() -> None:
    async def main() -> FakeAnnouncer:
        lobby = FakeLobby()
        announcer = LobbyAnnouncer(lobby)  # type: ignore[arg-type]
        fake = FakeAnnouncer()
        announcer._announcer = fake  # type: ignore[assignment]
        lobby.subscribe(announcer._changed)
        lobby.players.append(object())
        lobby.changed()
        lobby.players.append(object())
        lobby.changed()
        lobby.changed()  # nothing new: nothing sent
        assert announcer._pushing is not None
        await announcer._pushing
        await announcer.close()
        return fake

    fake = asyncio.run(main())
    assert [decode_announcement(t).seated for t in fake.texts][-1] == 3
    assert len(fake.texts) <= 2 and fake.closed


def test_only_a_host_without_no_announce_announces() -> None:
    parser = build_parser()
    assert parser.parse_args(["host"]).announce is True
    assert parser.parse_args(["host", "--no-announce"]).announce is False
    for argv in (["host", "--no-announce"], ["play"]):
        args = parser.parse_args(argv)
        assert asyncio.run(announce_lobby(args, FakeLobby())) == (None, None)  # type: ignore[arg-type]
    on_loopback = FakeLobby(listen_host="127.0.0.1")  # for this machine alone: not announced
    assert asyncio.run(announce_lobby(parser.parse_args(["host"]), on_loopback)) == (  # type: ignore[arg-type]
        None, None)


def test_join_and_bot_take_no_address() -> None:
    parser = build_parser()
    assert parser.parse_args(["join", "--code", "K7QD-M2XP"]).address is None
    assert parser.parse_args(["bot"]).address is None
    assert parser.parse_args(["bot", "10.0.0.1:47474"]).address == "10.0.0.1:47474"


def test_the_host_says_its_lobby_is_not_announced_in_one_sentence() -> None:
    sentence = not_announced("no network interface here carries multicast", "en")
    assert sentence == ("The lobby is not announced on this network (no network interface "
                        "here carries multicast); players join with the address.")
    assert not_announced("x", "zh").endswith("玩家请用地址加入。")


def test_a_real_lobby_announces_no_secret(tmp_path: Path) -> None:
    async def main() -> tuple[bytes, HostLobby]:
        host = host_lobby(tmp_path, seats=4)
        await host.open()
        try:
            announcer = LobbyAnnouncer(host)
            return encode_announcement(announcer.announcement()), host
        finally:
            await host.close()

    text, host = asyncio.run(main())
    ad = decode_announcement(text)
    assert (ad.name, ad.seats, ad.seated, ad.port, ad.state) == ("Host", 4, 1, host.port, LOBBY)
    keys = lobby_keys(host.code)
    me = host.players[0]
    for secret in (host.code, host.code.replace("-", ""), keys.public, keys.secret,
                   me.curve_key, me.sign_key.hex()):
        assert secret.encode() not in text, secret


def test_the_console_lobby_shows_the_sentence_while_it_is_open(tmp_path: Path) -> None:
    async def main() -> tuple[Status, ...]:
        host = host_lobby(tmp_path)
        await host.open()
        try:
            adapter = LobbyAdapter(host, make_peer=None)  # type: ignore[arg-type]
            adapter.notice = not_announced("no network interface here carries multicast", "en")
            return adapter.snapshot().status
        finally:
            await host.close()

    status = asyncio.run(main())
    assert Status("event", detail=not_announced(
        "no network interface here carries multicast", "en")) in status
