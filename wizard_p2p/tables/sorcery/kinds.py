"""The kinds of 巫师牌's entries: one word each, as the log spells them.

========================  ===========================  =====================================
kind                      author                       body
========================  ===========================  =====================================
``committed``             the deck's owner             ``{"deck": P, "message": M}``
``greeted``               the deck's other player      the same shape for every deck step:
``pass``                  owner (steps 1, 3),          ``P`` the owner's seat (0 or 1), ``M``
                          other (steps 2, 4)           the deck message's body of CRYPTO.md
``sealed``                the other                    §13.13, whose ``kind`` is the entry's
``arranged``              the owner                    kind
``opened``                the owner
``returned``              the owner
``placed``                the owner
``deck_opened``           the owner (at the end)
``revealed``              the other (at the end)
``act``                   the player to move           ``{"action": TEXT, "shown": [[PIECE,
                                                       NUMBER], …]}``: one engine action in
                                                       ``sorcery.actions`` text form, and the
                                                       skill-pool cards it makes public
``search``                the player to move           ``{}``: it asks to search its deck
                                                       (检索); the other then seals it the
                                                       whole deck
``look``                  the player to move           ``{"count": N}``: it asks to look at
                                                       the top ``N`` of its deck (预见); the
                                                       other then seals it those ``N``
========================  ===========================  =====================================
"""

from __future__ import annotations

from enum import StrEnum

from wizard_p2p.crypto.deck_messages import Kind

__all__ = ["DECK_KIND", "SorceryKind"]


class SorceryKind(StrEnum):
    """An entry of a 巫师牌 table: a step of one of the two private decks, or an action."""

    COMMITTED = "committed"
    GREETED = "greeted"
    PASS = "pass"
    SEALED = "sealed"
    ARRANGED = "arranged"
    OPENED = "opened"
    RETURNED = "returned"
    PLACED = "placed"
    DECK_OPENED = "deck_opened"
    REVEALED = "revealed"
    ACT = "act"
    SEARCH = "search"
    LOOK = "look"


# Each deck step's entry kind is its deck message kind's word.
DECK_KIND: dict[SorceryKind, Kind] = {
    k: Kind(str(k)) for k in SorceryKind if k not in ("act", "search", "look")
}
