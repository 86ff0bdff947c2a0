"""The command line: ``wizard-p2p host|join|watch|resume|audit|replay|bot|play|tournament``,
and ``wizard-p2p sorcery …`` for 巫师牌, the rule documents' second game."""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import os
import re
import sys
import textwrap
import unicodedata
from collections.abc import Callable, Coroutine, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from wizard_p2p.commands.options import (
    AuditOptions,
    HistoryOptions,
    HostOptions,
    JoinOptions,
    NetOptions,
    Options,
    PlayOptions,
    PolicyName,
    ReplayOptions,
    ResumeOptions,
    SeatOptions,
    SorceryDeckOptions,
    SorceryHostOptions,
    SorceryImportOptions,
    SorceryJoinOptions,
    SorceryPlayOptions,
    SorceryResumeOptions,
    SorceryStartersOptions,
    SorceryTableOptions,
    SorceryWatchOptions,
    TournamentOptions,
    WatchOptions,
)
from wizard_p2p.errors import Said, UsageError, WizardError
from wizard_p2p.node.invite import DEFAULT_PORT
from wizard_p2p.rules import VARIANT_NAMES

if TYPE_CHECKING:
    from wizard_p2p.node.peer import GamePeer
    from wizard_p2p.tui.i18n import Translator


def _localised(tr: Translator) -> type[argparse.ArgumentParser]:
    """An ``ArgumentParser`` that says argparse's own words (the usage line, the section
    titles, ``-h``) in ``tr``'s language; argparse gives each subcommand's parser the class
    of its parent, so the whole command line speaks one language."""

    class Formatter(argparse.HelpFormatter):
        def __init__(self, prog: str, **kwargs: Any) -> None:
            super().__init__(prog, **kwargs)
            # argparse wraps the usage line counting its prefix's characters, not its
            # cells: a wide prefix takes its extra cells off the width.
            prefix = tr("cli_usage")
            self._width -= _cells(prefix) - len(prefix)

        def add_usage(self, usage: str | None, actions: Any, groups: Any,
                      prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, tr("cli_usage") if prefix is None else prefix)

        def format_help(self) -> str:
            # argparse ends each section's title with an ASCII colon: the language's own.
            text = super().format_help()
            for title in (tr("cli_positionals"), tr("cli_options")):
                text = text.replace(f"\n{title}:\n", f"\n{tr('cli_section', title=title)}\n")
            return text

        def _split_lines(self, text: str, width: int) -> list[str]:
            if text.isascii():
                return super()._split_lines(text, width)
            return _wrap_cells(" ".join(text.split()), width)

        def _fill_text(self, text: str, width: int, indent: str) -> str:
            if text.isascii():
                return super()._fill_text(text, width, indent)
            return "\n".join(indent + line
                             for line in _wrap_cells(" ".join(text.split()), width - len(indent)))

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("formatter_class", Formatter)
            helped = kwargs.pop("add_help", True)
            kwargs["add_help"] = False  # ours instead, worded in the language
            super().__init__(*args, **kwargs)
            self._positionals.title = tr("cli_positionals")
            self._optionals.title = tr("cli_options")
            if helped:
                self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                                  help=tr("cli_help"))

        # argparse words its refusals while it parses and when it fails, each a step of
        # its own that a subcommand's parser may enter again: each speaks the language.
        def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
            with _argparse_speaking(tr):
                return super().parse_known_args(*args, **kwargs)

        def parse_args(self, *args: Any, **kwargs: Any) -> Any:
            with _argparse_speaking(tr):
                return super().parse_args(*args, **kwargs)

        def error(self, message: str) -> NoReturn:
            with _argparse_speaking(tr):
                super().error(message)

    return Parser


# argparse's refusals by the message id it words them with (its ``_`` and ``ngettext``,
# the same ids from Python 3.11 on), and the catalogue's key for each. An id missing here
# (argparse's own misuse, a message a newer Python adds) stays argparse's English.
_ARGPARSE_WORDS = {
    "%(prog)s: error: %(message)s\n": "cli_error",
    "argument %(argument_name)s: %(message)s": "cli_error_argument",
    "the following arguments are required: %s": "cli_error_required",
    "one of the arguments %s is required": "cli_error_one_required",
    "unrecognized arguments: %s": "cli_error_unrecognized",
    "ambiguous option: %(option)s could match %(matches)s": "cli_error_ambiguous",
    "invalid %(type)s value: %(value)r": "cli_error_invalid_value",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli_error_invalid_choice",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "cli_error_unknown_command",
    "not allowed with argument %s": "cli_error_not_allowed_with",
    "ignored explicit argument %r": "cli_error_ignored_value",
    "expected one argument": "cli_error_expected_one",
    "expected at most one argument": "cli_error_expected_at_most_one",
    "expected at least one argument": "cli_error_expected_at_least_one",
    "expected %s argument": "cli_error_expected_n",
    "expected %s arguments": "cli_error_expected_n_plural",
}


