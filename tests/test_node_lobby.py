"""The lobby, the seat files and the command line's checks, on 127.0.0.1.

Joining with a wrong invite code, a full table or an identity seated twice is
refused with a clear error; the seat record is private and survives a round
trip; a damaged record or a bad game directory is refused; bad timer options
fail before any lobby is opened.
"""

from __future__ import annotations

import asyncio
import json
import os
import stat
import time
from pathlib import Path

import pytest

from tests.lobby_support import TableFactory, host_lobby
from tests.protocol_support import genesis_of_version, new_game
from wizard_p2p import cli
from wizard_p2p.commands.networked import parse_address
from wizard_p2p.errors import DecodeError, UsageError
from wizard_p2p.node.lobby import LobbyError, new_invite_code
from wizard_p2p.node.store import GameStore, SeatRecord, list_games
from wizard_p2p.protocol import messages as m


def test_wrong_invite_code_is_refused_with_a_clear_error(lobby_table: TableFactory) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            t.serve()
            joiner = t.joiner("Eve", code=new_invite_code())
            started = time.monotonic()
            with pytest.raises(LobbyError, match="invite code"):
                await joiner.join(timeout=30)
            assert time.monotonic() - started < 10  # refused, not timed out
            assert [p.name for p in t.host.players] == ["Host"]

    asyncio.run(main())


NEWER = f"wizard-p2p/{m.VERSION + 1}"


@pytest.mark.parametrize("side", ["joiner", "host"])
def test_players_of_two_protocol_versions_are_told_so_at_hello(
    lobby_table: TableFactory, side: str
) -> None:
    """A client of another version is refused by name in the lobby (the host checks the
    joiner's hello, the joiner the host's welcome), not later by the terms' schema."""

    async def main() -> None:
        async with lobby_table(protocol=NEWER if side == "host" else m.PROTOCOL) as t:
            t.serve()
            joiner = t.joiner("Old", protocol="wizard-p2p/3" if side == "joiner" else m.PROTOCOL)
            # Refused at once; seated, the joiner would wait for terms that never come.
            with pytest.raises(LobbyError) as refused:
                await asyncio.wait_for(joiner.join(timeout=30), 10)
            message = str(refused.value)
            assert m.PROTOCOL in message and "same version" in message
            assert ("wizard-p2p/3" if side == "joiner" else NEWER) in message
            if side == "joiner":
                assert [p.name for p in t.host.players] == ["Host"]  # never seated

    asyncio.run(main())


def test_full_table_and_twice_seated_identity_are_refused(lobby_table: TableFactory) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            t.serve()  # no autostart: the host waits
            first = t.joiner("Ann")
            t.join(first)
            await t.until(lambda: len(host.players) == 2)
            with pytest.raises(LobbyError, match="seated already"):
                await t.joiner("Ann2", identity=first.identity).join()
            t.join(t.joiner("Bob"))
            await t.until(lambda: len(host.players) == 3)
            with pytest.raises(LobbyError, match="the table is full"):
                await t.joiner("Cid").join()
            assert [p.name for p in host.players] == ["Host", "Ann", "Bob"]
            assert host.can_start

    asyncio.run(main())


def test_random_lobby_port_gets_a_free_mesh_port(lobby_table: TableFactory) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            assert host.port != 0 and host.mesh_port not in (None, 0, host.port)

    asyncio.run(main())


def test_seat_record_is_private_and_round_trips(tmp_path: Path) -> None:
    record = SeatRecord("0123456789abcdef", 2, "Zoë", os.urandom(32), "127.0.0.1", 40001,
                        "192.168.1.20")
    store = GameStore(tmp_path, record.game_dir)
    store.save_seat(record)
    assert store.load_seat() == record
    assert stat.S_IMODE(store.seat_path.stat().st_mode) == 0o600
    assert list_games(tmp_path)[0].game_dir == record.game_dir
    assert store.read_log() == []


@pytest.mark.parametrize(
    "damage",
    [b"", b"{", b"[]", b'{"seat": 1}',
     json.dumps({"game_dir": "a", "seat": 0, "name": "x", "master_secret": "zz",
                 "listen_host": "h", "listen_port": 1, "lobby_host": "h"}).encode()],
)
def test_damaged_seat_record_is_refused(tmp_path: Path, damage: bytes) -> None:
    store = GameStore(tmp_path, "0123456789abcdef")
    store.path.mkdir(parents=True)
    store.seat_path.write_bytes(damage)
    with pytest.raises(DecodeError, match="seat record is damaged"):
        store.load_seat()


@pytest.mark.parametrize("name", ["", "..", ".hidden", "a/b"])
def test_bad_game_directory_names_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(UsageError):
        GameStore(tmp_path, name)


# --- the command line ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value"),
    [("--stall-limit", "0"), ("--stall-limit", "-5"), ("--silence-limit", "nan"),
     ("--silence-limit", "0")],
)
def test_bad_timer_options_fail_before_the_lobby_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    code = cli.main(["host", "--headless", "--seats", "3", "--port", "0", "--listen",
                     "127.0.0.1", "--data-dir", str(tmp_path), option, value])
    assert code == 2
    captured = capsys.readouterr()
    assert f"{option} is a number of seconds above 0" in captured.err
    assert "invite code" not in captured.out  # no lobby was opened


def test_resume_without_a_game_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["resume", "--data-dir", str(tmp_path), "--headless"]) == 2
    assert "no game to resume" in capsys.readouterr().err


