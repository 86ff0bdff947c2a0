"""Wizard's entries, byte for byte: the body of each of its entry kinds and the genesis
terms' schema (SPEC §3.1, WIZARD §2, §3), its body table for the core's reader
(``messages.decode_entry``). ``protocol/schemas/`` holds the same definitions as JSON
Schema (``messages.json_schemas(BODIES)``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from wizard_p2p.crypto import SEAL_OVERHEAD
from wizard_p2p.protocol.core_bodies import ABORT, COIN, HASH, PLAYER, PROOF, PROTOCOL, SEATS
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.schema import (
    REQUIRED,
    Bool,
    Column,
    Field,
    Hex,
    Int,
    List,
    Nullable,
    Obj,
    Record,
    Str,
)
from wizard_p2p.rules import MAX_SEATS, MIN_SEATS, GameConfig
from wizard_p2p.tables.wizard.kinds import WIZARD_KINDS

__all__ = ["BODIES", "CONFIG", "GENESIS_TERMS", "MAX_SERIES_GAMES", "SERIES"]

ROUND = Int(1, 20)
POINT = Hex(32)
SCALAR = Hex(32)
# Lock keys sealed to one seat (the clairvoyance round): a box of 1..5 keys (crypto.seal_keys).
SEALED = Hex(SEAL_OVERHEAD + 32, SEAL_OVERHEAD + 32 * 5)
# The clairvoyance round's sealed key shares: one box per other seat, null at the writer's.
SHARES = List(Nullable(SEALED), 3, 6)

_RULES_DEFAULTS = {f.name: f.default for f in dataclasses.fields(GameConfig)}


def _config_column(attr: str, spec: Field, *, written: bool = False) -> Column:
    """A ``GameConfig`` field under its own name, with the default the rules give it (none:
    the field is required)."""
    default = _RULES_DEFAULTS[attr]
    return Column(attr, attr, spec, REQUIRED if default is dataclasses.MISSING else default,
                  written)


# The genesis terms' game: one row per ``GameConfig`` field (SPEC §3.1). An absent field
# is the standard game's; the rows marked ``written`` are written whatever their value, as
# every genesis of this version carries them, and any other only when it is not its default.
CONFIG = Record(
    (
        _config_column("seats", Int(MIN_SEATS, MAX_SEATS)),
        _config_column("plus_minus_one", Bool(), written=True),
        _config_column("hidden_bids", Bool(), written=True),
        _config_column("secret_bids", Bool(), written=True),
        _config_column("clairvoyance", Bool(), written=True),
        _config_column("wizard_lead_sets_suit", Bool(), written=True),
    )
)

# A game after the first of a series at one table (WIZARD §1.3): the series is named by the
# game id of its first game, which carries no such field; the first dealer is fixed.
MAX_SERIES_GAMES = 999
SERIES = Obj(
    {
        "first": HASH,
        "game": Int(2, MAX_SERIES_GAMES),
        "first_dealer": SEATS,
    }
)

GENESIS_TERMS = Obj(
    {
        "protocol": Str(max_len=32, choices=(PROTOCOL,)),
        # The game the log plays (SPEC §3.1): required, read before the rest of the terms.
        "game": Str(max_len=16, choices=(GameName.WIZARD.value,)),
        "config": CONFIG,
        "players": List(PLAYER, 3, 6),
        "nonce": Hex(32),
        # Whether the players may ask the coach during the game; absent: they may not.
        "coach": Bool(),
        "series": SERIES,
    },
    optional=frozenset({"coach", "series"}),
)

_BODIES: dict[str, Obj] = {
    # Position 0, written by seat 0 (the host): the terms, endorsed by every player.
    "genesis": Obj({"terms": GENESIS_TERMS, "endorsements": List(Hex(64), 3, 6)}),
    # Each seat in turn opens its coin commitment; the coins pick the first dealer.
    "coin": COIN,
    # Each seat in turn: its shuffle pass over the whole deck, and a hash of its round
    # secret. The last seat's pass keeps only the positions the round locks, and locks
    # them in the same multiplication: it carries the keys it releases, as a lock does.
    # In the clairvoyance round every shuffle carries the writer's box key, and the last
    # one its sealed key shares, as a lock does.
    "shuffle": Obj(
        {
            "round": ROUND,
            "deck": List(POINT, 1, 60),
            "secret_hash": HASH,
            "keys": List(Nullable(SCALAR), 1, 60),
            "box": POINT,
            "shares": SHARES,
        },
        optional=frozenset({"keys", "box", "shares"}),
    ),
    # Each seat in turn: its lock pass over the dealt positions, with the keys it releases
    # (null where withheld: its own positions, and every dealt one in the clairvoyance round,
    # whose keys go to the seats that may see each card sealed in "shares").
    "lock": Obj(
        {
            "round": ROUND,
            "deck": List(POINT, 1, 60),
            "keys": List(Nullable(SCALAR), 1, 60),
            "shares": SHARES,
        },
        optional=frozenset({"shares"}),
    ),
    # The dealer names trump when a Wizard is turned up.
    "trump": Obj({"round": ROUND, "suit": Str(max_len=1, min_len=1, choices=("B", "G", "R", "Y"))}),
    # A bid: open ("bid") or sealed ("commit"), by the variant.
    "bid": Obj(
        {"round": ROUND, "bid": Int(0, 20), "commit": HASH},
        optional=frozenset({"bid", "commit"}),
    ),
    # Hidden bids: each seat opens its sealed bid before the first trick.
    "bid_open": Obj({"round": ROUND, "bid": Int(0, 20), "nonce": Hex(32)}),
    # A card: the hand position played and the owner's lock key for it (in the clairvoyance
    # round, "keys" also carries this seat's keys for every dealt position). A play of the
    # round's last trick also reveals the writer's round secret (and, with secret bids,
    # opens its bid): every card left is forced by then, so nothing is given away early.
    "play": Obj(
        {
            "round": ROUND,
            "position": Int(0, 59),
            "key": SCALAR,
            "keys": List(SCALAR, 3, 6),
            "secret": Hex(32),
            "bid": Int(0, 20),
            "nonce": Hex(32),
        },
        optional=frozenset({"keys", "secret", "bid", "nonce"}),
    ),
    # After a dispute: each seat that has not revealed its round secret in a play does so.
    "reveal": Obj({"round": ROUND, "secret": Hex(32)}),
    # The writer due cannot go on (a card it must read does not decode, or key shares
    # sealed to it do not open): every seat then reveals its round secret at once, and
    # the replay names the culprit.
    "dispute": Obj({"round": ROUND, "reason": Str(max_len=200)}),
    # After the last round each seat in turn signs the final totals: the game is agreed.
    "final": Obj({"totals": List(Int(-100000, 100000), 3, 6)}),
    # A seat stalled past the limit: any other seat may end the game, naming it.
    "abort": ABORT,
    # Two different entries one seat signed for this very position: the proof of its
    # equivocation ends the game (the two lines, in byte order).
    "proof": PROOF,
}


# Keyed by the kinds themselves, so that an entry read with this table holds its kind as
# a ``CoreKind`` or ``WizardKind`` member.
BODIES: Mapping[str, Obj] = {
    WIZARD_KINDS[kind]: body for kind, body in _BODIES.items()
}
