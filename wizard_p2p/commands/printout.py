"""What a command prints once its console has closed: commands a person can paste.

A printed command names the program the way this person started it: the checkout's
``scripts/wizard-p2p`` when a script started it (the scripts say so in
``WIZARD_P2P_PROG``), ``wizard-p2p`` when that is the command on ``PATH``, or the
interpreter and ``-m wizard_p2p`` otherwise. Paths are shell words (``~`` for the home
folder, quoted where a shell would split them). Lines are wrapped between words for
the terminal, and a command is never broken: it goes on a line of its own when it
does not fit after its label.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import textwrap
from collections.abc import Mapping
from pathlib import Path

PROGRAM_VARIABLE = "WIZARD_P2P_PROG"


def shell_path(path: str | os.PathLike[str], *, cwd: Path | None = None,
               home: Path | None = None) -> str:
    """``path`` as one shell word: relative to ``cwd`` when inside it, ``~/…`` when in
    the home folder, quoted only where a shell would split or expand it."""
    target = Path(os.path.abspath(path))
    cwd = Path.cwd() if cwd is None else cwd
    home = Path.home() if home is None else home
    if cwd != Path("/") and target.is_relative_to(cwd) and target != cwd:
        relative = str(target.relative_to(cwd))
        return shlex.quote(relative if "/" in relative else f"./{relative}")
    if target.is_relative_to(home) and target != home:
        return "~/" + shlex.quote(str(target.relative_to(home)))
    return shlex.quote(str(target))


def program(environ: Mapping[str, str] | None = None, argv0: str | None = None,
            *, cwd: Path | None = None, home: Path | None = None) -> str:
    """The words that start this program again, as the person started it."""
    env = os.environ if environ is None else environ
    script = env.get(PROGRAM_VARIABLE, "")
    if script:
        return shell_path(script, cwd=cwd, home=home)
    argv0 = sys.argv[0] if argv0 is None else argv0
    if Path(argv0).name == "wizard-p2p":
        on_path = shutil.which("wizard-p2p")
        if on_path is not None and os.path.realpath(on_path) == os.path.realpath(argv0):
            return "wizard-p2p"
        return shell_path(argv0, cwd=cwd, home=home)
    return f"{shell_path(sys.executable, cwd=cwd, home=home)} -m wizard_p2p"


def command(*words: str | os.PathLike[str], prog: str | None = None) -> str:
    """A command line of this program: ``words`` after the program's own (a path, as
    ``shell_path`` says it; any other word quoted for the shell)."""
    parts = [program() if prog is None else prog]
    for word in words:
        parts.append(shell_path(word) if isinstance(word, os.PathLike) else shlex.quote(word))
    return " ".join(parts)


def terminal_columns() -> int | None:
    """The width of the terminal standard output writes to; None if it is not one."""
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError):
        return None


def fit(text: str, columns: int | None) -> str:
    """``text`` wrapped between words to ``columns`` (None: as it is), no word broken."""
    if columns is None:
        return text
    return "\n".join(
        textwrap.fill(line, width=max(20, columns), break_long_words=False,
                      break_on_hyphens=False) if line else line
        for line in text.splitlines()
    )


def labelled(label: str, value: str, columns: int | None) -> str:
    """``label`` then ``value`` (a path, a command: one unbreakable word): on one line if
    it fits, else the value on a line of its own, indented."""
    from wizard_p2p.tui.score_text import width

    gap = "" if label.endswith(("：", " ")) else " "
    line = f"{label}{gap}{value}"
    if columns is None or width(line) <= columns:
        return line
    return f"{fit(label, columns)}\n  {value}"






__all__ = ["PROGRAM_VARIABLE", "command", "fit", "labelled", "program", "shell_path",
           "terminal_columns"]
