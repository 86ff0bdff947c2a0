"""Mental cards: shuffle and deal 60 cards so that nobody sees a card it may not see.

This is the SRA commutative-encryption scheme on the prime-order subgroup of
Curve25519, on u-coordinates (see :mod:`wizard_p2p.group`).  It is a library of pure functions over
``bytes``; it knows no game, no seat names and no network.  The protocol that
decides who sends what to whom is built on top of it; ``protocol/CRYPTO.md``
is the normative description of every byte computed here.

A round, with seats ``0..N-1`` and a deck of ``D`` positions (``D = 60``)::

    initial deck   CARD_POINTS: card c (0..59) is the public point C_c
    shuffle pass   each seat s in order: out[j] = K_s · in[perm_s[j]]
    lock pass      each seat s in order: at every dealt position i,
                   out[i] = (k_{s,i} · K_s⁻¹) · in[i]   (K_s layer → k_{s,i} layer)
    release        seat s gives k_{s,i} for positions it is asked to open
    unlock         whoever holds all k_{s,i} for i computes
                   (∏_s k_{s,i})⁻¹ · deck[i] = C_c   and reads card c

Each seat draws one 32-byte secret per round (:func:`new_round_secret`); its
shuffle key, permutation and lock keys all derive from it and the round's
context with HKDF-SHA512 (:func:`derive_round_keys`).  Revealing that secret at
the round's end lets anybody re-run the seat's passes (:func:`verify_round`),
so a seat that cheated is named.

Cards are integers ``0..59``: the index in the canonical deck order of the
rules (B1..B13, G1..G13, R1..R13, Y1..Y13, Z1..Z4, N1..N4); this module does
not know that order, only the numbers.

Also here: hash commitments (hidden bids, commit-reveal of random
contributions) and an unbiased joint random choice (the first dealer).

``python -m wizard_p2p.mental --write-vectors DIR`` regenerates the
known-answer vectors of ``protocol/vectors/crypto/``.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import secrets
import struct
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple, cast

import nacl.bindings as nacl_bindings
import nacl.exceptions as nacl_exceptions
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import hmac as crypto_hmac
from cryptography.hazmat.primitives.kdf.hkdf import HKDFExpand

from wizard_p2p.crypto import group
from wizard_p2p.errors import CryptoError, UsageError

__all__ = [
    "CARD_POINTS",
    "DECK_SIZE",
    "NONCE_BYTES",
    "SEAL_OVERHEAD",
    "SECRET_BYTES",
    "BadDeck",
    "CommitmentMismatch",
    "DuplicatePoint",
    "InvalidDeckPoint",
    "InvalidSecret",
    "KeyMismatch",
    "NotACard",
    "PassMismatch",
    "RoundKeys",
    "SeatPasses",
    "UnopenableKeys",
    "UnreadableCard",
    "WrongDeckSize",
    "box_public_key",
    "box_shared_key",
    "card_of",
    "card_point",
    "check_deck",
    "clairvoyant_recipients",
    "commit",
    "commitment_of",
    "deck_order",
    "derive_box_secret",
    "derive_round_keys",
    "joint_random_index",
    "lock_pass",
    "new_round_secret",
    "open_keys",
    "read_card",
    "read_cards",
    "read_public_card",
    "release_key",
    "round_context",
    "seal_keys",
    "shuffle_pass",
    "unlock",
    "vectors",
    "verify_commitment",
    "verify_lock_pass",
    "verify_released_key",
    "verify_round",
    "verify_shuffle_pass",
    "write_vectors",
]

DECK_SIZE = 60
SECRET_BYTES = 32
NONCE_BYTES = 32

_PREFIX = b"wizard-p2p/v1/"
_CARD_POINT_TAG = _PREFIX + b"card-point\x00"
_ROUND_CONTEXT_TAG = _PREFIX + b"round-context\x00"
_COMMITMENT_TAG = _PREFIX + b"commitment\x00"
_SEAL_NONCE_TAG = _PREFIX + b"seal-nonce\x00"
# One HKDF salt for every derivation; the info label tells them apart.
_HKDF_SALT = _PREFIX + b"mental"
_HKDF_BLOCK = 64
_U32 = 1 << 32


# --------------------------------------------------------------------------- errors


class NotACard(CryptoError):
    """A point that is none of the 60 card points (a wrong or missing key)."""


class BadDeck(CryptoError):
    """A received deck that is malformed. ``position`` is the first bad index, if any."""

    def __init__(self, message: str, *, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class WrongDeckSize(BadDeck):
    """A deck with the wrong number of points."""


class DuplicatePoint(BadDeck):
    """A deck holding the same point twice (two positions would be one card)."""


class InvalidDeckPoint(BadDeck, group.InvalidPoint):
    """A deck position holding bytes that are not a valid subgroup point."""


class UnreadableCard(CryptoError):
    """One of several cards read together does not decode (:func:`read_cards`).

    ``index`` is the first such card in the order given, ``read`` the cards before it,
    and its cause the reason: a bad key, a bad point, or a point that is not a card.
    """

    def __init__(self, message: str, *, index: int, read: list[int]) -> None:
        super().__init__(message)
        self.index = index
        self.read = read


class InvalidSecret(CryptoError):
    """A round secret that is not 32 bytes."""


class PassMismatch(CryptoError):
    """A published pass differs from the pass its seat's revealed secret produces.

    ``kind`` is ``"shuffle"``, ``"lock"`` or ``"secret"`` (a revealed secret
    that is not even well formed); ``seat`` names the seat when known (set by
    :func:`verify_round`); ``position`` is the first differing deck position.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        seat: int | None = None,
        position: int | None = None,
    ) -> None:
        who = f"seat {seat} " if seat is not None else ""
        super().__init__(f"{who}{kind} pass: {message}")
        self.kind = kind
        self.seat = seat
        self.position = position
        self.reason = message


class KeyMismatch(CryptoError):
    """A released lock key that is not the one the seat's revealed secret derives."""

    def __init__(self, message: str, *, position: int) -> None:
        super().__init__(message)
        self.position = position


class UnopenableKeys(CryptoError):
    """Sealed keys that do not open with the recipient's box secret, or hold no keys."""


class CommitmentMismatch(CryptoError):
    """An opening (value, nonce) that does not match its commitment."""


# ------------------------------------------------------------------------ card table


def card_point(card: int) -> bytes:
    """The public point of ``card``: from_uniform(SHA-512(tag ‖ card)[:32]), as a u-coordinate."""
    if not 0 <= card < 256:
        raise UsageError(f"card id {card} does not fit in one byte")
    digest = hashlib.sha512(_CARD_POINT_TAG + bytes([card])).digest()
    return group.from_uniform(digest[:32])


