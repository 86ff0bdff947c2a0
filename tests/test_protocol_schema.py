"""The message schemas: committed JSON Schemas equal the code, real entries validate, bad ones fail.

``protocol/schemas/*.json`` is generated from ``messages.json_schemas(BODIES)``; these
tests keep it equal to the code, validate every entry of real logs (the golden
game and short games that add the kinds it lacks) with the ``jsonschema``
library, and check that ``decode_entry`` refuses malformed entries — and agrees
with the JSON Schema on randomly mutated ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.protocol_support import forge, new_game, settled
from tools import gen_vectors
from wizard_p2p import canonical
from wizard_p2p.disk.log import read_log
from wizard_p2p.errors import DecodeError
from wizard_p2p.protocol import messages as m
from wizard_p2p.tables.wizard.bodies import BODIES

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = m.json_schemas(BODIES)
VALIDATORS = {name: Draft202012Validator(schema) for name, schema in SCHEMAS.items()}


def test_committed_schemas_equal_the_code() -> None:
    files = gen_vectors.schema_files()
    for relative, data in files.items():
        assert (ROOT / relative).read_bytes() == data, (
            f"{relative} is stale: run python -m tools.gen_vectors"
        )
    committed = {p.name for p in (ROOT / gen_vectors.SCHEMA_DIR).glob("entry-*.json")}
    assert committed == {relative.name for relative in files}
    assert set(SCHEMAS) == {f"entry-{kind}" for kind in BODIES}
    for schema in SCHEMAS.values():
        Draft202012Validator.check_schema(schema)


@pytest.fixture(scope="module")
def real_logs() -> dict[str, list[bytes]]:
    """Logs of real games: the golden one, and short ones with the kinds it lacks."""
    logs = {"golden": read_log(ROOT / gen_vectors.GOLDEN_DIR / "game.jsonl")}

    secret = new_game(3, "secret_bids", seed=41)  # sealed bids opened in the reveal; abort
    assert secret.run(until=settled(secret, lambda: secret.tables[0].completed_rounds == 2))
    due = secret.tables[0].expected()
    assert due is not None
    writer = 1 if due[0] == 0 else 0
    secret.send(writer, secret.tables[writer].abort_stalled("gone"))
    secret.run()
    logs["secret bids, aborted"] = secret.tables[0].log

    plain = new_game(3, "plus_minus_one", seed=42)  # open bids; a dispute
    table = plain.tables[0]
    assert plain.run(
        until=settled(plain, lambda: table.choice_needed() == "bid" and table.game.round_no == 2)
    )
    plain.deliver(forge(plain, 0, "dispute", {"round": 2, "reason": "my card"}), range(3))
    plain.run()
    logs["open bids, disputed"] = table.log
    # A game ended by the proof of an equivocation (an endings vector).
    logs["ended by a proof"] = read_log(ROOT / "protocol/vectors/endings/proofs-1.jsonl")
    return logs


def test_every_entry_of_a_real_log_validates_against_its_schema(
    real_logs: dict[str, list[bytes]],
) -> None:
    kinds: set[str] = set()
    for name, lines in real_logs.items():
        for pos, raw in enumerate(lines):
            entry = json.loads(raw)
            kinds.add(entry["kind"])
            errors = list(VALIDATORS[f"entry-{entry['kind']}"].iter_errors(entry))
            assert errors == [], f"{name}, position {pos}: {errors[0].message}"
    assert kinds == set(BODIES)


def test_sealed_shares_of_every_size_validate_against_their_schema() -> None:
    """The clairvoyance round's boxes hold N − 1 keys each: 3 to 6 seats, every length."""
    for seats in range(3, 7):
        game = new_game(seats, "clairvoyance", seed=43)
        table = game.tables[0]
        assert game.run(until=settled(game, lambda t=table: t.progress().stage == "play"))
        lockers = [json.loads(raw) for raw in table.log if b'"shares":' in raw]
        assert len(lockers) == seats  # the last shuffle and N − 1 locks
        for entry in lockers:
            errors = list(VALIDATORS[f"entry-{entry['kind']}"].iter_errors(entry))
            assert errors == []
            boxes = [b for b in entry["body"]["shares"] if b is not None]
            assert {len(b) // 2 for b in boxes} == {16 + 32 * (seats - 1)}


# --- malformed entries ------------------------------------------------------------------


@pytest.fixture(scope="module")
def samples(real_logs: dict[str, list[bytes]]) -> dict[str, bytes]:
    """One real entry of each kind."""
    out: dict[str, bytes] = {}
    for lines in real_logs.values():
        for raw in lines:
            out.setdefault(json.loads(raw)["kind"], raw)
    return out


def resigned_as_is(obj: dict[str, Any], sig: str) -> bytes:
    """An entry line with ``obj`` canonically encoded and ``sig`` appended (not re-signed)."""
    return canonical.encode(obj)[:-1] + b',"sig":"' + sig.encode() + b'"}'


def split(raw: bytes) -> tuple[dict[str, Any], str]:
    obj = json.loads(raw)
    sig = obj.pop("sig")
    return obj, sig


Mutation = Callable[[dict[str, Any]], None]


def setter(path: tuple[Any, ...], value: Any) -> Mutation:
    def mutate(obj: dict[str, Any]) -> None:
        target = obj
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def deleter(path: tuple[Any, ...]) -> Mutation:
    def mutate(obj: dict[str, Any]) -> None:
        target = obj
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


# (sample kind, mutation): each makes a structurally wrong entry the schema refuses too.
STRUCTURAL: dict[str, tuple[str, Mutation]] = {
    "unknown field": ("bid", setter(("extra",), 1)),
    "unknown body field": ("bid", setter(("body", "tricks"), 1)),
    "missing field": ("bid", deleter(("prev",))),
    "missing body field": ("coin", deleter(("body", "nonce"))),
    "position as a string": ("bid", setter(("pos",), "7")),
    "seat as a boolean": ("bid", setter(("seat",), True)),
    "round as a string": ("lock", setter(("body", "round"), "1")),
    "body as a list": ("bid", setter(("body",), [])),
    "negative position": ("bid", setter(("pos",), -1)),
    "seat out of range": ("bid", setter(("seat",), 6)),
    "round out of range": ("lock", setter(("body", "round"), 21)),
    "unknown kind": ("bid", setter(("kind",), "cheat")),
    "kind of another body": ("bid", setter(("kind",), "coin")),
    "wrong version": ("bid", setter(("v",), 1)),  # an older protocol's entry
    "deck too long": ("shuffle", lambda o: o["body"]["deck"].append(o["body"]["deck"][0])),
    "empty deck": ("shuffle", lambda o: o["body"]["deck"].clear()),
    "reason too long": ("dispute", setter(("body", "reason"), "x" * 201)),
    "control character": ("dispute", setter(("body", "reason"), "a\nb")),
    "empty name": ("genesis", setter(("body", "terms", "players", 0, "name"), "")),
    "suit not a suit": ("trump", setter(("body", "suit"), "X")),
    "uppercase hex": ("coin", lambda o: o["body"].update(value=o["body"]["value"].upper())),
    "odd-length hex": ("coin", lambda o: o["body"].update(value=o["body"]["value"][:-1])),
    "non-hex digit": ("coin", lambda o: o["body"].update(value="g" + o["body"]["value"][1:])),
    "hex of the wrong length": ("coin", lambda o: o["body"].update(value=o["body"]["value"][2:])),
    "0x prefix": ("coin", lambda o: o["body"].update(value="0x" + o["body"]["value"][2:])),
    "hex with a final newline": (
        "coin",
        lambda o: o["body"].update(value=o["body"]["value"][:-1] + "\n"),
    ),
    "null key where one is due": ("play", setter(("body", "key"), None)),
    "too many seats": ("genesis", lambda o: o["body"]["endorsements"].extend(["00" * 64] * 4)),
}


@pytest.mark.parametrize("name", list(STRUCTURAL))
def test_structurally_wrong_entries_are_refused_by_code_and_schema(
    samples: dict[str, bytes], name: str
) -> None:
    kind, mutate = STRUCTURAL[name]
    obj, sig = split(samples[kind])
    mutate(obj)
    raw = resigned_as_is(obj, sig)
    with pytest.raises(DecodeError):
        m.decode_entry(raw, BODIES)
    schema_kind = obj.get("kind") if obj.get("kind") in BODIES else kind
    assert not VALIDATORS[f"entry-{schema_kind}"].is_valid({**obj, "sig": sig})


def test_an_entry_beyond_the_size_limit_is_refused(samples: dict[str, bytes]) -> None:
    obj, sig = split(samples["dispute"])
    obj["body"]["reason"] = "x" * m.MAX_ENTRY_BYTES
    with pytest.raises(DecodeError, match="exceeds"):
        m.decode_entry(resigned_as_is(obj, sig), BODIES)


# Byte-level edits: the same value spelled another way, or not JSON at all.
def _swap_first_keys(raw: bytes) -> bytes:
    body_end = raw.index(b',"game":')
    game_end = raw.index(b',"kind":')
    return b'{"game":' + raw[body_end + 8 : game_end] + b"," + raw[1:body_end] + raw[game_end:]


V = b'"v":%d' % m.VERSION
NON_CANONICAL: dict[str, Callable[[bytes], bytes]] = {
    "space after a colon": lambda r: r.replace(b'"pos":', b'"pos": ', 1),
    "space after a comma": lambda r: r.replace(b',"seat"', b', "seat"', 1),
    "keys out of order": _swap_first_keys,
    "final newline": lambda r: r + b"\n",
    "byte-order mark": lambda r: b"\xef\xbb\xbf" + r,
    "escaped letter": lambda r: r.replace(b'"kind":"', b'"\\u006bind":"', 1),
    "leading zero": lambda r: r.replace(V, V.replace(b":", b":0"), 1),
    "negative zero": lambda r: re.sub(rb'"seat":\d', b'"seat":-0', r),
    "float": lambda r: r.replace(V, V + b".0", 1),
    "exponent": lambda r: r.replace(V, V + b"e0", 1),
    "duplicate key": lambda r: r.replace(V, V + b"," + V, 1),
    "not UTF-8": lambda r: r.replace(b'"kind"', b'"k\xffnd"', 1),
    "signature first": lambda r: b'{"sig":"' + r[-130:-2] + b'",' + r[1:-140] + b"}",
    "signature in uppercase": lambda r: r[:-130] + r[-130:-2].upper() + r[-2:],
    "signature too short": lambda r: r[:-4] + b'"}',
    "no signature": lambda r: r[:-140] + b"}",
    "trailing garbage": lambda r: r + b"x",
    "NaN": lambda r: r.replace(V, b'"v":NaN', 1),
}


@pytest.mark.parametrize("name", list(NON_CANONICAL))
def test_non_canonical_or_broken_bytes_are_refused(samples: dict[str, bytes], name: str) -> None:
    raw = samples["bid"]
    edited = NON_CANONICAL[name](raw)
    assert edited != raw
    with pytest.raises(DecodeError):
        m.decode_entry(edited, BODIES)


def test_the_samples_themselves_decode(samples: dict[str, bytes]) -> None:
    for raw in samples.values():
        assert m.decode_entry(raw, BODIES).raw == raw


# --- the code and the schema agree on mutated entries ----------------------------------------

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**53) + 1, 2**53 - 1),
    st.sampled_from([0, 1, 2, 5, 6, 20, 21, 59, 60, 61, -1, 1_000_000, 1_000_001]),
    st.text(max_size=40),
    st.sampled_from(["B", "Z", "", "wizard-p2p/1", "00" * 32, "ff" * 64, "0" * 40]),
    st.binary(min_size=0, max_size=40).map(bytes.hex),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += paths(item, (*prefix, i))
    return out


