"""Lobby announcements (``protocol.announce``), the TXT records any machine on the network
may send: what a host writes is read back, and random, mutated or hostile records are
refused with a ``DecodeError``, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz_support import (
    attempt,
    feed_all,
    fuzz_settings,
    inputs,
    mutated,
    one_of,
    random_bytes,
)
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol.announce import (
    LOBBY,
    MAX_TXT_BYTES,
    PLAYING,
    Announcement,
    decode_announcement,
    encode_announcement,
    txt_strings,
)
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.rules import VARIANT_NAMES
from wizard_p2p.tables import lobby_terms


def ad(**changes: object) -> Announcement:
    fields: dict[str, object] = {
        "protocol": PROTOCOL, "name": "Ana", "seats": 4, "seated": 2,
        "variants": ("plus_minus_one", "clairvoyance"), "opened": 1_700_000_000,
        "state": LOBBY, "port": 47474,
    }
    fields.update(changes)
    return Announcement(**fields)  # type: ignore[arg-type]


def txt(*strings: bytes) -> bytes:
    return b"".join(bytes([len(s)]) + s for s in strings)


def fields_of(announcement: Announcement) -> list[bytes]:
    return txt_strings(encode_announcement(announcement))


VALID = [
    encode_announcement(ad()),
    encode_announcement(ad(name="王芳 🧙", seats=6, seated=6, variants=(), state=PLAYING)),
    encode_announcement(ad(variants=("hidden_bids", "wizard_lead_sets_suit"), port=1)),
]


def test_what_a_host_writes_is_read_back() -> None:
    for text in VALID:
        assert encode_announcement(decode_announcement(text, lobby_terms)) == text
    assert decode_announcement(VALID[0], lobby_terms) == ad()


def test_the_record_holds_these_keys_and_no_other() -> None:
    keys = [s.partition(b"=")[0] for s in fields_of(ad())]
    assert keys == [b"v", b"name", b"seats", b"seated", b"variants", b"opened", b"state",
                    b"port"]


def test_unknown_keys_are_passed_over_and_order_does_not_matter() -> None:
    strings = fields_of(ad())
    shuffled = txt(b"txtvers=1", *reversed(strings), b"flag", b"")
    assert decode_announcement(shuffled, lobby_terms) == ad()


def replaced(key: bytes, value: bytes | None) -> bytes:
    """The valid record with ``key``'s string replaced (or removed, for None)."""
    out = []
    for s in fields_of(ad()):
        if s.partition(b"=")[0] != key:
            out.append(s)
        elif value is not None:
            out.append(key + b"=" + value)
    return txt(*out)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        (b"name", None), (b"name", b""), (b"name", b" Ana"), (b"name", b"A\x1bna"),
        (b"name", b"\xff\xfe"), (b"name", "A\u202ena".encode()), (b"name", b"x" * 33),
        (b"seats", b"2"), (b"seats", b"7"), (b"seats", b"04"), (b"seats", b"-4"),
        (b"seats", b"4.0"), (b"seats", b" 4"), (b"seats", b"9" * 40), (b"seated", b"0"),
        (b"seated", b"5"), (b"variants", b"plus_minus_one,plus_minus_one"),
        (b"variants", b"plus_minus_one,hidden_bids"), (b"variants", b"telepathy"),
        (b"variants", b","), (b"opened", b"1e9"), (b"opened", str(2**41).encode()),
        (b"state", b"over"), (b"state", b"LOBBY"), (b"port", b"0"), (b"port", b"65536"),
        (b"v", b""), (b"v", b"x" * 33),
    ],
)
def test_a_bad_field_is_refused(key: bytes, value: bytes | None) -> None:
    with pytest.raises(DecodeError):
        decode_announcement(replaced(key, value), lobby_terms)