# The table card_point derives, written out: deriving it (and checking every point)
# at each start cost every process about 20 ms here. The tests derive it again.
CARD_POINTS: tuple[bytes, ...] = tuple(bytes.fromhex(u) for u in (
    "61e2763ac9af14631c4a80b42e6b454f2a91d218d6b67469bc84928db7247b60",  # 0
    "7d308212168f7ceabb7ae3d3d876e1806bacc8d67ef28193eb7959c46687350d",  # 1
    "6410330d822323813b778c38d74d94012979524adfef07f1f838c8b54772991a",  # 2
    "73510a6a37f45b76b3b0d583188a85e2a2e0d0e37f1fb85fb53d05815f1d4f4f",  # 3
    "4910d1d662fdee0e995000be3319db090a8155786888bcb5a45b77d3f263d47f",  # 4
    "2ee38004e7b758a7559e1b1a3d078f9bb442cacd04de71a09bcb954b28d6c614",  # 5
    "51babf011ec4601e05c015a6b286824d440bdbfb93c4c5c348662d4b178f5458",  # 6
    "9ed8d089a0cc907c8555363d48396327432f570ee8cb0c60907e0d5d720e235a",  # 7
    "580abb412eaa64ff73cba599b832616ad78fb2cc540980a712a44c67a9794a69",  # 8
    "3b11447c4733e19beef9f814407e9f65d11da674e667c3b49a8f51f5c3c9624e",  # 9
    "b929f09e4e3826ddd64bc95a41f9a6b7ba919f36f24401e0fe0a16c2385c2f5a",  # 10
    "f90c4b65ba72b5c806189b25318e2b966a2e069ba80c94e7dee7069aca612542",  # 11
    "8b173d149bfed76c6593de64570c2d68c68456efeb87b993309114883c5dc730",  # 12
    "23ce5db6fadb0a224ca9ba68d8236b3bbedd282c43170f7ea8dd4a399f50d747",  # 13
    "504e0d4af5fa722f02592fe50f44e6cea7db8754f0f1068e4e347800bb01cd52",  # 14
    "77e718c34c35fe046485c3cf8191837730346683034dd7a4e3dc4a1cc4249c02",  # 15
    "f251874030a1b2d46671e3ff568342d364028185f027558b0d36a4daee54c364",  # 16
    "3830c19047249175a02febc889d7bde901d1032a809d5ebf1afef5b955d4a72e",  # 17
    "169a10e62f72de1c9b0cd58b32fdd1f9622a220946d0dbb39b5ca49f4926296d",  # 18
    "65de9b854d78c094b606b372f27aca06b132bc8cfe8637152d6768065f82182e",  # 19
    "fb36302bbbde34dbf09af3d705b8cfb8bd1d8a10a59b67c54b92fd42b43bc620",  # 20
    "17d55aa075ff4e2f0fc2cbaffb30e5e18f03106a136aa37c6594557639d41b42",  # 21
    "bec2321c18e05e2c78fcf2d0c7244f1267f28a9947fd19e60e608c6b90c8ce3c",  # 22
    "787094523f0498cace481d20ed8ac023376bc6f0f5c1bfd319d8fe7e81fec523",  # 23
    "2a89406552ac37f70c65be33bb12d6a97d61e13e84dd0ea652239f005450c507",  # 24
    "e447164a8de920a24e526b0b056fe313f8b5b77d1f8fca689438973d3aecd63a",  # 25
    "02f517958292c231fe84667a6a40323bbf9a700445d1c23fce55ab40673ba62e",  # 26
    "5defaf1e6817daa39b041c7c90db55654dc56048a0002f1af412f942f753af50",  # 27
    "1dfc9f806f6e91af45587710bdc1e8b2691c22fcce82e8ef3cfae272a3e9711e",  # 28
    "6381a22b5656606509af8a9eb79e9f1a8104bebaac09e2e890b54299190ba10c",  # 29
    "303cb43a5b26928253a0d7c18353e898370256586e437a551cfc458a4660df0f",  # 30
    "01625e694c069772d3205644735979b78b2ffcb5db429592dad1f42d5a5d1145",  # 31
    "1a65e64648e016da9b6dfb398ef04985f0b149569d89c948fcfd3b4cc36d3d11",  # 32
    "9947b6876506e94e3df23b837542774c260fb8ec93871229552bdcccfd101a70",  # 33
    "29c778f25c7fc5a32f04cac313d8fe1924afad8c96fe3f7f00df6d2db8e8d230",  # 34
    "d0edd917d655335e3f0f1d907cbe261e3be8b819753b064e7da67c9aa05cf67e",  # 35
    "bfc62c9e43437a547961eba3214d389b0ca63e37a9199d897ef7ee0c9473dd7d",  # 36
    "c58adf0707eae6a5ab427f7be9a677d6f8184a5240f40e0de5fe0e309a512375",  # 37
    "2538fa8c2c2d49493667f970dd6358a1c664f6ef98f7216e164772cdbd65143b",  # 38
    "2fa7bdd72586bae5cd6e8dd45db9581946a8d1abacd29215712f761ce7817a00",  # 39
    "0d8c2d1a9efbc5e7d3cd0202f8869ffe0cc64a6c3c3e4e5e242e827445e5ed19",  # 40
    "6dedd70df717efa89af53d4f9d92aaf6182389f4621ff0d0e18035f4e0c98a7e",  # 41
    "793ae6a39576114e738b3347af7c3e13fd3964899569562a089b73041ba5c67b",  # 42
    "320cdf823fdf662e7be6b9eaa0c7aa5515552ac51e16c7009b45f8c522bf1b63",  # 43
    "95502385f604b2b71146b5d683e55ffc04a210f1859b707b84c58b3709854c6c",  # 44
    "7c0127af176c6490316b016db9687335a27fd51b2b685e399cb13010c628b041",  # 45
    "fb0e350143a0587964e77c2f5cbff10484b944b9b766a6e088134e0b1e937471",  # 46
    "6f7938275e4948ef1127124506e1c7951d27dd5b9cbf75111e8e0364e1335516",  # 47
    "4a87fc7b0fddf85711babb15cb073deece6bddfc163f504831653f4175cd3738",  # 48
    "868edba27b5874b5713ffc13761662d775ac85655d87f838ce97101e4fe51617",  # 49
    "674d9250fbdbdf9dd8228d737bb8cc41c3a090ca94ddbbc9850833233f6b5976",  # 50
    "55c41ff961f6761bf196a5ee6699800fcc50174fcd8702b73c695963f2622530",  # 51
    "b86491c6f529c66cc0a20bae20e219fc9c05a96c803c322547a6f8b45c7c1a57",  # 52
    "77d024428f9e0a364ca2d79bf6fc7a4f1db8fc30a845d3b28e3dc61f3d62dc32",  # 53
    "0f6df5804986f8894f1783cfd6677a93ce691fdfe77cd50c19534ff46fcdaf59",  # 54
    "3c1457f28963b1eee3a4afa64c42d331a5bfe1c4841acd9f1c14b631223e3a18",  # 55
    "c71087750085d1b1f536e2619359d9efb4ece1fe6868fef1e64cc34972b38a0c",  # 56
    "0bf99e4184e6202859eb87354e75eed5d1cd89b5e7fcbf95c4bdc00c20fff916",  # 57
    "5fdc14dc983daf1494c83581ed2e22f19287a6baae2485a93eb6a42ea6016e04",  # 58
    "4d2455d672c74af140c068be4e420c28cf3e7a2d22633ba418d53af30e581a12",  # 59
))
_CARD_OF: dict[bytes, int] = {p: c for c, p in enumerate(CARD_POINTS)}


