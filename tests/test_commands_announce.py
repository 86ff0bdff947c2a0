"""The host's announcement (``commands.announcing``) and the command line around discovery:
what a lobby announces as it changes (and never: its code, its key), who announces at all,
what the host is told when it cannot announce (or no longer does), in its language, that
withdrawing never raises, and the parsers' defaults."""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.lobby_support import host_lobby
from tests.test_tui_cjk import ascii_punctuation
from wizard_p2p.cli import build_parser, parse_options
from wizard_p2p.commands import networked
from wizard_p2p.commands.announcing import LobbyAnnouncer, announce_lobby, not_announced
from wizard_p2p.commands.lobby_adapter import LobbyAdapter
from wizard_p2p.commands.options import HostOptions, PlayOptions
from wizard_p2p.errors import WizardError
from wizard_p2p.net.discovery import (
    FAILED,
    LISTEN_ELSEWHERE,
    NO_INTERFACE,
    Browser,
    DiscoveryUnavailable,
)
from wizard_p2p.node.lobby import HostLobby, lobby_keys
from wizard_p2p.protocol.announce import LOBBY, PLAYING, decode_announcement, encode_announcement
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables import lobby_terms
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.lobby_screen import LobbyLine, LobbyStatusKind

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
    game: GameName = GameName.WIZARD

    @property
    def seats(self) -> int:
        return self.config.seats

    @property
    def variants(self) -> tuple[str, ...]:
        return self.config.variants()

    def subscribe(self, callback: Callable[[], None]) -> None:
        self.callbacks.append(callback)

    def changed(self) -> None:
        for callback in self.callbacks:
            callback()


class FakeAnnouncer:
    """What announces the lobby (``LobbyAnnouncer(make_announcer=fake.made)``), in memory."""

    def __init__(self) -> None:
        self.texts: list[bytes] = []
        self.closed = False
        self.started = False
        self.on_failure: Callable[[WizardError], None] | None = None

    def made(
        self, instance: str, port: int, text: bytes, listen: str,
        on_failure: Callable[[WizardError], None],
    ) -> FakeAnnouncer:
        self.on_failure = on_failure
        return self

    async def start(self) -> None:
        self.started = True

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
        fake = FakeAnnouncer()
        announcer = LobbyAnnouncer(lobby, make_announcer=fake.made)  # type: ignore[arg-type]
        await announcer.start()
        assert fake.started and fake.texts == []  # the first text goes with the start
        lobby.players.append(object())
        lobby.changed()
        lobby.players.append(object())
        lobby.changed()
        lobby.changed()  # nothing new: nothing sent
        await announcer.pushed()
        assert [decode_announcement(t, lobby_terms).seated for t in fake.texts][-1] == 3
        await announcer.close()
        return fake

    fake = asyncio.run(main())
    assert [decode_announcement(t, lobby_terms).seated for t in fake.texts][-1] == 3
    assert len(fake.texts) <= 2 and fake.closed


def host_options(*argv: str) -> HostOptions:
    options = parse_options(["host", *argv])
    assert isinstance(options, HostOptions)
    return options


def test_only_a_host_without_no_announce_announces(tmp_path: Path) -> None:
    from wizard_p2p.commands.local_game import LocalGame

    assert host_options().announce is True
    assert host_options("--no-announce").announce is False
    play = parse_options(["play", "--seats", "3"])
    assert isinstance(play, PlayOptions)
    local = LocalGame(GameConfig(3), tmp_path, "ABCD-EF23", [], port=1, mesh_port=2)
    for options in (host_options("--no-announce"), networked.local_host_options(play, local)):
        assert options.announce is False
        assert asyncio.run(announce_lobby(options.announce, FakeLobby())) == (None, None)  # type: ignore[arg-type]
    on_loopback = FakeLobby(listen_host="127.0.0.1")  # for this machine alone: not announced
    assert asyncio.run(announce_lobby(host_options().announce, on_loopback)) == (  # type: ignore[arg-type]
        None, None)


def test_join_and_bot_take_no_address() -> None:
    parser = build_parser()
    assert parser.parse_args(["join", "--code", "K7QD-M2XP"]).address is None
    assert parser.parse_args(["bot"]).address is None
    assert parser.parse_args(["bot", "10.0.0.1:47474"]).address == "10.0.0.1:47474"


NO_MULTICAST = DiscoveryUnavailable("no network interface here carries multicast",
                                    kind=NO_INTERFACE)


def test_the_host_says_its_lobby_is_not_announced_in_one_sentence() -> None:
    sentence = not_announced(NO_MULTICAST, "en")
    assert sentence == ("The lobby is not announced on this network (no network interface "
                        "here carries multicast); players join with the address.")
    assert not_announced(NO_MULTICAST, "zh").endswith("玩家请用地址加入。")


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_chinese_and_japanese_say_why_in_their_own_words(lang: str) -> None:
    reasons = [
        NO_MULTICAST,
        DiscoveryUnavailable("it listens on 10.9.9.9, the address of no interface that "
                             "carries multicast", kind=LISTEN_ELSEWHERE, address="10.9.9.9"),
        DiscoveryUnavailable("multicast DNS could not run here (Operation not permitted)",
                             kind=FAILED),
    ]
    for reason in reasons:
        sentence = not_announced(reason, lang)
        english = {w for w in str(reason).replace("(", " ").replace(")", " ").split()
                   if w.isalpha() and w != "DNS"}
        assert not [w for w in english if w in sentence], sentence
        assert not ascii_punctuation(sentence), sentence
    assert "10.9.9.9" in not_announced(reasons[1], lang)


