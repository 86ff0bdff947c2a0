"""A game log read back in full: every hand as dealt, the bids, each trick and why it
was won, the score pad, and the fault that ended the game, if one did.

Nobody sees another's hand during a round, but every round ends with every seat's
round secret revealed (WIZARD §3), and those secrets are all it takes to read the
deal: each seat's permutation, derived from its secret, composed in seat order
(``crypto.deck_order``) gives the card at every position of the final deck, and
the deal gives each position its seat. ``dealt_hands`` is that reading.

``replay_log`` feeds the log to an observer ``Table``, as the auditor does, so
that every entry and every round is verified as it is replayed; it stops at the
first fault and keeps what came before it. A round cut short (the game aborted
in it, or the log ends in it) shows its cards played so far and no hands: its
secrets never came out. A round whose check found a cheat still shows the hands
its secrets deal (a renege shows in them), marked unverified, without points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wizard_p2p import crypto
from wizard_p2p.errors import DecodeError, Said, WizardError
from wizard_p2p.protocol.events import Aborted, Finished
from wizard_p2p.protocol.shown import shown
from wizard_p2p.protocol.verdict import UNREADABLE, LogReader, Stop
from wizard_p2p.rules import (
    DECK,
    Card,
    Game,
    GameConfig,
    Phase,
    RoundResult,
    Suit,
    Trick,
    trick_winner_reason,
)
from wizard_p2p.tables.wizard.round_state import RoundState
from wizard_p2p.tables.wizard.table import WizardTable

FINISHED = "finished"
ABORTED = "aborted"
FAULT = "fault"
INCOMPLETE = "incomplete"  # the log ends before the game does
LIVE = "live"  # the round just played of a game going on (``round_just_played``)


@dataclass(frozen=True)
class TrickRecord:
    leader: int
    plays: tuple[tuple[int, Card], ...]  # (seat, card) in play order
    winner: int | None  # the seat that took it; None for a trick cut short
    reason: str | None  # the rule that decided it (``rules.WIN_REASONS``)


@dataclass(frozen=True)
class RoundRecord:
    round_no: int
    dealer: int
    turned: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]  # None: not bid (or still sealed) when the log ends
    # Each seat's hand as dealt, in deal order; None when the round's secrets are not out.
    hands: tuple[tuple[Card, ...], ...] | None
    tricks: tuple[TrickRecord, ...]
    taken: tuple[int, ...]
    points: tuple[int, ...] | None  # None: the round was not scored, or not verified
    totals: tuple[int, ...]  # the running totals after this round (or before, if unscored)
    verified: bool  # every step checked from the revealed secrets

    def hands_before(self, trick: int) -> tuple[tuple[Card, ...], ...] | None:
        """Each seat's hand as it stood when trick ``trick`` (0-based) was led."""
        if self.hands is None:
            return None
        gone = {card for t in self.tricks[:trick] for _, card in t.plays}
        return tuple(tuple(c for c in hand if c not in gone) for hand in self.hands)


@dataclass(frozen=True)
class ReplayFault:
    position: int  # the log position (0-based line) the fault belongs to
    seat: int | None  # the seat to blame, when one can be named
    kind: str
    message: str


