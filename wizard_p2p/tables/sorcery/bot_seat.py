"""巫师牌's bot at a trustless table: its choices given to one seat's replica through
the replica's public methods.

``SorceryBot`` decides from the seat's own game (``SorceryReplica.view``), which shows
it no card it was not shown. A look its card allows (预见 and its kin) comes back from
``decide`` as a ``Look`` whose order is unknown: a wish the table turns into
:meth:`~wizard_p2p.tables.sorcery.replica.SorceryReplica.begin_look`; once the other
has sealed the seat those cards, ``SorceryBot.end_look`` names the cards taken and the
order of the rest, each given to ``choose``.
"""

from __future__ import annotations

from typing import Protocol

from wizard_p2p.errors import UsageError
from wizard_p2p.sorcery.actions import Action, Look, Unknown
from wizard_p2p.sorcery.game import Game
from wizard_p2p.tables.sorcery.replica import SorceryReplica

__all__ = ["TableBot", "bot_choice"]


class TableBot(Protocol):
    """What the table asks of a bot (``bots.sorcery.SorceryBot`` is one; the table
    knows no bot package)."""

    def decide(self, game: Game, player: int) -> Action: ...

    def end_look(self, game: Game, player: int, count: int) -> list[Action]: ...

    def decline(self, game: Game) -> None: ...


def bot_choice(replica: SorceryReplica, bot: TableBot) -> None:
    """Make our seat's choice now by ``bot`` (when ``replica.choice_needed()``): an
    action, a look begun, or the end of a look under way."""
    seat = replica.seat
    if seat is None or not replica.choice_needed():
        raise UsageError("the bot's seat has no choice to make now")
    count = replica.looking()
    if count is not None:
        for action in bot.end_look(replica.view(), seat, count):
            replica.choose(action)
        return
    action = bot.decide(replica.view(), seat)
    if isinstance(action, Look) and action.order is Unknown.ORDER:
        try:
            replica.begin_look(action.count)
            return
        except UsageError:  # not a moment the table can look: the bot does without
            bot.decline(replica.view())
            action = bot.decide(replica.view(), seat)
    replica.choose(action)
