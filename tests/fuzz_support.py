"""What the decoder fuzz tests share: their settings, the inputs they build, and the one check.

Every decoder that reads bytes from a peer, a joiner or a file must answer any
input with a value or with the project's own refusal (a ``DecodeError``, a
``CryptoError`` or a ``PeerFault``: the input's fault), never with another
exception. :func:`feed` is that check; it also counts the inputs each decoder
was fed, which ``scripts/fuzz`` prints at the end.

The inputs are random bytes, random JSON, and mutations of valid encodings:
bytes overwritten, inserted, deleted, duplicated or cut, tokens that break
parsers spliced in (``1e999``, ``NaN``, huge integers, lone surrogates, deep
nesting, bad UTF-8), and — so that mutants get past the parser into the
schema — valid JSON documents with a value replaced, removed or added and
encoded again.

A generator of inputs is written once against :class:`Chooser` and driven two
ways by :func:`inputs`: by Hypothesis's own draws (an input it can shrink), and,
for volume, by a ``random.Random`` seeded from a Hypothesis draw, so one
example feeds a batch of inputs without paying the engine's cost per input.
A failure in a batch names the input, which is then a plain regression case.
"""

from __future__ import annotations

import atexit
import copy
import json
import math
import os
import random
import shutil
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p.errors import CryptoError, DecodeError, PeerFault

T = TypeVar("T")

FULL = os.environ.get("WIZARD_P2P_FUZZ") == "full"
# Inputs per Hypothesis example: the first drawn by Hypothesis, the rest by a seeded PRNG.
BATCH = 50 if FULL else 4
COUNTS: Counter[str] = Counter()
# The input's fault, in the project's own words: the answers a decoder may give besides a value.
REFUSALS: tuple[type[Exception], ...] = (DecodeError, CryptoError, PeerFault)

GOLDEN_LOG = (
    Path(__file__).resolve().parent.parent / "protocol" / "vectors" / "golden" / "game.jsonl"
)


def golden_lines() -> list[bytes]:
    return GOLDEN_LOG.read_bytes().split(b"\n")[:-1]


def scratch_dir() -> Path:
    """A directory for the files fuzzed decoders read, in memory where the system has it
    (one file written per input), removed when the tests end."""
    shm = Path("/dev/shm")
    path = Path(tempfile.mkdtemp(prefix="wizard-fuzz-", dir=shm if shm.is_dir() else None))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def fuzz_settings(share: int = 1) -> settings:
    """The settings of one of the ``share`` tests that feed one decoder: together they
    feed it the profile's ``max_examples`` inputs (with the full profile; a few otherwise)."""
    profile = settings.get_profile("fuzz-full" if FULL else "fuzz-small")
    if not FULL:
        return settings(profile)
    return settings(profile, max_examples=math.ceil(profile.max_examples / (share * BATCH)))


