"""``wizard-p2p sorcery cards import FILE``, ``sorcery deck CODE``, ``sorcery starters``,
and where 巫师牌's card file is found at run time.

The card file is the game's data, never shipped: a user imports their copy of
SorceryComposer's ``resources/all_card_infos.json`` once (it is decoded first, then
copied atomically into the data dir), or names one with ``--cards FILE`` for one run.
Every way it can be missing or damaged ends in one sentence saying where to get it
and how to import it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from wizard_p2p.errors import DecodeError, FileMissing, FileRefused, UsageError
from wizard_p2p.files import read_bounded, write_atomic
from wizard_p2p.node.store import default_data_dir
from wizard_p2p.sorcery.cardfile import MAX_CARD_FILE_BYTES, CardDatabase, decode_card_file
from wizard_p2p.sorcery.decks import Deck, read_code
from wizard_p2p.sorcery.starters import STARTERS, starter

__all__ = [
    "CARD_FILE_NAME",
    "CardFileMissing",
    "card_file_path",
    "import_cards",
    "load_cards",
    "resolve_deck",
    "show_deck",
    "show_starters",
]

CARD_FILE_NAME = "all_card_infos.json"
WHERE_TO_GET = (
    "get SorceryComposer's resources/all_card_infos.json "
    "(https://github.com/Yifeeeeei/SorceryComposer) and import it with: "
    "wizard-p2p sorcery cards import FILE"
)


class CardFileMissing(UsageError):
    """No card file where one is looked for (imported, or named by ``--cards``)."""


def _data_dir(args: argparse.Namespace) -> Path:
    given = getattr(args, "data_dir", None)
    return Path(given) if given else default_data_dir()


def card_file_path(args: argparse.Namespace) -> Path:
    """``--cards FILE`` when given, else the imported copy in the data dir."""
    given = getattr(args, "cards", None)
    if given:
        return Path(given)
    return _data_dir(args) / "sorcery" / CARD_FILE_NAME


def _decode_file(path: Path) -> tuple[bytes, CardDatabase]:
    """The bytes of the card file at ``path`` and its cards, or one sentence saying what
    is wrong with it and where to get a good one."""
    try:
        data = read_bounded(path, limit=MAX_CARD_FILE_BYTES, what="card file of 巫师牌")
    except FileMissing as exc:
        raise CardFileMissing(f"{exc}: {WHERE_TO_GET}") from None
    except FileRefused as exc:
        raise UsageError(f"{exc}: {WHERE_TO_GET}") from None
    try:
        return data, decode_card_file(data)
    except DecodeError as exc:
        raise UsageError(f"{path} is not a good card file ({exc}): {WHERE_TO_GET}") from None


def load_cards(args: argparse.Namespace) -> CardDatabase:
    """The card database of this run (``--cards FILE`` or the imported copy), or a
    :class:`UsageError` in one sentence saying where to get the file."""
    return _decode_file(card_file_path(args))[1]


def resolve_deck(text: str, cards: CardDatabase) -> Deck:
    """A starter's name or a deck code, read against ``cards`` (not yet checked
    against the rules: :meth:`Deck.check`)."""
    chosen = starter(text.strip())
    return read_code(chosen.code if chosen else text, cards)


def import_cards(args: argparse.Namespace) -> int:
    """Decode ``args.file`` (refusing a damaged one) and copy it into the data dir."""
    source = Path(args.file)
    data, cards = _decode_file(source)
    target = _data_dir(args) / "sorcery" / CARD_FILE_NAME
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    # The bytes just decoded, not a second read: what is kept is what was checked.
    write_atomic(target, data, mode=0o644)
    print(f"imported {len(cards)} cards of 巫师牌 into {target}")
    return 0


def show_deck(args: argparse.Namespace) -> int:
    """Exit 0 and a one-line summary for a legal deck; 1 and a line per card and rule
    broken; 2 (raised) when the code cannot be read."""
    cards = load_cards(args)
    deck = resolve_deck(" ".join(args.code), cards)
    broken = deck.violations()
    if not broken:
        print(f"legal: {deck}")
        return 0
    print(f"illegal: {len(broken)} rule{'s' if len(broken) > 1 else ''} broken")
    for violation in broken:
        print(f"  {violation.rule}: {violation}")
    return 1


def show_starters(args: argparse.Namespace) -> int:
    """Every starter deck: its name, elements, what it is, and its code."""
    for deck in STARTERS:
        elements = "".join(e.value for e in deck.elements)
        print(f"{deck.name} ({elements}): {deck.about}\n  {deck.code}")
    return 0
