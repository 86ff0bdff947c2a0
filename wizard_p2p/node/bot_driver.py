"""A bot's seat makes its own choices, as soon as the table asks for one.

The driver knows no game: the bot (``SeatBot``, the game's, given by ``commands``)
decides from the view the table gives and says when it pauses before a choice.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Protocol

from wizard_p2p.node.tracing import Tracer
from wizard_p2p.protocol.choices import write_choice
from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.table import Table

__all__ = ["BotDriver", "SeatBot"]


class SeatBot(Protocol):
    """A program playing one seat of a game (the game supplies it)."""

    @property
    def deterministic(self) -> bool:
        """Whether it decides from the view and the randomness it is given alone: no
        clock, nothing remembered that the view does not show."""
        ...

    def decide(self, view: object, rng: random.Random) -> object:
        """Its choice at the decision ``view`` (the table's ``view()``) waits for."""
        ...

    def pauses_before(self, view: object) -> bool:
        """Whether the people at the table get a pause before this choice (Wizard's: the
        lead of a trick after another, so that the trick taken stays on screen)."""
        ...


class BotDriver:
    def __init__(
        self,
        table: Table,
        bot: SeatBot,
        tracer: Tracer,
        persist: Callable[[list[Event]], None],
    ) -> None:
        self._table = table
        self.bot = bot
        self._tracer = tracer
        self._persist = persist  # writes and sends what the table just wrote
        self._rng = random.Random(secrets.randbits(64))

    def move(self, *, stop_at_pause: bool = False) -> None:
        """Make every choice due to us now, each written and sent before the next; with
        ``stop_at_pause``, stop before a choice the bot pauses before (but the first)."""
        table = self._table
        first = True
        while (need := table.choice_needed()) is not None:
            if stop_at_pause and not first and self.pauses_now():
                return
            first = False
            view = table.view()
            assert view is not None
            derived = self._derives_choices()
            rng = random.Random(table.choice_seed()) if derived else self._rng
            choice = self.bot.decide(view, rng)
            self._tracer.chose()
            self._persist(write_choice(table, need, choice, derived=derived))

    def pauses_now(self) -> bool:
        """Whether our next choice is one the bot pauses before."""
        table = self._table
        if table.choice_needed() is None:
            return False
        view = table.view()
        return view is not None and self.bot.pauses_before(view)

    def _derives_choices(self) -> bool:
        """Whether our bot's next choice is derived (``Broadcast.durable``): the bot
        decides from the view and the randomness it is given alone, and the view comes
        from the log and our master secret alone (Wizard's clairvoyance round's too: the
        key shares that show the others' cards are in the log, sealed to us)."""
        return self.bot.deterministic
