"""What a 巫师牌 seat keeps beside its log so that ``sorcery resume`` can rebuild it.

A seat of Wizard is rebuilt from its log and ``seat.json`` alone; a seat of 巫师牌 also
brings its own whole deck, which nobody else ever sees, and reads every entry with the
card file the genesis names. Both are kept in the game's folder before the seat writes
its first entry:

    <data dir>/games/<id>/sorcery-deck.json   {"deck": CODE, "cards": PATH}  (mode 0600)

``deck`` is the deck code the seat brought (its private deck list, a secret of the seat
as the master secret is); ``cards`` is where the card file was read, so that a resume
reads the same one. The file is written atomically and read through the schema layer,
as every file is: a damaged one is refused in one sentence.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from wizard_p2p import boundedjson
from wizard_p2p.errors import DecodeError, FileMissing, UsageError
from wizard_p2p.files import read_bounded, write_atomic
from wizard_p2p.node.store import GameStore
from wizard_p2p.protocol.schema import Obj, Str
from wizard_p2p.sorcery.decks import MAX_CODE_LENGTH, Deck
from wizard_p2p.sorcery.game import Decklist

__all__ = ["DECK_FILE", "KeptDeck", "deck_code", "keep_deck", "kept_deck"]

DECK_FILE = "sorcery-deck.json"
# The path of a card file, as the system allows one.
_MAX_PATH = 4096
_MAX_BYTES = MAX_CODE_LENGTH + _MAX_PATH + 256
_SCHEMA = Obj({"deck": Str(max_len=MAX_CODE_LENGTH, min_len=1),
               "cards": Str(max_len=_MAX_PATH, min_len=1, controls=True)})


@dataclass(frozen=True)
class KeptDeck:
    """The deck a seat brought to its table, and where its card file was read."""

    code: str
    cards: Path


def deck_code(deck: Decklist) -> str:
    """The code of the deck list ``deck`` (as ``sorcery deck`` reads it again)."""
    return Deck.of([deck.hero, *deck.main, *deck.skills, *deck.extra]).code


def keep_deck(store: GameStore, kept: KeptDeck) -> None:
    """Write ``kept`` into ``store``'s folder (atomically, mode 0600)."""
    data = json.dumps({"deck": kept.code, "cards": str(kept.cards.resolve())},
                      ensure_ascii=False, sort_keys=True).encode()
    store.path.mkdir(parents=True, exist_ok=True, mode=0o700)
    write_atomic(store.path / DECK_FILE, data, mode=0o600)


def kept_deck(store: GameStore) -> KeptDeck:
    """The deck kept in ``store``'s folder; a ``UsageError`` saying why it cannot be read
    (missing: the game is not one of 巫师牌 played by this program's seat)."""
    path = store.path / DECK_FILE
    try:
        data = read_bounded(path, limit=_MAX_BYTES, what="kept deck")
    except FileMissing:
        raise UsageError(
            f"game {store.game_dir} keeps no deck of 巫师牌 ({path} is missing): it cannot "
            "be resumed as a seat of 巫师牌"
        ).saying("sorcery_resume_no_deck", id=store.game_dir) from None
    try:
        fields = _SCHEMA.parse(boundedjson.loads(data, max_size=_MAX_BYTES, max_depth=1,
                                                 what=DECK_FILE), DECK_FILE)
    except DecodeError as exc:
        raise UsageError(f"{path} is damaged ({exc}): game {store.game_dir} cannot be "
                         "resumed").saying("sorcery_resume_bad_deck", id=store.game_dir) \
            from None
    return KeptDeck(fields["deck"], Path(fields["cards"]))
