"""``python -m tools.gen_sorcery_vectors``: regenerate 巫师牌's vectors.

``protocol/vectors/sorcery/`` holds:

* ``cards.json`` — a small SYNTHETIC card file in the card file's format, made of the
  cards the tests build (``tests/sorcery_cards.py``, with the seer decks of
  ``tests/test_tables_sorcery_bot_looks.py``): no card of the real game's data;
* ``clean.jsonl`` — a whole game of 巫师牌 between two bots through the core table,
  with fixed identities, master secrets and nonce, whose genesis names ``cards.json``
  by its SHA-256. The bots are steered so that it holds every entry kind: a mulligan
  (``returned``), a search with its reshuffle, looks, a card placed on the deck;
* ``<name>.jsonl`` — fault vectors: the clean log with one entry changed by its seat,
  re-signed with that seat's key, every later entry chained again and signed by its
  own seat, and the log cut at the line the fault is reported at; the file holds the
  lines from the changed one on, after the first ``clean_prefix`` lines of the clean
  log;
* ``manifest.json`` — for each log, the verdict of ``audit --cards cards.json LOG``:
  ``exit``, ``status``, ``position``, ``seat`` and ``kind`` (the clean game's whole
  ``audit --json`` report besides).

Everything is deterministic: the same run writes the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.sorcery_replica_support import MAX_ENTRIES, cards_of
from tests.sorcery_support import card_file_bytes
from tests.sorcery_table_support import TableGame, identity
from tests.test_tables_sorcery_bot_looks import seer_decks
from tools.conformance_forges import Json, fields, sign_line
from tools.gen_conformance import expected_fault
from tools.generated import generator_main, write_files
from wizard_p2p import canonical
from wizard_p2p.audit import AuditReport, audit_entries
from wizard_p2p.errors import IllegalAction, UsageError
from wizard_p2p.protocol.messages import json_schemas
from wizard_p2p.sorcery.actions import Look, MoveCard, Mulligan, Search, Unknown, Zone
from wizard_p2p.sorcery.game import Step
from wizard_p2p.tables.sorcery.rules import SORCERY_RULES, CardLibrary
from wizard_p2p.tables.sorcery.table_replica import LOOK, SEARCH

SORCERY_DIR = Path("protocol/vectors/sorcery")
SCHEMA_DIR = Path("protocol/schemas/sorcery")
SEED = 1  # with the steering below: every entry kind of the game


def card_file() -> bytes:
    """The synthetic card file: every card of the two seer decks."""
    return card_file_bytes(list(cards_of(seer_decks()).values()))


@dataclass
class _Steer:
    """The bots' game, with one mulligan that returns its hand, one search (taking the
    deck's last card) and one card of a hand placed on top of its deck."""

    mulligan: bool = False
    search: bool = False
    placed: bool = False

    def turn(self, g: TableGame, p: int) -> None:
        table = g.seats[p]
        inner = table.replica.inner  # type: ignore[attr-defined]
        bot, view = g.bots[p], table.view()
        count = inner.looking()
        if count is not None:
            for action in bot.end_look(view, p, count):
                self._choose(g, p, action)
            return
        if inner.searching():
            self._choose(g, p, Search(p, view.sides[p].deck[-1], Unknown.ORDER))
            return
        if not self.search and view.step is Step.PLAY and view.turn >= 2:
            self.search = True
            self._choose(g, p, SEARCH)
            return
        if self.search and not self.placed and view.step is Step.PLAY and view.sides[p].hand:
            self.placed = True
            self._choose(g, p, MoveCard(p, view.sides[p].hand[0], Zone.DECK))
            return
        action = bot.decide(view, p)
        if isinstance(action, Mulligan) and not self.mulligan:
            self.mulligan = True
            action = Mulligan(p, Unknown.ORDER)
        if isinstance(action, Look) and action.order is Unknown.ORDER:
            try:
                self._choose(g, p, (LOOK, action.count))
                return
            except (UsageError, IllegalAction):  # not a moment the table can look
                bot.decline(view)
                action = bot.decide(view, p)
        self._choose(g, p, action)

    @staticmethod
    def _choose(g: TableGame, p: int, choice: object) -> None:
        g._take(p, g.seats[p].choose(choice, derived=True))


