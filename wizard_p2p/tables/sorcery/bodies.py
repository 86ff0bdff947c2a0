"""The bodies of 巫师牌's entries, and their bounded decoders.

A deck step's body is ``{"deck": P, "message": M}``: ``P`` the seat (0 or 1) that owns
the deck, ``M`` the deck message's body (CRYPTO.md §13.13, read by
:func:`wizard_p2p.protocol.deck_bodies.decode_body`), whose ``kind`` is the entry's.
An ``act`` body is ``{"action": TEXT, "shown": [[PIECE, NUMBER], …]}``: ``TEXT`` one
action of ``sorcery.actions`` in its text form (at most ``notation.MAX_TEXT``
characters, read by ``parse_action``), ``shown`` the skill-pool cards the action makes
public, each its piece number and card number (at most :data:`MAX_SHOWN`). A
``search`` body is ``{}``; a ``look`` body ``{"count": N}``, ``N`` from 1 to
:data:`MAX_LOOK`.

:func:`decode_entry` (or :func:`decode_entry_bytes`, from canonical JSON bytes within
:data:`MAX_BODY_BYTES`) checks every field's type, size and range and gives a
:class:`DeckStep` or an :class:`Act`; anything else is a
:class:`~wizard_p2p.errors.DecodeError` in one sentence. Whether the entry fits the
game is the replica's to say.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from wizard_p2p import canonical
from wizard_p2p.crypto.deck_messages import DeckMessage
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol import deck_bodies
from wizard_p2p.protocol.deck_bodies import body_of, decode_body
from wizard_p2p.protocol.schema import Int, Str
from wizard_p2p.sorcery.actions import Action, format_action, parse_action
from wizard_p2p.sorcery.notation import MAX_TEXT, parse_card_number
from wizard_p2p.tables.sorcery.kinds import DECK_KIND, SorceryKind

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_LOOK",
    "MAX_PIECE",
    "MAX_SHOWN",
    "Act",
    "DeckStep",
    "Decoded",
    "LookAsked",
    "SearchAsked",
    "act_body",
    "body_schema",
    "deck_body",
    "decode_entry",
    "decode_entry_bytes",
]

MAX_SHOWN = 16  # skill-pool cards one action makes public
# The largest body in canonical JSON: a deck message's, wrapped with its deck's seat.
MAX_BODY_BYTES = deck_bodies.MAX_BODY_BYTES + 64
MAX_PIECE = 100_000  # piece numbers of one game stay far below this
MAX_LOOK = 60  # cards one look asks for (a deck holds fewer; the replica checks the deck)



@dataclass(frozen=True)
class DeckStep:
    """A step of the private deck owned by seat ``deck``."""

    deck: int
    message: DeckMessage


@dataclass(frozen=True)
class Act:
    """One engine action, and the skill-pool cards (piece, card number) it makes public."""

    action: Action
    shown: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class SearchAsked:
    """The player to move asks to search its own deck."""


@dataclass(frozen=True)
class LookAsked:
    """The player to move asks to look at the top ``count`` cards of its own deck."""

    count: int


Decoded: TypeAlias = DeckStep | Act | SearchAsked | LookAsked


def _kind(kind: Any) -> SorceryKind:
    if not isinstance(kind, str) or kind not in set(SorceryKind):
        raise DecodeError("kind: not an entry kind of 巫师牌")
    return SorceryKind(kind)


def _shown(value: Any) -> tuple[tuple[int, str], ...]:
    if not isinstance(value, list) or len(value) > MAX_SHOWN:
        raise DecodeError(f"body.shown: a list of at most {MAX_SHOWN} cards")
    out: list[tuple[int, str]] = []
    for i, pair in enumerate(value):
        if (not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], int)
                or isinstance(pair[0], bool) or not 0 <= pair[0] <= MAX_PIECE
                or not isinstance(pair[1], str) or len(pair[1]) > 16):
            raise DecodeError(f"body.shown[{i}]: a piece number and a card number")
        out.append((pair[0], parse_card_number(pair[1])))
    return tuple(out)


def decode_entry(kind: Any, body: Any) -> Decoded:
    """The entry ``(kind, body)`` of a decoded JSON body, checked field by field."""
    k = _kind(kind)
    if not isinstance(body, dict):
        raise DecodeError("body: expected an object")
    if k is SorceryKind.SEARCH:
        if body:
            raise DecodeError("body: a search has no fields")
        return SearchAsked()
    if k is SorceryKind.LOOK:
        if set(body) != {"count"}:
            raise DecodeError("body: a look has exactly the field count")
        return LookAsked(Int(1, MAX_LOOK).parse(body["count"], "body.count"))
    if k is SorceryKind.ACT:
        if set(body) != {"action", "shown"}:
            raise DecodeError("body: an act has exactly the fields action and shown")
        text = Str(MAX_TEXT, 1).parse(body["action"], "body.action")
        return Act(parse_action(text), _shown(body["shown"]))
    if set(body) != {"deck", "message"}:
        raise DecodeError("body: a deck step has exactly the fields deck and message")
    deck = Int(0, 1).parse(body["deck"], "body.deck")
    message = decode_body(body["message"])
    if message.kind != DECK_KIND[k]:
        raise DecodeError(f"body.message: a {message.kind} message in a {k} entry")
    return DeckStep(deck, message)


def body_schema(kind: SorceryKind) -> dict[str, Any]:
    """The JSON Schema of a ``kind`` body, as :func:`decode_entry` checks it (an act's
    action text is read by the notation of SORCERY.md §3, which no schema states)."""
    def closed(fields: dict[str, Any]) -> dict[str, Any]:
        return {"type": "object", "properties": fields, "required": sorted(fields),
                "additionalProperties": False}

    if kind is SorceryKind.SEARCH:
        return closed({})
    if kind is SorceryKind.LOOK:
        return closed({"count": Int(1, MAX_LOOK).json_schema()})
    if kind is SorceryKind.ACT:
        card = {"type": "string", "pattern": "^[0-9]{6}$"}
        pair = {"type": "array", "prefixItems": [Int(0, MAX_PIECE).json_schema(), card],
                "items": False, "minItems": 2}
        action = {**Str(MAX_TEXT, 1).json_schema(),
                  "description": "one action in its text form: SORCERY.md §3.1"}
        return closed({"action": action,
                       "shown": {"type": "array", "items": pair, "maxItems": MAX_SHOWN}})
    message = deck_bodies.json_schemas()[f"deck-{DECK_KIND[kind]}.json"]
    return closed({"deck": Int(0, 1).json_schema(), "message": message})


def decode_entry_bytes(kind: Any, data: bytes) -> Decoded:
    """:func:`decode_entry` of a body in canonical JSON bytes, at most
    :data:`MAX_BODY_BYTES`."""
    return decode_entry(kind, canonical.decode(data, MAX_BODY_BYTES))


def deck_body(deck: int, message: DeckMessage) -> dict[str, Any]:
    """The body of a step of seat ``deck``'s deck."""
    return {"deck": deck, "message": body_of(message)}


def act_body(action: Action, shown: Sequence[tuple[int, str]] = ()) -> dict[str, Any]:
    """The body of an ``act``."""
    return {"action": format_action(action), "shown": [[p, n] for p, n in shown]}
