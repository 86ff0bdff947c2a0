"""Every section the repository cites in a protocol chapter exists there.

Code, tests and documents point at the protocol by chapter and section ("SPEC §6.2",
"`WIZARD.md` §3", "SORCERY §4"); a citation left behind when a chapter is split or
renumbered would send a reader to the wrong rule.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ("SPEC", "WIZARD", "SORCERY", "CRYPTO", "RULES", "NET")
# "SPEC §6.2", "`SPEC.md` §4", "SPEC.md §8.2", and a list after it: "SPEC §4, §7", "§4–§6".
_NUMBER = r"§\s?\d+[a-z]?(?:\.\d+)?"
CITATION = re.compile(
    r"\b(" + "|".join(CHAPTERS) + r")(?:\.md)?`? ?((?:" + _NUMBER + r"(?:\s?(?:,|–|and)\s?)?)+)"
)
SECTION = re.compile(r"§\s?(\d+[a-z]?(?:\.\d+)?)")
HEADING = re.compile(r"^#{2,3} (\d+[a-z]?(?:\.\d+)?)\.? ", re.MULTILINE)


ITEM = re.compile(r"^(\d+)\. ", re.MULTILINE)


def sections(chapter: str) -> set[str]:
    """The numbers of a chapter's sections and subsections, and "N.k" for the k-th item
    of a numbered list in section N (NET §4.7: the seventh step of replication)."""
    text = (ROOT / "protocol" / f"{chapter}.md").read_text()
    found = set(HEADING.findall(text))
    for part in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        number = part.split(".", 1)[0]
        found |= {f"{number}.{item}" for item in ITEM.findall(part)}
    return found


def citations(text: str) -> list[tuple[str, str]]:
    """Each (chapter, section) the text cites."""
    return [
        (chapter, number)
        for chapter, run in CITATION.findall(text)
        for number in SECTION.findall(run)
    ]


def test_the_pattern_finds_citations() -> None:
    text = "(SPEC §4, §7), `WIZARD.md` §2–§5, CRYPTO.md §13.11; SORCERY §6 and a § alone"
    assert citations(text) == [
        ("SPEC", "4"), ("SPEC", "7"), ("WIZARD", "2"), ("WIZARD", "5"),
        ("CRYPTO", "13.11"), ("SORCERY", "6"),
    ]
    assert {"1", "2.1", "8.2"} <= sections("SPEC")


def test_every_cited_section_exists() -> None:
    known = {chapter: sections(chapter) for chapter in CHAPTERS}
    files = [
        *ROOT.glob("protocol/*.md"), *ROOT.glob("docs/*.md"), ROOT / "README.md",
        *ROOT.glob("wizard_p2p/**/*.py"), *ROOT.glob("tests/*.py"), *ROOT.glob("tools/**/*.py"),
    ]
    missing = [
        f"{path.relative_to(ROOT)}: {chapter} §{number}"
        for path in files
        if path.name != "test_docs_sections.py"
        for chapter, number in citations(path.read_text())
        if number not in known[chapter]
    ]
    assert missing == []
