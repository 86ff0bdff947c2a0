"""The genesis: the terms of a game, every player's endorsement, and reading it back
(SPEC §3.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from wizard_p2p import boundedjson, canonical
from wizard_p2p.errors import ConfigError, DecodeError, PeerFault, UsageError
from wizard_p2p.identity import BadSignature, Identity, verify
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.kinds import CoreKind, FaultKind
from wizard_p2p.protocol.seat_secrets import coin_commitment
from wizard_p2p.rules import GameConfig


def config_terms(config: GameConfig) -> dict[str, Any]:
    """The genesis terms' ``config``, written by the table ``messages.CONFIG``."""
    return m.CONFIG.write({c.attr: getattr(config, c.attr) for c in m.CONFIG.columns})


def read_config(terms: dict[str, Any]) -> GameConfig:
    """The game of a ``config`` the schema accepted, an absent field read as its default.

    Raises ``DecodeError`` for a combination the rules refuse (its reason says why)."""
    try:
        return GameConfig(**m.CONFIG.read(terms))
    except ConfigError as exc:
        raise DecodeError(f"the genesis terms cannot be played: {exc}") from None


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


def genesis_terms(
    config: GameConfig, players: Sequence[dict[str, Any]], nonce: bytes,
    series: SeriesTerms | None = None, *, coach: bool = False,
) -> dict[str, Any]:
    """The terms of a game; ``nonce`` (32 random bytes from the host) makes its id unique.
    ``coach``: the players may ask the coach (the field is left out when they may not, so
    terms without it read as they always did); ``series`` links it to the games before it
    at the same table."""
    if len(players) != config.seats:
        raise UsageError(f"{config.seats} seats need {config.seats} players")
    if series is not None and not 0 <= series.first_dealer < config.seats:
        raise UsageError(f"the first dealer must be one of the {config.seats} seats")
    terms: dict[str, Any] = {
        "protocol": m.PROTOCOL,
        "game": WIZARD.value,
        "config": config_terms(config),
        "players": [dict(p) for p in players],
        "nonce": nonce,
    }
    if coach:
        terms["coach"] = True
    if series is not None:
        terms["series"] = series.to_terms()
    # Round-trip through the schema so a bad record is refused before anyone signs it.
    return m.GENESIS_TERMS.parse(_as_json(terms), "terms")


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


def _as_json(value: Any) -> Any:
    return canonical.decode(canonical.encode(value), m.MAX_ENTRY_BYTES)


WIZARD = GameName.WIZARD
"""Wizard's word in a genesis's ``terms.game`` (SPEC §3.1, WIZARD §1)."""


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
    coach: bool = False  # the terms let the players ask the coach
    bodies: m.Bodies = field(default_factory=lambda: m.BODIES)
    game: GameName = WIZARD

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
    terms_bytes = m.genesis_terms_bytes(_as_json(terms))
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
    return Genesis(entry, config, players, coach=terms.get("coach", False),
                   bodies=rules.bodies, game=rules.name)


__all__ = [
    "WIZARD",
    "Genesis",
    "GenesisRules",
    "SeriesTerms",
    "coin_commitment",
    "config_terms",
    "encode_genesis",
    "endorse",
    "game_name",
    "genesis_terms",
    "player_record",
    "read_config",
    "read_genesis",
]
