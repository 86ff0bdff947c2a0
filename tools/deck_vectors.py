"""``python -m tools.deck_vectors``: regenerate ``protocol/vectors/crypto/private_deck.json``,
the known-answer vector of a private deck between two players (CRYPTO.md §13).

Two fixed master secrets, a main list of six cards (two copies of one) and a pool of
one: the copy points, the commitment, the box keys, the four passes of the set-up, a draw
of one card (its box and the card the owner reads), then a search (its box, the card
taken, the four passes of the shuffle that follows). Every value comes from the
library's state machines fed the same messages, so the file regenerates byte for byte;
``tests/test_deck_vectors.py`` compares it with the library and re-derives its
values from the text of CRYPTO.md. Run it from the repository root after an intended
change and commit the result.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from tools.generated import generator_main, write_files
from wizard_p2p.crypto.deck_messages import Arranged, Committed, Greeted, Purpose, Sealed
from wizard_p2p.crypto.deck_points import copy_numbers, copy_point, deck_secret
from wizard_p2p.crypto.private_deck import PrivateDeck

VECTOR_DIR = Path("protocol/vectors/crypto")
NAME = "private_deck.json"

GAME_ID = hashlib.sha256(b"wizard-p2p private deck vector game").digest()
DOMAIN = "vector-deck"
OWNER, OTHER = 1, 0
MAIN = (b"101001", b"203004", b"101001", b"102003", b"300101", b"205000")
POOL = (b"301002",)


def master(seat: int) -> bytes:
    return hashlib.sha256(b"wizard-p2p private deck vector master " + bytes([seat])).digest()


def _passes(owner: PrivateDeck, other: PrivateDeck) -> list[list[str]]:
    out = []
    while True:
        who = owner.due()
        if who is None:
            return out
        author, reader = (owner, other) if who == "owner" else (other, owner)
        message = author.make_pass()
        reader.receive(author.seat, message)
        out.append([p.hex() for p in message.points])


def vectors() -> dict[str, Any]:
    """The vector file's content."""
    common = {"game_id": GAME_ID, "owner": OWNER, "other": OTHER, "domain": DOMAIN}
    owner = PrivateDeck.for_owner(master(OWNER), main=MAIN, pool=POOL, **common)
    other = PrivateDeck.for_other(master(OTHER), **common)
    committed: Committed = owner.commit()
    other.receive(OWNER, committed)
    greeted: Greeted = other.greet()
    owner.receive(OTHER, greeted)
    setup = _passes(owner, other)
    draw: Sealed = other.seal(Purpose.DRAW, 1)
    (drawn,) = owner.receive(OTHER, draw)
    search: Sealed = other.seal(Purpose.SEARCH)
    (looked,) = owner.receive(OTHER, search)
    taken = 2
    arranged: Arranged = owner.arrange([taken])
    other.receive(OWNER, arranged)
    shuffle = _passes(owner, other)
    return {
        NAME: {
            "description": "CRYPTO.md §13: a private deck between two players, from fixed "
            "master secrets",
            "game_id": GAME_ID.hex(),
            "domain": DOMAIN,
            "owner": OWNER,
            "other": OTHER,
            "owner_master": master(OWNER).hex(),
            "other_master": master(OTHER).hex(),
            "owner_deck_secret": deck_secret(master(OWNER), GAME_ID, OWNER, OWNER).hex(),
            "other_deck_secret": deck_secret(master(OTHER), GAME_ID, OWNER, OTHER).hex(),
            "main": [c.hex() for c in MAIN],
            "pool": [c.hex() for c in POOL],
            "copy_numbers": list(copy_numbers(MAIN)),
            "copy_points": [
                copy_point(c, n).hex() for c, n in zip(MAIN, copy_numbers(MAIN), strict=True)
            ],
            "commitment": committed.commitment.hex(),
            "owner_box_key": committed.box_key.hex(),
            "other_box_key": greeted.box_key.hex(),
            "setup_passes": setup,
            "draw": {
                "box_number": 0,
                "box": draw.box.hex(),
                "address": list(drawn.addresses[0]),
                "card": drawn.cards[0][0].hex(),
                "copy": drawn.cards[0][1],
            },
            "search": {
                "box_number": 1,
                "box": search.box.hex(),
                "addresses": [list(a) for a in looked.addresses],
                "cards": [[c.hex(), n] for c, n in looked.cards],
                "taken": taken,
                "shuffle_passes": shuffle,
                "deck_after": [list(a) for a in owner.deck],
            },
        }
    }


def files() -> dict[str, bytes]:
    return {
        name: (json.dumps(content, indent=1, sort_keys=True) + "\n").encode()
        for name, content in vectors().items()
    }


def write(directory: Path) -> list[Path]:
    """Write the vector file into ``directory`` (atomically); returns its path."""
    return write_files(directory, files())


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__, write, argv, option="--dir", default=VECTOR_DIR)


if __name__ == "__main__":
    raise SystemExit(main())
