"""``wizard-p2p sorcery cards import FILE``, ``sorcery deck CODE``, ``sorcery starters``,
and where 巫师牌's card file is found at run time.

The card file is the game's data, never shipped: a user imports their copy of
SorceryComposer's ``resources/all_card_infos.json`` once (it is decoded first, then
copied atomically into the data dir), or names one with ``--cards FILE`` for one run.
Every way it can be missing or damaged ends in one sentence saying where to get it
and how to import it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from wizard_p2p.commands.options import SorceryDeckOptions, SorceryImportOptions
from wizard_p2p.errors import DecodeError, FileMissing, FileRefused, Said, UsageError
from wizard_p2p.files import read_bounded, write_atomic
from wizard_p2p.node.store import default_data_dir
from wizard_p2p.sorcery.cardfile import MAX_CARD_FILE_BYTES, CardDatabase, decode_card_file
from wizard_p2p.sorcery.decks import Deck, read_code
from wizard_p2p.sorcery.starters import STARTERS, starter
from wizard_p2p.tables import CardLibrary

__all__ = [
    "CARD_FILE_NAME",
    "CardFileMissing",
    "card_file_path",
    "import_cards",
    "load_card_file",
    "load_cards",
    "resolve_deck",
    "show_deck",
    "show_starters",
]

CARD_FILE_NAME = "all_card_infos.json"
_SOURCE = "https://github.com/Yifeeeeei/SorceryComposer"
_IMPORT = "wizard-p2p sorcery cards import FILE"
WHERE_TO_GET = (
    f"get SorceryComposer's resources/all_card_infos.json ({_SOURCE}) and import it with: "
    f"{_IMPORT}"
)
# The same advice as data, worded in the reader's language (``tui.catalogue_*``).
_WHERE_SAID = Said("card_file_where", url=_SOURCE, command=_IMPORT)


class CardFileMissing(UsageError):
    """No card file where one is looked for (imported, or named by ``--cards``)."""


def _imported(data_dir: Path | None) -> Path:
    """Where the imported card file is kept, in ``data_dir`` (None: the default)."""
    return (data_dir or default_data_dir()) / "sorcery" / CARD_FILE_NAME


def card_file_path(cards: Path | None, data_dir: Path | None) -> Path:
    """``--cards FILE`` when given, else the imported copy in the data dir."""
    return cards if cards is not None else _imported(data_dir)


def _decode_file(path: Path) -> tuple[bytes, CardDatabase]:
    """The bytes of the card file at ``path`` and its cards, or one sentence saying what
    is wrong with it and where to get a good one."""
    try:
        data = read_bounded(path, limit=MAX_CARD_FILE_BYTES, what="card file of 巫师牌")
    except FileMissing as exc:
        raise CardFileMissing(f"{exc}: {WHERE_TO_GET}").saying(
            "card_file_unreadable", problem=_said(exc), where=_WHERE_SAID) from None
    except FileRefused as exc:
        raise UsageError(f"{exc}: {WHERE_TO_GET}").saying(
            "card_file_unreadable", problem=_said(exc), where=_WHERE_SAID) from None
    try:
        return data, decode_card_file(data)
    except DecodeError as exc:
        # ``exc`` names the field at fault as the decoder reads it: kept as it is, a detail
        # inside the sentence the reader's language words.
        raise UsageError(f"{path} is not a good card file ({exc}): {WHERE_TO_GET}").saying(
            "card_file_not_cards", path=str(path), detail=str(exc), where=_WHERE_SAID) from None


def _said(exc: FileRefused) -> Said | str:
    """What is wrong with the file, as data when ``files`` worded it (it always does)."""
    return exc.said if exc.said is not None else str(exc)


def load_card_file(cards: Path | None, data_dir: Path | None) -> tuple[bytes, CardDatabase]:
    """The bytes of this run's card file and its cards (as :func:`load_cards`): a table
    names the file by the SHA-256 of those bytes."""
    return _decode_file(card_file_path(cards, data_dir))


def card_library(cards: Path | None, data_dir: Path | None) -> CardLibrary | None:
    """The card data a log of 巫师牌 is read with: ``--cards FILE`` (refused in one
    sentence if it is not a card file), else the imported copy, else None (a log of
    Wizard needs none; one of 巫师牌 is then unreadable, and says why)."""
    if cards is None and not _imported(data_dir).is_file():
        return None
    data, database = load_card_file(cards, data_dir)
    return CardLibrary(hashlib.sha256(data).digest(), {c.number: c for c in database})


def load_cards(cards: Path | None, data_dir: Path | None) -> CardDatabase:
    """The card database of this run (``--cards FILE`` or the imported copy), or a
    :class:`UsageError` in one sentence saying where to get the file."""
    return _decode_file(card_file_path(cards, data_dir))[1]


def resolve_deck(text: str, cards: CardDatabase) -> Deck:
    """A starter's name or a deck code, read against ``cards`` (not yet checked
    against the rules: :meth:`Deck.check`)."""
    chosen = starter(text.strip())
    return read_code(chosen.code if chosen else text, cards)


def import_cards(options: SorceryImportOptions) -> int:
    """Decode ``options.file`` (refusing a damaged one) and copy it into the data dir."""
    data, cards = _decode_file(options.file)
    target = _imported(options.data_dir)
    target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    # The bytes just decoded, not a second read: what is kept is what was checked.
    write_atomic(target, data, mode=0o644)
    print(f"imported {len(cards)} cards of 巫师牌 into {target}")
    return 0


def show_deck(options: SorceryDeckOptions) -> int:
    """Exit 0 and a one-line summary for a legal deck; 1 and a line per card and rule
    broken; 2 (raised) when the code cannot be read."""
    cards = load_cards(options.cards, options.data_dir)
    deck = resolve_deck(options.code, cards)
    broken = deck.violations()
    if not broken:
        print(f"legal: {deck}")
        return 0
    print(f"illegal: {len(broken)} rule{'s' if len(broken) > 1 else ''} broken")
    for violation in broken:
        print(f"  {violation.rule}: {violation}")
    return 1


def show_starters() -> int:
    """Every starter deck: its name, elements, what it is, and its code."""
    for deck in STARTERS:
        elements = "".join(e.value for e in deck.elements)
        print(f"{deck.name} ({elements}): {deck.about}\n  {deck.code}")
    return 0
