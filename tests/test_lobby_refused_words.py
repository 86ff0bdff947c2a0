"""A joiner the host refuses reads why in its own language: ``wizard-p2p join --lang zh``
(a process) asks a lobby on 127.0.0.1 that admits joiners one by one, the host refuses it,
and the line it prints is the catalogue's Chinese sentence, not the host's English one."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.lobby_support import host_lobby, until
from tests.test_node_multiprocess import REPO
from wizard_p2p.tui.i18n import Translator


def test_a_joiner_the_host_refuses_is_told_in_chinese(tmp_path: Path) -> None:
    ran: list[tuple[int | None, str]] = []

    async def main() -> None:
        host = host_lobby(tmp_path, seats=3, approve=True)
        await host.open()
        serving = asyncio.ensure_future(host.serve())
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "wizard_p2p", "join", "--headless", f"127.0.0.1:{host.port}",
            "--code", host.code, "--name", "Dan", "--data-dir", str(tmp_path / "dan"),
            "--listen", "127.0.0.1", "--lang", "zh",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, cwd=REPO,
        )
        try:
            await until([host], lambda: len(host.waiting) == 1, timeout=120)
            client = host.waiting[0].client
            assert client is not None
            host.refuse(client)  # as the host's x
            _, err = await asyncio.wait_for(proc.communicate(), 120)
            ran.append((proc.returncode, err.decode()))
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
            await host.close()

    asyncio.run(asyncio.wait_for(main(), 300))
    [(code, err)] = ran
    assert code == 2, err
    last = err.strip().splitlines()[-1]
    tr = Translator("zh")
    assert last == tr("error_line", text=tr("lobby_refused_not_admitted")), err
    assert "admit" not in err and "Traceback" not in err, err
