"""One game of 巫师牌 against the bot, in memory: what the console plays on.

``SorceryTable`` holds the engine's ``Game``, the person's side (``me``) and the bot's,
and the game's one source of chance (``random.Random(seed)``): the coin, both deck
shuffles, and every new deck order the person's moves need (a mulligan, 检索, a
shuffle) come from it, so a seed plays the same opening again. The console asks the
table, never the engine's internals, what it may do:

* ``act(action)`` applies one of the person's actions or raises the engine's
  ``IllegalAction`` (nothing changes);
* ``legal(action)`` asks without changing anything;
* ``bot_step()`` lets the bot take one action when it is the bot's to take, and returns
  it, so the console can tell each bot move as it happens;
* ``begin_look(n)`` starts a look at the top ``n`` cards of the person's deck (预见 and
  its kin) and ``looking()`` says how many are being looked at, until the look's
  actions end it: a ``MoveCard`` of each card taken out of the deck, then a ``Look`` at
  the rest. These are the public methods a seat's replica at a trustless table has, so
  the console asks a look the same way of either; ``begin_search()`` and
  ``searching()`` do the same for a search (检索), which this table grants at once.

``BoardTable`` is what the console reads and does, whichever table it plays on: this
one, or a seat at a networked table (``commands.sorcery_console_seat``), whose other
player's moves come in as they happen (``subscribe``, ``news``), who may fall silent
(``held_up``: the countdown the board shows) and whose game may end without its own end
(``ending``: an abort naming the seat that stalled, or a fault).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from wizard_p2p.bots.sorcery import SorceryBot, seeded_start
from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.protocol.events import Aborted, Faulted
from wizard_p2p.seat.controller import Status
from wizard_p2p.sorcery.actions import Action, Look, MoveCard, Search, Shuffle, Zone
from wizard_p2p.sorcery.game import Decklist, Game, Rule, Step

__all__ = ["BoardTable", "SorceryTable"]


class BoardTable(Protocol):
    """The table the console plays on: its game as the person's seat sees it, and the
    person's actions."""

    me: int
    bot_player: int  # the other player's seat (the bot's, offline)

    @property
    def game(self) -> Game: ...

    @property
    def opponent(self) -> str | None:
        """The other player's name (None: the bot of this machine)."""
        ...

    @property
    def over(self) -> bool: ...

    @property
    def my_move(self) -> bool: ...

    @property
    def bot_move(self) -> bool:
        """Whether the game waits for a bot this console moves (``bot_step``)."""
        ...

    def legal(self, action: Action) -> bool: ...

    def order(self, n: int) -> tuple[int, ...]: ...

    def looking(self) -> int | None: ...

    def begin_look(self, count: int) -> None: ...

    def searching(self) -> bool: ...

    def begin_search(self) -> None: ...

    def act(self, action: Action) -> None: ...

    def bot_step(self) -> Action | None: ...

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` whenever the table changes by itself (the other's moves)."""
        ...

    def news(self) -> list[Action]:
        """The other player's actions since the last call, in order (a bot this console
        moves is told through ``bot_step`` instead)."""
        ...

    def held_up(self) -> Status | None:
        """The other seat holding up the game: ``StatusKind.HELD_UP`` while it has not yet
        for the stall limit (its countdown), ``StatusKind.STALLED`` once the person may end
        the game; None while nobody holds it up."""
        ...

    def end_stalled(self) -> None:
        """End the game naming the seat that stalled; ``UsageError`` when it may not now."""
        ...

    @property
    def ending(self) -> Aborted | Faulted | None:
        """How the table ended when the game did not reach its own end."""
        ...


class SorceryTable:
    """The person (``me``) against the bot, one game, reproducible from ``seed``."""

    def __init__(self, decks: Sequence[Decklist], seed: int, *, me: int = 0) -> None:
        if len(decks) != 2 or me not in (0, 1):
            raise UsageError("a table of 巫师牌 has two decks, and the person is player 0 or 1")
        self.seed = seed
        self.me = me
        self.bot_player = 1 - me
        self.decks = tuple(decks)
        rng = random.Random(seed)
        self.game = seeded_start(decks, rng)
        self.bot = SorceryBot(random.Random(rng.random()))
        self._rng = random.Random(rng.random())
        self._looking: int | None = None  # the cards of the person's look not yet ended
        self._searching = False  # a search begun, until its card is taken (or none)

    # --- reading ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.game.outcome is not None

    @property
    def my_move(self) -> bool:
        """Whether the game waits for the person."""
        return not self.over and self.game.to_move == self.me

    @property
    def bot_move(self) -> bool:
        return not self.over and self.game.to_move == self.bot_player

    @property
    def step(self) -> Step:
        return self.game.step

    def legal(self, action: Action) -> bool:
        try:
            self.game.check(action)
        except IllegalAction:
            return False
        return True

    def order(self, n: int) -> tuple[int, ...]:
        """A new, shuffled order of ``n`` cards (a deck after a mulligan or 检索)."""
        order = list(range(n))
        self._rng.shuffle(order)
        return tuple(order)

    def looking(self) -> int | None:
        """How many cards of the top of the person's deck it is looking at, or None."""
        return self._looking

    def searching(self) -> bool:
        """Whether the person is looking through its deck for the card a search takes."""
        return self._searching

    @property
    def opponent(self) -> str | None:
        return None

    def subscribe(self, callback: Callable[[], None]) -> None:
        """Nothing changes here but by ``act`` and ``bot_step``."""

    def news(self) -> list[Action]:
        return []

    def held_up(self) -> Status | None:
        return None  # the bot moves in this process: it never falls silent

    def end_stalled(self) -> None:
        raise UsageError("nobody holds up a game against the bot of this machine")

    @property
    def ending(self) -> Aborted | Faulted | None:
        return None

    # --- acting ----------------------------------------------------------------------

    def begin_look(self, count: int) -> None:
        """Look at the top ``count`` cards of the person's deck, in its turn's play step."""
        deck = self.game.sides[self.me].deck
        if not self.my_move or self.step is not Step.PLAY or self._looking is not None \
                or not 1 <= count <= len(deck):
            raise UsageError(f"{count} cards of the deck cannot be looked at now")
        self._looking = count

    def begin_search(self) -> None:
        """Search the person's deck (检索): the deck is open to it at once, until a
        ``Search`` takes a card (or a ``Shuffle`` takes none)."""
        if not self.my_move or self.step is not Step.PLAY or self._looking is not None:
            raise UsageError("the deck cannot be searched now")
        self._searching = True

    def act(self, action: Action) -> None:
        """Apply the person's action, or raise ``IllegalAction`` and change nothing."""
        if getattr(action, "player", None) != self.me:
            raise UsageError("the console acts only for its own player")
        n = self._looking
        if n is None:
            self.game.apply(action)
            if isinstance(action, Search | Shuffle):
                self._searching = False
            return
        top = self.game.sides[self.me].deck[:n]
        if isinstance(action, MoveCard) and action.piece in top and action.zone is not Zone.DECK:
            self.game.apply(action)
            self._looking = n - 1 or None
        elif isinstance(action, Look) and action.count == n:
            self.game.apply(action)
            self._looking = None
        else:
            raise IllegalAction(f"a look at {n} cards ends with them moved or put back",
                                rule=Rule.STEP, seat=self.me)

    def bot_step(self) -> Action | None:
        """The bot's next action, applied; ``None`` when the game does not wait for it."""
        if not self.bot_move:
            return None
        action = self.bot.decide(self.game, self.bot_player)
        self.game.apply(action)
        return action
