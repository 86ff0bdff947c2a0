"""A joiner turned away because every seat is taken is told, in its language, the command
that watches the table instead: ``wizard-p2p join`` (a process) against a full lobby on
127.0.0.1, in English, Chinese and Japanese; and the lobby itself says the refusal as
data (``kind: full``), which a joiner in this process raises as ``TableFull``."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from tests.lobby_support import host_lobby, joiner, until
from tests.test_node_multiprocess import REPO
from wizard_p2p.node.lobby_common import LobbyError, TableFull
from wizard_p2p.tui.i18n import Translator


async def _join_process(tmp_path: Path, port: int, code: str, lang: str) -> tuple[int, str]:
    """``wizard-p2p join --headless`` to the lobby at ``port``: its exit code and stderr."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "wizard_p2p", "join", "--headless", f"127.0.0.1:{port}",
        "--code", code, "--name", f"Dan-{lang}", "--data-dir", str(tmp_path / f"dan-{lang}"),
        "--listen", "127.0.0.1", "--lang", lang,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, cwd=REPO,
    )
    _, err = await asyncio.wait_for(proc.communicate(), 120)
    assert proc.returncode is not None
    return proc.returncode, err.decode()


def test_a_joiner_of_a_full_table_is_told_how_to_watch_it(tmp_path: Path) -> None:
    said: dict[str, tuple[int, str]] = {}
    late: list[BaseException] = []
    where: list[str] = []

    async def main() -> None:
        host = host_lobby(tmp_path, seats=3)
        await host.open()
        serving = asyncio.ensure_future(host.serve())  # the host has not started it
        lobbies = [joiner(tmp_path, host, "Ann"), joiner(tmp_path, host, "Bea")]
        tasks: list[asyncio.Future[Any]] = []
        try:
            for lobby in lobbies:
                tasks.append(asyncio.ensure_future(lobby.join()))
                await until([host], lambda: len(host.players) == len(tasks) + 1)
            where.extend((f"127.0.0.1:{host.port}", host.code))
            one_more = joiner(tmp_path, host, "Cid")
            try:
                await asyncio.wait_for(one_more.join(), 60)
            except LobbyError as exc:
                late.append(exc)
            finally:
                await one_more.close()
            for lang in ("en", "zh", "ja"):
                said[lang] = await _join_process(tmp_path, host.port, host.code, lang)
            assert len(host.players) == 3  # nobody else was seated meanwhile
        finally:
            for task in [serving, *tasks]:
                task.cancel()
            await asyncio.gather(serving, *tasks, return_exceptions=True)
            for lobby in [*lobbies, host]:
                await lobby.close()

    asyncio.run(asyncio.wait_for(main(), 300))
    assert len(late) == 1 and isinstance(late[0], TableFull), late
    for lang, (code, err) in said.items():
        assert code == 2, err
        tr = Translator(lang)
        line = err.strip().splitlines()[-1] if err.strip() else ""
        before = tr("error_table_full_watch", command="\0").partition("\0")[0]
        assert before in line, err
        # The command a person can paste: this program's, then watch, the address, the code.
        assert line.split(before, 1)[1].split()[-4:] == ["watch", *where[:1], "--code",
                                                          *where[1:]], err
        assert "Traceback" not in err
