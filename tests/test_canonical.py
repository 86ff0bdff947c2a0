"""Canonical JSON: one encoding per value, and a decoder that refuses every other.

``python tests/test_canonical.py --write-vector`` regenerates
protocol/vectors/crypto/canonical.json (the tests compare against the file).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wizard_p2p import canonical
from wizard_p2p.errors import DecodeError, UsageError

VECTOR = (
    Path(__file__).resolve().parent.parent / "protocol" / "vectors" / "crypto" / "canonical.json"
)
MAX = 1 << 20
DEEP: list[Any] = []
for _ in range(canonical.MAX_DEPTH + 1):
    DEEP = [DEEP]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-canonical.MAX_INT, canonical.MAX_INT)
    | st.text(st.characters(exclude_categories=["Cs"])),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.text(st.characters(exclude_categories=["Cs"]), max_size=6), children, max_size=4
        )
    ),
    max_leaves=20,
)


# Inputs and their canonical bytes, the shared examples of protocol/CRYPTO.md.
EXAMPLES: list[tuple[str, Any, bytes]] = [
    ("key order and separators", {"b": 1, "a": [True, None, "x"]}, b'{"a":[true,null,"x"],"b":1}'),
    ("bytes as lowercase hex", {"key": b"\x00\xab\xff"}, b'{"key":"00abff"}'),
    ("integer range", [2**53 - 1, -(2**53 - 1), 0], b"[9007199254740991,-9007199254740991,0]"),
    ("escapes", 'q"b\\\b\f\n\r\t\x01\x1f\x7f/', b'"q\\"b\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\x7f/"'),
    ("non-ASCII as UTF-8", {"é": "ß€😀"}, '{"é":"ß€😀"}'.encode()),
    (
        "keys by code point",
        {"é": 1, "z": 2, "Z": 3, "a": 4, "": 5, "\U0001f600": 6, "\uffff": 7},
        '{"":5,"Z":3,"a":4,"z":2,"é":1,"\uffff":7,"😀":6}'.encode(),
    ),
    ("empty containers", {"l": [], "o": {}}, b'{"l":[],"o":{}}'),
]


def canonical_vector() -> dict[str, Any]:
    return {
        "description": "canonical.encode(value) gives exactly the bytes canonical_hex; "
        "byte strings of the value are already shown as their hex text",
        "examples": [
            {
                "name": name,
                "value": json.loads(data),
                "canonical_hex": data.hex(),
                "canonical_text": data.decode(),
            }
            for name, _, data in EXAMPLES
        ],
    }


@pytest.mark.parametrize(("name", "value", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_examples_encode_exactly(name: str, value: Any, expected: bytes) -> None:
    assert canonical.encode(value) == expected
    decoded = canonical.decode(expected, MAX)
    assert canonical.encode(decoded) == expected


def test_committed_vector_matches() -> None:
    vector = json.loads(VECTOR.read_text(encoding="utf-8"))
    assert vector == canonical_vector()
    for example in vector["examples"]:
        assert canonical.encode(example["value"]).hex() == example["canonical_hex"]


def test_tuples_and_int_subclasses_encode_as_their_plain_form() -> None:
    import enum

    class Seat(enum.IntEnum):
        NORTH = 3

    assert canonical.encode((1, Seat.NORTH, False)) == b"[1,3,false]"
    assert canonical.encode(bytearray(b"\x01")) == b'"01"'


@pytest.mark.parametrize(
    "bad",
    [
        1.0,
        float("nan"),
        float("inf"),
        2**53,
        -(2**53),
        {1: "int key"},
        {b"k": "bytes key"},
        {"s": {1, 2}},
        object(),
        "\ud800",  # lone surrogate
        {"deep": DEEP},
    ],
)
def test_values_without_canonical_form_are_refused(bad: Any) -> None:
    with pytest.raises(canonical.EncodeError):
        canonical.encode(bad)
    assert issubclass(canonical.EncodeError, UsageError)


@given(json_values)
def test_round_trip(value: Any) -> None:
    data = canonical.encode(value)
    assert canonical.decode(data, MAX) == value
    assert canonical.encode(canonical.decode(data, MAX)) == data
    # The encoder's output is ordinary JSON too.
    assert json.loads(data) == value


# Values as the protocol hands them to the encoder: byte strings (and other byte
# buffers) anywhere, tuples as well as lists.
encodable_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-canonical.MAX_INT, canonical.MAX_INT)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=6)
    | st.binary(max_size=8)
    | st.binary(max_size=8).map(bytearray),
    lambda children: (
        st.lists(children, max_size=4)
        | st.lists(children, max_size=4).map(tuple)
        | st.dictionaries(st.text(max_size=4), children, max_size=4)
    ),
    max_leaves=20,
)


def _hexed(value: Any) -> Any:
    """``value`` as the encoding rules read it: byte strings as lowercase hex text."""
    if isinstance(value, bytes | bytearray):
        return bytes(value).hex()
    if isinstance(value, list | tuple):
        return [_hexed(v) for v in value]
    if isinstance(value, dict):
        return {k: _hexed(v) for k, v in value.items()}
    return value


@given(encodable_values)
def test_byte_strings_anywhere_encode_as_their_hex(value: Any) -> None:
    assert canonical.encode(value) == canonical.encode(_hexed(value))


@given(encodable_values)
def test_the_value_encoded_is_what_its_bytes_decode_to(value: Any) -> None:
    # sign_entry checks its own entries on this value instead of parsing their line.
    data, encoded = canonical.encode_with_value(value)
    assert data == canonical.encode(value)
    assert encoded == canonical.decode(data, MAX)
    assert _same_types(encoded, canonical.decode(data, MAX))


def _same_types(a: Any, b: Any) -> bool:
    """Equal, and of the same types all the way down (True == 1 in Python)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_same_types, a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same_types(a[k], b[k]) for k in a)
    return bool(a == b)


