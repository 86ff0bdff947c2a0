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
