"""``python -m tools.tamper_sweep [LOG] [--values all|N] [--seed S]``: no byte changed without
a key blames a seat.

Changes each byte of each line of a log (by default the golden log), one change at a
time, and audits the changed log: every verdict must name no seat (SPEC §2.1: a seat
is named only for bytes its signature covers, and a changed line's signature covers
none of it). A line is read as the audit reads the file it would be in: a byte
changed to a newline ends the line there.

The audit of the lines before the changed one is shared (``verdict.LogReader`` leaves
itself as it was after refusing a line), so the sweep costs one line's check per
change: with ``--values all`` (every one of the 255 other values of every byte) the
golden log takes hours; the default tries every byte with ``N`` = 2 other values, one
of them the byte with its lowest bit flipped and the other drawn at random (seeded).
Prints each change that blamed a seat, and exits 1 if there was one.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tools.gen_vectors import GOLDEN_DIR
from wizard_p2p.protocol.log import complete_lines
from wizard_p2p.protocol.verdict import LogReader, Stop
from wizard_p2p.tables import open_table

Changes = Callable[[int, bytes], Iterable[tuple[int, int]]]
"""(line's position, its bytes) → the (offset, new byte) changes to try on it."""


@dataclass(frozen=True)
class Blamed:
    """A change that made the audit name a seat."""

    position: int
    offset: int
    value: int
    stop: Stop


def changed(line: bytes, offset: int, value: int) -> bytes:
    """``line`` with one byte changed, cut where the file's next line would begin."""
    raw = line[:offset] + bytes([value]) + line[offset + 1 :]
    return raw.split(b"\n", 1)[0]


def sweep(lines: list[bytes], changes: Changes) -> Iterator[Blamed]:
    """Every change of ``changes`` to a line of ``lines`` whose audit blames a seat. The
    log must audit without a fault as it is."""
    for offset, value in changes(0, lines[0]):
        opened = LogReader.start(
            [changed(lines[0], offset, value), *lines[1:]], open_table=open_table
        )
        if isinstance(opened, Stop):
            if opened.seat is not None:
                yield Blamed(0, offset, value, opened)
        else:
            yield Blamed(0, offset, value, Stop("accepted", "a changed genesis was accepted"))
    reader = LogReader.start(lines, open_table=open_table)
    if isinstance(reader, Stop):
        raise ValueError(f"the log does not audit as it is: {reader.reason}")
    for position in range(1, len(lines)):
        line = lines[position]
        for offset, value in changes(position, line):
            stop = reader.check(position, changed(line, offset, value))
            if stop is None:
                # Accepted: the reader has moved on, and no other change can be tried.
                raise AssertionError(f"a changed line {position + 1} was accepted")
            if stop.seat is not None:
                yield Blamed(position, offset, value, stop)
        original = reader.check(position, line)
        if original is not None:
            raise ValueError(f"the log does not audit as it is: {original.reason}")


def every_value(position: int, line: bytes) -> Iterator[tuple[int, int]]:
    for offset, byte in enumerate(line):
        for value in range(256):
            if value != byte:
                yield offset, value


def some_values(count: int, seed: int) -> Changes:
    """Every byte, ``count`` other values each: its lowest bit flipped, then random ones."""

    def changes(position: int, line: bytes) -> Iterator[tuple[int, int]]:
        rng = random.Random(seed * 1_000_003 + position)
        for offset, byte in enumerate(line):
            values = {byte ^ 0x01}
            while len(values) < count:
                value = rng.randrange(256)
                if value != byte:
                    values.add(value)
            for value in sorted(values):
                yield offset, value

    return changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("log", nargs="?", type=Path, default=GOLDEN_DIR / "game.jsonl")
    parser.add_argument("--values", default="2", help="'all', or how many values per byte")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    lines = complete_lines(args.log.read_bytes())
    changes = every_value if args.values == "all" else some_values(int(args.values), args.seed)
    blamed = 0
    for found in sweep(lines, changes):
        blamed += 1
        print(f"line {found.position + 1}, byte {found.offset} → {found.value:#04x}: "
              f"{found.stop.kind} naming seat {found.stop.seat}: {found.stop.reason}")
    tried = sum(len(line) for line in lines)
    print(f"{len(lines)} lines, {tried} bytes: {blamed} changes blamed a seat", file=sys.stderr)
    return 1 if blamed else 0


if __name__ == "__main__":
    raise SystemExit(main())
