"""``python -m tools.gen_conformance``: regenerate the conformance suite.

Two folders of logs, each with the audit result another implementation must agree
with (``protocol/README.md`` says how to use them):

* ``protocol/vectors/faults/`` — logs that each commit one fault, made by a seat of
  a seeded in-memory game that really cheats: its entry is re-signed with its own key
  (or, for the faults that prove nothing against anyone, signed as a forger or a
  broken relay would). A log ends at the line its fault is reported at.
  ``manifest.json`` lists them with the expected exit code, status, position, seat
  and kind.
* ``protocol/vectors/clean/`` — honest games of every seat count and variant, cut
  after their second round, with the whole ``audit --json`` report expected
  (``manifest.json``): the score pad of two rounds.

A few faults need a whole game (a wrong ``final``, an entry after the end): their
log is the golden log's first ``golden_prefix`` lines followed by the lines of
their own file, which keeps the suite small.

How each seat cheats is ``tools.conformance_forges``; this module picks the games,
the positions and the cheats, and writes the files.

Everything is deterministic: the games are seeded, the choices come from the seeded
random chooser, and the same run writes the same bytes.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.conformance_forges import (
    Json,
    abort_by_the_stalled_seat,
    altered_in_transit,
    another_seats_position,
    bid_open_not_matching,
    bid_too_high,
    broken_box,
    by_another_seat,
    coin_not_opening,
    dealer_makes_the_sum,
    entries,
    equivocation,
    faulted_log,
    fields,
    first,
    forged_by_another,
    gap,
    keys_on_a_middle_shuffle,
    not_canonical,
    of_kind,
    other_secret,
    other_version,
    played_again,
    repeated,
    repeated_point,
    replace_own_entry,
    replayed,
    resign,
    swap_two,
    trump_not_due,
    unknown_body_field,
    wrong_key,
    wrong_prev,
    wrong_type,
)
from tools.gen_vectors import GOLDEN_CONFIG, GOLDEN_DIR, GOLDEN_SEED, log_bytes
from tools.generated import generator_main, write_files
from wizard_p2p import canonical
from wizard_p2p.audit import AuditReport, audit_entries, audit_file, format_report
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import Broadcast
from wizard_p2p.protocol.messages import VERSION
from wizard_p2p.protocol.table import Table
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser
from wizard_p2p.tables.wizard.kinds import WizardKind

FAULTS_DIR = Path("protocol/vectors/faults")
FILES_DIR = Path("protocol/vectors/files")
CLEAN_DIR = Path("protocol/vectors/clean")
ROUNDS_KEPT = 2  # the clean logs stop after this many rounds



# --- seeded games ---------------------------------------------------------------------------


def new_game(seats: int, *variants: str, seed: int) -> MemoryGame:
    config = GameConfig.with_variants(seats, list(variants))
    return MemoryGame.create(config, random_chooser(seed), seed=seed)


def settled(game: MemoryGame, condition: Callable[[], bool]) -> Callable[[], bool]:
    return lambda: game.pending == 0 and condition()


def rounds_played(seats: int, *variants: str, seed: int) -> MemoryGame:
    """A game played until round ``ROUNDS_KEPT`` is verified (and the next one waits on
    a choice)."""
    game = new_game(seats, *variants, seed=seed)
    table = game.tables[0]
    if not game.run(until=settled(game, lambda: table.completed_rounds >= ROUNDS_KEPT)):
        raise RuntimeError("the game ended before its second round")
    return game


def through_round(log: list[bytes], round_no: int) -> list[bytes]:
    """The log up to the entry that revealed round ``round_no``'s last secret."""
    last = max(
        i for i, raw in enumerate(log)
        if (e := m.decode_entry(raw, BODIES)).kind == "play" and e.body.get("round") == round_no
    )
    return log[: last + 1]


# --- the vectors ------------------------------------------------------------------------------


@dataclass
class Vector:
    name: str
    description: str
    lines: list[bytes]  # the vector's own lines (after the golden prefix, if any)
    golden_prefix: int = 0


Builder = Callable[[], list[Vector]]

_GAMES: dict[tuple[Any, ...], MemoryGame] = {}


