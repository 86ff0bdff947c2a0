"""A small declarative schema for message bodies: strict parsing and JSON Schema output.

Each field type parses a decoded JSON value into its Python form (hex strings to
``bytes``) or raises ``DecodeError`` naming the path, and describes itself as
JSON Schema, so ``protocol/schemas/*.json`` are generated from the very
definitions the code enforces (a test keeps the committed files equal to them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wizard_p2p.canonical import MAX_INT, hexbytes
from wizard_p2p.errors import DecodeError

# The characters ``Str.parse`` refuses (C0 and C1 controls, DEL). The schema says "no
# match anywhere" rather than "^[^...]*$": Python's "$" also matches before a final newline.
_CONTROL_PATTERN = "[\\u0000-\\u001f\\u007f-\\u009f]"


class Field:
    def parse(self, value: Any, path: str) -> Any:
        raise NotImplementedError

    def parse_items(self, values: list[Any], path: str) -> tuple[Any, ...]:
        """``parse`` of every item of a list; its error need not name the item (``List``
        parses again, item by item, to name it)."""
        parse = self.parse
        return tuple([parse(v, path) for v in values])

    def json_schema(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Field):
    lo: int = 0
    hi: int = MAX_INT

    def parse(self, value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DecodeError(f"{path}: expected an integer")
        if not self.lo <= value <= self.hi:
            raise DecodeError(f"{path}: {value} is outside {self.lo}..{self.hi}")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.lo, "maximum": self.hi}


@dataclass(frozen=True)
class Bool(Field):
    def parse(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise DecodeError(f"{path}: expected true or false")
        return value

    def json_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Str(Field):
    """A string of ``min_len..max_len`` characters, without control characters unless
    ``controls`` allows them (text no terminal is shown, such as a file's own fields)."""

    max_len: int
    min_len: int = 0
    choices: tuple[str, ...] = ()
    controls: bool = False

    def parse(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            raise DecodeError(f"{path}: expected a string")
        if not self.min_len <= len(value) <= self.max_len:
            raise DecodeError(f"{path}: length must be {self.min_len}..{self.max_len}")
        if self.choices and value not in self.choices:
            raise DecodeError(f"{path}: must be one of {', '.join(self.choices)}")
        if not self.controls and any(ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 for ch in value):
            raise DecodeError(f"{path}: control characters are not allowed")
        return value

    def json_schema(self) -> dict[str, Any]:
        schema: dict[str, Any] = {
            "type": "string",
            "minLength": self.min_len,
            "maxLength": self.max_len,
        }
        if not self.controls:
            schema["not"] = {"pattern": _CONTROL_PATTERN}
        if self.choices:
            schema["enum"] = list(self.choices)
        return schema


@dataclass(frozen=True)
class Utf8(Field):
    """Bytes carried as a JSON string (an entry's line inside a message): parsed to their
    UTF-8 encoding, of ``min_bytes..max_bytes``. What they hold is their reader's to check."""

    max_bytes: int
    min_bytes: int = 1

    def parse(self, value: Any, path: str) -> bytes:
        if not isinstance(value, str):
            raise DecodeError(f"{path}: expected a string")
        if len(value) > self.max_bytes:  # each character is at least one byte
            raise DecodeError(f"{path}: more than {self.max_bytes} bytes")
        try:
            data = value.encode()
        except UnicodeEncodeError:
            raise DecodeError(f"{path}: a lone surrogate is not valid Unicode") from None
        if not self.min_bytes <= len(data) <= self.max_bytes:
            raise DecodeError(f"{path}: {len(data)} bytes, not {self.min_bytes}..{self.max_bytes}")
        return data

    def json_schema(self) -> dict[str, Any]:
        # In characters: a bound on the bytes has no JSON Schema keyword.
        return {"type": "string", "minLength": min(self.min_bytes, 1), "maxLength": self.max_bytes}


@dataclass(frozen=True)
class Hex(Field):
    """A byte string of exactly ``length`` bytes (or ``length..max_length``), as lowercase hex."""

    length: int
    max_length: int | None = None

    def parse(self, value: Any, path: str) -> bytes:
        try:
            if self.max_length is None:
                return hexbytes(value, self.length)
            data = hexbytes(value)
        except DecodeError as exc:
            raise DecodeError(f"{path}: {exc}") from None
        if not self.length <= len(data) <= self.max_length:
            raise DecodeError(
                f"{path}: expected {self.length}..{self.max_length} bytes, got {len(data)}"
            )
        return data

    def parse_items(self, values: list[Any], path: str) -> tuple[bytes, ...]:
        # A deck, or released keys: one hex conversion for them all.
        if not values or self.max_length is not None:
            return super().parse_items(values, path)
        try:
            joined = "".join(values)
        except TypeError:
            raise DecodeError(f"{path}: not a list of strings") from None
        if set(map(len, values)) != {2 * self.length}:
            raise DecodeError(f"{path}: not a list of hex strings of that length")
        data = hexbytes(joined)  # the round trip refuses upper case and spaces
        size = self.length
        return tuple([data[i : i + size] for i in range(0, len(data), size)])

    def json_schema(self) -> dict[str, Any]:
        # Length bounds and "no other character" rather than "^[0-9a-f]{n}$" (see Str).
        schema: dict[str, Any] = {
            "type": "string",
            "minLength": 2 * self.length,
            "maxLength": 2 * (self.length if self.max_length is None else self.max_length),
            "not": {"pattern": "[^0-9a-f]"},
        }
        if self.max_length is not None:
            # Whole bytes. ("$" may match before a final newline, which "not" refuses.)
            schema["pattern"] = "^([0-9a-f]{2})*$"
        return schema


@dataclass(frozen=True)
class Nullable(Field):
    item: Field

    def parse(self, value: Any, path: str) -> Any:
        return None if value is None else self.item.parse(value, path)

    def parse_items(self, values: list[Any], path: str) -> tuple[Any, ...]:
        present = iter(self.item.parse_items([v for v in values if v is not None], path))
        return tuple([None if v is None else next(present) for v in values])

    def json_schema(self) -> dict[str, Any]:
        return {"anyOf": [{"type": "null"}, self.item.json_schema()]}


@dataclass(frozen=True)
class List(Field):
    item: Field
    min_len: int
    max_len: int

    def parse(self, value: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise DecodeError(f"{path}: expected a list")
        if not self.min_len <= len(value) <= self.max_len:
            raise DecodeError(
                f"{path}: expected {self.min_len}..{self.max_len} items, got {len(value)}"
            )
        try:
            return self.item.parse_items(value, path)
        except DecodeError:
            pass
        # Off the hot path: parse again, naming the item that is wrong.
        parse = self.item.parse
        return tuple(parse(v, f"{path}[{i}]") for i, v in enumerate(value))

    def json_schema(self) -> dict[str, Any]:
        return {
            "type": "array",
            "items": self.item.json_schema(),
            "minItems": self.min_len,
            "maxItems": self.max_len,
        }


@dataclass(frozen=True)
class Obj(Field):
    """An object with exactly these fields (those in ``optional`` may be absent)."""

    fields: Mapping[str, Field]
    optional: frozenset[str] = frozenset()

    def parse(self, value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise DecodeError(f"{path}: expected an object")
        unknown = set(value) - set(self.fields)
        if unknown:
            raise DecodeError(f"{path}: unknown field(s) {', '.join(sorted(unknown))}")
        out: dict[str, Any] = {}
        for name, spec in self.fields.items():
            if name not in value:
                if name in self.optional:
                    continue
                raise DecodeError(f"{path}: missing field {name!r}")
            out[name] = spec.parse(value[name], f"{path}.{name}")
        return out

    def json_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {name: spec.json_schema() for name, spec in self.fields.items()},
            "required": sorted(set(self.fields) - self.optional),
            "additionalProperties": False,
        }


# A ``Column``'s ``default`` when the field has none: the field is required.
REQUIRED: Any = object()


@dataclass(frozen=True)
class Column:
    """One field of a value type on the wire: the value's attribute, its wire name, its
    type and range, and the value an absent field reads as (``REQUIRED``: none, it must
    be present). ``written`` is whether a writer writes it even at its default: true for
    the fields every writer has always written, so their bytes never change; a field
    added later is written only when it differs from its default, so a value that leaves
    it at its default encodes as it did before the field existed."""

    attr: str
    wire: str
    spec: Field
    default: Any = REQUIRED
    written: bool = False

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@dataclass(frozen=True)
class Record(Field):
    """An object whose fields are a table of ``Column``s. ``parse`` checks it as an ``Obj``
    (an absent optional field stays absent, so bytes a signature covers re-encode as they
    came); ``read`` gives the value type's attributes, every default filled in; ``write``
    gives the wire form of those attributes, by each column's ``written``."""

    columns: tuple[Column, ...]
    _obj: Obj = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        wires = {c.wire for c in self.columns}
        if len(wires) != len(self.columns) or len({c.attr for c in self.columns}) != len(wires):
            raise ValueError("a record's columns must name distinct attributes and wire names")
        obj = Obj(
            {c.wire: c.spec for c in self.columns},
            frozenset(c.wire for c in self.columns if not c.required),
        )
        object.__setattr__(self, "_obj", obj)

    def parse(self, value: Any, path: str) -> dict[str, Any]:
        return self._obj.parse(value, path)

    def read(self, parsed: Mapping[str, Any]) -> dict[str, Any]:
        """The attributes of a value ``parse`` accepted: an absent field is its default."""
        return {c.attr: parsed.get(c.wire, c.default) for c in self.columns}

    def write(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The wire form of the attributes ``values``: every required and ``written``
        field, and every other one whose value is not its default."""
        return {
            c.wire: values[c.attr]
            for c in self.columns
            if c.required or c.written or values[c.attr] != c.default
        }

    def json_schema(self) -> dict[str, Any]:
        schema = self._obj.json_schema()
        for c in self.columns:
            if not c.required:
                schema["properties"][c.wire]["default"] = c.default
        return schema
