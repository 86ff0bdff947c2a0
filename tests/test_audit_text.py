"""What ``audit`` says to a person: seats counted from 1, as the lobby counts them, and a
line of another game called that, whoever sat at that game."""

from __future__ import annotations

from tests.protocol_support import new_game
from wizard_p2p.audit import audit_entries, format_report
from wizard_p2p.protocol.harness import MemoryGame


def test_a_line_of_another_game_with_other_players_is_named_so_not_forged() -> None:
    game = new_game(3, seed=18)
    # Other players (other keys): the line's signature does not verify at this table.
    other = MemoryGame.create(game.config, game.chooser, seed=19)
    foreign = other.tables[0].start()[0]
    report = audit_entries([game.genesis, foreign.entry])
    assert report.status == "fault" and report.fault_kind == "replay"
    text = format_report(report)
    assert "another game" in text and "forged" not in text


def test_seats_are_counted_from_one_in_the_text_and_from_zero_in_json() -> None:
    game = new_game(3, seed=18)
    other = MemoryGame.create(game.config, game.chooser, seed=19)
    foreign = other.tables[0].start()[0]
    report = audit_entries([game.genesis, foreign.entry])
    assert report.fault_seat == 0 and report.to_json()["fault"]["seat"] == 0
    assert f"seat 1 ({report.names[0]}) is to blame" in format_report(report)
