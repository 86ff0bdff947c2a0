"""The game so far, told in the player's language from the seat's view alone.

``story(app)`` turns the view — the scored rounds (``history``: dealer, turned
card, trump, bids, every trick, points) and the round in play — into lines such
as "Round 3: Ana deals; turned Y3: trump Giants (yellow)", "Bids: Ben 1, Cho
sealed", "Trick 2: Ben G4, Cho Z, Ana B13 - Cho wins", "Scores: Ana +30 (40)".
The table shows its newest lines, the log window all of them. Only what the
seat may see is told: a sealed bid stays "sealed" until the view opens it.
"""

from __future__ import annotations

from collections.abc import Sequence

from wizard_p2p.rules import Card, Suit, Trick
from wizard_p2p.tui.shared import ConsoleState
from wizard_p2p.tui.text import card_label


def _opening(
    app: ConsoleState, round_no: int, dealer: int, turned: Card | None, trump: Suit | None
) -> str:
    tr = app.tr
    if app.is_me(dealer):
        head = tr("story_round_you", n=round_no)
    else:
        head = tr("story_round", n=round_no, name=app.name(dealer))
    semicolon, colon = tr("semicolon"), tr("colon")
    if turned is None:
        return f"{head}{semicolon}{tr('no_trump_last')}"
    shown = tr("story_turned", card=card_label(turned))
    if turned.is_jester:
        return f"{head}{semicolon}{shown}{colon}{tr('no_trump')}"
    if trump is None:
        return f"{head}{semicolon}{shown}{colon}{tr('dealer_chooses')}"
    if turned.is_wizard:  # the dealer chose the trump: say who
        chose = (tr("story_trump_chosen_you", suit=tr.suit(trump)) if app.is_me(dealer)
                 else tr("story_trump_chosen", name=app.name(dealer), suit=tr.suit(trump)))
        return f"{head}{semicolon}{shown}{colon}{chose}"
    return f"{head}{semicolon}{shown}{colon}{tr('trump')} {tr.suit(trump)}"


def _bids(app: ConsoleState, dealer: int, bids: Sequence[int | None], made: Sequence[bool]) -> str:
    seats = len(bids)
    parts = []
    for i in range(1, seats + 1):  # bidding starts left of the dealer
        seat = (dealer + i) % seats
        if bids[seat] is not None:
            parts.append(f"{app.name(seat)} {bids[seat]}")
        elif made[seat]:
            parts.append(f"{app.name(seat)} {app.tr('sealed')}")
    return app.tr("story_bids", bids=app.tr("comma").join(parts)) if parts else ""


def _trick(
    app: ConsoleState, number: int, plays: Sequence[tuple[int, Card]], winner: int | None
) -> str:
    tr = app.tr
    played = tr("comma").join(f"{app.name(seat)} {card_label(card)}" for seat, card in plays)
    line = tr("story_trick", n=number, plays=played)
    if winner is not None:
        if app.is_me(winner):
            line += tr("then") + tr("story_wins_you")
        else:
            line += tr("then") + tr("story_wins", name=app.name(winner))
    return line


def _tricks(app: ConsoleState, tricks: Sequence[Trick]) -> list[str]:
    return [_trick(app, i, t.plays, t.winner) for i, t in enumerate(tricks, start=1)]


def story(app: ConsoleState) -> list[str]:
    """Every line of the game so far, oldest first."""
    if app.snapshot is None:
        return []
    view = app.snapshot.view
    tr = app.tr
    lines: list[str] = []
    for result in view.history:
        lines.append(_opening(app, result.round_no, result.dealer, result.turned, result.trump))
        lines.append(_bids(app, result.dealer, result.bids, [True] * len(result.bids)))
        lines += _tricks(app, result.tricks)
        scores = tr("comma").join(
            tr("score_entry", name=app.name(seat), points=f"{points:+d}", total=total)
            for seat, (points, total) in enumerate(zip(result.points, result.totals, strict=True))
        )
        lines.append(tr("story_scores", scores=scores))
    if view.is_over or (view.turned is None and not any(view.hand_sizes)):
        return [line for line in lines if line]
    lines.append(_opening(app, view.round_no, view.dealer, view.turned, view.trump))
    lines.append(_bids(app, view.dealer, view.bids, view.bid_made))
    lines += _tricks(app, view.round_tricks)
    if view.trick:
        lines.append(_trick(app, len(view.round_tricks) + 1, view.trick, None))
    return [line for line in lines if line]
