"""The score pad as plain text, in the player's language: printed once the console has
closed and by ``history``, where no window draws it.

Columns are measured in terminal cells (a Chinese or Japanese character takes two),
so that every row lines up under its header in every language.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from wizard_p2p.rules import RoundResult
from wizard_p2p.tui.i18n import Translator


def width(text: str) -> int:
    """Terminal cells of ``text``: two for a wide (CJK) character. The standard library's
    reading, so that a headless seat prints its last lines without loading the console."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, cells: int, align: str = "<") -> str:
    gap = " " * max(0, cells - width(text))
    return gap + text if align == ">" else text + gap


def clip(text: str, cells: int) -> str:
    out, used = "", 0
    for char in text:
        used += width(char)
        if used > cells:
            return out
        out += char
    return out


_NUMBERS = 12  # "bid took  total": 3 + 1 + 2 + 1 + 5 cells, one to spare


def score_pad_text(tr: Translator, names: Sequence[str], history: Sequence[RoundResult]) -> str:
    """A row per round: each player's bid, tricks taken and running total."""
    sub = tr("pad_sub")
    column = max(_NUMBERS, width(sub), *(min(width(n), 20) for n in names)) + 2
    lead = max(width(tr("col_round")), 3) + 1
    head = pad(tr("col_round"), lead) + "".join(pad(clip(n, column - 2), column, ">")
                                                 for n in names)
    rows = [head.rstrip(), (" " * lead + "".join(pad(sub, column, ">") for _ in names)).rstrip()]
    for r in history:
        cells = "".join(
            pad(f"{b:>3} {t:>2} {tot:>5}", column, ">")
            for b, t, tot in zip(r.bids, r.taken, r.totals, strict=True)
        )
        rows.append(pad(str(r.round_no), lead - 1, ">") + " " + cells)
    return "\n".join(rows)


__all__ = ["score_pad_text", "width"]
