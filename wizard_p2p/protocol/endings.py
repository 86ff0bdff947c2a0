"""Which of two entries for one position stands, when copies of a game disagree.

Only the entries that end a game may stand in place of another entry at their position
(SPEC §6.2): an ``abort`` of the seat due there, and a ``proof`` that a seat signed two
different entries for one position (§6.3). Where copies hold different entries at a
position, the one that stands is the least by ``rank``: a proof before an abort before
any other entry, then the lower writer's, then the smaller line. Every copy, and every
auditor, computes it from the entries alone, with no clock.

An abort does not stand against a copy in which its own writer signed an entry after its
position: that entry builds on the entry the abort says never came.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from wizard_p2p.errors import DecodeError, PeerFault
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.kinds import ENDING_KINDS, CoreKind

_RANK: dict[str, int] = {CoreKind.PROOF: 0, CoreKind.ABORT: 1}


def rank(entry: m.Entry) -> tuple[int, int, bytes]:
    """The order of entries competing for one position: the least stands."""
    return (_RANK.get(entry.kind, 2), entry.seat, entry.raw)


def is_ending(entry: m.Entry) -> bool:
    return entry.kind in ENDING_KINDS


def stands_over(new: m.Entry, held: m.Entry, later_writers: Iterable[int] = ()) -> bool:
    """Whether ``new`` stands in place of ``held`` at their position (both valid there).

    ``later_writers``: the seats that signed the entries after ``held`` in its copy. Two
    entries of one seat that are not proofs never stand over each other: they prove its
    equivocation (§6.3).
    """
    if not is_ending(new) or new.raw == held.raw:
        return False
    if new.seat == held.seat and new.kind != CoreKind.PROOF and held.kind != CoreKind.PROOF:
        return False
    if new.kind == CoreKind.ABORT and new.seat in set(later_writers):
        return False
    return rank(new) < rank(held)


@dataclass(frozen=True)
class Proof:
    """What a ``proof`` entry proves: ``seat`` signed both ``entries`` for ``position``."""

    seat: int
    position: int
    entries: tuple[bytes, bytes]


def read_proof(
    lines: Iterable[str], position: int, authenticate: Callable[[m.Entry], None],
    decode: Callable[[bytes], m.Entry],
) -> Proof:
    """Check a proof's two lines for ``position``; raise ``DecodeError`` saying why they
    prove nothing. ``authenticate`` raises unless an entry is signed by its seat for this
    game; ``decode`` reads an entry of the game."""
    raws = tuple(line.encode() for line in lines)
    if len(raws) != 2 or raws[0] >= raws[1]:
        raise DecodeError("a proof holds two different entries, in byte order")
    entries = []
    for raw in raws:
        entry = decode(raw)
        try:
            authenticate(entry)
        except PeerFault as exc:  # the line proves nothing against anyone
            raise DecodeError(f"an entry of the proof is not its seat's: {exc}") from None
        if entry.kind == CoreKind.PROOF:
            raise DecodeError("a proof cannot hold a proof")
        if entry.pos != position:
            raise DecodeError(
                f"an entry of the proof is for position {entry.pos}, not {position}"
            )
        entries.append(entry)
    first, second = entries
    if first.seat != second.seat:
        raise DecodeError("the entries of a proof are signed by two seats")
    return Proof(first.seat, position, (raws[0], raws[1]))


def abort_body(stalled: int, reason: str) -> dict[str, int | str]:
    """The body of an abort that ends the game naming ``stalled`` (SPEC §6.1)."""
    return {"stalled": stalled, "reason": reason}


def proof_body(first: bytes, second: bytes) -> dict[str, list[str]]:
    """The body of the proof that one seat signed ``first`` and ``second``."""
    a, b = sorted((first, second))
    return {"entries": [a.decode(), b.decode()]}


__all__ = ["Proof", "abort_body", "is_ending", "proof_body", "rank", "read_proof", "stands_over"]
