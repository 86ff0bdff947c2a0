"""A watcher holds the log and nothing else: it reads no hidden card before the round ends.

An observer table fed a game's log in the middle of a round (with the clairvoyance
round, whose keys are sealed to the seats, as the first) knows only the cards the
table sees (the turned card, the cards played); its public view shows no hand.
Once the round is over and its secrets are revealed, it knows every card dealt.
"""

from __future__ import annotations

import pytest

from tests.protocol_support import new_game
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import Phase, public_view
from wizard_p2p.tables.wizard.table import WizardTable


def _observer(lines: list[bytes]) -> Table:
    table = WizardTable(lines[0], replay_every_pass=True)
    for line in lines[1:]:
        table.receive(line)
    return table


@pytest.mark.parametrize(
    ("variants", "round_no", "tricks"),
    [(("clairvoyance",), 1, 0), (("secret_bids",), 3, 1), ((), 3, 2)],
)
def test_a_watcher_reads_no_hidden_card_mid_round(
    variants: tuple[str, ...], round_no: int, tricks: int
) -> None:
    game = new_game(3, *variants, seed=7)
    seat = game.tables[0]

    def mid_round() -> bool:
        now = seat.game
        return (
            now is not None and now.round_no == round_no and now.phase is Phase.PLAY
            and len(now.round_tricks) == tricks
        )

    assert game.run(until=mid_round) is not None
    assert mid_round()
    watcher = _observer(list(seat.log))
    rnd, seen = watcher.round, watcher.game
    assert rnd is not None and seen is not None and rnd.round_no == round_no
    played = {card for trick in seen.round_tricks for _, card in trick.plays}
    played |= {card for _, card in seen.trick}
    known = set(rnd.cards.values()) - ({seen.turned} if seen.turned else set())
    assert known == played  # every other card dealt is unknown to the watcher
    hidden = [p for s in range(3) for p in rnd.positions_of(s) if p not in rnd.cards]
    assert len(hidden) == 3 * round_no - len(played) > 0
    view = public_view(seen)
    assert view.hand is None and all(h is None for h in view.others_hands)
    # Every card hidden from the watcher is read by some seat (its owner, or in the
    # clairvoyance round the others).
    read = set().union(*(set(t.round.cards) for t in game.tables if t.round is not None))
    assert set(hidden) <= read

    # The round ends, its secrets come out: the watcher then knows every card dealt.
    game.run(until=lambda: seat.completed_rounds >= round_no)
    after = _observer(list(seat.log))
    assert after.game is not None and after.completed_rounds >= round_no
    tricks_played = after.game.history[round_no - 1].tricks
    assert sum(len(t.plays) for t in tricks_played) == 3 * round_no
