"""Where a test reaches a private name of ``wizard_p2p``.

A private name is one ``wizard_p2p`` defines with a single leading underscore: a
function, a method, a class, a module-level name, a class attribute or an attribute
set on ``self``. A test reaches one by reading or writing it as an attribute
(``peer._stall``), by naming it in a string to ``getattr``/``setattr``/
``monkeypatch.setattr``, or by importing it (``from wizard_p2p.x import _y``).
Names the test file defines itself on ``self`` (a fake's own ``self._seen``) are
its own; a name used on ``self`` that only ``wizard_p2p`` defines is a subclass
reaching into its base, and counts.

``python -m tests.private_reach`` prints the reaches by file, with the totals.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "wizard_p2p"
TESTS = ROOT / "tests"

# Calls whose second argument names an attribute.
_BY_NAME = {"getattr", "setattr", "hasattr", "delattr"}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def _defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: defs, classes, assignments to a bare name
    or to ``self.x``, and annotated names."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif (
            isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == "self"
        ):
            names.add(node.attr)
    return {name for name in names if _private(name)}


@cache
def package_privates() -> frozenset[str]:
    """Every private name some module of ``wizard_p2p`` defines."""
    names: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        names |= _defined(ast.parse(path.read_text(encoding="utf-8")))
    return frozenset(names)


@dataclass(frozen=True)
class Reach:
    """One place a test file reaches a private name of the package."""

    path: Path
    line: int
    name: str

    @property
    def file(self) -> str:
        return self.path.relative_to(ROOT).as_posix()


def _own_on_self(tree: ast.AST) -> set[str]:
    """The private names the test file sets on ``self`` or defines as methods: a
    fake's own state, not the package's."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == "self"
        ):
            own.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    own.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    own.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    own |= {t.id for t in item.targets if isinstance(t, ast.Name)}
    return own


def _named(node: ast.Call) -> str | None:
    """The attribute named by a string in ``getattr(x, "_y")`` or
    ``monkeypatch.setattr(x, "_y", …)``."""
    func = node.func
    called = func.id if isinstance(func, ast.Name) else (
        func.attr if isinstance(func, ast.Attribute) else None
    )
    if called not in _BY_NAME or len(node.args) < 2:
        return None
    name = node.args[1]
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        return name.value
    return None


def reaches_in(path: Path) -> Iterator[Reach]:
    """The reaches of one test file, in the order they appear."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    privates = package_privates()
    own = _own_on_self(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            on_self = isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}
            if node.attr in privates and not (on_self and node.attr in own):
                yield Reach(path, node.lineno, node.attr)
        elif isinstance(node, ast.Call):
            name = _named(node)
            if name is not None and name in privates:
                yield Reach(path, node.lineno, name)
        elif (
            isinstance(node, ast.ImportFrom) and node.module is not None
            and node.module.split(".")[0] == "wizard_p2p"
        ):
            for alias in node.names:
                if _private(alias.name) and alias.name in privates:
                    yield Reach(path, node.lineno, alias.name)


def test_files() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


def all_reaches(paths: Iterable[Path] | None = None) -> list[Reach]:
    found = [r for p in (paths if paths is not None else test_files()) for r in reaches_in(p)]
    return sorted(found, key=lambda r: (r.file, r.line, r.name))


def main() -> None:
    found = all_reaches()
    pairs = Counter((r.file, r.name) for r in found)
    by_file = Counter(r.file for r in found)
    for file, count in by_file.most_common():
        names = sorted({name for f, name in pairs if f == file})
        print(f"{count:4} {file}: {', '.join(names)}")
    print(f"{len(pairs)} (file, attribute) pairs, {len(found)} reaches, {len(by_file)} files")


if __name__ == "__main__":
    sys.exit(main())
