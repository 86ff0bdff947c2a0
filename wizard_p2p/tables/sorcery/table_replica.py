"""巫师牌 inside the core ``Table``: ``replica.SorceryReplica`` as a ``game.GameReplica``.

The core keeps the chain, the signatures, the aborts and proofs; this replica keeps the
game, in three stages of the core's (SORCERY.md §3):

- ``coin``: seats 0 and 1 open their coin commitments; the two coins choose the first
  player (``crypto.joint_random_index`` over the coins, 2, the game id), and the game
  starts: its decks are committed, shuffled and dealt (``SorceryReplica``);
- ``play``: every entry of ``kinds.SorceryKind``, in the order ``SorceryReplica.due``
  fixes; once the game is over and both decks are opened and checked, the outcome
  the replay with every card known gives is the game's;
- ``final``: seats 0 and 1 each sign that outcome (``{"winner", "reason", "turn"}``).

An entry is taken into the game as it is checked; a refused one leaves the game as it
was (the game is replayed from its entries without it). A fault the entry's own
author is to blame for refuses the entry (a ``PeerFault`` naming it); a fault the
end's checks find in what another seat wrote earlier (a drawn card its committed
list does not hold, an act illegal with every card known) takes the entry and ends
the game ``faulted``, naming that seat: the log is the evidence.

Every secret of a seat (its deck keys, its coin) derives from the table's master
secret, so a seat rebuilt from its log writes the same bytes again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wizard_p2p import crypto
from wizard_p2p.errors import IllegalAction, PeerFault, Said, UsageError
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.game import Apply, Body, Entry, Owed, Progress, Seating, TableContext
from wizard_p2p.protocol.kinds import FaultKind, Stage
from wizard_p2p.protocol.seat_secrets import derive
from wizard_p2p.protocol.status import Status, StatusKind
from wizard_p2p.protocol.turns import Step, Turn
from wizard_p2p.sorcery.actions import Action, Outcome
from wizard_p2p.sorcery.game import Decklist, Game
from wizard_p2p.tables.sorcery import replica as r
from wizard_p2p.tables.sorcery.kinds import SorceryKind

__all__ = ["ACT", "LOOK", "SEARCH", "SorceryResult", "SorceryTableReplica", "final_body",
           "look_choice"]

COIN = "coin"
FINAL = "final"
# The choices a seat makes (``Table.choice_needed``): an action of the engine, or
# (with ``Table.choose``) a search or a look begun by choosing ``SEARCH`` or ``("look", N)``.
ACT = str(SorceryKind.ACT)
SEARCH = str(SorceryKind.SEARCH)
LOOK = str(SorceryKind.LOOK)


def look_choice(count: int) -> tuple[str, int]:
    """The choice (``Table.choose``) that begins a look at the top ``count`` cards of our
    deck."""
    return (LOOK, count)


# The entries that carry a choice of our seat (its openings, its act, a search or look
# asked, the card a search takes), as against the deck steps its secrets fix.
_CHOSEN_KINDS = frozenset(
    {SorceryKind.OPENED, SorceryKind.ACT, SorceryKind.SEARCH, SorceryKind.LOOK,
     SorceryKind.ARRANGED})

# The label of a seat's deck secret, derived from its master secret (SPEC §3.2).
DECK_SECRET_LABEL = b"sorcery-deck"


@dataclass(frozen=True)
class SorceryResult:
    """How a game of 巫师牌 ended: the engine's ``Outcome``, as every seat signed it."""

    outcome: Outcome

    def text(self) -> str:
        return str(self.outcome)

    def said(self) -> Said:
        winner = self.outcome.winner
        if winner is None:
            return Said("result_draw")
        return Said("result_won", seat=Said("seat_n", n=winner + 1))

    def to_json(self) -> dict[str, Any]:
        return final_body(self.outcome)


def final_body(outcome: Outcome) -> dict[str, Any]:
    """The body of the ``final`` entry each seat signs at the end."""
    return {"winner": outcome.winner, "reason": outcome.reason.value, "turn": outcome.turn}


