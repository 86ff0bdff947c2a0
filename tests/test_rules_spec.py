"""``protocol/RULES.md`` and the details of ``protocol/SPEC.md`` pinned against the code.

Each rule is written here a second time, straight from the document's words and
independently of ``wizard_p2p.rules``, and compared with the engine on random
tricks, hands and whole games: the document is the contract another
implementation is built from, so where it and the engine part ways, one of them
is wrong. Some SPEC details that the code computes rather than states (the
signature's suffix, the size limit, the first dealer's context) are recomputed
here from the text with the standard library.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tools import gen_vectors
from wizard_p2p.disk.log import read_log
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol import messages as m
from wizard_p2p.rules import (
    DECK,
    Bid,
    Card,
    Deal,
    Game,
    GameConfig,
    Phase,
    Play,
    Suit,
    deal_from_deck,
    legal_cards,
    score,
    trick_winner,
)

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / gen_vectors.GOLDEN_DIR
SUIT_LETTERS = "BGRY"

# --- the rules as RULES.md words them -----------------------------------------------------


def doc_index(text: str) -> int:
    """RULES.md §1: 13·i + rank − 1 for suit cards, 51 + c for Zc, 55 + c for Nc."""
    letter, number = text[0], int(text[1:])
    if letter == "Z":
        return 51 + number
    if letter == "N":
        return 55 + number
    return 13 * SUIT_LETTERS.index(letter) + number - 1


def doc_suit_to_follow(trick: Sequence[Card], house_rule: bool) -> Suit | None:
    """RULES.md §6, "Follow suit", lines 1 and 2."""
    not_jesters = [(k, card) for k, card in enumerate(trick) if not card.is_jester]
    if not not_jesters:
        return None
    k, first = not_jesters[0]
    if first.is_suit_card:
        return first.suit
    if k > 0 or not house_rule:
        return None
    return next((card.suit for card in trick[1:] if card.is_suit_card), None)


def doc_legal(hand: Sequence[Card], trick: Sequence[Card], house_rule: bool) -> list[Card]:
    """RULES.md §6, "Legal cards"."""
    follow = doc_suit_to_follow(trick, house_rule)
    if follow is None or not any(card.suit is follow for card in hand):
        return list(hand)
    return [card for card in hand if card.suit is follow or not card.is_suit_card]


def doc_winner(trick: Sequence[Card], trump: Suit | None) -> int:
    """RULES.md §7, rules 1 to 4."""
    wizards = [i for i, card in enumerate(trick) if card.is_wizard]
    if wizards:
        return wizards[0]
    if all(card.is_jester for card in trick):
        return 0
    trumps = [i for i, card in enumerate(trick) if card.is_suit_card and card.suit is trump]
    if trumps:
        return max(trumps, key=lambda i: trick[i].rank)
    led = next(card.suit for card in trick if card.is_suit_card)
    return max((i for i, c in enumerate(trick) if c.suit is led), key=lambda i: trick[i].rank)


def doc_points(bid: int, taken: int) -> int:
    """RULES.md §8."""
    return 20 + 10 * taken if bid == taken else -10 * abs(bid - taken)


# --- cards, rounds, scoring ---------------------------------------------------------------


def test_card_encoding() -> None:
    assert [doc_index(str(card)) for card in DECK] == list(range(60))
    assert [card.index for card in DECK] == list(range(60))
    assert [str(DECK[i]) for i in (0, 12, 13, 51, 52, 55, 56, 59)] == [
        "B1", "B13", "G1", "Y13", "Z1", "Z4", "N1", "N4",
    ]


@pytest.mark.parametrize(("seats", "rounds"), [(3, 20), (4, 15), (5, 12), (6, 10)])
def test_rounds_per_seat_count(seats: int, rounds: int) -> None:
    assert GameConfig(seats=seats).rounds == rounds


@given(st.integers(0, 20), st.integers(0, 20))
def test_scoring(bid: int, taken: int) -> None:
    assert score(bid, taken, GameConfig(seats=4)) == doc_points(bid, taken)


# --- one trick ----------------------------------------------------------------------------

cards_drawn = st.lists(st.sampled_from(DECK), min_size=2, max_size=26, unique=True)


@given(cards_drawn, st.integers(0, 5), st.booleans())
def test_follow_suit_as_written(cards: list[Card], played: int, house_rule: bool) -> None:
    trick, hand = cards[: min(played, len(cards) - 1)], cards[min(played, len(cards) - 1) :]
    assert legal_cards(hand, trick, GameConfig(4, wizard_lead_sets_suit=house_rule)) == doc_legal(
        hand, trick, house_rule
    )


@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True),
       st.sampled_from([None, *Suit]))
def test_trick_winner_as_written(trick: list[Card], trump: Suit | None) -> None:
    assert trick_winner(trick, trump, GameConfig(seats=6)) == doc_winner(trick, trump)


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(
    ("trick", "house_rule", "follow"),
    [
        ("N1 Z1", True, None),  # a Jester lead followed by a Wizard: free, house rule or not
        ("N1 Z1", False, None),
        ("N1 G3", True, Suit.ELVES),  # a Jester lead: the first suit card sets the suit
        ("N1 N2 R9", False, Suit.DWARVES),
        ("Z1 N1 N2", True, None),  # a Wizard lead followed by Jesters: still free
        ("Z1 N1 B4", True, Suit.HUMANS),  # ... until a suit card sets the suit
        ("Z1 Z2 Y7", True, Suit.GIANTS),  # later Wizards set nothing
        ("Z1 N1 B4", False, None),  # without the house rule a Wizard lead leaves it free
        ("B2 Z1", True, Suit.HUMANS),  # a Wizard after a suit card changes nothing
    ],
)
def test_follow_suit_cases_named_in_the_rules(
    trick: str, house_rule: bool, follow: Suit | None
) -> None:
    cards = [c(t) for t in trick.split()]
    assert doc_suit_to_follow(cards, house_rule) is follow
    hand = [c("B13"), c("G13"), c("R13"), c("Y13"), c("Z4"), c("N4")]
    allowed = legal_cards(hand, cards, GameConfig(4, wizard_lead_sets_suit=house_rule))
    if follow is None:
        assert allowed == hand
    else:
        assert allowed == [card for card in hand if card.suit in (follow, None)]


# --- whole games --------------------------------------------------------------------------


def play_game(config: GameConfig, first_dealer: int, rng: random.Random) -> Game:
    """A game with random legal choices, checked against RULES.md §2-§9 as it goes."""
    game = Game(config, first_dealer=first_dealer)
    n = config.seats
    while not game.is_over:
        r = game.round_no
        assert game.phase is Phase.DEAL
        assert game.dealer == (first_dealer + r - 1) % n  # §3
        deck = list(DECK)
        rng.shuffle(deck)
        deal = deal_from_deck(deck, n, r, game.dealer)
        assert all(
            deal.hands[(game.dealer + 1 + p) % n][p // n] is deck[p] for p in range(r * n)
        )
        assert deal.turned is (deck[r * n] if r * n < 60 else None)  # §4
        game.apply(deal)
        hands = [list(hand or ()) for hand in deal.hands]
        if deal.turned is not None and deal.turned.is_wizard:
            assert game.phase is Phase.CHOOSE_TRUMP and game.to_move == game.dealer
            game.apply(rng.choice(game.legal_actions()))
        if deal.turned is None or deal.turned.is_jester:
            assert game.trump is None
        elif deal.turned.is_suit_card:
            assert game.trump is deal.turned.suit
        else:
            assert game.trump is not None  # named by the dealer
        bids: list[int] = []
        for k in range(n):  # §5: from left of the dealer, the dealer last
            seat = (game.dealer + 1 + k) % n
            assert game.phase is Phase.BID and game.to_move == seat
            others = sum(bids)
            forbidden = (
                {r - others} if config.plus_minus_one and k == n - 1 and others <= r else set()
            )
            assert game.legal_bids() == [b for b in range(r + 1) if b not in forbidden]
            bid = rng.choice(game.legal_bids())
            bids.append(bid)
            game.apply(Bid(seat, bid))
        if config.plus_minus_one:
            assert sum(bids) != r
        trump = game.trump
        leader = (game.dealer + 1) % n  # §6: left of the dealer leads the first trick
        for _ in range(r):
            trick: list[Card] = []
            for k in range(n):
                seat = (leader + k) % n
                assert game.to_move == seat
                legal = doc_legal(hands[seat], trick, config.wizard_lead_sets_suit)
                assert sorted(c.index for c in game.legal_plays()) == sorted(
                    c.index for c in legal
                )
                card = rng.choice(legal)
                hands[seat].remove(card)
                trick.append(card)
                game.apply(Play(seat, card))
            leader = (leader + doc_winner(trick, trump)) % n  # §6: the winner leads next
        row = game.history[-1]
        by_seat = tuple(bids[(s - row.dealer - 1) % n] for s in range(n))
        assert row.dealer == (first_dealer + r - 1) % n
        assert row.round_no == r and row.bids == by_seat and row.trump is trump
        winners = [(t.leader + doc_winner(t.cards, row.trump)) % n for t in row.tricks]
        assert [t.winner for t in row.tricks] == winners
        assert row.taken == tuple(winners.count(s) for s in range(n))
        assert row.points == tuple(
            doc_points(b, t) for b, t in zip(by_seat, row.taken, strict=True)
        )
    return game


@settings(max_examples=8)
@given(
    st.integers(3, 6),
    st.data(),
    st.booleans(),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_whole_games_follow_the_rules_as_written(
    seats: int, data: st.DataObject, plus_minus_one: bool, house_rule: bool, rng: random.Random
) -> None:
    config = GameConfig(
        seats=seats, plus_minus_one=plus_minus_one, wizard_lead_sets_suit=house_rule
    )
    first_dealer = data.draw(st.integers(0, seats - 1))
    game = play_game(config, first_dealer, rng)
    assert len(game.history) == 60 // seats  # §2
    totals = [sum(row.points[s] for row in game.history) for s in range(seats)]
    assert list(game.totals) == totals
    standings = game.standings()  # §9
    assert list(standings.winners) == [s for s in range(seats) if totals[s] == max(totals)]
    assert list(standings.order) == sorted(range(seats), key=lambda s: (-totals[s], s))


def test_trump_cases() -> None:
    """RULES.md §4: a Jester turned gives no trump; a Wizard makes the dealer name it."""
    for turned, phase in (("N1", Phase.BID), ("Z1", Phase.CHOOSE_TRUMP), ("G5", Phase.BID)):
        game = Game(GameConfig(seats=3), first_dealer=1)
        rest = [card for card in DECK if str(card) != turned]
        game.apply(Deal(((rest[0],), (rest[1],), (rest[2],)), c(turned)))
        assert game.phase is phase
        assert game.trump is (Suit.ELVES if turned == "G5" else None)
        assert game.to_move == (1 if phase is Phase.CHOOSE_TRUMP else 2)


# --- SPEC details -------------------------------------------------------------------------


def test_signature_suffix_and_size_limit() -> None:
    """SPEC §2.1: a 138-byte suffix; the 65 536-byte limit counts the whole line."""
    line = read_log(GOLDEN / "game.jsonl")[1]
    suffix = line[-138:]
    assert suffix[:8] == b',"sig":"' and suffix[-2:] == b'"}' and len(suffix[8:-2]) == 128
    signed, signature = m.split_signature(line)
    assert signed == line[:-138] + b"}" and signature.hex().encode() == suffix[8:-2]
    assert json.loads(signed) == {k: v for k, v in json.loads(line).items() if k != "sig"}
    too_long = b"x" * (m.MAX_ENTRY_BYTES - len(suffix) + 1) + suffix
    with pytest.raises(DecodeError, match="exceeds"):
        m.split_signature(too_long)
    at_limit = b"{" + b"x" * (m.MAX_ENTRY_BYTES - len(suffix) - 1) + suffix
    assert len(at_limit) == m.MAX_ENTRY_BYTES
    assert m.split_signature(at_limit)[1] == signature


def test_first_dealer_from_the_coins_as_written() -> None:
    """SPEC §3.3: the joint random index over the coins, with the game id as context."""
    lines = read_log(GOLDEN / "game.jsonl")
    game_id = hashlib.sha256(lines[0]).digest()
    seats = len(json.loads(lines[0])["body"]["terms"]["players"])
    coins = [json.loads(line) for line in lines[1 : 1 + seats]]
    assert [entry["kind"] for entry in coins] == ["coin"] * seats
    ikm = b"".join(
        len(v).to_bytes(4, "big") + v for v in (bytes.fromhex(e["body"]["value"]) for e in coins)
    )
    prk = hmac.new(b"wizard-p2p/v1/mental", ikm, hashlib.sha512).digest()

    def block(i: int) -> bytes:  # HKDF-Expand, one 64-byte block
        info = b"joint-random\x00" + i.to_bytes(4, "big") + bytes(4) + game_id
        return hmac.new(prk, info + b"\x01", hashlib.sha512).digest()

    words = (
        int.from_bytes(block(i)[j : j + 4], "big") for i in range(1000) for j in range(0, 64, 4)
    )
    limit = 2**32 - 2**32 % seats
    dealer = next(w % seats for w in words if w < limit)
    audit = json.loads((GOLDEN / "audit.json").read_text())
    assert audit["rounds"][0]["dealer"] == dealer
