"""The genesis: the terms of a game, every player's endorsement, and reading it back
(SPEC §3.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from wizard_p2p import boundedjson, canonical
from wizard_p2p.errors import DecodeError, PeerFault
from wizard_p2p.identity import BadSignature, Identity, verify
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.kinds import CoreKind, FaultKind
from wizard_p2p.protocol.schema import Field
from wizard_p2p.protocol.seat_secrets import coin_commitment


def player_record(
    identity: Identity, master_secret: bytes, name: str, curve_key: str, address: str
) -> dict[str, Any]:
    """What a player contributes to the genesis terms."""
    return {
        "name": name,
        "sign_key": identity.public_key,
        "curve_key": curve_key,
        "address": address,
        "coin_commit": coin_commitment(master_secret),
    }


@dataclass(frozen=True)
class SeriesTerms:
    """A game after the first of a series at one table (WIZARD §1.3): the series' first
    game id, this game's number in it (2 or more) and its first dealer (0-based)."""

    first: bytes
    game: int
    first_dealer: int

    def to_terms(self) -> dict[str, Any]:
        return {"first": self.first, "game": self.game, "first_dealer": self.first_dealer}


def endorse(identity: Identity, terms: dict[str, Any]) -> bytes:
    """A player's signature on the terms: its consent to play this game."""
    return identity.sign(m.GENESIS_DOMAIN, m.genesis_terms_bytes(terms))


def encode_genesis(
    host: Identity, terms: dict[str, Any], endorsements: Sequence[bytes]
) -> bytes:
    """The genesis entry (position 0, seat 0), once every player has endorsed the terms."""
    return m.encode_entry(
        host,
        game=m.ZERO_HASH,
        pos=0,
        prev=m.ZERO_HASH,
        seat=0,
        kind=CoreKind.GENESIS.value,
        body={"terms": terms, "endorsements": list(endorsements)},
    )


def as_json(value: Any) -> Any:
    return canonical.decode(canonical.encode(value), m.MAX_ENTRY_BYTES)


class GenesisRules(Protocol):
    """How a game's genesis is read: what the core asks of the game it names."""

    @property
    def name(self) -> GameName:
        """The game's word in the terms' ``game``."""

    @property
    def seats(self) -> range:
        """How many players the game seats."""

    @property
    def bodies(self) -> m.Bodies:
        """The game's entry kinds, each with its body's schema (the genesis's too)."""

    @property
    def terms(self) -> Field:
        """The schema of the game's genesis terms (the lobby's ``terms`` too)."""

    def read_config(self, config: Any, seats: int) -> Any:
        """The game's terms of play from the ``config`` its genesis schema accepted, for
        ``seats`` players; ``DecodeError`` (one sentence) for terms it cannot play."""


def game_name(raw: bytes) -> str:
    """The game a genesis line names (its terms' ``game``, which every genesis of this
    version carries: SPEC §3.1), read before anything else of it and bounded like
    :func:`messages.signed_version_of`. Raises ``DecodeError`` for a line that names no
    game as a word."""
    try:
        obj = boundedjson.loads(raw, max_size=m.MAX_ENTRY_BYTES, max_depth=canonical.MAX_DEPTH)
        terms = obj["body"]["terms"]
        name = terms.get("game")
    except (TypeError, KeyError, AttributeError, ValueError, DecodeError):
        raise DecodeError("the genesis holds no terms to read its game from") from None
    if name is None:
        raise DecodeError("terms.game: the genesis names no game")
    if not isinstance(name, str) or not 1 <= len(name) <= 16:
        raise DecodeError("terms.game: the game is named by a word")
    return name


@dataclass(frozen=True)
class Genesis:
    """A genesis read and verified: the game it founds, and that game's body table."""

    entry: m.Entry
    config: Any  # the game's terms of play (Wizard: a ``GameConfig``)
    players: list[dict[str, Any]]
    bodies: m.Bodies  # the game's body table (``GenesisRules.bodies``)
    game: GameName
    coach: bool = False  # the terms let the players ask the coach

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def game_id(self) -> bytes:
        return self.entry.hash

    @property
    def sign_keys(self) -> list[bytes]:
        return [p["sign_key"] for p in self.players]

    @property
    def series(self) -> SeriesTerms | None:
        """The series this game continues, or None (a lone game, or a series' first)."""
        series = self.entry.body["terms"].get("series")
        if series is None:
            return None
        return SeriesTerms(series["first"], series["game"], series["first_dealer"])


def read_genesis(raw: bytes, rules: GenesisRules) -> Genesis:
    """Decode and verify a genesis of the game ``rules`` plays (the one its terms name:
    :func:`game_name`; ``tables.rules_of`` finds its rules): its shape, its terms,
    every endorsement, its signature.

    Raises ``DecodeError`` for a genesis that cannot found a game, ``PeerFault`` for a
    signature that does not verify (naming the host when its own holds: an endorsement).
    """
    if game_name(raw) != rules.name:
        raise DecodeError(f"the genesis founds a game of {game_name(raw)}, not {rules.name}")
    entry = m.decode_entry(raw, rules.bodies)
    if entry.kind != CoreKind.GENESIS or entry.pos != 0 or entry.seat != 0:
        raise DecodeError("the first entry must be the genesis, by seat 0, at position 0")
    if entry.game != m.ZERO_HASH or entry.prev != m.ZERO_HASH:
        raise DecodeError("the genesis has zero game id and zero previous hash")
    terms = entry.body["terms"]
    players = terms["players"]
    seats = len(players)
    if seats not in rules.seats:
        raise DecodeError(f"{rules.name} seats {rules.seats.start} to {rules.seats.stop - 1} "
                          "players")
    config = rules.read_config(terms["config"], seats)
    if len(entry.body["endorsements"]) != seats:
        raise DecodeError("the genesis needs one player and one endorsement per seat")
    if len({p["sign_key"] for p in players}) != len(players):
        raise DecodeError("two players share a signing key")
    series = terms.get("series")
    if series is not None and series["first_dealer"] >= seats:
        raise DecodeError("the series' first dealer is not one of the seats")
    try:
        m.check_entry_signature(entry, players[0]["sign_key"])
    except BadSignature:
        # Anyone can write a genesis naming a host key: a wrong signature proves nothing.
        raise PeerFault(
            "the genesis signature does not verify", seat=None, position=0,
            kind=FaultKind.BAD_SIGNATURE,
        ) from None
    terms_bytes = m.genesis_terms_bytes(as_json(terms))
    for s, (player, endorsement) in enumerate(
        zip(players, entry.body["endorsements"], strict=True)
    ):
        try:
            verify(player["sign_key"], m.GENESIS_DOMAIN, terms_bytes, endorsement)
        except BadSignature:
            # Seat s's endorsement proves nothing against it (anyone can write bytes
            # there); the host's signature proves that the host published terms seat s
            # did not sign, which an honest host never does (SPEC §3.1).
            raise PeerFault(
                f"the host published the terms with an endorsement of seat {s + 1} that does "
                "not verify", seat=0, position=0, kind=FaultKind.ENDORSEMENT,
            ) from None
    return Genesis(entry, config, players, rules.bodies, rules.name,
                   coach=terms.get("coach", False))


__all__ = [
    "Genesis",
    "GenesisRules",
    "SeriesTerms",
    "as_json",
    "coin_commitment",
    "encode_genesis",
    "endorse",
    "game_name",
    "player_record",
    "read_genesis",
]
