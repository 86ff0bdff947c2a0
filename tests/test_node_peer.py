"""``GamePeer`` on real ZeroMQ meshes, several seats on one asyncio loop (127.0.0.1).

These tests look inside the peers, which the multi-process tests cannot:

* an entry with a bad signature sent by a seated peer is dropped, the fault
  names the seat whose connection sent it, it is logged, and the game goes on;
* a process with keys nobody seated cannot complete a handshake with a peer's
  mesh, and the peer counts and logs the refusal;
* a seat that vanishes is shown to the others as ``disconnected``; when it
  comes back (a new ``GamePeer`` from its files) the game goes on by itself;
* a human seat (no automatic abort) may end the game only once the stalled seat
  has held it up for the stall limit; the ``abort`` entry names the seat and
  the audit verifies the log;
* after a crash in the clairvoyance round, the resumed seat reads the others'
  key shares from its own log (they are sealed to it there) and plays on.

Waiting is on the peers' change callbacks, with deadlines; never a fixed sleep.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest
import zmq
import zmq.asyncio

from wizard_p2p.audit import audit_entries
from wizard_p2p.bots import RandomPolicy
from wizard_p2p.bots.seat_bot import PolicyBot
from wizard_p2p.commands.wizard_seat import WizardSeat
from wizard_p2p.commands.wizard_warmup import warm_up
from wizard_p2p.errors import UsageError
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, Mesh, NetConfig
from wizard_p2p.net.frames import Entry, encode_mesh
from wizard_p2p.node.lobby import GameStart, HostLobby, JoinLobby
from wizard_p2p.node.peer import GamePeer, PeerTimers
from wizard_p2p.node.stall import COUNTDOWN_TICK
from wizard_p2p.protocol.events import Aborted
from wizard_p2p.protocol.game import Body, Rewrite
from wizard_p2p.protocol.messages import decode_entry, encode_entry, entry_hash
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import GameConfig, Suit
from wizard_p2p.seat.controller import Status, StatusKind
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.kinds import CHOICE_KINDS, WizardKind
from wizard_p2p.tables.wizard.lobby import WizardTerms
from wizard_p2p.tables.wizard.round_state import round_size
from wizard_p2p.tables.wizard.table import WizardTable

# An entry of Wizard's log, read by its body table.
_read = partial(decode_entry, bodies=BODIES)

NET = NetConfig(
    heartbeat_interval=0.2,
    silence_limit=1.0,
    resend_interval=0.3,
    ack_delay=0.05,
    sync_timeout=1.0,
    redial_interval=0.3,
    reconnect_ivl_max_ms=500,
)
DEADLINE = 60.0
# A stalled seat is named by the seat the right to end the game falls to. Its stall
# limit leaves room for a loaded machine: well beyond the silence limit (the silence
# is seen late there) and beyond an honest seat's slowest pass. Every other seat's is
# far beyond the test's, so that none ends the game in its place when a loaded machine
# shows it that seat silent for a moment (a seat's stall limit is its own, not a term
# of the game).
STALL_LIMIT = 3.0
NEVER = 600.0


def ended_by(writer: int, seats: int = 3) -> dict[int, PeerTimers]:
    """Per-seat timers: only ``writer`` ends a stalled game within the test."""
    return {s: PeerTimers(STALL_LIMIT if s == writer else NEVER) for s in range(seats)}


@dataclass
class Player:
    start: GameStart
    identity: Identity
    curve: CurveKeys

    @property
    def seat(self) -> int:
        return self.start.record.seat


async def seat_players(tmp_path: Path, config: GameConfig) -> list[Player]:
    """Run the lobby (host and joiners on this loop); the players in seat order."""
    n = config.seats
    host = HostLobby(
        Identity.generate(),
        CurveKeys.generate(),
        "Host",
        WizardTerms(config),
        tmp_path / "host",
        listen_host="127.0.0.1",
        port=0,
        net_config=NET,
    )
    await host.open()
    joins = [
        JoinLobby(
            Identity.generate(),
            CurveKeys.generate(),
            f"Join {i}",
            "127.0.0.1",
            host.port,
            host.code,
            tmp_path / f"join{i}",
            listen_host="127.0.0.1",
            net_config=NET,
        )
        for i in range(1, n)
    ]
    try:
        starts = await asyncio.wait_for(
            asyncio.gather(host.serve(autostart=True), *(j.join() for j in joins)), DEADLINE
        )
    finally:
        await host.close()
        for j in joins:
            await j.close()
    players = [
        Player(start, lobby.identity, lobby.curve_keys)
        for start, lobby in zip(starts, [host, *joins], strict=True)
    ]
    return sorted(players, key=lambda p: p.seat)


def _bot_of_policy(kwargs: dict[str, object]) -> dict[str, object]:
    """``GamePeer``'s arguments, a ``policy`` given as the Wizard bot that plays it."""
    if "policy" in kwargs:
        policy = kwargs.pop("policy")
        kwargs["bot"] = None if policy is None else PolicyBot(policy)  # type: ignore[arg-type]
    return kwargs


