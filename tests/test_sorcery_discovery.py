"""巫师牌 tables found on the local network: ``wizard-p2p`` processes in network namespaces
joined by a bridge the test builds (``tests.netns_support``).

A Wizard host announces its lobby on one machine. A ``sorcery bot`` given the invite code
and no address, on another, hears only that table and refuses it in one sentence that
names its game, in the player's language. Then a 巫师牌 host announces its lobby (the
announcement names the game): a ``sorcery bot`` with no address picks it, passing over
the Wizard lobby, and plays; the joiner is held stopped (SIGSTOP) mid-game while a
``sorcery watch`` with no address finds the 巫师牌 game playing, is admitted and
follows it to its end. Both seats' logs and the watcher's saved log are one, and verify.

Nothing sleeps to synchronise: the tests wait for lines on the processes' output, their
log files, their exits and a browser's change notifications, against deadlines.
"""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

from tests.netns_support import DEADLINE, NamespaceLoop, entering, lan, skip_unless_netns
from tests.test_discovery_processes import invitation
from tests.test_net_discovery import until
from tests.test_node_multiprocess import GAME_DEADLINE, Proc, wait_until
from tests.test_sorcery_net_play import card_file_and_codes
from tests.test_watch_multiprocess import says
from wizard_p2p import cli
from wizard_p2p.commands.find import HeardTables
from wizard_p2p.net.discovery import Browser
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.tui.i18n import Translator

pytestmark = skip_unless_netns
STOPPED_AFTER = 30  # entries of the joiner's log when it is held stopped


def _sorcery_code(host: Proc) -> str | None:
    found = re.search(r"sorcery join \S+ --code (\S+)", host.stdout())
    if found is None and not host.alive():
        raise AssertionError(f"the host exited early\n{host.describe()}")
    return found.group(1) if found else None


def _log_lines(data_dir: Path) -> int:
    logs = list((data_dir / "games").glob("*/log.jsonl"))
    return logs[0].read_bytes().count(b"\n") if logs else 0


def _log(data_dir: Path) -> bytes:
    (path,) = (data_dir / "games").glob("*/log.jsonl")
    return path.read_bytes()


def test_sorcery_seats_and_a_watcher_find_the_sorcery_table_and_pass_over_wizards(
    tmp_path: Path, procs: list[Proc]
) -> None:
    cards, codes = card_file_and_codes(tmp_path)
    common = ["--cards", str(cards), "--headless"]
    with lan(3) as (sorcery_machine, wizard_machine, player_machine):
        listener = NamespaceLoop(player_machine.namespace)
        browser = Browser()
        tables = HeardTables(browser, watching=True, game=GameName.SORCERY)
        listener.run(browser.start())
        try:
            wizard = Proc("wizard-host", [
                "host", "--headless", "--seats", "3", "--name", "Wiz",
                "--data-dir", str(tmp_path / "wizard"),
            ], tmp_path, preexec_fn=entering(wizard_machine.namespace))
            procs.append(wizard)
            wait_until(lambda: invitation(wizard), DEADLINE, "the Wizard host's invitation")
            listener.run(until(browser, lambda: any(
                t.game == GameName.WIZARD for t in tables.snapshot().tables),
                "the Wizard lobby announced"))

            # Only a Wizard lobby is heard: the 巫师牌 bot refuses it, naming its game.
            lonely = Proc("lonely-bot", [
                "sorcery", "bot", "--code", "ABCD-EFGH", "--deck", codes[1],
                "--data-dir", str(tmp_path / "lonely"), "--lang", "zh", *common,
            ], tmp_path, preexec_fn=entering(player_machine.namespace))
            procs.append(lonely)
            assert lonely.wait(DEADLINE) == 2
            tr = Translator("zh")
            refusal = tr("error_heard_other_game", game=tr("game_name_wizard"),
                         example="wizard-p2p sorcery join ADDRESS --code CODE")
            assert refusal in " ".join(lonely.stderr().split()), lonely.describe()

            host_dir, joiner_dir = tmp_path / "ana", tmp_path / "ben"
            host = Proc("sorcery-host", [
                "sorcery", "host", "--deck", codes[0], "--name", "Ana", "--admit-watchers",
                "--data-dir", str(host_dir), *common,
            ], tmp_path, preexec_fn=entering(sorcery_machine.namespace))
            procs.append(host)
            code = str(wait_until(lambda: _sorcery_code(host), DEADLINE, "Ana's invitation"))
            listener.run(until(browser, lambda: any(
                not t.game for t in tables.snapshot().tables), "the 巫师牌 lobby announced"))
            joiner = Proc("sorcery-bot", [
                "sorcery", "bot", "--code", code, "--deck", codes[1], "--name", "Ben",
                "--data-dir", str(joiner_dir), "--lang", "en", *common,
            ], tmp_path, preexec_fn=entering(player_machine.namespace))
            procs.append(joiner)

            def played_some() -> bool:
                if not joiner.alive():
                    raise AssertionError(f"the joiner ended early\n{joiner.describe()}")
                return _log_lines(joiner_dir) >= STOPPED_AFTER

            wait_until(played_some, GAME_DEADLINE, "the joiner to play some turns")
            os.kill(joiner.popen.pid, signal.SIGSTOP)
            try:
                saved = tmp_path / "watched.jsonl"
                watcher = Proc("sorcery-watch", [
                    "sorcery", "watch", "--code", code, "--name", "Eve", "--save", str(saved),
                    "--data-dir", str(tmp_path / "eve"), "--lang", "ja", *common,
                ], tmp_path, preexec_fn=entering(wizard_machine.namespace))
                procs.append(watcher)
                wait_until(says(watcher, Translator("ja")("watch_headless_admitted")),
                           DEADLINE, "the watcher admitted")
            finally:
                os.kill(joiner.popen.pid, signal.SIGCONT)
            for proc in (host, joiner, watcher):
                assert proc.wait(GAME_DEADLINE) == 0, proc.describe()
            assert wizard.alive()  # its lobby still waits: nobody took it
        finally:
            listener.run(browser.close())
            listener.close()

    assert f"{sorcery_machine.address}:47474" in joiner.stdout()
    log = _log(host_dir)
    assert log == _log(joiner_dir) == saved.read_bytes()
    assert Translator("ja")("watch_headless_verified", lines=log.count(b"\n")) in (
        watcher.stdout())
    assert cli.main(["audit", str(saved), "--cards", str(cards)]) == 0
