"""A smoke run of the benchmark, so that it never rots: one size, one repetition.

It asserts that every section runs and reports sane figures (not speed: speed is
shown by ``scripts/bench``, never asserted).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools.bench import compare, floors, games, machine, network, traces
from tools.bench.cli import main
from tools.bench.machine import cpu_ticks, stolen_share
from tools.bench.stats import PAIRED_LEVEL, paired_change
from tools.bench.verdicts import beside_verdicts, during_games, judged, verdicts


def test_the_quick_benchmark_runs_and_reports_every_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    out = tmp_path / "bench.json"
    assert main(["--quick", "--json", str(out), "crypto", "network", "audit"]) == 0
    assert list(scratch.iterdir()) == []  # the games' logs and traces are not left behind
    printed = capsys.readouterr().out
    for heading in ("== crypto", "== network", "== audit"):
        assert heading in printed
    figures = json.loads(out.read_text())
    assert "== targets, in this run" in printed
    judged = {v["target"]: v["met"] for v in figures["verdicts"]}
    assert judged["audit of a 6-seat log <= 1 s"] in (True, False)  # measured, either way
    assert judged["card latency p50, 6 seats, <= 5 ms"] is None  # --quick plays 3 seats only
    assert not any(name.startswith("round 1 networked") for name in judged)  # a figure
    assert "(round 1 networked / protocol floor: " in printed
    assert figures["crypto"]["raw_mults_per_sec"] > 0
    game = figures["network"]["game_3"]
    assert game["finished"] is True
    assert game["wire_bytes"]["median"] > game["log_bytes"]["median"] > 0
    setup = figures["network"]["setup_3"]
    assert setup["round1"]["median"] > 0 and setup["round1_ratio"] > 0
    # The whole protocol in one process does at least the passes' work (on one thread).
    assert setup["round1_protocol_floor"]["median"] > 0 and setup["last_protocol_ratio"] > 0
    assert setup["last_protocol_floor"]["median"] > setup["round1_protocol_floor"]["median"]
    assert 0 < game["card_latency_p50"] <= game["card_latency_p99"]
    # From the signature, a play's latency includes what comes before its entering the log.
    # (Not above zero: a derived play enters its author's log after it is sent, and on a
    # loaded machine the others may apply it first.)
    assert game["card_latency_logged_p50"] < game["card_latency_p50"]
    # The phases of the whole run: start-up, then the game proper, within the wall time.
    assert 0 < game["startup"]["median"] < game["wall"]["median"]
    assert 0 < game["game"]["median"] < game["wall"]["median"]
    assert game["startup"]["median"] + game["game"]["median"] <= game["wall"]["median"]
    assert 0 < game["cpu_game"]["median"] < game["cpu"]["median"]
    assert setup["pause_between_rounds"]["median"] > 0
    # The first choice of a round comes after its hands are dealt.
    assert setup["pause_to_first_choice"]["median"] > setup["pause_between_rounds"]["median"]
    assert setup["mults_per_sec"]["median"] > 0
    hop = setup["idle_hop"]
    assert hop is None or 0 < hop["median"] < 0.1
    assert ("a hop between two idle processes" in printed) == (hop is not None)
    if sys.platform.startswith("linux"):
        assert 0 <= setup["stolen"]["median"] < 1
        assert "of the CPU time during the games" in printed
    # The genesis and each log's close wait for the disk (the random bots' choices do not).
    assert game["fsync_seconds"]["median"] > 0 and game["fsync_mean"] > 0
    assert game["fsync_seconds"]["median"] < 3 * game["game"]["median"]
    wake = figures["network"]["wake_cost"]
    assert wake["hot"] > 0 and wake["woken"] > 0
    assert wake["ratio"] == pytest.approx(wake["woken"] / wake["hot"])
    assert "waking costs" in printed
    assert figures["audit"]["status"] == "verified"


def test_compare_alternates_this_checkout_with_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    import wizard_p2p

    # Another checkout: the same code, but every process of it leaves a mark on import,
    # or when it is forked from one that imported it (as `play` forks its bots).
    other = tmp_path / "other"
    shutil.copytree(
        Path(wizard_p2p.__file__).parent,
        other / "wizard_p2p",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    init = other / "wizard_p2p" / "__init__.py"
    init.write_text(
        init.read_text()
        + "\nimport os as _os\n"
        + "def _leave_mark():\n"
        + "    with open(_os.environ['WIZARD_BENCH_MARK'], 'a') as _mark:\n"
        + "        _mark.write('x')\n"
        + "_leave_mark()\n"
        + "_os.register_at_fork(after_in_child=_leave_mark)\n"
    )
    marks = tmp_path / "marks"
    marks.write_text("")
    monkeypatch.setenv("WIZARD_BENCH_MARK", str(marks))
    out = tmp_path / "compare.json"
    argv = ["compare", "--against", str(other), "--seats", "3", "--reps", "1"]
    assert main([*argv, "--json", str(out)]) == 0
    # The other version's game ran its code: a mark from each of its seats' processes
    # (ours leave none).
    assert len(marks.read_text()) >= 3
    compared = json.loads(out.read_text())["compare"]["compare_3"]
    assert compared["versions"] == ["this", str(other)]
    for key in ("setup_first", "card_latency", "game", "cpu_game", "bytes"):
        this, theirs = compared["medians"][key]
        assert this > 0 and theirs > 0
    printed = capsys.readouterr().out
    assert "== compare" in printed
    assert "(+" in printed or "(-" in printed  # the change against this version


def test_an_idle_hop_crosses_two_cores_and_gives_this_thread_its_cores_back() -> None:
    if not hasattr(os, "sched_getaffinity"):
        assert machine.idle_hop(count=3, idle=0.001) is None
        return
    before = os.sched_getaffinity(0)
    hop = machine.idle_hop(count=3, idle=0.001)
    assert os.sched_getaffinity(0) == before
    if len(before) < 2:
        assert hop is None
        return
    try:  # a sandbox may refuse to hold a thread on one core: then there is no figure
        os.sched_setaffinity(0, {min(before)})
    except OSError:
        assert hop is None
    else:
        os.sched_setaffinity(0, before)
        assert hop is not None and 0 < hop < 1


def test_the_stolen_share_is_the_steal_ticks_over_all_ticks() -> None:
    assert stolen_share((10, 1000), (40, 1300)) == pytest.approx(0.1)
    assert stolen_share(None, (40, 1300)) is None
    assert stolen_share((10, 1000), (10, 1000)) is None  # no time passed
    if sys.platform.startswith("linux"):
        now = cpu_ticks()
        assert now is not None and 0 <= now[0] <= now[1]


def test_the_minutes_figures_are_summed_up_over_the_sizes_that_measured_them() -> None:
    def size(stolen: float | None, hop: float | None) -> dict:
        return {
            "stolen": None if stolen is None else {"median": stolen},
            "idle_hop": None if hop is None else {"median": hop},
        }

    results = {"network": {
        "setup_3": size(0.0, 40e-6), "setup_4": size(0.02, None),
        "setup_6": size(0.01, 31e-6), "game_3": {"stolen": {"median": 0.5}},
    }}
    assert during_games(results, "stolen") == (0.0, 0.02)
    assert during_games(results, "idle_hop") == (31e-6, 40e-6)  # the size without one skipped
    assert during_games({"network": {"setup_3": size(None, None)}}, "idle_hop") is None
    assert during_games({}, "stolen") is None


def test_compare_lets_each_version_lead_in_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[Path | None] = []

    def fake_game(seats: int, out: Path, source: Path | None = None) -> dict[str, object]:
        played.append(source)
        return {"game": float(len(played))}

    monkeypatch.setattr(games, "run_game", fake_game)
    monkeypatch.setattr(traces, "analyse", lambda game, seats: game)
    a, b = tmp_path / "a", tmp_path / "b"
    figures = compare.bench_compare([a, b], [3], 3, lambda line: None, tmp_path)
    assert played == [None, a, b, a, b, None, b, None, a]
    assert figures["compare_3"]["medians"]["game"] == [6.0, 4.0, 5.0]


def test_the_network_section_plays_the_sizes_in_turn_and_measures_each_floor_beside_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow minute of the machine falls on every size alike."""
    done: list[tuple[str, int]] = []

    def fake_game(seats: int, out: Path, source: Path | None = None) -> dict[str, object]:
        done.append(("game", seats))
        n = len(done)  # later games slower: a drifting machine
        return {
            "setup_first": 0.010 * n, "setup_last": 0.020 * n, "pause": 0.03,
            "pause_to_choice": 0.04, "stolen": 0.0, "latencies": [0.001],
            "latencies_logged": [0.0005], "game": 1.0, "startup": 0.2, "wall": 1.3,
            "cpu": 2.0, "cpu_game": 1.5, "bytes": 1000, "log_bytes": 500, "rss_kb": 40000,
            "fsync_seconds": 0.01, "fsyncs": 2, "finished": True, "log": tmp_path / "log",
        }

    def fake_protocol_floor(seats: int) -> tuple[float, float]:
        done.append(("floor", seats))
        return 0.005, 0.010

    monkeypatch.setattr(games, "run_game", fake_game)
    monkeypatch.setattr(traces, "analyse", lambda game, seats: game)
    monkeypatch.setattr(floors, "setup_floor", lambda seats, round_no, helper=None: 0.004)
    monkeypatch.setattr(floors, "protocol_floor", fake_protocol_floor)
    monkeypatch.setattr(floors, "mults_per_second", lambda: 30000.0)
    monkeypatch.setattr(floors, "wake_cost", lambda: (0.1, 0.2))
    hops = iter([20e-6, 30e-6, 40e-6, None, 60e-6, 70e-6])  # one before each game
    monkeypatch.setattr(machine, "idle_hop", lambda: next(hops))
    results = network.bench_network([3, 6], 3, lambda line: None, tmp_path)
    sizes = [seats for kind, seats in done if kind == "game"]
    assert sizes == [3, 6, 3, 6, 3, 6]
    # Each size's hops are those measured beside its own games (one unmeasured).
    assert results["setup_3"]["idle_hop"]["median"] == pytest.approx(40e-6)
    assert results["setup_6"]["idle_hop"]["median"] == pytest.approx(50e-6)
    assert results["setup_6"]["idle_hop"]["n"] == 2
    # Each game's protocol floors (3 of them: at least 9 in all) follow it, before the next.
    assert done[:5] == [("game", 3), ("floor", 3), ("floor", 3), ("floor", 3), ("game", 6)]
    # Each size's median is of its own games: 3 seats played 1st, 3rd and 5th.
    assert results["setup_3"]["round1"]["median"] == pytest.approx(0.010 * 9)
    assert results["setup_6"]["round1"]["median"] == pytest.approx(0.010 * 13)
    assert results["setup_3"]["round1_protocol_ratio"] == pytest.approx(0.09 / 0.005)