def card_of(point: bytes) -> int:
    """The card whose point is ``point``; :class:`NotACard` for any other bytes."""
    try:
        return _CARD_OF[point]
    except (KeyError, TypeError):
        raise NotACard("the unlocked point is not a card: a lock key is wrong") from None


# -------------------------------------------------------------------- key derivation


def _extract(ikm: bytes) -> bytes:
    """HKDF-Extract (RFC 5869 §2.2) with the one salt of this module.

    Every derivation from a secret starts with the same Extract; done once per secret
    (a round's keys are ~60 derivations), only the Expand step is repeated per key.
    """
    mac = crypto_hmac.HMAC(_HKDF_SALT, hashes.SHA512())
    mac.update(ikm)
    return mac.finalize()


def _expand(prk: bytes, label: bytes, index: int, attempt: int, context: bytes) -> bytes:
    """HKDF-Expand (RFC 5869 §2.3) of one 64-byte block: with :func:`_extract`, exactly
    HKDF-SHA512(salt, ikm, info) for the info CRYPTO.md gives."""
    info = label + b"\x00" + index.to_bytes(4, "big") + attempt.to_bytes(4, "big") + context
    return HKDFExpand(algorithm=hashes.SHA512(), length=_HKDF_BLOCK, info=info).derive(prk)


def _derive_scalar(
    prk: bytes, label: bytes, index: int, context: bytes, revealed: bool = False
) -> bytes:
    reduce = group.public_scalar_reduce if revealed else group.scalar_reduce
    attempt = 0
    while True:
        s = reduce(_expand(prk, label, index, attempt, context))
        if s != bytes(32):  # zero has probability 2**-252; specified, never seen
            return s
        attempt += 1


_WORDS = struct.Struct(f">{_HKDF_BLOCK // 4}I")


class _KeyedStream:
    """Unbounded keyed byte stream: HKDF blocks for index 0, 1, 2, ... concatenated,
    read as big-endian 32-bit words."""

    def __init__(self, prk: bytes, label: bytes, context: bytes) -> None:
        self._prk, self._label, self._context = prk, label, context
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._next = 0

    def u32(self) -> int:
        if self._next == len(self._words):
            block = _expand(self._prk, self._label, self._block, 0, self._context)
            self._words = _WORDS.unpack(block)
            self._block += 1
            self._next = 0
        word = self._words[self._next]
        self._next += 1
        return word

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``: rejection sampling, so no modulo bias."""
        limit = _U32 - (_U32 % n)
        while True:
            x = self.u32()
            if x < limit:
                return x % n


def _fisher_yates(stream: _KeyedStream, n: int) -> tuple[int, ...]:
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        j = stream.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return tuple(items)


@dataclass(frozen=True)
class RoundKeys:
    """One seat's keys for one round, all derived from its round secret.

    ``lock_factors[i] = lock_keys[i] · shuffle_key_inv`` so that the lock pass is
    one multiplication per position.  ``repr`` hides the key material.

    The inverse and the factors are computed on first use: checking another seat's
    round from its revealed secret needs only the permutation and the lock keys.
    """

    shuffle_key: bytes = field(repr=False)
    permutation: tuple[int, ...] = field(repr=False)
    lock_keys: tuple[bytes, ...] = field(repr=False)

    @property
    def deck_size(self) -> int:
        return len(self.permutation)

    @cached_property
    def shuffle_key_inv(self) -> bytes:
        return group.scalar_invert(self.shuffle_key)

    @cached_property
    def lock_factors(self) -> tuple[bytes, ...]:
        inverse = self.shuffle_key_inv
        return tuple(group.scalar_mul(k, inverse) for k in self.lock_keys)


def round_context(game_id: bytes, round_no: int, seat: int) -> bytes:
    """The context that binds a seat's round keys to one game, round and seat."""
    if not isinstance(game_id, bytes):
        raise UsageError("game_id must be bytes")
    for name, value in (("round_no", round_no), ("seat", seat), ("len(game_id)", len(game_id))):
        if not 0 <= value < _U32:
            raise UsageError(f"{name} = {value} does not fit in 32 bits")
    return (
        _ROUND_CONTEXT_TAG
        + len(game_id).to_bytes(4, "big")
        + game_id
        + round_no.to_bytes(4, "big")
        + seat.to_bytes(4, "big")
    )


def new_round_secret() -> bytes:
    """A fresh 32-byte round secret from :mod:`secrets`."""
    return secrets.token_bytes(SECRET_BYTES)


def _check_secret_and_context(secret: bytes, context: bytes) -> None:
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise InvalidSecret(f"a round secret is {SECRET_BYTES} bytes")
    if not isinstance(context, bytes):
        raise UsageError("context must be bytes (see round_context)")


def derive_round_keys(
    secret: bytes,
    context: bytes,
    deck_size: int = DECK_SIZE,
    *,
    locked: int | None = None,
    revealed: bool = False,
) -> RoundKeys:
    """Derive K, K⁻¹, the permutation and the per-position lock keys from ``secret``.

    ``locked``: derive lock keys (and factors) only for positions ``0..locked-1``, the
    positions a round locks; each key depends on its position alone, so the keys are
    the same as in the full derivation. Default: every position.

    ``revealed``: the secret is public already (another seat's, revealed for the round
    check or an audit), so the keys are reduced modulo L with Python's integers: the
    same keys, a round's derived about a quarter faster (0.85 → 0.65 ms for 60 lock
    keys here), but in variable time: never for a secret that is still secret.
    """
    _check_secret_and_context(secret, context)
    if not 1 <= deck_size < _U32:
        raise UsageError(f"deck_size {deck_size} out of range")
    if locked is None:
        locked = deck_size
    if not 0 <= locked <= deck_size:
        raise UsageError(f"locked {locked} out of range 0..{deck_size}")
    prk = _extract(secret)
    shuffle_key = _derive_scalar(prk, b"shuffle-key", 0, context, revealed)
    permutation = _fisher_yates(_KeyedStream(prk, b"permutation", context), deck_size)
    lock_keys = tuple(
        _derive_scalar(prk, b"lock-key", i, context, revealed) for i in range(locked)
    )
    return RoundKeys(shuffle_key, permutation, lock_keys)


# ------------------------------------------------------------------------ the passes