@contextlib.contextmanager
def _argparse_speaking(tr: Translator) -> Iterator[None]:
    """argparse's ``_`` and ``ngettext`` worded from ``tr``'s catalogue while the block runs.

    argparse takes no translation but gettext's, read from its module's names on each
    call; those names are swapped for the block's length and put back after it.
    """

    def gettext(message: str) -> str:
        key = _ARGPARSE_WORDS.get(message)
        return message if key is None else tr(key)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return gettext(singular if n == 1 else plural)

    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


# Punctuation a line does not begin with (it stays at the end of the line before).
_NO_LINE_START = set("，。、；：！？）」』】〉》ー…")


def _cells(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _wrap_cells(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` terminal cells (a wide character counts
    two), broken between any two CJK characters or at a space, never inside a run of
    ASCII (an option, a path, a word), and never before closing punctuation."""
    lines: list[list[str]] = [[]]
    for token in re.findall(r"\s+|[!-~]+|.", text):
        token = " " if token.isspace() else token
        line = lines[-1]
        if line and _cells("".join(line) + token.rstrip()) > width and token != " ":
            carried: list[str] = []
            if token[0] in _NO_LINE_START:
                # Closing punctuation goes down with the character before it (and with
                # any closing punctuation between them).
                while len(line) > 1 and line[-1][0] in _NO_LINE_START:
                    carried.insert(0, line.pop())
                if len(line) > 1:
                    carried.insert(0, line.pop())
            lines.append(carried)
            line = lines[-1]
        if line or token != " ":
            line.append(token)
    return [text for text in ("".join(line).rstrip() for line in lines) if text]


def help_lang(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` names in ``argv``, if it names one; else None."""
    from wizard_p2p.tui.i18n import resolve_lang

    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = (argv[i + 1] if arg == "--lang" and i + 1 < len(argv)
                 else arg.partition("=")[2] if arg.startswith("--lang=") else None)
        if value is not None:
            try:
                return resolve_lang(value)
            except UsageError:
                return None  # refused later, in the locale's language
    return None


def _add_game_options(parser: argparse.ArgumentParser, tr: Translator) -> None:
    parser.add_argument("--seats", type=int, default=4, help=tr("help_seats"))
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help=tr("help_variant", names=", ".join(VARIANT_NAMES)),
    )


def _add_host_address(parser: argparse.ArgumentParser, tr: Translator, found: str) -> None:
    """The host's address (optional: without it, what the catalogues' ``found`` says)
    and its invite code."""
    parser.add_argument(
        "address", nargs="?", default=None,
        help=tr("help_address", port=DEFAULT_PORT, found=tr(found)),
    )
    parser.add_argument("--code", default=None, help=tr("help_code"))


# As typed: a refusal lists the choices by their repr, an enum member's names its class.
POLICY_CHOICES = tuple(policy.value for policy in PolicyName)


def _add_network_options(
    parser: argparse.ArgumentParser, tr: Translator, *, bot: bool = False,
    watcher: bool = False, policy: bool = True,
) -> None:
    """The options every networked command shares; ``policy``: whether its bot plays by a
    policy one may choose (Wizard's do; 巫师牌's bot has one way to play)."""
    parser.add_argument(
        "--name", default=None, help=tr("help_name"),  # none: lobby_common.default_name
    )
    parser.add_argument("--data-dir", default=None, help=tr("help_data_dir"))
    parser.add_argument("--listen", default="0.0.0.0", help=tr("help_listen"))
    parser.add_argument(
        "--mesh-port", type=int, default=None,
        help=tr("help_mesh_port_watcher" if watcher else "help_mesh_port"),
    )
    parser.add_argument("--lang", default=None, help=tr("help_lang"))
    if watcher:
        parser.add_argument("--headless", action="store_true", help=tr("help_headless_watcher"))
    else:
        if policy:
            parser.add_argument(
                "--policy", default="heuristic", choices=POLICY_CHOICES,
                help=tr("help_policy"),
            )
        parser.add_argument("--headless", action="store_true", default=bot,
                            help=tr("help_headless"))
    parser.add_argument("--quiet", action="store_true", help=tr("help_quiet"))
    if not watcher:
        parser.add_argument(
            "--no-bell", action="store_true",
            # A bot has no console: the option is accepted, and not offered.
            help=argparse.SUPPRESS if bot else tr("help_no_bell"),
        )
        parser.add_argument("--trace", default=None, help=argparse.SUPPRESS)  # benchmarks
        # `play`'s bots: their host may still be starting when they first knock.
        parser.add_argument("--join-timeout", type=float, default=None, help=argparse.SUPPRESS)
        parser.add_argument("--stall-limit", type=float, default=120.0,
                            help=tr("help_stall_limit"))
        parser.add_argument("--trick-pause", type=float, default=None,
                            help=tr("help_trick_pause"))
    parser.add_argument("--silence-limit", type=float, default=3.0,
                        help=tr("help_silence_limit"))


def _add_series_option(parser: argparse.ArgumentParser, tr: Translator) -> None:
    parser.add_argument("--games", type=int, default=1, metavar="N", help=tr("help_games"))


def _cmd_play(options: PlayOptions) -> int:
    _check_terminal("play", options.seat.net.headless)
    if options.offline:
        from wizard_p2p.commands.offline import play_offline

        return play_offline(options)
    from wizard_p2p.commands.bot_processes import can_fork_bots
    from wizard_p2p.commands.local_game import start_local_game

    if can_fork_bots():
        # The bots are forked once this process has imported the node: they start with
        # everything imported instead of each importing it again.
        from wizard_p2p.commands.networked import play_networked

        # Asked again: importing the node must not have started a thread.
        local = start_local_game(options, fork=main if can_fork_bots() else None)
    else:
        # The bots start first, as new interpreters: they import while this process does.
        local = start_local_game(options)
        try:
            from wizard_p2p.commands.networked import play_networked
        except BaseException:
            local.stop_bots(finished=False)
            raise
    return play_networked(options, local)


def _run(coroutine_factory: Callable[[], Coroutine[Any, Any, GamePeer | None]]) -> int:
    import asyncio

    peer = asyncio.run(coroutine_factory())
    if peer is None:
        return 0  # the player left the lobby on purpose: no game, and no failure
    from wizard_p2p.protocol.events import Finished

    # 1 for a game that ended early (a stall, a cheat); leaving one unfinished is no failure.
    return 0 if peer.outcome is None or isinstance(peer.outcome, Finished) else 1


def _cmd_host(options: HostOptions) -> int:
    _check_terminal("host", options.seat.net.headless)
    from wizard_p2p.commands.networked import host_async

    return _run(lambda: host_async(options))


def _cmd_join(options: JoinOptions) -> int:
    _check_terminal(options.command, options.seat.net.headless)
    from wizard_p2p.commands.networked import join_async

    return _run(lambda: join_async(options))


def _cmd_watch(options: WatchOptions) -> int:
    _check_terminal("watch", options.net.headless)
    from wizard_p2p.commands.watch import watch

    return watch(options)


def _cmd_resume(options: ResumeOptions) -> int:
    _check_terminal("resume", options.seat.net.headless)
    from wizard_p2p.commands.networked import resume_async

    return _run(lambda: resume_async(options))


def _cmd_audit(options: AuditOptions) -> int:
    from wizard_p2p.commands.audit_text import audit

    return audit(options)


def _cmd_replay(options: ReplayOptions) -> int:
    from wizard_p2p.commands.replay import replay

    return replay(options)


def _cmd_history(options: HistoryOptions) -> int:
    from wizard_p2p.commands.history_command import history

    return history(options)


def _cmd_tournament(options: TournamentOptions) -> int:
    from wizard_p2p.bots.tournament import main as tournament_main

    return tournament_main(list(options.rest))


# --- 巫师牌 (Sorcery TCG): `wizard-p2p sorcery cards|deck|starters|play` -------------------
# Its commands live in commands/sorcery_cards.py; `play` in commands/sorcery_play.py.


def _cmd_sorcery_import(options: SorceryImportOptions) -> int:
    from wizard_p2p.commands.sorcery_cards import import_cards

    return import_cards(options)


def _cmd_sorcery_deck(options: SorceryDeckOptions) -> int:
    from wizard_p2p.commands.sorcery_cards import show_deck

    return show_deck(options)


def _cmd_sorcery_starters(options: SorceryStartersOptions) -> int:
    from wizard_p2p.commands.sorcery_cards import show_starters

    return show_starters()


def _cmd_sorcery_play(options: SorceryPlayOptions) -> int:
    import importlib

    # The engine's command: `play(options) -> exit status` in commands/sorcery_play.py.
    try:
        command = importlib.import_module("wizard_p2p.commands.sorcery_play")
    except ModuleNotFoundError as exc:
        if exc.name != "wizard_p2p.commands.sorcery_play":
            raise
        raise UsageError("this build of wizard-p2p has no 巫师牌 engine to play with").saying(
            "error_no_sorcery_engine") from None
    return int(command.play(options))


def _cmd_sorcery_seat(options: SorceryHostOptions | SorceryJoinOptions) -> int:
    if not options.table.net.headless:  # a person plays at the console board
        from wizard_p2p.commands.sorcery_console_seat import run_console_seat

        return run_console_seat(options)
    from wizard_p2p.commands.sorcery_seat import run_seat

    return run_seat(options)


def _add_sorcery_card_options(parser: argparse.ArgumentParser, tr: Translator) -> None:
    parser.add_argument("--cards", default=None, metavar="FILE", help=tr("help_sorcery_cards"))
    parser.add_argument("--data-dir", default=None, help=tr("help_sorcery_data_dir"))


def _add_sorcery(sub: Any, tr: Translator) -> None:
    sorcery = sub.add_parser("sorcery", help=tr("cmd_sorcery"), description=tr("desc_sorcery"))
    group = sorcery.add_subparsers(dest="sorcery_command", required=True)

    cards = group.add_parser("cards", help=tr("cmd_sorcery_cards"),
                             description=tr("desc_sorcery_cards"))
    cards_sub = cards.add_subparsers(dest="cards_command", required=True)
    imported = cards_sub.add_parser("import", help=tr("cmd_sorcery_import"),
                                    description=tr("desc_sorcery_import"))
    imported.add_argument("file", metavar="FILE", help=tr("help_sorcery_import_file"))
    imported.add_argument("--data-dir", default=None, help=tr("help_sorcery_import_data_dir"))
    imported.set_defaults(options=_sorcery_import_options)

    deck = group.add_parser("deck", help=tr("cmd_sorcery_deck"),
                            description=tr("desc_sorcery_deck"))
    deck.add_argument("code", nargs="+", metavar="CODE", help=tr("help_sorcery_deck_code"))
    _add_sorcery_card_options(deck, tr)
    deck.set_defaults(options=_sorcery_deck_options)

    starters = group.add_parser("starters", help=tr("cmd_sorcery_starters"),
                                description=tr("desc_sorcery_starters"))
    starters.set_defaults(options=lambda args: SorceryStartersOptions())

    play = group.add_parser("play", help=tr("cmd_sorcery_play"),
                            description=tr("desc_sorcery_play"))
    play.add_argument("--offline", action="store_true", help=tr("help_sorcery_offline"))
    play.add_argument("--headless", action="store_true", help=tr("help_sorcery_headless"))
    play.add_argument("--deck", default=None, metavar="CODE", help=tr("help_sorcery_play_deck"))
    play.add_argument("--against", default=None, metavar="CODE",
                      help=tr("help_sorcery_against"))
    play.add_argument("--seed", type=int, default=None, help=tr("help_sorcery_play_seed"))
    play.add_argument("--lang", default=None, help=tr("help_lang"))
    play.add_argument("--out", default=None, metavar="DIR", help=tr("help_sorcery_out"))
    play.add_argument("--force", action="store_true", help=tr("help_force_out"))
    _add_sorcery_card_options(play, tr)
    play.set_defaults(options=_sorcery_play_options)
    _add_sorcery_table(group, tr)
    _add_sorcery_resume(group, tr)
    _add_sorcery_watch(group, tr)




# --- 巫师牌 at a networked table: `sorcery host --deck CODE`, `sorcery join` ---------------
# Their seats run in commands/sorcery_seat.py; `parse_sorcery_table` reads their options
# alone.


def _add_sorcery_table(group: Any, tr: Translator) -> None:
    host = group.add_parser("host", help=tr("cmd_sorcery_host"),
                            description=tr("desc_sorcery_host"))
    _add_sorcery_seat_options(host, tr)
    host.add_argument("--port", type=int, default=DEFAULT_PORT,
                      help=tr("help_port", port=DEFAULT_PORT))
    host.add_argument("--no-announce", dest="announce", action="store_false",
                      help=tr("help_no_announce"))
    host.add_argument("--admit-watchers", action="store_true",
                      help=tr("help_admit_watchers"))
    host.set_defaults(options=_sorcery_host_options)

    join = group.add_parser("join", help=tr("cmd_sorcery_join"),
                            description=tr("desc_sorcery_join"))
    _add_host_address(join, tr, "help_found_sorcery_join")
    _add_sorcery_seat_options(join, tr)
    join.set_defaults(options=_sorcery_join_options)

    bot = group.add_parser("bot", help=tr("cmd_sorcery_bot"), description=tr("desc_sorcery_bot"))
    _add_host_address(bot, tr, "help_found_sorcery_join")
    _add_sorcery_seat_options(bot, tr, bot=True)
    bot.set_defaults(options=_sorcery_join_options)


def _cmd_sorcery_resume(options: SorceryResumeOptions) -> int:
    from wizard_p2p.commands.sorcery_resume import run_resume

    return run_resume(options)


def _add_sorcery_resume(group: Any, tr: Translator) -> None:
    """``sorcery resume [GAME]``: a seat rebuilt from its data dir (commands/sorcery_resume.py)."""
    resume = group.add_parser("resume", help=tr("cmd_sorcery_resume"),
                              description=tr("desc_sorcery_resume"))
    resume.add_argument("game", nargs="?", default=None, help=tr("help_sorcery_resume_game"))
    resume.add_argument("--cards", default=None, metavar="FILE",
                        help=tr("help_sorcery_resume_cards"))
    resume.add_argument("--seed", type=int, default=None, help=tr("help_sorcery_seed"))
    resume.add_argument("--admit-watchers", action="store_true",
                        help=tr("help_resume_admit"))
    _add_network_options(resume, tr)
    resume.set_defaults(options=_sorcery_resume_options)


def _cmd_sorcery_watch(options: SorceryWatchOptions) -> int:
    from wizard_p2p.commands.sorcery_watch import watch_sorcery

    return watch_sorcery(options)


def _add_sorcery_watch(group: Any, tr: Translator) -> None:
    """``sorcery watch [ADDRESS]``: a watcher of a 巫师牌 table (commands/sorcery_watch.py)."""
    watch = group.add_parser("watch", help=tr("cmd_sorcery_watch"),
                             description=tr("desc_sorcery_watch"))
    _add_host_address(watch, tr, "help_found_sorcery_watch")
    watch.add_argument("--save", default=None, metavar="LOG", help=tr("help_save"))
    watch.add_argument("--force", action="store_true", help=tr("help_force_save"))
    watch.add_argument("--cards", default=None, metavar="FILE", help=tr("help_sorcery_cards"))
    _add_network_options(watch, tr, watcher=True)
    watch.set_defaults(options=_sorcery_watch_options)


def _add_sorcery_seat_options(parser: argparse.ArgumentParser, tr: Translator, *,
                              bot: bool = False) -> None:
    parser.add_argument("--deck", required=True, metavar="CODE", help=tr("help_sorcery_deck"))
    parser.add_argument("--cards", default=None, metavar="FILE", help=tr("help_sorcery_cards"))
    parser.add_argument("--seed", type=int, default=None, help=tr("help_sorcery_seed"))
    _add_network_options(parser, tr, bot=bot, policy=False)


def parse_sorcery_table(
    argv: Sequence[str], lang: str | None = None
) -> SorceryHostOptions | SorceryJoinOptions:
    """The options of ``sorcery host`` or ``sorcery join`` (``argv`` after ``sorcery``):
    not yet among the program's commands (see above)."""
    from wizard_p2p.tui.i18n import Translator

    tr = Translator(lang)
    parser = _localised(tr)(prog="wizard-p2p sorcery")
    _add_sorcery_table(parser.add_subparsers(dest="sorcery_command", required=True), tr)
    args = parser.parse_args(list(argv))
    options: SorceryHostOptions | SorceryJoinOptions = args.options(args)
    return options


class _Version(argparse.Action):
    """``--version``: the program's version and the protocol it plays, which every player
    at a table shares (the protocol is imported only when asked)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from wizard_p2p import __version__
        from wizard_p2p.protocol.messages import PROTOCOL

        print(f"wizard-p2p {__version__} (protocol {PROTOCOL})")
        parser.exit()


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The command line, its help in the language ``lang`` (None: the locale's)."""
    from wizard_p2p.tui.i18n import Translator

    tr = Translator(lang)
    parser = _localised(tr)(prog="wizard-p2p", description=tr("cli_description"))
    parser.add_argument("--version", action=_Version, help=tr("cli_version"))
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help=tr("cmd_play"), description=tr("desc_play"))
    _add_game_options(play, tr)
    _add_network_options(play, tr)
    # The strongest bots to play against; a practice game lets the player ask the coach.
    play.set_defaults(name="You", policy="expert")
    play.add_argument("--bots", type=int, default=None, help=tr("help_bots"))
    play.add_argument("--out", default=None, help=tr("help_out"))
    play.add_argument("--force", action="store_true", help=tr("help_force_out"))
    play.add_argument("--seed", type=int, default=None, help=tr("help_seed"))
    play.add_argument("--offline", action="store_true", help=tr("help_offline"))
    _add_series_option(play, tr)  # the bots stay for another game, as at a LAN table
    play.set_defaults(options=_play_options)

    host = sub.add_parser("host", help=tr("cmd_host"), description=tr("desc_host"))
    _add_game_options(host, tr)
    _add_network_options(host, tr)
    host.add_argument("--port", type=int, default=DEFAULT_PORT,
                      help=tr("help_port", port=DEFAULT_PORT))
    host.add_argument("--approve", action="store_true", help=tr("help_approve"))
    host.add_argument("--no-announce", dest="announce", action="store_false",
                      help=tr("help_no_announce"))
    host.add_argument("--admit-watchers", action="store_true", help=tr("help_admit_watchers"))
    host.add_argument("--coach", action="store_true", help=tr("help_coach"))
    _add_series_option(host, tr)
    host.set_defaults(options=_host_options)

    join = sub.add_parser("join", help=tr("cmd_join"), description=tr("desc_join"))
    _add_host_address(join, tr, "help_found_join")
    _add_network_options(join, tr)
    _add_series_option(join, tr)
    join.set_defaults(options=_join_options)

    bot = sub.add_parser("bot", help=tr("cmd_bot"), description=tr("desc_bot"))
    _add_host_address(bot, tr, "help_found_bot")
    _add_network_options(bot, tr, bot=True)
    _add_series_option(bot, tr)
    bot.set_defaults(options=_join_options, name="Bot")

    watch = sub.add_parser("watch", help=tr("cmd_watch"), description=tr("desc_watch"))
    _add_host_address(watch, tr, "help_found_watch")
    watch.add_argument("--save", default=None, metavar="LOG", help=tr("help_save"))
    watch.add_argument("--force", action="store_true", help=tr("help_force_save"))
    _add_network_options(watch, tr, watcher=True)
    watch.set_defaults(options=_watch_options)

    resume = sub.add_parser("resume", help=tr("cmd_resume"), description=tr("desc_resume"))
    resume.add_argument("game", nargs="?", default=None, help=tr("help_resume_game"))
    resume.add_argument("--admit-watchers", action="store_true", help=tr("help_resume_admit"))
    _add_network_options(resume, tr)
    resume.set_defaults(options=_resume_options)

    audit = sub.add_parser("audit", help=tr("cmd_audit"), description=tr("desc_audit"))
    audit.add_argument("log", nargs="+", help=tr("help_audit_log"))
    audit.add_argument("--json", action="store_true", help=tr("help_json"))
    audit.add_argument("--lang", default=None, help=tr("help_lang"))
    audit.add_argument("--cards", default=None, metavar="FILE", help=tr("help_sorcery_cards"))
    audit.add_argument("--data-dir", default=None, help=tr("help_data_dir"))
    audit.set_defaults(options=_audit_options)

    replay = sub.add_parser("replay", help=tr("cmd_replay"), description=tr("desc_replay"))
    replay.add_argument("log", help=tr("help_replay_log"))
    replay.add_argument("--export", default=None, metavar="FILE.json", help=tr("help_export"))
    replay.add_argument("--force", action="store_true", help=tr("help_force_export"))
    replay.add_argument("--lang", default=None, help=tr("help_lang"))
    replay.add_argument("--cards", default=None, metavar="FILE", help=tr("help_sorcery_cards"))
    replay.add_argument("--data-dir", default=None, help=tr("help_data_dir"))
    replay.set_defaults(options=_replay_options)

    history = sub.add_parser("history", help=tr("cmd_history"), description=tr("desc_history"))
    history.add_argument("game", nargs="?", default=None, help=tr("help_history_game"))
    history.add_argument("--data-dir", default=None, help=tr("help_data_dir"))
    history.add_argument("--lang", default=None, help=tr("help_lang"))
    history.set_defaults(options=_history_options)

    tournament = sub.add_parser("tournament", help=tr("cmd_tournament"), add_help=False)
    tournament.add_argument("rest", nargs=argparse.REMAINDER)
    tournament.set_defaults(options=_tournament_options)

    _add_sorcery(sub, tr)
    return parser