def test_compare_pairs_each_game_with_this_versions_game_of_the_same_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The machine's speed drifts a lot from round to round, and the other version is
    # always 10 % slower than this one on the same minutes: the medians say little,
    # the pairs say exactly that.
    drift = [1.0, 3.0, 0.5, 2.0, 0.8, 2.5]
    played: list[Path | None] = []

    def fake_game(seats: int, out: Path, source: Path | None = None) -> dict[str, object]:
        rep = len(played) // 2  # a round is one game of each version
        played.append(source)
        return {"game": drift[rep] * (1.0 if source is None else 1.1), "stolen": 0.0}

    monkeypatch.setattr(games, "run_game", fake_game)
    monkeypatch.setattr(traces, "analyse", lambda game, seats: game)
    lines: list[str] = []
    figures = compare.bench_compare([tmp_path / "b"], [3], len(drift), lines.append, tmp_path)
    paired = figures["compare_3"]["paired"]
    assert paired["game"][0] is None  # this version against itself
    change = paired["game"][1]
    assert change["median"] == pytest.approx(0.1)
    assert change["low"] == pytest.approx(0.1) and change["high"] == pytest.approx(0.1)
    assert change["pairs"] == len(drift) and change["confidence"] >= PAIRED_LEVEL
    assert paired["setup_first"] == [None, None]  # no figure, no pairs
    # Every game's figure, in the order of the rounds, for pooling runs.
    this, theirs = figures["compare_3"]["games"]["game"]
    assert this == pytest.approx(drift) and theirs == pytest.approx([d * 1.1 for d in drift])
    game_line = next(line for line in lines if line.strip().startswith("game,"))
    assert "paired +10 % [+10, +10]" in game_line
    stolen_line = next(line for line in lines if "stolen" in line)
    assert "paired" not in stolen_line  # the minutes' figure, not the code's


