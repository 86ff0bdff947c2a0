"""The games a table can play, and the one way a table is opened.

``RULES`` holds each game a genesis may name (its terms' ``game``: SPEC §3.1), keyed by
its ``GameName`` (the one vocabulary of games, the lobby's and the genesis's);
``rules_of`` reads the word from a genesis line before anything else of it.
``open_table`` is how every caller outside the protocol opens a replica of a game
from its genesis line: a seat's (with the seat, its identity and master secret), a
watcher's or an auditor's (an observer, ``seat=None``). The protocol's own readers of
a log (``verdict.LogReader``, ``evidence.check_evidence``) are given it as a
parameter, so that the core never names a game's table itself.

``lobby_terms`` reads what a lobby message or an announcement says a table offers
(its seats, its variants) into that game's ``LobbyTerms``: the lobby and the
announcement carry a game's terms, and only the game reads them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor

from wizard_p2p.errors import DecodeError
from wizard_p2p.identity import Identity
from wizard_p2p.protocol.game import GameRules, Rewrite
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import game_name
from wizard_p2p.protocol.lobby_terms import LobbyTerms
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables.sorcery.lobby import read_sorcery_terms
from wizard_p2p.tables.sorcery.rules import SORCERY_RULES, CardLibrary, SorceryRules
from wizard_p2p.tables.wizard.lobby import read_wizard_terms
from wizard_p2p.tables.wizard.replica import WIZARD_RULES, WizardRules
from wizard_p2p.tables.wizard.table import WizardTable

RULES: Mapping[GameName, GameRules] = {
    WIZARD_RULES.name: WIZARD_RULES,
    SORCERY_RULES.name: SORCERY_RULES,
}

# The faults of the games' own rules that a refused entry proves (``GameRules.provable``),
# which an evidence record may claim beside the core's (``evidence.CORE_PROVABLE``).
PROVABLE: frozenset[str] = frozenset().union(*(rules.provable for rules in RULES.values()))

# How each game reads the seats and variants a lobby message or an announcement says.
_LOBBY_READERS: Mapping[GameName, Callable[[int | None, Sequence[str]], LobbyTerms]] = {
    GameName.WIZARD: read_wizard_terms,
    GameName.SORCERY: read_sorcery_terms,
}


def lobby_terms(game: GameName, seats: int | None, variants: Sequence[str]) -> LobbyTerms:
    """What a table of ``game`` offers, as a lobby message or an announcement says it
    (``seats`` None: the message does not say); ``DecodeError`` for what the game does
    not play (a ``protocol.lobby_terms.TermsReader``)."""
    return _LOBBY_READERS[game](seats, variants)


def rules_of(genesis: bytes, *, cards: CardLibrary | None = None) -> GameRules:
    """The game a genesis line names; ``DecodeError`` for a game this program does not
    play. ``cards``: the card data of a game played with the user's own card file
    (巫师牌's), which reading its entries needs."""
    name = game_name(genesis)
    try:
        rules = RULES[GameName(name)]
    except (ValueError, KeyError):
        raise DecodeError(f"terms.game: {name[:16]!r} is not a game this program plays") from None
    if cards is not None and isinstance(rules, SorceryRules):
        return rules.using(cards)
    return rules


def open_table(
    genesis: bytes,
    *,
    seat: int | None = None,
    identity: Identity | None = None,
    master_secret: bytes | None = None,
    defer_checks: bool = False,
    helper: Executor | None = None,
    replay_every_pass: bool = False,
    rewrite: Rewrite | None = None,
    private: object | None = None,
    cards: CardLibrary | None = None,
) -> Table:
    """The replica of the game ``genesis`` founds (``Table``'s arguments, which see).
    ``private``: what a seat brings that nobody else sees (巫师牌: its ``Decklist``);
    ``cards``: the card data its game is played with (巫师牌's card file). Raises what
    reading the genesis raises: a ``PeerFault`` or a ``WizardError``. A table of
    Wizard is a ``tables.wizard.table.WizardTable``."""
    rules = rules_of(genesis, cards=cards)
    table: Callable[..., Table] = (
        WizardTable if isinstance(rules, WizardRules) else functools.partial(Table, rules=rules)
    )
    return table(
        genesis,
        seat=seat,
        identity=identity,
        master_secret=master_secret,
        defer_checks=defer_checks,
        helper=helper,
        replay_every_pass=replay_every_pass,
        rewrite=rewrite,
        private=private,
    )


__all__ = ["PROVABLE", "RULES", "CardLibrary", "lobby_terms", "open_table", "rules_of"]
