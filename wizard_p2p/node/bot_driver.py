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

    def move(self) -> None:
        """Make every choice due to us now, each written and sent before the next."""
        table = self._table
        need = table.choice_needed()
        while need is not None:
            view = table.view()
            assert view is not None
            derived = self._derives_choices()
            rng = random.Random(table.choice_seed()) if derived else self._rng
            choice = decide(self.policy, view, rng)
            self._tracer.chose()
            self._persist(write_choice(table, need, choice, derived=derived))
            need = table.choice_needed()

    def _derives_choices(self) -> bool:
        """Whether our bot's next choice is derived (``Broadcast.durable``): its policy decides
        from the view and the randomness it is given alone, and the view comes from the
        log and our master secret alone (the clairvoyance round's too: the key shares
        that show the others' cards are in the log, sealed to us)."""
        return self.policy.deterministic