def test_paired_change_takes_the_sign_tests_interval() -> None:
    base = [1.0] * 14
    other = [0.8, 0.9, 0.92, 0.95, 0.97, 0.99, 1.0, 1.0, 1.01, 1.03, 1.05, 1.08, 1.1, 1.2]
    change = paired_change(base, list(reversed(other)))
    assert change is not None
    # 14 pairs: the 4th smallest and 4th largest change, covering the median with
    # probability 1 − 2·(1 + 14 + 91 + 364)/2**14; the 5th would cover it 82 % of the time.
    assert change["low"] == pytest.approx(-0.05) and change["high"] == pytest.approx(0.05)
    assert change["confidence"] == pytest.approx(1 - 2 * 470 / 2**14)
    assert change["median"] == pytest.approx(0.0)
    assert change["confidence"] >= PAIRED_LEVEL
    # Pairs with a figure missing on either side are left out; too few pairs, no answer.
    assert paired_change([1.0, None, 2.0, 2.0, 2.0], [1.1, 1.0, 2.0, 2.2, None]) is None
    assert paired_change([1.0] * 4, [2.0] * 4) is None
    # Asked for more confidence than the pairs can give: no answer either.
    assert paired_change([1.0] * 5, [1.1] * 5, level=0.99) is None
    assert paired_change([1.0] * 8, [1.1] * 8, level=0.99) is not None
    five = paired_change([1.0, None, 2.0, 2.0, 2.0, 2.0], [1.1, 1.0, 2.0, 2.2, 1.8, 2.0])
    assert five is not None and five["pairs"] == 5
    assert (five["low"], five["high"]) == pytest.approx((-0.1, 0.1))


