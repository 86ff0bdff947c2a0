"""The conformance suite (``protocol/vectors/faults``, ``protocol/vectors/clean``): our
audit agrees with every vector, the generator writes the committed files byte for byte,
and the fault kinds are one closed list, the same in the code, the SPEC and the vectors.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tools import gen_conformance
from tools.gen_vectors import GOLDEN_DIR
from wizard_p2p.audit import audit_entries, audit_file, format_report
from wizard_p2p.errors import PeerFault
from wizard_p2p.protocol.events import Faulted
from wizard_p2p.protocol.kinds import FaultKind
from wizard_p2p.rules import VARIANT_NAMES
from wizard_p2p.tables import open_table
from wizard_p2p.tables.wizard.kinds import WizardFault

ROOT = Path(__file__).resolve().parents[1]
FAULTS = ROOT / gen_conformance.FAULTS_DIR
CLEAN = ROOT / gen_conformance.CLEAN_DIR
FILES = ROOT / gen_conformance.FILES_DIR
GOLDEN = (ROOT / GOLDEN_DIR / "game.jsonl").read_bytes().splitlines()
# Faults no audit can report (WIZARD §3): it re-runs every pass, so the deviations that
# cancel out, which a replica can only call `deck` or `dispute`, get a seat's name.
REPLICAS_ONLY = {WizardFault.DECK, WizardFault.DISPUTE}


def manifest(folder: Path) -> list[dict[str, Any]]:
    vectors: list[dict[str, Any]] = json.loads((folder / "manifest.json").read_text())["vectors"]
    return vectors


def lines_of(folder: Path, vector: dict[str, Any]) -> list[bytes]:
    own = (folder / vector["log"]).read_bytes().splitlines()
    return [*GOLDEN[: vector.get("golden_prefix", 0)], *own]


@pytest.mark.parametrize("vector", manifest(FAULTS), ids=lambda v: v["name"])
def test_our_audit_agrees_with_each_fault_vector(vector: dict[str, Any]) -> None:
    report = audit_entries(lines_of(FAULTS, vector))
    assert gen_conformance.expected_fault(report) == vector["expected"], report.message
    if report.status == "fault":
        assert report.fault_position == len(lines_of(FAULTS, vector)) - 1  # cut at the fault


# What only the audit reports (a line in the wrong place), or what stops before a table exists.
NOT_A_REPLICAS = {FaultKind.GAP, FaultKind.DUPLICATE}


@pytest.mark.parametrize(
    "vector",
    [
        v for v in manifest(FAULTS)
        if v["expected"]["status"] == "fault"
        and v["expected"]["position"] > 0
        and v["expected"]["kind"] not in NOT_A_REPLICAS
    ],
    ids=lambda v: v["name"],
)
def test_a_replica_fed_each_fault_vector_names_the_same_seat(vector: dict[str, Any]) -> None:
    """As README.md promises: every line but the last is accepted; the last is refused
    with the kind and seat expected, or ends the game with them (a round's check)."""
    lines = lines_of(FAULTS, vector)
    table = open_table(lines[0])
    for raw in lines[1:-1]:
        table.receive(raw)
        assert not isinstance(table.outcome, Faulted)
    try:
        table.receive(lines[-1])
    except PeerFault as refused:
        found = refused
    else:
        assert isinstance(table.outcome, Faulted)
        found = table.outcome.fault
    expected = vector["expected"]
    assert (found.seat, found.kind) == (expected["seat"], expected["kind"]), str(found)


@pytest.mark.parametrize("vector", manifest(CLEAN), ids=lambda v: v["name"])
def test_our_audit_agrees_with_each_clean_vector(vector: dict[str, Any]) -> None:
    report = audit_entries(lines_of(CLEAN, vector))
    assert report.exit_code == vector["expected"]["exit"] == 0
    assert report.to_json() == vector["expected"]["audit"]
    assert report.rounds_verified == gen_conformance.ROUNDS_KEPT


def test_the_suite_covers_every_fault_kind_seat_count_and_variant() -> None:
    faults = manifest(FAULTS)
    assert len(faults) >= 40
    kinds = {v["expected"]["kind"] for v in faults if v["expected"]["kind"] is not None}
    assert kinds == {k.value for k in (*FaultKind, *WizardFault)} - REPLICAS_ONLY
    assert any(v["expected"]["exit"] == 2 for v in faults)  # another version mid-log
    clean = manifest(CLEAN)
    assert {v["seats"] for v in clean} == {3, 4, 5, 6}
    assert {name for v in clean for name in v["variants"]} == set(VARIANT_NAMES)


def test_the_generator_writes_the_committed_files(tmp_path: Path) -> None:
    written = gen_conformance.write(tmp_path, golden=ROOT)
    committed = sorted(
        p.relative_to(ROOT) for p in [*FAULTS.iterdir(), *CLEAN.iterdir(), *FILES.iterdir()]
    )
    assert sorted(p.relative_to(tmp_path) for p in written) == committed
    for path in written:
        assert path.read_bytes() == (ROOT / path.relative_to(tmp_path)).read_bytes(), path


@pytest.mark.parametrize("vector", manifest(FILES), ids=lambda v: v["name"])
def test_our_audit_agrees_with_each_file_vector(vector: dict[str, Any], tmp_path: Path) -> None:
    """A log file as a person passes it, with its evidence file beside it: the verdict and
    the very text this implementation prints."""
    (tmp_path / "log.jsonl").write_bytes((FILES / vector["log"]).read_bytes())
    if "evidence" in vector:
        (tmp_path / "evidence.jsonl").write_bytes((FILES / vector["evidence"]).read_bytes())
    report = audit_file(tmp_path / "log.jsonl")
    expected = dict(vector["expected"])
    assert format_report(report) == expected.pop("text")
    assert gen_conformance.expected_fault(report) == expected, report.message


def test_no_unsigned_word_of_an_evidence_record_reaches_the_report() -> None:
    for vector in manifest(FILES):
        if "evidence" in vector:
            assert "the host is a cheat" in (FILES / vector["evidence"]).read_text()
            assert "the host is a cheat" not in vector["expected"]["text"], vector["name"]


# --- one closed list of fault kinds ----------------------------------------------------------


def chapter_kinds(chapter: str, heading: str) -> list[str]:
    """The kinds of one chapter's table of fault kinds, in its order."""
    text = (ROOT / "protocol" / chapter).read_text()
    table = text.split(heading, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([a-z-]+)` \|", table, flags=re.MULTILINE)


def test_the_spec_tables_list_exactly_the_fault_kinds() -> None:
    """The core's table (SPEC §5) and Wizard's (WIZARD §4) together list every kind."""
    core = chapter_kinds("SPEC.md", "### Fault kinds")
    wizard = chapter_kinds("WIZARD.md", "## 4. Wizard's fault kinds")
    for listed in (core, wizard):
        assert len(listed) == len(set(listed))
    assert {"malformed", "bad-signature", "fork", "equivocation"} <= set(core)
    assert set(core) == {k.value for k in FaultKind}
    assert set(wizard) - set(core) == {k.value for k in WizardFault}


FAULT_MAKERS = {"PeerFault", "OutOfTurn", "CheatDetected", "Equivocation", "AuditReport"}


def raised_kinds(path: Path) -> list[ast.expr]:
    """The kind given to every fault made in a module (``kind=``, ``fault_kind=``, and
    the third argument of the round check's ``blame`` and the audit's ``_faulted``)."""
    found: list[ast.expr] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id in FAULT_MAKERS:
            found += [k.value for k in node.keywords if k.arg in ("kind", "fault_kind")]
        elif node.func.id == "blame":
            found.append(node.args[2])
        elif node.func.id == "_faulted":
            found.append(node.args[4])
    return found


def test_every_fault_raised_names_a_fault_kind() -> None:
    """A fault's kind is a ``FaultKind`` member where it is made, or passed on from one
    (a variable, another fault's ``kind``, ``fault_kind()``, ``rule_fault()``)."""
    modules = [*(ROOT / "wizard_p2p" / "protocol").glob("*.py"), ROOT / "wizard_p2p" / "audit.py"]
    seen = 0
    for path in modules:
        for value in raised_kinds(path):
            seen += 1
            where = f"{path.name}: {ast.unparse(value)}"
            if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
                if value.value.id == "FaultKind":
                    assert value.attr in FaultKind.__members__, where
                else:
                    assert value.attr == "kind", where  # another fault's kind, passed on
            else:
                assert isinstance(value, ast.Name) or (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Name)
                    and value.func.id in ("fault_kind", "rule_fault")
                ), where
    assert seen >= 20
