"""巫师牌 as a game a table plays (``protocol.game.GameRules``): its genesis terms, its
body table, and the card data both players use.

The terms' ``config`` (SORCERY.md §1) holds each seat's public deck — the hero's and
the extra deck's card numbers, the sizes of the main deck and the skill pool
(``sorcery.game.PublicDeck``) — the turn limit, and ``cards``: the SHA-256 of the card
file the game is played with. The card file is the user's own copy, read at run time and
never part of the log; a replica is opened with a :class:`CardLibrary` whose digest
is the one the terms name.

The body table holds the core's kinds (``genesis`` with these terms, ``coin``,
``abort``, ``proof``), ``final`` (the outcome every seat signs) and every kind of
``kinds.SorceryKind``, each checked by ``bodies.decode_entry``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wizard_p2p.errors import DecodeError, UsageError, WizardError
from wizard_p2p.protocol.core_bodies import ABORT, COIN, PROOF, PROTOCOL
from wizard_p2p.protocol.game import GameReplica, Seating, TableContext
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.schema import Field, Hex, Int, List, Nullable, Obj, Str
from wizard_p2p.sorcery.actions import EndReason
from wizard_p2p.sorcery.cardfile import decode_card_file
from wizard_p2p.sorcery.cards import Card, CardType
from wizard_p2p.sorcery.game import DEFAULT_TURN_LIMIT, PublicDeck
from wizard_p2p.sorcery.notation import parse_card_number
from wizard_p2p.tables.sorcery.bodies import body_schema, decode_entry
from wizard_p2p.tables.sorcery.genesis import GENESIS_TERMS, MAX_TURN_LIMIT
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.table_replica import SorceryTableReplica
from wizard_p2p.tables.sorcery.terms import SorceryTerms

__all__ = [
    "BODIES",
    "GAME",
    "MAX_TURN_LIMIT",
    "SORCERY_RULES",
    "CardLibrary",
    "DeckTerms",
    "SorceryConfig",
    "SorceryRules",
    "genesis_terms",
]

GAME = GameName.SORCERY

# What every seat signs at the end: the outcome the replay with every card known gave.
FINAL = Obj(
    {
        "winner": Nullable(Int(0, 1)),
        "reason": Str(max_len=16, choices=tuple(r.value for r in EndReason)),
        "turn": Int(0, MAX_TURN_LIMIT + 1),
    }
)


@dataclass(frozen=True)
class _GameBody(Field):
    """The body of one of 巫师牌's own kinds, checked by ``bodies.decode_entry`` (the
    value is kept as JSON: the replica decodes it again as it applies it)."""

    kind: SorceryKind

    def parse(self, value: Any, path: str) -> Any:
        try:
            decode_entry(self.kind, value)
        except DecodeError as exc:
            raise DecodeError(f"{path}: {exc}") from None
        return value

    def json_schema(self) -> dict[str, Any]:
        return body_schema(self.kind)


BODIES: Mapping[str, Field] = {
    "genesis": Obj({"terms": GENESIS_TERMS, "endorsements": List(Hex(64), 2, 2)}),
    "coin": COIN,
    **{str(kind): _GameBody(kind) for kind in SorceryKind},
    "final": FINAL,
    "abort": ABORT,
    "proof": PROOF,
}


@dataclass(frozen=True)
class CardLibrary:
    """The card data a game is played with: every card by number, and the SHA-256 of
    the card file they were read from (the genesis names it)."""

    digest: bytes
    cards: Mapping[str, Card]

    @classmethod
    def of_file(cls, data: bytes) -> CardLibrary:
        """The cards of a card file's bytes (``DecodeError`` for a file that is not one)."""
        database = decode_card_file(data)
        return cls(hashlib.sha256(data).digest(), {c.number: c for c in database})


@dataclass(frozen=True)
class DeckTerms:
    """One seat's public deck as the terms carry it: card numbers and sizes."""

    hero: str
    extra: tuple[str, ...]
    main: int
    skills: int

    @classmethod
    def of(cls, deck: PublicDeck) -> DeckTerms:
        return cls(deck.hero.number, tuple(c.number for c in deck.extra), deck.main, deck.skills)

    def to_terms(self) -> dict[str, Any]:
        return {"hero": self.hero, "extra": list(self.extra), "main": self.main,
                "skills": self.skills}

    def public(self, cards: Mapping[str, Card], seat: int) -> PublicDeck:
        """The deck with its cards out of ``cards``; ``DecodeError`` for a number the
        card data lacks, or a hero that is none."""
        def card(number: str) -> Card:
            found = cards.get(number)
            if found is None:
                raise DecodeError(f"seat {seat + 1}'s deck names card {number}, which the "
                                  "card file does not hold")
            return found

        hero = card(self.hero)
        if hero.type is not CardType.HERO:
            raise DecodeError(f"seat {seat + 1}'s hero {self.hero} is not a hero card")
        return PublicDeck(hero, tuple(card(n) for n in self.extra), self.main, self.skills)


