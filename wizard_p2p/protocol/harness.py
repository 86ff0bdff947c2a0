"""N tables wired together in memory: a whole game with no sockets (h11's ConnectionPair, for N).

``MemoryGame`` creates N identities and master secrets, builds and endorses the
genesis, then relays every ``Broadcast`` to every other table and every
``SendPrivate`` to its recipient, in order, until nothing is left to deliver.
Choices are made by a callback per seat (bots in tests); the callback gets the
seat's ``SeatView`` and returns a bid, a suit or a card (None for the unseen card
of the clairvoyance round).
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wizard_p2p.identity import Identity
from wizard_p2p.protocol.table import (
    Broadcast,
    Output,
    SendPrivate,
    Table,
    encode_genesis,
    endorse,
    genesis_terms,
    player_record,
)
from wizard_p2p.rules import Card, GameConfig, SeatView, Suit

Chooser = Callable[[int, str, SeatView], int | Suit | Card | None]


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
) -> bytes:
    names = names or [f"Player {i + 1}" for i in range(config.seats)]
    curve_keys = curve_keys or ["0" * 40] * config.seats
    addresses = addresses or [f"127.0.0.1:{7000 + i}" for i in range(config.seats)]
    players = [
        player_record(identities[i], masters[i], names[i], curve_keys[i], addresses[i])
        for i in range(config.seats)
    ]
    terms = genesis_terms(config, players, nonce)
    endorsements = [endorse(identity, terms) for identity in identities]
    return encode_genesis(identities[0], terms, endorsements)


@dataclass
class MemoryGame:
    config: GameConfig
    chooser: Chooser
    identities: list[Identity] = field(default_factory=list)
    masters: list[bytes] = field(default_factory=list)
    nonce: bytes = b""
    tables: list[Table] = field(default_factory=list)
    delivered: int = 0

    @classmethod
    def create(
        cls, config: GameConfig, chooser: Chooser, *, seed: int | None = None
    ) -> MemoryGame:
        import os

        n = config.seats
        if seed is None:
            identities = [Identity.generate() for _ in range(n)]
            masters = [os.urandom(32) for _ in range(n)]
            nonce = os.urandom(32)
        else:
            identities = [Identity.from_seed(seeded_bytes(f"id {seed}", i)) for i in range(n)]
            masters = [seeded_bytes(f"master {seed}", i) for i in range(n)]
            nonce = seeded_bytes("nonce", seed)
        genesis = make_genesis(config, identities, masters, nonce=nonce)
        tables = [
            Table(genesis, seat=i, identity=identities[i], master_secret=masters[i])
            for i in range(n)
        ]
        return cls(config, chooser, identities, masters, nonce, tables)

    def run(self, *, max_steps: int = 1_000_000) -> None:
        """Relay and choose until the game ends (or nothing can happen)."""
        queue: deque[tuple[int, Output]] = deque()
        for i, table in enumerate(self.tables):
            queue.extend((i, out) for out in table.start())
        steps = 0
        while steps < max_steps:
            steps += 1
            if queue:
                sender, out = queue.popleft()
                self.delivered += 1
                if isinstance(out, Broadcast):
                    for i, table in enumerate(self.tables):
                        if i != sender:
                            queue.extend((i, o) for o in table.receive(out.entry))
                elif isinstance(out, SendPrivate):
                    queue.extend((out.to, o) for o in self.tables[out.to].receive_private(out.message))
                continue
            chosen = False
            for i, table in enumerate(self.tables):
                need = table.choice_needed()
                if need is None:
                    continue
                view = table.view()
                assert view is not None
                choice = self.chooser(i, need, view)
                if need == "bid":
                    assert isinstance(choice, int)
                    outs = table.bid(choice)
                elif need == "trump":
                    assert isinstance(choice, Suit)
                    outs = table.choose_trump(choice)
                else:
                    assert choice is None or isinstance(choice, Card)
                    outs = table.play(choice)
                queue.extend((i, o) for o in outs)
                chosen = True
                break
            if not chosen:
                return


def random_chooser(seed: int) -> Chooser:
    """Uniform random legal choices, reproducible from ``seed``."""
    import random

    rng = random.Random(seed)

    def choose(seat: int, need: str, view: SeatView) -> int | Suit | Card | None:
        if need == "bid":
            return rng.choice(view.legal_bids)
        if need == "trump":
            return rng.choice(list(Suit))
        if view.hand is None:
            return None
        return rng.choice(view.legal_plays)

    return choose