def check_deck(deck: Sequence[bytes], size: int, *, validate_points: bool = True) -> None:
    """Check a received deck: ``size`` points, each 32 bytes, no two equal, all valid.

    With ``validate_points=False`` the (costly) subgroup check is skipped: use
    that only when every point will go through :func:`shuffle_pass`,
    :func:`lock_pass` or :func:`unlock`, which refuse non-canonical points and
    points of small order, and a deck whose products collide (two points that
    differ by a point of small order). A point off the subgroup that passes them
    differs from what its author's revealed secret gives, so re-running that pass
    (:func:`verify_round`) names the author.
    """
    if isinstance(deck, bytes | str) or not isinstance(deck, Sequence):
        raise WrongDeckSize(f"a deck is a sequence of points, not {type(deck).__name__}")
    if len(deck) != size:
        raise WrongDeckSize(f"a deck has {size} points, got {len(deck)}")
    for i, point in enumerate(deck):
        if not isinstance(point, bytes) or len(point) != group.POINT_BYTES:
            raise InvalidDeckPoint(f"position {i} is not {group.POINT_BYTES} bytes", position=i)
    if len(set(deck)) != size:
        seen: dict[bytes, int] = {}
        for i, point in enumerate(deck):
            if point in seen:
                raise DuplicatePoint(
                    f"positions {seen[point]} and {i} hold the same point", position=i
                )
            seen[point] = i
    if validate_points:
        for i, point in enumerate(deck):
            if not group.is_valid_point(point):
                raise InvalidDeckPoint(
                    f"position {i} is not a valid point of the prime-order subgroup",
                    position=i,
                )


def _refuse_collisions(
    deck: Sequence[bytes], out: list[bytes], sources: Sequence[int]
) -> list[bytes]:
    """Return ``out`` unless two of its points are equal, ``out[j]`` coming from
    ``deck[sources[j]]``.

    A received deck holds no two equal points (:func:`check_deck`), and multiplying by
    a key is one-to-one on the subgroup: equal products mean two received points that
    differ by a point of small order, which the multiplication wipes out
    (:mod:`wizard_p2p.group`). Publishing them would look like our own fault.
    """
    if len(set(out)) == len(out):
        return out
    seen: dict[bytes, int] = {}
    for j, point in enumerate(out):
        if point in seen:
            first, second = sources[seen[point]], sources[j]
            if deck[first] == deck[second]:
                raise DuplicatePoint(
                    f"positions {first} and {second} hold the same point", position=second
                )
            raise InvalidDeckPoint(
                f"positions {first} and {second} differ only by a point of small order",
                position=second,
            )
        seen[point] = j
    raise AssertionError("unreachable: a repeated point was not found")


# Below this many points a second thread costs more than it saves.
_SPLIT_FROM = 8


class _SharedWork:
    """Multiplications that two threads take one at a time, each the next not taken.

    Neither thread waits for the other, to start or to finish. Under load one of the
    two may get a core a millisecond or more after the other (the helper just woken, or
    the caller whose core the helper took): with a fixed half each, the pass then ran
    its two halves one after the other. And the caller, out of work, does the helper's
    last multiplication again rather than wait for it (:meth:`finish_here`).
    """

    def __init__(self, work: Sequence[tuple[bytes, bytes, int]]) -> None:
        self.work = work
        self.out: list[bytes | None] = [None] * len(work)
        self.faults: dict[int, InvalidDeckPoint] = {}
        # Each scalar in X25519's form once: a shuffle multiplies every point by one key.
        self.forms: dict[bytes, tuple[bytes, ...]] = {}
        for _, scalar, _ in work:
            if scalar not in self.forms:
                self.forms[scalar] = group.scalar_steps(scalar)
        # next() of a count is one call into C, so no two threads get the same index.
        self._next = itertools.count()
        self.stopped = False

    def run(self) -> None:
        count, multiply = len(self.work), self._multiply
        mul = group.Multiplier().mul  # the buffer is this thread's
        for index in self._next:
            if index >= count or self.stopped:
                return
            multiply(index, mul)

    def _multiply(self, index: int, mul: Callable[[bytes, tuple[bytes, ...]], bytes]) -> None:
        point, scalar, position = self.work[index]
        try:
            self.out[index] = mul(point, self.forms[scalar])
        except group.InvalidPoint as exc:
            self.faults[index] = InvalidDeckPoint(f"position {position}: {exc}", position=position)

    def finish_here(self) -> None:
        """Do on this thread every multiplication not yet done (or failed).

        Called once every index is taken: what is left is the one the other thread is
        on, if it is still on one. A thread preempted mid-multiplication held whole
        passes up by a few milliseconds (18 % of in-game 60-point passes at 3 seats,
        2.2 ms each: docs/PERFORMANCE.md, sixteenth session); one multiplication done
        twice costs 60 µs. Both threads write the same bytes, so whichever writes last
        changes nothing.
        """
        mul = group.Multiplier().mul
        out, faults = self.out, self.faults
        for index in range(len(self.work)):
            if out[index] is None and index not in faults:
                self._multiply(index, mul)


def _mul_all(work: Sequence[tuple[bytes, bytes, int]], helper: Executor | None) -> list[bytes]:
    """``scalar · point`` over ``(point, scalar, position)`` triples, in order; for the
    first invalid point in order, :class:`InvalidDeckPoint` naming its position.

    With a ``helper`` executor, its thread shares the work (:class:`_SharedWork`):
    libsodium runs without the GIL, so on two free cores a pass takes about half the
    time, and a helper that gets no core only leaves its share to this thread.
    """
    shared = _SharedWork(work)
    _run_shared(shared, helper)
    if shared.faults:
        raise shared.faults[min(shared.faults)]
    # A copy: the helper may still write the last product it was on (the same bytes).
    return cast(list[bytes], list(shared.out))


def _run_shared(shared: _SharedWork, helper: Executor | None) -> None:
    """Do ``shared``'s work on this thread, and on ``helper``'s where it is worth one."""
    if helper is None or len(shared.work) < _SPLIT_FROM:
        shared.run()
        return
    # A helper with ``run_soon`` (a peer's ``PassHelper``) takes the share without a
    # Future, whose bookkeeping on its thread held the GIL just when this one came back
    # from libsodium for it (it then sleeps: docs/PERFORMANCE.md, twenty-fifth session).
    run_soon = getattr(helper, "run_soon", None)
    if run_soon is not None:
        run_soon(shared.run)
    else:
        helper.submit(shared.run)
    try:
        shared.run()
    finally:
        shared.stopped = True
    # Every index is taken. This thread never waits for the helper: one it has not
    # started finds nothing left, and one it is still on is done here too. Whatever the
    # helper failed to finish (it raised, or never ran) is done here as well.
    shared.finish_here()


def shuffle_pass(
    deck: Sequence[bytes],
    keys: RoundKeys,
    keep: int | None = None,
    *,
    helper: Executor | None = None,
) -> list[bytes]:
    """Encrypt every point with K and permute: ``out[j] = K · deck[permutation[j]]``.

    ``keep``: only ``out[:keep]`` (the last shuffler's pass keeps just the positions a
    round locks and deals; the rest, never dealt, is not worth a multiplication each).
    ``helper``: an executor whose thread shares the multiplications (the result is
    the same).
    """
    perm = keys.permutation
    if len(deck) != len(perm):
        raise WrongDeckSize(f"a deck has {len(perm)} points, got {len(deck)}")
    if keep is not None:
        if not 0 < keep <= len(perm):
            raise UsageError(f"keep {keep} out of range 1..{len(perm)}")
        perm = perm[:keep]
    k = keys.shuffle_key
    return _refuse_collisions(deck, _mul_all([(deck[p], k, p) for p in perm], helper), perm)


