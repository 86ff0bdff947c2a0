"""``wizard-p2p play --offline``: the console against in-memory bots (rules only)."""

from __future__ import annotations

from wizard_p2p.bots import make_policy
from wizard_p2p.commands.options import PlayOptions
from wizard_p2p.rules import GameConfig
from wizard_p2p.seat.offline import OfflineSeat


def play_offline(options: PlayOptions) -> int:
    from wizard_p2p.tui.app import run_app

    seat_options = options.seat
    config = GameConfig.with_variants(options.seats, list(options.variants))
    names = [seat_options.net.name] + [f"Bot {i}" for i in range(1, config.seats)]
    policies = [None] + [make_policy(seat_options.policy) for _ in range(1, config.seats)]
    seat = OfflineSeat(config, names, policies, seat=0, seed=options.seed)
    run_app(seat, lang=seat_options.net.lang, bell=seat_options.bell)
    _report(seat, seat_options.net.lang)
    return 0


def _report(seat: OfflineSeat, lang: str | None) -> None:
    """The standings (or that the player left): an offline game keeps no log to audit."""
    from wizard_p2p.commands.printout import fit, terminal_columns
    from wizard_p2p.tui.i18n import Translator
    from wizard_p2p.tui.score_text import score_pad_text

    tr, columns = Translator(lang), terminal_columns()
    game = seat.game
    if game.history:
        print(score_pad_text(tr, seat.names, list(game.history)))
    if game.is_over:
        winners = tr("comma").join(seat.names[s] for s in game.standings().winners)
        print(fit(tr("end_winners", names=winners), columns))
    else:
        print(fit(tr("end_left"), columns))
    print(fit(tr("end_offline_no_log"), columns))
