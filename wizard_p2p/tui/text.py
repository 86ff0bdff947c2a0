"""Terminal text that stays aligned with wide characters, and how a card looks.

Columns in a terminal are counted in cells, not characters: 巫 or ウ take two.
Every padded or truncated text in the console goes through ``pad``/``clip``,
which count with prompt_toolkit's ``get_cwidth`` (wcwidth), so a Chinese name
never pushes a column out of line.

Cards are drawn with their letters (``B13``, ``G1``, ``R7``, ``Y10``; Wizards
``Z``, Jesters ``N``), readable without colour, and with a style class per suit
(``card.b`` blue, ``card.g`` green, ``card.r`` red, ``card.y`` yellow, ``card.z``,
``card.n``) that ``style.py`` colours.
"""

from __future__ import annotations

from prompt_toolkit.utils import get_cwidth

from wizard_p2p.rules import Card


def width(text: str) -> int:
    """Cells ``text`` takes in a terminal."""
    return get_cwidth(text)


def clip(text: str, cells: int, marker: str = "~") -> str:
    """``text`` cut to at most ``cells`` cells, ending in ``marker`` when cut."""
    if cells <= 0:
        return ""
    if get_cwidth(text) <= cells:
        return text
    room = cells - get_cwidth(marker)
    out: list[str] = []
    used = 0
    for ch in text:
        w = get_cwidth(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    return "".join(out) + marker[: max(0, cells - used)]


def pad(text: str, cells: int, align: str = "<") -> str:
    """``text`` clipped then padded with spaces to exactly ``cells`` cells."""
    text = clip(text, cells)
    room = cells - get_cwidth(text)
    if align == ">":
        return " " * room + text
    if align == "^":
        left = room // 2
        return " " * left + text + " " * (room - left)
    return text + " " * room


def card_label(card: Card) -> str:
    """The card's face: ``B13``, ``G1``; every Wizard ``Z`` and every Jester ``N``."""
    if card.is_wizard:
        return "Z"
    if card.is_jester:
        return "N"
    return str(card)


def card_class(card: Card) -> str:
    """The style class of a card: ``card.b``, ``.g``, ``.r``, ``.y`` (suits), ``.z``, ``.n``."""
    if card.is_wizard:
        return "class:card.z"
    if card.is_jester:
        return "class:card.n"
    assert card.suit is not None
    return f"class:card.{card.suit.value.lower()}"


def wrap_cells(words: list[str], cells: int) -> list[str]:
    """Greedy word wrap by cell width (for texts that mix CJK and Latin)."""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = word if not line else f"{line} {word}"
        if get_cwidth(candidate) <= cells or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines
