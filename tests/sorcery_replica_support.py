"""Two seats and a watcher of 巫师牌's replica exchanging entries in memory, each seat's
action chosen by ``SorceryBot`` from that seat's own hidden game."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections import Counter
from collections.abc import Callable, Sequence

from tests import sorcery_cards as fx
from wizard_p2p.bots.sorcery import MAX_ACTIONS, SorceryBot
from wizard_p2p.sorcery.cards import Card, CardType
from wizard_p2p.sorcery.game import Decklist, Game
from wizard_p2p.tables.sorcery.bot_seat import bot_choice
from wizard_p2p.tables.sorcery.replica import Entry, SorceryReplica

MAX_ENTRIES = 20 * MAX_ACTIONS


def legal(deck: Decklist, serials: int) -> Decklist:
    """``deck`` with each copy past the second of a main card swapped for a plain
    creature of the hero's element (numbered from ``serials``): a legal deck."""
    seen: Counter[str] = Counter()
    main: list[Card] = []
    for c in deck.main:
        seen[c.number] += 1
        if seen[c.number] > 2:
            serial = serials + len(main)
            element = deck.hero.element
            c = fx.card(f"1{_DIGIT[element]}1{serial:03d}", f"filler{serial}", CardType.CREATURE,
                        element, cost=fx.els(), gain=fx.els(arcane=1), life=1)
        main.append(c)
    return dataclasses.replace(deck, main=tuple(main))


_DIGIT = {fx.E.ARCANE: "0", fx.E.FIRE: "1", fx.E.WATER: "2", fx.E.AIR: "3",
          fx.E.EARTH: "4", fx.E.LIGHT: "5", fx.E.DARK: "6"}


def test_decks(seed: int) -> tuple[Decklist, Decklist]:
    fire, water = legal(fx.fire_deck(), 700), legal(fx.water_deck(), 800)
    return (fire, water) if seed % 2 else (water, fire)


def cards_of(decks: Sequence[Decklist]) -> dict[str, Card]:
    return dict(Game.start(decks, 0, [range(len(d.main)) for d in decks]).cards)


def secret(seed: int, seat: int) -> bytes:
    return hashlib.sha256(f"master {seed} {seat}".encode()).digest()


class MemoryTable:
    """Seats 0 and 1 and a watcher; ``log`` holds every entry in order."""

    def __init__(
        self, seed: int, *, turn_limit: int = 60,
        decks: tuple[Decklist, Decklist] | None = None, cards: dict[str, Card] | None = None,
    ) -> None:
        self.seed = seed
        self.decks = decks or test_decks(seed)
        rng = random.Random(seed)
        self.first = rng.randrange(2)
        self.cards = cards or cards_of(self.decks)
        self.game_id = hashlib.sha256(f"game {seed}".encode()).digest()[:16]
        self.turn_limit = turn_limit
        self.seats = [self.seat(p) for p in (0, 1)]
        self.watcher = self.new_watcher()
        self.bots = [SorceryBot(random.Random(rng.random()), shuffles=False) for _ in (0, 1)]
        self.log: list[Entry] = []

    def seat(self, p: int) -> SorceryReplica:
        return SorceryReplica(
            game_id=self.game_id, decks=[d.public() for d in self.decks], first=self.first,
            cards=self.cards, seat=p, master_secret=secret(self.seed, p), own=self.decks[p],
            turn_limit=self.turn_limit)

    def new_watcher(self) -> SorceryReplica:
        return SorceryReplica(game_id=self.game_id, decks=[d.public() for d in self.decks],
                              first=self.first, cards=self.cards, turn_limit=self.turn_limit)

    @property
    def replicas(self) -> list[SorceryReplica]:
        return [*self.seats, self.watcher]

    def next_entry(self) -> Entry | None:
        """The entry the seat due writes next (its bot choosing when it must)."""
        due = self.watcher.due()
        if due is None:
            return None
        r = self.seats[due.seat]
        entry = r.owed()
        if entry is None and r.choice_needed():
            bot_choice(r, self.bots[due.seat])
            entry = r.owed()
        assert entry is not None, f"seat {due.seat} owes nothing at {due}"
        return entry

    def deliver(self, entry: Entry) -> None:
        for r in self.replicas:
            r.receive(entry)
        self.log.append(entry)

    def play(self, until: Callable[[MemoryTable], bool] = lambda t: False) -> None:
        for _ in range(MAX_ENTRIES):
            if until(self):
                return
            entry = self.next_entry()
            if entry is None:
                return
            self.deliver(entry)
        raise AssertionError("the game did not end")


def replay(t: MemoryTable, log: Sequence[Entry], seat: int | None = None) -> SorceryReplica:
    """A fresh replica (a watcher, or ``seat`` with its master secret) fed ``log``."""
    r = t.new_watcher() if seat is None else t.seat(seat)
    for entry in log:
        r.receive(entry)
    return r
