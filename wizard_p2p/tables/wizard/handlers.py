"""One validator per kind of Wizard's entries, and the stages in which each may come:
``HANDLERS``, in the manner of aioquic's frame handlers (``protocol.core_handlers``
says what a validator does and returns).

They read and drive a ``Replica`` (``replica.WizardReplica``); the kinds every game
shares but the coin and the final (the genesis, an abort, a proof) are the core
table's (``protocol.core_handlers``). The turn order itself (who may write which kind)
is checked before, from ``turns``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, Protocol

from wizard_p2p import crypto
from wizard_p2p.errors import CryptoError, DecodeError, IllegalAction
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.core_handlers import Apply, Handler
from wizard_p2p.protocol.kinds import CoreKind, Stage
from wizard_p2p.protocol.turns import Step
from wizard_p2p.rules import DECK, Bid, ChooseTrump, Game, GameConfig, OpenBids, Play, Suit
from wizard_p2p.tables.wizard import dealing
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.round_state import RoundState
from wizard_p2p.tables.wizard.secrets import WizardSecrets, bid_domain
from wizard_p2p.tables.wizard.turns import RoundStage, RoundStep


class Replica(Protocol):
    """What Wizard's validators read and drive: the game's state and its round steps."""

    seat: int | None
    config: GameConfig
    players: list[dict[str, Any]]
    game_id: bytes
    series_first_dealer: int | None
    game: Game | None
    round: RoundState | None
    coins: dict[int, bytes]
    finals: dict[int, tuple[int, ...]]
    my_dispute: str | None
    helper: Executor | None
    secrets: WizardSecrets | None

    def first_dealer_known(self, dealer: int) -> None: ...
    def advance(self, step: Step | RoundStep) -> None: ...
    def deal(self) -> None: ...
    def to_reveal(self, rnd: RoundState) -> None: ...
    def finish_round(self) -> None: ...


def _round_of(t: Replica, entry: m.Entry) -> RoundState:
    rnd = t.round
    if rnd is None or entry.body.get("round") != rnd.round_no:
        raise DecodeError(f"the entry is for round {entry.body.get('round')}, not this one")
    return rnd


def _game(t: Replica) -> Game:
    assert t.game is not None
    return t.game


def check_bid_opening(t: Replica, rnd: RoundState, seat: int, bid: int, nonce: bytes) -> None:
    """An opened sealed bid matches its seat's commitment and is in range."""
    crypto.verify_commitment(
        bid_domain(t.game_id, rnd.round_no, seat), rnd.commits[seat], bytes([bid]), nonce
    )
    if bid > rnd.round_no:
        raise IllegalAction(f"bid {bid} is out of range 0..{rnd.round_no}", rule="bid-range")


# --- the first dealer -------------------------------------------------------------------


def on_coin(t: Replica, entry: m.Entry) -> Apply:
    value, nonce = entry.body["value"], entry.body["nonce"]
    crypto.verify_commitment("coin", t.players[entry.seat]["coin_commit"], value, nonce)

    def apply() -> None:
        t.coins[entry.seat] = value
        seats = t.config.seats
        if len(t.coins) == seats:
            values = [t.coins[s] for s in range(seats)]
            # A series' later game names its first dealer in the terms (WIZARD §1.3):
            # the coins are still opened, and only the first game's pick the dealer.
            fixed = t.series_first_dealer
            t.first_dealer_known(
                fixed if fixed is not None
                else crypto.joint_random_index(values, seats, t.game_id))

    return apply


# --- a round's set-up -----------------------------------------------------------------


