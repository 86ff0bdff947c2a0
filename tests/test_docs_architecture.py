"""docs/architecture.md names every module of ``wizard_p2p``, each where its package is
described.

A package is described in the paragraph that starts with its name in bold
(``**`net`** — …``, or several: ``**`identity`, `canonical`**``); a module of it is
named there in a code span, by itself (`` `mesh` ``), with what it holds
(`` `mesh.Mesh` ``) or with its package (`` `net.mesh` ``). A top-level module is
named by a bold lead or a code span anywhere. A module added without a word in the
document fails here.
"""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = ROOT / "docs" / "architecture.md"
PACKAGE = ROOT / "wizard_p2p"

BOLD_LEAD = re.compile(r"\*\*(.+?)\*\*")
NAME = re.compile(r"`([\w.]+)`")
SPAN_START = re.compile(r"`([\w.]+)")


def modules(package: Path) -> list[tuple[str, ...]]:
    """Every module of the package as its dotted parts below ``wizard_p2p``, a
    package's ``__init__`` left out (the package itself is described)."""
    found = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).with_suffix("").parts
        if parts[-1] != "__init__":
            found.append(parts)
    return found


def paragraphs_by_package(text: str) -> dict[str, str]:
    """Each name a paragraph's bold lead gives, mapped to that paragraph."""
    described: dict[str, str] = {}
    for paragraph in re.split(r"\n\s*\n", text):
        lead = BOLD_LEAD.match(paragraph.strip())
        if lead is not None:
            for name in NAME.findall(lead.group(1)):
                described[name] = paragraph
    return described


def missing_modules(text: str, names: list[tuple[str, ...]]) -> list[str]:
    """The modules ``text`` does not name where it should, dotted."""
    described = paragraphs_by_package(text)
    missing = []
    for parts in names:
        if len(parts) == 1:
            named = parts[0] in described or f"`{parts[0]}`" in text
        else:
            package, module = parts[0], ".".join(parts[1:])
            spans = SPAN_START.findall(described.get(package, ""))
            named = any(
                span == candidate or span.startswith(candidate + ".")
                for span in spans
                for candidate in (module, f"{package}.{module}")
            )
        if not named:
            missing.append(".".join(parts))
    return missing


def test_a_module_is_named_only_in_its_own_packages_paragraph() -> None:
    text = (
        "**`net`** — the mesh (`mesh.Mesh`) and `net.links`.\n\n"
        "**`node`** — `stall` and `peer`.\n\n"
        "**`errors`, `files`** — the leaves. `ports` too.\n"
    )
    names = [
        ("net", "mesh"), ("net", "links"), ("net", "stall"), ("node", "stall"),
        ("node", "tracing"), ("errors",), ("files",), ("ports",), ("cli",), ("tui", "app"),
    ]
    assert missing_modules(text, names) == ["net.stall", "node.tracing", "cli", "tui.app"]


def test_every_module_of_the_package_is_in_the_architecture_document() -> None:
    names = modules(PACKAGE)
    assert ("net", "mesh") in names and ("errors",) in names  # the walk finds modules
    assert missing_modules(DOCUMENT.read_text(), names) == []


# --- the recipes ---------------------------------------------------------------------------
#
# Each recipe of "## Recipes" is a paragraph led by a bold "A …." and its numbered steps.
# A code span with a slash or a file suffix is a file of the repository
# (``catalogue_*.py`` stands for every file it matches, of which there must be one; one
# with ``<…>`` or outside the repository is a pattern, not checked). A code span that is
# a dotted name is a symbol, which the Python files named in the same step (or, for a
# sentence naming none, in the same recipe) must hold in their code, or a module of the
# package.

RECIPE_LEAD = re.compile(r"^\*\*An? ([^*]+)\.\*\*", re.MULTILINE)
SPAN = re.compile(r"`([^`]+)`")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
FILE_SUFFIX = re.compile(r"\.(?:py|md|json|toml|jsonl)$")


