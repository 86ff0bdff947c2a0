"""A watcher's node: follow a game live from the players, verifying every entry.

``WatchNode`` asks the host's gate (``node.watch_ask``) with its own CURVE key and
the port its own mesh will listen on. Once admitted it holds the genesis line, which
it checks as any seat does (the game id is its hash, every player endorsed the terms,
the host signed it: ``protocol.genesis.read_genesis``), then binds a watching mesh
whose peers are the seated players (keys and addresses from the genesis; the host's
address is the one the gate was reached at). The mesh never publishes: it catches up
by position from whichever player holds most, and offers each entry, in order, to an
observer ``Table`` that re-runs every pass at each round's end, as ``audit`` does. An
entry the table refuses is not kept; the sending seat is named on the status lines,
and the right entry still comes from another player. When a player's copy of a held
entry differs from the watcher's (a seat sent the watchers another entry than the
players), ``node.watch_fork`` asks the players for theirs, keeps the proof of an
equivocation, and follows the players' copy; an ending that stands over the entries
it holds (SPEC §6.2) takes their place, as at a seat. Every proof of a seat's cheating is
kept in ``evidence.jsonl`` (beside the saved log, else in the data directory).

It knows no game: what it shows comes from its table's replica (the public view: no
hand, the watcher holds no key that opens one, SPEC §10; the parts verified so far)
and the status lines; a game's adapter (``commands.wizard_watch``) makes of it the
console's ``seat.controller.WatchController``.
``save`` writes the verified log (atomically) whenever the game ends and when the
watcher leaves, so that ``wizard-p2p audit`` can be run on it.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable
from pathlib import Path

from wizard_p2p.errors import DecodeError, FileRefused, PeerFault, Said
from wizard_p2p.files import check_target, write_atomic
from wizard_p2p.net import (
    CurveKeys,
    Diverged,
    Mesh,
    NetConfig,
    PeerBack,
    PeerSilent,
    PeerUp,
)
from wizard_p2p.node.lobby_common import endpoint_of
from wizard_p2p.node.seat_status import game_status
from wizard_p2p.node.table_log import TableLog
from wizard_p2p.node.watch_ask import GateClient, WatchRefused, WatchTimers
from wizard_p2p.node.watch_fork import WatchForks, evidence_path
from wizard_p2p.ports import release_port, reserve_port
from wizard_p2p.protocol.events import Faulted
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import game_name
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.lobby_schema import Wait, WatchAdmitted
from wizard_p2p.protocol.table import Table
from wizard_p2p.seat.controller import Status, StatusKind
from wizard_p2p.tables import CardLibrary, open_table

__all__ = ["MAX_REFUSALS_SHOWN", "PLAYERS_GONE", "OtherGame", "WatchNode"]

_log = logging.getLogger(__name__)

# The latest refused entries the status lines name.
MAX_REFUSALS_SHOWN = 3
# Seconds with no player heard after which a watcher stops following.
PLAYERS_GONE = 60.0


class OtherGame(WatchRefused):
    """The table that admitted us plays another game than the one this watcher follows
    (``game``: the one it plays, as its genesis names it)."""

    def __init__(self, game: str) -> None:
        super().__init__(f"that table plays another game ({game[:16]!r})")
        self.game = game


class WatchNode:
    """One watcher: its gate connection, its watching mesh, its observer table."""

    def __init__(
        self,
        curve_keys: CurveKeys,
        name: str,
        host: str,
        port: int,
        code: str,
        *,
        listen_host: str = "0.0.0.0",
        mesh_port: int | None = None,
        net_config: NetConfig | None = None,
        timers: WatchTimers | None = None,
        save: Path | None = None,
        data_dir: Path | None = None,
        game: GameName | None = None,
        cards: CardLibrary | None = None,
    ) -> None:
        """``game``: the game this watcher follows (a table of another is refused with
        ``OtherGame``; None: any); ``cards``: the card data that game is read with
        (巫师牌's card file), as ``tables.open_table`` takes it."""
        self.curve_keys = curve_keys
        self.name = name
        self.host = host
        self.port = port
        self.code = code
        self.listen_host = listen_host
        self.net_config = net_config or NetConfig()
        self.timers = timers or WatchTimers()
        self.save_path = save
        self.data_dir = data_dir
        self.game = game
        self.cards = cards
        self.forks = WatchForks(None, self._seat_of, self._key_of)
        self._mesh_port = mesh_port
        self._gate: GateClient | None = None
        self.table: Table | None = None
        self.mesh: Mesh | None = None
        self.watchers: tuple[str, ...] = ()
        # The seats a program plays, as the host's gate says (the log cannot tell).
        self.bots: frozenset[int] = frozenset()
        self.silent: set[int] = set()
        # (seat, position, reason) of the latest refused entries.
        # (seat, position, reason, what was wrong in the reader's words) of the latest
        # refused entries.
        self.refusals: collections.deque[tuple[int | None, int, str, Said]] = collections.deque(
            maxlen=MAX_REFUSALS_SHOWN
        )
        self.refused_count = 0
        self.asking = ""  # why the gate said to wait, while it does
        self.asking_said: Said | None = None  # ... in the reader's language, when worded
        self._callbacks: list[Callable[[], None]] = []
        self._events: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()  # the game began: there is a public view to show
        self.finished = asyncio.Event()  # the game ended, or the watcher left
        self._quit = False
        self._saved_length = 0
        self._following_since = 0.0
        self.lost: str | None = None  # why the watcher stopped following an unfinished game
        self.lost_said: Said | None = None  # ``lost`` in the reader's language, when worded

    # --- life cycle -------------------------------------------------------------------

    async def start(self) -> None:
        """Ask the gate until admitted (``WatchRefused`` says why not), check the genesis,
        and follow the game from the players."""
        port = self._mesh_port or reserve_port(self.listen_host or "0.0.0.0")
        self._gate = GateClient(
            self.curve_keys, self.host, self.port, self.code, name=self.name,
            mesh_port=port, net_config=self.net_config, timers=self.timers,
        )
        try:
            admitted = await self._gate.admission(self._waiting)
            self.asking, self.asking_said = "", None
            self.watchers = admitted.watchers
            if self.game is not None and (name := game_name(admitted.genesis)) != self.game:
                raise OtherGame(name)
            self.table = open_table(admitted.genesis, replay_every_pass=True, cards=self.cards)
            self.bots = _bot_seats(admitted, self.table.seats)
            self.forks.path = evidence_path(self.save_path, self.data_dir, self.table.game_id)
        except BaseException:
            release_port(port)
            raise
        self._gate.keep_listed(self._watchers_changed, self._refused_by_host)
        table = self.table
        self.mesh = Mesh(
            self.curve_keys, host=self.listen_host, port=port, config=self.net_config,
            game_id=table.game_id.hex()[:32], watching=True,
        )
        await self.mesh.start()
        replicator = self.mesh.attach_log(TableLog(self._followed), self._on_entry)
        replicator.watch_others(self._other_copy)
        for seat in range(table.seats):
            self.mesh.add_peer(table.players[seat]["curve_key"], self._endpoint_of(seat))
        self._following_since = asyncio.get_running_loop().time()
        self._events = asyncio.get_running_loop().create_task(self._event_loop(), name="watch")
        self._notify()

    def _watchers_changed(self, names: tuple[str, ...]) -> None:
        self.watchers = names
        self._notify()

    def _refused_by_host(self, refusal: WatchRefused) -> None:
        """The host no longer lets us watch: we stop, saying why."""
        if self.table is None or not self.table.ended:
            self.lost, self.lost_said = str(refusal), refusal.said
        self.finished.set()
        self._notify()

    def _waiting(self, wait: Wait | None) -> None:
        self.asking = "" if wait is None else wait.reason
        self.asking_said = None if wait is None or wait.kind is None else Said(
            f"host_wait_{wait.kind.value}")
        self._notify()

    def _endpoint_of(self, seat: int) -> str:
        assert self.table is not None
        # "": the host's machine, at the address its lobby was reached at.
        return endpoint_of(self.table.players[seat]["address"], self.host)

    async def run_until_finished(self) -> None:
        """Until the game ends, the watcher leaves, or no player has been heard for
        ``PLAYERS_GONE`` seconds (``lost`` then says so). Every second meanwhile, a
        fork that holds the watcher up is asked about again (``WatchForks.ask_again``)."""
        while not self.finished.is_set():
            try:
                async with asyncio.timeout(1.0):
                    await self.finished.wait()
            except TimeoutError:
                if self.table is not None and self.mesh is not None:
                    self.forks.ask_again(self.table, self.mesh)
                if self._players_gone():
                    self.lost = f"no player heard for {PLAYERS_GONE:g} seconds"
                    self.lost_said = Said("watch_ended_players_gone",
                                          seconds=f"{PLAYERS_GONE:g}")
                    self.finished.set()
                    self._notify()

    def _players_gone(self) -> bool:
        assert self.mesh is not None
        heard = [info.last_heard_ago for info in self.mesh.peer_status().values()]
        now = asyncio.get_running_loop().time()
        if any(ago is not None and ago < PLAYERS_GONE for ago in heard):
            return False
        return now - self._following_since > PLAYERS_GONE

    async def close(self) -> None:
        self.save()
        if self._gate is not None:
            await self._gate.close()
        if self.mesh is not None:
            await self.mesh.close()
        if self._events is not None:
            await asyncio.gather(self._events, return_exceptions=True)

    # --- the players' entries --------------------------------------------------------

    def _on_entry(self, position: int, data: bytes, from_peer: str) -> bool:
        table = self.table
        assert table is not None
        sender = self._seat_of(from_peer)
        try:
            table.receive(data)
        except PeerFault as fault:
            if fault.kind == FaultKind.FORK:
                # It builds on another entry than ours, which names nobody yet: ask
                # the players for theirs (node.watch_fork).
                _log.info("entry %d from seat %s: %s", position, sender, fault)
                assert self.mesh is not None
                self.forks.fork(table, self.mesh, position - 1)
                return False
            self.forks.keep(fault, data)
            self._refused(sender, position, str(fault),
                          Said("fault_kind_" + str(fault.kind).replace("-", "_")))
            return False
        except DecodeError as exc:
            self._refused(sender, position, f"malformed entry: {exc}", Said("fault_kind_malformed"))
            return False
        if len(table.log) <= position:
            self._refused(sender, position, "a valid entry of another position",
                          Said("watch_entry_elsewhere"))
            return False
        self.forks.accepted(table, position, sender)
        self._became(table)
        return True

    def _followed(self) -> Table:
        """The table the watcher follows now (the replicator reads its log)."""
        assert self.table is not None
        return self.table

    def _other_copy(self, position: int, data: bytes, from_peer: str) -> None:
        """A player's copy of a held entry differs from ours (``node.watch_fork``)."""
        table, mesh = self.table, self.mesh
        assert table is not None and mesh is not None and mesh.replicator is not None
        proven = len(self.forks.proven)
        rebuilt = self.forks.other(table, mesh, position, data, from_peer)
        if rebuilt is not None:
            self.table = rebuilt  # the replicator's view reads it from here on
            self._saved_length = -1  # the saved log is rewritten whole
            mesh.replicator.rewritten(position)
            self.forks.accepted(rebuilt, position, self._seat_of(from_peer))
            self._became(rebuilt)
        elif len(self.forks.proven) != proven:
            self._notify()

    def _became(self, table: Table) -> None:
        """The table grew (or was rebuilt): what follows for the screen and the file."""
        if not self.ready.is_set() and table.replica.public_view() is not None:
            self.ready.set()
        if table.ended:
            self.save()
            self.finished.set()
        self._notify()

    def _refused(self, seat: int | None, position: int, reason: str, said: Said) -> None:
        self.refused_count += 1
        self.refusals.append((seat, position, reason, said))
        _log.warning("refused entry %d from seat %s: %s", position, seat, reason)
        self._notify()

    def _key_of(self, seat: int) -> str:
        assert self.table is not None
        return str(self.table.players[seat]["curve_key"])

    def _seat_of(self, key: str) -> int | None:
        assert self.table is not None
        return next(
            (s for s, p in enumerate(self.table.players) if p["curve_key"] == key), None
        )

    async def _event_loop(self) -> None:
        assert self.mesh is not None
        async for event in self.mesh.events():
            seat = self._seat_of(getattr(event, "peer", ""))
            if seat is None:
                continue
            if isinstance(event, Diverged) and self.table is not None:
                self.forks.diverged(self.table, self.mesh, event.peer, event.position)
            elif isinstance(event, PeerSilent):
                self.silent.add(seat)
            elif isinstance(event, PeerBack | PeerUp):
                self.silent.discard(seat)
            self._notify()

    # --- what a game's adapter (the console's ``WatchController``) reads and does -------

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    def quit(self) -> None:
        self._quit = True
        self.finished.set()
        self._notify()

    def status(self) -> tuple[Status, ...]:
        """What the watcher verified, who sent what it refused, and what the game waits for."""
        table = self.table
        if table is None:
            if self.asking:
                return (Status(StatusKind.ADMISSION, detail=self.asking, said=self.asking_said),)
            return (Status(StatusKind.CONNECTING, detail=f"{self.host}:{self.port}"),)
        # Once the game is over the players leave: nobody is waited for any more.
        silent = () if table.ended else sorted(self.silent)
        items = [Status(StatusKind.DISCONNECTED, seat=s) for s in silent]
        # Said as a line of the log: the last verified entry's position + 1.
        items.append(Status(StatusKind.VERIFIED, done=len(table.log)))
        checked = table.replica.checked()
        if checked:
            items.append(Status(StatusKind.ROUND_CHECKED, done=checked))
        for seat, position, reason, said in self.refusals:
            items.append(Status(StatusKind.REFUSED, seat=seat, done=position + 1, detail=reason,
                                said=said))
        for seat, reason in self.forks.proven.items():
            items.append(Status(StatusKind.CHEATED, seat=seat, detail=f"{reason} (proof kept)"))
        outcome = table.outcome
        if isinstance(outcome, Faulted):
            items.append(Status(StatusKind.CHEATED, seat=outcome.seat, detail=str(outcome.fault)))
        if self.lost is not None:
            items.append(Status(StatusKind.EVENT, detail=self.lost, said=self.lost_said))
        progress = game_status(table, outcome)
        if progress is not None:
            items.append(progress)
        return tuple(items)

    # --- the verified log --------------------------------------------------------------

    def save(self) -> Path | None:
        """Write the verified log to ``save_path`` (atomically), if asked and grown."""
        table = self.table
        if self.save_path is None or table is None or len(table.log) == self._saved_length:
            return None
        try:
            # Asked at the start (``watch --save``, ``--force``); a folder, a device or a
            # FIFO put at the path since is never replaced.
            check_target(self.save_path, what="log to save", force=True)
            write_atomic(self.save_path, b"".join(line + b"\n" for line in table.log), mode=0o644)
        except (OSError, FileRefused) as exc:
            _log.error("could not write %s: %s", self.save_path, exc)
            return None
        self._saved_length = len(table.log)
        return self.save_path

    @property
    def left(self) -> bool:
        """Whether the watcher left before the game ended."""
        return self._quit


def _bot_seats(admitted: WatchAdmitted, seats: int) -> frozenset[int]:
    """The bot seats the gate named, each a seat of the game (``WatchRefused`` if not)."""
    bots = admitted.bots or frozenset()
    if any(seat >= seats for seat in bots):
        raise WatchRefused(
            f"the host named as a bot a seat this game does not have (it has {seats})"
        ).saying("error_gate_bots", seats=seats)
    return bots
