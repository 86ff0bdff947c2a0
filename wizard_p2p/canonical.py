"""Canonical JSON: the one byte encoding of every signed or hashed structure.

A signature covers exact bytes, so a value must have exactly one encoding and
a decoder must refuse every other.  The rules (``protocol/CRYPTO.md``,
"Canonical bytes"):

* UTF-8, no byte-order mark, no whitespace outside strings;
* at most ``MAX_DEPTH`` (64) arrays/objects nested in one another;
* objects with string keys, sorted by the UTF-8 bytes of the key (equal to
  code-point order), no duplicate keys; separators ``,`` and ``:``;
* integers only, in ``-(2**53-1) .. 2**53-1``, written in shortest decimal
  (no ``-0``, no leading zeros, no exponent); no floats, NaN or Infinity;
* ``true``, ``false``, ``null``;
* strings with only the escapes ``\\"`` ``\\\\`` ``\\b`` ``\\f`` ``\\n``
  ``\\r`` ``\\t`` and ``\\u00XX`` (lowercase hex) for the other characters
  below U+0020; every other character is written as itself in UTF-8;
  lone surrogates are refused;
* byte strings are encoded as lowercase hexadecimal strings.  JSON cannot
  mark them, so the decoder returns ``str``: the reader that expects bytes
  calls :func:`hexbytes`, which accepts only that exact form.

:func:`decode` checks canonicity by re-encoding what it parsed and comparing
with the input bytes, so any second spelling of a value is refused.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .errors import DecodeError, UsageError

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "EncodeError",
    "decode",
    "encode",
    "hexbytes",
    "nesting_exceeds",
]

MAX_INT = 2**53 - 1
MAX_DEPTH = 64


class EncodeError(UsageError):
    """A value this program tried to encode has no canonical encoding."""


def _normalise(obj: Any, depth: int) -> Any:
    # Builds a tree of only dict/list/str/int/bool/None so that json.dumps cannot
    # meet anything it would encode in a non-canonical or lossy way. The exact types
    # that make up nearly every entry go first, without a chain of isinstance tests
    # (a deck's 60 points were most of the cost of encoding a shuffle entry).
    kind = type(obj)
    if kind is str or kind is bool or obj is None:
        return obj
    if kind is bytes:
        return obj.hex()
    if (kind is list or kind is tuple) and depth < MAX_DEPTH:
        return [v.hex() if type(v) is bytes else _normalise(v, depth + 1) for v in obj]
    if kind is dict and depth < MAX_DEPTH:
        return _normalise_object(obj, depth)
    return _normalise_other(obj, depth)


def _normalise_object(obj: Mapping[Any, Any], depth: int) -> dict[str, Any]:
    out = {}
    for key, value in obj.items():
        if not isinstance(key, str):
            raise EncodeError(f"object keys are strings, not {type(key).__name__}")
        out[key] = _normalise(value, depth + 1)
    return out


def _normalise_other(obj: Any, depth: int) -> Any:
    """:func:`_normalise` for everything but the exact common types: subclasses, other
    mappings and byte buffers, and what has no encoding at all."""
    if obj is None or isinstance(obj, bool | str):
        return obj
    if isinstance(obj, int):
        if not -MAX_INT <= obj <= MAX_INT:
            raise EncodeError(f"integer {obj} outside ±(2**53-1)")
        return int(obj)  # an IntEnum would otherwise print its name
    if isinstance(obj, bytes | bytearray | memoryview):
        return bytes(obj).hex()
    if isinstance(obj, float):
        raise EncodeError("floats have no canonical encoding; use integers")
    if isinstance(obj, Mapping | list | tuple) and depth >= MAX_DEPTH:
        raise EncodeError(f"containers nested more than {MAX_DEPTH} deep")
    if isinstance(obj, Mapping):
        return _normalise_object(obj, depth)
    if isinstance(obj, list | tuple):
        return [_normalise(v, depth + 1) for v in obj]
    raise EncodeError(f"{type(obj).__name__} has no canonical encoding")


# One encoder and one decoder, built once: json.dumps/loads with options build a new one
# per call, a good part of the cost of a small entry.
_ENCODER = json.JSONEncoder(
    ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False
)


def _dumps(obj: Any) -> bytes:
    text = _ENCODER.encode(obj)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        raise EncodeError("string holds a lone surrogate (not valid Unicode)") from None


def encode(obj: Any) -> bytes:
    """The canonical bytes of ``obj`` (dict, list/tuple, str, int, bool, None, bytes)."""
    return _dumps(_normalise(obj, 0))


def encode_with_value(obj: Any) -> tuple[bytes, Any]:
    """:func:`encode`, and the JSON value those bytes hold: what :func:`decode` returns
    for them (bytes as hex strings, tuples as lists), without parsing them again."""
    value = _normalise(obj, 0)
    return _dumps(value), value


def _no_float(text: str) -> Any:
    raise DecodeError(f"number {text[:20]} is not an integer")


def _no_constant(text: str) -> Any:
    raise DecodeError(f"{text} is not allowed")


def _int(text: str) -> int:
    if len(text) > 17:  # 2**53-1 has 16 digits; refuse before any big-int parsing
        raise DecodeError(f"integer {text[:20]}... outside ±(2**53-1)")
    value = int(text)
    if not -MAX_INT <= value <= MAX_INT:
        raise DecodeError(f"integer {text} outside ±(2**53-1)")
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise DecodeError(f"duplicate key {key!r}")
        result[key] = value
    return result


# A JSON string, escapes and all; what is left outside these is structure. (Unrolled so
# that a long string costs no backtracking.)
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_OPEN = frozenset(b"[{")


def nesting_exceeds(data: bytes, limit: int) -> bool:
    """Whether JSON ``data`` nests more than ``limit`` arrays/objects in one another.

    Read before parsing: ``json`` recurses once per level, so a deep enough input
    exhausts the stack inside the parser. Up to the first byte where ``data`` stops
    being JSON, the strings found here are the ones a parser finds (UTF-8 never puts
    a quote, backslash or bracket inside a multi-byte character), so every level a
    parser would enter is counted.
    """
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    depth = 0
    for byte in _STRING.sub(b"", data).translate(None, _NOT_BRACKET):
        if byte in _OPEN:
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object, parse_float=_no_float, parse_int=_int, parse_constant=_no_constant
)


def decode(data: bytes, max_size: int) -> Any:
    """Parse canonical JSON bytes strictly; :class:`DecodeError` for anything else."""
    if not isinstance(data, bytes):
        raise DecodeError(f"expected bytes, got {type(data).__name__}")
    if len(data) > max_size:
        raise DecodeError(f"{len(data)} bytes exceed the limit of {max_size}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DecodeError(f"not UTF-8: {exc.reason} at byte {exc.start}") from None
    if nesting_exceeds(data, MAX_DEPTH):
        raise DecodeError(f"containers nested more than {MAX_DEPTH} deep")
    try:
        obj = _DECODER.decode(text)
    except DecodeError:
        raise
    except RecursionError:
        raise DecodeError(f"containers nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:  # json.JSONDecodeError is a ValueError
        raise DecodeError(f"not JSON: {exc}") from None
    try:
        canonical = _dumps(obj)
    except EncodeError as exc:
        raise DecodeError(str(exc)) from None
    if canonical != data:
        raise DecodeError("not in canonical form (spacing, key order, escapes or numbers)")
    return obj


def hexbytes(s: object, length: int | None = None) -> bytes:
    """Parse a lowercase-hex string back into bytes, of exactly ``length`` if given."""
    if not isinstance(s, str):
        raise DecodeError(f"expected a hex string, got {type(s).__name__}")
    # fromhex also accepts upper case and spaces: the round trip refuses both
    # (faster than a regular expression on this hot path).
    try:
        value = bytes.fromhex(s)
    except ValueError:
        value = None
    if value is None or value.hex() != s:
        raise DecodeError("not an even-length lowercase hexadecimal string")
    if length is not None and len(value) != length:
        raise DecodeError(f"expected {length} bytes, got {len(value)}")
    return value
