"""docs/SECURITY.md names, for each attack, the test that shows it: every test it names
exists, so the table cannot point at a test that was renamed or removed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = re.compile(
    r"`((?:adversarial/)?test_[a-z0-9_]+\.py)(?:::([A-Za-z0-9_]+)(?:\[[^\]]*\])?)?`"
)


def defines(source: str, name: str) -> bool:
    """Whether a test module defines ``name``: by ``def``, or by assignment (the fuzz
    tests ``fuzz_support.document_tests`` makes, ``test_x_random, test_x_mutated = …``)."""
    assigned = re.compile(rf"^(?:\w+, )*{name}(?:, \w+)* = ", re.MULTILINE)
    return f"def {name}(" in source or assigned.search(source) is not None


def test_every_test_the_security_table_names_exists() -> None:
    text = (ROOT / "docs" / "SECURITY.md").read_text()
    references = REFERENCE.findall(text)
    assert len(references) >= 30  # a row per attack, each with its tests
    missing = []
    for file, name in references:
        path = ROOT / "tests" / file
        if not path.exists() or (name and not defines(path.read_text(), name)):
            missing.append(f"{file}::{name}" if name else file)
    assert missing == []