def base(seats: int, *variants: str, seed: int) -> MemoryGame:
    """An honest game through two rounds, played once per generator run."""
    key = (seats, variants, seed)
    if key not in _GAMES:
        _GAMES[key] = rounds_played(seats, *variants, seed=seed)
    return _GAMES[key]


def honest_log(game: MemoryGame) -> list[bytes]:
    return through_round(game.tables[0].log, ROUNDS_KEPT)


# Honest games the arrival faults are cut from: every seat count, every variant.
BASES: dict[str, tuple[int, tuple[str, ...], int]] = {
    "3": (3, (), 31),
    "4-hidden": (4, ("hidden_bids",), 32),
    "5-secret": (5, ("secret_bids",), 33),
    "6-pm1": (6, ("plus_minus_one",), 34),
    "3-clairvoyance": (3, ("clairvoyance",), 35),
    "4-wizard-lead": (4, ("wizard_lead_sets_suit",), 36),
    "3-pm1": (3, ("plus_minus_one",), 37),
}


def base_game(name: str) -> MemoryGame:
    seats, variants, seed = BASES[name]
    return base(seats, *variants, seed=seed)


def arrival(
    name: str,
    base_name: str,
    description: str,
    where: Callable[[m.Entry], bool],
    forge: Callable[[MemoryGame, list[bytes], int], bytes | list[bytes]],
) -> Vector:
    """The honest log up to the first entry ``where`` picks, then what ``forge`` makes
    of that position (one line, or several)."""
    game = base_game(base_name)
    log = honest_log(game)
    at = first(log, where)
    made = forge(game, log, at)
    extra = made if isinstance(made, list) else [made]
    return Vector(f"{name}-{base_name}", description, [*log[:at], *extra])


