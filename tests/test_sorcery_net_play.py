"""巫师牌 between two processes over loopback: ``sorcery play --headless --out DIR`` (the
host's seat in this process, the joiner's in another), each seat's log copied to
``DIR/seat-N.jsonl``, both byte-identical, to a winner; and ``audit`` of such a log,
which needs the card file the game was played with."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.sorcery_replica_support import test_decks as fire_and_water
from tests.sorcery_support import card_file_bytes, small_pool
from wizard_p2p import cli
from wizard_p2p.sorcery.decks import Deck
from wizard_p2p.tui.i18n import Translator


@dataclass(frozen=True)
class Played:
    cards: Path  # the card file the game was played with
    out: Path  # where the seats' logs were copied
    said: str  # what the command printed


def card_file_and_codes(folder: Path) -> tuple[Path, list[str]]:
    """The tests' fire and water decks: a card file of their cards, and their codes."""
    decks = fire_and_water(1)
    cards = {c.number: c for d in decks for c in (d.hero, *d.main, *d.skills, *d.extra)}
    path = folder / "cards.json"
    path.write_bytes(card_file_bytes(list(cards.values())))
    return path, [Deck.of([d.hero, *d.main, *d.skills, *d.extra]).code for d in decks]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    folder = tmp_path_factory.mktemp("sorcery-net")
    cards, codes = card_file_and_codes(folder)
    out = folder / "out"
    with pytest.MonkeyPatch.context() as patch:
        said: list[str] = []
        patch.setattr("builtins.print", lambda *a, **k: said.append(" ".join(map(str, a))))
        code = cli.main(["sorcery", "play", "--headless", "--out", str(out), "--seed", "3",
                         "--lang", "en", "--cards", str(cards), "--deck", codes[0],
                         "--against", codes[1]])
    assert code == 0, said
    return Played(cards, out, "\n".join(said))


def test_two_processes_play_to_a_winner_with_byte_identical_logs(played: Played) -> None:
    assert "wins" in played.said
    first = (played.out / "seat-0.jsonl").read_bytes()
    assert first == (played.out / "seat-1.jsonl").read_bytes()
    assert first.count(b"\n") > 10


def test_audit_verifies_the_log_with_the_card_file_it_was_played_with(
    played: Played, capsys: pytest.CaptureFixture[str]
) -> None:
    log = str(played.out / "seat-0.jsonl")
    assert cli.main(["audit", log, "--cards", str(played.cards), "--lang", "en"]) == 0
    assert "verified" in capsys.readouterr().out
    # The imported copy in the data folder serves as well.
    imported = played.out / "data" / "sorcery"
    imported.mkdir(parents=True)
    (imported / "all_card_infos.json").write_bytes(played.cards.read_bytes())
    assert cli.main(["audit", log, "--data-dir", str(played.out / "data")]) == 0


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_audit_without_the_card_file_says_so_in_the_readers_language(
    played: Played, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    log = str(played.out / "seat-0.jsonl")
    code = cli.main(["audit", log, "--data-dir", str(tmp_path), "--lang", lang])
    assert code == 2  # as for an unreadable log
    assert Translator(lang)("audit_needs_card_file") in capsys.readouterr().out
    other = tmp_path / "other.json"
    other.write_bytes(card_file_bytes(list(small_pool())))
    assert cli.main(["audit", log, "--cards", str(other), "--lang", lang]) == 2
    assert Translator(lang)("audit_other_card_file") in capsys.readouterr().out


def test_an_illegal_deck_stops_the_game_before_any_process_starts(tmp_path: Path) -> None:
    cards, codes = card_file_and_codes(tmp_path)
    out = tmp_path / "out"
    code = cli.main(["sorcery", "play", "--headless", "--out", str(out), "--cards", str(cards),
                     "--deck", codes[0], "--against", "NOT-A-DECK"])
    assert code != 0 and not out.exists()