def test_a_sandbox_that_cannot_list_interfaces_still_hosts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refused() -> list[tuple[int, str]]:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(socket, "if_nameindex", refused)
    announcer, reason = asyncio.run(announce_lobby(host_options().announce, FakeLobby()))  # type: ignore[arg-type]
    assert announcer is None and isinstance(reason, DiscoveryUnavailable)
    assert reason.kind == FAILED and "Operation not permitted" in str(reason)

    async def browse() -> None:
        await Browser().start()

    with pytest.raises(DiscoveryUnavailable, match="could not run here"):
        asyncio.run(browse())


class BrokenAnnouncer(FakeAnnouncer):
    async def update(self, text: bytes) -> None:
        raise RuntimeError("the update broke")

    async def close(self) -> None:
        raise RuntimeError("the close broke")


def test_withdrawing_never_masks_the_error_that_ended_the_host(
    caplog: pytest.LogCaptureFixture,
) -> None:
    async def main() -> None:
        lobby = FakeLobby()
        broken = BrokenAnnouncer()
        announcer = LobbyAnnouncer(lobby, make_announcer=broken.made)  # type: ignore[arg-type]
        await announcer.start()
        lobby.players.append(object())
        lobby.changed()
        await announcer.pushed()  # the update failed: said by close, not here
        await announcer.close()  # logs both failures, raises neither

    with caplog.at_level(logging.WARNING, logger="wizard_p2p.commands.announcing"):
        asyncio.run(main())
    assert "the update broke" in caplog.text and "the close broke" in caplog.text


def test_an_announcement_that_stops_later_is_said_on_the_lobby_and_headless(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    told: list[object] = []
    fake = FakeAnnouncer()
    announcer = LobbyAnnouncer(
        FakeLobby(), on_failure=told.append, make_announcer=fake.made  # type: ignore[arg-type]
    )
    asyncio.run(announcer.start())
    assert fake.on_failure is not None
    fake.on_failure(NO_MULTICAST)  # as net.discovery.Announcer tells it
    assert told == [NO_MULTICAST]

    for lang in ("en", "zh", "ja"):  # a headless seat says it in the player's language
        headless = networked.SeatRun(host_options("--headless", "--lang", lang).seat)
        headless.no_longer_announced(NO_MULTICAST)
        tr = Translator(lang)
        why = str(NO_MULTICAST) if lang == "en" else tr("find_why_no_interface")
        assert capsys.readouterr().out == tr("find_not_announced", reason=why) + "\n"

    async def console() -> tuple[LobbyLine, ...]:
        host = host_lobby(tmp_path)
        await host.open()
        try:
            adapter = LobbyAdapter(host, make_peer=None)  # type: ignore[arg-type]
            changed: list[bool] = []
            adapter.subscribe(lambda: changed.append(True))
            run = networked.SeatRun(host_options("--lang", "en").seat,
                                    show_lobby_notice=adapter.show_announcement)
            run.no_longer_announced(NO_MULTICAST)
            assert changed  # the screen is drawn again
            return adapter.snapshot().status
        finally:
            await host.close()

    status = asyncio.run(console())
    assert LobbyLine(LobbyStatusKind.NOT_ANNOUNCED, why=NO_INTERFACE) in status
    assert capsys.readouterr().out == ""


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
    ad = decode_announcement(text, lobby_terms)
    assert (ad.name, ad.seats, ad.seated, ad.port, ad.state) == ("Host", 4, 1, host.port, LOBBY)
    keys = lobby_keys(host.code)
    me = host.players[0]
    for secret in (host.code, host.code.replace("-", ""), keys.public, keys.secret,
                   me.curve_key, me.sign_key.hex()):
        assert secret.encode() not in text, secret


def test_the_console_lobby_says_whether_it_is_announced_while_it_is_open(
    tmp_path: Path,
) -> None:
    async def main() -> list[tuple[LobbyLine, ...]]:
        host = host_lobby(tmp_path)
        await host.open()
        try:
            adapter = LobbyAdapter(host, make_peer=None)  # type: ignore[arg-type]
            said = [adapter.snapshot().status]  # on the loopback: not meant to be
            adapter.show_announcement(None)
            said.append(adapter.snapshot().status)
            adapter.show_announcement(NO_MULTICAST)
            said.append(adapter.snapshot().status)
            return said
        finally:
            await host.close()

    unsaid, announced, stopped = asyncio.run(main())
    kinds = {LobbyStatusKind.ANNOUNCED, LobbyStatusKind.NOT_ANNOUNCED}
    assert not kinds & {line.kind for line in unsaid}
    assert LobbyLine(LobbyStatusKind.ANNOUNCED) in announced
    assert LobbyLine(LobbyStatusKind.NOT_ANNOUNCED, why=NO_INTERFACE) in stopped
    assert LobbyLine(LobbyStatusKind.ANNOUNCED) not in stopped
