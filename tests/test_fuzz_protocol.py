"""Fuzzing the protocol's decoders: canonical JSON, log entries, the genesis, the log reader.

Each gets random and mutated inputs (see ``tests/fuzz_support.py``) and must
answer with a value or the project's own refusal. ``scripts/fuzz`` runs these
with the full example count.
"""

from __future__ import annotations

import json
from functools import partial

import pytest
from hypothesis import given

from tests.fuzz_support import (
    Chooser,
    attempt,
    document_tests,
    dump_compact,
    feed_all,
    fuzz_settings,
    golden_lines,
    inputs,
    json_mutated,
    mutated,
    one_of,
    random_bytes,
    scratch_dir,
)
from wizard_p2p import canonical
from wizard_p2p.audit import audit_entries
from wizard_p2p.disk.log import read_log
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.log import split_log
from wizard_p2p.tables.wizard.bodies import BODIES

LINES = golden_lines()
GENESIS = LINES[0]
# One line of every kind the golden game holds, to mutate.
SAMPLES: list[bytes] = list({json.loads(line)["kind"]: line for line in LINES}.values())
SIG_SUFFIX = len(',"sig":"') + m.SIG_HEX + len('"}')


def _signed_value(line: bytes) -> dict:
    return json.loads(line[:-SIG_SUFFIX] + b"}")


def _signed_mutants(lines: list[bytes], max_ops: int = 3):
    """Mutants of entries' signed parts, encoded in the canonical layout with the signature
    back in place: they get past the signature's framing and the parser, into the schemas."""
    by_line = [(json_mutated([_signed_value(line)], dump_compact, max_ops), line[-SIG_SUFFIX:])
               for line in lines]

    def generate(pick: Chooser) -> bytes:
        mutate, suffix = pick.choice(by_line)
        return mutate(pick)[:-1] + suffix

    return generate


# --- canonical JSON -----------------------------------------------------------------


def _canonical(data: bytes) -> None:
    value = attempt(canonical.decode, data, m.MAX_ENTRY_BYTES)
    if value is not None:
        assert canonical.encode(value) == data


test_canonical_random, test_canonical_mutated = document_tests(
    "canonical", "canonical JSON", _canonical, SAMPLES, dump_compact, random_size=300,
    documents=[_signed_value(s) for s in SAMPLES],
)


@pytest.mark.parametrize(
    "data",
    [b"[" * 200_000, b'{"a":' * 100_000, b"[1e999]", b"[NaN]", b'["\\ud800"]', b"\xff",
     b"9" * 5000, b"[" * 64 + b"]" * 63],
)
def test_canonical_refusals(data: bytes) -> None:
    with pytest.raises(DecodeError):
        canonical.decode(data, 1 << 20)


def test_canonical_brackets_in_a_string_are_text() -> None:
    data = b'"' + b"[" * 100 + b'\\"{"'
    assert canonical.decode(data, 1 << 20) == "[" * 100 + '"{'


# --- log entries --------------------------------------------------------------------


def _entry(line: bytes) -> None:
    entry = attempt(partial(m.decode_entry, bodies=BODIES), line)
    if entry is not None:
        assert entry.raw == line
        assert entry.kind in BODIES


@fuzz_settings(share=2)
@given(inputs(one_of(random_bytes(400), mutated(SAMPLES))))
def test_entry_random_and_mutated_bytes(batch: list[bytes]) -> None:
    feed_all("log entries", _entry, batch)


@fuzz_settings(share=2)
@given(inputs(_signed_mutants(SAMPLES)))
def test_entry_mutated_fields(batch: list[bytes]) -> None:
    feed_all("log entries", _entry, batch)


# --- the genesis --------------------------------------------------------------------


def _genesis(line: bytes) -> None:
    attempt(m.signed_version_of, line)
    attempt(partial(m.decode_entry, bodies=BODIES), line)
    # The audit reads a genesis as every replica does (Table), and turns each refusal
    # into its report: anything else escapes.
    assert attempt(audit_entries, [line]) is not None


@fuzz_settings(share=2)
@given(inputs(mutated([GENESIS])))
def test_genesis_mutated_bytes(batch: list[bytes]) -> None:
    feed_all("genesis", _genesis, batch)


@fuzz_settings(share=2)
@given(inputs(_signed_mutants([GENESIS], max_ops=2)))
def test_genesis_mutated_fields(batch: list[bytes]) -> None:
    feed_all("genesis", _genesis, batch)


def test_signed_version_of_deep_json_is_none() -> None:
    assert m.signed_version_of(b"[" * 200_000) is None


# --- the log reader -----------------------------------------------------------------

# The genesis and the three coins: a log whose audit is quick enough to fuzz.
LOG_HEAD = b"".join(line + b"\n" for line in LINES[:4])
_DIR = scratch_dir()


def _log(data: bytes) -> None:
    path = _DIR / "log.jsonl"
    path.write_bytes(data)
    lines = attempt(read_log, path)
    assert (lines is None) == (attempt(split_log, data) is None)
    if lines:
        assert attempt(audit_entries, lines) is not None


def _reordered_log(pick: Chooser) -> bytes:
    lines = [pick.choice(LINES[:4]) for _ in range(pick.integer(0, 6))]
    return b"".join(line + b"\n" for line in lines) + pick.choice([b"", b"{", b"\n"])


def _random_lines(pick: Chooser) -> bytes:
    return b"\n".join(pick.binary(80) for _ in range(pick.integer(0, 5)))


@fuzz_settings(share=2)
@given(inputs(one_of(mutated([LOG_HEAD], max_ops=3), _reordered_log)))
def test_log_reader_mutated(batch: list[bytes]) -> None:
    feed_all("log reader", _log, batch)


@fuzz_settings(share=2)
@given(inputs(one_of(random_bytes(300), _random_lines)))
def test_log_reader_random(batch: list[bytes]) -> None:
    feed_all("log reader", _log, batch)


def test_log_reader_refuses_an_oversized_line() -> None:
    with pytest.raises(DecodeError, match="exceeds"):
        split_log(b"x" * (m.MAX_ENTRY_BYTES + 1) + b"\n")
