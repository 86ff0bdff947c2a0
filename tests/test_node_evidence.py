"""Evidence on disk: a signed entry that proves a seat cheated is kept beside the log.

A seat signs a bid the rules refuse, or two different entries for one position; the
honest seat refuses it, writes ``evidence.jsonl`` beside its log, shows the seat as
proven to have cheated, and ``audit`` on the honest log (with the evidence beside
it) names the same seat. A record that proves nothing is named as such.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.peer_support import signed_bid, waiting_for_seat_0
from tests.test_node_peer import Game, run  # noqa: F401  (run: a fixture)
from wizard_p2p.audit import audit_file, format_report
from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.net.frames import Entry, encode_mesh
from wizard_p2p.protocol.control import EntryAt, encode_control
from wizard_p2p.protocol.evidence import FILE_NAME, Evidence, check_evidence
from wizard_p2p.tables import open_table


def send_entry(game: Game, to: int, position: int, raw: bytes) -> None:
    """Seat 0's mesh sends ``raw`` to seat ``to`` alone, as a modified client would."""
    mesh, receiver = game.peers[0].mesh, game.peers[to]
    assert mesh is not None
    parts = encode_mesh(Entry(position, raw), mesh.game_id)
    assert mesh.send_raw(receiver.curve_keys.public, parts)


def test_a_signed_bid_the_rules_refuse_is_kept_as_evidence_and_audited(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            peers = game.peers
            pos, raw = signed_bid(game, 5)  # round 1 has one trick
            # Sent twice, then an entry whose signature breaks (refused, proving nothing):
            # once that is refused, both copies before it on the link were handled.
            _, other = signed_bid(game, 2)
            for line in (raw, raw, other.replace(b'"bid":2', b'"bid":3')):
                send_entry(game, 1, pos, line)
            await game.until(
                lambda: any("signature does not verify" in f for f in peers[1].faults),
                "seat 1 to refuse the last",
            )
            path = peers[1].store.path / FILE_NAME
            records = read_evidence(path)
            assert len(records) == 1  # kept once
            assert (records[0].seat, records[0].position, records[0].entries) == (0, pos, (raw,))
            assert any(s.kind == "cheated" and s.seat == 0 for s in peers[1].status())
            assert not (peers[2].store.path / FILE_NAME).exists()
            report = audit_file(peers[1].store.log_path)
            assert (report.status, report.fault_seat, report.fault_position) == ("fault", 0, pos)
            assert report.exit_code == 1
            assert "proven" in format_report(report)
            # The same entry is a valid one once the bid is legal: a record that claims
            # otherwise proves nothing.
            _, legal = signed_bid(game, 0)
            fake = Evidence("bid-range", 0, pos, "made up", (legal,))
            checked = check_evidence(peers[1].table.log, fake, open_table=open_table)
            assert not checked.proven and "valid" in checked.message

    run(main())


def test_two_signed_entries_for_one_position_are_kept_as_evidence(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            peers = game.peers
            pos, first = signed_bid(game, 0)
            _, second = signed_bid(game, 1)
            send_entry(game, 1, pos, first)
            await game.until(lambda: len(peers[1].table.log) > pos, "seat 1 to take the first")
            mesh = peers[0].mesh
            assert mesh is not None
            # The second comes as an answer to a request for the position (a control message).
            assert mesh.send(peers[1].curve_keys.public, encode_control(EntryAt(pos, second)))
            path = peers[1].store.path / FILE_NAME
            await game.until(path.exists, "seat 1 to keep the evidence")
            records = read_evidence(path)
            assert [(r.kind, r.seat, r.entries) for r in records] == [
                ("equivocation", 0, (first, second))
            ]
            assert check_evidence(peers[1].table.log, records[0], open_table=open_table).proven
            # Seat 2 signed neither: the same entries under its name prove nothing.
            forged = Evidence("equivocation", 2, pos, "made up", (first, second))
            checked = check_evidence(peers[1].table.log, forged, open_table=open_table)
            assert not checked.proven and "does not verify" in checked.message

    run(main())