class Game:
    """The peers of one game and a way to wait for conditions on them."""

    def __init__(self, players: list[Player]) -> None:
        self.players = players
        self.peers: list[GamePeer] = []
        self._changed = asyncio.Event()

    def peer(self, player: Player, **kwargs: object) -> GamePeer:
        peer = GamePeer(
            player.start.store,
            player.start.record,
            player.identity,
            player.curve,
            player.start.genesis,
            net_config=NET,
            **_bot_of_policy(kwargs),  # type: ignore[arg-type]
        )
        peer.subscribe(self._changed.set)
        return peer

    async def start(
        self, policies: dict[int, object | None],
        timers: dict[int, PeerTimers] | None = None,
        rewrites: dict[int, Rewrite] | None = None, **kwargs: object,
    ) -> None:
        """Start every seat's peer: ``policies``, ``timers`` and ``rewrites`` (a modified
        client's hook on what it writes) by seat (a seat not in ``policies`` plays at
        random; ``timers`` None: the default ones)."""
        self.peers = [
            self.peer(
                p, policy=policies.get(p.seat, RandomPolicy()),
                rewrite=(rewrites or {}).get(p.seat),
                **({} if timers is None else {"timers": timers[p.seat]}), **kwargs,
            )
            for p in self.players
        ]
        for peer in self.peers:
            await peer.start()

    async def until(
        self, predicate: Callable[[], object], what: str, timeout: float = DEADLINE
    ) -> None:
        """Wait until ``predicate()`` holds, re-checking on every change of any peer."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate():
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what}")
            self._changed.clear()
            # Mesh-level state (silence) changes without a game change: re-check at least
            # every 100 ms.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 0.1))

    async def until_first_bid(self, seat: int) -> None:
        """Wait until ``seat`` (which plays by no policy) is to bid and every log agrees.

        When the turned card is a Wizard and ``seat`` deals, it must name trump first:
        it does so here (the game would wait for it forever otherwise).
        """
        peer = self.peers[seat]

        def due(kinds: tuple[str, ...]) -> bool:
            return (
                peer.table.choice_needed() in kinds
                and len({len(p.table.log) for p in self.peers}) == 1
            )

        await self.until(lambda: due(("bid", "trump")), f"seat {seat}'s first choice")
        if peer.table.choice_needed() == "trump":
            WizardSeat(peer).choose_trump(Suit.HUMANS)
            await self.until(lambda: due(("bid",)), f"seat {seat}'s first bid")

    async def crash(self, seat: int) -> None:
        """The seat's process goes away: its mesh closes, nothing more is written."""
        await self.peers[seat].close()

    async def resume(self, seat: int, **kwargs: object) -> GamePeer:
        """A new process for the seat, from its files only (seat.json and the log)."""
        player = self.players[seat]
        store = player.start.store
        record = store.load_seat()
        lines = store.read_log()
        peer = GamePeer(
            store,
            record,
            player.identity,
            player.curve,
            lines[0],
            net_config=NET,
            **_bot_of_policy(kwargs),  # type: ignore[arg-type]
        )
        peer.subscribe(self._changed.set)
        await peer.start()
        self.peers[seat] = peer
        return peer

    def logs_agree(self, seats: list[int] | None = None) -> bool:
        chosen = [self.peers[s] for s in (seats if seats is not None else range(len(self.peers)))]
        shortest = min(len(p.table.log) for p in chosen)
        return all(p.table.log[:shortest] == chosen[0].table.log[:shortest] for p in chosen)

    async def close(self) -> None:
        for peer in self.peers:
            await peer.close()


@pytest.fixture
def run() -> Callable[..., object]:
    def runner(coroutine: object) -> object:
        return asyncio.run(asyncio.wait_for(coroutine, 120))  # type: ignore[arg-type]

    return runner


# --- forged entries -------------------------------------------------------------------------


