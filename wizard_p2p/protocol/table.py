"""One seat's replica of a game, as a sans-I/O state machine (in the manner of h11).

A ``Table`` is fed log entries (``receive``) and the local player's choices
(``choose``).
Every call returns the events it caused (``wizard_p2p.protocol.events``): every entry
that joined the log (``Broadcast`` for ours, to send, saying whether it must reach the
disk first; ``Accepted`` for another seat's), an entry refused late, a log rewritten,
and the game's end with its ``outcome``. A driver reads nothing else to keep the log
file and end the game.
Everything a seat is sent is in the log, its secrets too (sealed to their
reader). It never touches a socket, a clock or a file, and it draws
no randomness: every secret of the local seat derives from one ``master_secret`` the
caller supplies (from ``os.urandom``) and persists, so a table rebuilt from its log
and that secret after a crash is the same table.

The table composes the protocol's parts (the package's docstring maps them): it
feeds each entry through ``chain`` and ``turns`` to its validator (the core's in
``core_handlers.CORE_HANDLERS``; a game's through the game's replica, a
``game.GameReplica`` the game's rules make), and writes what is ours to write (what
the replica says we owe, or the choice it reads).

A fault found in an entry as it arrives raises ``PeerFault`` (naming the author,
once its signature proves who that is; a fork names nobody, as either of two
authors may have equivocated) and changes nothing. An entry held for a later
position and refused when its turn comes is reported as ``EntryRejected``. A fault
found when the replica replays what the log holds (Wizard's round check: a renege, a
tampered pass, a wrong key) ends the game (``GameEnded`` with ``Faulted``): the entries themselves
were well-formed, and the log is the evidence.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor
from functools import partial
from typing import Any, Protocol

from wizard_p2p.errors import CryptoError, DecodeError, IllegalAction, PeerFault, UsageError
from wizard_p2p.identity import Identity
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.chain import Chain
from wizard_p2p.protocol.core_handlers import CORE_HANDLERS
from wizard_p2p.protocol.endings import Proof, abort_body, proof_body, stands_over
from wizard_p2p.protocol.events import (
    Aborted,
    Accepted,
    Broadcast,
    EntryRejected,
    Event,
    Faulted,
    GameEnded,
    LogRewritten,
    Outcome,
)
from wizard_p2p.protocol.faults import Equivocation, OutOfTurn, fault_kind
from wizard_p2p.protocol.game import Body, GameReplica, GameRules, Progress, Rewrite, Seating
from wizard_p2p.protocol.genesis import read_genesis
from wizard_p2p.protocol.kinds import ENDING_KINDS, CoreKind, FaultKind, Stage
from wizard_p2p.protocol.scheduling import Scheduling
from wizard_p2p.protocol.seat_secrets import SeatSecrets, coin_commitment
from wizard_p2p.protocol.turns import Step, Turn, abort_order, abort_writer, advance, check_turn


class Table:
    """One seat's replica (or an observer's, with ``seat=None``: the auditor).

    ``defer_checks`` and ``helper`` only change when and on which thread work is
    done (``scheduling``, and the second thread our passes are shared with);
    ``replay_every_pass`` makes the round check re-run every pass (the auditor's).
    ``rewrite`` is a modified client's hook on what it writes (``game.Rewrite``): the
    shipped program never sets it; the adversarial tests' cheating seat does.
    ``rules`` is the game the genesis names (``game.GameRules``; ``tables.open_table``
    and ``tables.rules_of`` choose it), ``private`` what the seat brings to it that
    nobody else sees.
    """

    def __init__(
        self,
        genesis: bytes,
        *,
        rules: GameRules,
        seat: int | None = None,
        identity: Identity | None = None,
        master_secret: bytes | None = None,
        defer_checks: bool = False,
        helper: Executor | None = None,
        replay_every_pass: bool = False,
        rewrite: Rewrite | None = None,
        private: object | None = None,
    ) -> None:
        self.rules = rules
        self._genesis = read_genesis(genesis, self.rules)
        config, players = self._genesis.config, self._genesis.players
        seats = self._genesis.seats
        self._secrets: SeatSecrets | None = None
        self._master_secret = master_secret
        self._private = private
        if seat is not None:
            if identity is None or master_secret is None:
                raise UsageError("a seated table needs the player's identity and master secret")
            if not 0 <= seat < seats or players[seat]["sign_key"] != identity.public_key:
                raise UsageError(f"this identity is not seat {seat} of the game")
            if players[seat]["coin_commit"] != coin_commitment(master_secret):
                raise UsageError("this master secret is not the one this seat joined with")
            self._secrets = SeatSecrets(master_secret, self._genesis.game_id, seat, seats)
        self.seat = seat
        self.identity = identity
        self.config = config
        self.players: list[dict[str, Any]] = players
        self.names = tuple(p["name"] for p in players)
        self.coach = self._genesis.coach  # the terms let the players ask the coach
        self.sign_keys = self._genesis.sign_keys
        self.game_id = self._genesis.game_id
        self.series = self._genesis.series
        self.series_first_dealer = None if self.series is None else self.series.first_dealer
        self._helper = helper
        self._replay_every_pass = replay_every_pass
        # The game's state (a ``game.GameReplica``), made anew by every reset.
        self.replica: GameReplica
        self._rewrite = rewrite
        self.scheduling = Scheduling(self, defer_checks=defer_checks)
        self._events: list[Event] = []
        self._depth = 0  # nested public calls: only the outermost returns the events
        self._end_reported = False
        self._reset()

    def _reset(self) -> None:
        """The replica as the genesis leaves it."""
        self._chain = Chain(self._genesis)
        self._writing = True
        self.stage = Stage.COIN
        self._ending: Aborted | Faulted | None = None  # how the game ended early, if it did
        self.replica = self.rules.replica(self, Seating(
            genesis=self._genesis,
            seat=self.seat,
            secrets=self._secrets,
            master_secret=self._master_secret,
            helper=self._helper,
            every_pass=self._replay_every_pass,
            private=self._private,
        ))

    # --- reading ---------------------------------------------------------------------

    @property
    def game_name(self) -> str:
        """The game the genesis founds (its terms' ``game``)."""
        return self._genesis.game

    @property
    def log(self) -> list[bytes]:
        return self._chain.entries

    @property
    def entry_meta(self) -> list[tuple[int, str]]:
        """(author seat, kind) of every entry in the log, beside its bytes."""
        return self._chain.meta

    @property
    def seats(self) -> int:
        return self._genesis.seats

    @property
    def ended(self) -> bool:
        return self.stage.ended

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (None while it goes on): the one answer, the same value
        ``GameEnded`` carries."""
        if self.stage is Stage.DONE:
            return self.replica.result()
        if self.stage.ended:
            assert self._ending is not None
            return self._ending
        return None

    def expected(self) -> Turn | None:
        """(seat, kinds) allowed at the next position, or None when the game has ended."""
        return self.replica.due()

    def choice_needed(self) -> str | None:
        """The kind of choice the local player must make now (Wizard's 'bid', 'trump'
        or 'play'), if any: the game's replica says which, and a choice its client
        makes by itself is none."""
        return self.replica.choice_needed()

    def owes_at_once(self) -> bool:
        """Whether the seat due owes an entry its client writes by itself (Wizard's
        shuffle, lock, reveal, the last trick's forced play...), not a choice to think
        over."""
        turn = self.expected()
        return turn is not None and self.replica.forced(turn)

    def view(self) -> Any:
        """The local seat's view (None before the game has started, or for observers;
        Wizard's: a ``SeatView``)."""
        return self.replica.view()

    def progress(self) -> Progress:
        """(stage, seat due, done, total) for progress lines like "shuffling (3/6)"."""
        return self.replica.progress()

    def choice_seed(self) -> bytes:
        """32 bytes for a bot's choice at the next position, derived from our master
        secret and that position.

        A table rebuilt from the same log after a crash gives the very same bytes, so a
        bot that draws its randomness only from them (and decides from its view alone)
        writes the same entry again: like a forced play, the entry needs no fsync before
        it is sent. Nobody else can predict them.
        """
        if self._secrets is None:
            raise UsageError("only a seated table makes choices")
        return self._secrets.choice_seed(len(self.log))

    # --- the local player's choices ---------------------------------------------------

    # ``derived``: the caller drew the choice from ``choice_seed()`` and the view alone,
    # so a table rebuilt after a crash makes it again: its entry need not reach the disk
    # before it is sent (``Broadcast.durable``).

    def choose(self, choice: object, *, derived: bool = False) -> list[Event]:
        """Make the choice the game waits for (``choice_needed``: the game's replica
        reads ``choice`` and refuses it with an ``IllegalAction`` naming the rule)."""
        if self.seat is None:
            raise UsageError("an observer makes no choices")
        kind = self.choice_needed()
        if kind is None:
            raise IllegalAction("it is not your turn to choose", rule="turn")
        body = self.replica.choose(kind, choice, derived)
        if body is None:  # the replica owes the entries the choice makes
            return self._reported(self._settle)
        return self._reported(lambda: self._write_choice(kind, body, derived))

    def abort_stalled(self, reason: str = "stalled past the time limit") -> list[Event]:
        """End the game naming the seat due, when it has stalled (any other seat may:
        when several do, the lowest one's abort stands, SPEC §6.2). When to is the
        node's policy."""
        turn = self.expected()
        if turn is None or self.seat is None:
            raise UsageError("the game has ended")
        if self.seat == turn.seat:
            raise UsageError("a seat cannot end the game naming itself as stalled")
        body = abort_body(turn.seat, reason)
        # When we end the game depends on our clock: after a crash we might not again.
        return self._reported(lambda: self._write(CoreKind.ABORT, body, durable=True))

    def abort_writer(self, stalled: int) -> int:
        """The first seat the right to end the game falls to: the lowest other seat."""
        return abort_writer(stalled)

    def abort_order(self, stalled: int) -> tuple[int, ...]:
        """The seats that may end the game when ``stalled`` holds it up, in the order the
        right passes to them (SPEC §6.1)."""
        return abort_order(stalled, self.seats)

    # --- receiving --------------------------------------------------------------------

    def receive(self, raw: bytes) -> list[Event]:
        """Take one entry from a peer (in any order); returns what it caused.

        Raises ``PeerFault`` (naming the author) or ``DecodeError`` for an entry that
        cannot be accepted; the table is then unchanged. An entry for a later position
        is checked (signature, game) and kept until its turn comes; if it is then
        refused, an ``EntryRejected`` event reports it instead.
        """
        return self._reported(lambda: self._receive(raw))

    def start(self) -> list[Event]:
        """What is due right after construction or a restart (our turn to write)."""
        return self._reported(self._settle)

    def _reported(self, work: Callable[[], object]) -> list[Event]:
        """Do ``work``; the outermost call returns every event it caused."""
        self._depth += 1
        try:
            work()
        finally:
            self._depth -= 1
        if self._depth:
            return []
        if self.ended and not self._end_reported:
            outcome = self.outcome
            assert outcome is not None
            self._events.append(GameEnded(outcome))
            self._end_reported = True
        events, self._events = self._events, []
        return events

    def _receive(self, raw: bytes) -> None:
        try:
            entry = self.decode(raw)
        except DecodeError as exc:
            self._chain.blame_undecodable(raw, exc)
        chain = self._chain
        if entry.pos < len(chain):
            if chain.entries[entry.pos] == raw:
                return  # a duplicate: already have it
            chain.authenticate(entry)
            if self._stands_here(entry):
                self._replace_from(entry)
                return
            if self._proved(lambda: chain.check_fork(entry, chain.entries[entry.pos])):
                return
        chain.authenticate(entry)
        if self._proved(lambda: chain.check_held(entry)):
            return
        if entry.pos > len(chain):
            chain.hold(entry)
            return
        self._accept(entry, authenticated=True, ours=False)
        self._settle()

    def _stands_here(self, entry: m.Entry) -> bool:
        """Whether ``entry`` (authenticated), an ending for a position we hold another
        entry at, stands there in its place (SPEC §6.2): it chains to our entry before,
        outranks ours, and an abort names the seat due there and is not refuted by an
        entry its own writer signed after it in our log."""
        pos = entry.pos
        if pos < 1 or entry.kind not in ENDING_KINDS or entry.prev != self._chain.hashes[pos - 1]:
            return False
        held = self.decode(self.log[pos])
        later = {seat for seat, _ in self.entry_meta[pos + 1 :]}
        if not stands_over(entry, held, later):
            return False
        if entry.kind == CoreKind.ABORT:
            due = held.body["stalled"] if held.kind == CoreKind.ABORT else held.seat
            return bool(entry.body["stalled"] == due and entry.seat != due)
        try:
            # The proof's own lines, whatever the state.
            CORE_HANDLERS[CoreKind.PROOF].validate(self, entry)
        except DecodeError as exc:
            raise PeerFault(
                f"signed a proof that proves nothing: {exc}", seat=entry.seat,
                position=pos, kind=FaultKind.MALFORMED,
            ) from exc
        return True

    def _replace_from(self, entry: m.Entry) -> None:
        """Take the ending ``entry`` in place of our entries from its position on."""
        self._rebuild(entry.pos)
        self._accept(entry, authenticated=True, ours=False)

    def _rebuild(self, pos: int) -> None:
        """Rebuild the replica from our log before ``pos`` (its checks run at once);
        the entries from ``pos`` on are dropped, and the driver told (``LogRewritten``)."""
        before = self.log[1:pos]
        events, self._events = self._events, []  # what the replay reports is not news
        self._reset()
        self.scheduling = Scheduling(self, defer_checks=False)
        self._writing = False  # replaying: our entries are in the log already
        try:
            for line in before:
                self._receive(line)
        finally:
            self._writing = True
        self._end_reported = False  # the game ends anew, maybe otherwise
        self._events = [*events, LogRewritten(pos)]

    def _proved(self, check: Callable[[], None]) -> bool:
        """Run ``check``; if it proves an equivocation, end the game with the proof where
        we can write it (True). Anything else it raises goes up."""
        try:
            check()
        except Equivocation as found:
            if not self._may_prove(found):
                raise
            self._prove(found)
            return True
        return False

    def _may_prove(self, found: Equivocation) -> bool:
        """We write the proof of an equivocation at its position: a seated replica whose
        log reaches that position and is not ended by a proof at or before it."""
        pos = found.position
        if self.seat is None or pos is None or not 1 <= pos <= len(self.log):
            return False
        if pos == len(self.log) and self.ended:
            return False
        return not any(kind == CoreKind.PROOF for _, kind in self.entry_meta[1 : pos + 1])

    def _prove(self, found: Equivocation) -> None:
        """End the game with the proof of ``found``, at its position (SPEC §6.3)."""
        pos = found.position
        assert pos is not None  # _may_prove
        if pos < len(self.log):
            self._rebuild(pos)
        self._end_reported = False
        self._events.append(EntryRejected(found))  # the driver keeps it as evidence too
        self._write(CoreKind.PROOF, proof_body(*found.evidence))

    # --- what the core handlers drive (``core_handlers.Core``) ----------------------------

    def authenticate(self, entry: m.Entry) -> None:
        """Check an entry's signature and game (a proof's entries)."""
        self._chain.authenticate(entry)

    def decode(self, raw: bytes) -> m.Entry:
        """An entry line of this game, decoded by the game's body table."""
        return m.decode_entry(raw, self._genesis.bodies)

    def proven(self, writer: int, proof: Proof) -> None:
        """A proof entry: its seat signed two entries for one position; the game ends."""
        self.cheat_found(Equivocation(
            f"signed two different entries for position {proof.position} (the proof is in "
            f"the log, written by seat {writer + 1})",
            seat=proof.seat, position=proof.position,
            first=proof.entries[0], second=proof.entries[1],
        ))

    def _settle(self) -> None:
        """Take the buffered entries that now follow, write ours, until neither moves on."""
        while True:
            self._drain()
            if not self._auto():
                return

    def _drain(self) -> None:
        """Accept the buffered entries that now follow the log."""
        while not self.ended:
            waiting = self._chain.take_held()
            if waiting is None:
                break
            turn = self.expected()
            first = turn.seat if turn is not None else -1
            for seat in sorted(waiting, key=lambda s: (s != first, s)):
                entry = self.decode(waiting[seat])
                try:
                    if entry.pos < len(self.log):
                        held = self.log[entry.pos]
                        if self._proved(partial(self._chain.check_fork, entry, held)):
                            return
                    else:
                        self._accept(entry, authenticated=True, ours=False)
                except PeerFault as fault:
                    self._events.append(EntryRejected(fault))
        self._chain.drop_stale()

    def _accept(self, entry: m.Entry, *, authenticated: bool, ours: bool) -> None:
        """Validate an entry fully, then apply it; on any fault nothing has changed.
        Another seat's entry is reported (``Accepted``); ours, by ``_write``."""
        if not authenticated:
            self._chain.authenticate(entry)
        if self.ended:
            raise PeerFault(
                "the game has ended", seat=entry.seat, position=entry.pos,
                kind=FaultKind.AFTER_END,
            )
        self._chain.check_link(entry)
        turn = self.expected()
        assert turn is not None
        check_turn(entry, turn)
        try:
            core = CORE_HANDLERS.get(entry.kind)
            if core is None:
                commit = self.replica.validate(entry)
            elif self.stage not in core.stages:
                raise OutOfTurn(
                    f"a '{entry.kind}' entry cannot come in stage {self.stage}",
                    seat=entry.seat, position=entry.pos, kind=FaultKind.OUT_OF_TURN,
                )
            else:
                commit = core.validate(self, entry)
        except PeerFault:
            raise
        except (IllegalAction, CryptoError, DecodeError) as exc:
            kind = self.rules.fault_of(exc, entry.kind) or fault_kind(exc)
            raise PeerFault(str(exc), seat=entry.seat, position=entry.pos, kind=kind) from exc
        # Validation is done: from here on the entry is part of the game.
        self._chain.append(entry)
        if not ours:
            self._events.append(Accepted(entry.pos, entry.raw, entry.seat, entry.kind))
        commit()

    # --- what the game's replica drives (``game.TableContext``) ---------------------------

    def advance(self, step: Step) -> None:
        """Move the stage on (``turns.TRANSITIONS``)."""
        self.stage = advance(self.stage, step)

    def cheat_found(self, fault: PeerFault) -> None:
        """End the game: ``fault`` was found replaying what the log holds."""
        self._ending = Faulted(fault)
        self.advance(Step.CHEAT_FOUND)

    def aborted(self, writer: int, stalled: int, reason: str) -> None:
        """An abort entry: ``writer`` ended the game naming ``stalled``."""
        self._ending = Aborted(writer, stalled, reason)
        self.advance(Step.ABORTED)
        # A check still put off runs now: a cheat it finds outranks the stall.
        self.scheduling.run_deferred_checks()

    # --- writing our own entries -------------------------------------------------------

    def _auto(self) -> bool:
        """Write the entry that is ours to write and needs no choice, if one is due
        (``_write`` then writes whatever follows); True if one was written."""
        if not self._writing or self.seat is None or self.ended:
            return False
        owed = self.replica.owed()
        if owed is None:
            return False
        return self._write(owed.kind, owed.body, durable=owed.durable)

    def _write_choice(self, kind: str, body: Body, derived: bool) -> None:
        self._write(kind, body, durable=not derived, chosen=True)

    def _write(
        self, kind: str, body: Body, *, durable: bool = False, chosen: bool = False
    ) -> bool:
        """Sign, check and append one entry of ours; then write whatever else is ours.
        ``durable``: it must reach the disk before it is sent (``Broadcast``). False
        when a modified client's ``rewrite`` withheld it."""
        assert self.identity is not None and self.seat is not None
        honest = body
        if self._rewrite is not None:
            rewritten = self._rewrite(kind, body)
            if rewritten is None:
                return False
            body = rewritten
        entry = m.sign_entry(
            self.identity,
            game=self.game_id,
            pos=len(self.log),
            prev=self._chain.hashes[-1],
            seat=self.seat,
            kind=str(kind),
            body=body,
            bodies=self._genesis.bodies,
        )
        # Our own entries go through the very schemas and checks a peer's do (but the
        # signature and the line's canonical form, which sign_entry has just made).
        if body is honest:
            self._accept(entry, authenticated=True, ours=True)
        else:
            self._believe(entry)
        self._events.append(Broadcast(entry.pos, entry.raw, kind, durable, chosen))
        if kind not in ENDING_KINDS:
            self._settle()
        return True

    def _believe(self, entry: m.Entry) -> None:
        """Accept an entry of ours a modified client rewrote as the other seats check it
        (the game's replica says how it hides what we know from its rules)."""
        self.replica.believe(entry, lambda: self._accept(entry, authenticated=True, ours=True))


class OpenObserver(Protocol):
    """How a reader of a log opens an observer's table from its genesis line: the
    protocol's readers are given it (``wizard_p2p.tables.open_table``), so that they
    never name a game's table themselves."""

    def __call__(self, genesis: bytes, *, replay_every_pass: bool = False) -> Table: ...


__all__ = ["OpenObserver", "Table"]
