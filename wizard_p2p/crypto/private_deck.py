"""One private deck between two players, as a sans-I/O state machine (CRYPTO.md §13).

Each of the two players, and every watcher, holds one :class:`PrivateDeck` per deck: the
owner's own (role ``owner``), the opponent's (role ``other``), or either deck as a
watcher (role ``observer``). All of them take the same messages in the same order
(:meth:`PrivateDeck.receive`, the author's seat with each), and a party's requests
(:meth:`commit`, :meth:`greet`, :meth:`make_pass`, :meth:`seal`, :meth:`arrange`,
:meth:`open`, :meth:`put_back`, :meth:`reveal`) return the message to send, already
taken in. What each message may be depends on the stage, by one transition table
(``_TABLE``); a message that does not fit is the author's fault (a
:class:`~wizard_p2p.crypto.deck_faults.DeckFault` naming its seat), a request that does
not fit is ours (:class:`~wizard_p2p.crypto.deck_faults.DeckMisuse`).

Nothing is drawn at random: every key derives from the party's master secret, so a
party rebuilt from its master secret and the deck's messages (its own included, given
to :meth:`receive` in order) is the same party.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TypeAlias, TypeVar

from wizard_p2p.crypto import group
from wizard_p2p.crypto.commitments import commitment_of
from wizard_p2p.crypto.deck_audit import DeckAudit, LegalCheck, verify_end
from wizard_p2p.crypto.deck_faults import (
    BadBoxKey,
    BadChoice,
    CardReadTwice,
    DeckFault,
    ForeignCard,
    MalformedPass,
    NotYourMove,
    OutOfTurn,
    UnopenableBox,
    WrongBox,
    WrongOpening,
    WrongPass,
    WrongRequest,
)
from wizard_p2p.crypto.deck_messages import (
    Address,
    Arranged,
    Committed,
    DeckMessage,
    DeckOpened,
    Greeted,
    Kind,
    Opened,
    Pass,
    Placed,
    Purpose,
    Returned,
    Revealed,
    Role,
    Sealed,
    author_of,
)
from wizard_p2p.crypto.deck_points import (
    MAX_DECK,
    MAX_EPOCHS,
    copy_numbers,
    copy_point,
    deck_commitment_nonce,
    deck_context,
    deck_secret,
    epoch_keys,
    initial_deck,
    list_bytes,
    open_order,
    order_key,
    party_box_secret,
    seal_nonce,
    seal_order,
)
from wizard_p2p.crypto.deck_record import BoxRecord, DeckRecord, Entry, EpochRecord
from wizard_p2p.crypto.decks import BadDeck, InvalidDeckPoint, check_deck
from wizard_p2p.crypto.keys import SECRET_BYTES, RoundKeys
from wizard_p2p.crypto.reading import unlock
from wizard_p2p.crypto.relayer import EpochKind, Step, is_permutation, other_order, run_step
from wizard_p2p.crypto.sealing import (
    SEAL_OVERHEAD,
    UnopenableKeys,
    box_public_key,
    box_shared_key,
    open_keys_with_nonce,
    seal_keys_with_nonce,
)
from wizard_p2p.crypto.sharing import Helper

__all__ = [
    "CardShown",
    "CardsRead",
    "DeckEnded",
    "DeckEvent",
    "EpochDone",
    "PrivateDeck",
    "Stage",
    "replay_deck",
]


class Stage(StrEnum):
    """Where a deck is: what message comes next."""

    COMMIT = "commit"  # the owner's commitment
    GREET = "greet"  # the other's box key
    ENCRYPT = "encrypt"  # an epoch's step 1, by the owner
    SHUFFLE = "shuffle"  # step 2, by the other
    SHUFFLE_LOCK = "shuffle-lock"  # step 3, by the owner
    LOCK = "lock"  # step 4, by the other
    READY = "ready"  # a box, a return, an opening or the end
    LOOKING = "looking"  # the owner's arrangement after a look or a search
    ENDING = "ending"  # one secret revealed, the other's to come
    ENDED = "ended"


_STEP_STAGE = {
    Step.ENCRYPT: Stage.ENCRYPT,
    Step.SHUFFLE: Stage.SHUFFLE,
    Step.SHUFFLE_LOCK: Stage.SHUFFLE_LOCK,
    Step.LOCK: Stage.LOCK,
}
_STAGE_STEP = {stage: step for step, stage in _STEP_STAGE.items()}
_LIVE = (*_STEP_STAGE.values(), Stage.READY, Stage.LOOKING)


@dataclass(frozen=True)
class CardsRead:
    """The owner read these addresses' cards (identity, copy number), for ``purpose``."""

    purpose: Purpose
    addresses: tuple[Address, ...]
    cards: tuple[tuple[bytes, int], ...]