class SorceryTableReplica:
    """One seat's (or an observer's) game of 巫师牌 inside a core table."""

    def __init__(self, table: TableContext, seating: Seating, config: Any,
                 library: Any) -> None:
        self._table = table
        self._seating = seating
        genesis = seating.genesis
        self.seat = seating.seat
        self.players = genesis.players
        self.game_id = genesis.game_id
        self.config = config
        self.cards = dict(library.cards)
        self.decks = [d.public(self.cards, s) for s, d in enumerate(config.decks)]
        own = seating.private
        if self.seat is not None and not isinstance(own, Decklist):
            raise UsageError("a seat of 巫师牌 brings its own deck list")
        self._own = own if isinstance(own, Decklist) and self.seat is not None else None
        if self._own is not None and self.seat is not None \
                and self._own.public() != self.decks[self.seat]:
            raise UsageError("this deck list is not the one the genesis declares for our seat")
        self.coins: dict[int, bytes] = {}
        self.finals: dict[int, dict[str, Any]] = {}
        self.inner: r.SorceryReplica | None = None
        self._first: int | None = None
        self.outcome: Outcome | None = None
        # Every action taken into the game, in order, as this seat's game took it (a
        # front end tells the other player's moves from it as they come).
        self.acted: list[r.Acted] = []

    # --- who writes next ----------------------------------------------------------------

    def due(self) -> Turn | None:
        stage = self._table.stage
        if stage is Stage.COIN:
            return Turn(len(self.coins), frozenset({COIN}))
        if stage is Stage.FINAL:
            return Turn(len(self.finals), frozenset({FINAL}))
        if stage is Stage.PLAY and self.inner is not None:
            due = self.inner.due()
            if due is not None:
                return Turn(due.seat, frozenset(str(k) for k in due.kinds))
        return None

    def forced(self, turn: Turn) -> bool:
        """A coin, a deck step and a final write themselves; an action is a choice."""
        return not turn.kinds & {ACT, SEARCH, LOOK}

    # --- what a front end shows ---------------------------------------------------------

    def view(self) -> Game | None:
        """Our seat's game: every face it was shown, no other (None for an observer)."""
        return None if self.seat is None or self.inner is None else self.inner.view()

    def public_view(self) -> Game | None:
        return None if self.inner is None else self.inner.game

    def checked(self) -> int:
        """The turns verified: none until the end's checks pass (a card is known to have
        come from its committed list only once the decks are opened), then every one."""
        return 0 if self.outcome is None else self.outcome.turn

    def verified(self) -> None:
        """Nothing beyond the turns checked and the result (``Finished.result``)."""
        return None

    # --- work put off and done ahead: none (every check runs as its entry comes) --------

    def checks_may_run(self) -> bool:
        return True

    def work_ahead_due(self) -> bool:
        return False

    def work_ahead_waits(self) -> bool:
        return False

    def work_ahead(self) -> bool:
        return False

    def status(self, seat: int | None) -> Status | None:
        """Whose entry the table waits for, unless it is ``seat``'s."""
        turn = self.due()
        if turn is None or turn.seat == seat:
            return None
        return Status(StatusKind.WAITING_PLAY, seat=turn.seat)

    def progress(self) -> Progress:
        stage = self._table.stage
        turn = self.due()
        writer = None if turn is None else turn.seat
        done = {Stage.COIN: len(self.coins), Stage.FINAL: len(self.finals)}.get(stage, 0)
        return Progress(stage, writer, done, 2 if stage in (Stage.COIN, Stage.FINAL) else 0)

    def result(self) -> Finished:
        assert self.outcome is not None
        winner = self.outcome.winner
        return Finished(() if winner is None else (winner,), SorceryResult(self.outcome))

    # --- entries ------------------------------------------------------------------------

    def validate(self, entry: Entry) -> Apply:
        if entry.kind == COIN:
            return self._on_coin(entry)
        if entry.kind == FINAL:
            return self._on_final(entry)
        inner = self.inner
        assert inner is not None  # the turn order admits the game's kinds only in play
        try:
            events = inner.receive(r.Entry(entry.seat, entry.kind, entry.body))
        except PeerFault as exc:
            seat = entry.seat if exc.seat is None else exc.seat
            fault = PeerFault(exc.reason, seat=seat, position=entry.pos, kind=exc.kind)
            if seat == entry.seat:
                # Refused: the game goes on as it was before the entry.
                self.inner = self._replayed(inner.entries)
                raise fault from None
            return lambda: self._take((), fault)
        return lambda: self._take(events, None)

    def _replayed(self, entries: list[r.Entry]) -> r.SorceryReplica:
        """The game as ``entries`` leave it, replayed from its start (a refused entry
        is rare; the game takes the others in place). An action of ours chosen and not
        yet written is asked for again."""
        assert self._first is not None
        game = self._new_game(self._first)
        for entry in entries:
            game.receive(entry)
        return game

    def _take(self, events: tuple[r.Event, ...], fault: PeerFault | None) -> None:
        if fault is not None:
            self._table.cheat_found(fault)
            return
        for event in events:
            if isinstance(event, r.Acted):
                self.acted.append(event)
            if isinstance(event, r.Ended):
                self.outcome = event.outcome
                self._table.advance(Step.GAME_OVER)

    def _on_coin(self, entry: Entry) -> Apply:
        value, nonce = entry.body["value"], entry.body["nonce"]
        crypto.verify_commitment("coin", self.players[entry.seat]["coin_commit"], value, nonce)

        def apply() -> None:
            self.coins[entry.seat] = value
            if len(self.coins) == 2:
                first = crypto.joint_random_index([self.coins[0], self.coins[1]], 2,
                                                  self.game_id)
                self._start(first)

        return apply

    def _start(self, first: int) -> None:
        self._first = first
        self.inner = self._new_game(first)
        self._table.advance(Step.GAME_STARTS)

    def _new_game(self, first: int) -> r.SorceryReplica:
        seating = self._seating
        secret = None
        if self.seat is not None:
            assert seating.master_secret is not None
            secret = derive(seating.master_secret, DECK_SECRET_LABEL, self.game_id)
        return r.SorceryReplica(
            game_id=self.game_id, decks=self.decks, first=first, cards=self.cards,
            seat=self.seat, master_secret=secret, own=self._own,
            turn_limit=self.config.turn_limit)

    def _on_final(self, entry: Entry) -> Apply:
        assert self.outcome is not None
        expected = final_body(self.outcome)
        if dict(entry.body) != expected:
            raise PeerFault(
                f"signed the end {dict(entry.body)} where the game ended {expected}",
                seat=entry.seat, position=entry.pos, kind=FaultKind.FINAL)

        def apply() -> None:
            self.finals[entry.seat] = expected
            if len(self.finals) == 2:
                self._table.advance(Step.ALL_FINAL)

        return apply

    def believe(self, entry: Entry, accept: Callable[[], None]) -> None:
        accept()

    # --- our own entries ----------------------------------------------------------------

    def owed(self) -> Owed | None:
        turn = self.due()
        if self.seat is None or turn is None or turn.seat != self.seat:
            return None
        if COIN in turn.kinds:
            secrets = self._seating.secrets
            assert secrets is not None
            value, nonce = secrets.coin()
            return Owed(COIN, {"value": value, "nonce": nonce})
        if FINAL in turn.kinds:
            assert self.outcome is not None
            return Owed(FINAL, final_body(self.outcome))
        assert self.inner is not None
        owed = self.inner.owed()
        if owed is None:
            return None
        # The entries of a choice a person made must reach the disk before they are
        # sent: a seat rebuilt after a crash would not choose them again.
        chosen = self._durable and owed.kind in _CHOSEN_KINDS
        return Owed(owed.kind, dict(owed.body), durable=chosen)

    _durable = False

    def choice_needed(self) -> str | None:
        inner = self.inner
        if inner is None or self.seat is None or self._table.stage is not Stage.PLAY:
            return None
        return ACT if inner.choice_needed() else None

    def choose(self, kind: str, choice: object, derived: bool) -> Body | None:
        """Our seat's choice: an engine ``Action``, ``SEARCH`` to search our deck, or
        ``(LOOK, N)`` to look at its top N cards; its entries then come from
        :meth:`owed`."""
        inner = self.inner
        assert inner is not None
        if choice == SEARCH:
            inner.begin_search()
        elif isinstance(choice, tuple) and len(choice) == 2 and choice[0] == LOOK \
                and isinstance(choice[1], int):
            inner.begin_look(choice[1])
        elif isinstance(choice, Action):
            inner.choose(choice)
        else:
            raise IllegalAction(f"{choice!r} is not an action of 巫师牌", rule="table")
        self._durable = not derived
        return None
