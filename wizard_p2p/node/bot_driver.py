"""A bot's seat makes its own choices, as soon as the table asks for one."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from wizard_p2p.bots.policy import Policy, decide
from wizard_p2p.node.tracing import Tracer
from wizard_p2p.protocol.choices import write_choice
from wizard_p2p.protocol.events import Event
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Phase

__all__ = ["BotDriver"]


class BotDriver:
    def __init__(
        self,
        table: Table,
        policy: Policy,
        tracer: Tracer,
        persist: Callable[[list[Event]], None],
    ) -> None:
        self._table = table
        self.policy = policy
        self._tracer = tracer
        self._persist = persist  # writes and sends what the table just wrote
        self._rng = random.Random(secrets.randbits(64))

    def move(self, *, stop_at_lead: bool = False) -> None:
        """Make every choice due to us now, each written and sent before the next; with
        ``stop_at_lead``, stop before a lead after a trick (but the first choice)."""
        table = self._table
        need = table.choice_needed()
        first = True
        while need is not None:
            if stop_at_lead and not first and self.leads_after_a_trick():
                return
            first = False
            view = table.view()
            assert view is not None
            derived = self._derives_choices()
            rng = random.Random(table.choice_seed()) if derived else self._rng
            choice = decide(self.policy, view, rng)
            self._tracer.chose()
            self._persist(write_choice(table, need, choice, derived=derived))
            need = table.choice_needed()

    def leads_after_a_trick(self) -> bool:
        """Whether our next choice is the lead of a trick after another of the round."""
        table = self._table
        if table.choice_needed() is None:
            return False
        view = table.view()
        return (view is not None and view.phase is Phase.PLAY and not view.trick
                and bool(view.round_tricks))

    def _derives_choices(self) -> bool:
        """Whether our bot's next choice is derived (``Broadcast.durable``): its policy decides
        from the view and the randomness it is given alone, and the view comes from the
        log and our master secret alone (the clairvoyance round's too: the key shares
        that show the others' cards are in the log, sealed to us)."""
        return self.policy.deterministic
