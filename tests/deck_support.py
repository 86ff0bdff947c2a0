"""Two players and a watcher around one private deck (CRYPTO.md §13), for the tests.

Every message a party writes goes, as its wire body (encoded, decoded again through the
bounded decoder), to the two others in order; ``wire`` keeps each party's received
bytes, for the tests that check what a party could learn from them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field

from wizard_p2p import canonical
from wizard_p2p.crypto.deck_faults import DeckFault
from wizard_p2p.crypto.deck_messages import Address, DeckMessage, Purpose, Revealed, Role
from wizard_p2p.crypto.deck_points import deck_secret
from wizard_p2p.crypto.private_deck import DeckEvent, PrivateDeck, Stage
from wizard_p2p.protocol.deck_bodies import body_of, decode_deck_message

GAME_ID = hashlib.sha256(b"private deck test game").digest()
DOMAIN = "test-deck"
OWNER, OTHER = 0, 1


def master(name: str) -> bytes:
    return hashlib.sha256(b"private deck test master " + name.encode()).digest()


def others_reveal() -> Revealed:
    """The other's reveal, as it writes it at the end."""
    return Revealed(deck_secret(master("other"), GAME_ID, OWNER, OTHER))


@dataclass
class Table:
    """The owner, the other and a watcher of one deck, joined by a faithful wire."""

    main: list[bytes]
    pool: list[bytes] = field(default_factory=list)
    legal: Callable[[tuple[bytes, ...], tuple[bytes, ...]], str | None] = lambda m, p: None
    # A hook that may replace a message on its way (a cheat), by its author's role.
    tamper: Callable[[Role, DeckMessage], DeckMessage] = lambda role, m: m
    # Where the owner's arrangements put each card, as a test expects it.
    expected: dict[Address, tuple[bytes, int]] = field(default_factory=dict)
    # Opened addresses the owner placed into the deck again.
    placed_back: set[Address] = field(default_factory=set)

    def __post_init__(self) -> None:
        common = {"game_id": GAME_ID, "owner": OWNER, "other": OTHER, "domain": DOMAIN,
                  "legal": self.legal}
        self.owner = PrivateDeck.for_owner(master("owner"), main=self.main, pool=self.pool,
                                           **common)
        self.other = PrivateDeck.for_other(master("other"), **common)
        self.watcher = PrivateDeck.for_observer(**common)
        self.wire: dict[Role, list[bytes]] = {r: [] for r in Role}
        self.events: dict[Role, list[DeckEvent]] = {r: [] for r in Role}
        self.log: list[tuple[int, DeckMessage]] = []
        self.faults: dict[Role, DeckFault] = {}

    def party(self, role: Role) -> PrivateDeck:
        return {Role.OWNER: self.owner, Role.OTHER: self.other, Role.OBSERVER: self.watcher}[
            role
        ]

    def send(self, author: PrivateDeck, message: DeckMessage) -> None:
        """``message``, written by ``author`` (and taken in by it), to the two others."""
        message = self.tamper(author.role, message)
        data = canonical.encode(body_of(message))
        decoded = decode_deck_message(data)
        assert decoded == message
        self.log.append((author.seat, decoded))
        for role in Role:
            if role is author.role or role in self.faults:
                continue
            self.wire[role].append(data)
            try:
                self.events[role].extend(self.party(role).receive(author.seat, decoded))
            except DeckFault as fault:  # that party stops there
                self.faults[role] = fault

    def run_epoch(self) -> None:
        while self.owner.stage in (Stage.ENCRYPT, Stage.SHUFFLE, Stage.SHUFFLE_LOCK, Stage.LOCK):
            party = self.owner if self.owner.due() is Role.OWNER else self.other
            self.send(party, party.make_pass())

    def set_up(self) -> None:
        self.send(self.owner, self.owner.commit())
        self.send(self.other, self.other.greet())
        self.run_epoch()

    def seal(self, purpose: Purpose, count: int = 1) -> None:
        self.send(self.other, self.other.seal(purpose, count))

    def end(self) -> None:
        for party in (self.owner, self.other):
            if party.role not in self.faults:
                self.send(party, party.reveal())
