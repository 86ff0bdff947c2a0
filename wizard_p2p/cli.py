"""The command line: ``wizard-p2p host | join | resume | audit | bot | play | bench | tournament``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from wizard_p2p.errors import WizardError


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seats", type=int, default=4, help="number of seats, 3..6 (default 4)")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="plus_minus_one, hidden_bids, secret_bids, clairvoyance, wizard_lead_sets_suit "
        "(repeatable)",
    )


def _cmd_play(args: argparse.Namespace) -> int:
    from wizard_p2p.play_local import play_offline

    return play_offline(args)


def _cmd_audit(args: argparse.Namespace) -> int:
    from wizard_p2p.audit import main as audit_main

    return audit_main(args.log, as_json=args.json)


def _cmd_tournament(args: argparse.Namespace) -> int:
    from wizard_p2p.bots.tournament import main as tournament_main

    return tournament_main(args.rest)


def _cmd_bench(args: argparse.Namespace) -> int:
    from wizard_p2p.bench import main as bench_main

    return bench_main(args.rest)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wizard-p2p", description="The card game Wizard over a LAN, with no server."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play against bots on this machine")
    _add_game_options(play)
    play.add_argument("--name", default="You")
    play.add_argument("--lang", default=None, help="en, zh, ja (default: from the locale)")
    play.add_argument("--seed", type=int, default=None, help="fixed seed (tests, replays)")
    play.add_argument("--bot-policy", default="random", help="policy of the bots")
    play.add_argument("--offline", action="store_true", help="in-memory game, no network")
    play.set_defaults(func=_cmd_play)

    audit = sub.add_parser("audit", help="verify a game log offline and print its score pad")
    audit.add_argument("log", help="the log file (JSON Lines)")
    audit.add_argument("--json", action="store_true", help="print the report as JSON")
    audit.set_defaults(func=_cmd_audit)

    tournament = sub.add_parser(
        "tournament", help="bot policies against each other in memory", add_help=False
    )
    tournament.add_argument("rest", nargs=argparse.REMAINDER)
    tournament.set_defaults(func=_cmd_tournament)

    bench = sub.add_parser("bench", help="benchmarks (figures and ratios)", add_help=False)
    bench.add_argument("rest", nargs=argparse.REMAINDER)
    bench.set_defaults(func=_cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except WizardError as exc:
        print(f"wizard-p2p: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