def clean_log(cards: bytes) -> list[bytes]:
    """The steered game's log, its genesis naming ``cards`` by digest."""
    g = TableGame(SEED, given_decks=seer_decks(), given_library=CardLibrary.of_file(cards))
    steer = _Steer()
    for p, table in enumerate(g.seats):
        g._take(p, table.start())
    for _ in range(MAX_ENTRIES):
        if g._queue:
            author, raw = g._queue.pop(0)
            for i, table in enumerate(g.tables):
                if i != author:
                    g._take(i, table.receive(raw))
            continue
        chooser = next((p for p, t in enumerate(g.seats) if t.choice_needed()), None)
        if chooser is None:
            return list(g.watcher.log)
        steer.turn(g, chooser)
    raise RuntimeError("the game of 巫师牌 did not end")


# --- the faults -----------------------------------------------------------------------

Pick = Callable[[list[Json], int], bool]
Change = Callable[[Json], None]


def _message(kind: str, purpose: str | None = None, after: str | None = None) -> Pick:
    """The entries of ``kind`` (a deck step of ``purpose``), after the first ``after``."""

    def pick(log: list[Json], i: int) -> bool:
        e = log[i]
        if e["kind"] != kind:
            return False
        if purpose is not None and e["body"]["message"].get("purpose") != purpose:
            return False
        return after is None or any(x["kind"] == after for x in log[:i])

    return pick


def _pass_of(step: int, after: str | None = None) -> Pick:
    base = _message("pass", after=after)
    return lambda log, i: base(log, i) and log[i]["body"]["message"]["step"] == step


def _swap_points(body: Json) -> None:
    points = body["message"]["points"]
    points[0], points[1] = points[1], points[0]


def _flip_hex(key: str) -> Change:
    def change(body: Json) -> None:
        value = body["message"][key]
        body["message"][key] = ("0" if value[0] != "0" else "1") + value[1:]

    return change


def _other_card(body: Json) -> None:
    card = bytes.fromhex(body["message"]["card"]).decode()
    body["message"]["card"] = ("111901" if card != "111901" else "121902").encode().hex()


def _swap_main(body: Json) -> None:
    main = body["message"]["main"]
    j = next(j for j in range(1, len(main)) if main[j] != main[0])
    main[0], main[j] = main[j], main[0]


def _consume_again(log: list[Json], i: int) -> bool:
    """An act consuming the piece the act before it, of the same seat, consumed."""
    e, before = log[i], log[i - 1]
    return (e["kind"] == before["kind"] == "act" and e["seat"] == before["seat"]
            and e["body"]["action"].split()[1:2] == ["consume"]
            and before["body"]["action"].split()[1:2] == ["consume"])


def _consume_same(log: list[Json]) -> Change:
    def change(body: Json) -> None:
        i = next(i for i in range(1, len(log)) if _consume_again(log, i))
        body["action"] = log[i - 1]["body"]["action"]

    return change


def _other_winner(body: Json) -> None:
    body["winner"] = 1 - body["winner"] if body["winner"] is not None else 0


@dataclass(frozen=True)
class Tamper:
    """One seat's cheat: the entry it changes (``pick``) and how (``change``, or
    ``change_in`` for a change that reads the log)."""

    name: str
    description: str
    pick: Pick
    change: Change | None = None
    change_in: Callable[[list[Json]], Change] | None = None

    def changer(self, log: list[Json]) -> Change:
        if self.change_in is not None:
            return self.change_in(log)
        assert self.change is not None
        return self.change


TAMPERS = [
    Tamper("pass-set-up", "the other's shuffle pass of a deck's set-up, two points "
           "swapped", _pass_of(2), _swap_points),
    Tamper("pass-lock", "the owner's last pass (step 3) of a deck's set-up, two points "
           "swapped", _pass_of(3), _swap_points),
    Tamper("opened", "a card opened to both as another card of the file", _message("opened"),
           _other_card),
    Tamper("sealed-draw", "the keys of a draw sealed to the owner in a box that is not "
           "the one the other's secret seals", _message("sealed", "draw"), _flip_hex("box")),
    Tamper("returned", "the mulligan's cards put back at other addresses",
           _message("returned"), lambda body: body["message"]["addresses"].reverse()),
    Tamper("sealed-search", "a search's deck sealed to the owner in a wrong box",
           _message("sealed", "search"), _flip_hex("box")),
    Tamper("pass-search-reshuffle", "a pass of the reshuffle after a search, two points "
           "swapped", _pass_of(2, after="search"), _swap_points),
    Tamper("sealed-look", "the cards of a look sealed to the looker in a wrong box",
           _message("sealed", "look"), _flip_hex("box")),
    Tamper("placed", "a card placed on the deck at the bottom where the act put it on top",
           _message("placed"), lambda body: body["message"].update(bottom=1)),
    Tamper("deck-opened", "the deck opened at the end with two cards of its list swapped "
           "against its commitment", _message("deck_opened"), _swap_main),
    Tamper("act-illegal", "an act that consumes again the unit its writer just consumed",
           _consume_again, change_in=_consume_same),
    Tamper("final", "seat 1's final naming the other winner", lambda log, i: (
        log[i]["kind"] == "final" and log[i]["seat"] == 1), _other_winner),
]