@dataclass(frozen=True)
class CardShown:
    """A card of the owner's hand opened to both."""

    address: Address
    card: bytes
    copy: int


@dataclass(frozen=True)
class EpochDone:
    """An epoch's four passes are in: the deck is ready again."""

    epoch: int


@dataclass(frozen=True)
class DeckEnded:
    """Both secrets revealed and every check passed."""

    audit: DeckAudit


DeckEvent: TypeAlias = CardsRead | CardShown | EpochDone | DeckEnded

_M = TypeVar("_M", Committed, Greeted, Pass, Sealed, Arranged, Opened, Returned, Placed,
             Revealed, DeckOpened)


def _accept_any(main: tuple[bytes, ...], pool: tuple[bytes, ...]) -> str | None:
    del main, pool
    return None


class PrivateDeck:
    """One deck's state as one party (or a watcher) sees it. Build it with
    :meth:`for_owner`, :meth:`for_other` or :meth:`for_observer`."""

    def __init__(
        self,
        role: Role,
        *,
        game_id: bytes,
        owner: int,
        other: int,
        domain: str,
        master_secret: bytes | None = None,
        main: Sequence[bytes] = (),
        pool: Sequence[bytes] = (),
        legal: LegalCheck = _accept_any,
    ) -> None:
        if owner == other:
            raise WrongRequest("a deck's owner and other are two seats")
        self.role, self.game_id, self.owner, self.other = role, game_id, owner, other
        self.domain, self._legal = domain, legal
        self.stage = Stage.COMMIT
        self.record = DeckRecord()
        self._deck: list[Address] = []  # top first
        self._hand: list[Address] = []
        self._looking: tuple[Address, ...] = ()
        self._opened: dict[Address, tuple[bytes, int]] = {}
        self._placed: set[Address] = set()  # opened addresses placed into the deck again
        self._history: list[tuple[int, DeckMessage]] = []
        self._looking_purpose = Purpose.DRAW
        self._secret: bytes | None = None
        self._main: tuple[bytes, ...] = tuple(main)
        self._pool: tuple[bytes, ...] = tuple(pool)
        self._initial: tuple[bytes, ...] = ()
        self._card_of: dict[bytes, tuple[bytes, int]] = {}
        self._out: set[bytes] = set()  # points of the owner's read cards not in the deck
        self._known: dict[Address, tuple[bytes, int]] = {}  # the owner's read cards
        self._other_keys: dict[Address, bytes] = {}  # the other's keys sealed to the owner
        self._keys: dict[int, RoundKeys] = {}
        self._shared: bytes | None = None
        self._opened_lists: DeckOpened | None = None
        self._opened_index = 0
        self.audit: DeckAudit | None = None  # once the end's checks have passed
        # A watcher's first opening that did not unlock to its card, until the end.
        self._held: WrongOpening | None = None
        if role is not Role.OBSERVER:
            if master_secret is None:
                raise WrongRequest("a party of a deck needs its master secret")
            self._secret = deck_secret(master_secret, game_id, owner, self.seat)
        if role is Role.OWNER:
            self._initial = initial_deck(self._main)
            copies = copy_numbers(self._main)
            self._card_of = {
                p: (c, n) for p, c, n in zip(self._initial, self._main, copies, strict=True)
            }

    @classmethod
    def for_owner(
        cls,
        master_secret: bytes,
        *,
        game_id: bytes,
        owner: int,
        other: int,
        domain: str,
        main: Sequence[bytes],
        pool: Sequence[bytes] = (),
        legal: LegalCheck = _accept_any,
    ) -> PrivateDeck:
        """The owner's side of its own deck, of main list ``main`` and pool ``pool``."""
        return cls(
            Role.OWNER, game_id=game_id, owner=owner, other=other, domain=domain,
            master_secret=master_secret, main=main, pool=pool, legal=legal,
        )

    @classmethod
    def for_other(
        cls,
        master_secret: bytes,
        *,
        game_id: bytes,
        owner: int,
        other: int,
        domain: str,
        legal: LegalCheck = _accept_any,
    ) -> PrivateDeck:
        """The other player's side of the owner's deck."""
        return cls(
            Role.OTHER, game_id=game_id, owner=owner, other=other, domain=domain,
            master_secret=master_secret, legal=legal,
        )

    @classmethod
    def for_observer(
        cls,
        *,
        game_id: bytes,
        owner: int,
        other: int,
        domain: str,
        legal: LegalCheck = _accept_any,
    ) -> PrivateDeck:
        """A watcher's or an auditor's view of a deck: no secret, every public check."""
        return cls(Role.OBSERVER, game_id=game_id, owner=owner, other=other, domain=domain,
                   legal=legal)

    # --- what a party knows ------------------------------------------------------------

    @property
    def seat(self) -> int:
        """Our seat (the owner's for an observer, which writes nothing)."""
        return self.other if self.role is Role.OTHER else self.owner

    @property
    def deck(self) -> tuple[Address, ...]:
        """The deck's addresses, top first (empty while an epoch makes a new deck)."""
        return tuple(self._deck)

    @property
    def hand(self) -> tuple[Address, ...]:
        """The addresses the owner drew and has not opened or put back, in order."""
        return tuple(self._hand)

    @property
    def looking(self) -> tuple[Address, ...]:
        """The addresses sealed to the owner for a look or a search, until it arranges."""
        return self._looking

    @property
    def opened(self) -> Mapping[Address, tuple[bytes, int]]:
        """The cards opened to both, by address."""
        return MappingProxyType(self._opened)

    @property
    def history(self) -> tuple[tuple[int, DeckMessage], ...]:
        """Every message taken in, with its author's seat, in order."""
        return tuple(self._history)

    @property
    def held(self) -> WrongOpening | None:
        """A watcher's first opening whose keys did not give its card: the owner's fault
        unless the end's checks name a pass or a box before it (CRYPTO.md §13.6)."""
        return self._held

    @property
    def epoch(self) -> EpochRecord | None:
        """The epoch under way or last finished."""
        return self.record.epochs[-1] if self.record.epochs else None

    def arranged_order(self) -> tuple[int, ...]:
        """The owner's order of the last epoch, an arrangement after a look (§13.10), read
        back from the box it sealed to itself: a seat rebuilt from the log knows again
        where it put the cards it looked at."""
        epoch = self.epoch
        if self.role is not Role.OWNER or epoch is None or epoch.kind is not EpochKind.ARRANGE:
            raise NotYourMove("only the owner reads its order, after an arrangement")
        return self._owner_order(epoch, self._own_keys(epoch.number))

    def card_at(self, address: Address) -> tuple[bytes, int]:
        """The card (identity, copy number) at an address: for the owner, any it read; for
        anyone, any opened to both."""
        if address in self._opened:
            return self._opened[address]
        if address in self._known:
            return self._known[address]
        raise WrongRequest(f"the card at {address} is not known here")

    def due(self) -> Role | None:
        """Whose message the deck waits for (None: either's request, or the end)."""
        if self.stage is Stage.COMMIT or self.stage is Stage.LOOKING:
            return Role.OWNER
        if self.stage is Stage.GREET:
            return Role.OTHER
        step = _STAGE_STEP.get(self.stage)
        if step is not None:
            return Role.OWNER if step.by_owner else Role.OTHER
        return None

    # --- requests ----------------------------------------------------------------------

    def commit(self) -> Committed:
        """The owner's first message: its commitment, the deck's size, its box key."""
        self._require(Role.OWNER, Stage.COMMIT)
        nonce = deck_commitment_nonce(self._own_secret, self.game_id, self.owner)
        commitment = commitment_of(self.domain, list_bytes(self._main, self._pool), nonce)
        return self._send(Committed(len(self._main), commitment, self._own_box_key()))

    def greet(self) -> Greeted:
        """The other's first message: its box key."""
        self._require(Role.OTHER, Stage.GREET)
        return self._send(Greeted(self._own_box_key()))

    def make_pass(self, *, helper: Helper | None = None) -> Pass:
        """Our step of the epoch under way."""
        step = _STAGE_STEP.get(self.stage)
        if step is None:
            raise NotYourMove(f"no pass is due at stage {self.stage}")
        self._require(Role.OWNER if step.by_owner else Role.OTHER, self.stage)
        epoch = self._current
        try:
            out = self._step_output(epoch, step, helper)
        except InvalidDeckPoint as exc:
            # Our own points are valid: a point we cannot multiply is the other's.
            index = epoch.indices[-1] if epoch.indices else None
            raise MalformedPass(
                f"position {exc.position} of the pass we received cannot be multiplied: {exc}",
                seat=self._peer_seat, index=index,
            ) from None
        return self._send(Pass(epoch.number, step, tuple(out)))

    def seal(self, purpose: Purpose, count: int = 1) -> Sealed:
        """The other's keys of the top ``count`` addresses sealed to the owner: to draw
        them, to let the owner look at them, or (``search``) the whole deck."""
        self._require(Role.OTHER, Stage.READY)
        if purpose is Purpose.SEARCH:
            count = len(self._deck)
        if not 1 <= count <= len(self._deck):
            raise WrongRequest(f"{count} cards asked of a deck of {len(self._deck)}")
        keys = [self._own_lock_key(a) for a in self._deck[:count]]
        box = seal_keys_with_nonce(
            self._shared_key(), seal_nonce(len(self.record.boxes)), keys
        )
        return self._send(Sealed(purpose, count, box))

    def arrange(
        self, taken: Sequence[int] = (), order: Sequence[int] = (), bottom: int = 0
    ) -> Arranged:
        """The owner's choice after a look or a search: the looked-at indices it takes to
        its hand; after a look, the order of the rest (``order[i]`` is the index, among
        the looked-at cards not taken, of the card that goes to place ``i``: the first
        ones on top, the last ``bottom`` under the deck)."""
        self._require(Role.OWNER, Stage.LOOKING)
        self._room_for_an_epoch()
        taken_t = tuple(taken)
        if len(set(taken_t)) != len(taken_t) or not all(
            0 <= i < len(self._looking) for i in taken_t
        ):
            raise WrongRequest("taken cards are distinct indices of the cards looked at")
        rest = len(self._looking) - len(taken_t)
        box = b""
        if self._looking_purpose is Purpose.LOOK:
            if not is_permutation(order, rest) or not 0 <= bottom <= rest:
                raise WrongRequest("the order is a permutation of the cards put back")
            if rest:
                epoch_number = len(self.record.epochs)
                key = order_key(self._own_secret, self.game_id, self.owner)
                box = seal_order(key, epoch_number, order)
        elif order or bottom:
            raise WrongRequest("after a search the rest is shuffled: no order, no bottom")
        return self._send(Arranged(taken_t, bottom, box))

    def open(self, address: Address) -> Opened:
        """A card of the owner's hand opened to both (played, or discarded face up)."""
        self._require(Role.OWNER, *_LIVE)
        if address not in self._hand:
            raise WrongRequest(f"{address} is not in the hand")
        card, copy = self._known[address]
        return self._send(
            Opened(address, card, copy, self._own_lock_key(address), self._other_keys[address])
        )

    def put_back(self, addresses: Sequence[Address]) -> Returned:
        """Cards of the owner's hand back into the deck, which both then shuffle (the
        mulligan's four); none: the deck shuffled as it is."""
        self._require(Role.OWNER, Stage.READY)
        self._room_for_an_epoch()
        chosen = tuple(addresses)
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(self._hand):
            raise WrongRequest("cards put back are distinct cards of the hand")
        if not chosen and not self._deck:
            raise WrongRequest("an empty deck has nothing to shuffle")
        return self._send(Returned(chosen))

    def place(self, addresses: Sequence[Address], bottom: int = 0) -> Placed:
        """Cards of the owner's hand, or opened to both, into the deck without a shuffle,
        in the order given: the first on top, the last ``bottom`` under the deck."""
        self._require(Role.OWNER, Stage.READY)
        self._room_for_an_epoch()
        chosen = tuple(addresses)
        if not chosen or len(set(chosen)) != len(chosen) \
                or not all(self._placeable(a) for a in chosen):
            raise WrongRequest("cards placed are distinct cards of the hand or opened")
        if not 0 <= bottom <= len(chosen):
            raise WrongRequest(f"{bottom} of {len(chosen)} cards under the deck")
        return self._send(Placed(chosen, bottom))

    def reveal(self) -> Revealed | DeckOpened:
        """Our deck secret at the end: the owner's first, with its lists; then the
        other's, once it has checked them (the deck's :attr:`audit`)."""
        if self.role is Role.OWNER:
            self._require(Role.OWNER, Stage.READY)
            return self._send(DeckOpened(self._own_secret, self._main, self._pool))
        self._require(Role.OTHER, Stage.ENDING)
        return self._send(Revealed(self._own_secret))

    def receive(self, seat: int, message: DeckMessage) -> tuple[DeckEvent, ...]:
        """Take in a message written by ``seat`` (the peer's, or our own when rebuilding
        from the log); the events it brings. A message that does not fit raises the
        :class:`DeckFault` that names ``seat``."""
        try:
            return self._take(seat, message)
        except DeckFault as fault:
            held = self._held
            if held is not None and held.index is not None and (
                    fault.index is None or fault.index > held.index):
                # What we hold comes first in the log (§13.6).
                raise held from None
            raise

    def _take(self, seat: int, message: DeckMessage) -> tuple[DeckEvent, ...]:
        author = author_of(message)
        expected = self.owner if author is Role.OWNER else self.other
        index = len(self._history)
        if seat != expected:
            raise OutOfTurn(
                f"a {message.kind} message is the {author}'s to write", seat=seat, index=index
            )
        handler = _TABLE.get((self.stage, message.kind))
        if handler is None:
            raise OutOfTurn(
                f"a {message.kind} message does not fit at stage {self.stage}",
                seat=seat, index=index,
            )
        events = handler(self, seat, message, index)
        self._history.append((seat, message))
        return events

    # --- handlers, by the transition table ---------------------------------------------

    def _on_committed(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Committed)
        if not 1 <= m.size <= MAX_DECK:
            raise BadChoice(f"a deck of {m.size} cards", seat=seat, index=index)
        self._check_box_key(m.box_key, seat, index)
        r = self.record
        r.size, r.commitment, r.owner_box_key, r.committed_index = (
            m.size, m.commitment, m.box_key, index
        )
        self.stage = Stage.GREET
        return ()

    def _on_greeted(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Greeted)
        self._check_box_key(m.box_key, seat, index)
        self.record.other_box_key, self.record.greeted_index = m.box_key, index
        self._start_epoch(EpochKind.SETUP, tuple(range(self.record.size)))
        return ()

    def _on_pass(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Pass)
        epoch = self._current
        expected = _STAGE_STEP[self.stage]
        if m.epoch != epoch.number or m.step is not expected:
            raise OutOfTurn(
                f"step {int(m.step)} of epoch {m.epoch} sent when step {int(expected)} of "
                f"epoch {epoch.number} is due",
                seat=seat, index=index,
            )
        try:
            check_deck(m.points, epoch.size, validate_points=m.step is Step.LOCK)
        except BadDeck as exc:
            raise MalformedPass(str(exc), seat=seat, index=index) from None
        epoch.passes.append(m.points)
        epoch.indices.append(index)
        if m.step is not Step.LOCK:
            self.stage = _STEP_STAGE[Step(m.step + 1)]
            return ()
        self._finish_epoch(epoch)
        return (EpochDone(epoch.number),)

    def _on_sealed(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Sealed)
        if m.purpose is Purpose.SEARCH and m.count != len(self._deck):
            raise BadChoice(
                f"a search seals the whole deck ({len(self._deck)}), not {m.count}",
                seat=seat, index=index,
            )
        if not 1 <= m.count <= len(self._deck):
            raise BadChoice(
                f"{m.count} cards sealed from a deck of {len(self._deck)}", seat=seat, index=index
            )
        if len(m.box) != SEAL_OVERHEAD + group.SCALAR_BYTES * m.count:
            raise UnopenableBox(f"a box of {m.count} keys is {len(m.box)} bytes",
                                seat=seat, index=index)
        addresses = tuple(self._deck[: m.count])
        number = len(self.record.boxes)
        cards: tuple[tuple[bytes, int], ...] = ()
        if self.role is Role.OWNER:
            cards = self._read(m, number, addresses, seat, index)
        self.record.boxes.append(BoxRecord(number, addresses, m.box, index))
        del self._deck[: m.count]
        if m.purpose is Purpose.DRAW:
            self._hand.extend(addresses)
        else:
            self._looking, self._looking_purpose = addresses, m.purpose
            self.stage = Stage.LOOKING
        if self.role is Role.OWNER:
            return (CardsRead(m.purpose, addresses, cards),)
        return ()

    def _on_arranged(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Arranged)
        self._room_for_an_epoch(seat, index)
        looked = self._looking
        if len(set(m.taken)) != len(m.taken) or not all(0 <= i < len(looked) for i in m.taken):
            raise BadChoice("taken cards are not distinct cards looked at", seat=seat, index=index)
        rest = tuple(a for i, a in enumerate(looked) if i not in set(m.taken))
        search = self._looking_purpose is Purpose.SEARCH
        if not 0 <= m.bottom <= len(rest) or (search and m.bottom):
            raise BadChoice(f"{m.bottom} cards to the bottom", seat=seat, index=index)
        if bool(m.order_box) != (not search and bool(rest)):
            raise BadChoice("an order comes with cards put back after a look, and only then",
                            seat=seat, index=index)
        self._hand.extend(looked[i] for i in m.taken)
        self._looking = ()
        for address in rest:
            self._forget(address)
        if not rest:
            self.stage = Stage.READY
            return ()
        if search:
            self._start_epoch(EpochKind.SHUFFLE, rest)
        else:
            self._start_epoch(EpochKind.ARRANGE, rest, top=len(rest) - m.bottom,
                              order_box=m.order_box)
        return ()

    def _on_opened(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Opened)
        if m.address not in self._hand:
            raise WrongOpening(f"{m.address} is not in the hand", seat=seat, index=index)
        if self.role is Role.OTHER and m.other_key != self._own_lock_key(m.address):
            # Our box gave the owner that key, unless the box in the record is not ours.
            raise self._own_fault() or WrongOpening(
                "the other's key given is not its key of that card", seat=seat, index=index)
        try:
            point = unlock(self._point(m.address), (m.owner_key, m.other_key))
            claimed = copy_point(m.card, m.copy)
        except (group.InvalidScalar, group.InvalidPoint) as exc:
            raise WrongOpening(f"the opening does not unlock: {exc}", seat=seat,
                               index=index) from None
        if point != claimed:
            fault = WrongOpening(
                f"the keys given open {m.address} to another card than the one named",
                seat=seat, index=index,
            )
            if self.role is Role.OTHER:
                # Our passes say whose it is: if they are all ours, the owner's.
                raise self._own_fault() or fault
            if self.role is Role.OWNER:
                raise fault
            # A watcher cannot tell the owner's lie from a pass of the other's that put
            # another point at the address: held until the end's checks (§13.6).
            if self._held is None:
                self._held = fault
        self._hand.remove(m.address)
        self._opened[m.address] = (m.card, m.copy)
        return (CardShown(m.address, m.card, m.copy),)

    def _on_returned(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Returned)
        self._room_for_an_epoch(seat, index)
        if len(set(m.addresses)) != len(m.addresses) or not set(m.addresses) <= set(self._hand):
            raise BadChoice("cards put back are not distinct cards of the hand",
                            seat=seat, index=index)
        if not m.addresses and not self._deck:
            raise BadChoice("an empty deck shuffled", seat=seat, index=index)
        for address in m.addresses:
            self._hand.remove(address)
            self._forget(address)
        entries = (*self._deck, *m.addresses)
        self._deck = []
        self._start_epoch(EpochKind.SHUFFLE, entries)
        return ()

    def _on_placed(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Placed)
        self._room_for_an_epoch(seat, index)
        if len(set(m.addresses)) != len(m.addresses) \
                or not all(self._placeable(a) for a in m.addresses):
            raise BadChoice("cards placed are not distinct cards of the hand or opened",
                            seat=seat, index=index)
        if m.bottom > len(m.addresses):
            raise BadChoice(f"{m.bottom} of {len(m.addresses)} cards under the deck",
                            seat=seat, index=index)
        for address in m.addresses:
            if address in self._hand:
                self._hand.remove(address)
            else:
                self._placed.add(address)
            self._forget(address)
        self._start_epoch(EpochKind.PLACE, m.addresses, top=len(m.addresses) - m.bottom)
        return ()

    def _placeable(self, address: Address) -> bool:
        """In the hand, or opened to both and not yet placed back into the deck."""
        return address in self._hand or (address in self._opened
                                         and address not in self._placed)

    def _on_deck_opened(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, DeckOpened)
        self._check_secret(m.secret, seat, index)
        self._opened_lists, self._opened_index = m, index
        events: tuple[DeckEvent, ...] = ()
        if self.role is Role.OTHER:
            # The other checks the owner's lists and every pass before it reveals its own;
            # a fault refuses the message, and the deck stays where it was.
            try:
                events = (self._conclude(self._own_secret),)
            except DeckFault:
                self._opened_lists = None
                raise
        self.stage = Stage.ENDING
        return events

    def _on_revealed(self, seat: int, m: DeckMessage, index: int) -> tuple[DeckEvent, ...]:
        assert isinstance(m, Revealed)
        self._check_secret(m.secret, seat, index)
        events = () if self.role is Role.OTHER else (self._conclude(m.secret),)
        self.stage = Stage.ENDED
        return events

    def _check_secret(self, secret: bytes, seat: int, index: int) -> None:
        if len(secret) != SECRET_BYTES:
            raise BadChoice(f"a deck secret is {SECRET_BYTES} bytes", seat=seat, index=index)

    def _conclude(self, other_secret: bytes) -> DeckEnded:
        opened = self._opened_lists
        assert opened is not None
        audit = verify_end(
            self.record, game_id=self.game_id, owner=self.owner, other=self.other,
            domain=self.domain, owner_secret=opened.secret, other_secret=other_secret,
            main=opened.main, pool=opened.pool, legal=self._legal, end_index=self._opened_index,
            held=self._held,
        )
        self.audit = audit
        return DeckEnded(audit)

    # --- internals ---------------------------------------------------------------------

    @property
    def _own_secret(self) -> bytes:
        if self._secret is None:
            raise NotYourMove("an observer has no secret")
        return self._secret

    @property
    def _peer_seat(self) -> int:
        return self.owner if self.role is Role.OTHER else self.other

    @property
    def _current(self) -> EpochRecord:
        epoch = self.epoch
        if epoch is None:
            raise NotYourMove("no epoch has started")
        return epoch

    def _require(self, role: Role, *stages: Stage) -> None:
        if self.role is not role:
            raise NotYourMove(f"a request of the deck's {role}, and we are its {self.role}")
        if self.stage not in stages:
            raise NotYourMove(f"not at stage {self.stage}")

    def _send(self, message: _M) -> _M:
        self.receive(self.seat, message)
        return message

    def _room_for_an_epoch(self, seat: int | None = None, index: int = 0) -> None:
        """Refuse a request (ours, or ``seat``'s message) that would start one epoch more
        than a deck has."""
        if len(self.record.epochs) < MAX_EPOCHS:
            return
        reason = f"a deck has at most {MAX_EPOCHS} epochs"
        if seat is None:
            raise WrongRequest(reason)
        raise BadChoice(reason, seat=seat, index=index)

    def _step_output(
        self, epoch: EpochRecord, step: Step, helper: Helper | None = None
    ) -> list[bytes]:
        """Our output of ``step`` of ``epoch``, from the points we received as published."""
        keys = self._own_keys(epoch.number)
        old: list[bytes | None] = []
        if step in (Step.ENCRYPT, Step.SHUFFLE):
            old = [self._own_lock_key(e) if isinstance(e, Address) else None
                   for e in epoch.entries]
        if step is Step.ENCRYPT:
            points = [self._entry_point(e) for e in epoch.entries]
        else:
            points = list(epoch.passes[step - 2])
        order: tuple[int, ...] = ()
        if step is Step.SHUFFLE:
            order = other_order(epoch.kind, keys)
        elif step is Step.SHUFFLE_LOCK:
            order = self._owner_order(epoch, keys)
        return run_step(step, points, keys, old_keys=old, order=order, helper=helper)

    def _own_fault(self) -> DeckFault | None:
        """The first pass or box of ours in the record that our secret does not give (a
        log whose entries of our seat are not the ones we wrote), or None."""
        found: list[DeckFault] = []
        mine = self.role is Role.OWNER
        for epoch in self.record.epochs:
            for n, (points, index) in enumerate(zip(epoch.passes, epoch.indices, strict=True)):
                step = Step(n + 1)
                if step.by_owner != mine:
                    continue
                try:
                    ours = self._step_output(epoch, step)
                except InvalidDeckPoint:
                    break  # the peer's pass before ours is at fault, and comes first
                if tuple(ours) != tuple(points):
                    found.append(WrongPass(
                        f"epoch {epoch.number}, step {int(step)} is not what our secret "
                        "gives", seat=self.seat, index=index))
                    break
        if self.role is Role.OTHER:
            for box in self.record.boxes:
                keys = [self._own_lock_key(a) for a in box.addresses]
                if seal_keys_with_nonce(self._shared_key(), seal_nonce(box.number),
                                        keys) != box.box:
                    found.append(WrongBox(f"box {box.number} is not what our secret seals",
                                          seat=self.seat, index=box.index))
                    break
        return min(found, key=lambda f: f.index or 0, default=None)

    def _own_box_key(self) -> bytes:
        return box_public_key(
            party_box_secret(self._own_secret, self.game_id, self.owner, self.seat)
        )

    def _shared_key(self) -> bytes:
        if self._shared is None:
            peer = self.record.other_box_key if self.role is Role.OWNER else \
                self.record.owner_box_key
            box_secret = party_box_secret(self._own_secret, self.game_id, self.owner, self.seat)
            self._shared = box_shared_key(box_secret, peer)
        return self._shared

    def _check_box_key(self, key: bytes, seat: int, index: int) -> None:
        # X25519(b, 9) is always a point of the prime-order subgroup (§5a).
        if not group.is_valid_point(key):
            raise BadBoxKey("a box key that is not a point of the prime-order subgroup",
                            seat=seat, index=index)

    def _own_keys(self, epoch: int) -> RoundKeys:
        keys = self._keys.get(epoch)
        if keys is None:
            context = deck_context(self.game_id, self.owner, self.seat, epoch)
            keys = epoch_keys(self._own_secret, context, self.record.epochs[epoch].size)
            self._keys[epoch] = keys
        return keys

    def _own_lock_key(self, address: Address) -> bytes:
        return self._own_keys(address.epoch).lock_keys[address.position]

    def _point(self, address: Address) -> bytes:
        return self.record.epochs[address.epoch].point(address.position)

    def _entry_point(self, entry: Entry) -> bytes:
        return self._point(entry) if isinstance(entry, Address) else self._initial[entry]

    def _owner_order(self, epoch: EpochRecord, keys: RoundKeys) -> tuple[int, ...]:
        if epoch.kind is EpochKind.PLACE:
            return tuple(range(epoch.size))
        if epoch.kind is not EpochKind.ARRANGE:
            return keys.permutation
        key = order_key(self._own_secret, self.game_id, self.owner)
        order = open_order(key, epoch.number, epoch.order_box, epoch.size)
        if order is None or not is_permutation(order, epoch.size):
            raise WrongRequest("our own sealed order does not open (not our log?)")
        return order

    def _start_epoch(
        self, kind: EpochKind, entries: tuple[Entry, ...], *, top: int = 0,
        order_box: bytes = b"",
    ) -> None:
        number = len(self.record.epochs)
        self.record.epochs.append(EpochRecord(number, kind, entries, top=top,
                                              order_box=order_box))
        self.stage = Stage.ENCRYPT

    def _finish_epoch(self, epoch: EpochRecord) -> None:
        fresh = [Address(epoch.number, i) for i in range(epoch.size)]
        if epoch.kind is EpochKind.ARRANGE or epoch.kind is EpochKind.PLACE:
            self._deck = fresh[: epoch.top] + self._deck + fresh[epoch.top :]
        else:
            self._deck = fresh
        self.stage = Stage.READY

    def _forget(self, address: Address) -> None:
        """An address the owner read goes back into an epoch: its card is in the deck."""
        known = self._known.pop(address, None)
        self._other_keys.pop(address, None)
        if known is not None:
            self._out.discard(copy_point(*known))

    def _read(
        self, m: Sealed, number: int, addresses: tuple[Address, ...], seat: int, index: int
    ) -> tuple[tuple[bytes, int], ...]:
        """The owner opens a box and reads the cards; the other is at fault if they are
        not cards of the deck still in it."""
        try:
            keys = open_keys_with_nonce(self._shared_key(), seal_nonce(number), m.box, m.count)
        except UnopenableKeys as exc:
            raise UnopenableBox(str(exc), seat=seat, index=index) from None
        read: dict[bytes, tuple[Address, bytes, tuple[bytes, int]]] = {}
        for address, key in zip(addresses, keys, strict=True):
            point = unlock(self._point(address), (self._own_lock_key(address), key))
            card = self._card_of.get(point)
            if card is None:
                raise ForeignCard(f"the key of {address} opens it to no card of the deck",
                                  seat=seat, index=index)
            if point in self._out or point in read:
                raise CardReadTwice(f"the key of {address} opens it to a card read before",
                                    seat=seat, index=index)
            read[point] = (address, key, card)
        # Only a box whose every card reads changes what the owner knows.
        for point, (address, key, card) in read.items():
            self._out.add(point)
            self._known[address] = card
            self._other_keys[address] = key
        return tuple(card for _, _, card in read.values())


