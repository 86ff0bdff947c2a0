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
from tests.test_node_peer import run  # noqa: F401  (a fixture)
from wizard_p2p.audit import audit_file, format_report
from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.net.events import MessageReceived
from wizard_p2p.protocol.control import EntryAt, encode_control
from wizard_p2p.protocol.evidence import FILE_NAME, Evidence, check_evidence


def test_a_signed_bid_the_rules_refuse_is_kept_as_evidence_and_audited(
    tmp_path: Path, run: Callable[..., object]  # noqa: F811
) -> None:
    async def main() -> None:
        async with waiting_for_seat_0(tmp_path) as game:
            peers = game.peers
            pos, raw = signed_bid(game, 5)  # round 1 has one trick
            key = peers[0].curve_keys.public
            assert peers[1]._on_entry(pos, raw, key) is False
            assert peers[1]._on_entry(pos, raw, key) is False  # kept once
            path = peers[1].store.path / FILE_NAME
            records = read_evidence(path)
            assert len(records) == 1
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
            checked = check_evidence(peers[1].table.log, fake)
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
            key = peers[0].curve_keys.public
            assert peers[1]._on_entry(pos, first, key) is True
            peers[1]._on_control(MessageReceived(key, encode_control(EntryAt(pos, second))))
            records = read_evidence(peers[1].store.path / FILE_NAME)
            assert [(r.kind, r.seat, r.entries) for r in records] == [
                ("equivocation", 0, (first, second))
            ]
            assert check_evidence(peers[1].table.log, records[0]).proven
            # Seat 2 signed neither: the same entries under its name prove nothing.
            forged = Evidence("equivocation", 2, pos, "made up", (first, second))
            checked = check_evidence(peers[1].table.log, forged)
            assert not checked.proven and "does not verify" in checked.message

    run(main())