@given(
    st.lists(
        st.tuples(
            st.floats(min_value=0.1, max_value=100.0),
            st.floats(min_value=0.1, max_value=100.0),
        ),
        min_size=5,
        max_size=40,
    ),
    st.floats(min_value=0.01, max_value=100.0),
)
def test_a_paired_interval_holds_its_median_and_ignores_the_scale(
    pairs: list[tuple[float, float]], scale: float
) -> None:
    base, other = [b for b, _ in pairs], [o for _, o in pairs]
    change = paired_change(base, other)
    assert change is not None
    assert change["low"] <= change["median"] <= change["high"]
    assert PAIRED_LEVEL <= change["confidence"] < 1.0
    # The same games on a machine `scale` times as fast: the same changes.
    scaled = paired_change([b * scale for b in base], [o * scale for o in other])
    assert scaled is not None
    for key in ("median", "low", "high", "confidence"):
        assert scaled[key] == pytest.approx(change[key], rel=1e-9, abs=1e-9)


def test_compare_refuses_what_is_not_a_checkout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["compare", "--against", str(tmp_path)])
    assert "not a checkout of wizard-p2p" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["compare"])
    assert "compare needs --against DIR" in capsys.readouterr().err


def _trace(seat: int, entries: list[tuple[int, int, str, float]], **extra: object) -> dict:
    return {
        "seat": seat, "entries": entries, "cpu_seconds": 1.0, "bytes_out": 10,
        "max_rss_kb": 1000, "finished": True, **extra,
    }


def test_card_latency_runs_from_the_signature_and_from_the_authors_log() -> None:
    # A play by seat 1 at position 1: signed at 10.000 s, in its author's log (after the
    # fsync) at 10.001, held by seats 0 and 2 at 10.003 and 10.004.
    held = {0: 10.003, 1: 10.001, 2: 10.004}
    seat_traces = [
        _trace(s, [(0, 0, "genesis", 9.0), (1, 1, "play", held[s])]) for s in range(3)
    ]
    game = {"traces": seat_traces, "wall": 2.0, "launched": 8.0, "log_bytes": 100}
    unsigned = traces.analyse(game, 3)
    assert unsigned["latencies_logged"] == [pytest.approx(0.003)]
    assert unsigned["card_latency"] is None  # an older checkout's traces: no signing times
    seat_traces[1]["signed"] = [[1, 10.0]]
    signed = traces.analyse(game, 3)
    assert signed["latencies"] == [pytest.approx(0.004)]
    assert signed["card_latency"] == pytest.approx(0.004)
    assert signed["card_latency_logged"] == pytest.approx(0.003)


def _figures(seconds: float) -> dict[str, float]:
    return {"median": seconds, "min": seconds, "max": seconds}


