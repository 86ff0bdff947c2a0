"""A networked seat's bot carries out a look its card allows (预见 and its kin): two
processes over loopback (``sorcery play --headless``) with decks whose creatures look
at the top of the deck when they enter; the looker's seat writes its ``look``, the
other seals it the cards, the looker's ``arranged`` and acts end it, and the log
verifies."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from tests.sorcery_support import card_file_bytes
from tests.test_tables_sorcery_bot_looks import GAZER, SEER, seer_decks
from wizard_p2p import cli
from wizard_p2p.sorcery.cards import Card
from wizard_p2p.sorcery.decks import Deck
from wizard_p2p.sorcery.game import Decklist
from wizard_p2p.tables.sorcery.kinds import SorceryKind

LOOKERS = 5  # kinds of looker per deck, two copies each: the shuffles are the seats' own,
# so a third of each deck looks, and a game whose lookers all stay undrawn is not one
# a test run meets


def _many_lookers(deck: Decklist, looker: Card, first: int) -> Decklist:
    main = list(deck.main)
    for kind in range(LOOKERS):
        card = dataclasses.replace(looker, number=str(first + kind))
        main[2 * kind] = main[2 * kind + 1] = card
    return dataclasses.replace(deck, main=tuple(main))


def test_a_networked_seat_looks_at_the_top_of_its_deck(tmp_path: Path) -> None:
    fire, water = seer_decks()
    decks = (_many_lookers(fire, SEER, 111901), _many_lookers(water, GAZER, 121902))
    cards = {c.number: c for d in decks for c in (d.hero, *d.main, *d.skills, *d.extra)}
    card_file = tmp_path / "cards.json"
    card_file.write_bytes(card_file_bytes(list(cards.values())))
    codes = [Deck.of([d.hero, *d.main, *d.skills, *d.extra]).code for d in decks]
    out = tmp_path / "out"
    code = cli.main(["sorcery", "play", "--headless", "--out", str(out), "--seed", "1",
                     "--cards", str(card_file), "--deck", codes[0], "--against", codes[1]])
    assert code == 0
    log = out / "seat-0.jsonl"
    entries = [json.loads(line) for line in log.read_bytes().splitlines()[1:]]
    looks = [i for i, e in enumerate(entries) if e["kind"] == SorceryKind.LOOK]
    assert looks, "no seat looked at its deck"
    for i in looks:
        looker = entries[i]["seat"]
        after = entries[i + 1:]
        # The other seals the cards to the looker, who then arranges them.
        sealed = next(e for e in after if e["kind"] == SorceryKind.SEALED)
        arranged = next(e for e in after if e["kind"] == SorceryKind.ARRANGED)
        assert sealed["seat"] == 1 - looker and arranged["seat"] == looker
    assert log.read_bytes() == (out / "seat-1.jsonl").read_bytes()
    assert cli.main(["audit", str(log), "--cards", str(card_file)]) == 0
