"""巫师牌 between two processes over loopback: ``sorcery play --headless --out DIR`` (the
host's seat in this process, the joiner's in another), each seat's log copied to
``DIR/seat-N.jsonl``, both byte-identical, to a winner."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sorcery_replica_support import test_decks as fire_and_water
from tests.sorcery_support import card_file_bytes
from wizard_p2p import cli
from wizard_p2p.audit import audit_file
from wizard_p2p.sorcery.decks import Deck
from wizard_p2p.tables import CardLibrary


def _card_file_and_codes(tmp_path: Path) -> tuple[Path, list[str]]:
    """The tests' fire and water decks: a card file of their cards, and their codes."""
    decks = fire_and_water(1)
    cards = {c.number: c for d in decks for c in (d.hero, *d.main, *d.skills, *d.extra)}
    path = tmp_path / "cards.json"
    path.write_bytes(card_file_bytes(list(cards.values())))
    return path, [Deck.of([d.hero, *d.main, *d.skills, *d.extra]).code for d in decks]


def test_two_processes_play_to_a_winner_with_byte_identical_logs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards, codes = _card_file_and_codes(tmp_path)
    out = tmp_path / "out"
    code = cli.main(["sorcery", "play", "--headless", "--out", str(out), "--seed", "3",
                     "--cards", str(cards), "--deck", codes[0], "--against", codes[1]])
    said = capsys.readouterr().out
    assert code == 0, said
    assert "wins" in said
    first, second = (out / "seat-0.jsonl").read_bytes(), (out / "seat-1.jsonl").read_bytes()
    assert first == second and first.count(b"\n") > 10
    report = audit_file(out / "seat-0.jsonl", cards=CardLibrary.of_file(cards.read_bytes()))
    assert report.status == "verified" and len(report.winners) == 1


def test_an_illegal_deck_stops_the_game_before_any_process_starts(tmp_path: Path) -> None:
    cards, codes = _card_file_and_codes(tmp_path)
    out = tmp_path / "out"
    code = cli.main(["sorcery", "play", "--headless", "--out", str(out), "--cards", str(cards),
                     "--deck", codes[0], "--against", "NOT-A-DECK"])
    assert code != 0 and not out.exists()