def on_shuffle(t: Replica, entry: m.Entry) -> Apply:
    rnd = _round_of(t, entry)
    seats = t.config.seats
    deck = list(entry.body["deck"])
    # The last shuffler keeps only the positions the round locks (WIZARD §2).
    kept = dealing.kept_by_shuffle(rnd, entry.seat) or crypto.DECK_SIZE
    crypto.check_deck(deck, kept, validate_points=False)
    last = entry.seat == seats - 1
    if last != ("keys" in entry.body):
        raise DecodeError("the last shuffler's pass, and only it, locks and releases keys")
    keys = dealing.released_keys(rnd, entry) if last else None
    box = entry.body.get("box")
    if rnd.clairvoyant != (box is not None):
        raise DecodeError("a shuffle of the clairvoyance round, and only it, has a box key")
    shared = dealing.key_shared_with(rnd, t.seat, entry.seat, box) if box is not None else None
    if last:
        shares = dealing.sealed_shares(rnd, entry)
    else:
        dealing.no_shares(entry)
        shares = None
    next_pass, dispute = None, None
    if t.seat is not None and entry.seat + 1 == t.seat:
        next_pass, dispute = dealing.next_pass(dealing.my_shuffle(rnd, t.seat, t.helper), deck)
    elif t.seat == 0 and last:
        next_pass, dispute = dealing.next_pass(dealing.my_lock(rnd, t.helper), deck)

    def apply() -> None:
        rnd.shuffles.append((deck, entry.body["secret_hash"]))
        if box is not None:
            rnd.box_keys[entry.seat] = box
        if shared is not None:
            rnd.box_shared[entry.seat] = shared
        if keys is not None:
            _take_shares(t, rnd, entry.seat, shares)
            rnd.locks[entry.seat] = (deck, keys)
        rnd.deck = deck
        rnd.next_pass = next_pass
        if dispute is not None:
            t.my_dispute = dispute
        if len(rnd.shuffles) == seats:
            t.advance(RoundStep.ALL_SHUFFLED)

    return apply


def on_lock(t: Replica, entry: m.Entry) -> Apply:
    rnd = _round_of(t, entry)
    seats = t.config.seats
    deck = list(entry.body["deck"])
    if len(deck) != rnd.size:
        raise DecodeError(f"a lock pass of round {rnd.round_no} has {rnd.size} positions")
    crypto.check_deck(deck, rnd.size, validate_points=False)
    keys = dealing.released_keys(rnd, entry)  # checks their number too
    shares = dealing.sealed_shares(rnd, entry)
    next_pass, dispute = None, None
    # The next locker works out its pass while it checks this one; seat N-1 locked
    # in its shuffle, so after seat N-2 comes the deal.
    if t.seat is not None and entry.seat + 1 == t.seat < seats - 1:
        next_pass, dispute = dealing.next_pass(dealing.my_lock(rnd, t.helper), deck)

    def apply() -> None:
        _take_shares(t, rnd, entry.seat, shares)
        rnd.locks[entry.seat] = (deck, keys)
        rnd.deck = deck
        rnd.next_pass = next_pass
        if dispute is not None:
            t.my_dispute = dispute
        if len(rnd.locks) == seats:
            t.deal()

    return apply


def _take_shares(
    t: Replica, rnd: RoundState, sender: int, boxes: Sequence[bytes | None] | None
) -> None:
    dispute = dealing.open_shares(rnd, t.seat, sender, boxes)
    if dispute is not None and t.my_dispute is None:  # the first reason found stands
        t.my_dispute = dispute


# --- bids and play ----------------------------------------------------------------------


def on_trump(t: Replica, entry: m.Entry) -> Apply:
    _round_of(t, entry)
    # The rules apply an action whole or refuse it unchanged, so applying it as the
    # last step of validation keeps "a refused entry changes nothing".
    _game(t).apply(ChooseTrump(entry.seat, Suit(entry.body["suit"])))
    return lambda: None


def on_bid(t: Replica, entry: m.Entry) -> Apply:
    rnd = _round_of(t, entry)
    game = _game(t)
    body = entry.body
    if t.config.sealed_bids:
        if "commit" not in body or "bid" in body:
            raise DecodeError("with sealed bids a bid carries a commitment only")
        action = Bid(entry.seat, None)
    else:
        if "bid" not in body or "commit" in body:
            raise DecodeError("an open bid carries the bid only")
        action = Bid(entry.seat, body["bid"])
    game.apply(action)  # the last check (see on_trump)

    def apply() -> None:
        if "commit" in body:
            rnd.commits[entry.seat] = body["commit"]
            if entry.seat == t.seat and rnd.my_bid is None:
                assert t.secrets is not None
                rnd.my_bid = t.secrets.recover_bid(rnd.round_no, body["commit"])

    return apply