@given(json_values)
def test_pretty_printed_json_is_refused_unless_identical(value: Any) -> None:
    data = json.dumps(value, indent=1, ensure_ascii=True).encode()
    if data == canonical.encode(value):
        assert canonical.decode(data, MAX) == value
    else:
        with pytest.raises(DecodeError):
            canonical.decode(data, MAX)


@pytest.mark.parametrize(
    "bad",
    [
        b'{"a": 1}',  # spacing
        b' {"a":1}',
        b'{"a":1}\n',
        b'{"b":1,"a":2}',  # key order
        b'{"a":1,"a":1}',  # duplicate key
        b"1.0",
        b"1e3",
        b"-0",
        b"NaN",
        b"Infinity",
        b"-Infinity",
        b"9007199254740992",
        b"-9007199254740992",
        b"1" * 5000,
        b'"\\u0041"',  # needless escape
        b'"\\/"',
        b'"\\u001F"',  # uppercase hex escape
        b'"\\ud800"',  # lone surrogate
        b'"\xff"',  # not UTF-8
        b'"\xc3"',
        "\ufeff{}".encode(),  # byte-order mark
        b'{"a":1}x',
        b"",
        b"[" * 100 + b"]" * 100,  # too deep
        b"[" * 100000,  # too deep for the parser itself
        b'"\x01"',  # raw control character
        b"tru",
        b"True",
    ],
)
def test_non_canonical_or_invalid_bytes_are_refused(bad: bytes) -> None:
    with pytest.raises(DecodeError):
        canonical.decode(bad, 1 << 20)


def test_nesting_limit_is_exactly_max_depth() -> None:
    deepest: Any = {}
    for _ in range(canonical.MAX_DEPTH - 1):
        deepest = [deepest]
    data = canonical.encode(deepest)
    assert data == b"[" * 63 + b"{}" + b"]" * 63
    assert canonical.decode(data, MAX) == deepest
    with pytest.raises(canonical.EncodeError):
        canonical.encode([deepest])
    with pytest.raises(DecodeError):
        canonical.decode(b"[" + data + b"]", MAX)


def test_size_limit_is_enforced_before_parsing() -> None:
    data = canonical.encode({"k": "x" * 100})
    assert canonical.decode(data, len(data)) == {"k": "x" * 100}
    with pytest.raises(DecodeError):
        canonical.decode(data, len(data) - 1)
    with pytest.raises(DecodeError):
        canonical.decode("{}", 10)  # type: ignore[arg-type]


@given(st.binary(max_size=48))
def test_hexbytes_round_trip(raw: bytes) -> None:
    assert canonical.hexbytes(raw.hex()) == raw
    assert canonical.hexbytes(raw.hex(), len(raw)) == raw
    decoded = canonical.decode(canonical.encode({"b": raw}), MAX)
    assert canonical.hexbytes(decoded["b"], len(raw)) == raw


@pytest.mark.parametrize(
    ("bad", "length"),
    [
        ("AB", None),
        ("abc", None),
        ("zz", None),
        (" ab", None),
        ("abcd", 1),
        (b"ab", None),
        (None, None),
        ("0x12", None),
        ("١٢", None),
    ],
)
def test_hexbytes_is_strict(bad: Any, length: int | None) -> None:
    with pytest.raises(DecodeError):
        canonical.hexbytes(bad, length)


if __name__ == "__main__" and "--write-vector" in sys.argv:
    VECTOR.write_text(
        json.dumps(canonical_vector(), indent=1, sort_keys=True, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    print(VECTOR)
