"""Fuzzing what a replica does with a peer's entry: ``Table.receive`` on signed mutants.

The entry decoder refuses what is not an entry; these mutants are entries,
validly signed by the seat they name (the golden game's identities are fixed),
with a field of the body or envelope replaced, removed or added. A replica of
the golden game at one of its early positions (coins, shuffles, locks, bids,
plays) must take each as the protocol says, refuse it with a ``PeerFault`` or
``DecodeError``, or keep it for later: nothing else.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given

from tests.fuzz_support import (
    Chooser,
    attempt,
    dump_compact,
    feed_all,
    fuzz_settings,
    golden_lines,
    inputs,
    json_mutated,
)
from tools.gen_vectors import GOLDEN_CONFIG, GOLDEN_SEED
from wizard_p2p.identity import Identity
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables.wizard.harness import seeded_bytes
from wizard_p2p.tables.wizard.table import WizardTable

LINES = golden_lines()
IDENTITIES = [
    Identity.from_seed(seeded_bytes(f"id {GOLDEN_SEED}", i)) for i in range(GOLDEN_CONFIG.seats)
]
SIG_SUFFIX = len(',"sig":"') + m.SIG_HEX + len('"}')
# The positions fuzzed: the first and the last of each kind in the golden game's first
# entries (coins, shuffles, locks, bids, bid openings, plays).
_KINDS = [(json.loads(line)["kind"], pos) for pos, line in enumerate(LINES[1:40], start=1)]
POSITIONS = sorted({*dict(_KINDS).values(), *dict(reversed(_KINDS)).values()})


def _replica(position: int) -> Table:
    table = WizardTable(LINES[0])
    for line in LINES[1:position]:
        table.receive(line)
    return table


REPLICAS = {pos: _replica(pos) for pos in POSITIONS}
SIGNED = {pos: json.loads(LINES[pos][:-SIG_SUFFIX] + b"}") for pos in POSITIONS}
_MUTANTS = {pos: json_mutated([SIGNED[pos]], dump_compact, max_ops=2) for pos in POSITIONS}
# Values of the golden entries, to put where they do not belong (a point of another
# deck, a key of another lock, another entry's hash).
_HEX = sorted({v for line in LINES[:40] for v in json.loads(line)["body"].get("deck", [])}
              | {json.loads(line)["prev"] for line in LINES[:40]})


def _plausible(pick: Chooser, value: Any) -> Any:
    """A value of the same type as ``value``, near it: what a modified client would send."""
    if isinstance(value, bool) or value is None:
        return pick.choice([True, False, None])
    if isinstance(value, int):
        return pick.choice([value - 1, value + 1, 0, pick.integer(-2, 70)])
    if isinstance(value, str):
        if pick.integer(0, 1) and len(value) == 64:
            return pick.choice(_HEX)
        i = pick.integer(0, max(len(value) - 1, 0))
        return value[:i] + pick.choice("0123456789abcdef") + value[i + 1 :]
    if isinstance(value, list) and value:
        value = list(value)
        op = pick.integer(0, 3)
        i, j = pick.integer(0, len(value) - 1), pick.integer(0, len(value) - 1)
        if op == 0:
            del value[i]
        elif op == 1:
            value[i] = value[j]
        elif op == 2:
            value[i], value[j] = value[j], value[i]
        else:
            value[i] = None
        return value
    return value


def _near_mutant(position: int, pick: Chooser) -> bytes:
    """The entry at ``position`` with 1..3 of its values nudged (the body's mostly)."""
    value = copy.deepcopy(SIGNED[position])
    for _ in range(pick.integer(1, 3)):
        target = value["body"] if pick.integer(0, 3) else value
        if not target:
            continue
        key = pick.choice(sorted(target))
        if isinstance(target[key], list) and target[key] and pick.integer(0, 1):
            inner = target[key]
            i = pick.integer(0, len(inner) - 1)
            inner[i] = _plausible(pick, inner[i])
        elif key != "body":
            target[key] = _plausible(pick, target[key])
    return dump_compact(value)


def _signed_mutant(pick: Chooser) -> tuple[int, bytes]:
    position = pick.choice(POSITIONS)
    near = pick.integer(0, 3) > 0
    unsigned = _near_mutant(position, pick) if near else _MUTANTS[position](pick)
    try:
        seat = json.loads(unsigned)["seat"]
    except (ValueError, TypeError, KeyError, RecursionError):
        seat = None
    if type(seat) is not int or not 0 <= seat < len(IDENTITIES):
        seat = json.loads(LINES[position])["seat"]
    signature = IDENTITIES[seat].sign(m.ENTRY_DOMAIN, unsigned)
    return position, unsigned[:-1] + b',"sig":"' + signature.hex().encode() + b'"}'


def _receive(item: tuple[int, bytes]) -> None:
    position, line = item
    replica = copy.deepcopy(REPLICAS[position])
    attempt(replica.receive, line)


@fuzz_settings()
@given(inputs(_signed_mutant))
def test_replica_receives_signed_mutants(batch: list[tuple[int, bytes]]) -> None:
    feed_all("entries into a replica", _receive, batch)


def test_the_unmutated_entries_are_taken() -> None:
    for pos in POSITIONS:
        replica = copy.deepcopy(REPLICAS[pos])
        replica.receive(LINES[pos])
        assert len(replica.log) == pos + 1
