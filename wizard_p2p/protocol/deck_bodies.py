"""The bodies of a private deck's messages on the wire (CRYPTO.md §13), and their bounded
decoders.

A body is a JSON object with a ``kind`` (a :class:`~wizard_p2p.crypto.deck_messages.Kind`)
and the message's fields, byte strings in lowercase hex, an address as ``[epoch,
position]``. :func:`decode_body` checks every field's type, size and range before a
message exists; :func:`decode_deck_message` first reads canonical JSON bytes within
:data:`MAX_BODY_BYTES`. What the message means, and whose fault it is if it does not fit,
is the deck's state machine's (:class:`~wizard_p2p.crypto.private_deck.PrivateDeck`).
"""

from __future__ import annotations

from typing import Any

from wizard_p2p import canonical
from wizard_p2p.crypto.deck_messages import (
    Address,
    Arranged,
    Committed,
    DeckMessage,
    DeckOpened,
    Greeted,
    Kind,
    Opened,
    Pass,
    Placed,
    Purpose,
    Returned,
    Revealed,
    Sealed,
)
from wizard_p2p.crypto.deck_points import MAX_CARD_BYTES, MAX_DECK, MAX_EPOCHS
from wizard_p2p.crypto.group import POINT_BYTES, SCALAR_BYTES
from wizard_p2p.crypto.keys import SECRET_BYTES
from wizard_p2p.crypto.relayer import Step
from wizard_p2p.crypto.sealing import SEAL_OVERHEAD
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.schema import Field, Hex, Int, List, Obj, Str

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_EPOCHS",
    "body_of",
    "decode_body",
    "decode_deck_message",
    "json_schemas",
]

# The largest body: a pass or the owner's lists of MAX_DECK cards, in hex, with room.
MAX_BODY_BYTES = 2 * MAX_DECK * (2 * MAX_CARD_BYTES + 3) + 4096

_CARD = Hex(1, MAX_CARD_BYTES)
# [epoch, position]: the position's range is checked when the address is made.
_ADDRESS = List(Int(0, MAX_EPOCHS - 1), 2, 2)
_ORDER_BOX_MAX = SEAL_OVERHEAD + 4 * MAX_DECK

_FIELDS: dict[Kind, dict[str, Field]] = {
    Kind.COMMITTED: {
        "size": Int(1, MAX_DECK),
        "commitment": Hex(32),
        "box_key": Hex(POINT_BYTES),
    },
    Kind.GREETED: {"box_key": Hex(POINT_BYTES)},
    Kind.PASS: {
        "epoch": Int(0, MAX_EPOCHS - 1),
        "step": Int(1, 4),
        "points": List(Hex(POINT_BYTES), 1, MAX_DECK),
    },
    Kind.SEALED: {
        "purpose": Str(8, 1, tuple(Purpose)),
        "count": Int(1, MAX_DECK),
        "box": Hex(SEAL_OVERHEAD + SCALAR_BYTES, SEAL_OVERHEAD + SCALAR_BYTES * MAX_DECK),
    },
    Kind.ARRANGED: {
        "taken": List(Int(0, MAX_DECK - 1), 0, MAX_DECK),
        "bottom": Int(0, MAX_DECK),
        "order_box": Hex(0, _ORDER_BOX_MAX),
    },
    Kind.OPENED: {
        "address": _ADDRESS,
        "card": _CARD,
        "copy": Int(0, MAX_DECK - 1),
        "owner_key": Hex(SCALAR_BYTES),
        "other_key": Hex(SCALAR_BYTES),
    },
    Kind.RETURNED: {"addresses": List(_ADDRESS, 0, MAX_DECK)},
    Kind.PLACED: {"addresses": List(_ADDRESS, 1, MAX_DECK), "bottom": Int(0, MAX_DECK)},
    Kind.REVEALED: {"secret": Hex(SECRET_BYTES)},
    Kind.DECK_OPENED: {
        "secret": Hex(SECRET_BYTES),
        "main": List(_CARD, 1, MAX_DECK),
        "pool": List(_CARD, 0, MAX_DECK),
    },
}