def test_each_target_is_judged_on_the_runs_figures_or_said_unmeasured() -> None:
    def setup(first: float, ratio: float) -> dict:
        return {"round1": _figures(first), "last": _figures(2 * first),
                "round1_protocol_ratio": ratio}

    def game(wall: float, latency: float) -> dict:
        return {"game": _figures(wall - 0.5), "wall": _figures(wall),
                "card_latency_p50": latency, "card_latency_logged_p50": latency - 0.001,
                "rss_kb": _figures(43_000)}

    results = {
        "crypto": {"ratio": 1.05},
        "network": {"setup_3": setup(0.020, 1.4), "setup_6": setup(0.120, 1.6),
                    "game_3": game(2.5, 0.002), "game_6": game(3.2, 0.0049)},
        "audit": {"audit_6": _figures(0.5)},
    }
    by_name = {name.split(",")[0].split(" <=")[0]: (figures, met)
               for name, figures, met in verdicts(results)}
    assert by_name["round set-up"] == ("round 1 20.0 ms (last round 40.0)", True)  # 3 seats
    assert by_name["card latency p50"] == ("4.90 ms (from the author's log 3.90)", True)
    # The whole run counts, start-up included: 3.2 s at 6 seats misses, its game would not.
    assert by_name["game of bots"] == ("whole run 2.50 / 3.20 s (the game 2.00 / 2.70)", False)
    assert by_name["audit of a 6-seat log"] == ("0.50 s", True)
    assert by_name["peak RSS of a peer"] == ("42.0 MB", True)
    assert by_name["shuffle+lock / raw multiplications"] == ("1.050", True)
    six = next(v for v in verdicts(results) if v[0].startswith("round set-up, 6"))
    assert six[1:] == ("round 1 120.0 ms (last round 240.0)", False)
    assert all(met is None and figures == "not measured" for _, figures, met in verdicts({}))
    # Round 1 networked over its protocol floor measures this machine's wake-ups: a figure
    # printed beside the verdicts, not one of them.
    assert not any(name.startswith("round 1 networked") for name in by_name)
    assert beside_verdicts(results)[0] == (
        "(round 1 networked / protocol floor: 1.40 / 1.60 at 3, 6 seats: what waking a "
        "sleeping process costs on this machine, not a target)"
    )
    assert beside_verdicts({}) == []


def test_a_figure_judged_against_its_target_is_shown_on_the_same_side_of_it() -> None:
    assert judged(1.4, 1.5, 2) == "1.40"
    assert judged(1.503, 1.5, 2) == "1.503"  # not "1.50", beside a target it misses
    assert judged(1.4996, 1.5, 2) == "1.50"  # shown as the target, and meeting it
    assert judged(5.0049, 5.0, 2) == "5.005"
    assert judged(100.04, 100.0, 1) == "100.04"
    setup = {"round1": _figures(0.05004), "last": _figures(0.1), "round1_protocol_ratio": 1.4}
    by_name = {name: (figures, met)
               for name, figures, met in verdicts({"network": {"setup_3": setup}})}
    assert by_name["round set-up, 3 seats, median <= 50 ms"] == (
        "round 1 50.04 ms (last round 100.0)", False
    )


def test_the_players_command_does_not_offer_the_bench() -> None:
    from wizard_p2p.cli import build_parser

    shown = build_parser().format_help()
    assert "tournament" in shown and "bench" not in shown


def test_the_deck_section_measures_a_private_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    assert main(["--quick", "--json", str(out), "deck"]) == 0
    assert "== deck" in capsys.readouterr().out
    figures = json.loads(out.read_text())["deck"]
    assert set(figures) == {
        "setup_30_seconds", "draw_seconds", "search_reshuffle_seconds", "end_check_seconds"
    }
    # A search re-runs a whole epoch of 29 where a draw opens one card.
    assert figures["search_reshuffle_seconds"] > figures["draw_seconds"] > 0


def test_the_sorcery_section_measures_a_whole_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bench.json"
    assert main(["--quick", "--json", str(out), "sorcery"]) == 0
    assert "== sorcery" in capsys.readouterr().out
    figures = json.loads(out.read_text())["sorcery"]
    # The parts are parts of the whole game; a search re-runs an epoch, a draw does not.
    parts = ("setup_seconds", "search_reshuffle_seconds", "end_check_seconds")
    assert sum(figures[name] for name in parts) < figures["game_seconds"]
    assert figures["search_reshuffle_seconds"] > figures["draw_seconds"] > 0
    assert figures["entries"] > 10 and figures["bytes"] > figures["entries"]
