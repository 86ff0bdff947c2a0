"""A Wizard policy as the bot a networked seat runs (``node.bot_driver.SeatBot``).

The node knows no game: it asks its bot to decide from whatever view the table gives,
and whether to pause before a choice. Here those two questions get Wizard's answers: a
policy's choice at the decision the view waits for, and a pause before leading a trick
after another one of the round, so that the people at the table see the trick taken.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from wizard_p2p.bots.policy import Policy, decide
from wizard_p2p.errors import UsageError
from wizard_p2p.rules import Card, Phase, SeatView, Suit

__all__ = ["PolicyBot"]


@dataclass(frozen=True)
class PolicyBot:
    """``policy`` playing one seat of a networked game of Wizard."""

    policy: Policy

    @property
    def deterministic(self) -> bool:
        """Whether a choice comes from the view and the randomness given alone (a table
        rebuilt after a crash makes it again: see ``Policy``)."""
        return self.policy.deterministic

    def decide(self, view: object, rng: random.Random) -> int | Suit | Card:
        """The policy's choice at the decision ``view`` (a ``SeatView``) waits for."""
        return decide(self.policy, _seat_view(view), rng)

    def pauses_before(self, view: object) -> bool:
        """Whether the choice ``view`` waits for is the lead of a trick after another of
        the round."""
        seen = _seat_view(view)
        return seen.phase is Phase.PLAY and not seen.trick and bool(seen.round_tricks)


def _seat_view(view: object) -> SeatView:
    if not isinstance(view, SeatView):
        raise UsageError(f"a Wizard bot decides from a Wizard seat's view, not {view!r}")
    return view