def _parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser whose help speaks the language of ``argv``'s ``--lang``, else the
    locale's."""
    from wizard_p2p.tui.i18n import default_lang

    return _parser(help_lang(argv) or default_lang())


@functools.cache
def _parser(lang: str) -> argparse.ArgumentParser:
    # Built once per process (and language): `play`'s forked bots parse their own command
    # line with the parser it built before forking them, instead of building it again each.
    return build_parser(lang)


def parse_options(argv: Sequence[str]) -> Options:
    """The command line ``argv`` as its command's options: parsed, checked and frozen
    once (``argparse`` exits on a malformed one; ``UsageError`` says why a value is
    refused)."""
    argv = list(argv)
    if argv and argv[0] == "tournament":
        # It parses its own options (argparse's REMAINDER would drop leading ones).
        return TournamentOptions(tuple(argv[1:]))
    return _built(_parser_for(argv).parse_args(argv))


def _built(args: argparse.Namespace) -> Options:
    options: Options = args.options(args)  # set by each command's parser
    return options


def run_options(options: Options) -> int:
    """Run the command ``options`` are of; its exit status."""
    match options:
        case PlayOptions():
            return _cmd_play(options)
        case HostOptions():
            return _cmd_host(options)
        case JoinOptions():
            return _cmd_join(options)
        case ResumeOptions():
            return _cmd_resume(options)
        case WatchOptions():
            return _cmd_watch(options)
        case AuditOptions():
            return _cmd_audit(options)
        case ReplayOptions():
            return _cmd_replay(options)
        case HistoryOptions():
            return _cmd_history(options)
        case TournamentOptions():
            return _cmd_tournament(options)
        case SorceryImportOptions():
            return _cmd_sorcery_import(options)
        case SorceryDeckOptions():
            return _cmd_sorcery_deck(options)
        case SorceryStartersOptions():
            return _cmd_sorcery_starters(options)
        case SorceryPlayOptions():
            return _cmd_sorcery_play(options)
        case SorceryHostOptions() | SorceryJoinOptions():
            return _cmd_sorcery_seat(options)
        case SorceryResumeOptions():
            return _cmd_sorcery_resume(options)
        case SorceryWatchOptions():
            return _cmd_sorcery_watch(options)


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command: ``argv``, or, as the program, ``sys.argv``."""
    if argv is None:
        try:
            return main(sys.argv[1:])
        finally:
            # The program ends: nothing it still holds needs collecting. Python's
            # finalization would otherwise walk the whole heap again, a pause at the
            # end of every `play`.
            gc.freeze()
    argv = list(argv)
    # A malformed command line: argparse says so, and exits (2).
    args = None if argv and argv[0] == "tournament" else _parser_for(argv).parse_args(argv)
    # The language errors are said in: as typed, before the options check it (a refused
    # --lang is said in the locale's).
    lang: str | None = None if args is None else vars(args).get("lang")
    try:
        options = parse_options(argv) if args is None else _built(args)
        return int(run_options(options) or 0)
    except WizardError as exc:
        print(_fit_terminal(_error_line(lang, exc)), file=sys.stderr)
        return 2
    except OSError as exc:  # a port taken, a folder not writable: said in one sentence
        print(f"wizard-p2p: {exc.strerror or exc}"
              + (f": {exc.filename}" if exc.filename else ""), file=sys.stderr)
        return 1
    except (KeyboardInterrupt, EOFError):
        print(_error_line(lang, Said("error_stopped")), file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: said in one line, not as a traceback
        print(_error_line(lang, Said("error_internal", kind=type(exc).__name__, detail=str(exc))),
              file=sys.stderr)
        return 70


def _error_line(lang: str | None, error: WizardError | Said) -> str:
    """An error as the person reads it: in the language ``lang`` (as typed after
    ``--lang``; None: the locale's) when it is worded as data (``errors.Said``), else as
    the error says it."""
    from wizard_p2p.tui.i18n import Translator

    try:
        tr = Translator(lang)
    except UsageError:  # the language itself was refused: the locale's says so
        tr = Translator(None)
    said = error if isinstance(error, Said) else error.said
    return tr("error_line", text=str(error) if said is None else tr.say(said))


def _fit_terminal(text: str) -> str:
    """``text`` wrapped between words for the terminal it is written to, which would
    otherwise cut its lines wherever they reach the edge, inside a word or a code."""
    try:
        columns = os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        return text  # not a terminal: one line, as a script reading it expects
    return textwrap.fill(text, width=max(20, columns), break_long_words=False,
                         break_on_hyphens=False)


# --- the options, built once from what argparse parsed --------------------------------
# Each refuses what would fail later, before anything starts (bots, sockets, files).


def _path(text: str | None) -> Path | None:
    return Path(text) if text else None


def _lang(text: str | None) -> str | None:
    if text is None:
        return None
    from wizard_p2p.tui.i18n import resolve_lang

    return resolve_lang(text)


def _seconds(value: float, option: str) -> float:
    # NaN and infinity fail this test too.
    if not 0 < value < 10**6:
        raise UsageError(f"{option} is a number of seconds above 0, not {value!r}").saying(
            "error_seconds", option=option, value=repr(value))
    return value


MAX_TRICK_PAUSE = 10.0
"""The longest trick pause a bot waits, in seconds; a longer one asked for is this."""


def _trick_pause(value: float | None) -> float | None:
    """``--trick-pause`` as a bot waits it: within 0 and :data:`MAX_TRICK_PAUSE` (a
    negative one, or not a number, is none); None: the command's default."""
    if value is None:
        return None
    return min(value, MAX_TRICK_PAUSE) if value > 0 else 0.0


def _games(games: int) -> int:
    from wizard_p2p.tables.wizard.bodies import MAX_SERIES_GAMES

    if not 1 <= games <= MAX_SERIES_GAMES:
        raise UsageError(
            f"--games is a number of games from 1 to {MAX_SERIES_GAMES}, not {games}"
        ).saying("error_games", max=MAX_SERIES_GAMES, games=games)
    return games


def _check_terminal(command: str, headless: bool) -> None:
    """Refuse a console with no terminal to read keys from, before anything starts."""
    if headless or sys.stdin.isatty():
        return
    if command == "watch":
        raise UsageError(
            "the console needs a terminal to read keys from; run it in one, or watch "
            "with: wizard-p2p watch ADDRESS --code CODE --headless"
        ).saying("error_no_terminal_watch",
                 command="wizard-p2p watch ADDRESS --code CODE --headless")
    raise UsageError(
        "the console needs a terminal to read keys from; run it in one, or seat a bot "
        "with: wizard-p2p bot ADDRESS --code CODE"
    ).saying("error_no_terminal_bot", command="wizard-p2p bot ADDRESS --code CODE")


def _net_options(args: argparse.Namespace) -> NetOptions:
    from wizard_p2p.node.lobby_common import check_own_name, default_name

    lang = _lang(args.lang)
    # The genesis's rules, before anything is sent.
    name = (check_own_name(args.name) if args.name is not None
            else default_name(_path(args.data_dir)))
    return NetOptions(
        name=name, data_dir=_path(args.data_dir), listen=args.listen, mesh_port=args.mesh_port,
        silence_limit=_seconds(float(args.silence_limit), "--silence-limit"), lang=lang,
        headless=args.headless, quiet=args.quiet,
    )


def _seat_options(args: argparse.Namespace, *, games: int = 1) -> SeatOptions:
    return SeatOptions(
        net=_net_options(args), policy=PolicyName(args.policy),
        stall_limit=_seconds(float(args.stall_limit), "--stall-limit"),
        bell=not args.no_bell, trace=_path(args.trace), join_timeout=args.join_timeout,
        games=games, trick_pause=_trick_pause(args.trick_pause),
    )


def _play_options(args: argparse.Namespace) -> PlayOptions:
    return PlayOptions(
        seat=_seat_options(args, games=_games(args.games)), seats=args.seats,
        variants=tuple(args.variant), bots=args.bots, out=_path(args.out), force=args.force,
        seed=args.seed, offline=args.offline,
    )


def _host_options(args: argparse.Namespace) -> HostOptions:
    return HostOptions(
        seat=_seat_options(args, games=_games(args.games)), seats=args.seats,
        variants=tuple(args.variant), port=args.port, approve=args.approve,
        announce=args.announce, admit_watchers=args.admit_watchers, coach=args.coach,
    )


def _join_options(args: argparse.Namespace) -> JoinOptions:
    return JoinOptions(seat=_seat_options(args, games=_games(args.games)),
                       address=args.address, code=args.code, command=args.command)


def _resume_options(args: argparse.Namespace) -> ResumeOptions:
    return ResumeOptions(seat=_seat_options(args), game=args.game,
                         admit_watchers=args.admit_watchers)


def _watch_options(args: argparse.Namespace) -> WatchOptions:
    return WatchOptions(net=_net_options(args), address=args.address, code=args.code,
                        save=_path(args.save), force=args.force)


def _audit_options(args: argparse.Namespace) -> AuditOptions:
    return AuditOptions(tuple(Path(log) for log in args.log), json=args.json,
                        lang=_lang(args.lang), cards=_path(args.cards),
                        data_dir=_path(args.data_dir))


def _replay_options(args: argparse.Namespace) -> ReplayOptions:
    return ReplayOptions(Path(args.log), export=_path(args.export), force=args.force,
                         lang=_lang(args.lang), cards=_path(args.cards),
                         data_dir=_path(args.data_dir))


def _history_options(args: argparse.Namespace) -> HistoryOptions:
    return HistoryOptions(args.game, data_dir=_path(args.data_dir), lang=_lang(args.lang))


def _tournament_options(args: argparse.Namespace) -> TournamentOptions:
    return TournamentOptions(tuple(args.rest))


def _sorcery_import_options(args: argparse.Namespace) -> SorceryImportOptions:
    return SorceryImportOptions(Path(args.file), data_dir=_path(args.data_dir))


def _sorcery_deck_options(args: argparse.Namespace) -> SorceryDeckOptions:
    return SorceryDeckOptions(" ".join(args.code), cards=_path(args.cards),
                              data_dir=_path(args.data_dir))


def _sorcery_table_options(args: argparse.Namespace) -> SorceryTableOptions:
    return SorceryTableOptions(net=_net_options(args), deck=args.deck, cards=_path(args.cards),
                               seed=args.seed,
                               stall_limit=_seconds(float(args.stall_limit), "--stall-limit"))


def _sorcery_host_options(args: argparse.Namespace) -> SorceryHostOptions:
    return SorceryHostOptions(_sorcery_table_options(args), port=args.port,
                              announce=args.announce, admit_watchers=args.admit_watchers)


def _sorcery_join_options(args: argparse.Namespace) -> SorceryJoinOptions:
    return SorceryJoinOptions(_sorcery_table_options(args), address=args.address,
                              code=args.code)


def _sorcery_resume_options(args: argparse.Namespace) -> SorceryResumeOptions:
    return SorceryResumeOptions(_net_options(args), game=args.game, cards=_path(args.cards),
                                seed=args.seed, admit_watchers=args.admit_watchers,
                                stall_limit=_seconds(float(args.stall_limit), "--stall-limit"))


def _sorcery_watch_options(args: argparse.Namespace) -> SorceryWatchOptions:
    return SorceryWatchOptions(_watch_options(args), cards=_path(args.cards))


def _sorcery_play_options(args: argparse.Namespace) -> SorceryPlayOptions:
    return SorceryPlayOptions(
        offline=args.offline, headless=args.headless, deck=args.deck, against=args.against,
        seed=args.seed, lang=_lang(args.lang), cards=_path(args.cards),
        data_dir=_path(args.data_dir), out=_path(args.out), force=args.force,
    )