def test_resume_of_a_game_of_another_protocol_version_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game saved by a client of the version before is refused by name, not read with
    this version's rules (which would refuse its genesis as malformed)."""
    game = new_game(3, seed=5)
    store = GameStore(tmp_path, "older-game")
    store.save_seat(SeatRecord("older-game", 1, "bea", game.masters[1], "127.0.0.1", 1, "x"))
    store.log_path.write_bytes(genesis_of_version(game, m.VERSION - 1) + b"\n")
    before = store.log_path.read_bytes()
    assert cli.main(["resume", "--data-dir", str(tmp_path), "--headless"]) == 2
    err = capsys.readouterr().err
    assert f"protocol version {m.VERSION - 1}" in err and f"version {m.VERSION}" in err
    assert store.log_path.read_bytes() == before  # nothing changed


@pytest.mark.parametrize(
    ("text", "expected"),
    [("192.168.1.20:47474", ("192.168.1.20", 47474)), ("10.0.0.2", ("10.0.0.2", 47474)),
     ("[::1]:5000", ("::1", 5000))],
)
def test_parse_address(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", [":47474", "host:0", "host:99999", "host:port"])
def test_parse_address_refuses_nonsense(text: str) -> None:
    with pytest.raises(UsageError, match="an address looks like"):
        parse_address(text)


def test_the_addresses_to_share_are_read_from_the_interfaces_without_any_traffic() -> None:
    import ipaddress

    from wizard_p2p.node.invite import _interface_addresses, lan_addresses

    # The loopback interface is always there, and is read like any other.
    assert "127.0.0.1" in _interface_addresses()
    shared = lan_addresses()
    for address in shared:
        ip = ipaddress.IPv4Address(address)
        assert not ip.is_loopback
    assert shared == sorted(set(shared))


def test_the_host_switches_variants_the_players_see_them_and_the_game_plays_them(
    lobby_table: TableFactory,
) -> None:
    from wizard_p2p.errors import ConfigError
    from wizard_p2p.tables.wizard.table import WizardTable

    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            serving = t.serve()
            joiners = [t.joiner(name) for name in ("Ann", "Bob")]
            joining = [t.join(j, timeout=30) for j in joiners]
            await t.until(lambda: len(host.players) == 3)
            host.set_variants(["hidden_bids", "clairvoyance"])
            await t.until(lambda: all(
                j.variants == ("hidden_bids", "clairvoyance") for j in joiners
            ))
            with pytest.raises(ConfigError, match="hidden"):
                host.set_variants(["hidden_bids", "plus_minus_one"])  # refused by the rules
            assert host.variants == ("hidden_bids", "clairvoyance")  # unchanged
            host.start()
            with pytest.raises(UsageError, match="started"):
                host.set_variants([])
            starts = await asyncio.wait_for(asyncio.gather(serving, *joining), 60)
            for start in starts:
                table = WizardTable(start.genesis)
                assert table.config.variants() == ("hidden_bids", "clairvoyance")

    asyncio.run(main())


def test_the_console_lobby_offers_the_variants_to_the_host_only(
    lobby_table: TableFactory,
) -> None:
    from wizard_p2p.commands.lobby_adapter import LobbyAdapter
    from wizard_p2p.rules import VARIANT_NAMES

    async def never(start: object) -> object:
        raise AssertionError("no game in this test")

    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            console = LobbyAdapter(host, never)  # type: ignore[arg-type]
            assert console.snapshot().variant_choices == VARIANT_NAMES
            console.set_variants(("secret_bids",))
            assert console.snapshot().variants == ("secret_bids",)
            assert "secret_bids" in host.variants
            guest = LobbyAdapter(t.joiner("Ann"), never)  # type: ignore[arg-type]
            assert guest.snapshot().variant_choices == ()
            with pytest.raises(UsageError, match="host"):
                guest.set_variants(("clairvoyance",))

    asyncio.run(main())


def test_the_console_of_a_removed_joiner_is_given_the_refusal_as_data(
    lobby_table: TableFactory,
) -> None:
    from wizard_p2p.commands.lobby_adapter import LobbyAdapter

    async def never(start: object) -> object:
        raise AssertionError("no game in this test")

    async def main() -> None:
        async with lobby_table() as t:
            t.serve()
            ann = t.joiner("Ann")
            console = LobbyAdapter(ann, never)  # type: ignore[arg-type]
            console.begin()
            await t.until(lambda: ann.seat == 1)
            t.host.remove(1)
            assert console.task is not None
            await asyncio.wait_for(console.task, 30)  # the lobby ended: the refusal
            snap = console.snapshot()
            assert snap.closed == "the host refused: the host removed you from the table"
            assert snap.closed_said is not None
            assert snap.closed_said.key == "lobby_refused_removed"

    asyncio.run(main())


def test_a_lobby_left_without_a_game_gives_its_mesh_port_back(tmp_path: Path) -> None:
    import socket

    async def main() -> None:
        host = host_lobby(tmp_path)
        await host.open()
        port = host.mesh_port
        assert port is not None
        probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            with pytest.raises(OSError):
                probe.bind(("127.0.0.1", port))  # held for the game's mesh
            await host.close()
            probe.bind(("127.0.0.1", port))  # no game: given back
        finally:
            probe.close()

    asyncio.run(main())


def test_a_lobby_port_in_use_says_which_option_chooses_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    taken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        code = cli.main(["host", "--headless", "--listen", "127.0.0.1", "--port", str(port),
                         "--data-dir", str(tmp_path / "data")])
    finally:
        taken.close()
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"127.0.0.1:{port}" in err and "choose another with --port" in err
    assert "Traceback" not in err