def test_entry_with_bad_signature_is_dropped_and_names_its_sender(
    tmp_path: Path, run: Callable[..., object], caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        # Seat 0 makes no choice by itself, so the game waits for its first bid.
        await game.start({0: None})
        try:
            peers = game.peers
            await game.until_first_bid(0)
            table = peers[0].table
            pos = len(table.log)
            assert table.round is not None
            header = {
                "game": table.game_id,
                "pos": pos,
                "prev": entry_hash(table.log[-1]),
                "seat": 0,
                "kind": "bid",
            }
            body = {"round": table.round.round_no, "bid": 0}
            forged = [
                # Signed with a key that is not seat 0's.
                encode_entry(Identity.generate(), **header, body=body),  # type: ignore[arg-type]
                # Signed by seat 0, then altered on the way.
                encode_entry(peers[0].identity, **header, body=body).replace(  # type: ignore[arg-type]
                    b'"bid":0', b'"bid":1'
                ),
                # Seat 0's connection passing off an entry as seat 2's.
                encode_entry(peers[0].identity, **{**header, "seat": 2}, body=body),  # type: ignore[arg-type]
            ]
            # Seat 0's mesh sends them to the others over its authenticated links: each
            # refuses them, naming seat 0, and changes nothing.
            mesh = peers[0].mesh
            assert mesh is not None
            for raw in forged:
                parts = encode_mesh(Entry(pos, raw), mesh.game_id)
                for other in peers[1:]:
                    assert mesh.send_raw(other.curve_keys.public, parts)
            await game.until(
                lambda: all(len(p.faults) == 3 for p in peers[1:]), "seats 1 and 2 to refuse them"
            )
            for other in peers[1:]:
                assert all("sent by seat 0" in f for f in other.faults)
                assert all("signature does not verify" in f for f in other.faults)
                assert len(other.table.log) == pos
            rejected = [r for r in caplog.records if "rejected entry" in r.getMessage()]
            assert len(rejected) == 6 and all(r.levelno == logging.WARNING for r in rejected)
            assert all(f"rejected entry {pos} from seat 0" in r.getMessage() for r in rejected)
            # The genuine bid is accepted everywhere and the game goes on.
            view = table.view()
            assert view is not None
            WizardSeat(peers[0]).bid(0)
            await game.until(
                lambda: all(len(p.table.log) > pos + 1 for p in peers) and game.logs_agree(),
                "the game to go on past the forged position",
            )
            assert all(f not in p.table.log for f in forged for p in peers)
            assert not peers[0].faults
        finally:
            await game.close()

    caplog.set_level(logging.WARNING, logger="wizard_p2p.node.faults")
    run(main())


def test_unseated_keys_cannot_connect_to_a_peer(tmp_path: Path, run: Callable[..., object]) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({})
        try:
            peers = game.peers
            target = peers[1]
            assert target.mesh is not None
            before = len(target.table.log)
            # An intruder built from the same mesh code, with its own keys, dialling seat 1;
            # it also claims seat 0's routing id to try to take over seat 0's connection.
            intruder = Mesh(
                CurveKeys.generate(),
                host="127.0.0.1",
                port=0,
                config=NET,
                game_id=target.table.game_id.hex()[:32],
            )
            await intruder.start()
            try:
                intruder.add_peer(
                    target.curve_keys.public, f"tcp://127.0.0.1:{target.record.listen_port}"
                )
                await game.until(
                    lambda: target.mesh.stats.auth_failures >= 1,  # type: ignore[union-attr]
                    "seat 1 to refuse the intruder's handshake",
                )
                thief = zmq.asyncio.Context()
                sock = thief.socket(zmq.DEALER)
                keys = CurveKeys.generate()
                sock.setsockopt(zmq.LINGER, 0)
                sock.setsockopt(zmq.ROUTING_ID, peers[0].curve_keys.public.encode())
                sock.setsockopt(zmq.CURVE_SERVERKEY, target.curve_keys.public.encode())
                sock.setsockopt(zmq.CURVE_PUBLICKEY, keys.public.encode())
                sock.setsockopt(zmq.CURVE_SECRETKEY, keys.secret.encode())
                sock.connect(f"tcp://127.0.0.1:{target.record.listen_port}")
                failures = target.mesh.stats.auth_failures
                await game.until(
                    lambda: target.mesh.stats.auth_failures > failures,  # type: ignore[union-attr]
                    "seat 1 to refuse the slot thief",
                )
                sock.close(linger=0)
                thief.term()
            finally:
                await intruder.close()
            assert intruder.stats.frames_in == 0
            assert target.mesh.stats.unknown_sender == 0  # nothing got as far as a frame
            assert not target.faults
            # Seat 0's slot is intact: the game goes on.
            await game.until(
                lambda: all(len(p.table.log) > before + 3 for p in peers) and game.logs_agree(),
                "the game to go on",
            )
        finally:
            await game.close()

    run(main())


# --- silence, return, stall ------------------------------------------------------------------


def test_vanished_seat_is_shown_disconnected_and_the_game_resumes_when_it_returns(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({})
        try:
            peers = game.peers
            await game.until(lambda: len(peers[2].table.log) >= 12, "round 1's bidding")
            await game.crash(2)
            survivors = [0, 1]
            await game.until(
                lambda: all(
                    Status(StatusKind.DISCONNECTED, seat=2) in peers[s].status()
                    for s in survivors
                ),
                "the others to show seat 2 disconnected",
            )
            await game.until(
                lambda: all(peers[s].table.expected()[0] == 2 for s in survivors),  # type: ignore[index]
                "the game to wait for seat 2",
            )
            for s in survivors:
                assert WizardSeat(peers[s]).snapshot().connected == (True, True, False)
                assert WizardSeat(peers[s]).snapshot().resumable  # its files suffice
                assert 2 in peers[s].silent
                assert not peers[s].can_abort()  # the default stall limit is far away
                assert not any(x.kind == "stalled" for x in peers[s].status())
            stuck = max(len(peers[s].table.log) for s in survivors)
            # It died while writing a line: the torn tail is dropped on resume.
            log_path = game.players[2].start.store.log_path
            with open(log_path, "ab") as f:
                f.write(b'{"body":{"round":1,')
            await game.resume(2, policy=RandomPolicy())
            await game.until(
                lambda: all(len(p.table.log) >= stuck + 6 for p in peers) and game.logs_agree(),
                "the game to go on by itself",
            )
            assert log_path.read_bytes().endswith(b"}\n")
            assert game.players[2].start.store.read_log()[:stuck] == peers[0].table.log[:stuck]
            for s in survivors:
                assert 2 not in peers[s].silent
                assert not any(x.kind == "disconnected" for x in peers[s].status())
                assert not peers[s].faults
        finally:
            await game.close()

    run(main())


def test_human_may_end_a_stalled_game_only_after_the_stall_limit(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    # Well beyond the silence limit: on a loaded machine the silence is seen late, and
    # the stall clock may have run from the crash itself.
    stall_limit = 3.0

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        # Seat 0 plays by policy but, like a human, never ends a game by itself.
        game.peers = [
            game.peer(
                p,
                policy=RandomPolicy(),
                timers=PeerTimers(stall_limit),
                auto_abort=False if p.seat == 0 else None,
            )
            for p in game.players
        ]
        for peer in game.peers:
            await peer.start()
        try:
            peers = game.peers
            await game.until(lambda: len(peers[2].table.log) >= 12, "round 1's bidding")
            loop = asyncio.get_running_loop()
            crashed = loop.time()
            await game.crash(2)
            await game.until(
                lambda: 2 in peers[0].silent and peers[0].table.expected()[0] == 2,  # type: ignore[index]
                "seat 2 to hold up the game",
            )
            # The stall clock runs from the crash at the earliest (at once if seat 2 owed
            # an entry its client writes by itself, after the silence if a decision).
            assert not peers[0].can_abort()
            with pytest.raises(UsageError):
                peers[0].abort_stalled()
            with pytest.raises(UsageError):
                peers[1].abort_stalled()  # seat 0 writes the abort, not seat 1
            await game.until(peers[0].can_abort, "the stall limit to pass")
            assert loop.time() - crashed >= stall_limit - 0.2
            # Seat 0 decides by hand and seat 1 does not write the abort: no timer runs once
            # the limit has passed (a last countdown tick set just before it may still be
            # falling due on a loaded machine; a timer that kept running would never stop).
            await game.until(lambda: peers[0].stall_due is None and peers[1].stall_due is None,
                             "the stall timers to stop after the limit")
            assert Status(StatusKind.STALLED, seat=2) in peers[0].status()
            assert peers[1].outcome is None  # seat 1's bot may not end it
            peers[0].abort_stalled()
            await game.until(lambda: peers[1].table.ended, "seat 1 to receive the abort")
            for s in (0, 1):
                assert peers[s].outcome == Aborted(0, 2, "stalled past the time limit")
                assert peers[s].finished.is_set()
                assert any(x.kind == "aborted" for x in peers[s].status())
            assert peers[0].table.log == peers[1].table.log
            report = audit_entries(peers[1].store.read_log())
            assert report.status == "aborted" and report.exit_code == 0
            assert "because seat 3" in report.message and "stalled" in report.message
        finally:
            await game.close()

    run(main())


class _ClockedPolicy(RandomPolicy):
    """A bot whose choices could differ after a crash (as a time budget makes them)."""

    deterministic = False


@pytest.mark.parametrize("deterministic", [False, True])
@pytest.mark.parametrize("variants", [(), ("clairvoyance",)])
def test_only_chosen_entries_wait_for_the_disk(
    tmp_path: Path, run: Callable[..., object], variants: tuple[str, ...], deterministic: bool
) -> None:
    """A bid or a chosen card is fsynced before it is sent; the last trick's forced
    cards, like shuffles and locks, are derived and are not, the clairvoyance round's
    too (the key shares it is played with are in the log). So are a deterministic
    bot's choices (it makes the same again after a crash), the clairvoyance round's
    too (its view comes from the log and the seat's secret)."""
    config = GameConfig.with_variants(3, list(variants))
    policy = RandomPolicy if deterministic else _ClockedPolicy

    async def main() -> None:
        game = Game(await seat_players(tmp_path, config))
        await game.start({seat: policy() for seat in range(config.seats)})
        try:
            peers = game.peers
            # Round 3 under way: rounds 1 and 2 are whole in every log.
            await game.until(
                lambda: all(p.table.round is not None and p.table.round.round_no >= 3
                            for p in peers),
                "round 3",
            )
            for peer in peers:
                log = peer.table.log
                mine = [e for e in map(_read, log) if e.seat == peer.seat]
                clairvoyant = [e for e in mine if e.kind == "play" and "keys" in e.body]
                assert len(clairvoyant) == (1 if config.clairvoyance else 0)
                chosen = [
                    e for e in mine
                    if e.kind in ("bid", "trump") or (e.kind == "play" and "secret" not in e.body)
                ]
                forced = [e for e in mine if e.kind == "play" and "secret" in e.body]
                assert len(forced) >= 1 + len(clairvoyant)  # round 2's, at least
                waited = [] if deterministic else chosen
                # and the genesis, at the start
                assert peer.seat_log.file.fsyncs == 1 + len(waited)
        finally:
            await game.close()

    run(main())


def _watch_publish(
    monkeypatch: pytest.MonkeyPatch,
    note: Callable[[Mesh, int, str | None, str | None], None],
) -> None:
    """Have every ``Mesh.publish`` call ``note`` with its arguments, then publish."""
    original = Mesh.publish

    def publish(
        self: Mesh, position: int, first: str | None = None, last: str | None = None
    ) -> None:
        note(self, position, first, last)
        original(self, position, first, last)

    monkeypatch.setattr(Mesh, "publish", publish)


def test_a_derived_entry_goes_out_before_the_disk_and_a_choice_after_it(
    tmp_path: Path, run: Callable[..., object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Our passes (and the entry they build on) are written after they are sent: they
    can be made again byte for byte, and the disk is then off the set-up's chain. A
    choice that could differ after a crash is sent only once it is on disk."""
    peer_of: dict[int, GamePeer] = {}
    # (seat, position, entries on disk when it was published, fsyncs then)
    published: list[tuple[int, int, int, int]] = []

    def note(mesh: Mesh, position: int, first: str | None, last: str | None) -> None:
        peer = peer_of.get(id(mesh))
        if peer is not None:
            seat_log = peer.seat_log
            published.append((peer.seat, position, seat_log.persisted, seat_log.file.fsyncs))

    _watch_publish(monkeypatch, note)

    async def main() -> None:
        config = GameConfig(seats=3)
        game = Game(await seat_players(tmp_path, config))
        await game.start({seat: _ClockedPolicy() for seat in range(config.seats)})
        try:
            peers = game.peers
            peer_of.update((id(p.mesh), p) for p in peers)
            await game.until(
                lambda: all(p.table.round is not None and p.table.round.round_no >= 3
                            for p in peers),
                "round 3",
            )
            sent_first: set[str] = set()
            written_first: set[str] = set()
            for seat, position, on_disk, fsyncs in published:
                peer = peers[seat]
                if position >= len(peer.table.log):
                    continue
                entry = decode_entry(peer.table.log[position], BODIES)
                kind = entry.kind
                if kind in ("bid", "trump") or (kind == "play" and "secret" not in entry.body):
                    # On disk, and flushed to it, before it went out.
                    assert on_disk > position and fsyncs >= 2, (seat, position, kind)
                    written_first.add(kind)
                elif kind in ("shuffle", "lock"):
                    assert on_disk <= position, (seat, position, kind)
                    sent_first.add(kind)
            assert {"shuffle", "lock"} <= sent_first
            assert {"bid", "play"} <= written_first
        finally:
            await game.close()

    run(main())


def _a_lock_then_anothers_choice(meta: list[tuple[int, str]]) -> bool:
    """Whether a round's last lock is followed by another seat's bid or trump.

    Not in every round: the first bidder can be the last locker, and a dealer who
    turns up a Wizard names trump first. Whether the first two rounds have one depends
    on the coins (the first dealer) and the cards, and round 3's last lock need not be
    written when every seat has begun round 3: waiting for round 3 alone failed.
    """
    return any(
        kind == "lock" and meta[p + 1][1] in ("bid", "trump") and meta[p + 1][0] != seat
        for p, (seat, kind) in enumerate(meta[:-1])
    )


def test_an_entry_goes_first_to_the_writer_of_a_pass_after_it_and_last_to_a_chooser(
    tmp_path: Path, run: Callable[..., object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A seat publishes its entry to the writer of the next one before the others when
    that entry is a pass (the set-up's chain, which must not queue behind seats that
    only record ours), and after them when it is a choice (a bot's answer would
    compete with their checks of ours)."""
    published: list[tuple[Mesh, int, str | None, str | None, int]] = []

    def note(mesh: Mesh, position: int, first: str | None, last: str | None) -> None:
        assert mesh.replicator is not None
        published.append((mesh, position, first, last, mesh.replicator.length()))

    _watch_publish(monkeypatch, note)

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(seats=3)))
        await game.start({})
        try:
            peers = game.peers
            await game.until(
                lambda: all(p.table.round is not None and p.table.round.round_no >= 3
                            and _a_lock_then_anothers_choice(p.table.entry_meta)
                            for p in peers),
                "round 3, and a round's last lock followed by another seat's choice",
            )
            by_mesh = {id(p.mesh): p for p in peers}
            before_a_pass: set[str] = set()
            before_a_choice: set[str] = set()
            for mesh, position, first, last, length in published:
                peer = by_mesh[id(mesh)]
                log = peer.table.log
                if position + 1 >= len(log):
                    continue  # the next entry is not written yet
                kind = peer.table.entry_meta[position][1]
                next_writer, next_kind = peer.table.entry_meta[position + 1]
                wanted = (
                    peer.table.players[next_writer]["curve_key"]
                    if position + 1 == length and next_writer != peer.seat
                    else None
                )
                if next_kind in ("bid", "trump", "play"):
                    assert (first, last) == (None, wanted), (peer.seat, position)
                    if wanted is not None:
                        before_a_choice.add(kind)
                else:
                    assert (first, last) == (wanted, None), (peer.seat, position)
                    if wanted is not None:
                        before_a_pass.add(kind)
            # A round's last play comes before the next round's first pass: checked above
            # where another seat than 0 wrote it, which the cards decide.
            assert {"coin", "shuffle", "lock"} <= before_a_pass
            assert {"lock", "bid", "play"} <= before_a_choice
        finally:
            await game.close()

    run(main())


def test_the_next_round_is_prepared_while_the_first_is_bid(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    """Round 2's keys (and seat 0's first pass of it) are derived once round 1 is dealt,
    not on round 2's critical path: round 1 has no check of a round before it, which is
    when later rounds prepare the next. Not at the deal itself, but once every seat has
    written since, or (here: a person bids first) once nothing has for a while."""

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(seats=3)))
        await game.start({1: None})  # seat 1 bids by hand: round 1 waits there
        try:
            await game.until_first_bid(1)
            await game.until(
                lambda: all(peer.table.replica.prepared(2) for peer in game.peers),
                "round 2 prepared while seat 1 thinks",
            )
            for peer in game.peers:
                assert peer.table.round is not None and peer.table.round.round_no == 1
                prepared = peer.table.replica.prepared(2)
                assert prepared is not None
                keys, first_pass = prepared
                assert len(keys.lock_keys) == round_size(2, 3)
                assert (first_pass is not None) == (peer.seat == 0)
        finally:
            await game.close()

    run(main())


def test_a_peer_starts_its_pass_thread_with_the_game_not_at_its_first_pass(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    """Starting a thread waits for it: started by a pass, round 1's passes waited."""

    async def main() -> None:
        players = await seat_players(tmp_path, GameConfig(seats=3))
        peer = Game(players).peer(players[1], policy=RandomPolicy())
        helper = peer.pass_helper
        if helper is None:
            pytest.skip("one core: no pass thread")
        assert not helper.started
        await peer.start()  # alone: no other coin, so no pass can come before round 1
        try:
            assert helper.started
            assert peer.table.round is None
        finally:
            await peer.close()

    run(main())


def test_a_new_game_warms_round_1_up_before_the_coin_and_a_resumed_one_does_not(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    """The game's warm-up (Wizard's: round 1's code once in memory while the links
    open) runs before the peer's coin goes out, with its own pass thread, on the seat's
    table; not again on a resume."""
    starting: list[GamePeer | None] = [None]  # the peer whose start() runs now
    warmed: list[tuple[int, int, bool]] = []  # (seat, its log's length then, its helper?)

    def recording_warm_up(table: Table, helper: Executor | None) -> object:
        peer = starting[0]
        assert peer is not None, "a resumed peer warmed up"
        assert table is peer.table
        warmed.append((peer.seat, len(peer.table.log), helper is peer.pass_helper))
        return warm_up(table.config, helper)

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        game.peers = [
            game.peer(p, policy=RandomPolicy(), warm_up=recording_warm_up)
            for p in game.players
        ]
        for peer in game.peers:
            starting[0] = peer
            await peer.start()
        starting[0] = None
        try:
            assert warmed == [(0, 1, True), (1, 1, True), (2, 1, True)]  # before the coin
            peers = game.peers
            await game.until(
                lambda: all(p.table.progress().stage == "play" for p in peers), "round 1's deal"
            )
            await game.crash(1)
            await game.resume(1, policy=RandomPolicy(), warm_up=recording_warm_up)
            assert len(warmed) == 3
            assert not any(p.faults for p in game.peers)
        finally:
            await game.close()

    run(main())


def test_a_failed_warm_up_is_logged_and_the_game_goes_on_without_it(
    tmp_path: Path,
    run: Callable[..., object],
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken_warm_up(table: Table, helper: Executor | None) -> object:
        raise RuntimeError("warm-up broke")

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        with caplog.at_level(logging.ERROR, logger="wizard_p2p.node.peer"):
            await game.start({}, warm_up=broken_warm_up)
        try:
            peers = game.peers
            await game.until(
                lambda: all(p.table.round is not None and p.table.progress().stage == "play"
                            for p in peers),
                "round 1's deal without the warm-up",
            )
            assert not any(p.faults for p in peers)
        finally:
            await game.close()
        failures = [r for r in caplog.records if "warm-up failed" in r.getMessage()]
        assert len(failures) == 3 and all(r.exc_info for r in failures)

    run(main())


def test_bots_end_the_game_by_themselves_after_the_stall_limit(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({}, timers=ended_by(1))
        try:
            peers = game.peers
            await game.until(lambda: len(peers[0].table.log) >= 12, "round 1's bidding")
            crashed = time.monotonic()
            await game.crash(0)  # seat 0 stalls: seat 1 writes the abort
            # Only the seat that writes the abort keeps a timer for the limit; another
            # keeps at most its console's countdown tick.
            await game.until(
                lambda: peers[1].stall_due is not None or peers[1].table.ended,
                "seat 1's stall timer",
            )
            tick = peers[2].stall_due
            loop = asyncio.get_running_loop()
            assert tick is None or tick - loop.time() <= COUNTDOWN_TICK
            await game.until(
                lambda: peers[1].table.ended and peers[2].table.ended, "the bots to end the game"
            )
            waited = time.monotonic() - crashed
            # What seat 0 owed when it went: a player's decision waits for silence
            # first; an entry its client writes by itself stalls at once.
            from wizard_p2p.tables.wizard.table import WizardTable

            before = WizardTable(peers[1].table.log[0])
            for line in peers[1].table.log[1:-1]:
                before.receive(line)
            due = before.expected()
            assert due is not None and due[0] == 0
            decision = not before.owes_at_once()
            assert waited >= (NET.silence_limit if decision else 0.0) + STALL_LIMIT - 0.2
            for s in (1, 2):
                outcome = peers[s].outcome
                assert isinstance(outcome, Aborted)
                assert (outcome.writer, outcome.stalled) == (1, 0)
                assert peers[s].stall_due is None  # nothing left to fall due
            assert peers[1].table.log == peers[2].table.log
            assert peers[1].store.read_log() == peers[1].table.log
            report = audit_entries(peers[2].store.read_log())
            assert report.status == "aborted" and "because seat 1" in report.message
        finally:
            await game.close()

    run(main())


def test_a_seat_that_stays_connected_but_withholds_its_entries_is_named_stalled(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    """Heartbeats alone do not keep a game waiting: a client that never writes its
    automatic entries (shuffle, lock, reveal...) is aborted after the stall limit."""

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        writing = [True]

        def choices_only(kind: WizardKind, body: Body) -> Body | None:
            """A modified client that, once told, writes its choices only."""
            return body if writing[0] or kind in CHOICE_KINDS else None

        await game.start({}, timers=ended_by(0), rewrites={2: choices_only})
        try:
            peers = game.peers
            await game.until(lambda: len(peers[2].table.log) >= 12, "round 1's bidding")
            writing[0] = False
            await game.until(
                lambda: peers[0].table.ended and peers[1].table.ended, "the others to end it"
            )
            for s in (0, 1):
                assert 2 not in peers[s].silent  # it was connected all along
                outcome = peers[s].outcome
                assert isinstance(outcome, Aborted)
                # seat 0 wrote it, naming seat 2
                assert (outcome.writer, outcome.stalled) == (0, 2)
            assert peers[0].table.log == peers[1].table.log
            report = audit_entries(peers[1].store.read_log())
            assert report.status == "aborted" and "because seat 3" in report.message
        finally:
            await game.close()

    run(main())


# --- crash in the clairvoyance round ----------------------------------------------------------


def test_seat_resumed_in_the_clairvoyance_round_reads_the_key_shares_from_its_log(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    async def main() -> None:
        config = GameConfig.with_variants(3, ["clairvoyance"])
        game = Game(await seat_players(tmp_path, config))
        # Seat 1 makes no choice, so it is still to bid when it crashes.
        await game.start({1: None})
        try:
            peers = game.peers
            await game.until(
                lambda: peers[1].table.round is not None and len(peers[1].table.round.shares) == 2,
                "seat 1 to hold every other seat's key shares",
            )
            await game.crash(1)
            stuck = len(peers[0].table.log)
            resumed = await game.resume(1, policy=RandomPolicy())
            rnd = resumed.table.round
            assert rnd is not None and rnd.clairvoyant and len(rnd.shares) == 2
            await game.until(
                lambda: all(len(p.table.log) >= stuck + 6 for p in peers) and game.logs_agree(),
                "the game to go on after seat 1 resumed",
            )
            assert all(not p.faults for p in peers)
        finally:
            await game.close()

    run(main())


def test_resume_refuses_the_log_of_another_game(tmp_path: Path, run: Callable[..., object]) -> None:
    async def main() -> None:
        ours = await seat_players(tmp_path / "a", GameConfig(3))
        theirs = await seat_players(tmp_path / "b", GameConfig(3))
        mine, other = ours[1], theirs[1]
        mine.start.store.path.mkdir(parents=True, exist_ok=True)
        mine.start.store.log_path.write_bytes(other.start.genesis + b"\n")
        game = Game(ours)
        peer = game.peer(mine)
        with pytest.raises(UsageError, match="belongs to another game"):
            await peer.start()
        await peer.close()
        assert mine.start.store.read_log() == [other.start.genesis]  # left as it was

    run(main())


def test_seat_back_after_its_stall_takes_the_abort_over_its_unsent_entry(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    """It wrote its bid to disk and died before sending it; the others aborted its stall
    at that very position. Resumed, it learns the abort and its log agrees again."""

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        await game.start({2: None}, timers=ended_by(0))
        try:
            peers = game.peers
            await game.until_first_bid(2)
            await game.crash(2)
            # Its bid reaches its own disk only (it dies before sending it).
            player = game.players[2]
            lines = player.start.store.read_log()
            table = WizardTable(
                lines[0],
                seat=2,
                identity=player.identity,
                master_secret=player.start.record.master_secret,
            )
            for line in lines[1:]:
                table.receive(line)
            (unsent,) = table.bid(table.view().legal_bids[0])
            with open(player.start.store.log_path, "ab") as f:
                f.write(unsent.entry + b"\n")
            await game.until(
                lambda: all(peers[s].table.stage == "aborted" for s in (0, 1)),
                "the others to abort seat 2's stall",
            )
            abort_at = len(peers[0].table.log) - 1
            assert abort_at == unsent.pos
            resumed = await game.resume(2, policy=RandomPolicy())
            await game.until(
                lambda: resumed.table.stage == "aborted" and game.logs_agree(),
                "seat 2 to take the abort",
            )
            assert resumed.table.log == peers[0].table.log
            assert player.start.store.read_log() == peers[0].table.log  # the file too
            assert audit_entries(resumed.table.log).status == "aborted"
        finally:
            await game.close()

    run(main())


def test_a_seat_of_a_game_against_local_bots_says_it_cannot_be_resumed(
    tmp_path: Path, run: Callable[..., object]
) -> None:
    import dataclasses

    from wizard_p2p.cli import parse_options
    from wizard_p2p.commands.networked import _new_peer
    from wizard_p2p.commands.options import HostOptions

    async def main() -> None:
        game = Game(await seat_players(tmp_path, GameConfig(3)))
        player = game.players[0]
        options = parse_options(["host", "--policy", "random"])
        assert isinstance(options, HostOptions)
        seat = dataclasses.replace(options.seat, resumable=False)
        peer = _new_peer(seat, player.start, player.identity, player.curve)
        assert peer.resumable is False
        await game.start({}, resumable=False)
        try:
            await game.until(lambda: game.peers[0].table.game is not None, "the first deal")
            assert not WizardSeat(game.peers[0]).snapshot().resumable
        finally:
            await game.close()

    run(main())
