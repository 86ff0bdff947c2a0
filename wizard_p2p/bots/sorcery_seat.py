"""巫师牌's bot as the bot a networked seat runs (``node.bot_driver.SeatBot``).

The node asks its bot for a choice from the seat's view (the seat's own ``Game``,
which shows it no card it was not shown) and writes it with ``Table.choose``. A look
at the top of the deck (预见 and its kin) needs the other seat to seal those cards
first: the bot asks for it with the choice the table takes for a look (``look``,
given by whoever knows the table's choices), and remembers it asked. The table asks
for no choice until the other has sealed the cards; the next choice is then the look's
end (``SorceryBot.end_look``: the cards taken, then the rest put back in its order),
given one action a choice. Without ``look``, or at a moment the table cannot look (not
its own play step, a deck too short), the bot gives the text up
(``SorceryBot.decline``) and decides again, as ``tables.sorcery.bot_seat.bot_choice``
does.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from wizard_p2p.bots.sorcery import SorceryBot
from wizard_p2p.errors import UsageError
from wizard_p2p.sorcery.actions import Action, Look, Unknown
from wizard_p2p.sorcery.game import Game, Step

__all__ = ["SorcerySeatBot"]

# Declined texts a bot may give up at one choice before it must settle on another.
_MAX_DECLINED = 16


class SorcerySeatBot:
    """``SorceryBot`` playing ``seat`` of a networked game of 巫师牌; ``seed`` gives its
    own randomness (its choices are not derived from the table's: a rebuilt seat does
    not make them again); ``look(n)``: the table's choice that begins a look at the top
    ``n`` cards of our deck (None: the bot takes no look)."""

    deterministic = False

    def __init__(self, seat: int, seed: int, *,
                 look: Callable[[int], object] | None = None) -> None:
        self.seat = seat
        self.bot = SorceryBot(random.Random(seed), shuffles=False)
        self._look = look
        self._asked: int | None = None  # the cards of the look asked, until its end begins
        self._ending: list[Action] = []  # the look's end still to give, in order
        self.looks = 0  # the looks it asked for

    def decide(self, view: object, rng: random.Random) -> object:
        game = _game(view)
        if self._asked is not None:  # the cards are sealed to us: the look ends
            count, self._asked = self._asked, None
            self._ending = self.bot.end_look(game, self.seat, count)
        if self._ending:
            return self._ending.pop(0)
        for _ in range(_MAX_DECLINED):
            action = self.bot.decide(game, self.seat)
            if not (isinstance(action, Look) and action.order is Unknown.ORDER):
                return action
            count = min(action.count, len(game.sides[self.seat].deck))
            if self._look is not None and count >= 1 and self._may_look(game):
                self._asked = count
                self.looks += 1
                return self._look(count)
            self.bot.decline(game)
        raise UsageError("the 巫师牌 bot found nothing to do but look at its deck")

    def _may_look(self, game: Game) -> bool:
        """Whether the table takes a look now: in our own turn's play step."""
        return game.step is Step.PLAY and game.active == self.seat == game.to_move

    def pauses_before(self, view: object) -> bool:
        return False


def _game(view: object) -> Game:
    if not isinstance(view, Game):
        raise UsageError(f"a 巫师牌 bot decides from a 巫师牌 seat's game, not {view!r:.60}")
    return view
