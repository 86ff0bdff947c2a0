"""``wizard-p2p replay LOG`` of a game of 巫师牌: the log, recognised by its genesis, is
read as the audit reads it and stepped through as a watcher saw it (no card a hand or a
deck holds is named unless the log opened it to both players)."""

from __future__ import annotations

from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.test_sorcery_net_play import card_file_and_codes
from wizard_p2p import cli
from wizard_p2p.commands.replay import is_sorcery, read_lines
from wizard_p2p.commands.sorcery_cards import card_library, load_cards
from wizard_p2p.commands.sorcery_replay import SorceryRecord, read_sorcery_record
from wizard_p2p.sorcery.decks import read_code
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.sorcery_replay import SorceryReplayApp, watcher_board


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    """A log of a whole networked game, the card file it was played with, the decks."""
    folder = tmp_path_factory.mktemp("sorcery-replay")
    cards, codes = card_file_and_codes(folder)
    out = folder / "out"
    code = cli.main(["sorcery", "play", "--headless", "--out", str(out), "--seed", "7",
                     "--cards", str(cards), "--deck", codes[0], "--against", codes[1]])
    assert code == 0
    return out / "seat-0.jsonl", cards, codes


def record_of(log: Path, cards: Path) -> SorceryRecord:
    return read_sorcery_record(read_lines(log), card_library(cards, None), path=log)


def test_the_log_is_recognised_by_its_genesis_and_replayed_to_its_end(
    game: tuple[Path, Path, list[str]],
) -> None:
    log, cards, _ = game
    assert is_sorcery(read_lines(log))
    record = record_of(log, cards)
    assert record.fault is None
    assert len(record.steps) > 10
    lines = [s.line for s in record.steps]
    assert lines == sorted(lines) and len(set(lines)) == len(lines)  # one move a line
    last = record.steps[-1].game.outcome
    assert last is not None and last.winner is not None
    assert record.ending.key == "sorcery_replay_won"
    assert record.ending.fields["name"] == record.names[last.winner]


def test_a_watcher_sees_no_card_of_a_hand_or_deck_the_log_did_not_open(
    game: tuple[Path, Path, list[str]],
) -> None:
    log, cards, codes = game
    database = load_cards(cards, None)
    dealt = {c.name for code in codes for c in read_code(code, database).main}
    record = record_of(log, cards)
    tr = Translator("en")
    app = SorceryReplayApp(record.steps, record.names, "", "en")
    hidden_seen = 0
    for i, step in enumerate(record.steps):
        game_ = step.game
        assert all(game_.pieces[pid].face is None for s in game_.sides for pid in s.deck)
        held = [game_.pieces[pid] for s in game_.sides for pid in s.hand]
        hidden_seen += sum(p.face is None for p in held)
        known = {p.card.name for p in game_.pieces.values() if p.face is not None}
        secret = {n for n in dealt - known if not any(n in k for k in known)}
        app.index = i
        shown = watcher_board(tr, game_, record.names, 100) + "\n".join(app.told_lines())
        assert not [n for n in secret if n in shown], f"move {i + 1} names a hidden card"
    assert hidden_seen > 0  # the hands were hidden from the watcher all along


def test_the_replay_steps_by_keys(game: tuple[Path, Path, list[str]]) -> None:
    log, cards, _ = game
    record = record_of(log, cards)
    with create_pipe_input() as pipe:
        pipe.send_text("nnnp")
        pipe.send_text("q")
        app = SorceryReplayApp(record.steps, record.names, "the end", "en", input=pipe,
                               output=DummyOutput())
        app.application.run()
    assert app.index == 2
    assert app.position_text() == app.tr("sorcery_replay_step", n=3, total=len(record.steps),
                                         line=record.steps[2].line)
    app.last()
    assert app.position_text().endswith("the end")
    app.first()
    app.back()
    assert app.index == 0


def test_a_tampered_log_is_replayed_up_to_its_fault(
    game: tuple[Path, Path, list[str]], tmp_path: Path
) -> None:
    log, cards, _ = game
    lines = log.read_bytes().splitlines(keepends=True)
    middle = len(lines) // 2
    # Its signature no longer holds: the fault is this line's.
    at = lines[middle].index(b'"sig":"') + 7
    flipped = b"0" if lines[middle][at:at + 1] != b"0" else b"1"
    lines[middle] = lines[middle][:at] + flipped + lines[middle][at + 1:]
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"".join(lines))
    record = record_of(bad, cards)
    assert record.fault is not None and record.fault.position == middle
    assert record.ending.key == "sorcery_replay_fault"
    assert all(step.line <= middle for step in record.steps)


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_the_command_says_what_it_cannot_do_in_words(
    game: tuple[Path, Path, list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    lang: str,
) -> None:
    log, cards, _ = game
    tr = Translator(lang)
    # Not a terminal (the tests' standard output): refused once the log is read.
    assert cli.main(["replay", str(log), "--cards", str(cards), "--lang", lang]) == 2
    assert tr("error_sorcery_replay_terminal") in capsys.readouterr().err
    assert cli.main(["replay", str(log), "--cards", str(cards), "--lang", lang,
                     "--export", str(tmp_path / "x.json")]) == 2
    assert tr("error_sorcery_replay_export") in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()
    # Without the card file it was played with, the log cannot be read: said as audit says.
    assert cli.main(["replay", str(log), "--data-dir", str(tmp_path), "--lang", lang]) == 2
    assert tr("audit_needs_card_file") in capsys.readouterr().err
