"""One seated cheater among honest seats, each its own OS process on loopback.

Every test starts a 3-seat game: the host and a bot run the shipped program,
the third seat runs ``tests.adversarial.evil_seat`` with one evil behaviour.
Each checks that every honest peer detects the fault (at once, or at the round's
check) and names the cheating seat; that the proof is kept (``evidence.jsonl``
for a refused signed entry, the log itself for a fault the round check finds);
that ``wizard-p2p audit`` of an honest log names the same seat; and that no
honest peer crashed, hung (the game ends by itself once the cheater is gone),
lost an entry, or grew past the memory limit.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable

import pytest

from tests.adversarial.support import REPO, HostileTable

Make = Callable[..., HostileTable]

# What an honest seat prints when the evil seat (seat 2) held the game up.
STALLED = "Evil (seat 2) held up the game past the time limit"


def names_evil(table: HostileTable, text: str) -> bool:
    return f"seat {table.evil_seat}" in text


def evidence_kept(table: HostileTable, kind: str) -> Callable[[], bool]:
    """Both honest seats keep a proof of ``kind`` against the evil seat."""

    def check() -> bool:
        return all(
            any((e.seat, e.kind) == (table.evil_seat, kind) for e in table.evidence(p))
            for p in table.honest
        )

    return check


def refused(table: HostileTable, words: str) -> Callable[[], bool]:
    """Both honest seats logged a refusal of the evil seat's entry with ``words``."""
    line = f"from seat {table.evil_seat}"
    return lambda: all(
        any(line in row and words in row for row in p.stderr().splitlines())
        for p in table.honest
    )


# --- refused at once, with the signed entry kept as evidence -----------------------------


@pytest.mark.parametrize(
    ("behaviour", "variants", "kind", "words"),
    [
        pytest.param("undealt-card", (), "not-held", "was not dealt", id="undealt-card"),
        pytest.param("shuffle-drop", (), "shuffle", "a deck has", id="shuffle-drop"),
        pytest.param(
            "shuffle-duplicate", (), "shuffle", "hold the same point", id="shuffle-duplicate"
        ),
        pytest.param(
            "bid-opening", ("hidden_bids",), "commitment", "does not match", id="bid-opening"
        ),
    ],
)
def test_a_signed_entry_that_breaks_a_rule_is_refused_with_evidence(
    hostile: Make, behaviour: str, variants: tuple[str, ...], kind: str, words: str
) -> None:
    table = hostile(behaviour, variants=variants)
    table.watch(evidence_kept(table, kind), f"evidence of {kind}")
    table.watch(refused(table, words), "the refusal in each honest log")
    table.assert_memory_bounded()
    table.end_by_stall()
    table.assert_no_entry_lost()
    table.assert_audit_names_evil(exit_code=1)


def test_an_entry_written_out_of_turn_is_refused_with_evidence(hostile: Make) -> None:
    table = hostile("out-of-turn")
    table.watch(evidence_kept(table, "out-of-turn"), "evidence of out-of-turn")
    shown = f"kept evidence of seat {table.evil_seat}'s out-of-turn"
    table.watch(lambda: all(shown in p.stderr() for p in table.honest), "the evidence shown")
    # The cheater's own entries are honest otherwise: the game goes on to its end.
    table.watch(lambda: not any(p.alive() for p in table.honest), "the game to end")
    for proc in table.honest:
        # On a loaded machine the cheater may fall silent past the stall limit meanwhile.
        assert proc.popen.returncode == 0 or STALLED in proc.stdout(), proc.describe()
    table.assert_memory_bounded()
    table.assert_no_entry_lost()
    table.assert_audit_names_evil(exit_code=1)


def test_two_entries_for_one_position_sent_to_different_peers_end_the_game_with_the_proof(
    hostile: Make,
) -> None:
    table = hostile("equivocate")
    # Each honest seat took one of the two bids; comparing logs, one finds the other's,
    # writes the proof in the log at that position, and every honest seat ends there.
    table.watch(evidence_kept(table, "equivocation"), "evidence of the equivocation")
    table.watch(lambda: not any(p.alive() for p in table.honest), "the game to end on the proof")
    table.assert_memory_bounded()
    for proc in table.honest:
        assert proc.popen.returncode == 1, proc.describe()
        (proof,) = [e for e in table.evidence(proc) if e.kind == "equivocation"]
        assert len(proof.entries) == 2 and proof.entries[0] != proof.entries[1]
    a, b = (table.log_path(p).read_bytes().splitlines() for p in table.honest)
    position = table.evidence(table.honest[0])[0].position
    # Every honest copy ends with the same proof entry, at the position signed twice.
    assert a == b and len(a) == position + 1
    assert json.loads(a[-1])["kind"] == "proof"
    table.assert_audit_names_evil(exit_code=1)
    both = subprocess.run(
        [sys.executable, "-m", "wizard_p2p", "audit", "--json",
         *(str(table.log_path(p)) for p in table.honest)],
        capture_output=True, text=True, cwd=REPO, timeout=120,
    )
    assert both.returncode == 1, both.stdout + both.stderr
    report = json.loads(both.stdout)
    assert report["status"] == "agreed"
    assert (report["standing"]["seat"], report["standing"]["kind"]) == (
        table.evil_seat, "equivocation"
    )


