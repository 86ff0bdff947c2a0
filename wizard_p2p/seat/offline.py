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

from wizard_p2p.bots.policy import Policy, decide
from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.rules import (
    DECK,
    Bid,
    Card,
    ChooseTrump,
    Game,
    GameConfig,
    Play,
    SeatView,
    Suit,
    seat_view,
)
from wizard_p2p.rules.driver import Choice, GameDriver
from wizard_p2p.seat.controller import Snapshot, Status, StatusKind


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
        coach: bool = True,
    ) -> None:
        if len(names) != config.seats or len(policies) != config.seats:
            raise ValueError("one name and one policy (None for the human) per seat")
        self.seat = seat
        self.coach = coach  # a practice game lets the learner ask the coach
        self.config = config
        self.names = tuple(names)
        self.policies = list(policies)
        self._rng = random.Random(seed if seed is not None else secrets.randbits(64))
        dealer = first_dealer if first_dealer is not None else self._rng.randrange(config.seats)
        self.game = Game(config, first_dealer=dealer)
        self._driver = GameDriver(self.game, self._shuffled_deck)
        self._callbacks: list[Callable[[], None]] = []
        self._quit = False
        self._advance()

    # --- SeatController -----------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        view = seat_view(
            self.game, self.seat, own_sealed_bid=self._driver.sealed.get(self.seat)
        )
        status: tuple[Status, ...] = ()
        if view.is_over:
            status = (Status(StatusKind.GAME_OVER),)
        return Snapshot(
            view=view,
            names=self.names,
            connected=(True,) * self.config.seats,
            status=status,
            # No table log of its own: nobody joins or leaves, and the console tells
            # the story of the game itself, in the player's language.
            log=(),
            finished=view.is_over,
            coach=self.coach,
            bots=frozenset(s for s, policy in enumerate(self.policies) if policy is not None),
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

    @property
    def has_quit(self) -> bool:
        """Whether the player left the game (:meth:`quit`)."""
        return self._quit

    def admit_watcher(self, key: str) -> None:
        raise UsageError("nobody watches a game played offline")

    def refuse_watcher(self, key: str) -> None:
        raise UsageError("nobody watches a game played offline")

    def abort_stalled(self) -> None:
        raise UsageError("nothing is stalled: every other seat of a game played offline "
                         "is a bot on this machine")

    # --- driving the game ---------------------------------------------------------------

    def _human(self, action: Bid | ChooseTrump | Play) -> None:
        if self.game.to_move != self.seat:
            raise IllegalAction("it is not your turn", rule="turn")
        self.move(action)

    def move(self, action: Bid | ChooseTrump | Play) -> None:
        """Make the move of the seat to move when no policy plays it: the player's, or
        another seat's played by hand (a test playing the other seats); then the bots
        move and the subscribers are told."""
        seat = self.game.to_move
        if seat is None or action.seat != seat or self.policies[seat] is not None:
            raise IllegalAction("it is not that seat's turn to be played by hand", rule="turn")
        self._driver.apply(action)
        self._advance()
        for callback in self._callbacks:
            callback()

    def _advance(self) -> None:
        self._driver.advance(self._bot_choice)

    def _bot_choice(self, seat: int, view: SeatView) -> Choice | None:
        policy = self.policies[seat]
        if policy is None:
            return None  # the human's turn
        return decide(policy, view, self._rng)

    def _shuffled_deck(self, round_no: int) -> list[Card]:
        deck = list(DECK)
        self._rng.shuffle(deck)
        return deck