@given(data=st.data())
def test_decode_entry_and_the_json_schema_agree(
    samples: dict[str, bytes], data: st.DataObject
) -> None:
    kind = data.draw(st.sampled_from(sorted(k for k in samples if k != "shuffle")))
    obj, sig = split(samples[kind])
    path = data.draw(st.sampled_from(paths(obj)))
    operation = data.draw(st.sampled_from(["set", "delete", "add"]))
    target: Any = obj
    for key in path[:-1]:
        target = target[key]
    if operation == "set" or not isinstance(target, dict):
        target[path[-1]] = data.draw(VALUES)
    elif operation == "delete":
        del target[path[-1]]
    else:
        key = data.draw(st.text(max_size=8))
        assume(not (target is obj and key == "sig"))  # the signature's place is fixed
        target[key] = data.draw(VALUES)
    raw = resigned_as_is(obj, sig)
    try:
        m.decode_entry(raw, BODIES)
        accepted = True
    except DecodeError:
        accepted = False
    schema_kind = obj.get("kind")
    valid = (
        isinstance(schema_kind, str)
        and schema_kind in BODIES
        and VALIDATORS[f"entry-{schema_kind}"].is_valid({**obj, "sig": sig})
    )
    assert accepted == valid, (path, operation)


@pytest.mark.parametrize("bad_at", [0, 3, 59])
def test_a_bad_item_of_a_list_is_named_by_its_index(bad_at: int) -> None:
    from wizard_p2p.protocol.schema import Hex, List

    items = ["ab" * 32] * 60
    items[bad_at] = "AB" * 32
    with pytest.raises(DecodeError, match=re.escape(f"body.deck[{bad_at}]: ")):
        List(Hex(32), 60, 60).parse(items, "body.deck")
    items[bad_at] = "ab" * 32
    assert List(Hex(32), 60, 60).parse(items, "body.deck") == (bytes.fromhex("ab" * 32),) * 60


