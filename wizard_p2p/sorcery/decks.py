"""Decks of 巫师牌 and their codes, exactly as SorceryComposer writes and reads them.

A deck code is card numbers separated by whitespace, in four groups separated by
``//``: ``HERO // MAIN... // SKILLS... // EXTRA...``. SorceryComposer writes each group
sorted by number, numbers joined by one space, groups by `` // `` (so a code whose extra
group is empty ends in ``// ``). Reading, it treats ``//`` as a space and places every
number by its card, not by the group it was written in: a hero (number starting with
4) is the hero; a third digit 0 is the extra deck (derived cards and a few special
ones); other skills go to the skill pool; creatures and items to the main deck. So
every deck's code reads back as that deck, and a code read and written again is the
code SorceryComposer would write for it.

Where SorceryComposer's reader is lenient (``parseInt`` takes ``401001,`` as 401001)
this one is strict: every word is six ASCII digits, or the code is refused.

The rules a deck is checked against (``Deck.violations``) are the seed's: one hero
(人物牌), 30 main-deck cards (伙伴牌 and 道具牌), 10 skills (技能池); a 传奇 card or a
skill at most once, any other card at most twice. The extra deck is outside the three
group counts. Its derived cards (衍生 in the tag) are outside the copy limits too; the
rest of it (a 传奇人类, a 秘技 skill) obeys them like any card of the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from wizard_p2p.errors import ConfigError, DecodeError
from wizard_p2p.sorcery.cardfile import CardDatabase
from wizard_p2p.sorcery.cards import Card, CardType

__all__ = [
    "HERO_COUNT",
    "MAIN_COUNT",
    "MAX_CODE_LENGTH",
    "SKILL_COUNT",
    "Deck",
    "DeckRule",
    "Group",
    "IllegalDeck",
    "Violation",
    "group_of",
    "parse_code",
    "read_code",
]

HERO_COUNT = 1
MAIN_COUNT = 30
SKILL_COUNT = 10
# A legal deck's code is about 300 characters; the limits leave room for a large extra
# deck and stop a pasted book from being split and looked up word by word.
MAX_CODE_LENGTH = 4096
MAX_CODE_NUMBERS = 200
_SEPARATOR = "//"


class Group(StrEnum):
    """The four groups of a deck, in the order a code writes them."""

    HERO = "hero"
    MAIN = "main"
    SKILLS = "skills"
    EXTRA = "extra"


class DeckRule(StrEnum):
    """The deck-building rules, each a stable name a refusal carries."""

    ONE_HERO = "one_hero"
    MAIN_SIZE = "main_size"
    SKILL_POOL_SIZE = "skill_pool_size"
    LEGENDARY_ONCE = "legendary_once"
    SKILL_ONCE = "skill_once"
    AT_MOST_TWICE = "at_most_twice"


def group_of(card: Card) -> Group:
    """The group SorceryComposer places ``card`` in, whatever group a code wrote it in."""
    if card.type is CardType.HERO:  # its number starts with 4: cards.py's type digit
        return Group.HERO
    if card.extra:
        return Group.EXTRA
    if card.type is CardType.SKILL:
        return Group.SKILLS
    return Group.MAIN


@dataclass(frozen=True, slots=True)
class Violation:
    """One deck-building rule broken: by ``cards`` (none for a count that is short)
    with ``count`` (the group's size, or the copies of the card)."""

    rule: DeckRule
    count: int
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        named = ", ".join(str(c) for c in self.cards)
        match self.rule:
            case DeckRule.ONE_HERO:
                held = f": {named}" if named else ""
                return (f"a deck has exactly {HERO_COUNT} hero (人物牌); "
                        f"this one has {self.count}{held}")
            case DeckRule.MAIN_SIZE:
                return (f"the main deck holds exactly {MAIN_COUNT} creatures and items "
                        f"(伙伴牌, 道具牌); this one holds {self.count}")
            case DeckRule.SKILL_POOL_SIZE:
                return (f"the skill pool (技能池) holds exactly {SKILL_COUNT} skills; "
                        f"this one holds {self.count}")
            case DeckRule.LEGENDARY_ONCE:
                return f"{named} is legendary (传奇): at most 1 copy, this deck has {self.count}"
            case DeckRule.SKILL_ONCE:
                return f"{named} is a skill: at most 1 copy, this deck has {self.count}"
            case DeckRule.AT_MOST_TWICE:
                return f"{named}: at most 2 copies, this deck has {self.count}"


class IllegalDeck(ConfigError):
    """A deck the rules refuse; ``violations`` names every card and rule broken."""

    def __init__(self, violations: tuple[Violation, ...]) -> None:
        super().__init__("; ".join(str(v) for v in violations))
        self.violations = violations
        self.rule = violations[0].rule.value


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck as its four groups, each sorted by number. It may break the rules:
    :meth:`violations` says how, :meth:`check` refuses it."""

    heroes: tuple[Card, ...]
    main: tuple[Card, ...]
    skills: tuple[Card, ...]
    extra: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        for group, cards in self.groups().items():
            if any(group_of(c) is not group for c in cards):
                raise ValueError(f"a card outside the {group} group: use Deck.of")
            if list(cards) != sorted(cards, key=_by_number):
                raise ValueError(f"the {group} group is not sorted by number: use Deck.of")

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Deck:
        """``cards`` placed each in its group, as SorceryComposer places them."""
        groups: dict[Group, list[Card]] = {g: [] for g in Group}
        for card in cards:
            groups[group_of(card)].append(card)
        heroes, main, skills, extra = (tuple(sorted(groups[g], key=_by_number)) for g in Group)
        return cls(heroes, main, skills, extra)

    def groups(self) -> dict[Group, tuple[Card, ...]]:
        return {Group.HERO: self.heroes, Group.MAIN: self.main, Group.SKILLS: self.skills,
                Group.EXTRA: self.extra}

    @property
    def hero(self) -> Card:
        """The deck's hero; a deck without exactly one is refused."""
        if len(self.heroes) != HERO_COUNT:
            raise IllegalDeck((self._hero_violation(),))
        return self.heroes[0]

    @property
    def code(self) -> str:
        """The deck code SorceryComposer writes for this deck."""
        return f" {_SEPARATOR} ".join(
            " ".join(c.number for c in cards) for cards in self.groups().values()
        )

    def violations(self) -> tuple[Violation, ...]:
        """Every rule this deck breaks, the counts first, then card by card in order."""
        found: list[Violation] = []
        if len(self.heroes) != HERO_COUNT:
            found.append(self._hero_violation())
        if len(self.main) != MAIN_COUNT:
            found.append(Violation(DeckRule.MAIN_SIZE, len(self.main)))
        if len(self.skills) != SKILL_COUNT:
            found.append(Violation(DeckRule.SKILL_POOL_SIZE, len(self.skills)))
        limited = tuple(c for c in self.extra if not c.derived)
        copies = Counter(self.heroes + self.main + self.skills + limited)
        for card, count in copies.items():
            rule = _copy_rule(card)
            if count > (1 if rule is not DeckRule.AT_MOST_TWICE else 2):
                found.append(Violation(rule, count, (card,)))
        return tuple(found)

    def check(self) -> Deck:
        """This deck, or :class:`IllegalDeck` naming every card and rule it breaks."""
        broken = self.violations()
        if broken:
            raise IllegalDeck(broken)
        return self

    def _hero_violation(self) -> Violation:
        return Violation(DeckRule.ONE_HERO, len(self.heroes), self.heroes)

    def __str__(self) -> str:
        """A one-line summary: the hero, the elements of the main deck and skills."""
        heroes = ", ".join(str(h) for h in self.heroes) or "no hero"
        elements = Counter(c.element.value for c in self.main + self.skills)
        spread = " ".join(f"{e}{n}" for e, n in elements.most_common())
        return (f"{heroes}; {len(self.main)} main, {len(self.skills)} skills, "
                f"{len(self.extra)} extra; elements {spread or '-'}")


def _by_number(card: Card) -> str:
    return card.number  # six digits, the first never 0: text order is number order


def _copy_rule(card: Card) -> DeckRule:
    if card.legendary:
        return DeckRule.LEGENDARY_ONCE
    if card.type is CardType.SKILL:
        return DeckRule.SKILL_ONCE
    return DeckRule.AT_MOST_TWICE


def parse_code(code: str) -> tuple[str, ...]:
    """The card numbers of a deck code, in its order, or :class:`DecodeError` saying
    what cannot be read."""
    if not isinstance(code, str):
        raise DecodeError("deck code: expected text")
    if len(code) > MAX_CODE_LENGTH:
        raise DecodeError(f"deck code: {len(code)} characters exceed the limit of "
                          f"{MAX_CODE_LENGTH}")
    words = code.replace(_SEPARATOR, " ").split()
    if not words:
        raise DecodeError("deck code: it holds no card number")
    if len(words) > MAX_CODE_NUMBERS:
        raise DecodeError(f"deck code: {len(words)} numbers exceed the limit of "
                          f"{MAX_CODE_NUMBERS}")
    for word in words:
        if not (len(word) == 6 and word.isascii() and word.isdigit()):
            shown = word if len(word) <= 12 else word[:12] + "…"
            raise DecodeError(f"deck code: {shown!r} is not a card number (six digits)")
    return tuple(words)


def read_code(code: str, cards: CardDatabase) -> Deck:
    """The deck a code describes, its cards looked up in ``cards``; a number the card
    file does not hold is a :class:`DecodeError` (the code cannot be read against it).
    The deck may still break the rules: see :meth:`Deck.check`."""
    found: list[Card] = []
    for number in parse_code(code):
        card = cards.get(number)
        if card is None:
            raise DecodeError(f"deck code: the card file holds no card numbered {number}")
        found.append(card)
    return Deck.of(found)
