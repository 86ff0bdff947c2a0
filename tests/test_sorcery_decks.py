"""Deck codes as SorceryComposer writes and reads them, and the deck-building rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.sorcery_support import card, real_card_file, small_pool
from wizard_p2p.errors import ConfigError, DecodeError
from wizard_p2p.sorcery.cards import Card, CardType
from wizard_p2p.sorcery.decks import (
    MAX_CODE_LENGTH,
    Deck,
    DeckRule,
    Group,
    IllegalDeck,
    group_of,
    parse_code,
    read_code,
)
from wizard_p2p.sorcery.starters import starter

POOL = small_pool()
HEROES = [c for c in POOL if group_of(c) is Group.HERO]
MAIN = [c for c in POOL if group_of(c) is Group.MAIN]
SKILLS = [c for c in POOL if group_of(c) is Group.SKILLS]
EXTRA = [c for c in POOL if group_of(c) is Group.EXTRA]


def legal_cards() -> list[Card]:
    plain = [c for c in MAIN if not c.legendary]
    return [HEROES[0], *(plain[:15] * 2), *SKILLS[:10], *EXTRA]


any_cards = st.lists(st.sampled_from(list(POOL)), max_size=60)


@given(st.lists(st.sampled_from(list(POOL)), min_size=1, max_size=60), st.randoms())
def test_any_deck_reads_back_from_its_code_whatever_the_order(
    cards: list[Card], rnd: object
) -> None:
    deck = Deck.of(cards)
    assert read_code(deck.code, POOL) == deck
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    # Placed by card, not by the group it was written in: any order, any grouping.
    assert read_code(" // ".join(c.number for c in shuffled), POOL) == deck
    assert read_code(deck.code, POOL).code == deck.code


@given(any_cards)
def test_a_code_is_written_as_sorcerycomposer_writes_it(cards: list[Card]) -> None:
    deck = Deck.of(cards)
    groups = deck.code.split(" // ")
    assert len(groups) == 4
    for written, group in zip(groups, Group, strict=True):
        numbers = written.split(" ") if written else []
        assert numbers == sorted(c.number for c in cards if group_of(c) is group)
        assert "" not in numbers  # one space between numbers, none doubled


def test_placing_follows_the_number_and_the_type() -> None:
    kinds = (CardType.HERO, CardType.CREATURE, CardType.ITEM, CardType.SKILL)
    hero, creature, item, skill = (card(t, 1) for t in kinds)
    derived_skill = card(CardType.SKILL, 1, extra=True)
    special_creature = card(CardType.CREATURE, 2, extra=True, tag="传奇人类")
    assert [group_of(c) for c in (hero, creature, item, skill, derived_skill, special_creature)] \
        == [Group.HERO, Group.MAIN, Group.MAIN, Group.SKILLS, Group.EXTRA, Group.EXTRA]


def test_a_legal_deck_has_no_violation_and_its_hero() -> None:
    deck = Deck.of(legal_cards()).check()
    assert deck.violations() == ()
    assert deck.hero == HEROES[0]
    assert "30 main, 10 skills, 2 extra" in str(deck)


def _replace(cards: list[Card], old: Card | None, new: Card | None) -> list[Card]:
    cards = list(cards)
    if old is not None:
        cards.remove(old)
    if new is not None:
        cards.append(new)
    return cards


@pytest.mark.parametrize(
    ("old", "new", "rule", "count"),
    [
        (HEROES[0], None, DeckRule.ONE_HERO, 0),
        (None, HEROES[1], DeckRule.ONE_HERO, 2),
        (MAIN[0], None, DeckRule.MAIN_SIZE, 29),
        (None, MAIN[0], DeckRule.MAIN_SIZE, 31),  # also MAIN[0]'s third copy
        (None, SKILLS[10], DeckRule.SKILL_POOL_SIZE, 11),
        (SKILLS[9], SKILLS[0], DeckRule.SKILL_ONCE, 2),
        (MAIN[1], MAIN[0], DeckRule.AT_MOST_TWICE, 3),
    ],
)
def test_each_rule_is_named_with_its_card(
    old: Card | None, new: Card | None, rule: DeckRule, count: int
) -> None:
    cards = _replace(legal_cards(), old, new)
    broken = Deck.of(cards).violations()
    assert (rule, count) == (broken[0].rule, broken[0].count)
    assert all(v.rule is DeckRule.AT_MOST_TWICE for v in broken[1:])
    with pytest.raises(IllegalDeck) as refused:
        Deck.of(cards).check()
    assert refused.value.rule == rule.value
    assert isinstance(refused.value, ConfigError)
    for v in broken:
        assert str(v) in str(refused.value)
        assert all(c.number in str(refused.value) for c in v.cards)


def test_a_legendary_card_is_allowed_once_and_extra_cards_are_outside_every_count() -> None:
    legend = next(c for c in MAIN if c.legendary)
    cards = legal_cards()
    cards.remove(MAIN[0])
    cards.append(legend)
    assert Deck.of(cards).violations() == ()
    cards.remove(MAIN[1])
    cards.append(legend)
    (broken,) = Deck.of(cards).violations()
    assert broken.rule is DeckRule.LEGENDARY_ONCE and broken.cards == (legend,)
    assert "传奇" in str(broken) and legend.number in str(broken)
    many_extra = [*legal_cards(), *(EXTRA * 5)]
    assert Deck.of(many_extra).violations() == ()


def test_only_derived_extra_cards_escape_the_copy_limits() -> None:
    special = card(CardType.CREATURE, 2, extra=True, tag="传奇人类")
    secret = card(CardType.SKILL, 2, extra=True, tag="秘技法术·飞弹")
    token = card(CardType.CREATURE, 3, extra=True, tag="衍生生物")
    assert not special.derived and not secret.derived and token.derived
    once = [*legal_cards(), special, secret, token, token, token]
    assert Deck.of(once).violations() == ()  # outside the counts of 30 and 10
    broken = Deck.of([*once, special, secret, secret]).violations()
    assert {(v.rule, v.count, v.cards) for v in broken} == {
        (DeckRule.LEGENDARY_ONCE, 2, (special,)), (DeckRule.SKILL_ONCE, 3, (secret,))}
    plain = card(CardType.ITEM, 4, extra=True, tag="特殊")
    (third,) = Deck.of([*legal_cards(), plain, plain, plain]).violations()
    assert (third.rule, third.count, third.cards) == (DeckRule.AT_MOST_TWICE, 3, (plain,))


def test_the_real_extra_deck_special_cards_obey_the_limits() -> None:
    db = real_card_file()
    code = starter("fire-earth").code  # type: ignore[union-attr]
    legal = read_code(code + " 100001 310002 140001 140001 140001", db)
    assert legal.violations() == ()
    broken = read_code(code + " 100001 100001 310002 310002 310002", db).violations()
    assert {(v.rule, v.count, v.cards[0].number) for v in broken} == {
        (DeckRule.LEGENDARY_ONCE, 2, "100001"), (DeckRule.SKILL_ONCE, 3, "310002")}


def test_every_broken_rule_is_named_not_only_the_first() -> None:
    cards = [HEROES[0], HEROES[1], MAIN[0], MAIN[0], MAIN[0], SKILLS[0], SKILLS[0]]
    rules = {v.rule for v in Deck.of(cards).violations()}
    assert rules == {DeckRule.ONE_HERO, DeckRule.MAIN_SIZE, DeckRule.SKILL_POOL_SIZE,
                     DeckRule.AT_MOST_TWICE, DeckRule.SKILL_ONCE}


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "no card number"),
        (" // // // ", "no card number"),
        ("401001 // 30100", "'30100' is not a card number"),
        ("401001 /// 301001", "'/' is not a card number"),
        ("401001, 301001", "'401001,'"),
        ("４０１００１", "is not a card number"),
        ("401001 " * 201, "exceed the limit of 200"),
        ("4" * (MAX_CODE_LENGTH + 1), "characters exceed"),
    ],
)
def test_a_code_that_cannot_be_read_is_refused_saying_why(code: str, words: str) -> None:
    with pytest.raises(DecodeError, match=words):
        parse_code(code)


def test_a_number_the_card_file_lacks_is_refused() -> None:
    with pytest.raises(DecodeError, match="no card numbered 499999"):
        read_code("499999 // 111001", POOL)


@given(st.text(max_size=300))
def test_any_text_reads_or_is_refused_never_raises_anything_else(text: str) -> None:
    try:
        numbers = parse_code(text)
    except DecodeError:
        return
    assert all(len(n) == 6 and n.isdigit() for n in numbers)


@given(st.lists(st.sampled_from(list(POOL)), min_size=1, max_size=40),
       st.lists(st.sampled_from(["\t", "  ", "\n", "\u3000", " // ", "//"]), min_size=1))
def test_whitespace_and_separators_do_not_matter(cards: list[Card], gaps: list[str]) -> None:
    code = ""
    for i, c in enumerate(cards):
        code += c.number + gaps[i % len(gaps)]
    assert read_code(code, POOL) == Deck.of(cards)


def test_a_deck_must_be_built_by_its_groups() -> None:
    with pytest.raises(ValueError, match="outside the main"):
        Deck(heroes=(), main=(SKILLS[0],), skills=())
    with pytest.raises(IllegalDeck, match="exactly 1 hero"):
        _ = Deck.of(MAIN).hero


def test_a_code_of_the_real_card_file_round_trips() -> None:
    db = real_card_file()
    every = list(db)
    for start in range(0, len(every), 100):
        deck = Deck.of(every[start : start + 100])
        assert read_code(deck.code, db) == deck
        assert all(c.number[2] == "0" for c in deck.extra)
        assert all(c.type is CardType.HERO for c in deck.heroes)
