"""Reading what a command printed once its console closed: the commands it offers."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def printed_after(text: str, label: str) -> str:
    """What follows ``label`` in ``text``: on the same line, or (when it did not fit)
    on the next line, indented."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if label in line:
            rest = line.split(label, 1)[1].strip()
            if rest:
                return rest
            return lines[i + 1].strip()
    raise AssertionError(f"{label!r} is not in:\n{text}")


def run_printed(command: str, cwd: Path, env: dict[str, str] | None = None,
                timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``command`` as a person pastes it into a shell, in ``cwd``."""
    return subprocess.run(["sh", "-c", command], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, check=False, env={**os.environ, **(env or {})})
