"""A watcher's rule when a player's copy of an entry differs from its own
(``node.watch_fork``): in memory, with a real game's entries and a fake mesh."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.protocol_support import body_json, forge, new_game
from wizard_p2p.audit import audit_file
from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.errors import PeerFault
from wizard_p2p.node.watch_fork import CHECKPOINT_EVERY, WatchForks, evidence_path
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import Aborted
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables import open_table
from wizard_p2p.tables.wizard.bodies import BODIES

PEERS = ("key-0", "key-1", "key-2")


class FakeReplicator:
    """Records what is asked; ``outstanding`` is what it is fetching now (the test
    empties it as a real one gives fetches up or has them answered)."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []
        self.outstanding: set[tuple[int, str]] = set()

    def fetch(self, peer: str, position: int) -> bool:
        self.asked.append((peer, position))
        self.outstanding.add((position, peer))
        return True

    def fetching(self) -> set[tuple[int, str]]:
        return set(self.outstanding)


class FakeMesh:
    def __init__(self) -> None:
        self.replicator = FakeReplicator()


class Bids:
    """A 3-seat game's log up to a bid of its third round and the next one, and another
    legal bid in place of that one, signed by the same seat."""

    def __init__(self) -> None:
        game = new_game(3, seed=5)
        seat0 = game.tables[0]

        def bids() -> list[int]:
            return [p for p, (_, kind) in enumerate(seat0.entry_meta) if kind == "bid"]

        game.run(until=lambda: len(bids()) >= 8)
        self.log = list(seat0.log)
        self.position = bids()[6]
        self.writer = seat0.entry_meta[self.position][0]
        body = body_json(self.log[self.position])
        body["bid"] = (body["bid"] + 1) % (body["round"] + 1)
        self.fake = forge(game, self.writer, "bid", body, log_of=seat0, pos=self.position)
        self.real = self.log[self.position]
        self.other = (self.writer + 1) % 3  # a seat that did not write the bid
        self.third = 3 - self.writer - self.other
        # Each other seat's abort of the bid's writer, at the bid's position: the ending
        # of a copy in which the writer stalled there.
        self.abort_by = {
            seat: forge(game, seat, "abort", {"reason": "stalled past the time limit",
                                              "stalled": self.writer},
                        log_of=seat0, pos=self.position)
            for seat in (self.other, self.third)
        }

    def observer(self, forks: WatchForks, at_position: bytes, sender: int) -> Table:
        """An observer table that took ``at_position`` from ``sender`` at the bid's place."""
        table = open_table(self.log[0], replay_every_pass=True)
        for position, line in enumerate(self.log[1 : self.position], start=1):
            table.receive(line)
            forks.accepted(table, position, m.decode_entry(line, BODIES).seat)
        table.receive(at_position)
        forks.accepted(table, self.position, sender)
        return table


@pytest.fixture(scope="module")
def bids() -> Bids:
    return Bids()


def seat_of(key: str) -> int | None:
    return PEERS.index(key) if key in PEERS else None


def forks_in(tmp_path: Path) -> WatchForks:
    return WatchForks(tmp_path / "evidence.jsonl", seat_of, PEERS.__getitem__)


def test_another_seats_copy_replaces_a_bid_only_its_writer_sent_and_the_proof_is_kept(
    bids: Bids, tmp_path: Path
) -> None:
    forks = forks_in(tmp_path)
    table = bids.observer(forks, bids.fake, sender=bids.writer)
    next_entry = bids.log[bids.position + 1]
    with pytest.raises(PeerFault) as refused:  # the players' next entry: a fork
        table.receive(next_entry)
    assert refused.value.kind == "fork" and refused.value.seat is None
    mesh: Any = FakeMesh()
    forks.fork(table, mesh, bids.position)  # asks every seat but the bid's writer
    assert sorted(mesh.replicator.asked) == sorted(
        (PEERS[s], bids.position) for s in range(3) if s != bids.writer
    )
    rebuilt = forks.other(table, mesh, bids.position, bids.real, PEERS[bids.other])
    assert rebuilt is not None and rebuilt.log == bids.log[: bids.position + 1]
    rebuilt.receive(next_entry)  # it goes on with the players
    assert forks.proven == {bids.writer: "signed two different entries for one position"}
    (record,) = read_evidence(tmp_path / "evidence.jsonl")
    assert record.kind == FaultKind.EQUIVOCATION and record.seat == bids.writer
    assert set(record.entries) == {bids.fake, bids.real}
    # Beside a log of the game, audit checks the proof and names the seat.
    (tmp_path / "game.jsonl").write_bytes(b"".join(line + b"\n" for line in bids.log))
    report = audit_file(tmp_path / "game.jsonl")
    assert report.evidence and report.evidence[0].proven
    assert report.fault_seat == bids.writer
    # The copy now held came from another seat than its writer: final. The writer's
    # other bid, sent again, changes nothing and is kept once.
    assert forks.other(rebuilt, mesh, bids.position, bids.fake, PEERS[bids.writer]) is None
    assert len(read_evidence(tmp_path / "evidence.jsonl")) == 1


