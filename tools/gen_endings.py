"""``python -m tools.gen_endings``: regenerate ``protocol/vectors/endings/``.

Sets of copies of one game that end differently, as the seats of a seeded in-memory
game would hold them: a seat that resumed after the others ended the game without it,
two seats that each ended a stalled game, a seat that signed two entries for one
position (with and without the proofs the others wrote), an abort its own writer
refuted, copies that agree, and copies of two games. ``manifest.json`` lists each set
with the verdict of ``wizard-p2p audit LOG LOG …`` (``SPEC.md`` §6.2, §8.3): the exit
code, the status, the first fork, the ending that stands and the aborts that do not.

Deterministic: the games are the conformance suite's seeded games, and every entry
made here is signed with Ed25519, which is deterministic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.conformance_forges import entries, fields, resign
from tools.gen_conformance import base_game, honest_log
from tools.gen_vectors import log_bytes
from tools.generated import generator_main, write_files
from wizard_p2p.copies import CopiesReport, compare, copy_of_lines
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.endings import proof_body
from wizard_p2p.tables.wizard.harness import MemoryGame

ENDINGS_DIR = Path("protocol/vectors/endings")
Json = dict[str, Any]


@dataclass
class Vector:
    name: str
    description: str
    copies: list[list[bytes]]


def signed(game: MemoryGame, log: list[bytes], pos: int, seat: int, kind: str,
           body: Json) -> bytes:
    """An entry of ``seat`` for ``pos``, chained to ``log[pos - 1]``."""
    obj = fields(log[1])
    obj.update(pos=pos, prev=m.entry_hash(log[pos - 1]).hex(), seat=seat, kind=kind,
               body=body)
    return resign(game, obj)


def _play_before_another_seat(log: list[bytes]) -> int:
    """A play of round 2 whose next entry is another seat's."""
    es = entries(log)
    return next(
        i for i, e in enumerate(es)
        if i and e.kind == "play" and e.body.get("round") == 2 and es[i + 1].seat != e.seat
    )


def _bid(log: list[bytes]) -> int:
    es = entries(log)
    return next(i for i, e in enumerate(es) if i and e.kind == "bid" and e.body["round"] == 2)


def vectors() -> list[Vector]:
    game = base_game("3")
    log = honest_log(game)
    es = entries(log)
    p = _play_before_another_seat(log)
    stalled, after = es[p].seat, es[p + 1].seat
    others = [s for s in range(3) if s != stalled]

    def abort(writer: int, who: int, at: int, base: list[bytes]) -> bytes:
        return signed(game, base, at, writer, "abort", {"reason": "stalled", "stalled": who})

    b = _bid(log)
    bidder = es[b].seat
    other_bid = dict(es[b].body, bid=1 - es[b].body["bid"] if es[b].body["bid"] < 2 else 0)
    twin = signed(game, log, b, bidder, "bid", other_bid)
    honest = [s for s in range(3) if s != bidder]

    def proof(writer: int) -> bytes:
        return signed(game, log, b, writer, "proof", proof_body(log[b], twin))

    other_game = honest_log(base_game("3-pm1"))
    return [
        Vector("resumed-seat", f"seat {stalled + 1} stalled at position {p}; seat "
               f"{others[0] + 1} ended the game there; seat {stalled + 1} resumed alone, "
               f"played, and ended the game at {p + 1} naming seat {after + 1}",
               [[*log[:p], abort(others[0], stalled, p, log)],
                [*log[: p + 1], abort(stalled, after, p + 1, log)]]),
        Vector("two-aborts", f"seat {stalled + 1} stalled at position {p}; seats "
               f"{others[1] + 1} and {others[0] + 1} each ended the game there",
               [[*log[:p], abort(others[1], stalled, p, log)],
                [*log[:p], abort(others[0], stalled, p, log)]]),
        Vector("last-seat-ends", f"seat {stalled + 1} stalled at position {p} and the "
               f"lower seat was gone too: seat {others[1] + 1} ended the game",
               [[*log[:p], abort(others[1], stalled, p, log)]]),
        Vector("equivocation", f"seat {bidder + 1} signed two different bids for position "
               f"{b}, one in each copy; nobody wrote a proof",
               [[*log[: b + 1]], [*log[:b], twin]]),
        Vector("proofs", f"seat {bidder + 1} signed two bids for position {b}; seats "
               f"{honest[1] + 1} and {honest[0] + 1} each ended the game with a proof; a "
               "third copy still holds one of the bids",
               [[*log[:b], proof(honest[1])], [*log[:b], proof(honest[0])],
                [*log[: b + 2]]]),
        Vector("refuted-abort", f"seat {after + 1} ended the game at position {p} naming "
               f"seat {stalled + 1}, yet signed position {p + 1} on top of seat "
               f"{stalled + 1}'s entry there",
               [[*log[:p], abort(after, stalled, p, log)], [*log[: p + 2]]]),
        Vector("agreed", "two copies of one game in progress, one behind the other",
               [[*log[:p]], [*log[: p + 3]]]),
        Vector("two-games", "the copies hold different genesis entries",
               [[*log[:p]], [*other_game[:5]]]),
    ]


def expected(report: CopiesReport) -> Json:
    standing = report.standing
    return {
        "exit": report.exit_code,
        "status": report.status,
        "fork": report.forks[0].position if report.forks else None,
        "standing": None if standing is None else {
            "outcome": standing.outcome, "position": standing.position,
            "seat": standing.seat, "writer": standing.writer,
            "kind": None if standing.kind is None else str(standing.kind),
        },
        "refuted": [s.seat for s, _ in report.refuted],
        "copies": [c.status for c in report.copies],
    }


def endings_files() -> dict[Path, bytes]:
    files: dict[Path, bytes] = {}
    manifest = []
    for vector in vectors():
        names = [f"{vector.name}-{i}.jsonl" for i in range(1, len(vector.copies) + 1)]
        pairs = zip(names, vector.copies, strict=True)
        copies = [copy_of_lines(n, lines) for n, lines in pairs]
        manifest.append({"name": vector.name, "description": vector.description,
                         "logs": names, "expected": expected(compare(copies))})
        for name, lines in zip(names, vector.copies, strict=True):
            files[ENDINGS_DIR / name] = log_bytes(lines)
    files[ENDINGS_DIR / "manifest.json"] = (json.dumps({
        "description": "copies of one game that end differently; `expected` is the verdict "
        "of `audit LOG LOG ...` over `logs` (SPEC.md §6.2, §8.3): exit code, status, the "
        "first fork position (null: none), the ending that stands (outcome, position, the "
        "seat it names, the seat that wrote it, the fault kind), the seats whose aborts do "
        "not stand, and each copy's own status",
        "vectors": manifest,
    }, indent=1, ensure_ascii=False) + "\n").encode()
    return files


def write(root: Path) -> list[Path]:
    return write_files(root, endings_files())


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__, write, argv)


if __name__ == "__main__":
    raise SystemExit(main())
