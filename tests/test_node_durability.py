"""A seat's log file is written from its table's events alone: every entry at its
position, cut back where the log was rewritten, and an entry of ours that must reach
the disk first sent only once it has."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from wizard_p2p.node.durability import SeatLog, new_entries
from wizard_p2p.node.store import GameStore
from wizard_p2p.node.tracing import Tracer
from wizard_p2p.protocol.events import Accepted, Broadcast, Event, Finished, GameEnded, LogRewritten
from wizard_p2p.protocol.kinds import CoreKind
from wizard_p2p.tables.wizard.kinds import WizardKind
from wizard_p2p.tables.wizard.replica import WizardResult

SEAT = 1


def _line(pos: int, version: int) -> bytes:
    return f'{{"pos":{pos},"v":{version}}}'.encode()


# One step of a table's call: an entry joins the log (ours or another seat's, ours maybe
# to be fsynced first), or an ending takes the place of the entries from a position on
# (given as a fraction of the log's length).
_step = st.one_of(
    st.tuples(st.just("ours"), st.booleans()),
    st.tuples(st.just("theirs"), st.booleans()),
    st.tuples(st.just("rewrite"), st.floats(min_value=0.0, max_value=1.0)),
)


def _play(start: int, steps: list[tuple[str, object]]) -> tuple[list[bytes], list[Event]]:
    """The log a table holds after ``steps`` from a log of ``start`` entries, and the
    events it reported on the way."""
    log = [_line(p, 0) for p in range(start)]
    events: list[Event] = []
    for version, (what, arg) in enumerate(steps, start=1):
        if what == "rewrite":
            assert isinstance(arg, float)
            cut = 1 + int(arg * (len(log) - 1))
            del log[cut:]
            events.append(LogRewritten(cut))
            continue
        pos = len(log)
        log.append(_line(pos, version))
        if what == "ours":
            events.append(Broadcast(pos, log[-1], WizardKind.BID, durable=bool(arg)))
        else:
            events.append(Accepted(pos, log[-1], 0, WizardKind.SHUFFLE))
    return log, events


@given(st.integers(min_value=1, max_value=6), st.lists(_step, max_size=12))
def test_the_file_and_the_new_entries_make_the_tables_log(
    start: int, steps: list[tuple[str, object]]
) -> None:
    log, events = _play(start, steps)
    keep, entries = new_entries(events, start)
    first = [_line(p, 0) for p in range(start)]
    assert first[:keep] + [e.entry for e in entries] == log
    assert [e.pos for e in entries] == list(range(keep, len(log)))


def test_entries_the_file_holds_already_are_not_new() -> None:
    # A log fed back on resume: the table writes our entries again where the file has them.
    events: list[Event] = [
        Accepted(1, _line(1, 0), 0, CoreKind.COIN),
        Broadcast(2, _line(2, 0), CoreKind.COIN),
        Broadcast(3, _line(3, 0), WizardKind.SHUFFLE),
    ]
    assert new_entries(events, 3) == (3, [events[2]])


class _Publisher:
    def __init__(self, seat_log: SeatLog) -> None:
        self.seat_log = seat_log
        self.sent: list[tuple[int, int, int]] = []  # (position, entries on disk, fsyncs)

    def __call__(self, pos: int) -> None:
        self.sent.append((pos, self.seat_log.persisted, self.seat_log.file.fsyncs))


def _seat_log(tmp_path: Path) -> tuple[SeatLog, GameStore]:
    store = GameStore(tmp_path, "g")
    seat_log = SeatLog(store, SEAT)
    seat_log.file.append(_line(0, 0))
    seat_log.persisted = 1
    return seat_log, store


def _failed(exc: OSError) -> None:
    raise AssertionError(f"the disk failed: {exc}")


def test_derived_entries_go_out_first_and_a_durable_one_once_on_disk(tmp_path: Path) -> None:
    seat_log, store = _seat_log(tmp_path)
    publish = _Publisher(seat_log)
    derived: list[Event] = [
        Accepted(1, _line(1, 0), 0, WizardKind.SHUFFLE),
        Broadcast(2, _line(2, 0), WizardKind.SHUFFLE),
    ]
    seat_log.persist_and_publish(derived, publish, Tracer(), _failed)
    # Before the entry it builds on was written, and with no fsync but the genesis's.
    assert publish.sent == [(2, 1, 1)]
    chosen: list[Event] = [
        Accepted(3, _line(3, 0), 0, WizardKind.BID),
        Broadcast(4, _line(4, 0), WizardKind.BID, durable=True, chosen=True),
        GameEnded(Finished((1,), WizardResult((10, 20)))),
    ]
    seat_log.persist_and_publish(chosen, publish, Tracer(), _failed)
    assert publish.sent[1:] == [(4, 5, 2)]  # on disk, and flushed, first
    assert store.read_log() == [_line(p, 0) for p in range(5)]


def test_a_rewritten_log_cuts_the_file_back_and_sends_what_follows(tmp_path: Path) -> None:
    seat_log, store = _seat_log(tmp_path)
    publish = _Publisher(seat_log)
    before: list[Event] = [
        Broadcast(p, _line(p, 0), WizardKind.SHUFFLE) for p in range(1, 5)
    ]
    seat_log.persist_and_publish(before, publish, Tracer(), _failed)
    # A proof of equivocation takes the place of our entries from position 2 on.
    proof = Broadcast(2, _line(2, 9), CoreKind.PROOF)
    seat_log.persist_and_publish(
        [LogRewritten(2), proof, GameEnded(Finished((1,), WizardResult((1, 2))))],
        publish, Tracer(), _failed,
    )
    assert store.read_log() == [_line(0, 0), _line(1, 0), _line(2, 9)]
    assert seat_log.persisted == 3
    assert [pos for pos, _, _ in publish.sent] == [1, 2, 3, 4, 2]