# Faults found on arrival: each forge (``conformance_forges``) gets the game, the honest
# log and the position, and returns the line(s) at that position.
ARRIVALS: list[tuple[str, str, str, Callable[[m.Entry], bool], Any]] = [
    # name, base, description, which entry, forge
    ("malformed-unknown-field", "3", "a coin with a body field the schema does not know, "
     "signed by its seat", of_kind("coin"), unknown_body_field),
    ("malformed-unknown-field", "6-pm1", "a shuffle with an unknown body field, signed by "
     "its seat", of_kind("shuffle"), unknown_body_field),
    ("malformed-unknown-field", "4-hidden", "a sealed bid with an unknown body field, "
     "signed by its seat", of_kind("bid"), unknown_body_field),
    ("malformed-wrong-type", "5-secret", "a lock whose round is a string, signed by its seat",
     of_kind("lock"), wrong_type),
    ("malformed-wrong-type", "3-clairvoyance", "a play whose round is a string, signed by "
     "its seat", of_kind("play"), wrong_type),
    ("malformed-not-canonical", "4-wizard-lead", "a coin spelled with a space (not "
     "canonical JSON), signed by its seat", of_kind("coin"), not_canonical),
    ("malformed-keys-on-a-middle-shuffle", "4-hidden", "seat 0's shuffle releasing keys "
     "as only the last shuffler does", of_kind("shuffle"), keys_on_a_middle_shuffle),
    ("other-version", "3", "a coin its seat signed for this game as protocol version "
     f"{VERSION + 1}", of_kind("coin"), other_version),
    ("other-version", "5-secret", "a play its seat signed for this game as protocol "
     f"version {VERSION + 1}", of_kind("play", 2), other_version),
    ("bad-signature-forged", "3", "a shuffle naming the seat due, signed by another seat",
     of_kind("shuffle"), forged_by_another),
    ("bad-signature-forged", "6-pm1", "a bid naming the seat due, signed by another seat",
     of_kind("bid"), forged_by_another),
    ("bad-signature-altered", "4-wizard-lead", "a lock with one digit of its round changed "
     "after signing", of_kind("lock"), altered_in_transit),
    ("replay", "3", "a coin its seat signed for another game id", of_kind("coin"), replayed),
    ("replay", "5-secret", "a bid its seat signed for another game id", of_kind("bid"),
     replayed),
    ("fork", "3", "a shuffle by the seat due that chains to another entry than the log's",
     of_kind("shuffle"), wrong_prev),
    ("fork", "4-hidden", "a play by the seat due that chains to another entry",
     of_kind("play"), wrong_prev),
    ("out-of-turn", "3", "a shuffle signed by the seat after the one due",
     of_kind("shuffle"), by_another_seat),
    ("out-of-turn", "6-pm1", "a bid signed by the seat after the one due", of_kind("bid", 2),
     by_another_seat),
    ("out-of-turn-kind", "4-wizard-lead", "the seat due to play writes a trump choice",
     of_kind("play", 2), trump_not_due),
    ("out-of-turn-abort", "5-secret", "an abort of the seat due written by that seat "
     "itself", of_kind("bid", 2), abort_by_the_stalled_seat),
    ("gap", "3", "the line of a position holds the next position's entry", of_kind("lock"),
     gap),
    ("gap", "4-hidden", "the line of a position holds the next position's entry",
     of_kind("play", 2), gap),
    ("duplicate", "3", "a line repeats the entry before it", of_kind("shuffle"), repeated),
    ("duplicate", "6-pm1", "a line repeats the entry before it", of_kind("play"), repeated),
    ("equivocation", "3", "the author of a coin signs a second, different entry for the "
     "same position", lambda e: e.kind == "coin" and e.seat == 2, equivocation),
    ("equivocation", "5-secret", "the author of a play signs a second, different entry for "
     "the same position", of_kind("play", 2), equivocation),
    ("commitment-coin", "4-wizard-lead", "a coin that does not open its commitment",
     of_kind("coin"), coin_not_opening),
    ("commitment-bid-open", "4-hidden", "a hidden bid opened as another bid than the one "
     "committed", of_kind("bid_open", 2), bid_open_not_matching),
    ("bid-range", "3", "a bid of more tricks than the round deals", of_kind("bid"),
     bid_too_high),
    ("bid-range", "4-wizard-lead", "a bid of more tricks than the round deals",
     of_kind("bid", 2), bid_too_high),
    ("plus-minus-one", "3-pm1", "the dealer's bid makes the bids add up to the round",
     lambda e: e.kind == "bid" and e.seat == _PM1_DEALER, dealer_makes_the_sum),
    ("not-held-another-seats", "3", "a play of a position dealt to another seat",
     of_kind("play", 2), another_seats_position),
    ("not-held-another-seats", "5-secret", "a play of a position dealt to another seat",
     of_kind("play", 2), another_seats_position),
    ("not-held-played-again", "4-hidden", "a play of a position its writer played earlier "
     "in the round", lambda e: e.kind == "play" and e.body["round"] == 2 and _second_play(e),
     played_again),
    ("shuffle-repeated-point", "3", "a shuffle whose deck holds one point twice, signed by "
     "its seat", of_kind("shuffle", 2), repeated_point),
    ("lock-repeated-point", "6-pm1", "a lock whose deck holds one point twice, signed by its "
     "seat", of_kind("lock"), repeated_point),
]

_PM1_DEALER = -1  # set once the base game is known (its dealer of round 1)
_PLAYS_SEEN: dict[int, int] = {}


def _second_play(e: m.Entry) -> bool:
    _PLAYS_SEEN[e.seat] = _PLAYS_SEEN.get(e.seat, 0) + 1
    return _PLAYS_SEEN[e.seat] == 2


def arrival_vectors() -> list[Vector]:
    global _PM1_DEALER
    rules = base_game("3-pm1").tables[0].game
    assert rules is not None
    _PM1_DEALER = rules.history[0].dealer
    vectors = []
    for name, base_name, description, where, forge in ARRIVALS:
        _PLAYS_SEEN.clear()
        vectors.append(arrival(name, base_name, description, where, forge))
    return vectors


# --- faults a round's check finds ---------------------------------------------------------------

