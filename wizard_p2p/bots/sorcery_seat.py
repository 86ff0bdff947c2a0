"""巫师牌's bot as the bot a networked seat runs (``node.bot_driver.SeatBot``).

The node asks its bot for a choice from the seat's view (the seat's own ``Game``,
which shows it no card it was not shown) and writes it with ``Table.choose``. A look
at the top of the deck (预见 and its kin) needs the other seat to open those cards
first, which a choice from the view alone cannot wait for: the bot gives such a text
up (``SorceryBot.decline``) and decides again, as ``tables.sorcery.bot_seat.bot_choice`` does when
the table cannot look at that moment.
"""

from __future__ import annotations

import random

from wizard_p2p.bots.sorcery import SorceryBot
from wizard_p2p.errors import UsageError
from wizard_p2p.sorcery.actions import Action, Look, Unknown
from wizard_p2p.sorcery.game import Game

__all__ = ["SorcerySeatBot"]

# Declined texts a bot may give up at one choice before it must settle on another.
_MAX_DECLINED = 16


class SorcerySeatBot:
    """``SorceryBot`` playing ``seat`` of a networked game of 巫师牌; ``seed`` gives its
    own randomness (its choices are not derived from the table's: a rebuilt seat does
    not make them again)."""

    deterministic = False

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.bot = SorceryBot(random.Random(seed), shuffles=False)

    def decide(self, view: object, rng: random.Random) -> Action:
        game = _game(view)
        for _ in range(_MAX_DECLINED):
            action = self.bot.decide(game, self.seat)
            if not (isinstance(action, Look) and action.order is Unknown.ORDER):
                return action
            self.bot.decline(game)
        raise UsageError("the 巫师牌 bot found nothing to do but look at its deck")

    def pauses_before(self, view: object) -> bool:
        return False


def _game(view: object) -> Game:
    if not isinstance(view, Game):
        raise UsageError(f"a 巫师牌 bot decides from a 巫师牌 seat's game, not {view!r:.60}")
    return view
