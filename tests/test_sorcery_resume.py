"""``sorcery resume``: a 巫师牌 seat killed mid-game is rebuilt from its data dir and plays on.

The host (``sorcery host``) and the joiner (``sorcery join``) are two ``wizard-p2p``
processes on loopback, each with its own data dir. Once the joiner's log holds some
turns of play, it is killed with SIGKILL; ``sorcery resume`` with nothing but its data
dir (its log, keys, master secret, the deck it kept and the card file it names) plays
it on: the game ends with a winner, both logs are byte-identical and ``audit`` verifies
them. A data dir whose kept deck is missing or damaged is refused, in the player's
language. Nothing sleeps to synchronise: the test waits on the joiner's log file
growing and on the processes' output and exits, against deadlines.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.test_node_multiprocess import GAME_DEADLINE, Proc, wait_until
from tests.test_sorcery_net_play import card_file_and_codes
from wizard_p2p import cli
from wizard_p2p.commands.printout import command
from wizard_p2p.commands.sorcery_kept import DECK_FILE
from wizard_p2p.protocol.messages import decode_envelope
from wizard_p2p.tui.i18n import Translator

# Entries of the joiner's log before it is killed: the deal is done and turns are played.
KILLED_AFTER = 30


@dataclass(frozen=True)
class Resumed:
    cards: Path
    host: Path  # each seat's data dir
    joiner: Path
    killed_at: list[bytes]  # the joiner's log when it was killed
    resumed: Proc


def log_of(data_dir: Path) -> Path | None:
    logs = list((data_dir / "games").glob("*/log.jsonl"))
    assert len(logs) <= 1, logs
    return logs[0] if logs else None


def log_lines(data_dir: Path) -> list[bytes]:
    path = log_of(data_dir)
    if path is None:
        return []
    data = path.read_bytes()
    return data[: data.rfind(b"\n") + 1].splitlines()


def invitation(host: Proc) -> tuple[str, str] | None:
    found = re.search(r"join (127\.0\.0\.1:\d+) --code (\S+)", host.stdout())
    if found is None and not host.alive():
        raise AssertionError(f"the host exited early\n{host.describe()}")
    return (found.group(1), found.group(2)) if found else None


def played_some(joiner: Proc, data_dir: Path, entries: int) -> bool:
    """Whether the joiner's log holds ``entries``; failing once the joiner has ended,
    since the test means to stop it mid-game."""
    if not joiner.alive():
        raise AssertionError(f"the joiner exited before the test stopped it\n"
                             f"{joiner.describe()}")
    return len(log_lines(data_dir)) >= entries


@dataclass(frozen=True)
class Killed:
    """A game between two processes whose joiner was killed mid-game: the host still
    running, each seat's data dir, and the joiner's log when it was killed."""

    cards: Path
    host: Proc
    host_dir: Path
    joiner_dir: Path
    killed_at: list[bytes]


def kill_joiner_mid_game(folder: Path, procs: list[Proc]) -> Killed:
    """Host and joiner as ``wizard-p2p`` processes on loopback (each put in ``procs``, for
    the caller to kill), the joiner killed with SIGKILL once its log holds
    ``KILLED_AFTER`` entries."""
    cards, codes = card_file_and_codes(folder)
    common = ["--cards", str(cards), "--listen", "127.0.0.1", "--headless", "--lang", "en"]
    host_dir, joiner_dir = folder / "host", folder / "joiner"
    host = Proc("host", ["sorcery", "host", "--deck", codes[0], "--port", "0",
                         "--no-announce", "--name", "Ana", "--data-dir", str(host_dir),
                         *common], folder)
    procs.append(host)
    found = wait_until(lambda: invitation(host), 60, "the host's invitation")
    assert isinstance(found, tuple)
    address, code = found
    joiner = Proc("joiner", ["sorcery", "join", address, "--code", code, "--deck",
                             codes[1], "--name", "Ben", "--data-dir", str(joiner_dir),
                             *common], folder)
    procs.append(joiner)
    wait_until(lambda: played_some(joiner, joiner_dir, KILLED_AFTER), GAME_DEADLINE,
               f"the joiner's log to hold {KILLED_AFTER} entries")
    joiner.kill()
    return Killed(cards, host, host_dir, joiner_dir, log_lines(joiner_dir))


@pytest.fixture(scope="module")
def resumed(tmp_path_factory: pytest.TempPathFactory) -> Resumed:
    folder = tmp_path_factory.mktemp("sorcery-resume")
    procs: list[Proc] = []
    try:
        killed = kill_joiner_mid_game(folder, procs)
        host, joiner_dir = killed.host, killed.joiner_dir
        resumed = Proc("resumed", ["sorcery", "resume", "--data-dir", str(joiner_dir),
                                   "--listen", "127.0.0.1", "--headless", "--lang", "en"],
                       folder)
        procs.append(resumed)
        for proc in (host, resumed):
            assert proc.wait(GAME_DEADLINE) == 0, proc.describe()
        return Resumed(killed.cards, killed.host_dir, joiner_dir, killed.killed_at, resumed)
    finally:
        for proc in procs:
            proc.kill()
            print(proc.describe())  # shown by pytest when the fixture failed


def test_the_killed_seat_was_mid_game(resumed: Resumed) -> None:
    kinds = [decode_envelope(line).kind for line in resumed.killed_at]
    assert "act" in kinds and "final" not in kinds


def test_a_seat_killed_mid_game_resumes_to_a_winner_with_the_same_log(
    resumed: Resumed, capsys: pytest.CaptureFixture[str]
) -> None:
    host_log, joiner_log = log_of(resumed.host), log_of(resumed.joiner)
    assert host_log is not None and joiner_log is not None
    data = joiner_log.read_bytes()
    assert data == host_log.read_bytes()
    lines = data.splitlines()
    assert lines[: len(resumed.killed_at)] == resumed.killed_at  # nothing written twice
    assert [decode_envelope(line).kind for line in lines[-2:]] == ["final", "final"]
    said = resumed.resumed.stdout()
    assert "resuming game" in said and "wins" in said
    capsys.readouterr()
    assert cli.main(["audit", str(joiner_log), "--cards", str(resumed.cards),
                     "--lang", "en"]) == 0
    assert "verified" in capsys.readouterr().out


def test_the_kept_deck_is_the_seats_own_and_private(resumed: Resumed) -> None:
    joiner_log = log_of(resumed.joiner)
    assert joiner_log is not None
    kept = joiner_log.parent / DECK_FILE
    assert kept.stat().st_mode & 0o077 == 0
    assert json.loads(kept.read_bytes())["cards"] == str(resumed.cards.resolve())


def _copy_without_deck(resumed: Resumed, target: Path, damage: bytes | None) -> Path:
    shutil.copytree(resumed.joiner, target)
    log = log_of(target)
    assert log is not None
    kept = log.parent / DECK_FILE
    if damage is None:
        kept.unlink()
    else:
        kept.write_bytes(damage)
    return target


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
@pytest.mark.parametrize(("damage", "key"), [
    (None, "sorcery_resume_no_deck"),
    (b'{"deck": 7}', "sorcery_resume_bad_deck"),
    (b"[" * 100, "sorcery_resume_bad_deck"),
])
def test_a_seat_without_its_kept_deck_is_refused_in_the_players_language(
    resumed: Resumed, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str,
    damage: bytes | None, key: str,
) -> None:
    data_dir = _copy_without_deck(resumed, tmp_path / "seat", damage)
    log = log_of(data_dir)
    assert log is not None
    game = log.parent.name
    capsys.readouterr()
    code = cli.main(["sorcery", "resume", game, "--data-dir", str(data_dir), "--headless",
                     "--listen", "127.0.0.1", "--lang", lang])
    assert code == 2
    assert Translator(lang)(key, id=game) in capsys.readouterr().err


def test_no_game_of_sorcery_to_resume_is_said(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["sorcery", "resume", "--data-dir", str(tmp_path), "--headless",
                     "--lang", "en"])
    assert code == 2
    assert "no game to resume" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_wizards_resume_points_a_game_of_sorcery_to_its_own_command(
    resumed: Resumed, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    data_dir = tmp_path / "seat"
    shutil.copytree(resumed.joiner, data_dir)
    capsys.readouterr()
    code = cli.main(["resume", "--data-dir", str(data_dir), "--headless", "--lang", lang])
    assert code == 2
    log = log_of(data_dir)
    assert log is not None
    game = log.parent.name
    again = command("sorcery", "resume", game)
    said = " ".join(capsys.readouterr().err.split())  # as the terminal's width wrapped it
    assert Translator(lang)("resume_sorcery_game", id=game, command=again) in said
