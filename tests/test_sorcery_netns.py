"""巫师牌 between two machines: two ``wizard-p2p`` processes, each in a network namespace
of its own on a bridge the test builds (``tests.netns_support``).

Ana hosts with her deck (``sorcery host --deck``), Ben joins by her address with his
(``sorcery join ADDRESS --code --deck``), both headless with their bots; the game is
played to its end, each machine keeps the same log, and ``audit`` verifies it with the
card file the two played with. Nothing sleeps to synchronise: the test waits for lines on
the processes' output and for their exits, against deadlines.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.netns_support import DEADLINE, entering, lan, skip_unless_netns
from tests.test_node_multiprocess import GAME_DEADLINE, Proc, wait_until
from tests.test_sorcery_net_play import card_file_and_codes
from wizard_p2p import cli
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import game_name
from wizard_p2p.protocol.messages import decode_envelope

pytestmark = skip_unless_netns


def _invitation(host: Proc) -> str | None:
    """The invite code in the command the host prints for the joiner."""
    found = re.search(r"--code ([A-Z0-9]{4}-[A-Z0-9]{4})", host.stdout())
    if found is None and not host.alive():
        raise AssertionError(f"the host exited early\n{host.describe()}")
    return found.group(1) if found else None


def _log(data_dir: Path) -> Path:
    logs = [p / "log.jsonl" for p in (data_dir / "games").iterdir()]
    assert len(logs) == 1, logs
    return logs[0]


@pytest.mark.timeout(600)
def test_two_machines_play_sorcery_to_the_end_and_the_log_audits(
    tmp_path: Path, procs: list[Proc], capsys: pytest.CaptureFixture[str]
) -> None:
    cards, codes = card_file_and_codes(tmp_path)
    common = ["--headless", "--cards", str(cards), "--lang", "en"]
    with lan(2) as (ana_machine, ben_machine):
        ana = Proc("ana", ["sorcery", "host", "--deck", codes[0], "--name", "Ana",
                           "--data-dir", str(tmp_path / "ana"), *common],
                   tmp_path, preexec_fn=entering(ana_machine.namespace))
        procs.append(ana)
        code = wait_until(lambda: _invitation(ana), DEADLINE, "Ana's invitation")
        ben = Proc("ben", ["sorcery", "join", f"{ana_machine.address}:47474", "--code",
                           str(code), "--deck", codes[1], "--name", "Ben",
                           "--data-dir", str(tmp_path / "ben"), *common],
                   tmp_path, preexec_fn=entering(ben_machine.namespace))
        procs.append(ben)
        for proc in procs:
            assert proc.wait(GAME_DEADLINE) == 0, proc.describe()

    ana_log, ben_log = _log(tmp_path / "ana"), _log(tmp_path / "ben")
    assert ana_log.read_bytes() == ben_log.read_bytes()
    lines = ana_log.read_bytes().splitlines()
    assert game_name(lines[0]) == GameName.SORCERY
    kinds = [decode_envelope(line).kind for line in lines]
    assert kinds[-2:] == ["final", "final"] and "act" in kinds  # played to its end
    capsys.readouterr()
    assert cli.main(["audit", str(ana_log), "--cards", str(cards), "--lang", "en"]) == 0
    assert "verified" in capsys.readouterr().out