def tampered(
    name: str, description: str, seats: int, variants: tuple[str, ...], seed: int,
    cheater: int, kind: str, mutate: Callable[[Json, Table], Json], round_no: int,
    only_if: Callable[[Json], bool] | None = None,
) -> Builder:
    def build() -> list[Vector]:
        game = new_game(seats, *variants, seed=seed)
        game.outputs_filter = replace_own_entry(
            game, cheater, kind, mutate, round_no=round_no, only_if=only_if
        )
        return [Vector(name, description, faulted_log(game, cheater))]

    return build


def forged_play(name: str, description: str, seed: int, how: str) -> Builder:
    """Seat 1 of a 3-seat game plays, in round 2, a card it holds with another card's key
    (``wrong-key``) or a card that does not follow suit (``follow-suit``)."""

    def build() -> list[Vector]:
        game = new_game(3, seed=seed)
        cheater = 1
        table = game.tables[cheater]

        def due() -> bool:
            if table.choice_needed() != "play" or table.game is None:
                return False
            if how == "renege":
                view = table.view()
                return view is not None and bool(set(view.hand) - set(view.legal_plays))
            return table.game.round_no >= 2

        if not game.run(until=settled(game, due)):
            raise RuntimeError("no chance to cheat in this game")
        rnd, rules = table.round, table.game
        assert rnd is not None and rnd.my_keys is not None and rules is not None
        hand = {p: rnd.cards[p] for p in rnd.unplayed_positions(cheater)}
        if how == "renege":
            view = table.view()
            assert view is not None
            position = next(p for p, c in hand.items() if c not in view.legal_plays)
            key_of = position
        else:
            position, key_of = list(hand)[:2]
        body = {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[key_of]}
        raw = m.encode_entry(
            game.identities[cheater], game=table.game_id, pos=len(table.log),
            prev=m.entry_hash(table.log[-1]), seat=cheater, kind="play", body=body,
        )
        # The cheater's own client takes its entry (a modified client forgets its hand).
        rules.hands[cheater] = None
        game.deliver(raw, [cheater])
        if how == "renege":
            rules.hands[cheater] = [c for p, c in hand.items() if p != position]
        game.send(cheater, [Broadcast(len(table.log) - 1, raw, WizardKind.PLAY)])
        return [Vector(name, description, faulted_log(game, cheater))]

    return build


def false_dispute(seed: int) -> list[Vector]:
    game = new_game(4, "hidden_bids", seed=seed)
    table = game.tables[0]
    if not game.run(until=settled(game, lambda: "bid" in (table.expected() or (0, ()))[1])):
        raise RuntimeError("no bid came due")
    due = table.expected()
    assert due is not None
    raw = m.encode_entry(
        game.identities[due[0]], game=table.game_id, pos=len(table.log),
        prev=m.entry_hash(table.log[-1]), seat=due[0], kind="dispute",
        body={"round": 1, "reason": "I say so"},
    )
    game.deliver(raw, range(4))
    return [Vector("false-dispute-4-hidden", "the seat due to bid disputes a round that has "
                   "no fault", faulted_log(game, due[0]))]


ROUND_END: list[Builder] = [
    tampered("shuffle-3", "seat 1 swaps two points of its shuffle pass", 3, (), 41, 1,
             "shuffle", swap_two, 1),
    tampered("shuffle-5-secret", "seat 0 swaps two points of its shuffle pass", 5,
             ("secret_bids",), 42, 0, "shuffle", swap_two, 1),
    tampered("lock-4", "seat 1 swaps two points of its lock pass", 4, (), 43, 1, "lock",
             swap_two, 1),
    tampered("lock-3-clairvoyance", "seat 0 swaps two points of its lock pass in the "
             "clairvoyance round", 3, ("clairvoyance",), 44, 0, "lock", swap_two, 1),
    tampered("wrong-key-lock-3", "seat 0 releases a wrong key in its lock", 3, (), 45, 0,
             "lock", wrong_key, 2),
    tampered("wrong-key-last-shuffle-4", "the last shuffler releases a wrong key", 4,
             ("plus_minus_one",), 46, 3, "shuffle", wrong_key, 1),
    tampered("wrong-key-shares-3-clairvoyance", "seat 2 seals a broken box of key shares",
             3, ("clairvoyance",), 47, 2, "shuffle", broken_box, 1),
    tampered("wrong-key-shares-4-clairvoyance", "seat 1 seals a broken box of key shares",
             4, ("clairvoyance",), 48, 1, "lock", broken_box, 1),
    tampered("secret-3", "seat 2 reveals another round secret in its last-trick play", 3, (),
             49, 2, "play", other_secret, 1, only_if=lambda body: "secret" in body),
    tampered("secret-6-wizard-lead", "seat 4 reveals another round secret", 6,
             ("wizard_lead_sets_suit",), 50, 4, "play", other_secret, 1,
             only_if=lambda body: "secret" in body),
    forged_play("wrong-key-play-3", "seat 1 plays a card of its own with another card's "
                "key: the card does not decode, the round goes to reveal", 51, "key"),
    forged_play("follow-suit-3", "seat 1 plays a card that does not follow suit", 5,
                "renege"),
    lambda: false_dispute(52),
]


