"""巫师牌's replica at a trustless table: one per seat, and one for a watcher or an
auditor, fed the same entries in the same order (sans-I/O).

It drives the two private decks (``crypto.private_deck``, one per owner) and the
hidden-card engine (``Game.start_hidden``) together. What comes next is fixed by the
state (:meth:`SorceryReplica.due`), in this order of precedence:

1. a deck's set-up (seat 0's deck, then seat 1's): ``committed``, ``greeted``, four
   ``pass`` entries; a deck being looked through: its owner's ``arranged``; any other
   epoch under way (a reshuffle): its passes;
2. a search asked (``search``): the other's ``sealed`` of purpose ``search``; a look at
   the top asked (``look``, N cards): the other's ``sealed`` of purpose ``look`` and N;
3. cards the engine put back into a deck (the mulligan's four), or a ``Shuffle`` of a
   deck not empty: the owner's ``returned`` (of no card for a shuffle); a card the
   engine moved into a deck (``MoveCard``, on top or ``bottom``): the owner's
   ``placed``;
4. cards the engine drew (the opening four, a turn's draw, a ``Draw``): the other's
   ``sealed`` of purpose ``draw`` with as many keys, top first, bound to the drawn pieces
   in the order the engine drew them;
5. the game over: each deck's ``deck_opened`` (owner) then ``revealed`` (other), seat
   0's deck first;
6. a search's card taken and the rest reshuffled: the searcher's ``act``, ``Search``
   naming the deck piece at the index ``arranged`` took (``Shuffle`` when it took none);
   a look's end: for each card its ``arranged`` took, in that order, the looker's
   ``opened`` if the card goes where both see it, then its ``act``, ``MoveCard`` of
   that piece out of the deck; then, if any are put back, its ``act``, ``Look`` with the
   count put back and the number ``arranged`` put under the deck, its order ``?``;
7. else the engine's player to move: ``opened`` for each card of its hand the action
   shows the opponent, then ``act``; or, in its turn's play step, ``search`` or
   ``look``.

A look at the top (预见) is private to its owner: the other seals it the top N
(purpose ``look``); its game learns those faces; its ``arranged`` names those it
takes out of the deck (bound, in every game, to their addresses in the deck's hand,
and then moved by ``MoveCard`` acts) and seals its chosen order of the rest to itself,
and the arrangement epoch puts them back, the first on top, the last ``bottom`` under
the deck. Every game, the owner's included, then applies ``Look`` with the order
unknown, which gives the cards put back fresh pieces;
the owner's game is then told the faces of the new pieces it placed (its own choice),
and a later draw that reads another card there is the other's fault. Whether the
arrangement followed the order sealed is checked at the end with the decks.

A seat's automatic entries (the deck steps, and the openings and ``act`` of an action it
chose) come from :meth:`owed`; its action from :meth:`choose`. Every received body is
decoded by ``bodies.decode_entry``; a fault in another seat's entry raises a
:class:`~wizard_p2p.errors.PeerFault` naming that seat and ends the replica. A
watcher's deck may hold an opening it cannot check (CRYPTO.md §13.6); a later fault
is then reported as that opening, the first in the log.

At the end each replica checks both decks (``verify_end``: the commitment, the list a
legal deck, every pass and box), then replays the whole game with every card known
(each drawn card's face from the deck's audit, the skill pool from its opened list)
through the engine; the end is one :class:`Outcome` or the fault.

A card leaves a deck only through a look: a ``MoveCard`` of our top card chosen
outside one begins a look at one card (:meth:`begin_look`) and makes the move once
the card is seen. A card goes into a deck only if it was drawn from it (in the hand,
or opened to both); a move within a deck, and ``Search`` or ``Look`` without their
entries, are refused with ``IllegalAction`` (rule ``table``).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from wizard_p2p.crypto.deck_faults import DeckFault
from wizard_p2p.crypto.deck_messages import (
    Address,
    Arranged,
    DeckMessage,
    Opened,
    Placed,
    Purpose,
    Returned,
    Role,
    Sealed,
)
from wizard_p2p.crypto.private_deck import PrivateDeck, Stage
from wizard_p2p.errors import DecodeError, IllegalAction, PeerFault, UsageError
from wizard_p2p.sorcery.actions import (
    Action,
    Look,
    MoveCard,
    Mulligan,
    Outcome,
    Reveal,
    Search,
    Shuffle,
    Unknown,
    Zone,
    public,
)
from wizard_p2p.sorcery.cards import Card
from wizard_p2p.sorcery.decks import Deck
from wizard_p2p.sorcery.game import Decklist, Game, PublicDeck, Step
from wizard_p2p.tables.sorcery.bodies import (
    MAX_LOOK,
    Act,
    DeckStep,
    LookAsked,
    SearchAsked,
    act_body,
    deck_body,
    decode_entry,
)
from wizard_p2p.tables.sorcery.kinds import SorceryKind

__all__ = [
    "Acted",
    "CardsLearned",
    "Due",
    "Ended",
    "Entry",
    "Event",
    "Faulted",
    "SorceryReplica",
    "deck_domain",
]

TABLE_RULE = "table"
_PIECE_FIELDS = ("piece", "spell", "target", "attacker", "replace")
_PIECES_FIELDS = ("boosts", "overdraw", "discards")


@dataclass(frozen=True)
class Entry:
    """One entry as the log carries it: its author's seat, kind and JSON body."""

    seat: int
    kind: str
    body: Mapping[str, Any]


