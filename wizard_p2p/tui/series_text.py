"""A series' standings and the kept games as plain text, in the player's language:
printed at the end of each game of a series and by ``history``.

Columns are measured in terminal cells, as the score pad's are (``score_text``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from wizard_p2p.rules.series import Standing
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.score_text import clip, pad, width

_NAME_CELLS = 20


def standings_text(
    tr: Translator, standings: Sequence[Standing], after_game: int,
    names: Mapping[str, str] | None = None,
) -> str:
    """The standings table after game ``after_game``, and the rule that orders it.
    ``names``: how to name a person (by their key) other than by their latest game's name,
    as a console names the people at its table ("You", "Bot 1")."""
    heads = [tr(f"series_col_{c}") for c in ("played", "won", "points", "exact")]
    place_cells = max(width(tr("place", n=len(standings) or 1)), 3) + 1
    given = names or {}
    names_shown = [clip(given.get(s.person, s.name), _NAME_CELLS) for s in standings]
    name_cells = max(width(tr("series_col_player")), *(width(n) for n in names_shown)) + 2
    columns = [max(width(h), 6) + 2 for h in heads]
    head = pad("", place_cells) + pad(tr("series_col_player"), name_cells) + "".join(
        pad(h, c, ">") for h, c in zip(heads, columns, strict=True))
    rows = [tr("series_title", n=after_game), head.rstrip()]
    for line, name in zip(standings, names_shown, strict=True):
        values = (line.played, line.won, line.points, line.exact)
        rows.append(pad(tr("place", n=line.place), place_cells) + pad(name, name_cells) + "".join(
            pad(str(v), c, ">") for v, c in zip(values, columns, strict=True)))
    rows.append(tr("series_rule"))
    return "\n".join(rows)


def variant_names(tr: Translator, variants: Sequence[str]) -> str:
    if not variants:
        return tr("history_no_variants")
    return tr("history_variants", names=tr("comma").join(tr(f"variant_{v}") for v in variants))


__all__ = ["standings_text", "variant_names"]