@dataclass(frozen=True)
class SorceryConfig:
    """The terms of play of a game of 巫师牌 (the genesis's ``config``)."""

    decks: tuple[DeckTerms, DeckTerms]
    turn_limit: int
    cards: bytes  # SHA-256 of the card file

    def to_terms(self) -> dict[str, Any]:
        return {"decks": [d.to_terms() for d in self.decks], "turn_limit": self.turn_limit,
                "cards": self.cards}

    @classmethod
    def proposed(cls, terms: SorceryTerms, turn_limit: int = DEFAULT_TURN_LIMIT
                 ) -> SorceryConfig:
        """The terms of play a lobby's host proposes: the public decks the lobby seated,
        in seat order, and the card file's SHA-256."""
        first, second = (DeckTerms(d.hero, d.extra, d.main, d.skills) for d in terms.decks)
        return cls((first, second), turn_limit, terms.cards)

    @classmethod
    def of(cls, decks: Sequence[PublicDeck], library: CardLibrary,
           turn_limit: int = DEFAULT_TURN_LIMIT) -> SorceryConfig:
        first, second = (DeckTerms.of(d) for d in decks)
        return cls((first, second), turn_limit, library.digest)


def genesis_terms(
    config: SorceryConfig, players: Sequence[dict[str, Any]], nonce: bytes
) -> dict[str, Any]:
    """The terms of a game of 巫师牌 (``genesis.endorse`` and ``genesis.encode_genesis``
    then make its genesis); ``nonce``: 32 random bytes from the host."""
    if len(players) != 2:
        raise UsageError("巫师牌 is played by two players")
    terms = {"protocol": PROTOCOL, "game": GAME, "config": config.to_terms(),
             "players": [dict(p) for p in players], "nonce": nonce}
    GENESIS_TERMS.parse(_as_json(terms), "terms")  # refused before anyone signs it
    return terms


def _as_json(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, dict):
        return {k: _as_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_as_json(v) for v in value]
    return value


class SorceryRules:
    """巫师牌 for the core table: two seats, ``BODIES``, a :class:`SorceryConfig`. Its
    replica needs the card data the terms name: :meth:`using` gives the rules that
    carry it."""

    name = GAME
    seats = range(2, 3)
    bodies: Mapping[str, Field] = BODIES
    terms: Field = GENESIS_TERMS
    brings_deck = True  # each seat its own: SORCERY.md §1
    provable: frozenset[str] = frozenset()  # none of its own: the core's are its proofs
    # The entries a player chooses: an action, and a search or a look it begins.
    choice_kinds: frozenset[str] = frozenset(
        {SorceryKind.ACT, SorceryKind.SEARCH, SorceryKind.LOOK}
    )

    def fault_of(self, exc: WizardError, entry_kind: str) -> str | None:
        """None: a rule of 巫师牌's broken is a malformed entry, a turn's out of turn."""
        return None

    def __init__(self, library: CardLibrary | None = None) -> None:
        self.library = library

    def using(self, library: CardLibrary) -> SorceryRules:
        return SorceryRules(library)

    def read_config(self, config: Any, seats: int) -> SorceryConfig:
        first, second = (
            DeckTerms(d["hero"], tuple(d["extra"]), d["main"], d["skills"])
            for d in config["decks"]
        )
        for deck in (first, second):
            for number in (deck.hero, *deck.extra):
                parse_card_number(number)
        return SorceryConfig((first, second), config["turn_limit"], config["cards"])

    def replica(self, table: TableContext, seating: Seating) -> GameReplica:
        config: SorceryConfig = seating.genesis.config
        if self.library is None:
            raise UsageError("a game of 巫师牌 is read with the card file it was played "
                             "with").saying("audit_needs_card_file")
        if self.library.digest != config.cards:
            raise UsageError("this game of 巫师牌 was played with another card file (its "
                             "SHA-256 is not the one the genesis names)").saying(
                                 "audit_other_card_file")
        return SorceryTableReplica(table, seating, config, self.library)


SORCERY_RULES = SorceryRules()

