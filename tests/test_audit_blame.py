"""No byte changed without a key blames a seat (SPEC §2.1): a seat is named only for bytes
its own signature covers, and a changed line's signature covers none of it.

Two properties over real logs. Every line of the golden log (a whole game: every kind
of entry of a game that ends) is changed at a sample of its bytes, each change audited
as the file would be (``tools.tamper_sweep`` runs the same check on every byte, and
with ``--values all`` on every value of every byte). And hypothesis changes any byte
of a short log's file, newlines included, and audits the file's bytes whole.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools import gen_vectors
from tools.tamper_sweep import sweep
from wizard_p2p.audit import audit_bytes
from wizard_p2p.errors import PeerFault
from wizard_p2p.protocol import chain
from wizard_p2p.protocol.log import complete_lines

GOLDEN = Path(__file__).resolve().parents[1] / gen_vectors.GOLDEN_DIR / "game.jsonl"
CHANGES_PER_LINE = 3


@pytest.fixture(scope="module")
def golden() -> list[bytes]:
    return complete_lines(GOLDEN.read_bytes())


def sampled(position: int, line: bytes) -> Iterator[tuple[int, int]]:
    """A few bytes of the line, each changed to another value: the first and the last
    (the body's opening, the signature's end) and random ones between."""
    rng = random.Random(position)
    offsets = [0, len(line) - 1, *(rng.randrange(len(line)) for _ in range(CHANGES_PER_LINE))]
    for offset in offsets:
        yield offset, (line[offset] + rng.randrange(1, 256)) % 256


def test_no_changed_byte_of_any_golden_line_blames_a_seat(golden: list[bytes]) -> None:
    blamed = list(sweep(golden, sampled))
    assert blamed == []


def test_the_sweep_finds_a_seat_blamed_for_bytes_it_did_not_sign(golden: list[bytes]) -> None:
    """The property can fail: an audit that names the seat an unsigned line claims (as
    one did that judged the game id before the signature) is caught."""
    line = golden[1]
    offset = line.index(b'"game":"') + len(b'"game":"')
    flipped = [(offset, line[offset] ^ 0x01)]
    original = chain.Chain.authenticate

    def game_first(self: chain.Chain, entry: object) -> None:
        if getattr(entry, "game", None) != self.game_id:
            raise PeerFault("replayed", seat=getattr(entry, "seat", None), kind="replay")
        original(self, entry)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chain.Chain, "authenticate", game_first)
        blamed = list(sweep(golden[:3], lambda p, _: flipped if p == 1 else []))
    assert [(b.position, b.stop.seat, b.stop.kind) for b in blamed] == [(1, 0, "replay")]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_changed_byte_of_a_log_file_blames_no_seat(
    golden: list[bytes], data: st.DataObject
) -> None:
    # The first two rounds: every round check and every kind of a round's entries.
    file = b"".join(line + b"\n" for line in golden[:60])
    offset = data.draw(st.integers(0, len(file) - 1), label="offset")
    value = data.draw(st.integers(0, 255).filter(lambda v: v != file[offset]), label="value")
    report, _ = audit_bytes(file[:offset] + bytes([value]) + file[offset + 1 :])
    assert report.fault_seat is None, report.message
    if offset < len(file) - 1:
        assert report.status in ("fault", "unreadable"), report.message
    else:  # the last newline changed: the last line is torn, and dropped (SPEC §2)
        assert report.entries == 59 and "cut short" in report.message