_HEX_ITEM = st.one_of(
    st.binary(min_size=4, max_size=4).map(bytes.hex),  # well formed
    st.binary(min_size=4, max_size=4).map(lambda b: b.hex().upper()),
    st.binary(min_size=3, max_size=5).map(bytes.hex),  # wrong length
    st.text(alphabet="0123456789abcdef xyz", min_size=8, max_size=8),
    st.integers(),
    st.none(),
)


@given(items=st.lists(_HEX_ITEM, min_size=0, max_size=8), nullable=st.booleans())
def test_a_list_of_hex_parses_as_its_items_one_by_one(items: list[Any], nullable: bool) -> None:
    """Decks and released keys are converted in one piece; the result and the refusal
    (naming the first bad item) are exactly those of parsing item by item."""
    from wizard_p2p.protocol.schema import Hex, List, Nullable

    item = Nullable(Hex(4)) if nullable else Hex(4)
    try:
        expected: Any = tuple(item.parse(v, f"keys[{i}]") for i, v in enumerate(items))
    except DecodeError as exc:
        expected = str(exc)
    try:
        got: Any = List(item, 0, 8).parse(items, "keys")
    except DecodeError as exc:
        got = str(exc)
    assert got == expected


def test_spec_lists_every_secret_a_seat_derives_from_its_master(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SPEC §3.2's table of HKDF labels is the set of labels a seated table derives with,
    in a game with sealed bids and bots whose choices are derived."""
    from tests.test_protocol_table import derived_bots_game
    from wizard_p2p.protocol import seat_secrets

    used: set[str] = set()
    derive = seat_secrets.derive

    def spy(master_secret: bytes, label: bytes, *parts: bytes) -> bytes:
        used.add(label.decode())
        return derive(master_secret, label, *parts)

    monkeypatch.setattr(seat_secrets, "derive", spy)
    derived_bots_game("random", ("secret_bids",), entries=60)
    core = (ROOT / "protocol" / "SPEC.md").read_text().split("### 3.2")[1].split("### 3.3")[0]
    wizard = (ROOT / "protocol" / "WIZARD.md").read_text().split("### 1.1")[1].split("### 1.2")[0]
    listed = set(re.findall(r"^\| `([a-z-]+)` \|", core + wizard, re.MULTILINE))
    assert used == listed
