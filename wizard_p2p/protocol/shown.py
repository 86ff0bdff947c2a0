"""Text from a log shown to a person: nothing in it may change how it, or the text
around it, reads on a screen.

A signed genesis may hold names the lobby would refuse (a hand-made log): a bidi
override (U+202E) turns the rest of a line around, a zero-width space (U+200B)
hides itself. ``shown`` writes every such character as an escape (``\\u202e``), and
a backslash as ``\\\\`` so that an escape cannot be faked; what a lobby admits is
shown as it is.
"""

from __future__ import annotations

import unicodedata

UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, format, surrogate, private-use, unassigned and line or paragraph separators."""
FORMAT_ALLOWED = frozenset("\u200d")
"""Invisible characters a name may hold: the joiner of emoji sequences."""


def is_unsafe(ch: str) -> bool:
    """Whether ``ch`` changes how text reads without being seen (SPEC §9's name rule)."""
    return unicodedata.category(ch) in UNSAFE_CATEGORIES and ch not in FORMAT_ALLOWED


def shown(text: str) -> str:
    """``text`` with every unsafe character escaped (``\\u202e``, ``\\U000e0001``)."""
    if text.isprintable() and "\\" not in text:
        return text
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif is_unsafe(ch):
            code = ord(ch)
            out.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            out.append(ch)
    return "".join(out)


__all__ = ["FORMAT_ALLOWED", "UNSAFE_CATEGORIES", "is_unsafe", "shown"]
