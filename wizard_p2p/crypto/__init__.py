"""Mental cards: shuffle and deal 60 cards so that nobody sees a card it may not see.

This is the SRA commutative-encryption scheme on the prime-order subgroup of
Curve25519, on u-coordinates (:mod:`~wizard_p2p.crypto.group`). It is a library of
pure functions over ``bytes``; it knows no game, no seat names and no network. The
protocol that decides who sends what to whom is built on top of it;
``protocol/CRYPTO.md`` is the normative description of every byte computed here.

A round, with seats ``0..N-1`` and a deck of ``D`` positions (``D = 60``)::

    initial deck   CARD_POINTS: card c (0..59) is the public point C_c
    shuffle pass   each seat s in order: out[j] = K_s · in[perm_s[j]]
    lock pass      each seat s in order: at every dealt position i,
                   out[i] = (k_{s,i} · K_s⁻¹) · in[i]   (K_s layer → k_{s,i} layer)
    release        seat s gives k_{s,i} for positions it is asked to open
    unlock         whoever holds all k_{s,i} for i computes
                   (∏_s k_{s,i})⁻¹ · deck[i] = C_c   and reads card c

The modules, from the bottom up:

* :mod:`~wizard_p2p.crypto.group`: points and scalars of the prime-order subgroup.
* :mod:`~wizard_p2p.crypto.derivation`: HKDF-SHA512 and the keyed stream drawn from it.
* :mod:`~wizard_p2p.crypto.card_points`: the 60 public card points.
* :mod:`~wizard_p2p.crypto.keys`: a seat's round secret and the keys derived from it.
* :mod:`~wizard_p2p.crypto.decks`: what a well-formed deck is.
* :mod:`~wizard_p2p.crypto.sharing`: a pass's multiplications shared with a second
  thread, the only place threads touch this package.
* :mod:`~wizard_p2p.crypto.passes`: the shuffle and lock passes, the released keys.
* :mod:`~wizard_p2p.crypto.reading`: unlocking a position to read its card.
* :mod:`~wizard_p2p.crypto.sealing`: lock keys sealed to one seat (clairvoyance).
* :mod:`~wizard_p2p.crypto.commitments`: hash commitments and a joint random index.
* :mod:`~wizard_p2p.crypto.verify`: re-running a seat's passes from its revealed secret.

A second scheme stands beside the deal of 60 cards: one player's own deck, private
between two players (CRYPTO.md §13), built on the same group, derivations and boxes:

* :mod:`~wizard_p2p.crypto.deck_points`: copy points, the committed lists, contexts
  and every value a party derives from its master secret.
* :mod:`~wizard_p2p.crypto.relayer`: the four passes of an epoch.
* :mod:`~wizard_p2p.crypto.deck_messages`: the deck's messages, frozen values.
* :mod:`~wizard_p2p.crypto.deck_record`: the epochs and boxes they leave on the table.
* :mod:`~wizard_p2p.crypto.deck_faults`: one error class per fault.
* :mod:`~wizard_p2p.crypto.deck_audit`: the checks at the end.
* :mod:`~wizard_p2p.crypto.private_deck`: the state machine of one deck.

The names below are the package's public face; ``group`` stays a module of its own
(``from wizard_p2p.crypto import group``). ``tools/crypto_vectors.py`` at the
repository's root writes the known-answer vectors of ``protocol/vectors/crypto/``.
"""

from wizard_p2p.crypto.card_points import CARD_POINTS, DECK_SIZE, NotACard, card_of, card_point
from wizard_p2p.crypto.commitments import (
    NONCE_BYTES,
    CommitmentMismatch,
    commit,
    commitment_of,
    joint_random_index,
    verify_commitment,
)
from wizard_p2p.crypto.decks import (
    BadDeck,
    DuplicatePoint,
    InvalidDeckPoint,
    WrongDeckSize,
    check_deck,
)
from wizard_p2p.crypto.keys import (
    SECRET_BYTES,
    InvalidSecret,
    RoundKeys,
    derive_round_keys,
    new_round_secret,
    round_context,
)
from wizard_p2p.crypto.passes import lock_pass, release_key, shuffle_lock_pass, shuffle_pass
from wizard_p2p.crypto.reading import (
    UnreadableCard,
    read_card,
    read_cards,
    read_public_card,
    unlock,
)
from wizard_p2p.crypto.sealing import (
    SEAL_OVERHEAD,
    UnopenableKeys,
    box_public_key,
    box_shared_key,
    clairvoyant_recipients,
    derive_box_secret,
    open_keys,
    seal_keys,
)
from wizard_p2p.crypto.sharing import Helper, PassSharer
from wizard_p2p.crypto.verify import (
    KeyMismatch,
    PassMismatch,
    SeatPasses,
    deck_order,
    verify_lock_pass,
    verify_released_key,
    verify_round,
    verify_shuffle_lock_pass,
    verify_shuffle_pass,
)

__all__ = [
    "CARD_POINTS",
    "DECK_SIZE",
    "NONCE_BYTES",
    "SEAL_OVERHEAD",
    "SECRET_BYTES",
    "BadDeck",
    "CommitmentMismatch",
    "DuplicatePoint",
    "Helper",
    "InvalidDeckPoint",
    "InvalidSecret",
    "KeyMismatch",
    "NotACard",
    "PassMismatch",
    "PassSharer",
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
    "shuffle_lock_pass",
    "shuffle_pass",
    "unlock",
    "verify_commitment",
    "verify_lock_pass",
    "verify_released_key",
    "verify_round",
    "verify_shuffle_lock_pass",
    "verify_shuffle_pass",
]