def shuffle_lock_pass(
    deck: Sequence[bytes],
    keys: RoundKeys,
    keep: int,
    *,
    helper: Executor | None = None,
) -> list[bytes]:
    """The last shuffler's shuffle and lock in one multiplication per position:
    ``out[j] = k_j · deck[permutation[j]]`` for ``j < keep``.

    It is :func:`shuffle_pass` (keeping ``keep``) followed by :func:`lock_pass` of the
    same seat, with ``K`` and ``K⁻¹`` cancelled out: nobody ever sees the deck in
    between, so it need not exist.
    """
    perm = keys.permutation
    if len(deck) != len(perm):
        raise WrongDeckSize(f"a deck has {len(perm)} points, got {len(deck)}")
    lock = keys.lock_keys
    if not 0 < keep <= min(len(perm), len(lock)):
        raise UsageError(f"keep {keep} out of range 1..{min(len(perm), len(lock))}")
    kept = perm[:keep]
    return _refuse_collisions(
        deck, _mul_all([(deck[p], lock[j], p) for j, p in enumerate(kept)], helper), kept
    )


def _positions(positions: Iterable[int] | None, size: int) -> list[int]:
    if positions is None:
        return list(range(size))
    result = list(positions)
    for i in result:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < size:
            raise UsageError(f"position {i!r} is not in 0..{size - 1}")
    if len(set(result)) != len(result):
        raise UsageError("a position is listed twice (it would be locked twice)")
    return result


def lock_pass(
    deck: Sequence[bytes],
    keys: RoundKeys,
    positions: Iterable[int] | None = None,
    *,
    helper: Executor | None = None,
) -> list[bytes]:
    """Swap the K layer for the per-position key at ``positions`` (default all).

    ``out[i] = (k_i · K⁻¹) · deck[i]`` for ``i`` in ``positions``; every other
    position is copied unchanged (it stays under K and is never dealt). The deck may
    be the first positions only (what the last shuffler kept).
    """
    size = len(deck)
    if not 0 < size <= keys.deck_size:
        raise WrongDeckSize(f"a deck has 1..{keys.deck_size} points, got {size}")
    out = list(deck)
    factors = keys.lock_factors
    chosen = _positions(positions, size)
    locked = _mul_all([(deck[i], factors[i], i) for i in chosen], helper)
    for i, point in zip(chosen, locked, strict=True):
        out[i] = point
    return _refuse_collisions(deck, out, range(size))


def release_key(keys: RoundKeys, position: int) -> bytes:
    """The lock key this seat gives away so that ``position`` can be opened."""
    _positions((position,), keys.deck_size)
    return keys.lock_keys[position]


def unlock(point: bytes, keys: Sequence[bytes]) -> bytes:
    """Remove every seat's lock: ``(∏ keys)⁻¹ · point`` (one inversion, one multiplication).

    ``keys`` are the lock keys of every seat for this position, in any order.
    Raises :class:`~wizard_p2p.group.InvalidScalar` for a malformed key and
    :class:`~wizard_p2p.group.InvalidPoint` for a malformed point.
    """
    return group.mul(point, group.scalar_invert(_key_product(keys)))


def _key_product(keys: Sequence[bytes]) -> bytes:
    """The product of a card's lock keys, each checked, in constant-time arithmetic."""
    if isinstance(keys, bytes) or not keys:
        raise UsageError("reading a card needs the sequence of every seat's lock key")
    product = group.check_scalar(keys[0])
    for key in keys[1:]:
        product = group.scalar_mul(product, group.check_scalar(key))
    return product


def read_card(point: bytes, keys: Sequence[bytes]) -> int:
    """:func:`unlock` then :func:`card_of`: the card at a fully released position."""
    return card_of(unlock(point, keys))


def read_cards(
    sealed: Sequence[tuple[bytes, Sequence[bytes]]], *, helper: Executor | None = None
) -> list[int]:
    """:func:`read_card` of several cards, ``(point, every seat's lock key)`` each: the
    same cards; for the first card in order that does not decode, an
    :class:`UnreadableCard` caused by why (a bad key, a bad point, or not a card).

    A hand is read at the deal, on the set-up's last hop: one inversion for all the
    cards (Montgomery's trick: the product of every card's product, inverted, then taken
    apart with three multiplications a card) instead of one a card, in the same
    constant-time scalar arithmetic as :func:`unlock`, and the point multiplications
    shared with ``helper`` as a pass's are. A 20-card hand: 3.3 ms read one by one,
    1.8 ms so.
    """
    faults: dict[int, CryptoError] = {}
    readable: list[int] = []  # the cards whose keys are well formed, and their products
    products: list[bytes] = []
    for i, (_, keys) in enumerate(sealed):
        try:
            product = _key_product(keys)
        except CryptoError as exc:
            faults[i] = exc
        else:
            readable.append(i)
            products.append(product)
    inverses = _invert_all(products)
    work = [(sealed[i][0], inverse, i) for i, inverse in zip(readable, inverses, strict=True)]
    shared = _SharedWork(work)
    _run_shared(shared, helper)
    out: list[bytes | None] = [None] * len(sealed)
    for i, point in zip(readable, shared.out, strict=True):
        out[i] = point
    for j, fault in shared.faults.items():
        faults[readable[j]] = fault
    cards: list[int] = []
    for i, point in enumerate(out):
        fault = faults.get(i)
        if fault is None:
            try:
                cards.append(card_of(point))  # type: ignore[arg-type]
                continue
            except NotACard as exc:
                fault = exc
        raise UnreadableCard(f"card {i}: {fault}", index=i, read=cards) from fault
    return cards


def _invert_all(scalars: Sequence[bytes]) -> list[bytes]:
    """Each scalar's inverse mod L with one inversion (Montgomery's trick), in
    libsodium's constant-time arithmetic: the scalars may be secret."""
    if not scalars:
        return []
    prefix = [scalars[0]]  # prefix[i] = scalars[0] · … · scalars[i]
    for scalar in scalars[1:]:
        prefix.append(group.scalar_mul(prefix[-1], scalar))
    inverse = group.scalar_invert(prefix[-1])  # (scalars[0] · … · scalars[i])⁻¹ below
    out = [b""] * len(scalars)
    for i in range(len(scalars) - 1, 0, -1):
        out[i] = group.scalar_mul(inverse, prefix[i - 1])
        inverse = group.scalar_mul(inverse, scalars[i])
    out[0] = inverse
    return out


def read_public_card(point: bytes, keys: Sequence[bytes]) -> int:
    """:func:`read_card` for a card whose keys are all public (released in the log).

    The same result and the same errors, with the keys' product and inverse in
    variable-time integer arithmetic (:func:`group.public_scalar_inverse_product`):
    never pass a key that is still secret, such as one's own key of a card in hand.
    """
    if isinstance(keys, bytes) or not keys:
        raise UsageError("unlock needs the sequence of every seat's lock key")
    return card_of(group.mul(point, group.public_scalar_inverse_product(keys)))


