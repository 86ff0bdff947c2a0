"""The scripts' first run on a fresh checkout: playing installs only what playing needs,
and the test command adds the test tools on top."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_TOOLS = ("pytest", "hypothesis", "ruff", "mypy", "importlinter")


def _fresh_checkout(tmp_path: Path) -> Path:
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True,
                            check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: no list of the tracked files to copy")
    copy = tmp_path / "checkout"
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    return copy


def _bootstrap(checkout: Path, *, tools: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "WIZARD_P2P_TOOLS")}
    if tools:
        env["WIZARD_P2P_TOOLS"] = "1"
    done = subprocess.run(["bash", "-c", "source scripts/_bootstrap.sh"], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=900, check=False)
    if done.returncode != 0 and "No matching distribution" in done.stderr:
        pytest.skip("no package index is reachable from here")
    assert done.returncode == 0, done.stderr
    return done


def _has(checkout: Path, module: str) -> bool:
    python = checkout / ".venv" / "bin" / "python"
    code = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"
    return subprocess.run([str(python), "-c", code], check=False).returncode == 0


def test_playing_installs_no_test_tools_and_the_test_command_adds_them(tmp_path: Path) -> None:
    checkout = _fresh_checkout(tmp_path)
    played = _bootstrap(checkout, tools=False)
    assert "Warning" not in played.stderr  # no build backend, none of its warnings
    assert [m for m in _TOOLS if _has(checkout, m)] == []
    assert all(_has(checkout, m) for m in ("zmq", "nacl", "prompt_toolkit", "zeroconf"))
    # The checkout's command runs from anywhere, as the README says.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    version = subprocess.run([str(checkout / "scripts" / "wizard-p2p"), "--help"],
                             cwd=elsewhere, capture_output=True, text=True, check=False)
    assert version.returncode == 0 and "wizard-p2p" in version.stdout, version.stderr
    _bootstrap(checkout, tools=True)
    assert [m for m in _TOOLS if not _has(checkout, m)] == []
