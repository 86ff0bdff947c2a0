"""The bot takes the look its card allows (预见 and its kin): at the table through the
replica's public methods (a ``look`` entry, then the cards it takes and the order of
the rest once it sees them), and in a game that knows every card at once; the games
end verified."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests import sorcery_cards as fx
from tests.sorcery_replica_support import MemoryTable, cards_of, legal, replay
from wizard_p2p.bots.sorcery import SorceryBot
from wizard_p2p.errors import IllegalAction
from wizard_p2p.sorcery.actions import MoveCard, Mulligan, Summon, Zone
from wizard_p2p.sorcery.cards import CardType
from wizard_p2p.sorcery.game import Decklist, Game
from wizard_p2p.sorcery.grid import CELLS
from wizard_p2p.tables.sorcery.kinds import SorceryKind

SEER = fx.card("111901", "seer", CardType.CREATURE, fx.E.FIRE,
               text="入场：查看牌堆顶3张牌并抽取1张，其余按任意顺序置于牌堆顶或牌堆底",
               cost=fx.els(), gain=fx.els(fire=1), life=1)
GAZER = fx.card("121902", "gazer", CardType.CREATURE, fx.E.WATER,
                text="入场：查看牌堆顶2张牌，将其置于牌堆顶或牌堆底",
                cost=fx.els(), gain=fx.els(water=1), life=1)


def seer_decks() -> tuple[Decklist, Decklist]:
    """The test decks, each with two copies of a creature whose entry is a look."""
    decks = []
    for deck, serials, looker in ((fx.fire_deck(), 700, SEER), (fx.water_deck(), 800, GAZER)):
        d = legal(deck, serials)
        main = list(d.main)
        for i in (0, 1):
            main[i] = looker
        decks.append(dataclasses.replace(d, main=tuple(main)))
    return decks[0], decks[1]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_bot_looks_at_the_table_when_its_card_allows(seed: int) -> None:
    decks = seer_decks()
    t = MemoryTable(seed, decks=decks, cards=cards_of(decks))
    t.play()
    assert t.watcher.outcome is not None
    assert t.watcher.outcome == t.seats[0].outcome == t.seats[1].outcome
    looks = [i for i, e in enumerate(t.log) if e.kind == SorceryKind.LOOK]
    assert looks, "no look was taken"
    arranged = [e for e in t.log if e.kind == SorceryKind.ARRANGED]
    # The seer (seat of the fire deck) takes one card of three; the gazer takes none.
    assert any(len(e.body["message"]["taken"]) == 1 for e in arranged) or all(
        t.log[i].seat != _fire_seat(t) for i in looks)
    for viewer in (None, 0, 1):
        assert replay(t, t.log, viewer).outcome == t.watcher.outcome


def _fire_seat(t: MemoryTable) -> int:
    return 0 if t.decks[0].hero.element is fx.E.FIRE else 1


def _seer_summoned(looker: object) -> tuple[Game, int]:
    """A game that knows every card, player 0 having just summoned ``looker`` (its two
    copies on top of the deck are in the opening hand)."""
    decks = seer_decks()
    game = Game.start(decks, 0, [range(len(d.main)) for d in decks])
    game.apply(Mulligan(0))
    game.apply(Mulligan(1))
    pid = next(p for p in game.sides[0].hand if game.pieces[p].card == looker)
    for cell in CELLS:
        try:
            game.apply(Summon(0, pid, cell))
        except IllegalAction:
            continue
        return game, pid
    raise AssertionError("the looker could not be summoned")


def test_in_a_game_that_knows_the_deck_the_bot_takes_the_dearest_of_the_top() -> None:
    decks = seer_decks()
    game, _ = _seer_summoned(decks[0].main[0])
    top = list(game.sides[0].deck[:3])
    cost = {pid: game.pieces[pid].card.cost.total for pid in top}
    action = SorceryBot(random.Random(0)).decide(game, 0)
    assert action == MoveCard(0, max(top, key=lambda p: cost[p]), Zone.HAND)


def test_a_look_given_up_is_not_asked_again() -> None:
    decks = seer_decks()
    game, _ = _seer_summoned(decks[0].main[0])
    bot = SorceryBot(random.Random(0))
    assert isinstance(bot.decide(game, 0), MoveCard)
    bot.decline(game)
    again = bot.decide(game, 0)
    assert not (isinstance(again, MoveCard) and game.pieces[again.piece].zone is Zone.DECK)