@dataclass(frozen=True)
class GameRecord:
    game_id: str  # hex
    names: tuple[str, ...]
    variants: tuple[str, ...]
    rounds_total: int  # the rounds the game would have had
    entries: int
    status: str  # FINISHED, ABORTED, FAULT or INCOMPLETE (LIVE: one round of a game on)
    message: str
    rounds: tuple[RoundRecord, ...]
    fault: ReplayFault | None = None
    said: Said | None = None  # ``message`` as data, for the reader's language (not a fault)

    @property
    def totals(self) -> tuple[int, ...]:
        """The totals after the last verified round."""
        verified = [r for r in self.rounds if r.verified]
        return verified[-1].totals if verified else (0,) * len(self.names)

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat tied on the highest total (only for a finished game)."""
        if self.status != FINISHED:
            return ()
        top = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == top)


EXPORT_FORMAT = "wizard-p2p replay"
EXPORT_VERSION = 1


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The record as plain JSON values, as ``protocol/schemas/replay.json`` describes:
    cards as their codes (``B13``, ``Z1``, ``N4``), trump as its suit letter, seats
    0-based."""

    def cards(hand: tuple[Card, ...]) -> list[str]:
        return [str(c) for c in hand]

    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game_id": record.game_id,
        "players": list(record.names),
        "variants": list(record.variants),
        "rounds_total": record.rounds_total,
        "entries": record.entries,
        "status": record.status,
        "message": record.message,
        "fault": None
        if record.fault is None
        else {
            "position": record.fault.position,
            "seat": record.fault.seat,
            "kind": record.fault.kind,
            "message": record.fault.message,
        },
        "rounds": [
            {
                "round": r.round_no,
                "dealer": r.dealer,
                "turned": str(r.turned) if r.turned else None,
                "trump": r.trump.value if r.trump else None,
                "verified": r.verified,
                "hands": None if r.hands is None else [cards(h) for h in r.hands],
                "bids": list(r.bids),
                "tricks": [
                    {
                        "leader": t.leader,
                        "plays": [{"seat": s, "card": str(c)} for s, c in t.plays],
                        "winner": t.winner,
                        "reason": t.reason,
                    }
                    for t in r.tricks
                ],
                "taken": list(r.taken),
                "points": None if r.points is None else list(r.points),
                "totals": list(r.totals),
            }
            for r in record.rounds
        ],
        "totals": list(record.totals),
        "winners": list(record.winners),
    }


def _scored_round(
    result: RoundResult,
    hands: tuple[tuple[Card, ...], ...] | None,
    config: GameConfig,
    *,
    verified: bool,
    scored: bool,
    before: tuple[int, ...],
) -> RoundRecord:
    """A round the rules scored; unless ``scored`` (its check passed, or a player has
    just seen it scored) it shows no points and the totals from ``before`` it."""
    return RoundRecord(
        round_no=result.round_no,
        dealer=result.dealer,
        turned=result.turned,
        trump=result.trump,
        bids=tuple(result.bids),
        hands=hands,
        tricks=tuple(_trick(t, result.trump, config) for t in result.tricks),
        taken=result.taken,
        points=result.points if scored else None,
        totals=result.totals if scored else before,
        verified=verified,
    )


def round_just_played(
    names: tuple[str, ...], config: GameConfig, result: RoundResult
) -> GameRecord:
    """A record of one round a player has just seen scored, from the rules' result alone.

    Every card of a finished round has been played face up, so its hands as dealt
    are the cards each seat played (in play order): public once the round is over,
    as they are to any replica. The round's check from its secrets may still be
    running, so the record is marked ``LIVE``, not verified.
    """
    hands = tuple(
        tuple(card for trick in result.tricks for s, card in trick.plays if s == seat)
        for seat in range(len(names))
    )
    record = _scored_round(
        result, hands, config, verified=False, scored=True, before=result.totals
    )
    return GameRecord(
        game_id="", names=names, variants=config.variants(), rounds_total=config.rounds,
        entries=0,
        status=LIVE, message="", rounds=(record,),
    )


def dealt_hands(rnd: RoundState, game_id: bytes) -> tuple[tuple[Card, ...], ...]:
    """Each seat's hand as dealt in a round whose every secret is revealed, read from
    the secrets alone. Raises ``WizardError`` if a secret derives no keys."""
    keys = [
        crypto.derive_round_keys(
            rnd.reveals[s]["secret"],
            crypto.round_context(game_id, rnd.round_no, s),
            locked=rnd.size,
            revealed=True,
        )
        for s in range(rnd.seats)
    ]
    order = crypto.deck_order(keys)
    return tuple(tuple(DECK[order[p]] for p in rnd.positions_of(s)) for s in range(rnd.seats))


def _open_wizard(genesis: bytes, *, replay_every_pass: bool = False) -> WizardTable:
    return WizardTable(genesis, replay_every_pass=replay_every_pass)


