"""The interface of a bot: three decisions over the view of its own seat.

A policy sees exactly what a human in that seat sees: a ``SeatView`` (never other
hands, never the stock). It returns a legal choice; the caller applies it. The
randomness a policy needs comes from the ``random.Random`` it is given, which
its owner seeds from ``secrets`` or from a keyed derivation of the seat's secret
(or from a fixed seed in tests and tournaments).

A ``deterministic`` policy decides from the view and that randomness alone: no
clock, and nothing remembered from earlier calls that the view does not show. A
seat's client can then make the same choice again after a crash, so it sends the
choice without first waiting for the disk.
"""

from __future__ import annotations

import random
from typing import Protocol

from wizard_p2p.rules import Card, Phase, SeatView, Suit


class Policy(Protocol):
    name: str
    deterministic: bool

    def bid(self, view: SeatView, rng: random.Random) -> int:
        """How many tricks to bid; one of ``view.legal_bids``."""
        ...

    def choose_trump(self, view: SeatView, rng: random.Random) -> Suit:
        """Trump after a Wizard is turned up and this seat deals."""
        ...

    def play(self, view: SeatView, rng: random.Random) -> Card:
        """A card from ``view.legal_plays``."""
        ...


def decide(policy: Policy, view: SeatView, rng: random.Random) -> int | Suit | Card:
    """What ``policy`` chooses at the decision ``view`` waits for: a bid, the trump or a
    card (the one place a phase of the game becomes a call of the policy)."""
    if view.phase is Phase.BID:
        return policy.bid(view, rng)
    if view.phase is Phase.CHOOSE_TRUMP:
        return policy.choose_trump(view, rng)
    return policy.play(view, rng)


class RandomPolicy:
    """Uniformly random legal choices: the baseline."""

    name = "random"
    deterministic = True

    def bid(self, view: SeatView, rng: random.Random) -> int:
        return rng.choice(view.legal_bids)

    def choose_trump(self, view: SeatView, rng: random.Random) -> Suit:
        return rng.choice(list(Suit))

    def play(self, view: SeatView, rng: random.Random) -> Card:
        return rng.choice(view.legal_plays)