def test_a_fork_is_asked_about_again_while_it_holds_the_watcher_up(
    bids: Bids, tmp_path: Path
) -> None:
    """The players' copies may go unanswered (a link not up yet, a full queue) and the
    refused entry is never offered again: only asking again gets the watcher past it."""
    forks = forks_in(tmp_path)
    table = bids.observer(forks, bids.fake, sender=bids.writer)
    mesh: Any = FakeMesh()
    replicator = mesh.replicator
    others = sorted((PEERS[s], bids.position) for s in range(3) if s != bids.writer)
    forks.fork(table, mesh, bids.position)
    assert sorted(replicator.asked) == others
    forks.ask_again(table, mesh)  # still being fetched: nothing more is asked
    assert sorted(replicator.asked) == others
    replicator.outstanding.clear()  # every fetch given up, unanswered
    forks.ask_again(table, mesh)
    assert sorted(replicator.asked) == sorted(others * 2)
    # A copy from a seat that did not write the bid replaces it: nothing holds us up.
    replicator.outstanding.clear()
    rebuilt = forks.other(table, mesh, bids.position, bids.real, PEERS[bids.other])
    assert rebuilt is not None
    forks.accepted(rebuilt, bids.position, bids.other)
    forks.ask_again(rebuilt, mesh)
    assert len(replicator.asked) == 4


def test_a_fork_past_which_the_watcher_went_on_is_not_asked_about_again(
    bids: Bids, tmp_path: Path
) -> None:
    forks = forks_in(tmp_path)
    table = bids.observer(forks, bids.real, sender=bids.writer)
    mesh: Any = FakeMesh()
    forks.fork(table, mesh, bids.position)  # a seat's entry built on another bid
    table.receive(bids.log[bids.position + 1])  # and the players' next entry came
    mesh.replicator.outstanding.clear()
    forks.ask_again(table, mesh)
    assert len(mesh.replicator.asked) == 2


def test_a_writer_cannot_replace_its_own_entry(bids: Bids, tmp_path: Path) -> None:
    forks = forks_in(tmp_path)
    table = bids.observer(forks, bids.real, sender=bids.writer)
    mesh: Any = FakeMesh()
    assert forks.other(table, mesh, bids.position, bids.fake, PEERS[bids.writer]) is None
    assert table.log[bids.position] == bids.real
    assert bids.writer in forks.proven  # yet its two bids prove it equivocated


def test_an_entry_another_seat_sent_is_final(bids: Bids, tmp_path: Path) -> None:
    forks = forks_in(tmp_path)
    # The watcher took the other bid from a seat that did not write it (a colluder):
    # nothing replaces it, whoever sends the players' one.
    table = bids.observer(forks, bids.fake, sender=bids.other)
    mesh: Any = FakeMesh()
    third = 3 - bids.writer - bids.other
    assert forks.other(table, mesh, bids.position, bids.real, PEERS[third]) is None
    assert table.log[bids.position] == bids.fake