_Handler: TypeAlias = Callable[[PrivateDeck, int, DeckMessage, int], tuple[DeckEvent, ...]]

_TABLE: dict[tuple[Stage, Kind], _Handler] = {
    (Stage.COMMIT, Kind.COMMITTED): PrivateDeck._on_committed,
    (Stage.GREET, Kind.GREETED): PrivateDeck._on_greeted,
    **{(stage, Kind.PASS): PrivateDeck._on_pass for stage in _STEP_STAGE.values()},
    (Stage.READY, Kind.SEALED): PrivateDeck._on_sealed,
    (Stage.LOOKING, Kind.ARRANGED): PrivateDeck._on_arranged,
    **{(stage, Kind.OPENED): PrivateDeck._on_opened for stage in _LIVE},
    (Stage.READY, Kind.RETURNED): PrivateDeck._on_returned,
    (Stage.READY, Kind.PLACED): PrivateDeck._on_placed,
    (Stage.READY, Kind.DECK_OPENED): PrivateDeck._on_deck_opened,
    (Stage.ENDING, Kind.REVEALED): PrivateDeck._on_revealed,
}


def replay_deck(
    history: Sequence[tuple[int, DeckMessage]],
    *,
    game_id: bytes,
    owner: int,
    other: int,
    domain: str,
    legal: LegalCheck = _accept_any,
) -> PrivateDeck:
    """A deck's messages taken in by a watcher, in order: the first fault raises its
    :class:`DeckFault`; the deck returned is :data:`Stage.ENDED` when both secrets were
    revealed and every check of the end passed."""
    deck = PrivateDeck.for_observer(game_id=game_id, owner=owner, other=other, domain=domain,
                                    legal=legal)
    for seat, message in history:
        deck.receive(seat, message)
    return deck

