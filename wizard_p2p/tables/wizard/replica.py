"""Wizard's state inside one table: the rules' game, the round's mental-poker state, and
every step a Wizard round takes (a ``game.GameReplica``).

The core ``Table`` hands it every entry of Wizard's kinds (``validate``, through the
validators of ``handlers``) and asks it who is due, what the local seat owes by itself
and what it must choose. It drives the table back through a ``WizardContext`` (the
``game.TableContext`` with the put-off checks of ``protocol.scheduling``): moving the
stage on as a round starts, is dealt, disputed and verified, and ending the game when
a round's replay finds a cheat. It says when a put-off round check may run, and
derives the next round's keys ahead when the driver is idle (``work_ahead``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from wizard_p2p import crypto
from wizard_p2p.errors import DecodeError, IllegalAction, Said, UsageError, WizardError
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.faults import CheatDetected, OutOfTurn
from wizard_p2p.protocol.game import Apply, Body, Owed, Progress, Seating, TableContext
from wizard_p2p.protocol.kinds import FaultKind, Stage
from wizard_p2p.protocol.scheduling import Scheduling
from wizard_p2p.protocol.schema import Field
from wizard_p2p.protocol.status import Status, StatusKind
from wizard_p2p.protocol.turns import Step, Turn
from wizard_p2p.rules import (
    MAX_SEATS,
    MIN_SEATS,
    Bid,
    Card,
    Deal,
    Game,
    GameConfig,
    OpenBids,
    Phase,
    Play,
    SeatView,
    Suit,
    public_view,
    seat_view,
)
from wizard_p2p.tables.wizard import dealing
from wizard_p2p.tables.wizard.authoring import Author
from wizard_p2p.tables.wizard.bodies import BODIES, GENESIS_TERMS
from wizard_p2p.tables.wizard.faults import PROVABLE, fault_of
from wizard_p2p.tables.wizard.genesis import WIZARD, read_config
from wizard_p2p.tables.wizard.handlers import HANDLERS
from wizard_p2p.tables.wizard.kinds import (
    AUTO_KINDS,
    CHOICE_KINDS,
    WIZARD_KINDS,
    WizardFault,
    WizardKind,
)
from wizard_p2p.tables.wizard.report import WizardVerified
from wizard_p2p.tables.wizard.round_check import check_round
from wizard_p2p.tables.wizard.round_state import RoundState, round_size
from wizard_p2p.tables.wizard.secrets import WizardSecrets
from wizard_p2p.tables.wizard.turns import (
    RoundStage,
    RoundStep,
    Tally,
    WizardStage,
    due,
    round_advance,
)

# Whose choice a table waits for, by the rules' phase: the one map from a phase to a status.
WAITING_FOR: Mapping[Phase, StatusKind] = MappingProxyType({
    Phase.BID: StatusKind.WAITING_BID,
    Phase.CHOOSE_TRUMP: StatusKind.WAITING_TRUMP,
    Phase.PLAY: StatusKind.WAITING_PLAY,
})

# What a table in set-up is doing, by its stage.
_SETUP_STATUS: Mapping[WizardStage, StatusKind] = MappingProxyType({
    Stage.COIN: StatusKind.SHUFFLING,
    RoundStage.SHUFFLE: StatusKind.SHUFFLING,
    RoundStage.LOCK: StatusKind.DEALING,
    RoundStage.REVEAL: StatusKind.REVEALING,
})


class WizardContext(TableContext, Protocol):
    """What Wizard's replica reads and drives of its table: the core's context, and the
    round checks it puts off (``protocol.scheduling``)."""

    @property
    def scheduling(self) -> Scheduling: ...


class WizardReplica:
    """One seat's (or an observer's, ``seat=None``) state of a game of Wizard."""

    def __init__(
        self,
        table: WizardContext,
        *,
        config: GameConfig,
        seat: int | None,
        players: list[dict[str, Any]],
        game_id: bytes,
        series_first_dealer: int | None,
        secrets: WizardSecrets | None,
        helper: Executor | None,
        every_pass: bool,
    ) -> None:
        self._table = table
        self.config = config
        self.seat = seat
        self.players = players
        self.game_id = game_id
        self.series_first_dealer = series_first_dealer
        self.secrets = secrets
        self.helper = helper
        self._every_pass = every_pass
        self._author = None if secrets is None else Author(secrets, config)
        self.coins: dict[int, bytes] = {}
        self.game: Game | None = None
        self.round: RoundState | None = None
        self.finals: dict[int, tuple[int, ...]] = {}
        self.completed_rounds = 0
        self.my_dispute: str | None = None  # why our own reading failed, to dispute
        self.round_stage: RoundStage | None = None  # None until the first round starts
        # round → (our keys, seat 0's first shuffle pass), derived ahead when idle
        self._prepared: dict[int, tuple[crypto.RoundKeys, list[bytes] | None]] = {}

    @property
    def seats(self) -> int:
        return self.config.seats

    @property
    def stage(self) -> WizardStage:
        """Where the game is: the table's stage, but the round's own while it plays."""
        core = self._table.stage
        if core is Stage.PLAY and self.round_stage is not None:
            return self.round_stage
        return core

    # --- who writes next ----------------------------------------------------------------

    def due(self) -> Turn | None:
        return due(self.stage, self._tally())

    def _tally(self) -> Tally:
        rnd, game = self.round, self.game
        if rnd is None or game is None:
            return Tally(self.seats, coins=len(self.coins), finals=len(self.finals))
        reveal = self.stage is RoundStage.REVEAL
        return Tally(
            self.seats,
            coins=len(self.coins),
            shuffles=len(rnd.shuffles),
            locks=len(rnd.locks),
            opened=len(rnd.opened),
            played=len(rnd.played),
            finals=len(self.finals),
            unrevealed=next(s for s in range(self.seats) if s not in rnd.reveals)
            if reveal
            else None,
            dealer=rnd.dealer,
            phase=game.phase,
            to_move=game.to_move,
            clairvoyant=rnd.clairvoyant,
        )

    def choice_needed(self) -> WizardKind | None:
        """'bid', 'trump' or 'play' when the local player must choose now.

        A play of the round's last trick is no choice (one card is left) and is not
        asked for: the table writes it by itself, as it writes a shuffle.
        """
        turn = self.due()
        if self.seat is None or turn is None or turn.seat != self.seat or self.my_dispute:
            return None
        for kind in CHOICE_KINDS:
            if kind in turn.kinds:
                if kind is WizardKind.PLAY and self._play_is_forced():
                    return None
                return kind
        return None

    def _play_is_forced(self) -> bool:
        """Whether the play due is the last trick's, where every hand holds one card."""
        rnd, game = self.round, self.game
        return (
            rnd is not None
            and game is not None
            and self.stage is RoundStage.PLAY
            and game.phase is Phase.PLAY
            and rnd.in_last_trick
        )

    def forced(self, turn: Turn) -> bool:
        """Whether the seat due writes by itself (a shuffle, a lock, a reveal, the last
        trick's forced play, every play of the clairvoyance round...)."""
        forced = WizardKind.PLAY in turn.kinds and self._play_is_forced()
        return bool(turn.kinds & AUTO_KINDS) or forced

    # --- what a front end shows ---------------------------------------------------------

    def view(self) -> SeatView | None:
        """The local seat's view (None before the first dealer is known, or for observers)."""
        if self.game is None or self.seat is None:
            return None
        rnd = self.round
        own = rnd.my_bid if rnd is not None and rnd.round_no == self.game.round_no else None
        return seat_view(self.game, self.seat, own_sealed_bid=own)

    def public_view(self) -> SeatView | None:
        """What anybody may see of the game (``rules.public_view``: no hand, no choice);
        None before the first dealer is known."""
        return None if self.game is None else public_view(self.game)

    def checked(self) -> int:
        """The rounds verified so far (their secrets revealed and every pass replayed)."""
        return self.completed_rounds

    def verified(self) -> WizardVerified | None:
        """The rounds verified, as the audit reports them."""
        if self.game is None:
            return None
        return WizardVerified(tuple(self.game.history[: self.completed_rounds]))

    def status(self, seat: int | None) -> Status | None:
        """What the table does (a round's set-up, with its count) or whose choice it waits
        for, unless it waits for ``seat`` (None: an observer's, who holds none)."""
        _, writer, done, total = self.progress()
        setup = _SETUP_STATUS.get(self.stage)
        if setup is not None:
            return Status(setup, seat=writer, done=done, total=total)
        if writer is None or writer == seat:
            return None
        # A play, but for the choices the rules' phase names.
        game = self.game
        kind = StatusKind.WAITING_PLAY if game is None else WAITING_FOR.get(game.phase)
        return Status(kind or StatusKind.WAITING_PLAY, seat=writer)

    def progress(self) -> Progress:
        turn = self.due()
        writer = turn.seat if turn is not None else None
        rnd, stage = self.round, self.stage
        done = {
            Stage.COIN: len(self.coins),
            RoundStage.SHUFFLE: len(rnd.shuffles) if rnd else 0,
            # Seat N-1 locked in its shuffle: the lock stage is seats 0..N-2.
            RoundStage.LOCK: len(rnd.locks) - 1 if rnd else 0,
            RoundStage.REVEAL: len(rnd.reveals) if rnd else 0,
            Stage.FINAL: len(self.finals),
        }.get(stage, 0)
        total = self.seats - 1 if stage is RoundStage.LOCK else self.seats
        return Progress(stage, writer, done, total)

    def result(self) -> Finished:
        standings = self._game().standings()
        return Finished(standings.winners, WizardResult(standings.totals))

    # --- entries ------------------------------------------------------------------------

    def validate(self, entry: m.Entry) -> Apply:
        handler = HANDLERS[entry.kind]
        stage = self.stage
        if stage not in handler.stages:
            raise OutOfTurn(
                f"a '{entry.kind}' entry cannot come in stage {stage}",
                seat=entry.seat, position=entry.pos, kind=FaultKind.OUT_OF_TURN,
            )
        return handler.validate(self, entry)

    def believe(self, entry: m.Entry, accept: Callable[[], None]) -> None:
        """Accept (``accept``) an entry of ours a modified client rewrote as the other
        seats check it: with our hand hidden from the rules, as theirs is from us. The
        client believes its own lie; the others find it where they would (a renege at
        the round's check)."""
        game, rnd, seat = self.game, self.round, self.seat
        assert seat is not None
        hand = None if game is None else game.hands[seat]
        if game is None or rnd is None or hand is None:
            accept()
            return
        game.hands[seat] = None
        try:
            accept()
        finally:
            if game.hands[seat] is None:
                played = rnd.cards.get(entry.body["position"]) if entry.kind == "play" else None
                game.hands[seat] = [c for c in hand if c is not played]

    # --- our own entries ----------------------------------------------------------------

    def owed(self) -> Owed | None:
        """The entry that is ours to write and needs no choice, if one is due."""
        turn = self.due()
        if self.seat is None or turn is None or turn.seat != self.seat:
            return None
        me, rnd = self._me(), self.round
        if self.my_dispute is not None and WizardKind.DISPUTE in turn.kinds:
            assert rnd is not None
            # Written when our reading failed: kept on disk before anyone sees it.
            return Owed(WizardKind.DISPUTE, me.dispute(rnd, self.my_dispute), durable=True)
        if WizardKind.PLAY in turn.kinds and self._play_is_forced():
            assert rnd is not None
            # Nobody chose it (one card is left, or the clairvoyance round's unseen card):
            # derived from the log and our master secret like a shuffle.
            return Owed(WizardKind.PLAY, me.play(rnd, None))
        auto = turn.kinds & AUTO_KINDS
        if not auto:
            return None
        (kind,) = auto
        return Owed(kind, me.auto(WIZARD_KINDS[kind], rnd, self.game))

    def choose(self, kind: str, choice: object, derived: bool = False) -> Body:
        """The body of our choice of ``kind`` (a bid's tricks, a trump's ``Suit``, a
        ``Card`` to play); raises ``IllegalAction`` naming the rule."""
        if kind == WizardKind.BID:
            return self.bid(choice)
        if kind == WizardKind.TRUMP:
            return self.trump(choice)
        if kind == WizardKind.PLAY:
            if not isinstance(choice, Card):
                raise IllegalAction(f"{choice!r} is not a card", rule="card")
            return self.play(choice)
        raise AssertionError(kind)

    def bid(self, tricks: object) -> Body:
        """The body of our bid of ``tricks``; raises ``IllegalAction`` naming the rule."""
        rnd, game = self._round_and_game()
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise IllegalAction(f"a bid is a whole number, not {tricks!r}", rule="bid-range")
        if tricks not in game.legal_bids():
            game.check(Bid(self._my_seat(), tricks))  # raises the precise rule
        return self._me().bid(rnd, tricks)

    def trump(self, suit: object) -> Body:
        rnd, _ = self._round_and_game()
        if not isinstance(suit, Suit):
            raise IllegalAction("trump must be one of the four suits", rule="trump")
        return self._me().trump(rnd, suit)

    def play(self, card: Card) -> Body:
        rnd, game = self._round_and_game()
        if card not in game.legal_plays():
            game.check(Play(self._my_seat(), card))  # raises the rule
            raise IllegalAction(f"{card} cannot be played now", rule="card")
        return self._me().play(rnd, card)

    def _my_seat(self) -> int:
        if self.seat is None:
            raise UsageError("an observer makes no choices")
        return self.seat

    def _me(self) -> Author:
        assert self._author is not None
        return self._author

    # --- the round's course (driven by the handlers) ------------------------------------

    def advance(self, step: Step | RoundStep) -> None:
        """Move the game on: a round's own step moves the round's stage (the first
        round's starts the table's game), any other the table's."""
        if isinstance(step, Step):
            self._table.advance(step)
            return
        if self.round_stage is None:
            self._table.advance(Step.GAME_STARTS)
        self.round_stage = round_advance(self.round_stage, step)

    def first_dealer_known(self, dealer: int) -> None:
        self.game = Game(self.config, first_dealer=dealer)
        self._start_round()

    def _start_round(self) -> None:
        game = self._game()
        r, n = game.round_no, self.seats
        rnd = RoundState(
            round_no=r,
            dealer=game.dealer,
            seats=n,
            dealt=r * n,
            size=round_size(r, n),
            clairvoyant=self.config.clairvoyance and r == 1,
        )
        if self.secrets is not None:
            prepared = self._prepared.pop(r, None)
            rnd.my_keys, first_pass = prepared or self.secrets.round_keys_and_first_pass(r)
            if self.seat == 0:
                rnd.next_pass = first_pass
            if rnd.clairvoyant:
                rnd.my_box = self.secrets.box_secret(r)
        self.round = rnd
        self.my_dispute = None
        self.advance(RoundStep.ROUND_STARTS)

    def deal(self) -> None:
        """All locks are in: read the turned card and our own hand, and deal to the rules."""
        rnd, game = self._round_and_game()
        if not dealing.read_turned_card(rnd):
            rnd.dispute = (-1, "the turned card does not decode")
            self.to_reveal(rnd)
            return
        hands: list[tuple[Card, ...] | None] = [None] * self.seats
        if self.seat is not None and not rnd.clairvoyant:
            hand, dispute = dealing.read_own_hand(rnd, self.seat, self.helper)
            if dispute is not None:
                self.my_dispute = dispute
            else:
                hands[self.seat] = hand
        game.apply(Deal(tuple(hands), rnd.turned))
        rnd.dealt_at = len(self._table.log)
        self.advance(RoundStep.DEALT)
        if rnd.clairvoyant and self.seat is not None:
            dispute = dealing.read_clairvoyant_cards(rnd, game, self.seat, self.helper)
            if dispute is not None:
                self.my_dispute = dispute

    def to_reveal(self, rnd: RoundState) -> None:
        """A disputed round: the seats whose secret is not out yet reveal it, in seat order
        (once every secret is out — a dispute in the last trick — the replay runs at once)."""
        self.advance(RoundStep.DISPUTED)
        if len(rnd.reveals) == self.seats:
            self.finish_round()

    def finish_round(self) -> None:
        """All secrets are revealed: replay the round and verify every step of it."""
        rnd, game = self._round_and_game()
        table = self._table
        table.scheduling.run_deferred_checks()  # an earlier round's fault comes first
        if table.stage is Stage.FAULTED:
            return
        position = len(table.log) - 1
        if (
            table.scheduling.defer_checks
            and rnd.dispute is None
            and rnd.round_no < self.config.rounds
            and len(rnd.shuffles) == len(rnd.locks) == self.seats
        ):
            table.scheduling.defer(lambda: self._check_round(rnd, position))
        elif not self._check_round(rnd, position):
            return
        if rnd.dispute is not None:
            seat, reason = rnd.dispute
            if seat >= 0:
                table.cheat_found(CheatDetected(
                    f"disputed the round ({reason}) but the replay found no fault",
                    seat=seat, kind=WizardFault.FALSE_DISPUTE,
                ))
            else:
                table.cheat_found(CheatDetected(reason, seat=None, kind=WizardFault.DISPUTE))
            return
        if self.config.secret_bids:
            game.apply(OpenBids(tuple(rnd.reveals[s]["bid"] for s in range(self.seats))))
        self.completed_rounds += 1
        if game.is_over:
            self.advance(Step.GAME_OVER)
        else:
            self._start_round()

    def _check_round(self, rnd: RoundState, position: int) -> bool:
        """Run a round's check; False if it found a cheat (the game is then over)."""
        try:
            check_round(
                rnd,
                config=self.config,
                game_id=self.game_id,
                log_position=position,
                own_seat=self.seat,
                every_pass=self._every_pass,
            )
        except CheatDetected as fault:
            self._table.cheat_found(fault)
            return False
        return True

    # --- work put off and done ahead (``protocol.scheduling``) ------------------------------

    def checks_may_run(self) -> bool:
        """A put-off round check runs once our shuffle pass of the next round is in the
        log (until then we are on the set-up's critical path), or as soon as that round
        has moved on. (Once the next round is dealt instead: the hands come sooner, but
        the first bid later, by more.)"""
        rnd = self.round
        return (
            rnd is None
            or self.stage is not RoundStage.SHUFFLE
            or (self.seat is not None and len(rnd.shuffles) > self.seat)
        )

    def work_ahead_due(self) -> bool:
        """Whether the next round's keys are to be derived now: our hand is dealt, every
        seat has written an entry since the deal (so each has checked the last lock),
        and no round check is pending (the check comes first, then the keys).

        Not at the deal itself: the other seats are then still checking the last lock,
        and seat 0's pass of the next round would take a core from them at the
        set-up's very end.
        """
        since = self._entries_since_deal()
        return since is not None and since >= self.seats

    def work_ahead_waits(self) -> bool:
        since = self._entries_since_deal()
        return since is not None and since < self.seats and self._unprepared() is not None

    def work_ahead(self) -> bool:
        """Derive our keys of the round after the current one and, for seat 0, its
        shuffle pass of the fresh deck: they depend on nothing but our secret, so that
        seat's pass leaves the next set-up's critical path."""
        upcoming = self._unprepared()
        if upcoming is None:
            return False
        assert self.secrets is not None
        self._prepared = {upcoming: self.secrets.round_keys_and_first_pass(upcoming)}
        return True

    def prepared(self, round_no: int) -> tuple[crypto.RoundKeys, list[bytes] | None] | None:
        """Round ``round_no``'s keys (and our first pass, when we shuffle first) derived
        ahead and not taken yet; None if they are not."""
        return self._prepared.get(round_no)

    def _entries_since_deal(self) -> int | None:
        """Entries written since our deal, while no round check is pending; else None."""
        rnd = self.round
        if self.stage is not RoundStage.PLAY or rnd is None or not rnd.dealt_at:
            return None
        if self._table.scheduling.has_deferred_checks:
            return None
        return len(self._table.log) - rnd.dealt_at

    def _unprepared(self) -> int | None:
        """The round :meth:`work_ahead` would prepare, or None if none is left."""
        if self.seat is None or self._table.stage.ended:
            return None
        # Before the first deal (the coins are being written), round 1 is next.
        game = self.game
        upcoming = 1 if game is None or self.round is None else game.round_no + 1
        if upcoming > self.config.rounds or upcoming in self._prepared:
            return None
        return upcoming

    def _game(self) -> Game:
        assert self.game is not None
        return self.game

    def _round_and_game(self) -> tuple[RoundState, Game]:
        assert self.round is not None and self.game is not None
        return self.round, self.game