def clairvoyant_recipients(owner: int, seats: Iterable[int]) -> list[int]:
    """Who receives each lock key of a position shown to everyone but its ``owner``.

    Every seat ``t`` (the owner included) gives its own key ``k_{t,i}`` for the
    position, sealed to each (:func:`seal_keys`), to every seat in the returned list
    other than ``t`` itself.  The owner receives no key for the position, so it lacks N-1 of
    the N keys; every other seat ends with all N and can read the card.
    """
    all_seats = sorted(set(seats))
    if owner not in all_seats:
        raise UsageError(f"owner {owner} is not one of the seats {all_seats}")
    return [s for s in all_seats if s != owner]


# ------------------------------------------------------------- keys sealed to one seat

# A libsodium box adds a 16-byte authenticator (Poly1305) to what it seals.
SEAL_OVERHEAD = nacl_bindings.crypto_box_ZEROBYTES - nacl_bindings.crypto_box_BOXZEROBYTES
_BOX_SECRET_BYTES = nacl_bindings.crypto_box_SECRETKEYBYTES
_SEAL_NONCE_BYTES = nacl_bindings.crypto_box_NONCEBYTES


def derive_box_secret(secret: bytes, context: bytes) -> bytes:
    """The X25519 secret with which a seat seals, and opens, lock keys meant for one seat
    (the clairvoyance round's key shares), derived from its round secret like its keys.

    Derived rather than drawn, so the seat's public key is bound to its secret: once the
    secret is revealed, anyone can redo every box the seat sealed or was sent.
    """
    _check_secret_and_context(secret, context)
    return _expand(_extract(secret), b"share-box", 0, 0, context)[:_BOX_SECRET_BYTES]


def box_public_key(box_secret: bytes) -> bytes:
    """The public key (an X25519 point of the prime-order subgroup) of a box secret:
    libsodium's ``crypto_scalarmult_base``, which clamps the secret."""
    return nacl_bindings.crypto_scalarmult_base(box_secret)


def box_shared_key(box_secret: bytes, other_key: bytes) -> bytes:
    """The key one seat shares with another whose box key is ``other_key``: libsodium's
    ``crypto_box_beforenm`` (X25519, then HSalsa20). The same from either side, so a
    seat computes it once per other seat and round, to seal to it and to open from it."""
    try:
        return nacl_bindings.crypto_box_beforenm(other_key, box_secret)
    except (nacl_exceptions.RuntimeError, nacl_exceptions.ValueError, TypeError) as exc:
        raise UnopenableKeys(f"not a usable box key: {exc}") from None


def _seal_nonce(sender: int, recipient: int) -> bytes:
    # Both directions between two seats share one key, so the nonce tells them apart;
    # every key pair is one round's, so nothing else repeats.
    if not (0 <= sender < _U32 and 0 <= recipient < _U32) or sender == recipient:
        raise UsageError(f"no box from seat {sender} to seat {recipient}")
    tag = _SEAL_NONCE_TAG + sender.to_bytes(4, "big") + recipient.to_bytes(4, "big")
    return hashlib.sha256(tag).digest()[:_SEAL_NONCE_BYTES]


def seal_keys(shared_key: bytes, sender: int, recipient: int, keys: Sequence[bytes]) -> bytes:
    """``keys`` (scalars, in order) sealed from seat ``sender`` to seat ``recipient``
    with the key they share (:func:`box_shared_key`): libsodium's box (XSalsa20-Poly1305,
    ``crypto_box_afternm``) with a nonce fixed by the two seats, so the same inputs
    always seal to the same bytes."""
    plaintext = b"".join(group.check_scalar(k) for k in keys)
    return nacl_bindings.crypto_box_afternm(plaintext, _seal_nonce(sender, recipient), shared_key)


def open_keys(
    shared_key: bytes, sender: int, recipient: int, sealed: bytes, count: int
) -> tuple[bytes, ...]:
    """The ``count`` keys seat ``sender`` sealed to seat ``recipient``; raises
    :class:`UnopenableKeys` if the box does not open or does not hold ``count`` valid keys."""
    nonce = _seal_nonce(sender, recipient)
    try:
        plaintext = nacl_bindings.crypto_box_open_afternm(sealed, nonce, shared_key)
    except nacl_exceptions.CryptoError:
        raise UnopenableKeys("the sealed keys do not open (forged or sealed to another)") from None
    size = group.SCALAR_BYTES
    if len(plaintext) != count * size:
        raise UnopenableKeys(f"the sealed keys hold {len(plaintext)} bytes, not {count} keys")
    keys = tuple(plaintext[i : i + size] for i in range(0, len(plaintext), size))
    for key in keys:
        try:
            group.check_scalar(key)
        except group.InvalidScalar as exc:
            raise UnopenableKeys(f"a sealed key is not a valid key: {exc}") from None
    return keys


def deck_order(keys_by_seat: Sequence[RoundKeys]) -> tuple[int, ...]:
    """The card at every position of the final deck, from all seats' revealed keys.

    Composes the permutations (no multiplication): position ``j`` holds card
    ``perm_0[perm_1[... perm_{N-1}[j] ...]]``.  Meaningful only once
    :func:`verify_round` has accepted the passes.
    """
    if not keys_by_seat:
        raise UsageError("deck_order needs at least one seat's keys")
    size = keys_by_seat[0].deck_size
    order = list(range(size))
    for keys in keys_by_seat:
        if keys.deck_size != size:
            raise UsageError("all seats' keys must be for the same deck size")
        order = [order[p] for p in keys.permutation]
    return tuple(order)


# ---------------------------------------------------------------------- verification


def _compare(expected: Sequence[bytes], published: Sequence[bytes], kind: str) -> None:
    if isinstance(published, bytes | str) or not isinstance(published, Sequence):
        raise PassMismatch(f"published {type(published).__name__}, not a deck", kind=kind)
    if len(published) != len(expected):
        raise PassMismatch(
            f"published {len(published)} points, its secret gives {len(expected)}", kind=kind
        )
    differing = [j for j, (e, p) in enumerate(zip(expected, published, strict=True)) if e != p]
    if differing:
        first = differing[0]
        others = f" and {len(differing) - 1} more" if len(differing) > 1 else ""
        raise PassMismatch(
            f"position {first}{others} differ from what its revealed secret produces",
            kind=kind,
            position=first,
        )


def verify_shuffle_pass(
    before: Sequence[bytes], after: Sequence[bytes], keys: RoundKeys, keep: int | None = None
) -> None:
    """Raise :class:`PassMismatch` (kind ``"shuffle"``) unless ``after`` shuffles ``before``
    (its first ``keep`` positions, if given)."""
    _compare(shuffle_pass(before, keys, keep), after, "shuffle")


def verify_shuffle_lock_pass(
    before: Sequence[bytes], after: Sequence[bytes], keys: RoundKeys, keep: int
) -> None:
    """Raise :class:`PassMismatch` (kind ``"shuffle"``) unless ``after`` is the last
    shuffler's :func:`shuffle_lock_pass` of ``before``."""
    _compare(shuffle_lock_pass(before, keys, keep), after, "shuffle")