@dataclass(frozen=True)
class Due:
    """Who writes next, and which kinds fit."""

    seat: int
    kinds: frozenset[SorceryKind]


@dataclass(frozen=True)
class Acted:
    """Seat ``seat``'s action was applied (in the form this replica's game took it)."""

    seat: int
    action: Action


@dataclass(frozen=True)
class CardsLearned:
    """This replica's game was shown these pieces' faces."""

    pieces: tuple[int, ...]


@dataclass(frozen=True)
class Ended:
    """The game is over and every check of the end passed."""

    outcome: Outcome


@dataclass(frozen=True)
class Faulted:
    """An entry of ``seat`` is at fault; the game ends there."""

    seat: int
    reason: str


Event: TypeAlias = Acted | CardsLearned | Ended | Faulted


@dataclass(frozen=True)
class _Pending:
    """An entry we made (a deck message our deck has already taken in), until it comes
    back to us through :meth:`SorceryReplica.receive`; ``step`` the deck step it was."""

    kind: SorceryKind
    body: dict[str, Any]
    step: tuple[int, SorceryKind] | None


@dataclass(frozen=True)
class _PutBack:
    """A look's end after its ``arranged``: ``player``'s acts still due, first a
    ``MoveCard`` of each taken piece in ``takes`` (in order), then (``count`` > 0) the
    ``Look`` at the ``count`` cards put back, ``under`` of them under the deck."""

    player: int
    takes: tuple[int, ...]
    count: int
    under: int


@dataclass(frozen=True)
class _Bound:
    """Drawn pieces of ``owner`` bound to the addresses their keys were sealed for."""

    owner: int
    pairs: tuple[tuple[int, Address], ...]


@dataclass(frozen=True)
class _Did:
    """An action applied, with the skill-pool cards it showed."""

    action: Action
    shown: tuple[tuple[int, str], ...]


def deck_domain(game_id: bytes, owner: int) -> str:
    """The commitment domain of seat ``owner``'s deck."""
    return f"wizard-p2p/sorcery/deck/{game_id.hex()}/{owner}"


def _named(action: Action) -> list[int]:
    pids: list[int] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if f.name in _PIECE_FIELDS and isinstance(value, int) and not isinstance(value, bool):
            pids.append(value)
        elif f.name in _PIECES_FIELDS and isinstance(value, tuple):
            pids.extend(v for v in value if isinstance(v, int))
    return pids


