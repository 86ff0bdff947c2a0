"""Every path of the repository that README.md and docs/*.md write exists.

The documents point a newcomer at modules, tools, scripts and protocol files by path
(``wizard_p2p/node/stall.py``, ``tools/bench/``, ``scripts/play``,
``protocol/vectors/golden/game.jsonl``); a path left behind by a move or a rename
would send the reader nowhere.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# A path starts at one of the repository's top folders, not inside another path
# (``wizard_p2p/protocol/log.py`` holds ``protocol/log.py``, which is no path of ours),
# and stops at what no path of ours holds: a space, a quote, a bracket, a placeholder.
PATH = re.compile(r"(?<![\w./~-])((?:wizard_p2p|tools|scripts|protocol|docs)/[\w./*-]*)")
DOTTED = re.compile(r"(?<![\w./-])((?:wizard_p2p|tools)(?:\.[A-Za-z_]\w*)+)")
FILE_SUFFIXES = {"json", "jsonl", "key", "md", "py", "txt"}
CODE_SPAN = re.compile(r"`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(\))?`")


def paths_written(text: str) -> set[str]:
    """The repository paths a document writes, without a sentence's closing full stop."""
    return {match.rstrip(".") for match in PATH.findall(text)}


def exists(path: str) -> bool:
    """Whether ``path`` names a file or folder of the repository (a glob: any)."""
    if "*" in path:
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


def test_the_pattern_finds_paths_and_only_paths() -> None:
    text = (
        "See `wizard_p2p/node/stall.py`, [the spec](protocol/SPEC.md) and tools/bench/. "
        "Not ~/.local/share/wizard-p2p/games nor `wizard_p2p.rules`; "
        "(`wizard_p2p/protocol/log.py`) is one path, `scripts/*` a glob."
    )
    assert paths_written(text) == {
        "wizard_p2p/node/stall.py",
        "protocol/SPEC.md",
        "tools/bench/",
        "wizard_p2p/protocol/log.py",
        "scripts/*",
    }
    assert not exists("wizard_p2p/no_such_module.py")
    assert exists("scripts/*")


def test_every_path_the_documents_write_exists() -> None:
    assert len(DOCUMENTS) >= 4  # README, architecture, performance, security
    missing = [
        f"{document.relative_to(ROOT)}: {path}"
        for document in DOCUMENTS
        for path in sorted(paths_written(document.read_text()))
        if not exists(path)
    ]
    assert missing == []


def modules_named(text: str) -> set[str]:
    """The dotted names a document gives to our modules and what they hold, made absolute:
    ``wizard_p2p.rules``, ``tools.bench``, and in code spans ``node.helper.PassHelper``
    (a name that starts with a module of ``wizard_p2p``)."""
    names = set(DOTTED.findall(text))
    for span in CODE_SPAN.findall(text):
        first, *_, last = span.split(".")
        if last in FILE_SUFFIXES:  # `seat.json`, `identity.key`: a file, not a module
            continue
        if (ROOT / "wizard_p2p" / first).is_dir() or (ROOT / "wizard_p2p" / f"{first}.py").exists():
            names.add(f"wizard_p2p.{span}")
    return names


def resolves(name: str) -> bool:
    """Whether ``name`` is a module of the tree, or attributes of the longest such."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module = ROOT.joinpath(*parts[:cut])
        if module.with_suffix(".py").exists() or (module / "__init__.py").exists():
            break
    else:
        return False
    target: object = importlib.import_module(".".join(parts[:cut]))
    for attribute in parts[cut:]:
        if not hasattr(target, attribute):
            return False
        target = getattr(target, attribute)
    return True


def test_the_module_names_resolve_and_only_ours_are_taken() -> None:
    text = (
        "`node.helper.PassHelper`, `Table.choice_seed()`, `os.sched_yield`, tools.bench, "
        "`seat.json`"
    )
    assert modules_named(text) == {"wizard_p2p.node.helper.PassHelper", "tools.bench"}
    assert resolves("wizard_p2p.node.helper.PassHelper")
    assert not resolves("wizard_p2p.node.helper.NoSuchThing")
    assert not resolves("wizard_p2p.no_such_package.thing")


def test_every_module_the_documents_name_exists() -> None:
    missing = [
        f"{document.relative_to(ROOT)}: {name}"
        for document in DOCUMENTS
        for name in sorted(modules_named(document.read_text()))
        if not resolves(name)
    ]
    assert missing == []
