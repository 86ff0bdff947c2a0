"""An in-memory game against bots, with the rules alone: no network, no crypto.

It implements ``SeatController`` for one human seat; every other seat is a bot
policy that moves as soon as it is its turn, so after each human choice the game
has advanced to the human's next decision (or the end). Deterministic for a given
seed, which makes it the front end's test double and the offline practice mode.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence

from wizard_p2p.bots.policy import Policy
from wizard_p2p.errors import IllegalAction
from wizard_p2p.rules import (
    DECK,
    Bid,
    Card,
    ChooseTrump,
    Game,
    GameConfig,
    OpenBids,
    Phase,
    Play,
    Suit,
    deal_from_deck,
    seat_view,
)
from wizard_p2p.seat.controller import Snapshot, Status


class OfflineSeat:
    def __init__(
        self,
        config: GameConfig,
        names: Sequence[str],
        policies: Sequence[Policy | None],
        *,
        seat: int = 0,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> None:
        if len(names) != config.seats or len(policies) != config.seats:
            raise ValueError("one name and one policy (None for the human) per seat")
        self.seat = seat
        self.config = config
        self.names = tuple(names)
        self.policies = list(policies)
        self._rng = random.Random(seed if seed is not None else secrets.randbits(64))
        dealer = first_dealer if first_dealer is not None else self._rng.randrange(config.seats)
        self.game = Game(config, first_dealer=dealer)
        self._sealed_bids: dict[int, int] = {}
        self._callbacks: list[Callable[[], None]] = []
        self._quit = False
        self._advance()

    # --- SeatController -----------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        view = seat_view(
            self.game, self.seat, own_sealed_bid=self._sealed_bids.get(self.seat)
        )
        status: tuple[Status, ...] = ()
        if view.is_over:
            status = (Status("game-over"),)
        return Snapshot(
            view=view,
            names=self.names,
            connected=(True,) * self.config.seats,
            status=status,
            # No table log of its own: nobody joins or leaves, and the console tells
            # the story of the game itself, in the player's language.
            log=(),
            finished=view.is_over,
        )

    def bid(self, tricks: int) -> None:
        self._human(Bid(self.seat, tricks))

    def choose_trump(self, suit: Suit) -> None:
        self._human(ChooseTrump(self.seat, suit))

    def play(self, card: Card) -> None:
        self._human(Play(self.seat, card))

    def subscribe(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def quit(self) -> None:
        self._quit = True

    # --- driving the game ---------------------------------------------------------------

    def _human(self, action: Bid | ChooseTrump | Play) -> None:
        if self.game.to_move != self.seat:
            raise IllegalAction("it is not your turn", rule="turn")
        self._apply(action)
        self._advance()
        for callback in self._callbacks:
            callback()

    def _apply(self, action: Bid | ChooseTrump | Play) -> None:
        if isinstance(action, Bid) and self.config.sealed_bids and action.tricks is not None:
            # Sealed like at a networked table: the value is kept aside until opened.
            if action.tricks not in self.game.legal_bids():
                self.game.apply(action)  # raises the precise IllegalAction
            self.game.apply(Bid(action.seat, None))
            self._sealed_bids[action.seat] = action.tricks
        else:
            self.game.apply(action)


    def _advance(self) -> None:
        game = self.game
        while not game.is_over:
            if game.phase is Phase.DEAL:
                deck = list(DECK)
                self._rng.shuffle(deck)
                game.apply(deal_from_deck(deck, game.seats, game.round_no, game.dealer))
                continue
            if game.phase is Phase.OPEN_BIDS:
                game.apply(OpenBids(tuple(self._sealed_bids[s] for s in range(game.seats))))
                self._sealed_bids.clear()
                continue
            seat = game.to_move
            assert seat is not None
            policy = self.policies[seat]
            hand = game.hands[seat]
            if game.phase is Phase.PLAY and hand is not None and len(hand) == 1:
                self._apply(Play(seat, hand[0]))  # no choice: the last card plays itself
                continue
            if policy is None:
                return  # the human's turn
            view = seat_view(game, seat)
            if game.phase is Phase.CHOOSE_TRUMP:
                self._apply(ChooseTrump(seat, policy.choose_trump(view, self._rng)))
            elif game.phase is Phase.BID:
                self._apply(Bid(seat, policy.bid(view, self._rng)))
            else:
                self._apply(Play(seat, policy.play(view, self._rng)))
