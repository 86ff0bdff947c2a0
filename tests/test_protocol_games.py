"""Whole games in memory: 3 to 6 seats, every variant, every replica agreeing, audit verifying.

Each (seats, variants) case is one complete game among N tables wired in memory
(``MemoryGame``): every replica must end with the identical log and scores and
no refused entry, and ``audit`` must verify the log and find the same scores.
The variants are combined where the rules allow, so that every variant is
played at every seat count in three games; the games with secret bids are
delivered in a random order (entries overtake each other). The 3-seat hidden-bids game is the
golden game: it must reproduce ``protocol/vectors/golden/`` byte for byte.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tools import gen_vectors
from wizard_p2p.audit import AuditReport, audit_entries
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import EntryRejected, Finished, GameEnded
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser
from wizard_p2p.tables.wizard.replica import WizardResult

ROOT = Path(__file__).resolve().parents[1]

COMBINATIONS = (
    ("plus_minus_one", "wizard_lead_sets_suit"),
    ("hidden_bids", "clairvoyance", "wizard_lead_sets_suit"),
    ("secret_bids", "clairvoyance"),
)
GOLDEN = (gen_vectors.GOLDEN_CONFIG.seats, gen_vectors.GOLDEN_CONFIG.variants())
CASES = [
    (seats, variants)
    for seats in (3, 4, 5, 6)
    for variants in COMBINATIONS
    if (seats, variants) != GOLDEN
]


def check_finished_game(game: MemoryGame) -> tuple[list[bytes], AuditReport]:
    """Every replica finished with the same log and scores; audit verifies it."""
    tables = game.tables
    assert game.rejected == []
    assert [e for _, e in game.events if isinstance(e, EntryRejected)] == []
    # Each table reported the end once, as finished with the agreed totals.
    ended = [(seat, e) for seat, e in game.events if isinstance(e, GameEnded)]
    assert sorted(seat for seat, _ in ended) == list(range(len(tables)))
    standings = tables[0].game.standings()
    finished = Finished(standings.winners, WizardResult(standings.totals))
    assert all(e.outcome == finished for _, e in ended)
    assert all(isinstance(t.outcome, Finished) for t in tables)
    log = tables[0].log
    assert all(t.log == log for t in tables)
    totals = tables[0].game.totals
    assert all(t.game.totals == totals for t in tables)
    assert all(t.finals == tables[0].finals for t in tables)
    assert all(tuple(f) == tuple(totals) for f in tables[0].finals.values())

    report = audit_entries(log)
    assert report.status == "verified", report.message
    assert report.exit_code == 0
    assert report.entries == len(log)
    assert report.rounds_verified == game.config.rounds
    assert list(report.totals) == list(totals)
    assert [(r.bids, r.taken, r.totals) for r in report.history] == [
        (r.bids, r.taken, r.totals) for r in tables[0].game.history
    ]
    return log, report


def check_variants_played(config: GameConfig, log: list[bytes], report: AuditReport) -> None:
    """The log shows each variant's own messages (the variant really was played)."""
    entries = [m.decode_entry(raw, BODIES) for raw in log]
    kinds = {e.kind for e in entries}
    assert {"genesis", "coin", "shuffle", "lock", "bid", "play", "final"} <= kinds
    assert "reveal" not in kinds  # undisputed rounds reveal in their last trick
    bids = [e for e in entries if e.kind == "bid"]
    assert all(("commit" in e.body) == config.sealed_bids for e in bids)
    assert ("bid_open" in kinds) == config.hidden_bids
    # Each round's last N plays, and only they, reveal their writer's secret (and open a
    # secret bid): one per seat.
    for round_no in range(1, config.rounds + 1):
        plays = [e for e in entries if e.kind == "play" and e.body["round"] == round_no]
        assert [("secret" in e.body) for e in plays] == [
            i >= len(plays) - config.seats for i in range(len(plays))
        ]
        assert sorted(e.seat for e in plays[-config.seats :]) == list(range(config.seats))
        assert all(("bid" in e.body) == config.secret_bids for e in plays[-config.seats :])
    first_plays = [e for e in entries if e.kind == "play" and e.body["round"] == 1]
    assert all(("keys" in e.body) == config.clairvoyance for e in first_plays)
    assert len(first_plays) == config.seats
    if config.plus_minus_one:
        assert all(sum(r.bids) != r.round_no for r in report.history)


@pytest.mark.parametrize(("seats", "variants"), CASES, ids=lambda v: str(v))
def test_whole_game(
    seats: int, variants: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    signed: list[m.Entry] = []
    sign_entry = m.sign_entry

    def recorded(*args: Any, **kwargs: Any) -> m.Entry:
        signed.append(sign_entry(*args, **kwargs))
        return signed[-1]

    monkeypatch.setattr(m, "sign_entry", recorded)
    config = GameConfig.with_variants(seats, variants)
    seed = 100 * seats + len(variants)
    game = MemoryGame.create(config, random_chooser(seed), seed=seed)
    if config.secret_bids:
        game.reorder = random.Random(seed)
    assert game.run() is False
    log, report = check_finished_game(game)
    check_variants_played(config, log, report)
    # Each entry as its writer checked and applied it is the entry its line decodes to.
    assert {e.kind for e in signed} >= {"coin", "shuffle", "lock", "bid", "play", "final"}
    assert all(entry == m.decode_entry(entry.raw, BODIES) for entry in signed)


def test_golden_game_is_reproduced_byte_for_byte() -> None:
    game = gen_vectors.golden_game()
    log, report = check_finished_game(game)
    check_variants_played(gen_vectors.GOLDEN_CONFIG, log, report)
    for relative, data in gen_vectors.golden_files(game).items():
        committed = (ROOT / relative).read_bytes()
        assert committed == data, (
            f"{relative} differs: run python -m tools.gen_vectors"
        )


@pytest.mark.parametrize("seats", [3, 5])
def test_deferring_checks_and_preparing_rounds_ahead_changes_no_byte_of_the_log(
    seats: int,
) -> None:
    from wizard_p2p.rules import GameConfig
    from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser

    logs = []
    prepared = []
    for ahead in (False, True):
        game = MemoryGame.create(
            GameConfig(seats), random_chooser(7), seed=7, defer_checks=ahead
        )
        if ahead:
            counted = game.tables[0].scheduling.work_ahead

            def count(counted: Any = counted) -> bool:
                done = counted()
                prepared.append(done)
                return done

            game.tables[0].scheduling.work_ahead = count  # type: ignore[method-assign]
        game.run()
        assert all(isinstance(t.outcome, Finished) for t in game.tables)
        logs.append(game.tables[0].log)
    assert logs[0] == logs[1]
    # Round 1 while the coins come in, round 2 once round 1 is dealt, then each round
    # after the check of the round before last: every round.
    assert sum(prepared) == GameConfig(seats).rounds