def _chained(lines: list[bytes], at: int, body: Json) -> list[bytes]:
    """``lines`` with entry ``at``'s body replaced, that entry and every later one
    chained to the line before and re-signed by its own seat."""
    out = list(lines[:at])
    for i in range(at, len(lines)):
        obj = fields(lines[i])
        if i == at:
            obj["body"] = body
        obj["prev"] = hashlib.sha256(out[-1]).hexdigest()
        out.append(sign_line(identity(SEED, obj["seat"]), canonical.encode(obj)))
    return out


def verdict(report: AuditReport) -> dict[str, Any]:
    """The audit's verdict, as the fault vectors of Wizard give it."""
    return expected_fault(report)


def fault_vector(lines: list[bytes], library: CardLibrary, tamper: Tamper
                 ) -> tuple[list[bytes], dict[str, Any]]:
    """The log of one fault, cut at its line, and its verdict; the fault must be the
    tampering seat's."""
    log = [fields(line) for line in lines]
    at = next(i for i in range(1, len(log)) if tamper.pick(log, i))
    body = json.loads(json.dumps(log[at]["body"]))
    tamper.changer(log)(body)
    tampered = _chained(lines, at, body)
    report = audit_entries(tampered, cards=library)
    if report.fault_position is None or report.fault_seat != log[at]["seat"]:
        raise RuntimeError(f"{tamper.name}: not the tampering seat's fault: {report.message}")
    cut = tampered[: report.fault_position + 1]
    expected = verdict(audit_entries(cut, cards=library))
    if expected != verdict(report):
        raise RuntimeError(f"{tamper.name}: cut at its fault, the log says otherwise")
    return cut, {**expected, "tampered": at}


def files() -> dict[Path, bytes]:
    cards = card_file()
    library = CardLibrary.of_file(cards)
    lines = clean_log(cards)
    report = audit_entries(lines, cards=library)
    if report.status != "verified":
        raise RuntimeError(f"the clean game of 巫师牌 does not verify: {report.message}")
    out = {SORCERY_DIR / "cards.json": cards, SORCERY_DIR / "clean.jsonl": _log(lines)}
    vectors: list[dict[str, Any]] = [{
        "name": "clean", "description": "a whole game, verified", "log": "clean.jsonl",
        "expected": {**verdict(report), "audit": report.to_json()},
    }]
    for tamper in TAMPERS:
        cut, expected = fault_vector(lines, library, tamper)
        at = expected.pop("tampered")
        out[SORCERY_DIR / f"{tamper.name}.jsonl"] = _log(cut[at:])
        vectors.append({"name": tamper.name, "description": f"line {at + 1}: "
                        f"{tamper.description}", "log": f"{tamper.name}.jsonl",
                        "clean_prefix": at, "expected": expected})
    manifest = {
        "description": "巫师牌's vectors, made by tools/gen_sorcery_vectors.py: read each "
        "log with the synthetic card file `cards` (`audit --cards cards.json LOG`); "
        "`expected` is the audit's verdict (exit code, status, position, seat, kind: "
        "SPEC.md §5, SORCERY.md §6), and for the clean game its whole `audit --json` "
        "report. A fault log is the clean one with one entry changed and re-signed by "
        "its seat, the later entries chained again, cut at the line its fault is "
        "reported at: the first `clean_prefix` lines of clean.jsonl followed by the "
        "lines of its own file.",
        "cards": "cards.json",
        "vectors": vectors,
    }
    out[SORCERY_DIR / "manifest.json"] = (json.dumps(manifest, indent=1) + "\n").encode()
    return {**out, **schema_files()}


def schema_files() -> dict[Path, bytes]:
    """``protocol/schemas/sorcery/entry-<kind>.json``: each entry kind of 巫师牌's body
    table, its envelope and body, as the code checks them."""
    return {
        SCHEMA_DIR / f"{name}.json": (json.dumps(schema, indent=2, sort_keys=True,
                                                 ensure_ascii=False) + "\n").encode()
        for name, schema in json_schemas(SORCERY_RULES.bodies).items()
    }


def _log(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def write(root: Path) -> list[Path]:
    return write_files(root, files())


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__, write, argv)


if __name__ == "__main__":
    raise SystemExit(main())
