"""Helpers shared by the protocol and audit tests: games stopped at a point, malicious seats.

A malicious seat is played with its own identity and secrets (``MemoryGame``
exposes them): ``forge`` signs any entry as that seat, at the next position of a
given table's log; ``replace_own_entry`` is an ``outputs_filter`` that swaps one of
the seat's own entries for a tampered, re-signed one and rebuilds the seat's table
around it (as a modified client would have written it), so the game goes on and
the honest replicas find the fault when the round is revealed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wizard_p2p import canonical
from wizard_p2p.errors import PeerFault
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import Broadcast, Faulted
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame, OutputsFilter, random_chooser


def new_game(seats: int = 3, *variants: str, seed: int = 1) -> MemoryGame:
    config = GameConfig.with_variants(seats, list(variants))
    return MemoryGame.create(config, random_chooser(seed), seed=seed)


def forge(
    game: MemoryGame,
    seat: int,
    kind: str,
    body: dict[str, Any],
    *,
    log_of: Table | None = None,
    pos: int | None = None,
    signer: int | None = None,
) -> bytes:
    """An entry signed by ``signer`` (default ``seat``) that names ``seat`` as its author.

    It goes at the next position of ``log_of``'s log (default: ``seat``'s own table).
    """
    table = log_of if log_of is not None else game.tables[seat]
    at = len(table.log) if pos is None else pos
    prev = m.entry_hash(table.log[at - 1]) if at <= len(table.log) else bytes(32)
    return m.encode_entry(
        game.identities[seat if signer is None else signer],
        game=table.game_id,
        pos=at,
        prev=prev,
        seat=seat,
        kind=kind,
        body=body,
    )


def genesis_of_version(game: MemoryGame, version: int) -> bytes:
    """The game's genesis as another protocol version would have written it: the same
    bytes with its ``v``, signed by its host (a genuine log of that version)."""
    this, other = b'"v":%d' % m.VERSION, b'"v":%d' % version
    signed, _ = m.split_signature(game.tables[0].log[0].replace(this, other, 1))
    signature = game.identities[0].sign(m.ENTRY_DOMAIN, signed)
    return signed[:-1] + b',"sig":"' + signature.hex().encode() + b'"}'


def body_json(raw: bytes) -> dict[str, Any]:
    """An entry's body as plain JSON values (hex strings, lists), ready to be re-signed."""
    signed, _ = m.split_signature(raw)
    return canonical.decode(signed, m.MAX_ENTRY_BYTES)["body"]


@dataclass
class Tamper:
    """Which own entry of ``seat`` to replace, and how to change its body."""

    seat: int
    kind: str
    mutate: Callable[[dict[str, Any], Table], dict[str, Any]]
    round_no: int | None = None
    done: bytes | None = None  # the tampered entry, once sent
    only_if: Callable[[dict[str, Any]], bool] | None = None  # which bodies of that kind


def replace_own_entry(game: MemoryGame, tamper: Tamper) -> OutputsFilter:
    """An outputs filter that plays ``tamper.seat`` as a cheater (once)."""

    def select(sender: int, outputs: list[Broadcast]) -> list[Broadcast]:
        if sender != tamper.seat or tamper.done is not None:
            return outputs
        for index, out in enumerate(outputs):
            entry = m.decode_entry(out.entry, BODIES)
            if entry.kind != tamper.kind:
                continue
            if tamper.round_no is not None and entry.body.get("round") != tamper.round_no:
                continue
            if tamper.only_if is not None and not tamper.only_if(entry.body):
                continue
            old = game.tables[sender]
            body = tamper.mutate(body_json(out.entry), old)
            raw = forge(game, sender, entry.kind, body, log_of=old, pos=entry.pos)
            tamper.done = raw
            # The cheater's client carries on from the tampered entry: rebuild its table
            # from its log up to there (fed last to first, so that the tampered entry is
            # buffered before its own honest one could be written again).
            entries = [*old.log[1 : entry.pos], raw]
            rebuilt = game.restart(sender, reversed(entries))
            return [*outputs[:index], Broadcast(entry.pos, raw, out.kind), *rebuilt]
        return outputs

    return select


def settled(game: MemoryGame, condition: Callable[[], bool]) -> Callable[[], bool]:
    """Stop condition: nothing is in flight and ``condition()`` holds."""
    return lambda: game.pending == 0 and condition()


def honest_seats(game: MemoryGame, cheater: int) -> list[int]:
    return [s for s in range(len(game.tables)) if s != cheater]


def rejections(game: MemoryGame, receiver: int) -> list[Any]:
    return [exc for seat, exc in game.rejected if seat == receiver]


def detected_by_all(game: MemoryGame, seats: list[int]) -> Callable[[], bool]:
    """Stop condition: every seat of ``seats`` has refused an entry or found a fault."""

    def check() -> bool:
        return all(cheat_found(game.tables[s]) is not None or rejections(game, s) for s in seats)

    return check


def snapshot(table: Table) -> tuple[Any, ...]:
    """What a refused entry must leave unchanged."""
    rnd = table.round
    return (
        tuple(table.log),
        table.stage,
        table.expected(),
        table.progress(),
        table.completed_rounds,
        None
        if table.game is None
        else (table.game.phase, table.game.to_move, len(table.game.trick)),
        None
        if rnd is None
        else (len(rnd.shuffles), len(rnd.locks), len(rnd.played), len(rnd.reveals)),
        table.outcome,
    )


def cheat_found(table: Table) -> PeerFault | None:
    """The fault that ended ``table``'s game, if a cheat did (read from its outcome)."""
    outcome = table.outcome
    return outcome.fault if isinstance(outcome, Faulted) else None
