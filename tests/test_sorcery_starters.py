"""The starter decks: legal on the real card file, written as SorceryComposer writes
them, and playable with their own elements."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.sorcery_support import real_card_file
from wizard_p2p.sorcery.cards import CardType, Element
from wizard_p2p.sorcery.decks import parse_code, read_code
from wizard_p2p.sorcery.starters import STARTERS, Starter, starter

NAMES = [s.name for s in STARTERS]


def test_starters_have_distinct_names_and_pairs_and_are_found_by_name() -> None:
    assert len(set(NAMES)) == len(NAMES) >= 3
    assert len({frozenset(s.elements) for s in STARTERS}) == len(STARTERS)
    covered = {e for s in STARTERS for e in s.elements}
    assert covered == set(Element) - {Element.ARCANE}
    for s in STARTERS:
        assert starter(s.name) is s
    assert starter("no-such-deck") is None


@pytest.mark.parametrize("deck", STARTERS, ids=NAMES)
def test_a_starter_code_reads_without_the_card_file(deck: Starter) -> None:
    assert len(parse_code(deck.code)) == 41


@pytest.mark.parametrize("deck", STARTERS, ids=NAMES)
def test_a_starter_is_legal_on_the_real_card_file_and_written_as_sorcerycomposer_writes(
    deck: Starter,
) -> None:
    read = read_code(deck.code, real_card_file()).check()
    assert read.code == deck.code
    assert read.hero.element is deck.elements[0]


@pytest.mark.parametrize("deck", STARTERS, ids=NAMES)
def test_a_starter_is_paid_by_its_own_elements_on_an_affordable_curve(deck: Starter) -> None:
    read = read_code(deck.code, real_card_file())
    own = {*deck.elements, Element.ARCANE}
    for card in read.main + read.skills:
        for amount in (card.cost, card.expense):
            assert all(amount[e] == 0 for e in Element if e not in own), card
    gained = {e for c in (read.hero, *read.main) for e in Element if c.gain[e]}
    assert set(deck.elements) <= gained | {Element.ARCANE}  # both elements come in
    curve = Counter(min(c.cost.total, 5) for c in read.main)
    assert curve[0] + curve[1] + curve[2] >= 15  # most of it playable in the first turns
    assert curve[5] <= 4
    producers = [c for c in read.main if c.gain and c.type is not CardType.SKILL]
    assert len(producers) >= 20
    assert any(c.power and "防御" in c.tag for c in read.skills)  # it can defend
    assert sum(bool(c.power and c.attack) for c in read.skills) >= 5  # and attack