def feed(decoder: str, call: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
    """``call(*args, **kwargs)``, or None if it refused the input as the project refuses.
    Any other exception propagates and fails the test. Counts one input for ``decoder``."""
    COUNTS[decoder] += 1
    return attempt(call, *args, **kwargs)


def attempt(call: Callable[..., T], *args: Any, **kwargs: Any) -> T | None:
    """:func:`feed` of an input already counted (a second reader of the same bytes)."""
    try:
        return call(*args, **kwargs)
    except REFUSALS:
        return None


def feed_all(decoder: str, check: Callable[[T], None], batch: Sequence[T]) -> None:
    """``check`` every input of ``batch``, naming the input that fails it."""
    for item in batch:
        COUNTS[decoder] += 1
        try:
            check(item)
        except BaseException as exc:
            raise AssertionError(f"{decoder} failed on input {item!r:.2000}") from exc


# --- choosing: one interface over Hypothesis draws and a seeded PRNG ---------------------


class Chooser:
    """The choices an input generator makes."""

    def __init__(self, integer: Callable[[int, int], int]) -> None:
        self.integer = integer

    def choice(self, options: Sequence[T]) -> T:
        return options[self.integer(0, len(options) - 1)]

    def binary(self, max_size: int) -> bytes:
        return bytes(self.integer(0, 255) for _ in range(self.integer(0, max_size)))

    def text(self, max_size: int) -> str:
        # Mostly ASCII, sometimes anything, control characters and lone surrogates included.
        chars = []
        for _ in range(self.integer(0, max_size)):
            top = self.choice((0x7F, 0x7F, 0x7F, 0xFF, 0xFFFF, 0x10FFFF))
            chars.append(chr(self.integer(0, top)))
        return "".join(chars)


def _hypothesis_chooser(draw: st.DrawFn) -> Chooser:
    return Chooser(lambda lo, hi: draw(st.integers(lo, hi)))


def _random_chooser(seed: int) -> Chooser:
    return Chooser(random.Random(seed).randint)


Generator = Callable[[Chooser], T]


@st.composite
def inputs(draw: st.DrawFn, generate: Generator[T]) -> list[T]:
    """A batch of inputs from ``generate``: one Hypothesis can shrink, then ``BATCH - 1``
    from a PRNG whose seed Hypothesis draws."""
    first = generate(_hypothesis_chooser(draw))
    rest = _random_chooser(draw(st.integers(0, 2**64 - 1)))
    return [first, *(generate(rest) for _ in range(BATCH - 1))]


def one_of(*generators: Generator[T]) -> Generator[T]:
    return lambda pick: pick.choice(generators)(pick)


# --- tokens and values that break parsers ---------------------------------------------

TOKENS: tuple[bytes, ...] = (
    b"1e999", b"-1e999", b"1E400", b"NaN", b"Infinity", b"-Infinity", b"1.5", b"-0", b"00",
    b"9" * 40, b"-" + b"9" * 5000, b"9007199254740992", b"true", b"false", b"null",
    b'"\\ud800"', b'"\\udfff\\ud800"', b'"\\u0000"', b'"\x1b[2J"', b'"\x00"', b'""', b"[]", b"{}",
    b"[" * 3000, b'{"a":' * 3000, b"]" * 64, b"\xff\xfe", b"\xc0\x80", b"\xed\xa0\x80",
    b"\xef\xbb\xbf", b'"', b"\\", b",", b":", b"}", b"]", b" ", b"\n", b'{"a":1,"a":2}',
    b"65535", b"65536", b"0", b"-1", b"1", b'"' + b"a" * 70 + b'"', b'"' + b"00" * 33 + b'"',
)
_INTEGERS = (0, 1, -1, 2, 5, 6, 7, 20, 59, 60, 255, 256, 65535, 65536, 2**31, 2**53 - 1, 2**53,
             -(2**53), 10**30)
_FLOATS = (0.5, -0.0, 1e300, float("inf"), float("-inf"), float("nan"))

RAW = "@@fuzz-token@@"  # stands for a token in a JSON value, spliced in after encoding


def random_json(pick: Chooser, depth: int = 3) -> Any:
    """A JSON value of any shape, with the edge cases of each type over-represented."""
    kind = pick.integer(0, 9 if depth > 0 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return pick.integer(0, 1) == 1
    if kind == 2:
        return pick.choice(_INTEGERS)
    if kind == 3:
        return pick.integer(-1000, 1000)
    if kind == 4:
        return pick.choice(_FLOATS)
    if kind == 5:
        return pick.text(40)
    if kind == 6:
        return pick.binary(40).hex()
    if kind == 7:
        return RAW
    if kind == 8:
        return [random_json(pick, depth - 1) for _ in range(pick.integer(0, 4))]
    return {pick.text(8): random_json(pick, depth - 1) for _ in range(pick.integer(0, 4))}


def random_bytes(max_size: int) -> Generator[bytes]:
    return lambda pick: pick.binary(max_size)


def random_documents(dump: Callable[[Any], bytes]) -> Generator[bytes]:
    """Random JSON documents (objects mostly) encoded by ``dump``, tokens spliced in."""

    def generate(pick: Chooser) -> bytes:
        value = random_json(pick) if pick.integer(0, 3) == 0 else {
            pick.text(8): random_json(pick) for _ in range(pick.integer(0, 5))
        }
        return splice_token(pick, dump(value))

    return generate


def splice_token(pick: Chooser, data: bytes) -> bytes:
    return data.replace(json.dumps(RAW).encode(), pick.choice(TOKENS))


def mutated(bases: Sequence[bytes], max_ops: int = 4) -> Generator[bytes]:
    """One of ``bases`` with 1..``max_ops`` byte-level mutations."""

    def generate(pick: Chooser) -> bytes:
        data = bytearray(pick.choice(bases))
        for _ in range(pick.integer(1, max_ops)):
            op = pick.integer(0, 6)
            i = pick.integer(0, len(data))
            j = pick.integer(i, min(len(data), i + 80))
            if op == 0 and i < len(data):
                data[i] = pick.integer(0, 255)
            elif op == 1:
                data[i:i] = pick.binary(8) or b"\x00"
            elif op == 2:
                del data[i:j]
            elif op == 3:
                del data[i:]
            elif op == 4:
                data[i:j] = pick.choice(TOKENS)
            elif op == 5:
                data[j:j] = data[i:j]
            else:
                data[i:j] = bytes(b ^ pick.integer(1, 255) for b in data[i:j])
        return bytes(data)

    return generate


def _slots(value: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every value inside ``value``."""
    found: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        container = stack.pop()
        keys = list(container) if isinstance(container, dict) else range(len(container))
        for key in keys:
            found.append((container, key))
            if isinstance(container[key], dict | list):
                stack.append(container[key])
    return found


def json_mutated(
    bases: Sequence[Any], dump: Callable[[Any], bytes], max_ops: int = 3
) -> Generator[bytes]:
    """One of the JSON documents ``bases`` (dicts or lists) with a value replaced by a
    random one or by a parser-breaking token, removed, or added; encoded by ``dump``."""

    def generate(pick: Chooser) -> bytes:
        value = copy.deepcopy(pick.choice(bases))
        for _ in range(pick.integer(1, max_ops)):
            slots = _slots(value)
            if not slots:
                break
            container, key = pick.choice(slots)
            op = pick.integer(0, 3)
            if op == 0:
                container[key] = random_json(pick, 2)
            elif op == 1:
                container[key] = RAW
            elif op == 2:
                del container[key]
            elif isinstance(container, dict):
                container[pick.choice([*container, pick.text(8)])] = random_json(pick, 2)
            else:
                container.insert(key, random_json(pick, 2))
        return splice_token(pick, dump(value))

    return generate


def dump_compact(value: Any) -> bytes:
    """The canonical layout (keys sorted, no spaces, UTF-8), whatever the value holds."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def dump_spaced(value: Any) -> bytes:
    """``json.dumps``'s default layout, as the lobby and control messages are written."""
    return json.dumps(value, sort_keys=True).encode()


# --- the two tests of a decoder of JSON documents ------------------------------------------

FuzzTest = Callable[[], None]


def document_tests(
    label: str,
    decoder: str,
    check: Callable[[bytes], None],
    valid: Sequence[bytes],
    dump: Callable[[Any], bytes],
    *,
    random_size: int = 200,
    documents: Sequence[Any] | None = None,
    more_mutants: Sequence[Generator[bytes]] = (),
) -> tuple[FuzzTest, FuzzTest]:
    """The fuzz tests ``test_{label}_random`` and ``test_{label}_mutated`` of a decoder of
    JSON documents (``decoder`` names it in the counts; ``check`` feeds it one input),
    sharing its inputs between them: random bytes (up to ``random_size``) and random
    documents written by ``dump``; then the ``valid`` encodings mutated as bytes, and as
    documents (``documents``: the valid ones as JSON values, each of ``valid`` read back
    unless given), with ``more_mutants``. A test module assigns them to those names."""

    def random_inputs(batch: list[bytes]) -> None:
        feed_all(decoder, check, batch)

    def mutated_inputs(batch: list[bytes]) -> None:
        feed_all(decoder, check, batch)

    values = [json.loads(v) for v in valid] if documents is None else list(documents)
    made = []
    for test, suffix, generate in (
        (random_inputs, "random", one_of(random_bytes(random_size), random_documents(dump))),
        (mutated_inputs, "mutated",
         one_of(mutated(valid), json_mutated(values, dump), *more_mutants)),
    ):
        # The name tells the tests apart: in pytest's report and Hypothesis's database.
        test.__name__ = test.__qualname__ = f"test_{label}_{suffix}"
        made.append(fuzz_settings(share=2)(given(inputs(generate))(test)))
    return made[0], made[1]