def replay_log(lines: list[bytes]) -> GameRecord:
    """Replay a log given as its lines (the exact entry bytes), verifying it as the
    audit does (``verdict``) and stopping at the same fault.

    Raises ``DecodeError`` for what cannot be replayed at all: what the audit calls
    unreadable, and a first line that founds no game.
    """
    # Wizard's replay opens Wizard's table.
    opened = LogReader.start(lines, open_table=_open_wizard)
    if isinstance(opened, Stop):
        if opened.status == UNREADABLE:
            raise DecodeError(opened.reason)
        raise DecodeError(f"the first line is not a valid genesis: {opened.reason}")
    table = opened.table
    assert isinstance(table, WizardTable)  # opened by _open_wizard
    rounds: list[RoundState] = []
    fault: ReplayFault | None = None
    for pos, raw in enumerate(lines[1:], start=1):
        stop = opened.check(pos, raw)
        if table.round is not None and (not rounds or rounds[-1] is not table.round):
            rounds.append(table.round)
        if stop is not None and stop.status == UNREADABLE:
            raise DecodeError(stop.reason)
        if stop is not None:
            fault = ReplayFault(pos, stop.seat, str(stop.kind), stop.reason)
            break
    return _record(table, rounds, fault, len(lines))


def _record(
    table: WizardTable, states: list[RoundState], fault: ReplayFault | None, entries: int
) -> GameRecord:
    game = table.game
    rounds: list[RoundRecord] = []
    if game is not None:
        totals: tuple[int, ...] = (0,) * table.seats
        for rnd in states:
            record = _round(table, game, rnd, totals)
            if record is None:
                continue
            rounds.append(record)
            totals = record.totals
    outcome = table.outcome
    said: Said | None = None
    if fault is not None:
        status, message = FAULT, fault.message
    elif isinstance(outcome, Finished):
        status, message = FINISHED, "verified: complete game, agreed by every seat"
        said = Said("audit_verified")
    elif isinstance(outcome, Aborted):
        status = ABORTED
        message = (
            f"ended by seat {outcome.writer + 1} because seat {outcome.stalled + 1} "
            f"stalled: {outcome.reason}"
        )
        said = Said("replay_ended_by", writer=outcome.writer + 1, stalled=outcome.stalled + 1,
                    reason=shown(outcome.reason))
    else:
        status = INCOMPLETE
        message = f"the log ends after round {table.completed_rounds}"
        said = Said("replay_ends_after", n=table.completed_rounds)
    return GameRecord(
        game_id=table.game_id.hex(),
        names=table.names,
        variants=table.config.variants(),
        rounds_total=table.config.rounds,
        entries=entries,
        status=status,
        message=message,
        rounds=tuple(rounds),
        fault=fault,
        said=said,
    )


def _round(
    table: WizardTable, game: Game, rnd: RoundState, before: tuple[int, ...]
) -> RoundRecord | None:
    """The record of one round, from the rules' history once scored, else from the game
    in progress (None for a round that ends before its deal)."""
    index = rnd.round_no - 1
    verified = index < table.completed_rounds
    hands = _hands(table, rnd)
    if index < len(game.history):
        return _scored_round(
            game.history[index], hands, game.config,
            verified=verified, scored=verified, before=before,
        )
    if game.round_no != rnd.round_no or game.phase is Phase.DEAL:
        return None
    tricks = [_trick(t, game.trump, game.config) for t in game.round_tricks]
    if game.trick:
        tricks.append(TrickRecord(game.trick[0][0], tuple(game.trick), None, None))
    return RoundRecord(
        round_no=rnd.round_no,
        dealer=rnd.dealer,
        turned=game.turned,
        trump=game.trump,
        bids=tuple(game.bids),
        hands=hands,
        tricks=tuple(tricks),
        taken=tuple(game.taken),
        points=None,
        totals=before,
        verified=False,
    )


def _hands(table: WizardTable, rnd: RoundState) -> tuple[tuple[Card, ...], ...] | None:
    dealt = len(rnd.shuffles) == len(rnd.locks) == rnd.seats
    if not dealt or len(rnd.reveals) < rnd.seats:
        return None
    try:
        return dealt_hands(rnd, table.game_id)
    except WizardError:
        return None  # a secret that derives nothing: the round's fault names its seat


def _trick(trick: Trick, trump: Suit | None, config: GameConfig) -> TrickRecord:
    index, reason = trick_winner_reason(trick.cards, trump, config)
    return TrickRecord(trick.leader, trick.plays, trick.plays[index][0], reason)


__all__ = [
    "ABORTED",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "FAULT",
    "FINISHED",
    "INCOMPLETE",
    "LIVE",
    "GameRecord",
    "ReplayFault",
    "RoundRecord",
    "TrickRecord",
    "dealt_hands",
    "record_to_json",
    "replay_log",
    "round_just_played",
]
