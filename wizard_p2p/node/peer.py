"""A seated player's process during a game: the table, the mesh and the log file, on one loop.

``GamePeer`` feeds the sans-I/O ``Table`` with what the mesh delivers and acts on
the events every call of the table returns, its one output: it writes each new entry
to the log file and sends ours (``send_order``), a choice that could not be made
again after a crash fsynced before it goes out (``durability``); keeps the evidence
of what was refused (``repair``); and ends the game on ``GameEnded``, whose
``outcome`` it keeps. It knows no game: the local player's choice reaches the table
through ``choose``, the view through ``table.view()``, and what a game adds to a seat
comes in from ``commands`` (the game's bot, its warm-up; a game's seat adapter, like
``commands.wizard_seat``, is the console's ``SeatController``). It composes one helper
per concern: ``repair`` (a log that diverged from a peer's), ``faults`` (refused
entries and evidence), ``stall`` (a seat holding the game up), ``idle`` (work put off
until nothing else is due), ``bot_driver`` (with a ``bot`` it makes its own choices),
``watch_list`` (who watches; the host's seat holds the ``watch_gate``),
``seat_status`` and ``tracing``.

Crash and resume: the log file and ``seat.json`` (master secret) are all that
is needed. On start the table is rebuilt by feeding it the log; entries the
table derives again are byte-identical (deterministic secrets, deterministic
Ed25519), so nothing is duplicated; the mesh then catches up from the others.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from pathlib import Path

from wizard_p2p.errors import DecodeError, IllegalAction, PeerFault, UsageError, WizardError
from wizard_p2p.identity import Identity
from wizard_p2p.net import (
    CurveKeys,
    Diverged,
    Mesh,
    MessageReceived,
    NetConfig,
    PeerBack,
    PeerRestarted,
    PeerSilent,
    PeerUp,
    PrivateReceived,
    entry_digest,
)
from wizard_p2p.net.events import PeerState
from wizard_p2p.net.watchers import SendFilter
from wizard_p2p.node.bot_driver import BotDriver, SeatBot
from wizard_p2p.node.durability import SeatLog
from wizard_p2p.node.faults import Faults
from wizard_p2p.node.helper import PassHelper
from wizard_p2p.node.idle import IdleWork
from wizard_p2p.node.lobby_common import endpoint_of
from wizard_p2p.node.repair import Repair
from wizard_p2p.node.seat_status import seat_status
from wizard_p2p.node.send_order import send_order
from wizard_p2p.node.stall import PeerTimers, StallWatch
from wizard_p2p.node.store import GameStore, SeatRecord
from wizard_p2p.node.table_log import TableLog
from wizard_p2p.node.tracing import BenchTracer, Tracer
from wizard_p2p.node.watch_gate import WatchGate
from wizard_p2p.node.watch_list import WatchList
from wizard_p2p.protocol.events import (
    Event,
    Faulted,
    Finished,
    GameEnded,
    LogRewritten,
    Outcome,
)
from wizard_p2p.protocol.game import Rewrite
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.table import Table
from wizard_p2p.seat.controller import Status, WatchRequest
from wizard_p2p.tables import CardLibrary, open_table

__all__ = ["GamePeer", "PeerTimers", "SeatFailed", "WarmUp"]

_log = logging.getLogger(__name__)

# Seconds the end of a game waits, at most, for the watchers to hold every entry.
WATCHER_LINGER = 2.0


class SeatFailed(WizardError):
    """A task of this seat failed on an internal error: the seat stopped (resumable)."""


# A game's code run once before a new game's first entries (the game's own): given the
# seat's table and the thread our passes are shared with, it works in memory only.
WarmUp = Callable[[Table, Executor | None], object]


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
        bot: SeatBot | None = None,
        warm_up: WarmUp | None = None,
        timers: PeerTimers | None = None,
        auto_abort: bool | None = None,
        trace_path: Path | None = None,
        resumable: bool = True,
        people: frozenset[int] | None = None,
        rewrite: Rewrite | None = None,
        send_filter: SendFilter | None = None,
        dial: Mapping[int, str] | None = None,
        private: object | None = None,
        cards: CardLibrary | None = None,
    ) -> None:
        """``private``: what this seat brings that nobody else sees (巫师牌: its
        ``Decklist``); ``cards``: the card data its game is played with (巫师牌's card
        file), both as ``tables.open_table`` takes them."""
        self.store = store
        # Where to reach some seats instead of the address the genesis gives (a relay,
        # the tests' fault proxies): seat → endpoint.
        self.dial = dict(dial or {})
        # The seats persons play (the lobby's word; None: not known): see StallWatch.
        self.people = people
        # False when leaving ends the game for good (``play``: the bots leave too).
        self.resumable = resumable
        self.tracer: Tracer = BenchTracer(trace_path) if trace_path is not None else Tracer()
        self.record = record
        self.identity = identity
        self.curve_keys = curve_keys
        # A second thread shares each of our passes, where there is a second core, kept
        # off the core our thread is on (PassHelper). Its thread is started with the game
        # (start), not by our first pass, which waited for it (PassHelper.start_thread).
        self._helper = PassHelper() if (os.cpu_count() or 1) > 1 else None
        self.table = open_table(
            genesis, seat=record.seat, identity=identity, master_secret=record.master_secret,
            defer_checks=True, helper=self._helper, rewrite=rewrite, private=private,
            cards=cards,
        )
        # A modified client's hooks on what it writes and sends (the adversarial tests'
        # cheating seat): ``Table(rewrite=…)``, ``Mesh.filter_sends``.
        self._send_filter = send_filter
        self.seat = record.seat
        self.net_config = net_config or NetConfig()
        self._warm_up_hook = warm_up
        self.timers = timers or PeerTimers()
        self.auto_abort = bot is not None if auto_abort is None else auto_abort
        self.mesh: Mesh | None = None
        self._seat_log = SeatLog(store, self.seat)
        # How the game ended, once the table said so (GameEnded): the one answer.
        self.outcome: Outcome | None = None
        self._callbacks: list[Callable[[], None]] = []
        self._seat_of_key = {p["curve_key"]: s for s, p in enumerate(self.table.players)}
        self.silent: set[int] = set()
        self._faults = Faults(store, self.table.seats)
        # The latest faults seen in others' messages (for the console and the tests).
        self.faults = self._faults.seen
        # The seats proven to have cheated (evidence kept on disk): seat → how.
        self.proven = self._faults.proven
        self._repair = Repair(self.table, self._faults, self._seat_of_key)
        # Who watches (every seat); the host's seat also holds the watch gate.
        self._watch = WatchList(self.seat, self._seat_of_key, self._faults, self._notify)
        self._stall = StallWatch(
            self.table, self.seat, silent=self.silent, timers=self.timers,
            auto_abort=self.auto_abort, subscribers=self._callbacks, abort=self.abort_stalled,
            people=people,
        )
        self._idle = IdleWork(self.table, self._changed)
        self._bot = (
            BotDriver(self.table, bot, self.tracer, self._take) if bot is not None else None
        )
        self._pause: asyncio.TimerHandle | None = None  # a bot's trick pause running
        self._paused_at = -1  # the log's length when the last pause was served
        self.finished = asyncio.Event()
        self.ready = asyncio.Event()  # set once the game began (a view exists)
        self.failed = asyncio.Event()  # set when a task of ours failed (``failure``)
        self.failure: BaseException | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._quit = False
        self._closing = False

    # --- life cycle -------------------------------------------------------------------

    async def start(self) -> None:
        """Replay our log (resume), open the mesh, and begin."""
        lines = self.store.read_log()
        if lines and lines[0] != self.table.log[0]:
            raise UsageError("the log on disk belongs to another game")
        # What the table reports while it is fed our own log is acted on once the mesh
        # is open: entries of ours it wrote beyond the file are written and sent then.
        replayed: list[Event] = []
        for line in lines[1:]:
            replayed += self.table.receive(line)  # our own log: a fault here is a damaged file
        if not lines:
            self._seat_log.file.append(self.table.log[0])
            lines = [self.table.log[0]]
        self._seat_log.persisted = len(lines)
        self.mesh = Mesh(
            self.curve_keys,
            host=self.record.listen_host,
            port=self.record.listen_port,
            config=self.net_config,
            game_id=self.table.game_id.hex()[:32],
        )
        self.mesh.filter_sends(self._send_filter)
        # The port held since the lobby (wizard_p2p.ports) is taken over by the mesh's
        # listener: seats that dial us before it binds wait instead of being refused.
        await self.mesh.start()
        self.mesh.attach_log(TableLog(lambda: self.table), self._on_entry)
        for seat, player in enumerate(self.table.players):
            if seat == self.seat:
                continue
            self.mesh.add_peer(player["curve_key"], self._endpoint_of(seat))
        if len(lines) == 1:
            # A new game: the game's first steps run once in memory while the links
            # open, not for the first time on the game's chain (``warm_up``).
            self._warm_up()
        self._take([*replayed, *self.table.start()])
        # Our coin is out: what the game needs first (Wizard: round 1's keys) is derived while
        # the others' coins come in, not after the last one.
        self.table.scheduling.work_ahead()
        if self._helper is not None:
            self._helper.start_thread()
        loop = asyncio.get_running_loop()
        events = loop.create_task(self._event_loop(), name="peer-events")
        events.add_done_callback(self._task_done)
        self._tasks = [events]
        self._stall.start(loop)
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
        if self._warm_up_hook is None:
            return
        try:
            self._warm_up_hook(self.table, self._helper)
        except Exception:
            _log.exception("the game's warm-up failed; the game goes on without it")

    def _endpoint_of(self, seat: int) -> str:
        if seat in self.dial:
            return self.dial[seat]
        return endpoint_of(self.table.players[seat]["address"], self.record.lobby_host)

    def attach_gate(self, gate: WatchGate) -> None:
        """The host's seat, started: admit watchers through ``gate`` (which it closes)."""
        assert self.mesh is not None
        self._watch.attach_gate(gate, self.mesh)
        gate.start()

    async def close(self) -> None:
        """Stop the timers and the mesh. The tasks end by themselves (no cancellation races)."""
        self._closing = True
        if self._pause is not None:
            self._pause.cancel()
        self._idle.close()
        self._stall.close()
        self._repair.close()
        self._watch.close()
        if self._watch.gate is not None:
            await self._watch.gate.close()
        if self.mesh is not None:
            await self.mesh.close()  # ends the event loop's iteration
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._helper is not None:
            self._helper.shutdown(wait=False, cancel_futures=True)
        self._seat_log.close()
        self.tracer.write(
            seat=self.seat, seats=self.table.seats,
            finished=isinstance(self.outcome, Finished),
            mesh=self.mesh, log_file=self._seat_log.file,
        )

    async def run_until_finished(self, *, linger: float = 10.0) -> None:
        """Play until the game ends, then give the peers ``linger`` s to catch up.

        Raises ``SeatFailed`` if a task of ours failed meanwhile."""
        finished = asyncio.ensure_future(self.finished.wait())
        failed = asyncio.ensure_future(self.failed.wait())
        await asyncio.wait({finished, failed}, return_when=asyncio.FIRST_COMPLETED)
        finished.cancel()
        failed.cancel()
        self.raise_if_failed()
        mesh = self.mesh
        assert mesh is not None
        with contextlib.suppress(TimeoutError, WizardError):
            await mesh.wait_for(self._peers_caught_up, linger, "peers to catch up")
        # Watchers get a moment too, never long: what they lack they still find at the
        # other seats, and none of them holds the players up.
        length = len(self.table.log)
        with contextlib.suppress(TimeoutError, WizardError):
            await mesh.wait_for(
                lambda: self._watch.caught_up(mesh, length), min(linger, WATCHER_LINGER),
                "watchers to catch up",
            )

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
        outcome = self.outcome
        if isinstance(outcome, Faulted) and not outcome.proven_in_log:
            # A cheat found by a put-off check ends each replica where it ran the check:
            # the others' logs may end a few set-up entries apart. Nothing to wait for.
            return True
        # Nothing follows an ending: a peer that holds more, or as much ending in another
        # entry, went on without us, and adopts our ending when it fetches it (SPEC
        # §6.2); we wait until it holds our very log.
        length, tip = len(self.table.log), entry_digest(self.table.log[-1])
        return all(
            info.log_length == length and info.tip == tip
            for key, info in self.mesh.peer_status().items()
            if self._seat_of_key.get(key) not in self.silent
        )

    # --- the mesh's side ---------------------------------------------------------------

    def _on_entry(self, position: int, data: bytes, from_peer: str) -> bool:
        self.tracer.received(position)
        sender = self._seat_of_key.get(from_peer)
        try:
            events = self.table.receive(data)
        except PeerFault as fault:
            if isinstance(self.outcome, Faulted) and fault.kind == FaultKind.AFTER_END:
                return False  # the game ended here on a cheat; the others end a bit later
            self._faults.refused(sender, position, f"{fault} (sent by seat {sender})")
            self._faults.keep_evidence(fault, data)
            if fault.kind == FaultKind.FORK and self.mesh is not None:
                self._repair.ask_for_fork(self.mesh, from_peer, position - 1)
            return False
        except DecodeError as exc:
            self._faults.refused(
                sender, position, f"malformed entry {position} from seat {sender}: {exc}"
            )
            return False
        if any(isinstance(event, LogRewritten) for event in events):
            # An ending took the place of our entries (a proof of the sender's
            # equivocation, say): the log on disk is rewritten and ours sent.
            self._changed(events)
            return False
        self._take(events)
        if len(self.table.log) <= position:
            # A valid entry of another position (an old one replayed, or a later one)
            # sent as this one: the mesh's position is the sender's claim, not the log's.
            self._faults.refused(
                sender, position, f"seat {sender} sent an entry of another position as {position}"
            )
            return False
        self._after_change()
        return True

    async def _event_loop(self) -> None:
        assert self.mesh is not None
        async for event in self.mesh.events():
            seat = self._seat_of_key.get(getattr(event, "peer", ""))
            if isinstance(event, PeerSilent) and seat is not None:
                self.silent.add(seat)
            elif isinstance(event, PeerBack | PeerUp) and seat is not None:
                self.silent.discard(seat)
            elif isinstance(event, Diverged) and seat is not None:
                self._repair.diverged(self.mesh, event)
            elif isinstance(event, MessageReceived) and seat is not None:
                self._on_control(event)
            elif isinstance(event, PrivateReceived) and seat is not None:
                self._watch.on_private(self.mesh, event, seat)
            if isinstance(event, PeerRestarted | PeerBack | PeerUp) and seat is not None:
                self._watch.peer_back(self.mesh, event.peer)
            self._after_change()

    def _on_control(self, event: MessageReceived) -> None:
        assert self.mesh is not None
        events = self._repair.control(self.mesh, event)
        if events is not None:
            self._take(events)

    # --- stalls ------------------------------------------------------------------------

    def stalled_for(self) -> float:
        """Seconds the seat due has held up the game (0.0 when none does)."""
        return self._stall.stalled_for()

    @property
    def stall_due(self) -> float | None:
        """When (the loop's time) our stall timer next falls due: the stall limit where
        we write the abort, else the console's countdown tick; None when none runs."""
        timer = self._stall.timer
        return None if timer is None else timer.when()

    @property
    def seat_log(self) -> SeatLog:
        """Our log file as the table's events keep it (what is on disk, its fsyncs)."""
        return self._seat_log

    @property
    def pass_helper(self) -> PassHelper | None:
        """The second thread our passes are shared with (None on one core)."""
        return self._helper

    def can_abort(self) -> bool:
        """Whether this seat may end the game now: the seat due has held it up (silent,
        or withholding an automatic entry) for the stall limit, and we are the one seat
        that writes the abort."""
        return self._stall.can_abort()

    def abort_stalled(self) -> None:
        """End the game naming the silent seat due (the lowest other seat that is not
        silent may)."""
        if not self.can_abort():
            raise UsageError(
                "only the lowest other seat still here can end the game, and only once the "
                "seat due has held it up (silent, or not writing what its client writes by "
                "itself) for the stall limit"
            )
        self._changed(self.table.abort_stalled())

    # --- outputs -----------------------------------------------------------------------

    def _take(self, events: list[Event]) -> None:
        """Act on what the table reported: keep the evidence of what it refused (and
        forget entries an ending replaced), write every new entry to disk and publish
        ours (in the order ``SeatLog.persist_and_publish`` says), and keep how the game
        ended."""
        self._repair.handle(self.mesh, events)
        self._seat_log.persist_and_publish(
            events, self._publish_ours, self.tracer, self._disk_failed
        )
        for event in events:
            if isinstance(event, LogRewritten):
                self.outcome = None  # the game ends anew: a GameEnded follows
            elif isinstance(event, GameEnded):
                self.outcome = event.outcome

    def _changed(self, events: list[Event]) -> None:
        self._take(events)
        self._after_change()

    def _publish_ours(self, pos: int) -> None:
        mesh = self.mesh
        if mesh is not None and mesh.replicator is not None:
            newest = pos + 1 == len(self.table.log)
            first, last = send_order(self.table, self.seat) if newest else (None, None)
            mesh.publish(pos, first=first, last=last)

    # --- choices -----------------------------------------------------------------------

    def _after_change(self) -> None:
        if not self.ready.is_set() and self.table.view() is not None:
            self.ready.set()
        if self.outcome is not None and not self.finished.is_set():
            self._game_ended()
        if self._bot is not None and not self._quit and self.failure is None:
            self._bot_turn()
        self._idle.after_change()
        self._stall.track()
        for callback in list(self._callbacks):
            callback()

    def _game_ended(self) -> None:
        self.finished.set()
        if self.mesh is not None and not self._closing:
            self.mesh.announce_length()  # the others wait for everyone to hold the end

    def _bot_turn(self) -> None:
        """Move now, or after the trick pause when the bot pauses before the move (once
        per move: the log's length when the pause was served)."""
        assert self._bot is not None
        pause = self.timers.trick_pause
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # no loop yet (being built): nothing on screen to keep
            loop = None
        if loop is None or pause <= 0:
            self._bot_move()
            return
        if self._pause is not None:
            return  # the pause runs; its end moves
        if self._paused_at != len(self.table.log) and self._bot.pauses_now():
            self._pause = loop.call_later(pause, self._paused, len(self.table.log))
            return
        self._bot_move(stop_at_pause=True)
        if self._bot.pauses_now():  # it stopped before a pause: pause first
            self._pause = loop.call_later(pause, self._paused, len(self.table.log))

    def _paused(self, length: int) -> None:
        self._pause = None
        self._paused_at = length
        self._after_change()

    def _bot_move(self, *, stop_at_pause: bool = False) -> None:
        assert self._bot is not None  # only a bot's seat moves by itself
        self._bot.move(stop_at_pause=stop_at_pause)
        if self.outcome is not None and not self.finished.is_set():
            self._game_ended()

    def choose(self, choice: object, *, need: str | None = None) -> None:
        """The local player's ``choice`` at the decision the table waits for
        (``table.choice_needed()``; the game's replica reads it and refuses it with an
        ``IllegalAction`` naming the rule). ``need``: the decision the caller means; a
        choice made for another one than the table waits for is refused as out of turn."""
        if need is not None and self.table.choice_needed() != need:
            raise IllegalAction(f"it is not your turn to {need}", rule="turn")
        self.tracer.chose()
        self._changed(self.table.choose(choice))

    # What a game's seat adapter (the console's ``SeatController``) reads and does

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)
        # A seat already holding the game up when the first subscriber comes (a console
        # opened once the table dealt) had no countdown ticking: it ticks from now on.
        self._stall.arm()

    def quit(self) -> None:
        self._quit = True
        self.finished.set()

    def admit_watcher(self, key: str) -> None:
        self._watch.admit(key)

    def refuse_watcher(self, key: str) -> None:
        self._watch.refuse(key)

    def _notify(self) -> None:
        for callback in list(self._callbacks):
            callback()

    @property
    def watchers(self) -> tuple[str, ...]:
        """The names of who watches the table now."""
        return self._watch.names

    def watch_requests(self) -> tuple[WatchRequest, ...]:
        """Those asking to watch, for the host's seat to admit or refuse."""
        return self._watch.requests()

    @property
    def bot_seats(self) -> frozenset[int] | None:
        """The seats a program plays: those the lobby did not say a person plays (None:
        the lobby's word is not known)."""
        if self.people is None:
            return None
        return frozenset(range(self.table.seats)) - self.people

    def status(self) -> tuple[Status, ...]:
        return seat_status(
            self.table, self.seat, self.outcome, silent=self.silent, proven=self.proven,
            stall=self._stall, stall_limit=self.timers.stall_limit,
        )

    def peer_states(self) -> dict[int, PeerState]:
        assert self.mesh is not None
        return {
            self._seat_of_key[k]: info.state
            for k, info in self.mesh.peer_status().items()
            if k in self._seat_of_key
        }