class SorceryReplica:
    """One game of 巫师牌 between seats 0 and 1, as ``seat`` (or a watcher: ``None``)
    sees it. A seat gives its master secret and its own :class:`Decklist` (its main list
    in the order it commits to)."""

    def __init__(
        self,
        *,
        game_id: bytes,
        decks: Sequence[PublicDeck],
        first: int,
        cards: Mapping[str, Card],
        seat: int | None = None,
        master_secret: bytes | None = None,
        own: Decklist | None = None,
        turn_limit: int | None = None,
    ) -> None:
        if len(decks) != 2 or first not in (0, 1):
            raise UsageError("巫师牌 is played by seats 0 and 1")
        if (seat is None) != (master_secret is None) or (seat is None) != (own is None):
            raise UsageError("a seat gives its seat, master secret and deck; a watcher none")
        if own is not None and seat is not None and own.public() != decks[seat]:
            raise UsageError("our deck is not the one our public deck data says")
        self.seat, self.first, self.cards = seat, first, dict(cards)
        self.public_decks = tuple(decks)
        self.game_id = game_id
        extra = {} if turn_limit is None else {"turn_limit": turn_limit}
        self._turn_limit = extra
        self.game = Game.start_hidden(decks, first, cards, **extra)
        self._pool_pids = [list(self.game.sides[p].pool) for p in (0, 1)]
        self.decks = [self._make_deck(p, master_secret, own) for p in (0, 1)]
        self._addr: dict[int, Address] = {}  # a drawn piece's address in its owner's deck
        self._pid_at: dict[tuple[int, Address], int] = {}  # and back, by (owner, address)
        self._unbound: list[list[int]] = [list(self.game.sides[p].hand) for p in (0, 1)]
        self._returns: list[tuple[Address, ...]] = [(), ()]
        self._reshuffle = [False, False]  # a Shuffle owes the owner's returned of none
        # Cards the engine put into a deck without a shuffle: the owner's placed.
        self._places: list[tuple[tuple[Address, ...], int] | None] = [None, None]
        self._opened: set[int] = set()  # pieces opened to both since they were drawn
        self._pending: list[_Pending] = []
        self._plan: Action | None = None  # our chosen action, its openings first
        self._queue: list[Action] = []  # our actions after the plan (a look's moves)
        self._takes: list[MoveCard] = []  # the looked-at cards we chose to move out
        self._intent: MoveCard | None = None  # a move of our top card, once we see it
        self._asked: int | None = None  # the player whose search waits for the sealed deck
        # A look at the top: (player, count) asked and waiting for its ``sealed``; then
        # being looked at until its ``arranged``; then its end's acts still due.
        self._peek: tuple[int, int] | None = None
        self._peeking: tuple[int, int] | None = None
        self._put: _PutBack | None = None
        # Our own look: the faces read, top first, and the order we chose.
        self._seen: tuple[str, ...] = ()
        self._arrangement: tuple[int, ...] = ()
        # After a search's ``arranged``: the player, the deck index taken (None: none) and
        # its address; its ``act`` (Search, or Shuffle when none) comes once the rest is
        # reshuffled.
        self._taken: tuple[int, int | None, Address | None] | None = None
        self._log: list[_Bound | _Did] = []  # the engine's story, for the end's replay
        # Each deck's messages' places in the log, by their index in the deck's history;
        # and the place of the fault being raised (a deck's message may name an earlier).
        self._deck_at: list[list[int]] = [[], []]
        self._fault_at = 0
        self.entries: list[Entry] = []
        self.outcome: Outcome | None = None
        self.fault: Faulted | None = None
        if own is not None and seat is not None:
            for pid, card in zip(self._pool_pids[seat], own.skills, strict=True):
                self.game.apply(Reveal(seat, pid, card.number))

    def _make_deck(self, owner: int, secret: bytes | None, own: Decklist | None) -> PrivateDeck:
        kw: dict[str, Any] = dict(game_id=self.game_id, owner=owner, other=1 - owner,
                                  domain=deck_domain(self.game_id, owner),
                                  legal=self._legal_check(owner))
        if secret is None or own is None:
            return PrivateDeck.for_observer(**kw)
        if owner == self.seat:
            return PrivateDeck.for_owner(
                secret, main=[c.number.encode() for c in own.main],
                pool=[c.number.encode() for c in own.skills], **kw)
        return PrivateDeck.for_other(secret, **kw)

    def _legal_check(self, owner: int) -> Any:
        public_deck = self.public_decks[owner]

        def legal(main: tuple[bytes, ...], pool: tuple[bytes, ...]) -> str | None:
            found: list[Card] = []
            for number in (*main, *pool):
                card = self.cards.get(number.decode("ascii", "replace"))
                if card is None:
                    return f"{number[:16]!r} is not a card of the card file"
                found.append(card)
            if len(main) != public_deck.main or len(pool) != public_deck.skills:
                return "the lists are not of the sizes declared at the start"
            deck = Deck.of([public_deck.hero, *found, *public_deck.extra])
            broken = deck.violations()
            return "; ".join(str(v) for v in broken) if broken else None

        return legal

    # --- what comes next ---------------------------------------------------------------

    def due(self) -> Due | None:
        """Who writes next and which kinds fit; None once the game has ended."""
        if self.fault is not None or self.outcome is not None:
            return None
        if self._pending and self.seat is not None:
            # Our entry is made (its deck message already in our deck): it comes next.
            return Due(self.seat, frozenset({self._pending[0].kind}))
        step = self._deck_step_due()
        if step is not None:
            deck, kind = step
            return Due(self._author(deck, kind), frozenset({kind}))
        if self.game.outcome is not None:
            return None
        if self._taken is not None:
            return Due(self._taken[0], frozenset({SorceryKind.ACT}))
        if self._put is not None:
            kinds = {SorceryKind.ACT} | ({SorceryKind.OPENED} if self._put.takes else set())
            return Due(self._put.player, frozenset(kinds))
        kinds = {SorceryKind.OPENED, SorceryKind.ACT}
        if self._may_search(self.game.to_move):
            kinds |= {SorceryKind.SEARCH, SorceryKind.LOOK}
        return Due(self.game.to_move, frozenset(kinds))

    def _may_search(self, player: int) -> bool:
        g = self.game
        return (g.step is Step.PLAY and g.active == player == g.to_move
                and bool(g.sides[player].deck) and self.decks[player].stage is Stage.READY)

    def _author(self, deck: int, kind: SorceryKind) -> int:
        d = self.decks[deck]
        if kind in (SorceryKind.GREETED, SorceryKind.SEALED, SorceryKind.REVEALED):
            return d.other
        if kind is SorceryKind.PASS:
            return d.owner if d.due() is Role.OWNER else d.other
        return d.owner

    def _deck_step_due(self) -> tuple[int, SorceryKind] | None:
        """The deck step the state waits for: (deck owner, kind)."""
        for p in (0, 1):
            st = self.decks[p].stage
            if st is Stage.COMMIT:
                return p, SorceryKind.COMMITTED
            if st is Stage.GREET:
                return p, SorceryKind.GREETED
            if st is Stage.LOOKING:
                return p, SorceryKind.ARRANGED
            if st not in (Stage.READY, Stage.ENDED, Stage.ENDING):
                return p, SorceryKind.PASS
        if self._asked is not None:
            return self._asked, SorceryKind.SEALED
        if self._peek is not None:
            return self._peek[0], SorceryKind.SEALED
        for p in (0, 1):
            if self._returns[p] or self._reshuffle[p]:
                return p, SorceryKind.RETURNED
            if self._places[p] is not None:
                return p, SorceryKind.PLACED
        for p in (0, 1):
            if self._unbound[p] and self.decks[p].stage is Stage.READY:
                return p, SorceryKind.SEALED
        if self.game.outcome is not None:
            for p in (0, 1):
                st = self.decks[p].stage
                if st is Stage.READY:
                    return p, SorceryKind.DECK_OPENED
                if st is Stage.ENDING:
                    return p, SorceryKind.REVEALED
        return None

    def owed(self) -> Entry | None:
        """The automatic entry our seat owes now (a deck step, or an opening or the act
        of the action we chose), or None."""
        if self.seat is None:
            return None
        if self._pending:
            return Entry(self.seat, self._pending[0].kind, self._pending[0].body)
        due = self.due()
        if due is None or due.seat != self.seat:
            return None
        step = self._deck_step_due()
        if step is not None:
            deck_owner, kind = step
            d = self.decks[deck_owner]
            message: DeckMessage
            if kind is SorceryKind.COMMITTED:
                message = d.commit()
            elif kind is SorceryKind.GREETED:
                message = d.greet()
            elif kind is SorceryKind.PASS:
                message = d.make_pass()
            elif kind is SorceryKind.RETURNED:
                message = d.put_back(self._returns[deck_owner])
            elif kind is SorceryKind.PLACED:
                placed = self._places[deck_owner]
                assert placed is not None
                message = d.place(*placed)
            elif kind is SorceryKind.SEALED and self._asked is not None:
                message = d.seal(Purpose.SEARCH)
            elif kind is SorceryKind.SEALED and self._peek is not None:
                message = d.seal(Purpose.LOOK, self._peek[1])
            elif kind is SorceryKind.SEALED:
                message = d.seal(Purpose.DRAW, len(self._unbound[deck_owner]))
            elif kind is SorceryKind.ARRANGED:
                if self._plan is None and self._intent is not None:
                    intent, self._intent = self._intent, None
                    # The move of our top card, now that we see it (if the rules refuse
                    # it, another choice).
                    with contextlib.suppress(IllegalAction):
                        self.choose(intent)
                if self._plan is None:
                    return None  # our choice of the card first
                if self.looking() is not None:
                    top = self.game.sides[self.seat].deck
                    taken = tuple(top.index(t.piece) for t in self._takes)
                    last = self._queue[-1] if self._queue else self._plan
                    under = last.under if isinstance(last, Look) else 0
                    message = d.arrange(taken, self._arrangement, under)
                else:
                    message = d.arrange(self._looked_index(self._plan))
            else:
                message = d.reveal()
            self._pending.append(_Pending(kind, deck_body(deck_owner, message), step))
            return self.owed()
        if self._plan is None:
            return None
        for pid in self._to_open(self.seat, self._plan):
            if pid not in self._opened:
                message = self.decks[self.seat].open(self._addr[pid])
                self._pending.append(
                    _Pending(SorceryKind.OPENED, deck_body(self.seat, message), None))
                return self.owed()
        shown = [(pid, self.game.pieces[pid].card.number) for pid in self._to_show(self._plan)]
        self._pending.append(_Pending(SorceryKind.ACT, act_body(self._plan, shown), None))
        return self.owed()

    def choice_needed(self) -> bool:
        """Whether our seat is to choose an action now (and has not yet): a move, or the
        card a search takes (``Search``, or ``Shuffle`` to take none)."""
        due = self.due()
        return (self.seat is not None and due is not None and due.seat == self.seat
                and bool(due.kinds & {SorceryKind.ACT, SorceryKind.ARRANGED})
                and self._plan is None and not self._pending and self._taken is None)

    def searching(self) -> bool:
        """Whether our seat is looking through its deck for the card a search takes."""
        return (self.seat is not None and self.decks[self.seat].stage is Stage.LOOKING
                and self.looking() is None)

    def begin_search(self) -> None:
        """Search our deck (检索): the ``search`` entry comes from :meth:`owed`; once the
        other has sealed us the deck (:meth:`searching`), :meth:`choose` takes the card."""
        if self.seat is None or not self.choice_needed() or not self._may_search(self.seat):
            raise UsageError("our seat cannot search its deck now")
        self._pending.append(_Pending(SorceryKind.SEARCH, {}, None))

    def begin_look(self, count: int) -> None:
        """Look at the top ``count`` cards of our deck (预见): the ``look`` entry comes from
        :meth:`owed`; once the other has sealed us those cards (:meth:`looking` says how
        many), :meth:`choose` moves some out of the deck (a ``MoveCard`` each, to the hand
        or anywhere else the rules allow) and puts the rest back with a ``Look`` at as
        many, in the order we choose."""
        if self.seat is None or not self.choice_needed() or not self._may_search(self.seat):
            raise UsageError("our seat cannot look at its deck now")
        if not 1 <= count <= min(len(self.game.sides[self.seat].deck), MAX_LOOK):
            raise UsageError(f"{count} cards cannot be looked at in our deck now")
        self._pending.append(_Pending(SorceryKind.LOOK, {"count": count}, None))

    def looking(self) -> int | None:
        """How many cards of our deck's top we are looking at, or None."""
        if self._peeking is not None and self._peeking[0] == self.seat:
            return self._peeking[1]
        return None

    def _looked_index(self, action: Action) -> tuple[int, ...]:
        if isinstance(action, Search):
            return (self.game.sides[action.player].deck.index(action.piece),)
        return ()

    def choose(self, action: Action) -> None:
        """Our action: checked now (``IllegalAction`` naming the rule); its openings and
        its ``act`` then come from :meth:`owed`."""
        if not self.choice_needed() or self.seat is None:
            raise UsageError("it is not our seat's choice now")
        looking = self.looking()
        if looking is not None:
            self._choose_in_look(action, looking)
            return
        if isinstance(action, Mulligan | Search | Shuffle | Look) \
                and isinstance(action.order, tuple):
            action = dataclasses.replace(action, order=Unknown.ORDER)
        if self._top_move(action):
            assert isinstance(action, MoveCard)
            # Our top card leaves the deck: a look at it, then the move (CRYPTO §13.10).
            if action.player != self.seat or not self._may_search(self.seat):
                raise IllegalAction("the top card leaves the deck in our own play step",
                                    rule=TABLE_RULE, seat=self.seat)
            self.begin_look(1)
            self._intent = action
            return
        if self.searching():
            if not isinstance(action, Search | Shuffle):
                raise IllegalAction("a search ends with the card taken, or none (a shuffle)",
                                    rule=TABLE_RULE, seat=self.seat)
        else:
            self._check_table(action)
        if action.player != self.seat:
            raise IllegalAction("an action of the other player", rule="turn", seat=self.seat)
        self.game.check(action)
        self._plan = action

    def _choose_in_look(self, action: Action, looking: int) -> None:
        """One choice of a look at the top ``looking`` cards: a looked-at card moved out
        of the deck (a ``MoveCard``), or the rest put back (a ``Look`` at as many, in an
        order we choose), which ends it, as does a move of the last card."""
        assert self.seat is not None
        deck = self.game.sides[self.seat].deck
        looked = deck[:looking]
        moved = {t.piece for t in self._takes}
        rest = looking - len(moved)
        scratch = self.game.copy()
        for t in self._takes:
            scratch.apply(t)
        if isinstance(action, MoveCard):
            if action.piece not in looked or action.piece in moved or action.zone is Zone.DECK:
                raise IllegalAction("a look moves out a card it looked at, not yet moved, out "
                                    "of the deck", rule=TABLE_RULE, seat=self.seat)
            if action.player != self.seat:
                raise IllegalAction("an action of the other player", rule="turn",
                                    seat=self.seat)
            scratch.check(action)
            self._takes.append(action)
            if rest == 1:
                self._arrangement = ()
                self._plan, self._queue = self._takes[0], list(self._takes[1:])
            return
        if not isinstance(action, Look) or action.count != rest \
                or not isinstance(action.order, tuple):
            raise IllegalAction(f"a look ends with the {rest} cards left put back in an order "
                                "we choose", rule=TABLE_RULE, seat=self.seat)
        if action.player != self.seat:
            raise IllegalAction("an action of the other player", rule="turn", seat=self.seat)
        scratch.check(action)
        self._arrangement = action.order
        put = dataclasses.replace(action, order=Unknown.ORDER)
        steps: list[Action] = [*self._takes, put]
        self._plan, self._queue = steps[0], steps[1:]

    def _top_move(self, action: Action) -> bool:
        """Whether ``action`` moves a card out of a deck."""
        if not isinstance(action, MoveCard) or action.zone is Zone.DECK:
            return False
        piece = self.game.pieces.get(action.piece)
        return piece is not None and piece.zone is Zone.DECK

    def view(self) -> Game:
        """This replica's game: every face it was shown, no other."""
        return self.game

    # --- what an action shows ----------------------------------------------------------

    def _check_table(self, action: Action) -> None:
        """A move of a deck the table carries as it comes: a shuffle (its epoch follows)
        and a card into a deck (placed); a search and a look come by their own entries,
        and a card leaves a deck only at the end of a look."""
        if isinstance(action, Search | Look):
            raise IllegalAction("a search or a look begins with its own entry",
                                rule=TABLE_RULE, seat=action.player)
        if not isinstance(action, MoveCard):
            return
        piece = self.game.pieces.get(action.piece)
        if piece is not None and piece.zone is Zone.DECK:
            raise IllegalAction("a card leaves a deck at the end of a look at it",
                                rule=TABLE_RULE, seat=action.player)
        if action.zone is Zone.DECK and (
            action.piece not in self._addr
            or (piece is not None and piece.zone is not Zone.HAND
                and action.piece not in self._opened)
        ):
            raise IllegalAction("only a card drawn from the deck, in the hand or shown, goes "
                                "back into it", rule=TABLE_RULE, seat=action.player)

    def _after(self, action: Action) -> Game:
        after = self.game.copy()
        after.apply(public(action))
        return after

    def _to_open(self, seat: int, action: Action) -> list[int]:
        """The pieces of ``seat``'s hand drawn from its deck that ``action`` shows."""
        after = self._after(action)
        return [pid for pid in _named(action)
                if pid in self._addr
                and self.game.pieces[pid].zone in (Zone.HAND, Zone.DECK)
                and self.game.pieces[pid].owner == seat
                and pid in after.pieces and after.sees(1 - seat, pid)]

    def _to_show(self, action: Action) -> list[int]:
        """The skill-pool pieces ``action`` makes public."""
        after = self._after(action)
        return [pid for pid in _named(action)
                if self.game.pieces[pid].zone is Zone.POOL and pid in after.pieces
                and after.pieces[pid].zone.public]

    # --- taking entries in -------------------------------------------------------------

    def receive(self, entry: Entry) -> tuple[Event, ...]:
        """Take in the next entry (ours too); the events it brings. A fault in another
        seat's entry raises :class:`PeerFault` naming it, and the game ends."""
        if self.fault is not None or self.outcome is not None:
            raise UsageError("the game has ended")
        self._fault_at = len(self.entries)
        try:
            events = self._receive(entry)
        except PeerFault as exc:
            first = self._held_before(self._fault_at) or exc
            seat = first.seat if first.seat is not None else entry.seat
            self.fault = Faulted(seat, str(first))
            if first is not exc:
                raise first from None
            raise
        self.entries.append(entry)
        return events

    def _fault(self, seat: int, message: str, kind: str = "sorcery") -> PeerFault:
        return PeerFault(message, seat=seat, kind=kind)

    def _receive(self, entry: Entry) -> tuple[Event, ...]:
        seat = entry.seat
        mine = self._take_pending(entry)
        if mine is None:
            if self._pending:
                raise self._fault(seat, "an entry while ours is due")
            due = self.due()
            if due is None or seat != due.seat or entry.kind not in due.kinds:
                raise self._fault(
                    seat, f"a {str(entry.kind)[:20]!r} entry is not due from this seat")
            step = self._deck_step_due()
        else:
            step = mine.step
        try:
            decoded = decode_entry(entry.kind, dict(entry.body))
        except DecodeError as exc:
            raise self._fault(seat, f"a body that does not decode: {exc}", "malformed") from None
        if isinstance(decoded, SearchAsked):
            self._asked = seat
            return ()
        if isinstance(decoded, LookAsked):
            if decoded.count > len(self.game.sides[seat].deck):
                raise self._fault(seat, f"a look at {decoded.count} cards of a deck of "
                                  f"{len(self.game.sides[seat].deck)}")
            self._peek = (seat, decoded.count)
            return ()
        if isinstance(decoded, Act):
            return self._on_act(seat, decoded)
        return self._on_deck_step(seat, decoded, step, mine is not None)

    def _take_pending(self, entry: Entry) -> _Pending | None:
        """Our own entry as we made it (its deck message already taken in by the deck)."""
        if self._pending and entry.seat == self.seat:
            pending = self._pending[0]
            if pending.kind == entry.kind and pending.body == dict(entry.body):
                return self._pending.pop(0)
        return None

    def _on_deck_step(
        self, seat: int, step: DeckStep, due_step: tuple[int, SorceryKind] | None, mine: bool
    ) -> tuple[Event, ...]:
        m = step.message
        if isinstance(m, Opened):
            if step.deck != seat or due_step is not None:
                raise self._fault(seat, "a card opened out of turn")
        elif due_step is None or due_step[0] != step.deck:
            raise self._fault(seat, f"a step of deck {step.deck} when none is due")
        if isinstance(m, Sealed) and not mine:  # ours was made for what is due
            if self._asked is not None:
                wanted = (Purpose.SEARCH, len(self.decks[step.deck].deck))
            elif self._peek is not None:
                wanted = (Purpose.LOOK, self._peek[1])
            else:
                wanted = (Purpose.DRAW, len(self._unbound[step.deck]))
            if (m.purpose, m.count) != wanted:
                raise self._fault(seat, "keys sealed for another purpose or count than due")
        if isinstance(m, Arranged) and self._peeking is None and len(m.taken) > 1:
            raise self._fault(seat, "a search takes one card, or none")
        if isinstance(m, Returned) and set(m.addresses) != set(self._returns[step.deck]):
            raise self._fault(seat, "cards put back that are not those the game put back")
        if isinstance(m, Placed) and (m.addresses, m.bottom) != self._places[step.deck]:
            raise self._fault(seat, "cards placed otherwise than the game placed them")
        d = self.decks[step.deck]
        if not mine:
            try:
                d.receive(seat, m)
            except DeckFault as fault:
                self._fault_at = self._position(step.deck, fault.index)
                raise
        self._deck_at[step.deck].append(len(self.entries))
        if m.kind == "committed" and d.record.size != self.public_decks[step.deck].main:
            raise self._fault(seat, "a deck of another size than the one declared")
        events: list[Event] = []
        if isinstance(m, Sealed) and m.purpose is Purpose.SEARCH:
            self._asked = None
            events.extend(self._looked(step.deck))
        elif isinstance(m, Sealed) and m.purpose is Purpose.LOOK:
            assert self._peek is not None
            self._peeking, self._peek = self._peek, None
            events.extend(self._looked(step.deck))
        elif isinstance(m, Sealed):
            events.extend(self._bind(step.deck, d.hand[-m.count:]))
        elif isinstance(m, Arranged) and self._peeking is not None:
            owner, count = self._peeking
            self._peeking = None
            self._put = self._took(owner, count, m.taken, m.bottom)
        elif isinstance(m, Arranged):
            index = m.taken[0] if m.taken else None
            self._taken = (step.deck, index, d.hand[-1] if m.taken else None)
        elif isinstance(m, Opened):
            events.extend(self._on_opened(step.deck, m))
        elif m.kind == "returned":
            self._returns[step.deck] = ()
            self._reshuffle[step.deck] = False
        elif m.kind == "placed":
            self._places[step.deck] = None
        if self.game.outcome is not None and all(x.stage is Stage.ENDED for x in self.decks):
            events.append(self._conclude())
        return tuple(events)

    def _position(self, deck: int, index: int | None) -> int:
        """The place in our log of deck ``deck``'s message ``index`` (the entry being
        taken in when it is not yet in the deck's history)."""
        at = self._deck_at[deck]
        return at[index] if index is not None and index < len(at) else len(self.entries)

    def _held_before(self, position: int) -> PeerFault | None:
        """An opening a watcher's deck held (CRYPTO.md §13.6) that comes before
        ``position`` in the log: the first fault, and the owner's, since no end's check
        has named a pass or a box before it."""
        held = [(self._position(p, d.held.index), d.held) for p, d in enumerate(self.decks)
                if d.held is not None]
        earlier = [h for h in held if h[0] < position]
        return min(earlier, key=lambda h: h[0])[1] if earlier else None

    def _bind(self, owner: int, addresses: Sequence[Address]) -> list[Event]:
        pids = self._unbound[owner]
        self._unbound[owner] = []
        self._log.append(_Bound(owner, tuple(zip(pids, addresses, strict=True))))
        learned: list[int] = []
        for pid, address in zip(pids, addresses, strict=True):
            self._addr[pid] = address
            self._pid_at[owner, address] = pid
            if owner == self.seat:
                card, _ = self.decks[owner].card_at(address)
                try:
                    self.game.apply(Reveal(owner, pid, card.decode("ascii")))
                except IllegalAction:
                    # We placed this card after a look: the other's passes moved another.
                    raise self._fault(1 - owner, "a card drawn is not the one our look put "
                                      "there") from None
                learned.append(pid)
        return [CardsLearned(tuple(learned))] if learned else []

    def _took(self, owner: int, count: int, taken: Sequence[int], under: int) -> _PutBack:
        """A look's ``arranged``: the pieces it took are bound to their addresses in the
        hand (their moves out of the deck come as acts), the rest go back."""
        looked = self.game.sides[owner].deck[:count]
        pieces = tuple(looked[i] for i in taken)
        if pieces:
            addresses = self.decks[owner].hand[-len(pieces):]
            self._log.append(_Bound(owner, tuple(zip(pieces, addresses, strict=True))))
            for pid, address in zip(pieces, addresses, strict=True):
                self._addr[pid] = address
                self._pid_at[owner, address] = pid
        if owner == self.seat:
            self._seen = tuple(f for i, f in enumerate(self._seen) if i not in set(taken))
        return _PutBack(owner, pieces, count - len(pieces), under)

    def _looked(self, owner: int) -> list[Event]:
        """The owner reads its whole deck: its game learns every face, top first."""
        if owner != self.seat:
            return []
        d = self.decks[owner]
        pids = list(self.game.sides[owner].deck)[: len(d.looking)]
        faces = []
        for pid, address in zip(pids, d.looking, strict=True):
            card, _ = d.card_at(address)
            faces.append(card.decode("ascii"))
            self.game.apply(Reveal(owner, pid, faces[-1]))
        self._seen = tuple(faces)
        return [CardsLearned(tuple(pids))]

    def _on_opened(self, owner: int, m: Opened) -> list[Event]:
        pid = self._pid_at.get((owner, m.address))
        if pid is None or pid not in self.game.pieces:
            raise self._fault(owner, "a card opened that is in no hand here")
        try:
            self.game.apply(Reveal(owner, pid, m.card.decode("ascii", "replace")))
        except IllegalAction as exc:
            raise self._fault(owner, f"a card opened that the game refuses: {exc}") from None
        self._opened.add(pid)
        return [CardsLearned((pid,))] if self.seat != owner else []

    def _on_act(self, seat: int, act: Act) -> tuple[Event, ...]:
        action = act.action
        if action.player != seat or isinstance(action, Reveal):
            raise self._fault(seat, "an act for another player, or a reveal")
        if isinstance(action, Mulligan | Search | Shuffle | Look) \
                and action.order is not Unknown.ORDER and action.order is not None:
            raise self._fault(seat, "a deck's new order is the table's, never a player's")
        before = self.game.copy()
        shown = dict(act.shown)
        taken, put = self._taken, self._put
        try:
            if put is not None and put.takes:
                if not isinstance(action, MoveCard) or action.piece != put.takes[0] \
                        or action.zone is Zone.DECK:
                    raise IllegalAction(f"a look moves card #{put.takes[0]} out of the deck "
                                        "next", rule=TABLE_RULE, seat=seat)
            elif put is not None:
                count, under = put.count, put.under
                if not isinstance(action, Look) or (action.count, action.under) != (count, under):
                    raise IllegalAction(f"a look ends with a look at {count} cards, {under} of "
                                        "them put under the deck", rule=TABLE_RULE, seat=seat)
            elif taken is not None:
                self._check_search(seat, action, taken)
            else:
                self._check_table(action)
            if len(shown) != len(act.shown):
                raise IllegalAction("a card shown twice", rule=TABLE_RULE, seat=seat)
            for pid, number in act.shown:
                if pid not in self._pool_pids[seat] or self.game.pieces[pid].zone is not Zone.POOL:
                    raise IllegalAction(f"card #{pid} is not in the skill pool",
                                        rule=TABLE_RULE, seat=seat)
                self.game.apply(Reveal(seat, pid, number))
            for pid in self._to_open(seat, action):
                if pid not in self._opened:
                    raise IllegalAction(f"card #{pid} is shown without being opened",
                                        rule=TABLE_RULE, seat=seat)
            if sorted(shown) != sorted(self._to_show(action)):
                raise IllegalAction("the skill-pool cards shown are not those the act shows",
                                    rule=TABLE_RULE, seat=seat)
            self.game.apply(public(action))
        except IllegalAction as exc:
            self.game = before
            raise self._fault(seat, f"an illegal act ({exc.rule}): {exc}",
                              f"illegal-{exc.rule}") from None
        self._log.append(_Did(public(action), act.shown))
        if self._plan is not None and seat == self.seat:
            self._plan = self._queue.pop(0) if self._queue else None
            if self._plan is None:
                self._takes = []
        if put is not None and put.takes:
            rest = dataclasses.replace(put, takes=put.takes[1:])
            self._put = rest if rest.takes or rest.count else None
        elif put is not None:
            self._put = None
            if seat == self.seat:
                self._learn_put_back(seat, put.count, put.under)
        if taken is not None:
            self._taken = None
            _, _, address = taken
            if isinstance(action, Search) and address is not None:
                self._log.append(_Bound(seat, ((action.piece, address),)))
                self._addr[action.piece] = address
                self._pid_at[seat, address] = action.piece
        self._after_engine(before, action if taken is None else None)
        return (Acted(seat, public(action)),)

    def _learn_put_back(self, seat: int, count: int, under: int) -> None:
        """Our own look's cards, renumbered by ``Look``: we placed them, so we know them
        (a seat rebuilt from the log reads its order back from its sealed box)."""
        order = self._arrangement or self.decks[seat].arranged_order()
        deck = self.game.sides[seat].deck
        placed = [*deck[: count - under], *deck[len(deck) - under:]]
        for pid, i in zip(placed, order, strict=True):
            self.game.apply(Reveal(seat, pid, self._seen[i]))
        self._seen, self._arrangement = (), ()

    def _check_search(
        self, seat: int, action: Action, taken: tuple[int, int | None, Address | None]
    ) -> None:
        """The act ending a search names the card at the index the ``arranged`` took."""
        _, index, _ = taken
        deck = self.game.sides[seat].deck
        if index is None:
            if not isinstance(action, Shuffle):
                raise IllegalAction("a search that took no card ends with a shuffle",
                                    rule=TABLE_RULE, seat=seat)
        elif not isinstance(action, Search) or index >= len(deck) or deck[index] != action.piece:
            raise IllegalAction("the card searched for is not the one the deck gave",
                                rule=TABLE_RULE, seat=seat)

    def _after_engine(self, before: Game, action: Action | None) -> None:
        """What the deck layer owes after an action: draws to seal, cards to put back, a
        shuffle, cards placed into a deck (``action`` None: a search's end, whose
        reshuffle is under way)."""
        if isinstance(action, Shuffle) and self.game.sides[action.player].deck:
            self._reshuffle[action.player] = True
        if isinstance(action, MoveCard) and action.zone is Zone.DECK:
            owner = self.game.pieces[action.piece].owner
            address = self._addr.pop(action.piece)
            del self._pid_at[owner, address]
            self._opened.discard(action.piece)
            self._places[owner] = ((address,), 1 if action.bottom else 0)
        for p in (0, 1):
            old, new = before.sides[p], self.game.sides[p]
            drawn = [pid for pid in new.hand if pid in before.pieces and pid not in self._addr
                     and before.pieces[pid].zone is Zone.DECK]
            # A mulligan's new hand: fresh pieces drawn from the renumbered deck (a
            # derived card made in the hand is no card of the deck).
            fresh = [pid for pid in new.hand
                     if pid not in before.pieces and not self.game.pieces[pid].derived]
            self._unbound[p].extend(drawn + fresh)
            back = [self._addr[pid] for pid in old.hand
                    if pid in self._addr and (pid not in self.game.pieces
                                              or self.game.pieces[pid].zone is Zone.DECK)]
            if back:
                self._returns[p] = tuple(back)

    # --- the end -----------------------------------------------------------------------

    def _conclude(self) -> Event:
        audits = []
        for d in self.decks:
            if d.audit is None:  # the other of a deck concludes on deck_opened
                raise self._fault(d.owner, "a deck ended without its checks")
            audits.append(d.audit)
        full = Game.start_hidden(self.public_decks, self.first, self.cards, **self._turn_limit)
        for p in (0, 1):
            for pid, listed in zip(self._pool_pids[p], audits[p].pool, strict=True):
                try:
                    full.apply(Reveal(p, pid, listed.decode("ascii", "replace")))
                except IllegalAction as exc:
                    raise self._fault(p, f"a skill pool the game refuses: {exc}") from None
        for item in self._log:
            if isinstance(item, _Bound):
                owner = item.owner
                for pid, address in item.pairs:
                    card, _ = audits[owner].cards[address]
                    try:
                        full.apply(Reveal(owner, pid, card.decode("ascii")))
                    except IllegalAction as exc:
                        raise self._fault(owner, f"a drawn card the game refuses: {exc}") \
                            from None
            else:
                action, shown = item.action, item.shown
                for pid, number in shown:
                    if full.pieces[pid].card.number != number:
                        raise self._fault(action.player,
                                          f"card #{pid} was shown as {number}, and the "
                                          "committed skill pool says otherwise")
                try:
                    full.apply(action)
                except IllegalAction as exc:
                    raise self._fault(action.player,
                                      f"an act illegal with every card known ({exc.rule}): "
                                      f"{exc}") from None
        if full.outcome != self.game.outcome or full.outcome is None:
            # Every act was checked as it came, with the same public effect: not a fault
            # of either seat but of this replica.
            raise UsageError("the replay with every card known ends otherwise")
        self.outcome = full.outcome
        return Ended(full.outcome)