def on_bid_open(t: Replica, entry: m.Entry) -> Apply:
    rnd = _round_of(t, entry)
    game = _game(t)
    bid = entry.body["bid"]
    check_bid_opening(t, rnd, entry.seat, bid, entry.body["nonce"])

    def apply() -> None:
        rnd.opened[entry.seat] = bid
        if len(rnd.opened) == t.config.seats:
            game.apply(OpenBids(tuple(rnd.opened[s] for s in range(t.config.seats))))

    return apply


def on_play(t: Replica, entry: m.Entry) -> Apply:
    rnd = _round_of(t, entry)
    game = _game(t)
    position, key = entry.body["position"], entry.body["key"]
    if rnd.owner(position) != entry.seat:
        raise IllegalAction(
            f"deck position {position} was not dealt to seat {entry.seat + 1}", rule="not-held"
        )
    if any(p == position for _, p, _ in rnd.played):
        raise IllegalAction(f"deck position {position} has been played already", rule="not-held")
    dealing.check_scalar(key)
    revealed = _revealed_in_play(t, rnd, entry)
    if rnd.clairvoyant:
        return _clairvoyant_play(t, rnd, entry, revealed)
    if "keys" in entry.body:
        raise DecodeError("only a clairvoyance-round play carries more keys")
    mine = rnd.my_keys
    if (
        entry.seat == t.seat
        and position in rnd.cards
        and mine is not None
        and key == mine.lock_keys[position]
    ):
        card = rnd.cards[position]  # our own card, read at the deal with these keys
    else:
        keys_for_card = [*rnd.public_keys(position), key]
        try:
            card = DECK[crypto.read_public_card(rnd.deck[position], keys_for_card)]
        except CryptoError:
            card = None  # the keys do not open the card: the round is disputed
    ours_too = False
    if card is not None:
        # Only public knowledge refuses a play: every replica must decide alike.
        if card is rnd.turned or any(rnd.cards.get(p) is card for _, p, _ in rnd.played):
            raise IllegalAction(f"{card} has been played or turned already", rule="not-held")
        ours_too = dealing.dealt_to_us_too(rnd, t.seat, card, entry.seat)
        if ours_too:
            # A card of our own hand: a pass dealt it twice. The others accept the play
            # (they cannot know), so we do too, and dispute at our turn: the replay
            # names the seat whose pass duplicated it.
            assert t.seat is not None
            trial = game.copy()
            dealing.drop_from_hand(trial, t.seat, card)
            trial.apply(Play(entry.seat, card))
        else:
            game.apply(Play(entry.seat, card))  # the last check (see on_trump)

    def apply() -> None:
        if revealed is not None:
            rnd.reveals[entry.seat] = revealed
        if ours_too and card is not None:
            assert t.seat is not None
            dealing.drop_from_hand(game, t.seat, card)
            game.apply(Play(entry.seat, card))
            t.my_dispute = f"seat {entry.seat + 1} played {card}, a card dealt to me"
        rnd.played.append((entry.seat, position, key))
        if card is None:
            rnd.dispute = (entry.seat, f"the card at deck position {position} does not decode")
            t.to_reveal(rnd)
            return
        rnd.cards[position] = card
        if len(rnd.played) == rnd.dealt:
            t.finish_round()  # the last play revealed the last secret

    return apply


def _clairvoyant_play(
    t: Replica, rnd: RoundState, entry: m.Entry, revealed: dict[str, Any] | None
) -> Apply:
    position, key = entry.body["position"], entry.body["key"]
    keys = entry.body.get("keys")
    if keys is None or len(keys) != rnd.dealt or keys[position] != key:
        raise DecodeError("a clairvoyance-round play carries the keys of every hand")
    for k in keys:
        dealing.check_scalar(k)
    assert revealed is not None  # every play of the clairvoyance round is of its last trick

    def apply() -> None:
        rnd.reveals[entry.seat] = revealed
        rnd.played.append((entry.seat, position, key))
        rnd.clairvoyant_keys[entry.seat] = tuple(keys)
        if len(rnd.played) == t.config.seats:
            if dealing.resolve_clairvoyant_trick(rnd, _game(t)):
                t.finish_round()  # every play of the round revealed its writer's secret
            else:
                t.to_reveal(rnd)

    return apply


