"""Bots: policies over a seat's view (they import only the rules).

``make_policy("random" | "heuristic" | "expert", **options)`` builds one
(``BASELINES``: ``heuristic-tricks``, the heuristic with its uncalibrated bids,
which only tournaments play); each seat
needs its own policy object (a policy remembers its own sealed bid). See
``policy.py`` for the interface, ``heuristic.py`` and ``expert.py`` for the two
policies that think (the expert over ``knowledge.py``'s deals and ``simulate.py``'s
play-outs) and ``tournament.py`` to compare policies.
"""

from typing import Any

from wizard_p2p.bots.expert import ExpertPolicy
from wizard_p2p.bots.heuristic import HeuristicPolicy, TrickBidHeuristicPolicy
from wizard_p2p.bots.policy import Policy, RandomPolicy

POLICIES: dict[str, type] = {
    "random": RandomPolicy,
    "heuristic": HeuristicPolicy,
    "expert": ExpertPolicy,
}
# Policies that only tournaments play, as yardsticks (no seat offers them).
BASELINES: dict[str, type] = {"heuristic-tricks": TrickBidHeuristicPolicy}


def make_policy(name: str, **options: Any) -> Policy:
    """A policy by name (see ``POLICIES``); ``options`` go to its constructor."""
    from wizard_p2p.errors import UsageError

    try:
        cls = POLICIES[name] if name in POLICIES else BASELINES[name]
    except KeyError:
        raise UsageError(f"unknown bot policy {name!r}; known: {', '.join(POLICIES)}") from None
    try:
        return cls(**options)
    except TypeError as exc:
        raise UsageError(f"bad options for bot policy {name!r}: {exc}") from None


__all__ = [
    "BASELINES",
    "POLICIES",
    "ExpertPolicy",
    "HeuristicPolicy",
    "Policy",
    "RandomPolicy",
    "make_policy",
]
