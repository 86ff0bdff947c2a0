"""``wizard-p2p history [GAME]``: the games kept in the data folder, in the player's
language; one game's score pad and the commands (as the person started the program)
that audit and replay it."""

from __future__ import annotations

from pathlib import Path

from wizard_p2p.audit import GAME_ID_DIGITS
from wizard_p2p.commands.history import (
    GameSummary,
    is_series,
    kept_games,
    series_games,
    standings_after,
)
from wizard_p2p.commands.options import HistoryOptions
from wizard_p2p.commands.printout import command, fit, labelled, shell_path, terminal_columns
from wizard_p2p.errors import UsageError
from wizard_p2p.node.store import default_data_dir
from wizard_p2p.tui.i18n import Translator
from wizard_p2p.tui.score_text import score_pad_text
from wizard_p2p.tui.series_text import standings_text, variant_names

_DATE = "%Y-%m-%d %H:%M"


def history(options: HistoryOptions) -> int:
    """Print the list, or one game; 0, or ``UsageError`` for a game not kept."""
    data_dir = options.data_dir or default_data_dir()
    tr = Translator(options.lang)
    columns = terminal_columns()
    games = kept_games(data_dir)
    if options.game is None:
        print(history_text(tr, games, data_dir, columns), flush=True)
        return 0
    wanted = options.game.strip().lower().rstrip("…")
    found = [g for g in games if wanted and g.game_id.startswith(wanted)]
    if not found:
        raise UsageError(f"no game {options.game} is kept in {shell_path(data_dir)}").saying(
            "history_unknown", id=options.game, path=shell_path(data_dir))
    if len(found) > 1:
        raise UsageError(
            f"{options.game} names several games: give more of its digits"
        ).saying("history_several", id=options.game)
    print(game_text(tr, games, found[0], columns), flush=True)
    return 0


def _short(game_id: str) -> str:
    return game_id[:GAME_ID_DIGITS]


def _head(tr: Translator, games: list[GameSummary], game: GameSummary,
          columns: int | None) -> list[str]:
    state = tr(f"history_state_{game.state}")
    checked = tr("history_verified" if game.verified else "history_not_verified")
    lines = [tr("history_game", date=game.played.strftime(_DATE), id=_short(game.game_id)),
             "  " + fit(tr("history_players", names=tr("comma").join(game.names)), columns),
             "  " + fit(variant_names(tr, game.variants), columns),
             "  " + state + tr("comma") + checked]
    if game.winners:
        names = tr("comma").join(game.names[s] for s in game.winners)
        lines.append("  " + fit(tr("history_winners", names=names), columns))
    if is_series(games, game):
        lines.append("  " + tr("series_of", id=_short(game.series_id), n=game.number))
    return lines


def history_text(tr: Translator, games: list[GameSummary], data_dir: Path,
                 columns: int | None) -> str:
    """Every kept game, oldest first, then the standings of each series."""
    if not games:
        return fit(tr("history_none", path=shell_path(data_dir)), columns)
    lines: list[str] = []
    for game in games:
        lines += _head(tr, games, game, columns)
        lines.append("")
    for first in dict.fromkeys(g.series_id for g in games if is_series(games, g)):
        members = series_games(games, first)
        lines += [standings_text(tr, standings_after(games, members[-1]), members[-1].number), ""]
    lines.append(labelled(tr("history_more"), command("history", _short(games[-1].game_id)),
                          columns))
    return "\n".join(lines)


def game_text(tr: Translator, games: list[GameSummary], game: GameSummary,
              columns: int | None) -> str:
    """One game: its head, its score pad, its series' standings, how to audit and replay it."""
    lines = _head(tr, games, game, columns)
    if game.history:
        lines.append(score_pad_text(tr, game.names, game.history))
    if is_series(games, game):
        lines.append(standings_text(tr, standings_after(games, game), game.number))
    lines.append(labelled(tr("end_check"), command("audit", game.store.log_path), columns))
    lines.append(labelled(tr("history_replay"), command("replay", game.store.log_path), columns))
    return "\n".join(lines)


__all__ = ["game_text", "history", "history_text"]
