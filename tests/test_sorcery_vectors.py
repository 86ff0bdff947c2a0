"""巫师牌's vectors (``protocol/vectors/sorcery``): our audit agrees with each, read with
the synthetic card file beside them; each fault log blames the seat that changed its
entry; the clean game holds every entry kind; the generator writes the committed files
byte for byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tools import gen_sorcery_vectors
from tools.conformance_forges import fields
from tools.gen_conformance import expected_fault
from tools.gen_vectors import log_bytes
from wizard_p2p.audit import audit_bytes, audit_entries
from wizard_p2p.tables.sorcery.kinds import SorceryKind
from wizard_p2p.tables.sorcery.rules import CardLibrary

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / gen_sorcery_vectors.SORCERY_DIR
MANIFEST: dict[str, Any] = json.loads((FOLDER / "manifest.json").read_text())
CARDS = CardLibrary.of_file((FOLDER / MANIFEST["cards"]).read_bytes())
CLEAN = (FOLDER / "clean.jsonl").read_bytes().splitlines()
FAULTS = [v for v in MANIFEST["vectors"] if v["name"] != "clean"]
SCHEMAS = ROOT / gen_sorcery_vectors.SCHEMA_DIR
ENTRY_SCHEMAS = {p.name.removeprefix("entry-").removesuffix(".json"):
                 Draft202012Validator(json.loads(p.read_text())) for p in SCHEMAS.iterdir()}


def lines_of(vector: dict[str, Any]) -> list[bytes]:
    own = (FOLDER / vector["log"]).read_bytes().splitlines()
    return [*CLEAN[: vector.get("clean_prefix", 0)], *own]


def test_the_clean_game_verifies_with_the_committed_report() -> None:
    (clean,) = [v for v in MANIFEST["vectors"] if v["name"] == "clean"]
    report = audit_entries(CLEAN, cards=CARDS)
    assert report.to_json() == clean["expected"]["audit"]
    assert report.status == "verified" and report.exit_code == clean["expected"]["exit"] == 0


def test_the_clean_game_holds_every_entry_kind_of_the_game() -> None:
    written = {fields(line)["kind"] for line in CLEAN}
    assert {str(k) for k in SorceryKind} <= written


def test_without_the_card_file_the_log_cannot_be_judged() -> None:
    report, _ = audit_bytes(log_bytes(CLEAN))
    assert report.status == "unreadable" and report.fault_seat is None


@pytest.mark.parametrize("vector", FAULTS, ids=lambda v: v["name"])
def test_our_audit_agrees_with_each_fault_vector(vector: dict[str, Any]) -> None:
    lines = lines_of(vector)
    report = audit_entries(lines, cards=CARDS)
    assert expected_fault(report) == vector["expected"], report.message
    assert report.fault_position == len(lines) - 1  # cut at the fault


@pytest.mark.parametrize("vector", FAULTS, ids=lambda v: v["name"])
def test_each_fault_blames_the_seat_that_changed_its_entry(vector: dict[str, Any]) -> None:
    lines = lines_of(vector)
    changed = lines[vector["clean_prefix"]]
    assert changed != CLEAN[vector["clean_prefix"]]
    assert fields(changed)["seat"] == vector["expected"]["seat"]
    assert vector["expected"]["exit"] == 1 and vector["expected"]["status"] == "fault"


def test_every_deck_step_and_the_end_have_a_fault_vector() -> None:
    changed = [fields(lines_of(v)[v["clean_prefix"]]) for v in FAULTS]
    tampered = {entry["kind"] for entry in changed}
    assert tampered >= {"pass", "opened", "sealed", "returned", "placed", "deck_opened",
                        "act", "final"}
    purposes = {entry["body"]["message"]["purpose"] for entry in changed
                if entry["kind"] == "sealed"}
    assert purposes == {"draw", "search", "look"}


def test_the_generator_writes_the_committed_files(tmp_path: Path) -> None:
    written = gen_sorcery_vectors.write(tmp_path)
    assert sorted(p.relative_to(tmp_path) for p in written) == sorted(
        p.relative_to(ROOT) for folder in (FOLDER, SCHEMAS) for p in folder.iterdir())
    for path in written:
        assert path.read_bytes() == (ROOT / path.relative_to(tmp_path)).read_bytes(), path


def test_every_report_of_the_vectors_validates_against_the_audit_schema() -> None:
    schema = json.loads((ROOT / "protocol" / "schemas" / "audit.json").read_text())
    validator = Draft202012Validator(schema)
    for vector in MANIFEST["vectors"]:
        report = audit_entries(lines_of(vector), cards=CARDS).to_json()
        errors = [f"{list(e.path)}: {e.message}" for e in validator.iter_errors(report)]
        assert errors == [], vector["name"]


def test_each_entry_kind_has_a_valid_json_schema() -> None:
    kinds = {str(k) for k in SorceryKind} | {"genesis", "coin", "final", "abort", "proof"}
    assert set(ENTRY_SCHEMAS) == kinds
    for validator in ENTRY_SCHEMAS.values():
        Draft202012Validator.check_schema(validator.schema)


def test_every_entry_of_the_clean_game_validates_against_its_kinds_schema() -> None:
    for i, line in enumerate(CLEAN):
        entry = json.loads(line)
        errors = [f"{list(e.path)}: {e.message}"
                  for e in ENTRY_SCHEMAS[entry["kind"]].iter_errors(entry)]
        assert errors == [], f"line {i + 1} ({entry['kind']})"


@pytest.mark.parametrize("change", [
    lambda body: body.update(extra=1),  # a field no body has
    lambda body: body.pop(next(iter(body))) if body else body.update(count=1),
])
def test_a_body_with_a_field_too_many_or_too_few_fails_its_schema(change: Any) -> None:
    for line in CLEAN:
        entry = json.loads(line)
        if entry["kind"] not in {str(k) for k in SorceryKind}:
            continue
        change(entry["body"])
        assert not ENTRY_SCHEMAS[entry["kind"]].is_valid(entry), entry["kind"]