def verify_lock_pass(
    before: Sequence[bytes],
    after: Sequence[bytes],
    keys: RoundKeys,
    positions: Iterable[int] | None = None,
) -> None:
    """Raise :class:`PassMismatch` (kind ``"lock"``) unless ``after`` locks ``before``."""
    _compare(lock_pass(before, keys, positions), after, "lock")


class SeatPasses(NamedTuple):
    """The two decks one seat published in a round."""

    shuffled: Sequence[bytes]
    locked: Sequence[bytes]


def verify_round(
    initial_deck: Sequence[bytes],
    passes_by_seat: Sequence[SeatPasses | tuple[Sequence[bytes], Sequence[bytes]]],
    secrets_by_seat: Sequence[bytes],
    contexts: Sequence[bytes],
    lock_positions: Iterable[int] | None = None,
) -> tuple[RoundKeys, ...]:
    """Re-run every seat's passes from its revealed secret; blame the first that differs.

    Order of the round: shuffle passes of seats 0..N-1 (seat 0 starts from
    ``initial_deck``, seat s from seat s-1's shuffled deck), then lock passes
    of seats 0..N-1 (seat 0 starts from seat N-1's shuffled deck).  Each pass
    is recomputed from the deck its author received, so a seat is blamed only
    for its own transformation.  Returns every seat's :class:`RoundKeys`
    (for :func:`verify_released_key` and :func:`deck_order`).
    """
    n = len(passes_by_seat)
    if n == 0 or len(secrets_by_seat) != n or len(contexts) != n:
        raise UsageError("verify_round needs one passes pair, secret and context per seat")
    size = len(initial_deck)
    positions = _positions(lock_positions, size)
    keys_by_seat: list[RoundKeys] = []
    for seat in range(n):
        try:
            keys_by_seat.append(
                derive_round_keys(secrets_by_seat[seat], contexts[seat], size, revealed=True)
            )
        except InvalidSecret as exc:
            raise PassMismatch(str(exc), kind="secret", seat=seat) from None
    deck: Sequence[bytes] = initial_deck
    for kind in ("shuffle", "lock"):
        for seat in range(n):
            published = passes_by_seat[seat][0 if kind == "shuffle" else 1]
            keys = keys_by_seat[seat]
            expected = (
                shuffle_pass(deck, keys) if kind == "shuffle" else lock_pass(deck, keys, positions)
            )
            try:
                _compare(expected, published, kind)
            except PassMismatch as exc:
                raise PassMismatch(
                    exc.reason, kind=kind, seat=seat, position=exc.position
                ) from None
            deck = expected
    return tuple(keys_by_seat)


def verify_released_key(keys: RoundKeys, position: int, released: bytes) -> None:
    """Raise :class:`KeyMismatch` unless ``released`` is the seat's lock key for ``position``."""
    expected = release_key(keys, position)
    if not isinstance(released, bytes) or not hmac.compare_digest(expected, released):
        raise KeyMismatch(
            f"the key released for position {position} is not the one its secret derives",
            position=position,
        )


# ----------------------------------------------------------------------- commitments


def _length_prefixed(*parts: bytes) -> bytes:
    return b"".join(len(p).to_bytes(4, "big") + p for p in parts)


def _domain_bytes(domain: str) -> bytes:
    if not isinstance(domain, str) or not domain:
        raise UsageError("a commitment domain is a non-empty string")
    return domain.encode("utf-8")


def commitment_of(domain: str, value: bytes, nonce: bytes) -> bytes:
    """SHA-256(tag ‖ lp(domain) ‖ lp(nonce) ‖ lp(value)), lp = 4-byte big-endian length + bytes."""
    if not isinstance(value, bytes) or not isinstance(nonce, bytes):
        raise UsageError("a committed value and its nonce are bytes")
    return hashlib.sha256(
        _COMMITMENT_TAG + _length_prefixed(_domain_bytes(domain), nonce, value)
    ).digest()


def commit(domain: str, value: bytes) -> tuple[bytes, bytes]:
    """Commit to ``value`` under ``domain``: returns (commitment, nonce); keep the nonce."""
    nonce = secrets.token_bytes(NONCE_BYTES)
    return commitment_of(domain, value, nonce), nonce


def verify_commitment(domain: str, commitment: bytes, value: bytes, nonce: bytes) -> None:
    """Raise :class:`CommitmentMismatch` unless (value, nonce) opens ``commitment``."""
    if not isinstance(nonce, bytes) or len(nonce) != NONCE_BYTES:
        raise CommitmentMismatch(f"a commitment nonce is {NONCE_BYTES} bytes")
    if not isinstance(value, bytes):
        raise CommitmentMismatch("a committed value is bytes")
    expected = commitment_of(domain, value, nonce)
    if not isinstance(commitment, bytes) or not hmac.compare_digest(expected, commitment):
        raise CommitmentMismatch(f"the opening does not match the {domain!r} commitment")


def joint_random_index(contributions: Sequence[bytes], n: int, context: bytes) -> int:
    """An index in ``[0, n)`` that no contributor controls alone, without modulo bias.

    The contributions (in seat order, each revealed after all were committed)
    are length-prefixed and concatenated into the HKDF input; the index is
    drawn from the keyed stream labelled ``joint-random`` by rejection sampling.
    """
    if isinstance(contributions, bytes) or not contributions:
        raise UsageError("joint_random_index needs a sequence of contributions")
    if not all(isinstance(c, bytes) for c in contributions):
        raise UsageError("every contribution is bytes")
    if not 1 <= n <= _U32:
        raise UsageError(f"n = {n} out of range 1..2**32")
    if not isinstance(context, bytes):
        raise UsageError("context must be bytes")
    ikm = _length_prefixed(*contributions)
    return _KeyedStream(_extract(ikm), b"joint-random", context).below(n)


# --------------------------------------------------------------------------- vectors

VECTOR_GAME_ID = hashlib.sha256(b"wizard-p2p test vector game").digest()


def _vector_secret(seat: int) -> bytes:
    return hashlib.sha256(b"wizard-p2p test vector secret " + bytes([seat])).digest()


