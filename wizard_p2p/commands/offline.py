"""``wizard-p2p play --offline``: the console against in-memory bots (rules only)."""

from __future__ import annotations

import argparse

from wizard_p2p.bots import make_policy
from wizard_p2p.rules import GameConfig
from wizard_p2p.seat.offline import OfflineSeat


def play_offline(args: argparse.Namespace) -> int:
    from wizard_p2p.tui.app import run_app

    config = GameConfig.with_variants(args.seats, args.variant)
    names = [args.name] + [f"Bot {i}" for i in range(1, config.seats)]
    policies = [None] + [make_policy(args.policy) for _ in range(1, config.seats)]
    seat = OfflineSeat(config, names, policies, seat=0, seed=args.seed)
    run_app(seat, lang=args.lang, bell=not getattr(args, "no_bell", False))
    _report(seat)
    return 0


def _report(seat: OfflineSeat) -> None:
    """The standings (or that the player left): an offline game keeps no log to audit."""
    from wizard_p2p.audit import format_score_pad

    game = seat.game
    if game.history:
        print(format_score_pad(seat.names, list(game.history)))
    if game.is_over:
        winners = game.standings().winners
        print("winner(s): " + ", ".join(seat.names[s] for s in winners))
    else:
        print("left the game")
    print("an offline game keeps no log: play without --offline for a signed log to audit")