# --- found by the round's check ------------------------------------------------------------


@pytest.mark.parametrize(
    ("behaviour", "kind"),
    [
        ("renege", "follow-suit"),
        ("lock-swap", None),  # a swapped point: the shuffle or lock pass that swapped it
        ("wrong-key", "wrong-key"),
    ],
    ids=["renege", "lock-swap", "wrong-key"],
)
def test_a_cheat_only_the_reveal_shows_ends_the_game_naming_the_seat(
    hostile: Make, behaviour: str, kind: str | None
) -> None:
    table = hostile(behaviour)
    table.watch(lambda: not any(p.alive() for p in table.honest), "the game to end on the cheat")
    for proc in table.honest:
        assert proc.popen.returncode == 1, proc.describe()
        said = f"cheating detected: seat {table.evil_seat + 1} (Evil), line "
        assert said in proc.stdout(), proc.describe()
    table.assert_memory_bounded()
    table.assert_no_entry_lost()
    table.assert_audit_names_evil(exit_code=1)
    for proc in table.honest:
        done = table.audit(proc)
        assert kind is None or f"[{kind}]" in done.stdout, done.stdout


# --- refused, but no proof: named in the log, then ended as a stall ------------------------


@pytest.mark.parametrize(
    ("behaviour", "words"),
    [
        ("forged-signature", "signature does not verify"),
        ("replay-game", "an entry of another game"),
        ("replay-round", "an entry of another position"),
    ],
    ids=["forged-signature", "replay-game", "replay-round"],
)
def test_an_entry_that_proves_nothing_is_refused_and_the_seat_named(
    hostile: Make, behaviour: str, words: str
) -> None:
    table = hostile(behaviour)
    table.watch(refused(table, words), "the refusal in each honest log")
    table.assert_memory_bounded()
    for proc in table.honest:
        assert table.evidence(proc) == []  # nothing that convinces a third party
    table.end_by_stall()
    table.assert_no_entry_lost()
    table.assert_audit_names_evil(exit_code=0)  # "ended ... because seat N stalled"


def test_a_seat_that_withholds_its_keys_is_ended_as_stalled(hostile: Make) -> None:
    table = hostile("stall")
    table.watch(lambda: not any(p.alive() for p in table.honest), "the stall to be ended")
    assert table.evil.alive()  # connected all along: the stall limit, not the silence
    for proc in table.honest:
        assert proc.popen.returncode == 1 and STALLED in proc.stdout(), proc.describe()
    table.assert_memory_bounded()
    table.assert_no_entry_lost()
    table.assert_audit_names_evil(exit_code=0)


# --- floods and bad bytes -----------------------------------------------------------------


@pytest.mark.parametrize("behaviour", ["flood", "garbage"])
def test_floods_and_malformed_frames_change_nothing(hostile: Make, behaviour: str) -> None:
    """Entries just under the size limit far ahead of the log and control messages of the
    largest frame (``flood``); malformed, truncated, oversized and deeply nested frames
    and control messages (``garbage``). The game ends by itself, in every case with no
    honest peer past the memory limit; the control messages refused name the seat."""
    frames = int(os.environ.get("WIZARD_FLOOD_FRAMES", "200"))  # scripts/adversarial: more
    # A heavy flood takes the flooder a while: the others wait for it meanwhile.
    stall = 3.0 if frames <= 200 else 600.0
    table = hostile(behaviour, evil_args=(f"--frames={frames}",), stall_limit=stall)
    table.watch(lambda: not any(p.alive() for p in table.honest), "the game to end",
                timeout=60 + frames / 5)
    table.assert_memory_bounded()
    peaks = ", ".join(f"{p.name} {p.peak_kb / 1024:.1f} MiB" for p in table.honest)
    sent = re.findall(r"flood: (\d+) frames taken", table.evil.stderr())
    print(f"{behaviour} of {frames} frames ({sent or 'some'} frames taken by the links): "
          f"peak memory of the honest peers: {peaks}")
    table.assert_no_entry_lost()
    for proc in table.honest:
        assert "Traceback" not in proc.stderr()
        assert f"control message from seat {table.evil_seat}" in proc.stderr(), proc.describe()
        if proc.popen.returncode == 1:  # busy flooding, the cheater let the game stall
            assert STALLED in proc.stdout(), proc.describe()
        else:
            assert proc.popen.returncode == 0, proc.describe()
    if behaviour == "garbage":
        for proc in table.honest:
            assert "dropped malformed frame" in proc.stderr()
            # Each reason is logged a few times per peer, however often it comes.
            assert proc.stderr().count("control message from seat") <= 5
