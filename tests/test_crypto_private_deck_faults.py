"""Every step of a private deck tampered with is caught, and the cheat's author named: by
the honest player at once where it can tell, and by anyone holding the log at the end
(CRYPTO.md §13.5, §13.6, §13.12)."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.deck_support import DOMAIN, GAME_ID, OTHER, OWNER, Table, master, others_reveal
from wizard_p2p.crypto import group
from wizard_p2p.crypto.deck_faults import (
    BadBoxKey,
    BadChoice,
    BrokenCommitment,
    DeckFault,
    ForeignCard,
    IllegalList,
    MalformedPass,
    OutOfTurn,
    UnopenableBox,
    WrongBox,
    WrongOpening,
    WrongOrder,
    WrongPass,
)
from wizard_p2p.crypto.deck_messages import (
    Address,
    Arranged,
    DeckMessage,
    DeckOpened,
    Greeted,
    Pass,
    Placed,
    Purpose,
    Returned,
    Revealed,
    Role,
    Sealed,
)
from wizard_p2p.crypto.deck_points import (
    copy_point,
    deck_context,
    deck_secret,
    epoch_keys,
    party_box_secret,
    seal_nonce,
)
from wizard_p2p.crypto.private_deck import PrivateDeck, replay_deck
from wizard_p2p.crypto.relayer import Step
from wizard_p2p.crypto.sealing import box_shared_key, seal_keys_with_nonce
from wizard_p2p.errors import PeerFault

MAIN = [b"101001", b"101001", b"102003", b"201001", b"105000", b"203002", b"203002"]
SEAT = {Role.OWNER: OWNER, Role.OTHER: OTHER}


def _other_point(point: bytes) -> bytes:
    """A valid point that is not ``point``."""
    return group.mul(point, hashlib.sha256(point).digest()[:31] + b"\x01")


def _replay(table: Table) -> DeckFault:
    """The fault an auditor names from the published log, completed with the secrets
    (the other reveals its own even where it refused the owner's lists)."""
    log = list(table.log)
    if not any(isinstance(m, Revealed) for _, m in log):
        if not any(isinstance(m, DeckOpened) for _, m in log):
            log.append((OWNER, table.owner.reveal()))
        log.append((OTHER, others_reveal()))
    with pytest.raises(DeckFault) as caught:
        replay_deck(log, game_id=GAME_ID, owner=OWNER, other=OTHER, domain=DOMAIN,
                    legal=table.legal)
    return caught.value


def _honest_fault(table: Table, honest: Role) -> DeckFault:
    """The fault the honest player names at the end: the other on the owner's lists,
    the owner on the other's secret."""
    if honest is Role.OWNER and Role.OWNER not in table.faults:
        with pytest.raises(DeckFault) as caught:
            table.owner.receive(OTHER, others_reveal())
        return caught.value
    return table.faults[honest]


def _tamper_pass(epoch: int, step: Step, position: int, swap: bool = False):
    def tamper(role: Role, message: DeckMessage) -> DeckMessage:
        if isinstance(message, Pass) and message.epoch == epoch and message.step is step:
            points = list(message.points)
            i = position % len(points)
            if swap:
                j = (i + 1) % len(points)
                points[i], points[j] = points[j], points[i]
            else:
                points[i] = _other_point(points[i])
            return dataclasses.replace(message, points=tuple(points))
        return message

    return tamper


@settings(max_examples=12)
@given(step=st.sampled_from(list(Step)), position=st.integers(0, 20), later=st.booleans(),
       swap=st.booleans())
def test_a_wrong_pass_is_named_at_the_end(step: Step, position: int, later: bool,
                                          swap: bool) -> None:
    epoch = 1 if later else 0
    table = Table(list(MAIN), tamper=_tamper_pass(epoch, step, position, swap))
    cheat = Role.OWNER if step.by_owner else Role.OTHER
    honest = Role.OTHER if step.by_owner else Role.OWNER
    table.set_up()
    if later:  # a draw and a mulligan first, so the tampered pass is of epoch 1
        table.seal(Purpose.DRAW, 2)
        table.send(table.owner, table.owner.put_back(table.owner.hand))
        table.run_epoch()
    table.end()
    for fault in (_honest_fault(table, honest), _replay(table)):
        assert isinstance(fault, WrongPass)
        assert fault.seat == SEAT[cheat]
        assert isinstance(fault, PeerFault)


@pytest.mark.parametrize("swap", [False, True])
def test_a_tampered_lock_is_caught_by_the_owner_at_the_draw(swap: bool) -> None:
    table = Table(list(MAIN), tamper=_tamper_pass(0, Step.LOCK, 0, swap))
    table.set_up()
    table.seal(Purpose.DRAW, 1)
    fault = table.faults[Role.OWNER]
    assert isinstance(fault, ForeignCard) and fault.seat == OTHER


def _box_of(table: Table, keys: list[bytes]) -> bytes:
    secret = deck_secret(master("other"), GAME_ID, OWNER, OTHER)  # the cheat's own
    shared = box_shared_key(party_box_secret(secret, GAME_ID, OWNER, OTHER),
                            table.other.record.owner_box_key)
    return seal_keys_with_nonce(shared, seal_nonce(len(table.other.record.boxes) - 1), keys)


@pytest.mark.parametrize("how", ["wrong-key", "garbage"])
def test_a_key_that_does_not_open_is_the_others_fault(how: str) -> None:
    table = Table(list(MAIN))

    def tamper(role: Role, message: DeckMessage) -> DeckMessage:
        if isinstance(message, Sealed):
            if how == "garbage":
                return dataclasses.replace(message, box=bytes(len(message.box)))
            return dataclasses.replace(message, box=_box_of(table, [group.random_scalar()]))
        return message

    table.tamper = tamper
    table.set_up()
    table.seal(Purpose.DRAW, 1)
    fault = table.faults[Role.OWNER]
    assert fault.seat == OTHER
    assert isinstance(fault, UnopenableBox if how == "garbage" else ForeignCard)
    # The watcher cannot open the box; whoever holds the log names it at the end.
    assert Role.OBSERVER not in table.faults
    fault = _replay(table)
    assert isinstance(fault, WrongBox) and fault.seat == OTHER


@pytest.mark.parametrize("change", ["card", "copy", "owner_key", "other_key", "address"])
def test_a_card_opened_that_is_not_the_one_drawn_is_the_owners_fault(change: str) -> None:
    table = Table(list(MAIN))
    table.set_up()
    table.seal(Purpose.DRAW, 2)
    honest = table.owner.open(table.owner.hand[0])
    other_card = next(c for c in MAIN if c != honest.card)
    cheat = {
        "card": {"card": other_card},
        "copy": {"copy": honest.copy + 1},
        "owner_key": {"owner_key": group.random_scalar()},
        "other_key": {"other_key": group.random_scalar()},
        "address": {"address": Address(0, 5)},  # still in the deck
    }[change]
    table.send(table.owner, dataclasses.replace(honest, **cheat))
    fault = table.faults[Role.OTHER]  # its own passes are right: the owner's lie
    assert isinstance(fault, WrongOpening) and fault.seat == OWNER
    if change == "address":  # not in the hand: anyone sees it at once
        assert isinstance(table.faults[Role.OBSERVER], WrongOpening)
        return
    # A watcher cannot tell a lie from a pass that moved the point: it holds the
    # mismatch, and the end's checks, finding every pass right, name the owner.
    assert Role.OBSERVER not in table.faults
    fault = _replay(table)
    assert isinstance(fault, WrongOpening) and fault.seat == OWNER


@pytest.mark.parametrize("epoch", [0, 1])
def test_a_tampered_lock_under_an_honest_opening_is_the_others_fault(epoch: int) -> None:
    """The other's last pass moved the point of a card the owner then opens honestly:
    the opening does not unlock, and a watcher and the other rebuilt from the log both
    name the other (the pass), not the owner (the opening)."""
    table = Table(list(MAIN))
    table.set_up()
    if epoch:  # an arrangement epoch after a look
        table.seal(Purpose.LOOK, 3)
        table.send(table.owner, table.owner.arrange([], [2, 0, 1], 0))
        table.run_epoch()
    table.seal(Purpose.DRAW, 2)
    opened = table.owner.open(table.owner.hand[0])
    table.send(table.owner, opened)
    table.end()
    assert table.faults == {}
    log = list(table.log)
    at = next(i for i, (_, m) in enumerate(log)
              if isinstance(m, Pass) and m.epoch == epoch and m.step is Step.LOCK)
    lock = log[at][1]
    assert isinstance(lock, Pass)
    points = list(lock.points)
    i = opened.address.position
    j = (i + 1) % len(points)
    points[i], points[j] = points[j], points[i]
    log[at] = (OTHER, dataclasses.replace(lock, points=tuple(points)))
    with pytest.raises(WrongPass) as caught:
        replay_deck(log, game_id=GAME_ID, owner=OWNER, other=OTHER, domain=DOMAIN)
    assert caught.value.seat == OTHER and caught.value.index == at
    rebuilt = PrivateDeck.for_other(master("other"), game_id=GAME_ID, owner=OWNER,
                                    other=OTHER, domain=DOMAIN)
    with pytest.raises(WrongPass) as caught:
        for seat, message in log:
            rebuilt.receive(seat, message)
    assert caught.value.seat == OTHER and caught.value.index == at


def test_a_reused_position_is_refused() -> None:
    table = Table(list(MAIN))
    table.set_up()
    table.seal(Purpose.DRAW, 3)
    first = table.owner.open(table.owner.hand[0])
    table.send(table.owner, first)
    assert table.faults == {}
    table.send(table.owner, first)  # the same card opened again
    assert isinstance(table.faults[Role.OTHER], WrongOpening)
    table = Table(list(MAIN))
    table.set_up()
    table.seal(Purpose.DRAW, 1)
    hand = table.owner.hand[0]
    table.send(table.owner, Returned((hand, hand)))
    assert isinstance(table.faults[Role.OTHER], BadChoice)
    assert table.faults[Role.OTHER].seat == OWNER


def test_a_search_that_seals_less_than_the_deck_is_refused() -> None:
    table = Table(list(MAIN))
    table.set_up()
    table.send(table.other, Sealed(Purpose.SEARCH, 2, bytes(16 + 64)))
    for role in (Role.OWNER, Role.OBSERVER):
        assert isinstance(table.faults[role], BadChoice) and table.faults[role].seat == OTHER


def test_lists_that_do_not_open_the_commitment_are_the_owners_fault() -> None:
    def tamper(role: Role, message: DeckMessage) -> DeckMessage:
        if isinstance(message, DeckOpened):  # a card swapped for one never committed
            return dataclasses.replace(message, main=(b"999999", *message.main[1:]))
        return message

    table = Table(list(MAIN), tamper=tamper)
    table.set_up()
    table.seal(Purpose.DRAW, 2)
    table.end()
    for fault in (table.faults[Role.OTHER], _replay(table)):
        assert isinstance(fault, BrokenCommitment) and fault.seat == OWNER


def test_an_illegal_deck_is_named_with_the_games_reason() -> None:
    def legal(main: tuple[bytes, ...], pool: tuple[bytes, ...]) -> str | None:
        return "101001 more than twice" if main.count(b"101001") > 2 else None

    table = Table([b"101001"] * 3 + MAIN[2:], legal=legal)
    table.set_up()
    table.end()
    for fault in (table.faults[Role.OTHER], _replay(table)):
        assert isinstance(fault, IllegalList) and fault.seat == OWNER
        assert "101001 more than twice" in str(fault)


def test_a_sealed_order_that_does_not_open_is_the_owners_fault() -> None:
    def tamper(role: Role, message: DeckMessage) -> DeckMessage:
        if isinstance(message, Arranged) and message.order_box:
            return dataclasses.replace(message, order_box=bytes(len(message.order_box)))
        return message

    table = Table(list(MAIN), tamper=tamper)
    table.set_up()
    table.seal(Purpose.LOOK, 3)
    table.send(table.owner, table.owner.arrange([], [2, 0, 1], 1))
    table.run_epoch()
    table.end()
    for fault in (table.faults[Role.OTHER], _replay(table)):
        assert isinstance(fault, WrongOrder) and fault.seat == OWNER


def test_messages_out_of_turn_or_malformed_name_their_author() -> None:
    table = Table(list(MAIN))
    committed = table.owner.commit()
    # The other writes the owner's message: refused, naming the other.
    with pytest.raises(OutOfTurn) as caught:
        table.watcher.receive(OTHER, committed)
    assert caught.value.seat == OTHER
    table.send(table.owner, committed)
    with pytest.raises(OutOfTurn) as caught:  # the owner again, out of turn
        table.watcher.receive(OWNER, committed)
    assert caught.value.seat == OWNER
    with pytest.raises(BadBoxKey) as caught_key:
        table.watcher.receive(OTHER, Greeted(bytes(32)))
    assert caught_key.value.seat == OTHER
    table.send(table.other, table.other.greet())
    with pytest.raises(OutOfTurn):
        table.watcher.receive(OTHER, Pass(0, Step.SHUFFLE, (bytes(32),) * len(MAIN)))
    step1 = table.owner.make_pass()
    with pytest.raises(MalformedPass) as caught_pass:  # a point repeated
        table.watcher.receive(OWNER, Pass(0, Step.ENCRYPT, (step1.points[0],) * len(MAIN)))
    assert caught_pass.value.seat == OWNER
    with pytest.raises(MalformedPass):  # a point too few
        table.watcher.receive(OWNER, Pass(0, Step.ENCRYPT, step1.points[1:]))


def test_a_card_slipped_in_that_is_not_in_the_committed_list_is_named_at_the_end() -> None:
    owner_secret = deck_secret(master("owner"), GAME_ID, OWNER, OWNER)
    keys = epoch_keys(owner_secret, deck_context(GAME_ID, OWNER, OWNER, 0), len(MAIN))
    foreign = group.mul(copy_point(b"999999", 0), keys.shuffle_key)

    def tamper(role: Role, message: DeckMessage) -> DeckMessage:
        if isinstance(message, Pass) and message.step is Step.ENCRYPT:
            return dataclasses.replace(message, points=(foreign, *message.points[1:]))
        return message

    table = Table(list(MAIN), tamper=tamper)
    table.set_up()
    table.end()
    for fault in (table.faults[Role.OTHER], _replay(table)):
        assert isinstance(fault, WrongPass) and fault.seat == OWNER
        assert "step 1" in str(fault)


def test_a_placement_of_cards_not_the_owners_to_place_is_refused() -> None:
    table = Table(list(MAIN))
    table.set_up()
    table.seal(Purpose.DRAW, 2)
    opened = table.owner.open(table.owner.hand[0])
    table.send(table.owner, opened)
    table.send(table.owner, table.owner.place([opened.address]))
    table.run_epoch()
    assert table.faults == {}
    for cheat in (Placed((opened.address,), 0),  # placed a second time
                  Placed((table.owner.deck[1],), 0),  # still in the deck
                  Placed((table.owner.hand[0],), 2)):  # more under than placed
        for party in (table.other, table.watcher):
            with pytest.raises(BadChoice) as caught:
                party.receive(OWNER, cheat)
            assert caught.value.seat == OWNER


def test_a_shuffle_of_an_empty_deck_is_refused() -> None:
    table = Table(list(MAIN[:2]))
    table.set_up()
    table.seal(Purpose.DRAW, 2)
    for party in (table.other, table.watcher):
        with pytest.raises(BadChoice) as caught:
            party.receive(OWNER, Returned(()))
        assert caught.value.seat == OWNER
