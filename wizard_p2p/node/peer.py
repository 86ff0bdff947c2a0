"""A seated player's process during a game: the table, the mesh and the log file, on one loop.

``GamePeer`` feeds the sans-I/O ``Table`` with what the mesh delivers, writes
every new entry to the log file *before* publishing it (a choice that could not be
made again after a crash is fsynced first: see ``CHOICE_KINDS``), sends what
the table asks to send, and implements ``SeatController`` for the console.
With a bot ``policy`` it makes its own choices.

Crash and resume: the log file and ``seat.json`` (master secret) are all that
is needed. On start the table is rebuilt by feeding it the log; entries the
table derives again are byte-identical (deterministic secrets, deterministic
Ed25519), so nothing is duplicated; the mesh then catches up from the others.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import json
import logging
import os
import random
import resource
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p.bots.policy import Policy
from wizard_p2p.errors import DecodeError, PeerFault, UsageError, WizardError
from wizard_p2p.files import write_atomic
from wizard_p2p.identity import Identity, fingerprint
from wizard_p2p.net import (
    CurveKeys,
    Diverged,
    Mesh,
    MessageReceived,
    NetConfig,
    PeerBack,
    PeerSilent,
    PeerUp,
)
from wizard_p2p.net.events import PeerState
from wizard_p2p.node.evidence_file import FILE_NAME as EVIDENCE_FILE
from wizard_p2p.node.evidence_file import EvidenceFile
from wizard_p2p.node.helper import PassHelper
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.node.warmup import warm_up
from wizard_p2p.protocol.control import EntryAt, Want, decode_control, encode_control
from wizard_p2p.protocol.events import Event, LogRewritten
from wizard_p2p.protocol.evidence import evidence_of
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Card, Phase, Suit
from wizard_p2p.session.api import Snapshot, Status

_log = logging.getLogger(__name__)

DEFAULT_STALL_LIMIT = 120.0


# Seconds without our turn in the next set-up after which a put-off round check runs.
IDLE_CHECK_DELAY = 0.5
# Seconds after a deal, the seats not all having written since (a person chooses), after
# which the next round is prepared anyway (Scheduling.preparation_waits).
IDLE_PREPARE_DELAY = 0.05

MAX_FAULTS_KEPT = 100
COUNTDOWN_TICK = 1.0  # seconds between updates of a stalled seat's countdown
_LOG_FIRST_REFUSALS = 5


class SeatFailed(WizardError):
    """A task of this seat failed on an internal error: the seat stopped (resumable)."""


@dataclass
class PeerTimers:
    """How long a seat may hold up the game (silent, or withholding an entry its client
    writes by itself) before it can be named as stalled."""

    stall_limit: float = DEFAULT_STALL_LIMIT


class GamePeer:
    def __init__(
        self,
        store: GameStore,
        record: SeatRecord,
        identity: Identity,
        curve_keys: CurveKeys,
        genesis: bytes,
        *,
        net_config: NetConfig | None = None,
        policy: Policy | None = None,
        timers: PeerTimers | None = None,
        auto_abort: bool | None = None,
        trace_path: Path | None = None,
        resumable: bool = True,
    ) -> None:
        self.store = store
        self.trace_path = trace_path
        # False when leaving ends the game for good (``play``: the bots leave too).
        self.resumable = resumable
        # (position, author seat, kind, monotonic time it entered our log): for benchmarks.
        self.trace: list[tuple[int, int, str, float]] = []
        self._cpu_at_first_entry: float | None = None  # separates start-up from the game
        self.trace_received: dict[int, float] = {}  # position → when it arrived, unchecked
        # Our entries: position → when we signed it (a choice: when it was made, just before).
        self.trace_signed: dict[int, float] = {}
        self._chosen_at: float | None = None
        # Positions of our bot's choices that it can make again after a crash (see
        # CHOICE_KINDS), until they are written.
        self._derived_choices: set[int] = set()
        self.record = record
        self.identity = identity
        self.curve_keys = curve_keys
        # A second thread shares each of our passes, where there is a second core, kept
        # off the core our thread is on (PassHelper). Its thread is started with the game
        # (start), not by our first pass, which waited for it (PassHelper.start_thread).
        self._helper = PassHelper() if (os.cpu_count() or 1) > 1 else None
        self.table = Table(
            genesis, seat=record.seat, identity=identity, master_secret=record.master_secret,
            defer_checks=True, helper=self._helper,
        )
        self.seat = record.seat
        self.net_config = net_config or NetConfig()
        self.policy = policy
        self.timers = timers or PeerTimers()
        self.auto_abort = policy is not None if auto_abort is None else auto_abort
        self._rng = random.Random(secrets.randbits(64))
        self.mesh: Mesh | None = None
        self._logfile = store.open_log()
        self._persisted = 0
        self._callbacks: list[Callable[[], None]] = []
        self._seat_of_key = {p["curve_key"]: s for s, p in enumerate(self.table.players)}
        self.silent: set[int] = set()
        # The latest faults seen in others' messages (for the console and the tests).
        self.faults: collections.deque[str] = collections.deque(maxlen=MAX_FAULTS_KEPT)
        self._refusals: dict[int | None, int] = {}  # refused entries, by sending seat
        self._control_refusals: dict[int | None, int] = {}  # by sending seat
        self._forks_asked: set[int] = set()  # positions asked for after a fork (bounded)
        self._evidence = EvidenceFile(store.path / EVIDENCE_FILE)
        # The seats proven to have cheated (evidence kept on disk): seat → how.
        self.proven: dict[int, str] = {
            e.seat: e.reason for e in self._evidence.records if e.seat < self.table.seats
        }
        self.finished = asyncio.Event()
        self.ready = asyncio.Event()  # set once the first dealer is known (a view exists)
        self.failed = asyncio.Event()  # set when a task of ours failed (``failure``)
        self.failure: BaseException | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._quit = False
        self._closing = False
        self._held_by: int | None = None  # the silent seat the game waits for
        self._held_since: float | None = None
        self._stall_timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._idle_check: asyncio.TimerHandle | None = None
        self._idle_prepare: asyncio.TimerHandle | None = None

    # --- life cycle -------------------------------------------------------------------

    async def start(self) -> None:
        """Replay our log (resume), open the mesh, and begin."""
        lines = self.store.read_log()
        if lines and lines[0] != self.table.log[0]:
            raise UsageError("the log on disk belongs to another game")
        for line in lines[1:]:
            self.table.receive(line)  # our own log: a fault here is a damaged file
        if not lines:
            self._logfile.append(self.table.log[0])
            lines = [self.table.log[0]]
        self._persisted = len(lines)
        self.mesh = Mesh(
            self.curve_keys,
            host=self.record.listen_host,
            port=self.record.listen_port,
            config=self.net_config,
            session=self.table.game_id.hex()[:32],
        )
        # The port held since the lobby (wizard_p2p.ports) is taken over by the mesh's
        # listener: seats that dial us before it binds wait instead of being refused.
        await self.mesh.start()
        self.mesh.attach_log(_LogView(self.table), self._on_entry)
        for seat, player in enumerate(self.table.players):
            if seat == self.seat:
                continue
            self.mesh.add_peer(player["curve_key"], self._endpoint_of(seat))
        if len(lines) == 1:
            # A new game: round 1's code runs once in memory while the links open, not
            # for the first time on round 1's chain (wizard_p2p.node.warmup).
            self._warm_up()
        self.table.start()  # what it writes goes out from the log (_persist_and_publish)
        self._persist_and_publish()
        # Our coin is out: round 1's keys (and seat 0's first pass) are derived while
        # the others' coins come in, not after the last one.
        self.table.scheduling.prepare_next_round()
        if self._helper is not None:
            self._helper.start_thread()
        self._loop = asyncio.get_running_loop()
        events = self._loop.create_task(self._event_loop(), name="peer-events")
        events.add_done_callback(self._task_done)
        self._tasks = [events]
        self._arm_stall_timer()  # a stall seen before the loop was known (status())
        self._after_change()

    def _task_done(self, task: asyncio.Task[None]) -> None:
        """A task of ours that fails takes the seat down loudly, never silently: the
        failure is logged, kept in ``failure`` and wakes whoever waits on the game
        (``run_until_finished`` raises; the commands exit non-zero). The log on disk
        is intact, so the game can be resumed."""
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        _log.critical("task %s failed; the seat stops", task.get_name(), exc_info=exc)
        self._stop_failed(exc)

    def _stop_failed(self, exc: BaseException) -> None:
        self.failure = exc
        self._closing = True  # no timer of ours writes anything more
        self.failed.set()
        for callback in list(self._callbacks):
            callback()

    def _disk_failed(self, exc: OSError) -> None:
        """Our log cannot be written (a full disk, a quota): the seat stops at once,
        loudly, instead of playing on with entries that are not on disk. Nothing of ours
        was sent that is not on disk (a choice is written first), the others hold every
        entry we took, so the game resumes once there is room."""
        if self.failure is None:
            _log.critical("cannot write the log %s (%s); the seat stops",
                          self.store.log_path, exc)
            self._stop_failed(exc)

    def _warm_up(self) -> None:
        # Only an optimisation: should it ever fail, the game starts as it would without.
        try:
            warm_up(self.table.config, self._helper)
        except Exception:
            _log.exception("round 1's warm-up failed; the game goes on without it")

    def _endpoint_of(self, seat: int) -> str:
        address = self.table.players[seat]["address"]
        host, _, port = address.rpartition(":")
        if not host:
            host = self.record.lobby_host
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"tcp://{host}:{port}"

    async def close(self) -> None:
        """Stop the timers and the mesh. The tasks end by themselves (no cancellation races)."""
        self._closing = True
        if self._idle_check is not None:
            self._idle_check.cancel()
        if self._idle_prepare is not None:
            self._idle_prepare.cancel()
        if self._stall_timer is not None:
            self._stall_timer.cancel()
        if self.mesh is not None:
            await self.mesh.close()  # ends the event loop's iteration
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._helper is not None:
            self._helper.shutdown(wait=False, cancel_futures=True)
        self._logfile.close()
        if self.trace_path is not None:
            self._write_trace()

    def _write_trace(self) -> None:
        assert self.trace_path is not None
        stats = self.mesh.stats if self.mesh is not None else None
        usage = resource.getrusage(resource.RUSAGE_SELF)
        report = {
            "seat": self.seat,
            "seats": self.table.seats,
            "entries": self.trace,
            "received": sorted(self.trace_received.items()),
            "signed": sorted(self.trace_signed.items()),
            "bytes_out": stats.bytes_out if stats else 0,
            "bytes_in": stats.bytes_in if stats else 0,
            "frames_out": stats.frames_out if stats else 0,
            "frames_in": stats.frames_in if stats else 0,
            "acks": (
                dataclasses.asdict(self.mesh.replicator.stats)
                if self.mesh is not None and self.mesh.replicator is not None
                else {}
            ),
            "cpu_seconds": usage.ru_utime + usage.ru_stime,
            "fsyncs": self._logfile.fsyncs,
            "fsync_seconds": self._logfile.fsync_seconds,
            "cpu_at_first_entry": self._cpu_at_first_entry,
            "closed_at": time.monotonic(),
            "max_rss_kb": usage.ru_maxrss,
            "finished": self.table.finished,
        }
        write_atomic(self.trace_path, json.dumps(report).encode(), mode=0o644)

    async def run_until_finished(self, *, linger: float = 10.0) -> None:
        """Play until the game ends, then give the peers ``linger`` s to catch up.

        Raises ``SeatFailed`` if a task of ours failed meanwhile."""
        finished = asyncio.ensure_future(self.finished.wait())
        failed = asyncio.ensure_future(self.failed.wait())
        await asyncio.wait({finished, failed}, return_when=asyncio.FIRST_COMPLETED)
        finished.cancel()
        failed.cancel()
        self.raise_if_failed()
        assert self.mesh is not None
        with contextlib.suppress(TimeoutError, WizardError):
            await self.mesh.wait_for(self._peers_caught_up, linger, "peers to catch up")

    def raise_if_failed(self) -> None:
        if isinstance(self.failure, OSError):
            raise SeatFailed(
                f"this seat stopped: its log cannot be written ({self.failure}); what is "
                f"on disk is intact: once there is room, wizard-p2p resume {self.store.game_dir}"
            )
        if self.failure is not None:
            raise SeatFailed(
                f"this seat stopped on an internal error ({self.failure!r}); its log is "
                f"intact: wizard-p2p resume {self.store.game_dir}"
            )

    def _peers_caught_up(self) -> bool:
        assert self.mesh is not None
        if self.table.fault is not None:
            # A cheat found by a put-off check ends each replica where it ran the check:
            # the others' logs may end a few set-up entries apart. Nothing to wait for.
            return True
        length = len(self.table.log)
        return all(
            info.log_length >= length
            for key, info in self.mesh.peer_status().items()
            if self._seat_of_key.get(key) not in self.silent
        )

    # --- the mesh's side ---------------------------------------------------------------

    def _on_entry(self, position: int, data: bytes, from_peer: str) -> bool:
        if self.trace_path is not None:
            self.trace_received.setdefault(position, time.monotonic())
        sender = self._seat_of_key.get(from_peer)
        try:
            self.table.receive(data)
        except PeerFault as fault:
            if self.table.fault is not None and fault.kind == "after-end":
                return False  # the game ended here on a cheat; the others end a bit later
            self._refused(sender, position, f"{fault} (sent by seat {sender})")
            self._keep_evidence(fault, data)
            if fault.kind == "fork":
                self._ask_for_fork(from_peer, position - 1)
            return False
        except DecodeError as exc:
            self._refused(sender, position, f"malformed entry {position} from seat {sender}: {exc}")
            return False
        if len(self.table.log) <= position:
            # A valid entry of another position (an old one replayed, or a later one)
            # sent as this one: the mesh's position is the sender's claim, not the log's.
            self._refused(
                sender, position, f"seat {sender} sent an entry of another position as {position}"
            )
            return False
        self._persist_and_publish(skip=position)
        self._after_change()
        return True

    def _ask_for_fork(self, peer: str, position: int) -> None:
        """The sender's entry builds on another entry at ``position`` than ours: ask it for
        that entry (once). If one seat signed both, the table proves who equivocated,
        even though the entry that showed the fork names nobody."""
        if (
            self.mesh is None or peer not in self._seat_of_key or position < 1
            or position in self._forks_asked or len(self._forks_asked) >= MAX_FAULTS_KEPT
        ):
            return
        self._forks_asked.add(position)
        self.mesh.send(peer, encode_control(Want(position)))

    def _keep_evidence(self, fault: PeerFault, entry: bytes) -> None:
        """A signed entry that proves a seat cheated is kept on disk, and shown."""
        evidence = evidence_of(fault, entry)
        if evidence is None:
            return
        try:
            kept = self._evidence.add(evidence)
        except OSError as exc:
            _log.error("could not write the evidence of seat %d's fault: %s", fault.seat, exc)
            return
        if kept:
            self.proven.setdefault(evidence.seat, fault.reason)
            _log.warning("kept evidence of seat %d's %s at %d", fault.seat, fault.kind,
                         fault.position)

    def _refused(self, sender: int | None, position: int, fault: str) -> None:
        """Keep a refused entry's reason; the log gets the first few of each sender's, then
        one in a thousand: a peer that repeats a fault cannot flood it."""
        self.faults.append(fault)
        count = self._refusals[sender] = self._refusals.get(sender, 0) + 1
        if count <= _LOG_FIRST_REFUSALS or count % 1000 == 0:
            _log.warning("rejected entry %d from seat %s: %s (refusal #%d of that seat)",
                         position, sender, fault, count)

    def _control_refused(self, sender: int | None, fault: str) -> None:
        """Like ``_refused``, for a control message: logged a few times per sender."""
        self.faults.append(fault)
        count = self._control_refusals[sender] = self._control_refusals.get(sender, 0) + 1
        if count <= _LOG_FIRST_REFUSALS or count % 1000 == 0:
            _log.warning("%s (refusal #%d of that seat)", fault[:300], count)

    async def _event_loop(self) -> None:
        assert self.mesh is not None
        async for event in self.mesh.events():
            seat = self._seat_of_key.get(getattr(event, "peer", ""))
            if isinstance(event, PeerSilent) and seat is not None:
                self.silent.add(seat)
            elif isinstance(event, PeerBack | PeerUp) and seat is not None:
                self.silent.discard(seat)
            elif isinstance(event, Diverged) and seat is not None:
                self._on_diverged(event)
            elif isinstance(event, MessageReceived) and seat is not None:
                self._on_control(event)
            self._after_change()

    # A peer whose log differs from ours at a position asks for the other's entry there
    # (a control message); the table decides. The one case that resolves itself: we died
    # between writing our entry and sending it, and the others wrote the abort of our
    # stall at that position. Any other divergence is a fault, reported as such.

    def _on_diverged(self, event: Diverged) -> None:
        assert self.mesh is not None
        self.faults.append(
            f"seat {self._seat_of_key[event.peer]} holds another entry at {event.position}"
        )
        if event.position < len(self.table.log):
            self.mesh.send(event.peer, encode_control(Want(event.position)))

    def _on_control(self, event: MessageReceived) -> None:
        assert self.mesh is not None
        events: list[Event] = []
        try:
            message = decode_control(event.payload)
            if isinstance(message, Want):
                position = message.position
                if position < len(self.table.log):
                    self.mesh.send(
                        event.peer, encode_control(EntryAt(position, self.table.log[position]))
                    )
                return
            events = self.table.receive(message.data)
        except PeerFault as fault:
            seat = self._seat_of_key.get(event.peer)
            self.faults.append(f"control message from seat {seat}: {fault}")
            assert isinstance(message, EntryAt)  # only a sent entry's check blames a seat
            self._keep_evidence(fault, message.data)
            return
        except WizardError as exc:
            seat = self._seat_of_key.get(event.peer)
            self._control_refused(seat, f"control message from seat {seat}: {exc}")
            return
        for rewritten in events:
            if isinstance(rewritten, LogRewritten):
                self._rewrite_log(rewritten.position)
        self._persist_and_publish()

    def _rewrite_log(self, position: int) -> None:
        """Our log changed from ``position`` on: replace the file (atomically) to match."""
        assert self.mesh is not None
        self._logfile.close()
        write_atomic(self.store.log_path, b"".join(line + b"\n" for line in self.table.log),
                     mode=0o644)
        self._logfile = self.store.open_log()
        self._persisted = len(self.table.log)
        if self.mesh.replicator is not None:
            self.mesh.replicator.rewritten(position)

    def _arm_stall_timer(self) -> None:
        """While a seat holds the game up, a timer falls due every second (so the console's
        countdown moves) and at the stall limit (when the seat that writes the abort may
        end the game: a bot does, a person is offered it). It is set again only when the
        seat held up changes or it falls due: a task woken at every entry cost each peer a
        loop turn per entry, on the set-up's critical path."""
        if self._stall_timer is not None:
            self._stall_timer.cancel()
            self._stall_timer = None
        if (
            self._closing
            or self._loop is None
            or self._held_by is None
            or self._held_since is None
        ):
            return
        left = self._held_since + self.timers.stall_limit - time.monotonic()
        ends_it = self.auto_abort and self.table.abort_writer(self._held_by) == self.seat
        if left > 0:
            if not self._callbacks and not ends_it:
                return  # nobody watches a countdown, and this seat ends nothing by itself
            delay = min(left, COUNTDOWN_TICK) if self._callbacks else left
        elif ends_it:
            delay = 0.0
        else:
            return  # the limit has passed: the console shows who may end the game
        self._stall_timer = self._loop.call_later(delay, self._stall_due)

    def _stall_due(self) -> None:
        self._stall_timer = None
        if self._closing:
            return
        self._track_stall()  # sets the timer again if the seat held up changed
        if self.can_abort() and self.auto_abort:
            self.abort_stalled()
            return
        if self._stall_timer is None and self._held_by is not None:
            self._arm_stall_timer()
        for callback in list(self._callbacks):
            callback()  # the countdown moved, or this person may now end the game

    def _holding_up(self, due: tuple[int, frozenset[str]] | None) -> bool:
        """Whether the seat due holds the game up: it is silent, or it owes an entry its
        client writes by itself (a shuffle, a lock, a reveal...) — a seat that stays
        connected but withholds one stalls the game as surely as one that left."""
        if due is None or self.table.ended or due[0] == self.seat:
            return False
        return due[0] in self.silent or self.table.owes_at_once()

    def _track_stall(self) -> None:
        """Start (or stop) the clock of the seat the game is waiting for, if it holds it up."""
        due = self.table.expected()
        held = due[0] if due is not None and self._holding_up(due) else None
        if held != self._held_by:
            self._held_by = held
            self._held_since = None if held is None else time.monotonic()
            self._arm_stall_timer()

    def stalled_for(self) -> float:
        """Seconds the seat due has held up the game (0.0 when none does)."""
        self._track_stall()
        return 0.0 if self._held_since is None else time.monotonic() - self._held_since

    def can_abort(self) -> bool:
        """Whether this seat may end the game now: the seat due has held it up (silent,
        or withholding an automatic entry) for the stall limit, and we are the one seat
        that writes the abort."""
        due = self.table.expected()
        if due is None or not self._holding_up(due):
            return False
        if self.table.abort_writer(due[0]) != self.seat:
            return False
        return self.stalled_for() >= self.timers.stall_limit

    def abort_stalled(self) -> None:
        """End the game naming the silent seat due (only the lowest other seat may)."""
        if not self.can_abort():
            raise UsageError(
                "only the lowest other seat can end the game, and only once the seat due "
                "has held it up (silent, or not writing what its client writes by itself) "
                "for the stall limit"
            )
        self.table.abort_stalled()
        self._persist_and_publish()
        self._after_change()

    # --- outputs -----------------------------------------------------------------------

    def _persist_and_publish(self, skip: int | None = None) -> None:
        """Write every entry the table holds beyond the file to disk, and publish ours.

        When none of our new entries must be on disk before it is sent (a pass, a forced
        or derived entry: CHOICE_KINDS), they go out before anything is written: the
        writes (ours and the entry we build on) are then off the set-up's chain, and a
        crash loses nothing the table cannot write again byte for byte. Otherwise each
        of ours goes out once it, and every entry before it, is on disk.
        """
        log = self.table.log
        start = self._persisted
        ours = [
            pos for pos in range(start, len(log))
            if pos != skip and self.table.entry_meta[pos][0] == self.seat
        ]
        if self.trace_path is not None:
            for pos in ours:
                self._trace_signed(pos)
        durable = {pos for pos in range(start, len(log)) if self._must_wait_for_disk(pos)}
        sent_first = bool(ours) and durable.isdisjoint(ours)
        if sent_first:
            for pos in ours:
                self._publish_ours(pos)
        while self._persisted < len(log):
            pos = self._persisted
            author, kind = self.table.entry_meta[pos]
            self._derived_choices.discard(pos)
            try:
                self._logfile.append(log[pos], durable=pos in durable)
            except OSError as exc:
                self._disk_failed(exc)  # nothing after it is written or sent
                return
            self._persisted += 1
            if self.trace_path is not None:
                self.trace.append((pos, author, kind, time.monotonic()))
                if self._cpu_at_first_entry is None:
                    self._cpu_at_first_entry = time.process_time()
            if pos in ours and not sent_first:
                self._publish_ours(pos)

    def _must_wait_for_disk(self, pos: int) -> bool:
        """Whether the entry at ``pos`` must be on disk before it is sent: our choice,
        unless it is forced or derived (CHOICE_KINDS)."""
        author, kind = self.table.entry_meta[pos]
        if author != self.seat or kind not in CHOICE_KINDS:
            return False
        return pos not in self.table.forced_plays and pos not in self._derived_choices

    def _trace_signed(self, pos: int) -> None:
        """Note when our entry at ``pos`` was made: a choice's, when it was chosen."""
        signed_at = time.monotonic()
        kind = self.table.entry_meta[pos][1]
        chosen = kind in CHOICE_KINDS and pos not in self.table.forced_plays
        if chosen and self._chosen_at is not None:
            signed_at, self._chosen_at = self._chosen_at, None
        self.trace_signed[pos] = signed_at

    def _publish_ours(self, pos: int) -> None:
        mesh = self.mesh
        if mesh is not None and mesh.replicator is not None:
            newest = pos + 1 == len(self.table.log)
            first, last = self._send_order() if newest else (None, None)
            mesh.publish(pos, first=first, last=last)

    def _send_order(self) -> tuple[str | None, str | None]:
        """(first, last): the mesh key of the seat that writes the entry after our newest
        one, as the peer that entry goes to before the others or after them (``None``
        when we write it).

        An entry written at once by its client, a pass of a set-up above all, goes to
        its writer first: it is the chain, and every other seat only records ours
        (SPEC §4). A choice (a bid, the trump, a play) goes to its chooser last: every
        seat checks and shows our entry, and a bot chooses the moment it has it, so its
        sends would wake the seats still checking ours. Sent last to the next player, a
        play reaches the others sooner, and the game is no slower.
        """
        due = self.table.expected()
        if due is None or due[0] == self.seat:
            return None, None
        writer = self.table.players[due[0]]["curve_key"]
        if due[1] & _CHOSEN:
            return None, writer
        return writer, None

    # --- choices -----------------------------------------------------------------------

    def _after_change(self) -> None:
        if self.table.game is not None and not self.ready.is_set():
            self.ready.set()
        if self.table.ended and not self.finished.is_set():
            self._game_ended()
        if self.policy is not None and not self._quit and self.failure is None:
            self._bot_move()
        if self.table.scheduling.deferred_checks_due:
            # What we had to send is sent: the last round's check is off the critical path,
            # and so is deriving what the next round's start will need.
            self._run_deferred_checks()
        elif self.table.scheduling.has_deferred_checks and not self._closing:
            # Should the next set-up stall before our turn, the check runs anyway: after
            # IDLE_CHECK_DELAY with nothing happening (the timer restarts at every change).
            if self._idle_check is not None:
                self._idle_check.cancel()
            self._idle_check = asyncio.get_running_loop().call_later(
                IDLE_CHECK_DELAY, self._run_deferred_checks
            )
        elif self.table.scheduling.preparation_due:
            # Our hand is dealt, every seat has written since and no check is pending: the
            # next round's keys (and seat 0's first pass) are derived now, not at that
            # round's start. After round 1 nothing else would: its set-up has no check of
            # a round before it.
            self.table.scheduling.prepare_next_round()
        elif (
            self.table.scheduling.preparation_waits
            and self._idle_prepare is None
            and not self._closing
        ):
            self._idle_prepare = asyncio.get_running_loop().call_later(
                IDLE_PREPARE_DELAY, self._prepare_when_idle
            )
        self._track_stall()
        for callback in list(self._callbacks):
            callback()

    def _prepare_when_idle(self) -> None:
        self._idle_prepare = None
        # Only if still waiting: once the game has moved on, the round's own path prepares
        # (when due, or after the next round's check), and not in the middle of a set-up.
        scheduling = self.table.scheduling
        if not self._closing and scheduling.preparation_waits and scheduling.prepare_next_round():
            self._after_change()

    def _run_deferred_checks(self) -> None:
        if self._idle_check is not None:
            self._idle_check.cancel()
            self._idle_check = None
        if not self.table.scheduling.has_deferred_checks or self._closing:
            return
        self.table.scheduling.run_deferred_checks()
        self.table.scheduling.prepare_next_round()
        if self.table.ended:
            self._after_change()

    def _game_ended(self) -> None:
        self.finished.set()
        if self.mesh is not None and not self._closing:
            self.mesh.announce_length()  # the others wait for everyone to hold the end

    def _bot_move(self) -> None:
        need = self.table.choice_needed()
        while need is not None:
            view = self.table.view()
            assert view is not None
            policy = self.policy
            assert policy is not None  # only a bot's seat moves by itself
            derived = self._derives_choices()
            rng = random.Random(self.table.choice_seed()) if derived else self._rng
            if derived:
                self._derived_choices.add(len(self.table.log))  # where the choice goes
            if need == "bid":
                tricks = policy.bid(view, rng)
                self._chosen_at = time.monotonic()
                self.table.bid(tricks)
            elif need == "trump":
                suit = policy.choose_trump(view, rng)
                self._chosen_at = time.monotonic()
                self.table.choose_trump(suit)
            else:
                card = policy.play(view, rng)
                self._chosen_at = time.monotonic()
                self.table.play(card)
            self._persist_and_publish()
            need = self.table.choice_needed()
        if self.table.ended and not self.finished.is_set():
            self._game_ended()

    def _derives_choices(self) -> bool:
        """Whether our bot's next choice is derived (see CHOICE_KINDS): its policy decides
        from the view and the randomness it is given alone, and the view comes from the
        log and our master secret alone (the clairvoyance round's too: the key shares
        that show the others' cards are in the log, sealed to us)."""
        return self.policy is not None and self.policy.deterministic

    def _choose(self, make_choice: Callable[[], list[Event]]) -> None:
        self._chosen_at = time.monotonic()
        make_choice()  # the entry it writes goes out from the log
        self._persist_and_publish()
        self._after_change()

    # SeatController

    def bid(self, tricks: int) -> None:
        self._choose(lambda: self.table.bid(tricks))

    def choose_trump(self, suit: Suit) -> None:
        self._choose(lambda: self.table.choose_trump(suit))

    def play(self, card: Card) -> None:
        self._choose(lambda: self.table.play(card))

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def quit(self) -> None:
        self._quit = True
        self.finished.set()

    def snapshot(self) -> Snapshot:
        view = self.table.view()
        if view is None:
            raise UsageError("the game has not started yet")
        return Snapshot(
            view=view,
            names=self.table.names,
            fingerprints=tuple(fingerprint(k) for k in self.table.sign_keys),
            connected=tuple(s not in self.silent for s in range(self.table.seats)),
            status=self.status(),
            log=(),
            finished=self.table.finished,
            aborted=self._ended_reason(),
            resumable=self.resumable,
        )

    def _ended_reason(self) -> str | None:
        if self.table.fault is not None:
            return f"cheating detected: {self.table.fault}"
        if self.table.abort is not None:
            _, stalled, reason = self.table.abort
            return f"{self.table.names[stalled]} stalled: {reason}"
        return None

    def status(self) -> tuple[Status, ...]:
        stage, writer, done, total = self.table.progress()
        items: list[Status] = []
        for seat in sorted(self.silent):
            items.append(Status("disconnected", seat=seat))
        for seat, reason in self.proven.items():
            items.append(Status("cheated", seat=seat, detail=reason))
        if self.table.finished:
            items.append(Status("game-over"))
        elif self.table.ended:
            items.append(Status("aborted", detail=self._ended_reason() or ""))
        elif stage in ("shuffle", "lock", "reveal", "coin"):
            kind = {
                "shuffle": "shuffling", "lock": "dealing", "reveal": "revealing",
                "coin": "shuffling",
            }[stage]
            items.append(Status(kind, seat=writer, done=done, total=total))
        elif writer is not None and writer != self.seat:
            view = self.table.view()
            phase = view.phase if view else None
            waiting: dict[Phase | None, str] = {
                Phase.BID: "waiting-bid",
                Phase.CHOOSE_TRUMP: "waiting-trump",
                Phase.PLAY: "waiting-play",
            }
            kind = waiting.get(phase, "waiting-play")
            items.append(Status(kind, seat=writer))
        if self.can_abort():
            items.append(Status("stalled", seat=writer))
        elif self._held_by is not None and self._held_since is not None:
            # Everyone sees who holds the game up, for how long, and who may end it.
            held = time.monotonic() - self._held_since
            items.append(Status(
                "held-up", seat=self._held_by, done=int(held),
                total=int(self.timers.stall_limit), writer=self.table.abort_writer(self._held_by),
            ))
        return tuple(items)

    def peer_states(self) -> dict[int, PeerState]:
        assert self.mesh is not None
        return {
            self._seat_of_key[k]: info.state
            for k, info in self.mesh.peer_status().items()
            if k in self._seat_of_key
        }


# Our entries that depend on a choice (or on when we made it). Every other entry of ours
# (coin, shuffle, lock, bid opening, reveal, final, the last trick's forced plays and
# every play of the clairvoyance round) is derived from the master secret and the log
# before it, so after a crash the table derives the very same bytes again: it needs no
# fsync before it is sent, which takes the disk off the set-up's critical path. So is a
# deterministic bot's choice, drawn from Table.choice_seed() (GamePeer._bot_move). What
# waits for the disk: a person's choice and a clocked bot's.
CHOICE_KINDS = frozenset({"bid", "trump", "play", "abort", "dispute"})


# The choices that make the next entry one (GamePeer._send_order): a dispute or an abort
# may follow any entry (Table.expected() always allows a dispute), so it does not.
_CHOSEN = CHOICE_KINDS - {"abort", "dispute"}


class _LogView:
    """The replicator's view of our log: exactly what the table has accepted."""

    def __init__(self, table: Table) -> None:
        self._table = table

    def length(self) -> int:
        return len(self._table.log)

    def get(self, position: int) -> bytes:
        return self._table.log[position]
