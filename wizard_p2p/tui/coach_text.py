"""The coach's advice in the player's language: the console's window and the replay's notes.

``advice_lines`` writes what the coach (``bots.coach``) expects of each choice of one
decision, its own first; ``note`` writes one line comparing a decision made with the
coach's ("the coach would have bid 2: +8 points expected; 3 was bid: −4 expected").
Points are whole numbers with a sign (a true minus sign), a chance a whole per cent.
"""

from __future__ import annotations

from wizard_p2p.bots.coach import Advice, BidAdvice, CardAdvice, TrumpAdvice
from wizard_p2p.rules import Card, Suit
from wizard_p2p.tui.i18n import Translator

AS_GOOD = 0.5  # points: a choice the coach expects this close to its own is as good


def points_text(points: float) -> str:
    value = round(points)
    return f"+{value}" if value >= 0 else f"−{-value}"


def advice_lines(tr: Translator, advice: Advice) -> list[str]:
    """The coach's choice, then every choice it weighed with what it expects of it."""
    if isinstance(advice, BidAdvice):
        lines = [tr("coach_says_bid", bid=advice.choice)]
        for option in sorted(advice.options, key=lambda o: -o.points):
            mark = "▶" if option.bid == advice.choice else " "
            text = tr("coach_bid_option", bid=option.bid, points=points_text(option.points))
            lines.append(f"{mark} {text}")
        return lines
    if isinstance(advice, TrumpAdvice):
        lines = [tr("coach_says_trump", suit=tr.suit(advice.choice))]
        for trump in sorted(advice.options, key=lambda o: -o.points):
            mark = "▶" if trump.suit is advice.choice else " "
            text = tr(
                "coach_trump_option", suit=tr.suit(trump.suit), points=points_text(trump.points)
            )
            lines.append(f"{mark} {text}")
        return lines
    lines = [tr("coach_says_card", card=str(advice.choice), bid=advice.bid)]
    for card in sorted(advice.options, key=lambda o: (-o.points, -o.win)):
        mark = "▶" if card.card == advice.choice else " "
        lines.append(
            f"{mark} "
            + tr(
                "coach_card_option",
                card=str(card.card),
                win=round(100 * card.win),
                points=points_text(card.points),
            )
        )
    return lines


def made_points(advice: Advice, made: int | Suit | Card) -> float | None:
    """What the coach expected of the choice that was made (None: it did not weigh it)."""
    if isinstance(advice, BidAdvice) and isinstance(made, int):
        return advice.points(made)
    if isinstance(advice, TrumpAdvice) and isinstance(made, Suit):
        return advice.points(made)
    if isinstance(advice, CardAdvice) and isinstance(made, Card):
        option = advice.option(made)
        return option.points if option is not None else None
    return None


def chosen_points(advice: Advice) -> float:
    """What the coach expected of its own choice."""
    points = made_points(advice, advice.choice)
    assert points is not None  # the coach always weighs what it chooses
    return points


def choice_text(tr: Translator, choice: int | Suit | Card) -> str:
    if isinstance(choice, Suit):
        return tr.suit(choice)
    return str(choice)


def note(tr: Translator, advice: Advice, made: int | Suit | Card) -> str:
    """One line: the decision made beside the coach's, each with the points it expected."""
    coach = chosen_points(advice)
    theirs = made_points(advice, made)
    kind = advice.kind.value
    if made == advice.choice or (theirs is not None and abs(coach - theirs) < AS_GOOD):
        points = coach if theirs is None else theirs
        return tr(
            f"coach_note_same_{kind}", choice=choice_text(tr, made), points=points_text(points)
        )
    return tr(
        f"coach_note_{kind}",
        choice=choice_text(tr, advice.choice),
        points=points_text(coach),
        made=choice_text(tr, made),
        made_points="?" if theirs is None else points_text(theirs),
    )


__all__ = ["advice_lines", "chosen_points", "made_points", "note", "points_text"]
