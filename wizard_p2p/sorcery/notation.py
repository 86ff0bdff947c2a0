"""Text forms of the values an action carries, each read back exactly as written.

These are the words of an action's text (``actions.parse_action``), which a log or a
console carries, as python-chess's UCI moves are: short, one token each, no spaces.

=============  ===================  ==========================================
value          text                 example
=============  ===================  ==========================================
a number       decimal digits       ``12``, ``-3`` (at most 9 digits)
numbers        joined by ``,``      ``3,0,2,1``; none at all: ``-``
a cell         ``r``\\ ROW ``c``\\ COL  ``r0c2`` (row 0 the front)
elements       ``str(Elements)``    ``2火1?``; nothing: ``0``
a yes or no    ``yes`` / ``no``
a vocabulary   the enum's value     ``手牌``, ``点燃``, ``方阵``, ``消耗``
a card number  six ASCII digits     ``101001``
=============  ===================  ==========================================

A text that is none of these is refused with ``DecodeError`` in one sentence.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import TypeVar

from wizard_p2p.errors import DecodeError
from wizard_p2p.sorcery.cards import Element, Elements
from wizard_p2p.sorcery.grid import Cell, is_cell

__all__ = [
    "MAX_TEXT",
    "format_bool",
    "format_cell",
    "format_int",
    "format_ints",
    "parse_bool",
    "parse_card_number",
    "parse_cell",
    "parse_elements",
    "parse_enum",
    "parse_int",
    "parse_ints",
]

MAX_TEXT = 2048  # the longest action text read (a deck order of 40 cards fits easily)
MAX_DIGITS = 9

E = TypeVar("E", bound=StrEnum)

_INT = re.compile(r"-?[0-9]{1,9}")
_CELL = re.compile(r"r([0-9])c([0-9])")
_ELEMENT_PART = re.compile(r"([1-9][0-9]{0,8})(.)")
_CARD_NUMBER = re.compile(r"[0-9]{6}")


def _refuse(what: str, text: str) -> DecodeError:
    shown = text if len(text) <= 40 else text[:40] + "…"
    return DecodeError(f"{shown!r} is not {what}")


def format_int(n: int) -> str:
    return str(n)


def parse_int(text: str) -> int:
    if not _INT.fullmatch(text):
        raise _refuse(f"a whole number of at most {MAX_DIGITS} digits", text)
    return int(text)


def format_ints(ns: tuple[int, ...]) -> str:
    return ",".join(str(n) for n in ns) if ns else "-"


def parse_ints(text: str) -> tuple[int, ...]:
    if text == "-":
        return ()
    return tuple(parse_int(part) for part in text.split(","))


def format_cell(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


def parse_cell(text: str) -> Cell:
    m = _CELL.fullmatch(text)
    cell = (int(m.group(1)), int(m.group(2))) if m else None
    if cell is None or not is_cell(cell):
        raise _refuse("a cell of the 3x3 unit area (r0c0 … r2c2)", text)
    return cell


def parse_elements(text: str) -> Elements:
    """The inverse of ``str(Elements)``: ``0``, or counts each followed by its element,
    each element at most once."""
    if text == "0":
        return Elements()
    counts = dict.fromkeys(Element, 0)
    at = 0
    for m in _ELEMENT_PART.finditer(text):
        if m.start() != at:
            break
        try:
            element = Element(m.group(2))
        except ValueError:
            break
        if counts[element]:
            break
        counts[element] = int(m.group(1))
        at = m.end()
    if at != len(text) or not text:
        raise _refuse("an amount of elements (such as 2火1? or 0)", text)
    return Elements.of(counts)


def format_bool(flag: bool) -> str:
    return "yes" if flag else "no"


def parse_bool(text: str) -> bool:
    if text not in ("yes", "no"):
        raise _refuse("yes or no", text)
    return text == "yes"


def parse_enum(kind: type[E], text: str) -> E:
    try:
        return kind(text)
    except ValueError:
        words = " ".join(e.value for e in kind)
        raise _refuse(f"one of {words}", text) from None


def parse_card_number(text: str) -> str:
    if not _CARD_NUMBER.fullmatch(text):
        raise _refuse("a card number of six digits", text)
    return text
