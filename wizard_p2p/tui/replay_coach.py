"""The coach's notes on a replayed round: each bid and play beside the coach's, from the
view the seat had at that moment.

A ``GameRecord`` holds every round's hands as dealt, its bids, trump and plays. To
give the coach exactly what a seat saw when it decided, the game is played again
with the rules (``GameDriver``), every choice the one the record holds, and each
decision of the round asked of the coach on that seat's ``SeatView`` (its own bid
put in, which a seat always sees). A round whose hands are not known (its secrets
never came out) and the rounds after it have no notes.

The ``cost`` of a decision is what the coach expected of its own choice less what
it expected of the choice made; the round's costliest decision is the one with the
largest cost.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wizard_p2p.bots.coach import Advice, advise, can_advise
from wizard_p2p.rules import DECK, Card, Game, GameConfig, Phase, SeatView, Suit
from wizard_p2p.rules.driver import Choice, GameDriver
from wizard_p2p.tables.wizard.replay import GameRecord, RoundRecord
from wizard_p2p.tui.coach_text import AS_GOOD, chosen_points, made_points

REPLAY_SAMPLES = 24  # fewer than at the table: a long round has many decisions to weigh


@dataclass(frozen=True)
class Note:
    seat: int
    trick: int | None  # the trick's index in the round; None for the bid or the trump
    made: int | Suit | Card
    advice: Advice

    @property
    def cost(self) -> float:
        theirs = made_points(self.advice, self.made)
        coach = chosen_points(self.advice)
        return 0.0 if theirs is None else coach - theirs


@dataclass(frozen=True)
class RoundNotes:
    round_no: int
    notes: tuple[Note, ...]

    def at(self, trick: int | None) -> tuple[Note, ...]:
        """The notes of one trick's plays (None: the bids and the trump), in order."""
        return tuple(n for n in self.notes if n.trick == trick)

    @property
    def costliest(self) -> Note | None:
        worst = max(self.notes, key=lambda n: n.cost, default=None)
        return worst if worst is not None and worst.cost >= AS_GOOD else None


def _deck(rnd: RoundRecord | None, seats: int) -> list[Card]:
    """A deck that deals the round's hands as they were dealt (``deal_from_deck``); any
    deck for a round past the one annotated, which is dealt but never played."""
    if rnd is None or rnd.hands is None:
        return list(DECK)
    hands = rnd.hands
    dealt = [hands[(rnd.dealer + 1 + p) % seats][p // seats] for p in range(rnd.round_no * seats)]
    if rnd.turned is not None:
        dealt.append(rnd.turned)
    rest = [card for card in DECK if card not in set(dealt)]
    return dealt + rest


def round_notes(
    record: GameRecord, index: int, samples: int = REPLAY_SAMPLES
) -> RoundNotes | None:
    """The coach's notes on round ``index`` of ``record`` (None when they cannot be had)."""
    rounds = record.rounds
    if not 0 <= index < len(rounds):
        return None
    for number, rnd in enumerate(rounds[: index + 1], start=1):
        if rnd.hands is None or rnd.round_no != number:
            return None  # the game cannot be played again up to this round
    seats = len(record.names)
    config = GameConfig.with_variants(seats, list(record.variants))
    game = Game(config, first_dealer=rounds[0].dealer)
    target = rounds[index]
    notes: list[Note] = []
    missing = False

    def decide(seat: int, view: SeatView) -> Choice | None:
        nonlocal missing
        rnd = rounds[view.round_no - 1]
        choice: Choice | None
        if view.phase is Phase.BID:
            choice = rnd.bids[seat]
        elif view.phase is Phase.CHOOSE_TRUMP:
            choice = rnd.trump
        else:
            trick = len(view.round_tricks)
            plays = dict(rnd.tricks[trick].plays) if trick < len(rnd.tricks) else {}
            choice = plays.get(seat)
            if view.bids[seat] is None and rnd.bids[seat] is not None:
                bids = list(view.bids)
                bids[seat] = rnd.bids[seat]  # a seat always knows its own bid
                view = replace(view, bids=tuple(bids))
        if choice is None:
            missing = True
            return None
        if rnd is target and can_advise(view):
            bid_made = choice if isinstance(choice, int) else None
            advice = advise(view, samples=samples, bid_made=bid_made)
            trick_no = len(view.round_tricks) if view.phase is Phase.PLAY else None
            notes.append(Note(seat, trick_no, choice, advice))
        return choice

    driver = GameDriver(
        game, lambda r: _deck(rounds[r - 1] if r - 1 <= index else None, seats)
    )
    driver.advance(lambda s, v: decide(s, v) if v.round_no <= target.round_no else None)
    return None if missing else RoundNotes(target.round_no, tuple(notes))


__all__ = ["REPLAY_SAMPLES", "Note", "RoundNotes", "round_notes"]