# --- the genesis and the end of a game -----------------------------------------------------------


def genesis_vectors() -> list[Vector]:
    game = new_game(3, seed=61)
    genesis = fields(game.genesis)
    endorsements = genesis["body"]["endorsements"]
    endorsements[1] = endorsements[2]
    bad_endorsement = resign(game, genesis)
    forged = resign(game, fields(game.genesis), signer=1)
    return [
        Vector("endorsement-3", "the host publishes terms with seat 1's endorsement "
               "replaced by seat 2's, signing the genesis itself", [bad_endorsement]),
        Vector("bad-signature-genesis-3", "a genesis not signed by the host it names",
               [forged]),
    ]


def golden_end_vectors(log: list[bytes]) -> list[Vector]:
    # The golden game's players, to sign as them; its log is the committed one.
    game = MemoryGame.create(GOLDEN_CONFIG, random_chooser(GOLDEN_SEED), seed=GOLDEN_SEED)
    assert game.genesis == log[0]
    finals = [i for i, e in enumerate(entries(log)) if e.kind == "final"]
    wrong = fields(log[finals[0]])
    wrong["body"]["totals"][0] += 10
    after = {
        "body": {"reason": "late", "stalled": 2}, "game": m.entry_hash(log[0]).hex(),
        "kind": "abort", "pos": len(log), "prev": m.entry_hash(log[-1]).hex(), "seat": 1,
        "v": m.VERSION,
    }
    return [
        Vector("final-golden", "seat 0 signs final totals other than the replayed ones",
               [resign(game, wrong)], golden_prefix=finals[0]),
        Vector("after-end-golden", "seat 1 signs an abort after the game is complete and "
               "agreed", [resign(game, after)], golden_prefix=len(log)),
    ]


# --- files as a person passes them: damaged logs, the order of checks, texts, evidence ----------


@dataclass
class FileVector:
    name: str
    description: str
    log: bytes  # the log file's bytes
    evidence: bytes | None = None  # the evidence.jsonl beside it, if any