def recipes(text: str) -> dict[str, list[str]]:
    """Each recipe by its name, as its units: the lead, each step, each later sentence."""
    section = text.split("\n## Recipes\n", 1)[1].split("\n## ", 1)[0]
    found: dict[str, list[str]] = {}
    leads = list(RECIPE_LEAD.finditer(section))
    for lead, after in zip(leads, [*leads[1:], None], strict=True):
        body = section[lead.start() : after.start() if after else len(section)]
        units = re.split(r"\n(?=\d+\. )|\n\s*\n", body)
        found[lead.group(1)] = [u for u in units if u.strip()]
    return found


def paths_of(unit: str) -> list[str]:
    """The repository files a unit names (patterns and paths outside it left out)."""
    paths = []
    for span in SPAN.findall(unit):
        if ("/" not in span and not FILE_SUFFIX.search(span)) or " " in span:
            continue
        if "<" in span or span.startswith("../"):
            continue
        paths.append(span)
    return paths


def files_of(root: Path, path: str) -> list[Path]:
    """The files or folder a path names (a glob: every match)."""
    if "*" in path:
        return sorted(root.glob(path))
    return [root / path] if (root / path).exists() else []


def symbols_of(unit: str) -> list[str]:
    return [
        span for span in SPAN.findall(unit)
        if DOTTED.fullmatch(span) and not FILE_SUFFIX.search(span)
    ]


def code_names(path: Path) -> set[str]:
    """Every name a Python file's code defines, imports, reads or passes as a keyword,
    and its dict literals' string keys (docstrings and comments hold none)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.arg | ast.keyword) and node.arg is not None:
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).rsplit(".", 1)[-1])
        elif isinstance(node, ast.Dict):
            names.update(k.value for k in node.keys if isinstance(k, ast.Constant)
                         and isinstance(k.value, str))
    return names


def unknown_in_recipes(text: str, root: Path) -> list[str]:
    """What the recipes name that the repository does not hold, as ``recipe: name``."""
    package_names = {part for parts in modules(root / "wizard_p2p") for part in parts}
    package_names |= {p.name for p in (root / "wizard_p2p").iterdir() if p.is_dir()}
    unknown = []
    for name, units in recipes(text).items():
        everywhere = [p for unit in units for p in paths_of(unit)]
        for path in everywhere:
            if not files_of(root, path):
                unknown.append(f"{name}: {path}")
        for unit in units:
            scope = [p for p in paths_of(unit) if p.endswith(".py")]
            scope = scope or [p for p in everywhere if p.endswith(".py")]
            held = set().union(
                *(code_names(f) for p in scope for f in files_of(root, p) if f.is_file())
            )
            for symbol in symbols_of(unit):
                parts = symbol.split(".")
                if symbol in package_names or ".".join(parts[1:]) in package_names:
                    continue
                if not all(part in held or hasattr(builtins, part) for part in parts):
                    unknown.append(f"{name}: {symbol}")
    return unknown


def test_the_recipes_for_a_language_a_variant_and_a_status_are_written() -> None:
    assert {"language", "variant", "status"} <= set(recipes(DOCUMENT.read_text()))


def test_every_file_and_symbol_a_recipe_names_exists() -> None:
    assert unknown_in_recipes(DOCUMENT.read_text(), ROOT) == []


def test_a_recipe_naming_a_missing_file_or_symbol_is_caught() -> None:
    text = (
        "\n## Recipes\n\n**A thing.** A `GameConfig`.\n\n"
        "1. In `wizard_p2p/rules/config.py`, `GameConfig.with_variants` and `Gone`.\n"
        "2. Words in `wizard_p2p/tui/catalogue_*.py` and `wizard_p2p/tui/*_xx.py`, "
        "`variant_<name>`.\n"
        "3. Then `tui` and `python -m tools.gen_vectors`; `Missing` in no file.\n\n"
        "## Design\n"
    )
    assert unknown_in_recipes(text, ROOT) == [
        "thing: wizard_p2p/tui/*_xx.py", "thing: Gone", "thing: Missing",
    ]
