"""The lobby as a lifecycle, on 127.0.0.1: players come, leave, vanish, are removed
and are replaced; a host that leaves tells everyone; the host starts with any count
from three up; names are unique at a table and checked before anything is sent; a
bot's seat is known to the game, and a bot ends a stalled game by itself only when
no person is at the table."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.lobby_support import NET, TIMERS, RawClient, TableFactory
from tests.test_node_peer import Game, run, seat_players  # noqa: F401  (run: a fixture)
from wizard_p2p import cli
from wizard_p2p.errors import DecodeError, UsageError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, LobbyClient, LobbyServer
from wizard_p2p.node.lobby import JoinLobby, LobbyError, lobby_keys, new_invite_code
from wizard_p2p.node.lobby_common import Seated, encode
from wizard_p2p.node.stall import PeerTimers, StallWatch
from wizard_p2p.protocol.lobby_schema import Hello, Welcome, decode_lobby
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables import RULES
from wizard_p2p.tables.wizard.table import WizardTable


def test_a_joiner_who_leaves_frees_the_seat_for_the_next(lobby_table: TableFactory) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            serving = t.serve(autostart=True)
            ann, bob, cid = (t.joiner(n) for n in ("Ann", "Bob", "Cid"))
            ann_joining = t.join(ann)
            await t.until(lambda: [p.name for p in ann.players] == ["Host", "Ann"])
            ann_joining.cancel()
            await asyncio.gather(ann_joining, return_exceptions=True)
            await ann.close()  # says bye
            await t.until(lambda: len(host.players) == 1)
            assert "Ann left" in host.status
            joining = [t.join(j) for j in (bob, cid)]
            starts = await asyncio.wait_for(asyncio.gather(serving, *joining), 60)
            names = [p["name"] for p in WizardTable(starts[0].genesis).players]
            assert names[0] == "Host" and sorted(names[1:]) == ["Bob", "Cid"]

    asyncio.run(main())


def test_a_joiner_that_vanishes_frees_its_seat_and_the_others_see_it(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            t.serve()
            ann = t.joiner("Ann")
            t.join(ann)
            async with RawClient(host) as ghost:  # seated, then never heard again
                assert isinstance(await ghost.ask(ghost.hello("Ghost")), Welcome)
                await t.until(lambda: len(ann.players) == 3)
                await t.until(lambda: len(ann.players) == 2)
            assert [p.name for p in host.players] == ["Host", "Ann"]
            assert "Ghost is gone" in host.status

    asyncio.run(main())


def test_a_host_that_leaves_tells_every_joiner(lobby_table: TableFactory) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            serving = t.serve()
            joining = t.join(t.joiner("Ann"))
            await t.until(lambda: len(host.players) == 2)
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
            await host.close()
            with pytest.raises(LobbyError, match="the host left the lobby"):
                await asyncio.wait_for(joining, 30)

    asyncio.run(main())


def test_a_host_that_vanishes_is_noticed_by_its_joiners(tmp_path: Path) -> None:
    async def main() -> None:
        # A host's lobby socket that welcomes Ann, then is gone without a word.
        code = new_invite_code()
        server = LobbyServer(lobby_keys(code), host="127.0.0.1", port=0, config=NET)
        await server.start()
        ann = JoinLobby(Identity.generate(), CurveKeys.generate(), "Ann", "127.0.0.1",
                        server.port, code, tmp_path / "ann", listen_host="127.0.0.1",
                        net_config=NET, timers=TIMERS)
        joining = asyncio.ensure_future(ann.join())
        try:
            asked = await server.recv(timeout=10)
            hello = decode_lobby(asked.payload, games=RULES)
            assert isinstance(hello, Hello)
            me = Seated("Host", Identity.generate().public_key, CurveKeys.generate().public,
                        ":7001", b"\x01" * 32)
            ann_seated = Seated.from_lobby(hello.player)
            server.reply(asked, encode({
                "type": "welcome", "seat": 1, "protocol": PROTOCOL, "variants": [],
                "players": [me.to_json(), ann_seated.to_json()]}))
            await asyncio.wait_for(_seated(ann), 30)
            await server.close()  # the host stops answering, and says nothing
            with pytest.raises(LobbyError, match="the host is gone"):
                await asyncio.wait_for(joining, 30)
        finally:
            joining.cancel()
            await asyncio.gather(joining, return_exceptions=True)
            await ann.close()
            await server.close()

    asyncio.run(main())


async def _seated(lobby: JoinLobby) -> None:
    changed = asyncio.Event()
    lobby.subscribe(changed.set)
    while lobby.seat is None:
        changed.clear()
        await changed.wait()


def test_the_host_removes_a_player_and_starts_with_three_of_four(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table(seats=4) as t:
            host = t.host
            serving = t.serve()
            lobbies = [t.joiner(n) for n in ("Ann", "Bob", "Eve")]
            tasks = [t.join(j) for j in lobbies]
            await t.until(lambda: len(host.players) == 4)
            eve = next(s for s, p in enumerate(host.players) if p.name == "Eve")
            host.remove(eve)
            with pytest.raises(LobbyError, match="removed you"):
                await asyncio.wait_for(tasks[2], 30)
            with pytest.raises(UsageError, match="own seat"):
                host.remove(0)
            # Eve may ask again: she waits for the host, who turns her away this time.
            again = t.again(lobbies[2])
            asking = t.join(again, timeout=6)
            await t.until(lambda: [p.name for p in host.waiting] == ["Eve"])
            assert host.status == "Eve asks to join again" and len(host.players) == 3
            host.refuse(host.waiting[0].client or "")
            with pytest.raises(LobbyError, match="did not admit you"):
                await asyncio.wait_for(asking, 30)
            host.start()  # three of four seats: a game of three
            starts = await asyncio.wait_for(asyncio.gather(serving, *tasks[:2]), 60)
            table = WizardTable(starts[0].genesis)
            assert table.config.seats == 3 and len(table.players) == 3

    asyncio.run(main())


def test_the_host_is_told_why_it_cannot_start_and_names_are_unique(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            t.serve()
            t.join(t.joiner("Ann"))
            await t.until(lambda: len(host.players) == 2)
            with pytest.raises(UsageError, match="at least 3 players: 2 seated"):
                host.start()
            with pytest.raises(LobbyError, match="taken at this table"):
                await t.joiner("ann").join()

    asyncio.run(main())


@pytest.mark.parametrize("command", ["host", "join", "bot"])
@pytest.mark.parametrize("name", ["\x1b[2J", "Ann\x00", "x" * 33, "   ", "a\u202eb"])
def test_a_bad_name_is_refused_before_anything_is_sent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, name: str
) -> None:
    argv = [command] if command == "host" else [command, "127.0.0.1:9", "--code", "ABCD-EF23"]
    code = cli.main([*argv, "--name", name, "--data-dir", str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 2 and "cannot be used" in err and "\x1b" not in err and "\x00" not in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "data").exists()  # refused before even the keys were made


def test_bots_say_so_and_the_game_knows_which_seats_are_people(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table(seats=4) as t:
            host = t.host
            serving = t.serve(autostart=True)
            lobbies = [t.joiner("Bot 1", bot=True), t.joiner("Ann"), t.joiner("Bot 2", bot=True)]
            tasks: list[asyncio.Future[Any]] = []
            for lobby in lobbies:  # in this order: a bot first
                tasks.append(t.join(lobby))
                await t.until(lambda: len(host.players) == len(tasks) + 1)
            starts = await asyncio.wait_for(asyncio.gather(serving, *tasks), 60)
            names = [p["name"] for p in WizardTable(starts[0].genesis).players]
            assert names == ["Host", "Ann", "Bot 1", "Bot 2"]  # people first
            assert {s.people for s in starts} == {frozenset({0, 1})}

    asyncio.run(main())


def test_a_bot_ends_a_stalled_game_by_itself_only_when_no_person_is_seated(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        peer = game.peer(game.players[0])
        try:
            def watch(seat: int, auto_abort: bool, people: frozenset[int]) -> StallWatch:
                return StallWatch(peer.table, seat, silent=set(), timers=PeerTimers(),
                                  auto_abort=auto_abort, subscribers=[], abort=lambda: None,
                                  people=people)

            bot = watch(1, True, frozenset({0, 2}))
            alone = watch(2, True, frozenset({0}))
            person = watch(0, False, frozenset({0}))
            bot.held_by = 0  # seat 0 (a person) stalls; seat 2 is a person too
            assert not bot.ends_stalls()
            bot.held_by = 2
            assert not bot.ends_stalls()  # seat 0, a person, is at the table
            alone.held_by = 0  # the only person stalls: no person is left to ask
            assert alone.ends_stalls()
            person.held_by = 1
            assert not person.ends_stalls()  # a person is offered it, never automatic
        finally:
            await peer.close()

    run(main())


def test_the_lifecycle_messages_are_read_back() -> None:
    from wizard_p2p.protocol.lobby_schema import Bye, Ping, Wait, decode_lobby

    assert decode_lobby(b'{"type":"ping"}', games=RULES) == Ping()
    assert decode_lobby(b'{"type":"bye"}', games=RULES) == Bye()
    assert decode_lobby(b'{"type":"bye","reason":"the host left the lobby"}', games=RULES) == Bye(
        "the host left the lobby"
    )
    assert decode_lobby(b'{"type":"wait","reason":"one by one"}', games=RULES) == Wait("one by one")
    for bad in (b'{"type":"ping","x":1}', b'{"type":"bye","reason":"\\u001b[2J"}',
                b'{"type":"wait"}'):
        with pytest.raises(DecodeError):
            decode_lobby(bad, games=RULES)


@pytest.mark.parametrize(
    "content",
    [b"[0, 2]", b"[]", b"[0, 0]", b"[6]", b'["0"]', b"[true]", b"{}", b"[0" * 40, b"\xff"],
)
def test_the_seats_of_people_are_kept_for_a_resumed_seat(tmp_path: Path, content: bytes) -> None:
    from wizard_p2p.node.lobby import load_people
    from wizard_p2p.node.lobby_common import save_people
    from wizard_p2p.node.store import GameStore

    store = GameStore(tmp_path, "0123456789abcdef")
    assert load_people(store) is None  # not known
    save_people(store, frozenset({0, 2}))
    assert load_people(store) == frozenset({0, 2})
    (store.path / "people.json").write_bytes(content)
    expected = {b"[0, 2]": frozenset({0, 2}), b"[]": frozenset()}.get(content)
    assert load_people(store) == expected


def test_a_player_the_host_refused_asks_again_and_is_admitted(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table(approve=True) as t:
            host = t.host
            t.serve()
            ann = t.joiner("Ann")
            first = t.join(ann)
            await t.until(lambda: len(host.waiting) == 1)
            host.refuse(host.waiting[0].client or "")
            with pytest.raises(LobbyError, match="did not admit you") as refused:
                await asyncio.wait_for(first, 30)
            # ... and as data, for Ann's console to word in her language.
            assert refused.value.said is not None
            assert refused.value.said.key == "lobby_refused_not_admitted"
            await ann.close()
            # The same player runs join again: the host sees the request, and admits it.
            again = t.again(ann)
            t.join(again)
            await t.until(lambda: len(host.waiting) == 1)
            assert host.status == "Ann asks to join again"
            host.admit(host.waiting[0].client or "")
            await t.until(lambda: again.seat == 1)
            assert [p.name for p in host.players] == ["Host", "Ann"]

    asyncio.run(main())


def test_a_joiner_no_longer_on_the_hosts_list_ends_with_a_reason(
    lobby_table: TableFactory,
) -> None:
    async def main() -> None:
        async with lobby_table() as t:
            host = t.host
            t.serve()
            ann = t.joiner("Ann")
            joining = t.join(ann)
            await t.until(lambda: ann.seat == 1)
            # Another program with her keys says goodbye: the host's list drops Ann
            # without telling her, and she must not stay on a screen that seats her.
            twin = LobbyClient(ann.curve_keys, f"tcp://127.0.0.1:{host.port}",
                               lobby_keys(host.code).public, config=NET)
            await twin.start()
            try:
                twin.send(json.dumps({"type": "bye"}).encode())
                await t.until(lambda: [p.name for p in host.players] == ["Host"])
            finally:
                await twin.close()
            with pytest.raises(LobbyError, match="no seat at this table"):
                await asyncio.wait_for(joining, 30)

    asyncio.run(main())


def test_a_second_program_with_the_same_data_folder_ends_at_once_and_says_why(
    tmp_path: Path,
) -> None:
    import subprocess
    import sys

    from wizard_p2p.commands.one_program import one_program

    data = tmp_path / "ann"
    # The first program (this test) holds the folder; a second `join` from it ends at
    # once, before it says hello to anyone, naming what to do instead.
    with one_program(data):
        second = subprocess.run(
            [sys.executable, "-m", "wizard_p2p", "bot", "127.0.0.1:9", "--code", "AAAA-AAAA",
             "--data-dir", str(data)],
            capture_output=True, text=True, timeout=60, check=False,
        )
    assert second.returncode == 2, second.stderr
    assert "another wizard-p2p program is playing with the keys in" in second.stderr
    assert "--data-dir" in second.stderr and "Traceback" not in second.stderr
    # Once the first has ended, the folder is free again.
    with one_program(data):
        pass
