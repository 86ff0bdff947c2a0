"""A game of 巫师牌 through the core ``Table``: a signed genesis naming the game, two seats
and a watcher each opened by ``tables.open_table``, entries exchanged in memory, each
seat's action chosen by ``SorceryBot`` from its own hidden game."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from tests.sorcery_replica_support import MAX_ENTRIES, cards_of, secret, test_decks
from wizard_p2p.bots.sorcery import SorceryBot
from wizard_p2p.identity import Identity
from wizard_p2p.protocol.events import Broadcast, Event, GameEnded, Outcome
from wizard_p2p.protocol.genesis import encode_genesis, endorse, player_record
from wizard_p2p.protocol.table import Table
from wizard_p2p.sorcery.game import Decklist
from wizard_p2p.tables import open_table
from wizard_p2p.tables.sorcery.rules import CardLibrary, SorceryConfig, genesis_terms

# The tests' cards are built in code: their "card file" is named by a digest of its own.
TEST_CARDS_DIGEST = hashlib.sha256(b"wizard-p2p tests' sorcery cards").digest()


def identity(seed: int, seat: int) -> Identity:
    return Identity.from_seed(hashlib.sha256(f"sorcery id {seed} {seat}".encode()).digest())


def sorcery_genesis(
    seed: int, decks: tuple[Decklist, Decklist], library: CardLibrary, turn_limit: int = 60
) -> bytes:
    ids = [identity(seed, p) for p in (0, 1)]
    players = [player_record(ids[p], secret(seed, p), f"P{p + 1}", "0" * 40, "")
               for p in (0, 1)]
    config = SorceryConfig.of([d.public() for d in decks], library, turn_limit)
    terms = genesis_terms(config, players, hashlib.sha256(f"nonce {seed}".encode()).digest())
    return encode_genesis(ids[0], terms, [endorse(i, terms) for i in ids])


@dataclass
class TableGame:
    """Seats 0 and 1 and a watcher, each a core ``Table``; ``log`` the agreed entries."""

    seed: int
    turn_limit: int = 60
    # The seed's test decks and their cards named by a digest of their own, unless given.
    given_decks: tuple[Decklist, Decklist] | None = None
    given_library: CardLibrary | None = None
    decks: tuple[Decklist, Decklist] = field(init=False)
    library: CardLibrary = field(init=False)
    genesis: bytes = field(init=False)
    seats: list[Table] = field(init=False)
    watcher: Table = field(init=False)
    outcomes: list[Outcome] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.decks = self.given_decks or test_decks(self.seed)
        self.library = self.given_library or CardLibrary(TEST_CARDS_DIGEST, cards_of(self.decks))
        self.genesis = sorcery_genesis(self.seed, self.decks, self.library, self.turn_limit)
        self.seats = [self.open_seat(p) for p in (0, 1)]
        self.watcher = open_table(self.genesis, replay_every_pass=True, cards=self.library)
        rng = random.Random(self.seed)
        self.bots = [SorceryBot(random.Random(rng.random()), shuffles=False) for _ in (0, 1)]
        self._queue: list[tuple[int, bytes]] = []

    def open_seat(self, p: int) -> Table:
        return open_table(self.genesis, seat=p, identity=identity(self.seed, p),
                          master_secret=secret(self.seed, p), private=self.decks[p],
                          cards=self.library)

    @property
    def in_flight(self) -> int:
        """Entries written and not yet delivered to every other table."""
        return len(self._queue)

    @property
    def tables(self) -> list[Table]:
        return [*self.seats, self.watcher]

    def _take(self, author: int, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, Broadcast):
                self._queue.append((author, event.entry))
            elif isinstance(event, GameEnded):
                self.outcomes.append(event.outcome)

    def play(self, until: Callable[[TableGame], bool] = lambda g: False) -> None:
        """Deliver every entry written to every other table, choosing for a seat whose
        bot must, until nothing moves (the game ended) or ``until`` holds."""
        for p, table in enumerate(self.seats):
            self._take(p, table.start())
        for _ in range(MAX_ENTRIES):
            if until(self):
                return
            if self._queue:
                author, raw = self._queue.pop(0)
                for i, table in enumerate(self.tables):
                    if i != author:
                        self._take(i, table.receive(raw))
                continue
            chooser = next((p for p, t in enumerate(self.seats) if t.choice_needed()), None)
            if chooser is None:
                return
            table = self.seats[chooser]
            action = self.bots[chooser].decide(table.view(), chooser)
            self._take(chooser, table.choose(action, derived=True))
        raise AssertionError("the game did not end")
