"""N tables wired together in memory: a whole game with no sockets (h11's ConnectionPair, for N).

``MemoryGame`` creates N identities and master secrets, builds and endorses the
genesis, then relays every ``Broadcast`` to every other table, until nothing is
left to deliver.
Choices are made by a callback per seat (bots in tests); the callback gets the
seat's ``SeatView`` and returns a bid, a suit or a card (the last trick's cards,
the clairvoyance round's unseen one included, play by themselves).

Tests drive it further: ``step``/``run(until=...)`` stop at any point of a
game; ``outputs_filter`` sees every batch of entries a table sends and
decides what is sent instead (how a test plays a malicious seat); ``reorder``
delivers the queued messages in a random order; ``restart`` replaces a seat's
table by one rebuilt from entries and the master secret, as after a crash.
An entry a table refuses is recorded in ``rejected`` and the relay
goes on, as a node would; every event a table returns but an entry's is kept in
``events``.

Outside the tests it plays the bench's protocol floor (every seat's work on one
thread) and a peer's warm-up before its game (``wizard_p2p.commands.wizard_warmup``).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field

from wizard_p2p.errors import DecodeError, PeerFault
from wizard_p2p.identity import Identity
from wizard_p2p.protocol.choices import write_choice
from wizard_p2p.protocol.events import Accepted, Broadcast, Event, broadcasts
from wizard_p2p.protocol.genesis import (
    SeriesTerms,
    encode_genesis,
    endorse,
    player_record,
)
from wizard_p2p.rules import Card, GameConfig, SeatView, Suit
from wizard_p2p.tables.wizard.genesis import genesis_terms
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.table import WizardTable

Chooser = Callable[[int, WizardKind, SeatView], int | Suit | Card]
# (sender seat, the entries its table just wrote) -> the entries to send instead
OutputsFilter = Callable[[int, list[Broadcast]], list[Broadcast]]


def seeded_bytes(label: str, index: int) -> bytes:
    """Fixed bytes for reproducible test games (golden logs); never for real play."""
    return hashlib.sha256(f"wizard-p2p test {label} {index}".encode()).digest()


def make_genesis(
    config: GameConfig,
    identities: Sequence[Identity],
    masters: Sequence[bytes],
    *,
    names: Sequence[str] | None = None,
    nonce: bytes,
    curve_keys: Sequence[str] | None = None,
    addresses: Sequence[str] | None = None,
    coach: bool = False,
    series: SeriesTerms | None = None,
) -> bytes:
    names = names or [f"Player {i + 1}" for i in range(config.seats)]
    curve_keys = curve_keys or ["0" * 40] * config.seats
    addresses = addresses or [f"127.0.0.1:{7000 + i}" for i in range(config.seats)]
    players = [
        player_record(identities[i], masters[i], names[i], curve_keys[i], addresses[i])
        for i in range(config.seats)
    ]
    terms = genesis_terms(config, players, nonce, coach=coach, series=series)
    endorsements = [endorse(identity, terms) for identity in identities]
    return encode_genesis(identities[0], terms, endorsements)


@dataclass
class MemoryGame:
    config: GameConfig
    chooser: Chooser
    identities: list[Identity] = field(default_factory=list)
    masters: list[bytes] = field(default_factory=list)
    nonce: bytes = b""
    tables: list[WizardTable] = field(default_factory=list)
    delivered: int = 0
    outputs_filter: OutputsFilter | None = None
    reorder: random.Random | None = None
    rejected: list[tuple[int, PeerFault | DecodeError]] = field(default_factory=list)
    # (seat, event) for every event but an entry's (Broadcast, Accepted), in the order
    # the tables returned them
    events: list[tuple[int, Event]] = field(default_factory=list)
    # Tables put round checks off as a peer's do (run when due, between deliveries).
    defer_checks: bool = False
    # The second thread every table, a restarted one too, shares its passes with.
    helper: Executor | None = None
    _queue: deque[tuple[int, Broadcast]] = field(default_factory=deque)
    _started: bool = False

    @classmethod
    def create(
        cls,
        config: GameConfig,
        chooser: Chooser,
        *,
        seed: int | None = None,
        nonce: bytes | None = None,
        defer_checks: bool = False,
        helper: Executor | None = None,
        series: SeriesTerms | None = None,
    ) -> MemoryGame:
        """A new game; ``seed`` fixes identities, secrets and (unless given) the nonce;
        ``helper``: the second thread every table shares its passes with."""
        n = config.seats
        if seed is None:
            identities = [Identity.generate() for _ in range(n)]
            masters = [secrets.token_bytes(32) for _ in range(n)]
            default_nonce = secrets.token_bytes(32)
        else:
            identities = [Identity.from_seed(seeded_bytes(f"id {seed}", i)) for i in range(n)]
            masters = [seeded_bytes(f"master {seed}", i) for i in range(n)]
            default_nonce = seeded_bytes("nonce", seed)
        nonce = default_nonce if nonce is None else nonce
        genesis = make_genesis(config, identities, masters, nonce=nonce, series=series)
        tables = [
            WizardTable(genesis, seat=i, identity=identities[i], master_secret=masters[i],
                        defer_checks=defer_checks, helper=helper)
            for i in range(n)
        ]
        return cls(config, chooser, identities, masters, nonce, tables,
                   defer_checks=defer_checks, helper=helper)

    @property
    def genesis(self) -> bytes:
        return self.tables[0].log[0]

    @property
    def pending(self) -> int:
        """Outputs queued and not yet delivered (0: every table has seen everything sent)."""
        return len(self._queue)

    def run(self, *, max_steps: int = 1_000_000, until: Callable[[], bool] | None = None) -> bool:
        """Relay and choose until nothing can happen; True if stopped early by ``until()``."""
        for _ in range(max_steps):
            if until is not None and until():
                return True
            if not self.step():
                return until is not None and until()
        return False

    def step(self) -> bool:
        """Deliver one queued output, or else make one choice; False when nothing can happen."""
        if not self._started:
            self._started = True
            for i, table in enumerate(self.tables):
                self.send(i, table.start())
                if self.defer_checks:  # as a peer does once its coin is out
                    table.scheduling.work_ahead()
        for i, table in enumerate(self.tables):
            scheduling = table.scheduling
            if scheduling.deferred_checks_due:
                self._keep(i, scheduling.run_deferred_checks())
                scheduling.work_ahead()
            elif self.defer_checks and scheduling.work_ahead_due:
                scheduling.work_ahead()  # as a peer does once its hand is dealt
        if self._queue:
            sender, out = self._pop()
            self.delivered += 1
            for i in range(len(self.tables)):
                if i != sender:
                    self._receive(i, out.entry)
            return True
        for i, table in enumerate(self.tables):
            need = table.choice_needed()
            if need is None:
                continue
            view = table.view()
            assert view is not None
            self.send(i, write_choice(table, need, self.chooser(i, WizardKind(need), view)))
            return True
        # Idle: whatever round check was put off runs now (a peer's does after a delay).
        idle = [i for i, table in enumerate(self.tables) if table.scheduling.has_deferred_checks]
        for i in idle:
            self._keep(i, self.tables[i].scheduling.run_deferred_checks())
        return bool(idle)

    def send(self, sender: int, events: Iterable[Event]) -> None:
        """Queue the entries ``sender``'s table wrote (through ``outputs_filter``), and keep
        its other events."""
        events = list(events)
        self._keep(sender, events)
        batch = broadcasts(events)
        if self.outputs_filter is not None:
            batch = self.outputs_filter(sender, batch)
        self._queue.extend((sender, out) for out in batch)

    def _keep(self, seat: int, events: Iterable[Event]) -> None:
        self.events.extend(
            (seat, e) for e in events if not isinstance(e, Broadcast | Accepted)
        )

    def deliver(self, raw: bytes, to: Iterable[int]) -> None:
        """Hand one entry to the given tables now (their replies are queued)."""
        for i in to:
            self._receive(i, raw)

    def restart(self, seat: int, entries: Iterable[bytes]) -> list[Broadcast]:
        """Replace ``seat``'s table by a new one fed ``entries`` (in the order given) as received.

        Returns every entry the new table wrote (not queued): after a crash these are
        its own entries, re-generated.
        """
        table = WizardTable(
            self.genesis,
            seat=seat,
            identity=self.identities[seat],
            master_secret=self.masters[seat],
            defer_checks=self.defer_checks,
            helper=self.helper,
        )
        events: list[Event] = []
        for raw in entries:
            if raw != self.genesis:
                events += table.receive(raw)
        events += table.start()
        self.tables[seat] = table
        self._keep(seat, events)
        return broadcasts(events)

    def _pop(self) -> tuple[int, Broadcast]:
        if self.reorder is None or len(self._queue) == 1:
            return self._queue.popleft()
        index = self.reorder.randrange(len(self._queue))
        self._queue.rotate(-index)
        item = self._queue.popleft()
        self._queue.rotate(index)
        return item

    def _receive(self, seat: int, raw: bytes) -> None:
        table = self.tables[seat]
        try:
            outs = table.receive(raw)
        except (PeerFault, DecodeError) as exc:
            self.rejected.append((seat, exc))
            return
        self.send(seat, outs)


def random_chooser(seed: int) -> Chooser:
    """Uniform random legal choices, reproducible from ``seed``."""
    rng = random.Random(seed)

    def choose(seat: int, need: WizardKind, view: SeatView) -> int | Suit | Card:
        if need is WizardKind.BID:
            return rng.choice(view.legal_bids)
        if need is WizardKind.TRUMP:
            return rng.choice(list(Suit))
        return rng.choice(view.legal_plays)

    return choose