def vectors() -> dict[str, Any]:
    """The known-answer vectors of ``protocol/vectors/crypto/``, by file name."""
    card_points = {
        "description": "card id c (0..59, canonical deck order) -> point: the X25519 "
        "u-coordinate of crypto_core_ed25519_from_uniform("
        "SHA-512(b'wizard-p2p/v1/card-point' || 0x00 || u8(c))[:32])",
        "points": [p.hex() for p in CARD_POINTS],
    }

    context = round_context(VECTOR_GAME_ID, 3, 1)
    secret = _vector_secret(0)
    keys = derive_round_keys(secret, context)
    key_derivation = {
        "description": "derive_round_keys(secret, round_context(game_id, round_no, seat))",
        "game_id": VECTOR_GAME_ID.hex(),
        "round_no": 3,
        "seat": 1,
        "context": context.hex(),
        "secret": secret.hex(),
        "deck_size": DECK_SIZE,
        "shuffle_key": keys.shuffle_key.hex(),
        "shuffle_key_inv": keys.shuffle_key_inv.hex(),
        "permutation": list(keys.permutation),
        "lock_keys_first": [k.hex() for k in keys.lock_keys[:4]],
        "lock_factors_first": [f.hex() for f in keys.lock_factors[:4]],
        "lock_key_59": keys.lock_keys[59].hex(),
    }

    n_seats, round_no, hand = 3, 2, 2
    dealt = n_seats * hand  # positions 0..5 go to seat (p mod 3), position 6 is the trump
    lock_positions = list(range(dealt + 1))
    contexts = [round_context(VECTOR_GAME_ID, round_no, s) for s in range(n_seats)]
    seat_secrets = [_vector_secret(s) for s in range(n_seats)]
    seat_keys = [derive_round_keys(seat_secrets[s], contexts[s]) for s in range(n_seats)]
    shuffled: list[list[bytes]] = []
    deck: list[bytes] = list(CARD_POINTS)
    for s in range(n_seats):
        deck = shuffle_pass(deck, seat_keys[s])
        shuffled.append(deck)
    locked: list[list[bytes]] = []
    for s in range(n_seats):
        deck = lock_pass(deck, seat_keys[s], lock_positions)
        locked.append(deck)

    def read(p: int) -> int:
        return read_card(deck[p], [k.lock_keys[p] for k in seat_keys])

    small_shuffle = {
        "description": "3 seats, round 2: shuffle passes of seats 0,1,2 from the card "
        "points, then lock passes of seats 0,1,2 at lock_positions; the deal layout "
        "(position p < 6 to seat p mod 3, position 6 the trump indicator) is only "
        "this vector's example",
        "game_id": VECTOR_GAME_ID.hex(),
        "round_no": round_no,
        "secrets": [s.hex() for s in seat_secrets],
        "contexts": [c.hex() for c in contexts],
        "lock_positions": lock_positions,
        "shuffled": [[p.hex() for p in d] for d in shuffled],
        "locked": [[p.hex() for p in d] for d in locked],
        "lock_keys": [[k.lock_keys[p].hex() for p in lock_positions] for k in seat_keys],
        "hands": [[read(p) for p in range(s, dealt, n_seats)] for s in range(n_seats)],
        "trump_card": read(dealt),
        "deck_order": list(deck_order(seat_keys)),
    }

    nonce = hashlib.sha256(b"wizard-p2p test vector nonce").digest()
    contributions = [hashlib.sha256(bytes([s])).digest() for s in range(4)]
    jr_context = b"first-dealer:" + VECTOR_GAME_ID
    commitments = {
        "description": "commitment_of(domain, value, nonce) and joint_random_index",
        "commitments": [
            {
                "domain": domain,
                "value": value.hex(),
                "nonce": nonce.hex(),
                "commitment": commitment_of(domain, value, nonce).hex(),
            }
            for domain, value in (("bid", b"\x03"), ("first-dealer", contributions[0]))
        ],
        "joint_random": [
            {
                "contributions": [c.hex() for c in contributions[:k]],
                "n": k,
                "context": jr_context.hex(),
                "index": joint_random_index(contributions[:k], k, jr_context),
            }
            for k in (3, 4)
        ]
        + [
            {
                "contributions": [c.hex() for c in contributions],
                "n": 1000003,
                "context": jr_context.hex(),
                "index": joint_random_index(contributions, 1000003, jr_context),
            }
        ],
    }
    sealer, reader = 0, 2
    box_secrets = [derive_box_secret(seat_secrets[s], contexts[s]) for s in range(n_seats)]
    sealed_keys_of = [seat_keys[sealer].lock_keys[p] for p in (1, 2, 4)]
    sealed_keys = {
        "description": "derive_box_secret(secret, context) and box_public_key of seats 0 "
        "and 2 of small_shuffle.json; seal_keys of seat 0's lock keys of positions 1, 2 "
        "and 4 from seat 0 to seat 2 (nonce: the 24 bytes crypto_box was given)",
        "contexts": [contexts[sealer].hex(), contexts[reader].hex()],
        "secrets": [seat_secrets[sealer].hex(), seat_secrets[reader].hex()],
        "box_secrets": [box_secrets[sealer].hex(), box_secrets[reader].hex()],
        "box_keys": [box_public_key(box_secrets[s]).hex() for s in (sealer, reader)],
        "sender": sealer,
        "recipient": reader,
        "nonce": _seal_nonce(sealer, reader).hex(),
        "keys": [k.hex() for k in sealed_keys_of],
        "box": seal_keys(
            box_shared_key(box_secrets[sealer], box_public_key(box_secrets[reader])),
            sealer,
            reader,
            sealed_keys_of,
        ).hex(),
    }
    return {
        "sealed_keys.json": sealed_keys,
        "card_points.json": card_points,
        "key_derivation.json": key_derivation,
        "small_shuffle.json": small_shuffle,
        "commitments.json": commitments,
        "scalars.json": _scalar_vectors(keys),
    }


# u = 2 is a point of Curve25519's quadratic twist (2³ + 486662·2² + 2 is not a square).
_TWIST_U2 = (2).to_bytes(group.POINT_BYTES, "little")


def _scalar_vectors(keys: RoundKeys) -> dict[str, Any]:
    """Products by scalars with and without a clamped form (CRYPTO.md §2)."""
    small = [1, 8, 16, 8 * 3, 8 * 3 * 5 * 7 * 11 * 13]
    values = [int.from_bytes(k, "little") for k in (keys.shuffle_key, keys.lock_keys[0])]
    values += small + [group.L - v for v in small]
    values.append(2**254 % group.L)  # s/8 = 2**251: both s/8 and −s/8 lie in range
    cases = []
    for value in values:
        scalar = value.to_bytes(group.SCALAR_BYTES, "little")
        cases.append(
            {
                "scalar": scalar.hex(),
                "steps": [step.hex() for step in group.clamped_steps(value)],
                "card": group.mul(CARD_POINTS[0], scalar).hex(),
                "twist": group.mul(_TWIST_U2, scalar).hex(),
            }
        )
    return {
        "description": "s·P for the point of card 0 and for u = 2 (a point of the twist): "
        "steps are the X25519 scalars applied in turn (the clamped form of s, or those of "
        "c and s·c⁻¹)",
        "card": CARD_POINTS[0].hex(),
        "twist": _TWIST_U2.hex(),
        "cases": cases,
    }


def write_vectors(directory: str) -> list[str]:
    """Write :func:`vectors` as JSON files into ``directory``; returns the paths."""
    import json
    import os

    os.makedirs(directory, exist_ok=True)
    written = []
    for name, content in vectors().items():
        path = os.path.join(directory, name)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(json.dumps(content, indent=1, sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        written.append(path)
    return written


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="wizard-p2p card cryptography")
    parser.add_argument("--write-vectors", metavar="DIR", required=True)
    for written_path in write_vectors(parser.parse_args().write_vectors):
        print(written_path)