@dataclass(frozen=True)
class WizardResult:
    """How a game of Wizard finished: every seat's final total (``events.GameResult``).
    The audit reports it by its rounds and totals verified, not as a result of its own."""

    totals: tuple[int, ...]

    def text(self) -> str:
        return f"totals {list(self.totals)}"

    def said(self) -> Said:
        return Said("result_totals", totals=str(list(self.totals)))

    def to_json(self) -> None:
        return None


class WizardRules:
    """Wizard, as a game a table plays (``game.GameRules``): 3 to 6 seats, the body
    table ``bodies.BODIES``, the terms' ``config`` a ``GameConfig`` of as many seats,
    its replica a :class:`WizardReplica`."""

    name = WIZARD
    seats = range(MIN_SEATS, MAX_SEATS + 1)
    bodies: m.Bodies = BODIES
    terms: Field = GENESIS_TERMS
    brings_deck = False
    provable: frozenset[str] = PROVABLE
    # The entries a player chooses (the rest its client writes by itself).
    choice_kinds: frozenset[str] = frozenset(CHOICE_KINDS)

    def fault_of(self, exc: WizardError, entry_kind: str) -> str | None:
        return fault_of(exc, entry_kind)

    def read_config(self, config: Any, seats: int) -> GameConfig:
        game = read_config(config)
        if game.seats != seats:
            raise DecodeError("the genesis needs one player and one endorsement per seat")
        return game

    def replica(self, table: WizardContext, seating: Seating) -> WizardReplica:
        genesis = seating.genesis
        series = genesis.series
        secrets = None
        if seating.seat is not None and seating.master_secret is not None:
            secrets = WizardSecrets(
                seating.master_secret, genesis.game_id, seating.seat, genesis.seats
            )
        return WizardReplica(
            table,
            config=genesis.config,
            seat=seating.seat,
            players=genesis.players,
            game_id=genesis.game_id,
            series_first_dealer=None if series is None else series.first_dealer,
            secrets=secrets,
            helper=seating.helper,
            every_pass=seating.every_pass,
        )


WIZARD_RULES = WizardRules()


__all__ = ["WIZARD_RULES", "WizardContext", "WizardReplica", "WizardResult", "WizardRules"]