def _revealed_in_play(t: Replica, rnd: RoundState, entry: m.Entry) -> dict[str, Any] | None:
    """The round secret (and secret bid) a play of the last trick must reveal.

    A wrong secret is not refused here: the round's replay names it as a fault.
    """
    body = entry.body
    if not rnd.in_last_trick:
        if "secret" in body or "bid" in body or "nonce" in body:
            raise DecodeError("only a play of the last trick reveals the round secret")
        return None
    if "secret" not in body:
        raise DecodeError("a play of the last trick reveals the round secret")
    if not t.config.secret_bids:
        if "bid" in body or "nonce" in body:
            raise DecodeError("only with secret bids does a play open a bid")
        return {"secret": body["secret"], "bid": None}
    if "bid" not in body or "nonce" not in body:
        raise DecodeError("with secret bids a play of the last trick opens the bid")
    check_bid_opening(t, rnd, entry.seat, body["bid"], body["nonce"])
    return {"secret": body["secret"], "bid": body["bid"]}


# --- a disputed round, the end of a game ------------------------------------------------


def on_reveal(t: Replica, entry: m.Entry) -> Apply:
    """A disputed round's reveal (an undisputed round's secrets come with its last
    trick). A wrong secret is not refused here: the replay names it as a fault."""
    rnd = _round_of(t, entry)
    secret = entry.body["secret"]

    def apply() -> None:
        rnd.reveals[entry.seat] = {"secret": secret, "bid": None}
        if len(rnd.reveals) == t.config.seats:
            t.finish_round()

    return apply


def on_dispute(t: Replica, entry: m.Entry) -> Apply:
    rnd = _round_of(t, entry)

    def apply() -> None:
        rnd.dispute = (entry.seat, entry.body["reason"])
        t.to_reveal(rnd)

    return apply


def on_final(t: Replica, entry: m.Entry) -> Apply:
    game = _game(t)
    totals = tuple(entry.body["totals"])
    if len(totals) != t.config.seats:
        # A list the game sizes (N totals), of another size: no final of this game.
        raise DecodeError(f"a final holds {t.config.seats} totals, one per seat")
    if totals != tuple(game.totals):
        raise IllegalAction(
            f"final totals {list(totals)} differ from the replayed {game.totals}",
            rule="final",
        )

    def apply() -> None:
        t.finals[entry.seat] = totals
        if len(t.finals) == t.config.seats:
            t.advance(Step.ALL_FINAL)

    return apply



_ROUND = {RoundStage.SHUFFLE, RoundStage.LOCK, RoundStage.PLAY}

HANDLERS: Mapping[str, Handler[Replica]] = {
    CoreKind.COIN: Handler(on_coin, frozenset({Stage.COIN})),
    WizardKind.SHUFFLE: Handler(on_shuffle, frozenset({RoundStage.SHUFFLE})),
    WizardKind.LOCK: Handler(on_lock, frozenset({RoundStage.LOCK})),
    WizardKind.TRUMP: Handler(on_trump, frozenset({RoundStage.PLAY})),
    WizardKind.BID: Handler(on_bid, frozenset({RoundStage.PLAY})),
    WizardKind.BID_OPEN: Handler(on_bid_open, frozenset({RoundStage.PLAY})),
    WizardKind.PLAY: Handler(on_play, frozenset({RoundStage.PLAY})),
    WizardKind.REVEAL: Handler(on_reveal, frozenset({RoundStage.REVEAL})),
    WizardKind.DISPUTE: Handler(on_dispute, frozenset(_ROUND)),
    CoreKind.FINAL: Handler(on_final, frozenset({Stage.FINAL})),
}


__all__ = ["HANDLERS", "Replica", "check_bid_opening"]
