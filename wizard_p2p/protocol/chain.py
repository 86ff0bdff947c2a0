"""The log as a hash chain: who may be blamed for an entry, how entries link, and the
entries held for positions not reached yet.

An entry is authenticated (signed by the seat it names, for this game) before any
fault is blamed on that seat. Two different entries signed by one seat for one
position are proof of equivocation; an entry that does not link to ours at the
previous position is a fork, which names nobody (either of two authors may have
signed twice). Entries for later positions are kept until their turn comes:
delivery order does not matter.
"""

from __future__ import annotations

from typing import NoReturn

from wizard_p2p.errors import DecodeError, PeerFault
from wizard_p2p.identity import BadSignature
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.faults import Equivocation, OutOfTurn
from wizard_p2p.protocol.genesis import Genesis
from wizard_p2p.protocol.kinds import CoreKind, FaultKind

MAX_BUFFERED = 4096  # entries kept for later positions (out-of-order delivery)
MAX_BUFFERED_BYTES = 4 << 20  # and their bytes, together


class Chain:
    """The entries of one game's log, each with its hash and (author, kind)."""

    def __init__(self, genesis: Genesis) -> None:
        self.game_id = genesis.game_id
        self._sign_keys = genesis.sign_keys
        self.entries: list[bytes] = [genesis.entry.raw]
        self.hashes: list[bytes] = [genesis.entry.hash]
        self._bodies = genesis.bodies
        self.meta: list[tuple[int, str]] = [(0, genesis.entry.kind)]
        self._future: dict[int, dict[int, bytes]] = {}  # position → seat → entry
        self._held = 0  # entries in _future, and their bytes
        self._held_bytes = 0

    def __len__(self) -> int:
        return len(self.entries)

    def authenticate(self, entry: m.Entry) -> None:
        """The entry is signed by the seat it names, for this game: only then blame it."""
        if entry.seat >= len(self._sign_keys):
            raise PeerFault(
                "no such seat", seat=None, position=entry.pos, kind=FaultKind.BAD_SIGNATURE
            )
        try:
            m.check_entry_signature(entry, self._sign_keys[entry.seat])
        except BadSignature:
            # Anyone can write a seat's number on a line, or change any byte of a signed
            # one (its game id too): it proves nothing against the seat.
            raise PeerFault(
                f"its signature does not verify as seat {entry.seat + 1}'s (forged, or "
                "altered after signing)",
                seat=None,
                position=entry.pos,
                kind=FaultKind.BAD_SIGNATURE,
            ) from None
        # Only now that the seat's signature covers the game id may it be named for it.
        if entry.game != self.game_id:
            raise PeerFault(
                "an entry of another game (replayed)",
                seat=entry.seat,
                position=entry.pos,
                kind=FaultKind.REPLAY,
            )

    def blame_undecodable(self, raw: bytes, error: DecodeError) -> NoReturn:
        """A line that does not decode as an entry: blame its author if its signature
        proves who that is, else re-raise ``error`` (it names nobody).

        The signed bytes are fixed (the line without its signature suffix), so the
        signature is checked without reading the body: a seat that signed an unknown
        field, a wrong type or a non-canonical spelling for this game wrote it. A line
        signed for another protocol version is refused as such (``OtherVersion``).
        """
        header = m.read_header(raw)
        if header is None or not 0 <= header.seat < len(self._sign_keys):
            raise error
        try:
            m.check_entry_signature(header, self._sign_keys[header.seat])
        except BadSignature:
            raise error from None
        if header.game is None:
            raise error  # bound to no game: it could be lifted from any log
        version = header.version
        if header.game == self.game_id and version is not None and version != m.VERSION:
            raise m.OtherVersion(version, header.pos)
        if header.game != self.game_id:
            raise PeerFault(
                "an entry of another game (replayed)",
                seat=header.seat,
                position=header.pos,
                kind=FaultKind.REPLAY,
            )
        raise PeerFault(
            f"signed a malformed entry: {error}",
            seat=header.seat,
            position=header.pos,
            kind=FaultKind.MALFORMED,
        ) from error

    def check_link(self, entry: m.Entry) -> None:
        """The entry (for the next position) chains to our last entry."""
        if entry.prev != self.hashes[-1]:
            # Its author holds another entry for the previous position than we do: one of
            # the two authors signed two entries there, but which one this cannot prove.
            raise PeerFault(
                f"seat {entry.seat + 1}'s entry does not chain to our entry at line "
                f"{entry.pos} (a fork: two different entries were signed there)",
                seat=None,
                position=entry.pos,
                kind=FaultKind.FORK,
            )

    def check_fork(self, entry: m.Entry, held: bytes) -> None:
        """``entry`` (authenticated) differs from the entry ``held`` for its position."""
        old = m.decode_entry(held, self._bodies)
        if old.seat == entry.seat:
            raise Equivocation(
                "signed two different entries for one position",
                seat=entry.seat,
                position=entry.pos,
                first=held,
                second=entry.raw,
            )
        if old.kind == CoreKind.PROOF:
            # The game ended there on a proof of equivocation; nothing more is taken.
            raise PeerFault(
                "came where the game ended on a proof of equivocation",
                seat=entry.seat, position=entry.pos, kind=FaultKind.AFTER_END,
            )
        if old.kind == CoreKind.ABORT and old.body.get("stalled") == entry.seat:
            # The others ended the game there, naming this seat as stalled: its entry came
            # too late (a slow seat, not a cheat), and proves nothing against it.
            raise PeerFault(
                "came after the game was ended at this position, naming its seat as stalled",
                seat=entry.seat, position=entry.pos, kind=FaultKind.AFTER_END,
            )
        if entry.pos < len(self.entries):
            raise OutOfTurn(
                f"wrote line {entry.pos + 1}, which seat {old.seat + 1} holds",
                seat=entry.seat,
                position=entry.pos,
                kind=FaultKind.OUT_OF_TURN,
            )

    def check_held(self, entry: m.Entry) -> None:
        """An entry kept for a later position by the same seat must be this one."""
        waiting = self._future.get(entry.pos, {})
        if entry.seat in waiting and waiting[entry.seat] != entry.raw:
            self.check_fork(entry, waiting[entry.seat])

    def hold(self, entry: m.Entry) -> None:
        """Keep an authenticated entry for a later position (up to ``MAX_BUFFERED`` entries
        and ``MAX_BUFFERED_BYTES``)."""
        waiting = self._future.setdefault(entry.pos, {})
        if entry.seat in waiting:
            return  # the same entry (check_held refused any other)
        if self._held < MAX_BUFFERED and self._held_bytes + len(entry.raw) <= MAX_BUFFERED_BYTES:
            waiting[entry.seat] = entry.raw
            self._held += 1
            self._held_bytes += len(entry.raw)
        elif not waiting:
            del self._future[entry.pos]

    def take_held(self) -> dict[int, bytes] | None:
        """The entries held for the next position (seat → entry), if any."""
        return self._release(len(self.entries))

    def drop_stale(self) -> None:
        """Forget entries held for positions the log has passed."""
        for pos in [p for p in self._future if p < len(self.entries)]:
            self._release(pos)

    def _release(self, pos: int) -> dict[int, bytes] | None:
        waiting = self._future.pop(pos, None)
        if waiting:
            self._held -= len(waiting)
            self._held_bytes -= sum(map(len, waiting.values()))
        return waiting

    def append(self, entry: m.Entry) -> None:
        self.entries.append(entry.raw)
        self.hashes.append(entry.hash)
        self.meta.append((entry.seat, entry.kind))


__all__ = ["MAX_BUFFERED", "Chain"]