@pytest.mark.parametrize(
    "text",
    [
        b"", b"\x00", b"\x05abc", txt(*fields_of(ad()), b"name=Bob"), txt(b"=x"),
        txt(b"na\xffme=x"), txt(*fields_of(ad()), b"name"), b"\x01" * (MAX_TXT_BYTES + 1),
        txt(*fields_of(ad()), *[b"x"] * 40),
    ],
    ids=["empty", "one-empty-string", "cut", "twice", "no-key", "binary-key", "no-value",
         "too-long", "too-many-strings"],
)
def test_a_bad_record_is_refused(text: bytes) -> None:
    with pytest.raises(DecodeError):
        decode_announcement(text, lobby_terms)


def test_another_protocol_version_is_read_for_the_list_to_say_so() -> None:
    newer_one = replaced(b"v", b"wizard-p2p/99")
    assert decode_announcement(newer_one, lobby_terms).protocol == "wizard-p2p/99"


def newer(**values: bytes) -> bytes:
    """A newer version's record: its own seats and variants, a key this one does not know."""
    fields = {"v": b"wizard-p2p/99", "name": b"Ana", "seats": b"8", "seated": b"0",
              "variants": b"telepathy,plus_minus_one", "opened": b"1700000000",
              "state": b"paused", "port": b"47474", "mode": b"x", **values}
    return txt(*(key.encode() + b"=" + value for key, value in fields.items()))


def test_another_version_is_read_whatever_its_rules_are() -> None:
    found = decode_announcement(newer(), lobby_terms)
    assert (found.protocol, found.name, found.seats, found.seated, found.variants,
            found.opened, found.state, found.port) == (
        "wizard-p2p/99", "Ana", 8, 0, (), 1_700_000_000, "paused", 47474)
    assert decode_announcement(newer(variants=b"\xff"), lobby_terms).variants == ()


@pytest.mark.parametrize(
    ("key", "value"),
    [(b"name", b"A\x1bna"), (b"name", b" Ana"), (b"seats", b"100"), (b"seated", b"9"),
     (b"state", b"x" * 17), (b"state", b"\x1b[2J"), (b"port", b"0"), (b"opened", b"01"),
     (b"v", b"wizard\x1b")],
)
def test_another_version_still_has_its_shown_fields_checked(key: bytes, value: bytes) -> None:
    with pytest.raises(DecodeError):
        decode_announcement(newer(**{key.decode(): value}), lobby_terms)


def _announcement(text: bytes) -> None:
    found = attempt(decode_announcement, text, lobby_terms)
    if found is None:
        return
    assert 0 <= found.seated <= found.seats and 1 <= found.port <= 65535
    if found.protocol == PROTOCOL:
        assert found.seated >= 1 and set(found.variants) <= set(VARIANT_NAMES)
    else:
        assert found.variants == ()
    assert decode_announcement(encode_announcement(found), lobby_terms) == found


@fuzz_settings(share=2)
@given(inputs(one_of(random_bytes(300))))
def test_announcement_random(batch: list[bytes]) -> None:
    feed_all("announcements", _announcement, batch)


@fuzz_settings(share=2)
@given(inputs(one_of(mutated(VALID))))
def test_announcement_mutated(batch: list[bytes]) -> None:
    feed_all("announcements", _announcement, batch)


@given(
    st.text(min_size=1, max_size=32).filter(lambda n: n == n.strip()),
    st.integers(3, 6).flatmap(lambda seats: st.tuples(st.just(seats), st.integers(1, seats))),
    st.sampled_from([(), ("plus_minus_one",), ("secret_bids", "clairvoyance")]),
    st.integers(0, 2**40), st.sampled_from([LOBBY, PLAYING]), st.integers(1, 65535),
)
def test_any_announcement_a_host_may_write_is_read_back_or_its_name_refused(
    name: str, seats: tuple[int, int], variants: tuple[str, ...], opened: int, state: str,
    port: int,
) -> None:
    written = ad(name=name, seats=seats[0], seated=seats[1], variants=variants,
                 opened=opened, state=state, port=port)
    try:
        assert decode_announcement(encode_announcement(written), lobby_terms) == written
    except DecodeError as exc:  # a name no lobby seats (control or invisible characters)
        assert "name" in str(exc)
