"""The validators of the kinds every game's log shares, and the stages each may come in
(``CORE_HANDLERS``), in the manner of aioquic's frame handlers.

A validator checks an entry against the table's state and raises if it is wrong
(``PeerFault``, or an ``IllegalAction``/``CryptoError``/``DecodeError`` the table turns
into one naming the author); it changes nothing. It returns the function that applies
the entry, which the table calls once the entry is in the log: a refused entry leaves
the table as it was. These drive the core ``Table`` (a ``Core``); a game's own kinds
are its replica's (``game.GameReplica.validate``), through a table of ``Handler``
values of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.endings import Proof, read_proof
from wizard_p2p.protocol.kinds import CoreKind, Stage

# What a validator returns: the change an entry makes, applied once it is in the log
# (a refused entry changes nothing).
Apply = Callable[[], None]


class Core(Protocol):
    """What the validators of the kinds every game shares drive: the core table."""

    def authenticate(self, entry: m.Entry) -> None:
        """Check an entry's signature and game (a proof's entries)."""

    def decode(self, raw: bytes) -> m.Entry:
        """An entry line of the game, by its body table."""

    def aborted(self, writer: int, stalled: int, reason: str) -> None:
        """``writer`` ended the game naming ``stalled`` as holding it up."""

    def proven(self, writer: int, proof: Proof) -> None:
        """``writer`` proved a seat signed two entries for one position."""


T = TypeVar("T", contravariant=True)


@dataclass(frozen=True)
class Handler(Generic[T]):
    """One kind's validator over the state ``T`` it reads, and the stages it may come in
    (the core's, or a game's own within ``Stage.PLAY``)."""

    validate: Callable[[T, m.Entry], Apply]
    stages: frozenset[str]


def on_genesis(t: Core, entry: m.Entry) -> Apply:
    raise DecodeError("a genesis entry can only be the first")


def on_abort(t: Core, entry: m.Entry) -> Apply:
    return lambda: t.aborted(entry.seat, entry.body["stalled"], entry.body["reason"])


def on_proof(t: Core, entry: m.Entry) -> Apply:
    proof = read_proof(entry.body["entries"], entry.pos, t.authenticate, t.decode)
    return lambda: t.proven(entry.seat, proof)


# An ending may come wherever the game has not ended yet.
_UNTIL_THE_END = frozenset(stage for stage in Stage if not stage.ended)

CORE_HANDLERS: Mapping[str, Handler[Core]] = {
    CoreKind.GENESIS: Handler(on_genesis, frozenset()),
    CoreKind.ABORT: Handler(on_abort, _UNTIL_THE_END),
    CoreKind.PROOF: Handler(on_proof, _UNTIL_THE_END),
}


__all__ = ["CORE_HANDLERS", "Apply", "Core", "Handler"]
