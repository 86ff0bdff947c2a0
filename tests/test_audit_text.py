"""What ``audit`` says to a person: seats counted from 1, as the lobby counts them, log
positions said as the lines of the file, a seat named only where its signature covers
the line, and nothing unsigned or invisible in the verdict."""

from __future__ import annotations

from tests.protocol_support import new_game
from tools.conformance_forges import replayed
from wizard_p2p.audit import audit_entries, format_report
from wizard_p2p.tables.wizard.harness import MemoryGame


def test_a_line_of_another_game_signed_by_the_same_player_is_a_replay() -> None:
    game = new_game(3, seed=18)
    first = game.tables[0].start()[0].entry
    report = audit_entries([game.genesis, replayed(game, [game.genesis, first], 1)])
    assert (report.status, report.fault_kind, report.fault_seat) == ("fault", "replay", 0)
    text = format_report(report)
    assert "another game" in text and f"seat 1 ({report.names[0]}) is to blame" in text
    assert report.to_json()["fault"]["seat"] == 0  # the JSON counts from 0, as the log


def test_a_line_of_another_table_proves_nothing_against_this_one() -> None:
    game = new_game(3, seed=18)
    # Other players (other keys): the line's signature does not verify at this table, so
    # nothing says that this table's seat 1 wrote it.
    other = MemoryGame.create(game.config, game.chooser, seed=19)
    foreign = other.tables[0].start()[0]
    report = audit_entries([game.genesis, foreign.entry])
    assert (report.status, report.fault_kind, report.fault_seat) == (
        "fault", "bad-signature", None
    )
    assert "FAULT at line 2: no seat is to blame [bad-signature]" in format_report(report)
