"""Bots: policies over a seat's view (they import only the rules)."""

from wizard_p2p.bots.policy import Policy, RandomPolicy

POLICIES: dict[str, type] = {"random": RandomPolicy}


def make_policy(name: str) -> Policy:
    """A policy by name (see ``POLICIES``)."""
    from wizard_p2p.errors import UsageError

    try:
        return POLICIES[name]()
    except KeyError:
        raise UsageError(f"unknown bot policy {name!r}; known: {', '.join(POLICIES)}") from None


__all__ = ["POLICIES", "Policy", "RandomPolicy", "make_policy"]