def _file(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


def _golden_game() -> MemoryGame:
    return MemoryGame.create(GOLDEN_CONFIG, random_chooser(GOLDEN_SEED), seed=GOLDEN_SEED)


def _record(kind: str, seat: int, position: int, reason: str, entries: list[bytes]) -> bytes:
    return canonical.encode(
        {"entries": [e.decode() for e in entries], "kind": kind, "position": position,
         "reason": reason, "seat": seat}
    ) + b"\n"


def _genesis_with(
    game: MemoryGame, change: Callable[[Json], None], version: int = VERSION
) -> bytes:
    """The genesis with its terms changed, endorsed again by every player and signed by
    the host (as an entry of ``version``): a genesis its players really signed."""
    obj = fields(game.genesis)
    obj["v"] = version
    terms = obj["body"]["terms"]
    change(terms)
    terms_bytes = canonical.encode(terms)
    obj["body"]["endorsements"] = [
        identity.sign(m.GENESIS_DOMAIN, terms_bytes).hex() for identity in game.identities
    ]
    return resign(game, obj)


def damaged_files(golden: list[bytes]) -> list[FileVector]:
    game = _golden_game()
    rng = random.Random(81)
    noise = bytes(rng.randrange(256) for _ in range(3000)).replace(b'{"body":', b"")
    finals = [i for i, e in enumerate(entries(golden)) if e.kind == "final"]
    extra = fields(golden[finals[0]])
    extra["body"]["totals"].append(0)
    old_protocol = _genesis_with(game, lambda t: t.update(protocol=f"wizard-p2p/{VERSION - 1}"))
    no_game = _genesis_with(game, lambda t: t.pop("game"))
    version_8 = _genesis_with(
        game, lambda t: (t.pop("game"), t.update(protocol="wizard-p2p/8")), version=8
    )
    game_id = fields(golden[1])
    game_id["game"] = ("0" if game_id["game"][0] != "0" else "1") + game_id["game"][1:]
    unsigned_game = canonical.encode(game_id)[:-1] + golden[1][golden[1].index(b',"sig":"'):]
    return [
        FileVector("empty-line", "an empty line in the middle of a log: line 11 is no entry "
                   "and names no seat", _file([*golden[:10], b"", *golden[10:12]])),
        FileVector("empty-first-line", "an empty first line before a log's entries: the "
                   "genesis is no entry", _file([b"", *golden[1:4]])),
        FileVector("oversized-line", "a line of 65 537 bytes: refused before anything in it "
                   "is read", _file([*golden[:5], b"{" + b" " * 65535 + b"}"])),
        FileVector("random-bytes", "a file of random bytes: not a log", noise),
        FileVector("no-complete-line", "a file whose only line has no end of line",
                   golden[0]),
        FileVector("genesis-protocol-mismatch", f"a genesis of version {VERSION} whose terms "
                   f"say wizard-p2p/{VERSION - 1}, signed and endorsed: no game of this "
                   "version, so no seat is named", _file([old_protocol, *golden[1:3]])),
        FileVector("genesis-without-game", f"a genesis of version {VERSION} whose terms name "
                   "no game, signed and endorsed: no game of this version, so no seat is named",
                   _file([no_game, *golden[1:3]])),
        FileVector("version-8-genesis", "a genesis of version 8, whose terms name no game, "
                   "signed and endorsed: a log of another version, refused as such",
                   _file([version_8, *golden[1:3]])),
        FileVector("final-wrong-count", "seat 0 signs a final with one total more than the "
                   "seats", _file([*golden[: finals[0]], resign(game, extra)])),
        FileVector("unsigned-game-id", "one digit of line 2's game id changed, no key used: "
                   "its signature covers nothing of it, so no seat is named",
                   _file([golden[0], unsigned_game, *golden[2:4]])),
    ]


def order_files(golden: list[bytes]) -> list[FileVector]:
    """Entries with two faults: the one SPEC §8.2's table reaches first is reported."""
    hidden = base_game("4-hidden")
    log = honest_log(hidden)
    bid = first(log, of_kind("bid", 2))
    wrong_seat = fields(log[bid])
    due = wrong_seat["seat"]
    wrong_seat["seat"] = (due + 1) % 4
    wrong_seat["body"]["bid"] = 1  # an open bid beside the commitment: a malformed body
    opening = first(log, of_kind("bid_open", 2))
    both = fields(log[opening])
    both["body"]["bid"] = 3  # round 2: out of range, and not the bid committed to
    schema = fields(log[opening])
    schema["body"]["bid"] = 21  # over the schema's maximum, and out of range
    game = _golden_game()
    after = {
        "body": {"reason": "late", "stalled": 0}, "game": m.entry_hash(golden[0]).hex(),
        "kind": "abort", "pos": len(golden), "prev": m.entry_hash(golden[-1]).hex(), "seat": 2,
        "v": m.VERSION,
    }
    return [
        FileVector("order-out-of-turn-before-body", "a bid by the seat after the one due "
                   "that also opens its sealed bid: out of turn, before its body is read",
                   _file([*log[:bid], resign(hidden, wrong_seat)])),
        FileVector("order-commitment-before-bid-range", "a hidden bid opened as 3 in round 2, "
                   "not the bid committed to: the commitment is checked first",
                   _file([*log[:opening], resign(hidden, both)])),
        FileVector("order-schema-before-bid-range", "a hidden bid opened as 21: over the "
                   "schema's maximum, malformed before any rule", _file([*log[:opening],
                   resign(hidden, schema)])),
        FileVector("order-after-end-before-out-of-turn", "seat 2 (not the abort's writer) "
                   "aborts after the game is complete: after the end, before its turn",
                   _file([*golden, resign(game, after)])),
    ]


def text_files(golden: list[bytes]) -> list[FileVector]:
    game = _golden_game()
    endorsement = fields(game.genesis)
    endorsement["body"]["endorsements"][1] = endorsement["body"]["endorsements"][2]
    bidi = _genesis_with(game, lambda t: t["players"][0].update(name="Eve\u202e\u200bgnp.exe"))
    return [
        FileVector("text-endorsement-names-the-host", "a bad endorsement in a genesis its host "
                   "signed: the text names the host by name, counted from 1",
                   _file([resign(game, endorsement), *golden[1:3]])),
        FileVector("text-escaped-name", "a signed genesis whose player name holds a bidi "
                   "override and a zero-width space: the text shows them escaped",
                   _file([bidi])),
    ]


def evidence_files() -> list[FileVector]:
    game = base_game("3")
    log = honest_log(game)
    at = first(log, of_kind("bid", 2))
    high = bid_too_high(game, log, at)
    seat = m.decode_entry(high, BODIES).seat
    clean = _file(log[:at])
    forged = "the host is a cheat"  # unsigned words: never part of the verdict
    other = replayed(game, log, at)
    return [
        FileVector("evidence-proven", "a signed bid out of range kept as evidence beside a "
                   "clean log: the record proves its seat cheated", clean,
                   _record("bid-range", seat, at, forged, [high])),
        FileVector("evidence-kind-mismatch", "the same record claiming another kind: it "
                   "proves nothing", clean, _record("not-held", seat, at, forged, [high])),
        FileVector("evidence-unreadable", "a record of a kind no record may claim: the file "
                   "cannot be read, the log's verdict stands", clean,
                   _record("malformed", seat, at, forged, [high])),
        FileVector("evidence-of-another-game", "a record whose entry is of another game: "
                   "left out of this log's report", clean,
                   _record("bid-range", seat, at, forged, [other])),
    ]


def file_vectors_files(golden: list[bytes]) -> dict[Path, bytes]:
    vectors = [*damaged_files(golden), *order_files(golden), *text_files(golden),
               *evidence_files()]
    files: dict[Path, bytes] = {}
    manifest = []
    with tempfile.TemporaryDirectory() as tmp:
        for vector in vectors:
            folder = Path(tmp) / vector.name
            folder.mkdir()
            (folder / "log.jsonl").write_bytes(vector.log)
            item: Json = {"name": vector.name, "description": vector.description,
                          "log": f"{vector.name}.jsonl"}
            files[FILES_DIR / f"{vector.name}.jsonl"] = vector.log
            if vector.evidence is not None:
                (folder / "evidence.jsonl").write_bytes(vector.evidence)
                item["evidence"] = f"{vector.name}.evidence.jsonl"
                files[FILES_DIR / f"{vector.name}.evidence.jsonl"] = vector.evidence
            report = audit_file(folder / "log.jsonl")
            item["expected"] = {**expected_fault(report), "text": format_report(report)}
            manifest.append(item)
    files[FILES_DIR / "manifest.json"] = _json(
        {
            "description": "log files as a person passes them to `audit` (damaged, with two "
            "faults in one entry, with texts to show, with an evidence file beside them): "
            "`log` is the file; `evidence`, if present, is the evidence.jsonl in its folder. "
            "`expected` is the verdict (exit, status, position, seat, kind) and `text` what "
            "this implementation prints (SPEC.md §8: its words are informative).",
            "vectors": manifest,
        }
    )
    return files


# --- clean logs -----------------------------------------------------------------------------------

CLEAN: list[tuple[int, tuple[str, ...], int]] = [
    (3, (), 71),
    (4, (), 72),
    (5, (), 73),
    (6, (), 74),
    (3, ("plus_minus_one",), 75),
    (4, ("hidden_bids",), 76),
    (5, ("secret_bids",), 77),
    (6, ("clairvoyance",), 78),
    (3, ("wizard_lead_sets_suit",), 79),
    (4, ("plus_minus_one", "clairvoyance", "wizard_lead_sets_suit"), 80),
]


def clean_name(seats: int, variants: tuple[str, ...]) -> str:
    return "-".join([str(seats), *(v.replace("_", "-") for v in variants)])


# --- files ----------------------------------------------------------------------------------------


def golden_lines(root: Path) -> list[bytes]:
    return (root / GOLDEN_DIR / "game.jsonl").read_bytes().splitlines()


def full_log(vector: Vector, golden: list[bytes]) -> list[bytes]:
    return [*golden[: vector.golden_prefix], *vector.lines]


def expected_fault(report: AuditReport) -> Json:
    return {
        "exit": report.exit_code,
        "status": report.status,
        "position": report.fault_position,
        "seat": report.fault_seat,
        "kind": None if report.fault_kind is None else str(report.fault_kind),
    }


def fault_files(golden: list[bytes]) -> dict[Path, bytes]:
    vectors = [
        *arrival_vectors(),
        *(v for build in ROUND_END for v in build()),
        *genesis_vectors(),
        *golden_end_vectors(golden),
    ]
    files: dict[Path, bytes] = {}
    manifest = []
    for vector in vectors:
        log_name = f"{vector.name}.jsonl"
        report = audit_entries(full_log(vector, golden))
        item: Json = {"name": vector.name, "description": vector.description, "log": log_name}
        if vector.golden_prefix:
            item["golden_prefix"] = vector.golden_prefix
        item["expected"] = expected_fault(report)
        manifest.append(item)
        files[FAULTS_DIR / log_name] = log_bytes(vector.lines)
    files[FAULTS_DIR / "manifest.json"] = _json(
        {
            "description": "logs that each commit one fault; `expected` is the audit's "
            "verdict: exit code, status, position, seat (null: none) and kind "
            "(SPEC.md §5, WIZARD.md §4). "
            "A log with `golden_prefix` is the first that many lines of "
            "../golden/game.jsonl followed by its own lines.",
            "vectors": manifest,
        }
    )
    return files


def clean_files() -> dict[Path, bytes]:
    files: dict[Path, bytes] = {}
    manifest = []
    for seats, variants, seed in CLEAN:
        game = rounds_played(seats, *variants, seed=seed)
        lines = through_round(game.tables[0].log, ROUNDS_KEPT)
        name = clean_name(seats, variants)
        report = audit_entries(lines)
        manifest.append(
            {
                "name": name,
                "seats": seats,
                "variants": list(variants),
                "log": f"{name}.jsonl",
                "expected": {"exit": report.exit_code, "audit": report.to_json()},
            }
        )
        files[CLEAN_DIR / f"{name}.jsonl"] = log_bytes(lines)
    files[CLEAN_DIR / "manifest.json"] = _json(
        {
            "description": f"honest games cut after round {ROUNDS_KEPT}: `expected.audit` is "
            "the whole report of `audit --json` (status incomplete, the score pad of the "
            "rounds played), `expected.exit` its exit code",
            "vectors": manifest,
        }
    )
    return files


def _json(value: Any) -> bytes:
    return (json.dumps(value, indent=1, ensure_ascii=False) + "\n").encode()


def conformance_files(golden: Path) -> dict[Path, bytes]:
    """Every file of the suite, by path relative to the repository root; ``golden`` is
    the root whose golden log the longest vectors extend."""
    _GAMES.clear()
    lines = golden_lines(golden)
    return {**fault_files(lines), **file_vectors_files(lines), **clean_files()}


def write(root: Path, golden: Path | None = None) -> list[Path]:
    """Write the suite under ``root`` (the golden log read under ``golden``, by default
    ``root``); returns the paths written."""
    return write_files(root, conformance_files(golden or root))


def main(argv: list[str] | None = None) -> int:
    return generator_main(__doc__, write, argv)


if __name__ == "__main__":
    raise SystemExit(main())
