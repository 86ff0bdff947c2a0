"""An evening across three machines: a series of two games among three ``wizard-p2p``
processes, each in a network namespace of its own on a bridge the test builds
(``tests.netns_support``).

Ana hosts with ``--games 2 --lang zh``; Ben, on the second machine, is given no address
and finds the lobby by discovery, in Japanese; Chen, on the third, joins by the host's
address, in English. Both joiners stay for two games, so the table plays twice without
anyone re-hosting or re-joining by hand. Every line each seat prints is in its language
(for Chinese and Japanese: no English sentence left), each seat's ``history`` in its
language lists both games as one series with its standings, every log audits as
verified, and each game's log is the same bytes on the three machines.

Nothing sleeps to synchronise: the test waits for lines on the processes' output and
for their exits, against deadlines.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.netns_support import DEADLINE, entering, lan, skip_unless_netns
from tests.test_catalogue_keys import CJK, _english_left
from tests.test_node_multiprocess import GAME_DEADLINE, REPO, Proc, wait_until
from tests.test_series_processes import _games, expected_standings
from wizard_p2p.audit import audit_file
from wizard_p2p.protocol.genesis import read_genesis
from wizard_p2p.tables.wizard.replica import WIZARD_RULES
from wizard_p2p.tui.i18n import Translator

pytestmark = skip_unless_netns
PLAY = ["--headless", "--policy", "random", "--games", "2"]


def _invitation(host: Proc) -> str | None:
    """The invite code in the command the host prints for the others, in any language."""
    found = re.search(r"--code ([A-Z0-9]{4}-[A-Z0-9]{4})", host.stdout())
    if found is None and not host.alive():
        raise AssertionError(f"the host exited early\n{host.describe()}")
    return found.group(1) if found else None


def _history(data_dir: Path, lang: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "history", "--data-dir", str(data_dir),
         "--lang", lang],
        capture_output=True, text=True, timeout=300, check=False, cwd=REPO)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _standings(tr: Translator, text: str, game: int) -> list[tuple[str, ...]]:
    """The rows printed under the title of the standings after ``game``."""
    block = text.split(tr("series_title", n=game), 1)[1]
    rows = []
    for line in block.splitlines()[2:]:  # the rest of the title's line, the header
        row = re.fullmatch(r"\s*(\S+)\s+(.+?)" + r"\s+(-?\d+)" * 4 + r"\s*", line)
        if row is None:
            break
        rows.append(row.groups())
    return rows


# What a person reads as a name, not as words: the players', and the fingerprints and
# invite codes (groups of four letters and digits, which may spell nothing).
NAMES = re.compile(r"\b(Ana|Ben|Chen)\b|\b[A-Z0-9]{4}(-[A-Z0-9]{4})+\b")


def _in_its_language(lang: str, lines: list[str]) -> None:
    """Chinese and Japanese: no English sentence left once names, fingerprints, codes,
    commands and paths are taken out, and the words are that script's; English: no Chinese or
    Japanese."""
    assert lines
    lines = [NAMES.sub("", line) for line in lines]
    if lang == "en":
        assert [line for line in lines if re.search(CJK, line)] == [], lines
    else:
        assert _english_left(lines) == [], lines
        assert sum(bool(re.search(CJK, line)) for line in lines) > len(lines) // 4, lines


# Two whole games among three processes on a loaded machine may take longer than the
# suite's per-test limit.
@pytest.mark.timeout(900)
def test_three_machines_play_two_games_in_a_row_each_in_its_own_language(
    tmp_path: Path, procs: list[Proc]
) -> None:
    with lan(3) as (ana_machine, ben_machine, chen_machine):
        ana = Proc("ana", ["host", "--seats", "3", "--name", "Ana", "--lang", "zh",
                           "--data-dir", str(tmp_path / "ana"), *PLAY],
                   tmp_path, preexec_fn=entering(ana_machine.namespace))
        procs.append(ana)
        code = wait_until(lambda: _invitation(ana), DEADLINE, "Ana's invitation")
        # Ben is given no address: he finds the lobby on the network.
        ben = Proc("ben", ["join", "--code", str(code), "--name", "Ben", "--lang", "ja",
                           "--data-dir", str(tmp_path / "ben"), *PLAY],
                   tmp_path, preexec_fn=entering(ben_machine.namespace))
        address = f"{ana_machine.address}:47474"
        chen = Proc("chen", ["join", address, "--code", str(code), "--name", "Chen",
                             "--lang", "en", "--data-dir", str(tmp_path / "chen"), *PLAY],
                    tmp_path, preexec_fn=entering(chen_machine.namespace))
        procs += [ben, chen]
        # One process each for the whole evening: nobody hosts or joins again by hand.
        for proc in procs:
            assert proc.wait(GAME_DEADLINE * 2) == 0, proc.describe()

    seats = {"ana": (ana, "zh"), "ben": (ben, "ja"), "chen": (chen, "en")}
    logs = {name: _games(tmp_path / name) for name in seats}
    first, second = logs["ana"]
    # Each game is one log, the same bytes on the three machines, and verified.
    for name in seats:
        assert [log.read_bytes() for log in logs[name]] == [
            first.read_bytes(), second.read_bytes()], name
        assert [audit_file(log).status for log in logs[name]] == ["verified", "verified"]
    one, two = (
        read_genesis(log.read_bytes().splitlines()[0], WIZARD_RULES) for log in (first, second)
    )
    assert one.series is None and two.series is not None
    assert (two.series.first, two.series.game) == (one.game_id, 2)
    assert [p["name"] for p in one.players] == [p["name"] for p in two.players] == [
        "Ana", "Ben", "Chen"]

    series = one.game_id.hex()[:16]
    for name, (proc, lang) in seats.items():
        tr = Translator(lang)
        printed = proc.stdout()
        _in_its_language(lang, printed.splitlines() + proc.stderr().splitlines())
        # The end of each game in the seat's words, with the standings the logs give.
        for game, log in ((1, first), (2, second)):
            assert tr("end_game", id=read_genesis(
                log.read_bytes().splitlines()[0], WIZARD_RULES).game_id.hex()[:16]) in printed, name
            expected = expected_standings(tr, logs[name], game)
            assert _standings(tr, printed, game) == expected, printed
        assert printed.count(tr("series_rule")) == 2, printed
        listed = _history(tmp_path / name, lang)
        _in_its_language(lang, listed.splitlines())
        assert listed.count(tr("series_of", id=series, n=1)) == 1, listed
        assert listed.count(tr("series_of", id=series, n=2)) == 1, listed
        assert listed.count(tr("history_state_finished")) == 2, listed
        assert listed.count(tr("history_verified")) == 2, listed
        assert _standings(tr, listed, 2) == expected_standings(tr, logs[name], 2), listed
    # The host's lobby opened again by itself; each joiner asked for its seat by itself.
    assert Translator("zh")("again_offered") in ana.stdout()
    for proc, lang in (seats["ben"], seats["chen"]):
        assert proc.stdout().count(Translator(lang)("again_asking")) == 1
    # Ben found the lobby's address on the network; Chen was given it.
    for proc in (ben, chen):
        assert f" {address} " in proc.stdout().splitlines()[0], proc.stdout()
