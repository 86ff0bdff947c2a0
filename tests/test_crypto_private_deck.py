"""The two-party private deck (CRYPTO.md §13): any deck, any sequence of draws, plays,
looks, searches and cards put back gives the owner exactly its cards, in the order the
shuffles and its own choices made; the other and a watcher hold no byte that opens a
card not shown to them; the end's checks pass and name nobody."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.deck_support import Table, master
from wizard_p2p.crypto import group
from wizard_p2p.crypto.deck_audit import DeckAudit
from wizard_p2p.crypto.deck_faults import NotYourMove, WrongRequest
from wizard_p2p.crypto.deck_messages import Address, Purpose, Role
from wizard_p2p.crypto.deck_points import (
    copy_numbers,
    copy_point,
    deck_context,
    deck_secret,
    epoch_keys,
)
from wizard_p2p.crypto.private_deck import CardsRead, DeckEnded, Stage
from wizard_p2p.crypto.reading import unlock

CARDS = [b"101001", b"101002", b"201001", b"203004", b"300101"]

decks = st.lists(st.sampled_from(CARDS), min_size=1, max_size=9)

# One request of the game, drawn as numbers the test maps onto what is possible.
operations = st.lists(
    st.tuples(
        st.sampled_from(["draw", "open", "put_back", "look", "search", "shuffle", "place"]),
        st.integers(0, 20),
        st.integers(0, 20),
        st.randoms(use_true_random=False),
    ),
    max_size=7,
)


def _ended(table: Table) -> DeckAudit:
    table.end()
    ends = [e for e in table.events[Role.OBSERVER] if isinstance(e, DeckEnded)]
    assert table.owner.stage is table.other.stage is table.watcher.stage is Stage.ENDED
    assert len(ends) == 1
    return ends[0].audit


def _play(table: Table, ops: list) -> dict[Address, tuple[bytes, int]]:
    """Carry the operations out; returns every card the owner read, by address, and
    checks on the way that an arrangement puts each card where the owner chose."""
    owner = table.owner
    read: dict[Address, tuple[bytes, int]] = {}
    table.set_up()
    for op, a, b, rnd in ops:
        before = len(table.events[Role.OWNER])
        if op == "draw" and owner.deck:
            table.seal(Purpose.DRAW, 1 + a % len(owner.deck))
        elif op == "open" and owner.hand:
            table.send(owner, owner.open(owner.hand[a % len(owner.hand)]))
        elif op == "put_back" and owner.hand:
            back = rnd.sample(owner.hand, 1 + a % len(owner.hand))
            table.send(owner, owner.put_back(back))
            table.run_epoch()
        elif op == "look" and owner.deck:
            table.seal(Purpose.LOOK, 1 + a % len(owner.deck))
            looked = [owner.card_at(x) for x in owner.looking]
            taken = rnd.sample(range(len(looked)), b % (len(looked) + 1))
            rest = [c for i, c in enumerate(looked) if i not in taken]
            order = rnd.sample(range(len(rest)), len(rest))
            bottom = rnd.randint(0, len(rest))
            below = len(owner.deck)
            table.send(owner, owner.arrange(taken, order, bottom))
            table.run_epoch()
            placed = owner.deck[: len(rest) - bottom] + owner.deck[len(owner.deck) - bottom :]
            assert len(owner.deck) == below + len(rest)
            table.expected.update(
                {address: rest[order[i]] for i, address in enumerate(placed)}
            )
        elif op == "shuffle" and owner.deck:
            table.send(owner, owner.put_back(()))
            table.run_epoch()
        elif op == "place" and (owner.hand or set(owner.opened) - table.placed_back):
            placeable = [*owner.hand, *sorted(set(owner.opened) - table.placed_back)]
            chosen = rnd.sample(placeable, 1 + a % len(placeable))
            cards = [owner.card_at(x) for x in chosen]
            bottom = b % (len(chosen) + 1)
            below = len(owner.deck)
            table.send(owner, owner.place(chosen, bottom))
            table.placed_back |= set(chosen) & set(owner.opened)
            table.run_epoch()
            top = len(chosen) - bottom
            placed = owner.deck[:top] + owner.deck[len(owner.deck) - bottom:]
            assert len(owner.deck) == below + len(chosen)
            table.expected.update(zip(placed, cards, strict=True))
        elif op == "search" and owner.deck:
            table.seal(Purpose.SEARCH)
            taken = [a % len(owner.looking)] if b % 2 else []
            table.send(owner, owner.arrange(taken))
            table.run_epoch()
        for event in table.events[Role.OWNER][before:]:
            if isinstance(event, CardsRead):
                read.update(zip(event.addresses, event.cards, strict=True))
    return read


def _check_bytes_held(table: Table) -> None:
    """Nothing the other or the watcher received holds, in the clear, a copy point of a
    card not opened or the owner's key of an address not opened; and the other's own keys
    with all it received open no address it was not shown."""
    owner = table.owner
    copies = copy_numbers(table.main)
    hidden_points = {
        copy_point(c, n) for c, n in zip(table.main, copies, strict=True)
    } - {copy_point(*card) for card in owner.opened.values()}
    owner_secret = deck_secret(master("owner"), table.other.game_id, 0, 0)
    other_secret = deck_secret(master("other"), table.other.game_id, 0, 1)
    secrets = {owner_secret, master("owner")}
    hidden_keys = set()
    for epoch in owner.record.epochs:
        if not epoch.done:
            continue
        keys = epoch_keys(owner_secret, deck_context(owner.game_id, 0, 0, epoch.number),
                          epoch.size)
        hidden_keys |= {
            k for i, k in enumerate(keys.lock_keys)
            if Address(epoch.number, i) not in owner.opened
        }
    for role in (Role.OTHER, Role.OBSERVER):
        held = b"".join(table.wire[role])
        for secret in (*hidden_points, *hidden_keys, *secrets):
            assert secret.hex().encode() not in held
    # The owner's own key alone leaves every address never sealed to it under the
    # other's key: it cannot read a card of its deck before it is drawn or looked at.
    sealed = {a for box in owner.record.boxes for a in box.addresses}
    initial = {copy_point(c, n) for c, n in zip(table.main, copies, strict=True)}
    for epoch in owner.record.epochs:
        if not epoch.done:
            continue
        keys = epoch_keys(owner_secret, deck_context(owner.game_id, 0, 0, epoch.number),
                          epoch.size)
        for i, point in enumerate(epoch.passes[3]):
            if Address(epoch.number, i) not in sealed:
                assert unlock(point, (keys.lock_keys[i],)) not in initial
    # The other's own key alone leaves every hidden address under the owner's key.
    for epoch in owner.record.epochs:
        if not epoch.done:
            continue
        keys = epoch_keys(other_secret, deck_context(owner.game_id, 0, 1, epoch.number),
                          epoch.size)
        for i, point in enumerate(epoch.passes[3]):
            if Address(epoch.number, i) not in owner.opened:
                assert unlock(point, (keys.lock_keys[i],)) not in hidden_points


@settings(max_examples=25)
@given(main=decks, ops=operations)
def test_any_sequence_gives_the_owner_its_own_cards_and_the_other_nothing_more(
    main: list[bytes], ops: list
) -> None:
    table = Table(main)
    read = _play(table, ops)
    owner, other, watcher = table.owner, table.other, table.watcher
    # Every card is in exactly one place, and the places hold the list.
    for deck in (owner, other, watcher):
        assert deck.deck == owner.deck and deck.hand == owner.hand
        assert deck.opened == owner.opened
    in_hand = Counter(owner.card_at(a) for a in owner.hand)
    shown = Counter(c for a, c in owner.opened.items() if a not in table.placed_back)
    assert len(owner.deck) + sum(in_hand.values()) + sum(shown.values()) == len(main)
    # The other and the watcher know the opened cards, and no other.
    for party in (other, watcher):
        for address in owner.hand + owner.deck:
            with pytest.raises(WrongRequest):
                party.card_at(address)
    _check_bytes_held(table)
    audit = _ended(table)
    assert table.faults == {}
    assert audit.main == tuple(main)
    # What the owner read is what was there; each epoch holds the cards of its entries;
    # an arrangement put each card where the owner chose.
    for address, card in read.items():
        assert audit.cards[address] == card
    for address, card in table.expected.items():
        assert audit.cards[address] == card
    copies = copy_numbers(main)
    for epoch in owner.record.epochs:
        entries = Counter(
            audit.cards[e] if isinstance(e, Address) else (main[e], copies[e])
            for e in epoch.entries
        )
        outputs = Counter(audit.cards[Address(epoch.number, i)] for i in range(epoch.size))
        assert entries == outputs
    for address, card in owner.opened.items():
        assert audit.cards[address] == card
    remaining = Counter(audit.cards[a] for a in owner.deck)
    assert remaining + in_hand + shown == Counter(zip(main, copies, strict=True))


def test_the_mulligan_puts_four_back_reshuffled_by_both_and_draws_four() -> None:
    main = [CARDS[i % len(CARDS)] for i in range(30)]
    table = Table(main)
    table.set_up()
    table.seal(Purpose.DRAW, 4)
    first = list(table.owner.hand)
    table.send(table.owner, table.owner.put_back(first))
    assert table.owner.stage is Stage.ENCRYPT and table.owner.hand == ()
    table.run_epoch()
    assert len(table.owner.deck) == 30 and table.owner.record.epochs[-1].size == 30
    table.seal(Purpose.DRAW, 4)
    assert len(table.owner.hand) == 4 and all(a.epoch == 1 for a in table.owner.hand)
    audit = _ended(table)
    assert sorted(audit.cards[a] for a in table.owner.deck + table.owner.hand) == sorted(
        zip(main, copy_numbers(main), strict=True)
    )


def test_a_rebuilt_party_writes_the_same_messages_again() -> None:
    table = Table(list(CARDS))
    table.set_up()
    table.seal(Purpose.LOOK, 3)
    table.send(table.owner, table.owner.arrange([0], [1, 0], 1))
    table.run_epoch()
    table.seal(Purpose.DRAW, 2)
    rebuilt = Table(list(CARDS))
    for seat, message in table.log:
        for deck in (rebuilt.owner, rebuilt.other):
            deck.receive(seat, message)
    assert rebuilt.owner.hand == table.owner.hand
    assert [rebuilt.owner.card_at(a) for a in rebuilt.owner.hand] == [
        table.owner.card_at(a) for a in table.owner.hand
    ]
    assert rebuilt.owner.open(rebuilt.owner.hand[0]) == table.owner.open(table.owner.hand[0])
    assert rebuilt.other.seal(Purpose.DRAW) == table.other.seal(Purpose.DRAW)


def test_the_owner_reads_its_arrangement_back_and_no_one_else_can() -> None:
    table = Table(list(CARDS))
    table.set_up()
    with pytest.raises(NotYourMove):
        table.owner.arranged_order()  # the last epoch is the set-up
    table.seal(Purpose.LOOK, 4)
    table.send(table.owner, table.owner.arrange([], [2, 0, 3, 1], 1))
    table.run_epoch()
    rebuilt = Table(list(CARDS))
    for seat, message in table.log:
        for deck in (rebuilt.owner, rebuilt.other):
            deck.receive(seat, message)
    assert table.owner.arranged_order() == rebuilt.owner.arranged_order() == (2, 0, 3, 1)
    with pytest.raises(NotYourMove):
        table.other.arranged_order()


def test_requests_out_of_turn_are_our_misuse() -> None:
    table = Table(list(CARDS))
    with pytest.raises(NotYourMove):
        table.other.greet()  # the owner commits first
    with pytest.raises(NotYourMove):
        table.other.commit()  # the owner's to write
    table.set_up()
    with pytest.raises(NotYourMove):
        table.owner.seal(Purpose.DRAW)
    with pytest.raises(WrongRequest):
        table.other.seal(Purpose.DRAW, 99)
    with pytest.raises(WrongRequest):
        table.owner.open(Address(0, 0))  # not in the hand
    with pytest.raises(NotYourMove):
        table.watcher.reveal()


def test_points_of_copies_differ_and_are_valid() -> None:
    points = {copy_point(b"101001", n) for n in range(8)}
    assert len(points) == 8 and all(group.is_valid_point(p) for p in points)