_SCHEMAS: dict[Kind, Obj] = {
    kind: Obj({"kind": Str(16, 1, (str(kind),)), **fields}) for kind, fields in _FIELDS.items()
}


def _address(pair: tuple[int, int], path: str) -> Address:
    epoch, position = pair
    if position >= MAX_DECK:
        raise DecodeError(f"{path}: position {position} is outside 0..{MAX_DECK - 1}")
    return Address(epoch, position)


def decode_body(value: Any) -> DeckMessage:
    """The message a decoded JSON body holds; :class:`~wizard_p2p.errors.DecodeError`
    naming the field for anything out of shape, size or range."""
    if not isinstance(value, dict):
        raise DecodeError("a deck message is an object")
    name = value.get("kind")
    if not isinstance(name, str) or name not in set(Kind):
        raise DecodeError("body.kind: not a deck message kind")
    kind = Kind(name)
    f = _SCHEMAS[kind].parse(value, "body")
    if kind is Kind.COMMITTED:
        return Committed(f["size"], f["commitment"], f["box_key"])
    if kind is Kind.GREETED:
        return Greeted(f["box_key"])
    if kind is Kind.PASS:
        return Pass(f["epoch"], Step(f["step"]), f["points"])
    if kind is Kind.SEALED:
        return Sealed(Purpose(f["purpose"]), f["count"], f["box"])
    if kind is Kind.ARRANGED:
        return Arranged(f["taken"], f["bottom"], f["order_box"])
    if kind is Kind.OPENED:
        address = _address(f["address"], "body.address")
        return Opened(address, f["card"], f["copy"], f["owner_key"], f["other_key"])
    if kind is Kind.RETURNED:
        return Returned(
            tuple(_address(a, f"body.addresses[{i}]") for i, a in enumerate(f["addresses"]))
        )
    if kind is Kind.PLACED:
        return Placed(
            tuple(_address(a, f"body.addresses[{i}]") for i, a in enumerate(f["addresses"])),
            f["bottom"],
        )
    if kind is Kind.REVEALED:
        return Revealed(f["secret"])
    return DeckOpened(f["secret"], f["main"], f["pool"])


def decode_deck_message(data: bytes) -> DeckMessage:
    """:func:`decode_body` of canonical JSON bytes, at most :data:`MAX_BODY_BYTES`."""
    return decode_body(canonical.decode(data, MAX_BODY_BYTES))


def body_of(message: DeckMessage) -> dict[str, Any]:
    """The JSON body of a message (byte strings as lowercase hex)."""
    body: dict[str, Any] = {"kind": str(message.kind)}
    if isinstance(message, Committed):
        body.update(size=message.size, commitment=message.commitment.hex(),
                    box_key=message.box_key.hex())
    elif isinstance(message, Greeted):
        body.update(box_key=message.box_key.hex())
    elif isinstance(message, Pass):
        body.update(epoch=message.epoch, step=int(message.step),
                    points=[p.hex() for p in message.points])
    elif isinstance(message, Sealed):
        body.update(purpose=str(message.purpose), count=message.count, box=message.box.hex())
    elif isinstance(message, Arranged):
        body.update(taken=list(message.taken), bottom=message.bottom,
                    order_box=message.order_box.hex())
    elif isinstance(message, Opened):
        body.update(address=list(message.address), card=message.card.hex(), copy=message.copy,
                    owner_key=message.owner_key.hex(), other_key=message.other_key.hex())
    elif isinstance(message, Returned):
        body.update(addresses=[list(a) for a in message.addresses])
    elif isinstance(message, Placed):
        body.update(addresses=[list(a) for a in message.addresses], bottom=message.bottom)
    elif isinstance(message, Revealed):
        body.update(secret=message.secret.hex())
    else:
        body.update(secret=message.secret.hex(), main=[c.hex() for c in message.main],
                    pool=[c.hex() for c in message.pool])
    return body


def json_schemas() -> dict[str, dict[str, Any]]:
    """Each body's JSON Schema, by file name (``deck-<kind>.json``)."""
    return {f"deck-{kind}.json": schema.json_schema() for kind, schema in _SCHEMAS.items()}