def test_a_copy_that_is_no_entry_of_its_seat_changes_nothing(
    bids: Bids, tmp_path: Path
) -> None:
    forks = forks_in(tmp_path)
    table = bids.observer(forks, bids.fake, sender=bids.writer)
    mesh: Any = FakeMesh()
    cut = bids.real.rindex(b'"sig":"') + 7
    flipped = b"0" if bids.real[cut : cut + 1] != b"0" else b"1"
    forged = bids.real[:cut] + flipped + bids.real[cut + 1 :]
    assert forks.other(table, mesh, bids.position, forged, PEERS[bids.other]) is None
    assert forks.proven == {} and not (tmp_path / "evidence.jsonl").exists()


def test_a_rebuild_starts_from_the_latest_copy_kept(bids: Bids, tmp_path: Path) -> None:
    assert bids.position > CHECKPOINT_EVERY
    forks = forks_in(tmp_path)
    table = bids.observer(forks, bids.fake, sender=bids.writer)
    assert forks.checkpoints  # one kept on the way
    mesh: Any = FakeMesh()
    rebuilt = forks.other(table, mesh, bids.position, bids.real, PEERS[bids.other])
    assert rebuilt is not None and rebuilt.log == bids.log[: bids.position + 1]


def _holding_the_whole_log(bids: Bids, forks: WatchForks) -> Table:
    """An observer that took the bid from another seat than its writer (final) and the
    entries after it."""
    table = bids.observer(forks, bids.real, sender=bids.other)
    for position, line in enumerate(bids.log[bids.position + 1 :], start=bids.position + 1):
        table.receive(line)
        forks.accepted(table, position, bids.other)
    assert table.log == bids.log
    return table


def test_a_watcher_on_a_branch_that_lost_follows_the_ending_that_stands(
    bids: Bids, tmp_path: Path
) -> None:
    forks = forks_in(tmp_path)
    table = _holding_the_whole_log(bids, forks)
    mesh: Any = FakeMesh()
    # A player's copy of a final position differs: the watcher asks for it all the same
    # (it may be an ending).
    forks.diverged(table, mesh, PEERS[bids.third], bids.position)
    assert mesh.replicator.asked == [(PEERS[bids.third], bids.position)]
    abort = bids.abort_by[bids.third]
    followed = forks.other(table, mesh, bids.position, abort, PEERS[bids.third])
    assert followed is table
    assert table.log == [*bids.log[: bids.position], abort]
    assert isinstance(table.outcome, Aborted)
    assert (table.outcome.writer, table.outcome.stalled) == (bids.third, bids.writer)
    assert forks.rewrites == 1 and forks.proven == {}
    assert all(p < bids.position for p in forks.provisional)
    # Its saved log is the one every copy agrees on: audit reads the stall from it.
    (tmp_path / "game.jsonl").write_bytes(b"".join(line + b"\n" for line in table.log))
    report = audit_file(tmp_path / "game.jsonl")
    assert report.status == "aborted" and f"seat {bids.writer + 1}" in report.message
    # The other branch's entries, sent again, change nothing: the game ended.
    assert forks.other(table, mesh, bids.position, bids.real, PEERS[bids.other]) is None
    assert table.log[-1] == abort


def test_an_abort_its_writer_contradicted_does_not_replace_the_watchers_entries(
    bids: Bids, tmp_path: Path
) -> None:
    forks = forks_in(tmp_path)
    table = _holding_the_whole_log(bids, forks)
    # The bid's next seat signed the entry after it in the watcher's copy: its abort
    # of the bid's writer there contradicts that entry (SPEC §6.2, rule 3).
    assert bids.log[bids.position + 1] and m.decode_entry(
        bids.log[bids.position + 1]
    , BODIES).seat == bids.other
    mesh: Any = FakeMesh()
    refuted = bids.abort_by[bids.other]
    assert forks.other(table, mesh, bids.position, refuted, PEERS[bids.third]) is None
    assert table.log == bids.log and not table.ended and forks.rewrites == 0


def test_the_evidence_goes_beside_the_saved_log_else_in_the_data_directory(
    tmp_path: Path,
) -> None:
    game_id = bytes(range(32))
    assert evidence_path(tmp_path / "a" / "g.jsonl", tmp_path, game_id) == (
        tmp_path / "a" / "evidence.jsonl"
    )
    assert evidence_path(None, tmp_path, game_id) == (
        tmp_path / "watched" / game_id.hex()[:16] / "evidence.jsonl"
    )
    assert evidence_path(None, None, game_id) is None
