"""JSON that is not canonical but comes from outside: lobby and control messages, seat records.

``json.loads`` alone is no boundary. It recurses once per nesting level, so a
deep input raises ``RecursionError``; it reads ``1e999`` as infinity and
``NaN`` as a float, which ``int()`` then refuses with ``OverflowError`` or
``ValueError``; it parses integers of thousands of digits; it keeps the last
of two equal keys; and it lets a lone surrogate (``"\\ud800"``) into a string,
which fails only later, wherever that string is encoded or printed.

:func:`loads` refuses every one of these with a :class:`DecodeError` saying
why, before any code reads the value: what it returns holds only dicts,
lists, strings that are valid Unicode, integers within ``±(2**53-1)``,
booleans and None, nested at most ``max_depth`` deep. The layout (spacing,
key order, escapes) is free, unlike ``canonical.decode``: these messages are
not signed, and their senders write them with ``json.dumps``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from wizard_p2p.canonical import MAX_INT, nesting_exceeds
from wizard_p2p.errors import DecodeError

__all__ = ["loads"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def _int(text: str) -> int:
    if len(text) > 17:  # 2**53-1 has 16 digits: refuse before any big-int parsing
        raise DecodeError(f"integer {text[:20]}... outside ±(2**53-1)")
    value = int(text)
    if not -MAX_INT <= value <= MAX_INT:
        raise DecodeError(f"integer {text} outside ±(2**53-1)")
    return value


def _no_float(text: str) -> Any:
    raise DecodeError(f"number {text[:20]} is not an integer")


def _no_constant(text: str) -> Any:
    raise DecodeError(f"{text} is not a number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise DecodeError(f"duplicate key {key[:40]!r}")
        result[key] = value
    return result


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object, parse_float=_no_float, parse_int=_int, parse_constant=_no_constant
)


def _valid_text(value: Any) -> bool:
    """No string in ``value`` (keys included) holds a lone surrogate. ``value`` is
    already known to nest no deeper than the caller's limit."""
    if isinstance(value, str):
        return _SURROGATE.search(value) is None
    if isinstance(value, dict):
        return all(_valid_text(k) and _valid_text(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_valid_text(v) for v in value)
    return True


def loads(data: bytes, *, max_size: int, max_depth: int = 16, what: str = "message") -> Any:
    """The JSON value of ``data``, or :class:`DecodeError` naming ``what`` and the reason."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise DecodeError(f"{what}: expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > max_size:
        raise DecodeError(f"{what}: {len(data)} bytes exceed the limit of {max_size}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DecodeError(f"{what}: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    if nesting_exceeds(data, max_depth):
        raise DecodeError(f"{what}: containers nested more than {max_depth} deep")
    try:
        value = _DECODER.decode(text)
    except DecodeError as exc:
        raise DecodeError(f"{what}: {exc}") from None
    except RecursionError:  # nesting_exceeds forbids it; a second guard costs nothing
        raise DecodeError(f"{what}: containers nested too deep") from None
    except ValueError as exc:  # json.JSONDecodeError is a ValueError
        raise DecodeError(f"{what}: not JSON ({exc})") from None
    if not _valid_text(value):
        raise DecodeError(f"{what}: a string holds a lone surrogate (not valid Unicode)")
    return value
