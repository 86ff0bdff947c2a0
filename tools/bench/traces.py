"""Reading a game's traces: round set-ups, pauses, card latencies and totals."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any


def round_setups(kinds: Sequence[str]) -> list[tuple[int, int]]:
    """Each round's set-up in a log whose entry kinds are ``kinds`` (by position): the
    position of the entry before its first shuffle, and of its last lock."""
    setups = []
    for pos, kind in enumerate(kinds):
        if kind == "shuffle" and pos and kinds[pos - 1] != "shuffle":
            last = pos
            while last + 1 < len(kinds) and kinds[last + 1] in ("shuffle", "lock"):
                last += 1
            setups.append((pos - 1, last))
    return setups


def analyse(game: dict[str, Any], seats: int) -> dict[str, Any]:
    """Round set-up per round, card latencies and totals from one game's traces.

    ``times[s][pos]``: when position ``pos`` entered seat ``s``'s log (after its checks).

    * set-up of a round: from the moment the entry before its first shuffle reaches
      seat 0 (the first pass can start; ``received``, before any check) until every
      seat holds the round's last lock entry (its hand and the trump card are then
      known);
    * pause between rounds: from the round's last play, written by its author, until
      every seat holds the next round's last lock — the round's end (that play
      reveals the last secret) and the set-up, the wait for the next hand; and until
      every seat holds the first choice after it (a bid, or the dealer's trump), the
      wait for the game to go on when bots choose (work moved from the set-up to just
      after the deal shortens the first and lengthens the second);
    * the game proper: from the first entry after the genesis to the moment every
      seat holds the last one; start-up is what comes before it (starting the
      processes, the lobby) and close what comes after.
    """
    times: list[dict[int, float]] = [{} for _ in range(seats)]
    received: list[dict[int, float]] = [{} for _ in range(seats)]
    signed: dict[int, float] = {}  # position → when its author signed it (or chose it)
    kinds: dict[int, tuple[int, str]] = {}
    for trace in game["traces"]:
        for pos, author, kind, t in trace["entries"]:
            times[trace["seat"]][pos] = t
            kinds[pos] = (author, kind)
        received[trace["seat"]] = {pos: t for pos, t in trace.get("received", ())}
        signed.update((pos, t) for pos, t in trace.get("signed", ()))
    positions = sorted(kinds)

    def written(pos: int) -> float | None:
        return times[kinds[pos][0]].get(pos) if pos in kinds else None

    def held_by_all(pos: int) -> float | None:
        ends = [times[s].get(pos) for s in range(seats)]
        return None if any(e is None for e in ends) else max(ends)  # type: ignore[type-var]

    by_position = [kinds.get(pos, (0, ""))[1] for pos in range(positions[-1] + 1)]
    setups: dict[int, float] = {}
    pauses: list[float] = []
    pauses_to_choice: list[float] = []
    for round_no, (before, last) in enumerate(round_setups(by_position), start=1):
        # Seat 0 starts its pass as the entry before it arrives (it may have computed it
        # ahead); if that arrival is not traced, when it was written.
        start = received[0].get(before, written(before))
        end = held_by_all(last)
        if start is not None and end is not None:
            setups[round_no] = end - start
        # The pause a player sees runs from the previous round's last play.
        last_play = next((p for p in range(before, -1, -1) if by_position[p] == "play"), None)
        if last_play is not None:
            play_written = written(last_play)
            if play_written is not None and end is not None:
                pauses.append(end - play_written)
            chosen = held_by_all(last + 1)
            if play_written is not None and chosen is not None:
                pauses_to_choice.append(chosen - play_written)
    # Card latency from the play's signature (its author's choice: the fsync of a chosen
    # play is part of it), and from its entering the author's log (after that fsync).
    # A checkout whose traces do not say when an entry was signed has only the second.
    latencies = []
    latencies_logged = []
    for pos in positions:
        author, kind = kinds[pos]
        if kind != "play":
            continue
        logged = times[author].get(pos)
        others = [times[s].get(pos) for s in range(seats) if s != author]
        if logged is None or any(o is None for o in others):
            continue
        applied = max(others)  # type: ignore[type-var]
        latencies_logged.append(applied - logged)
        if pos in signed:
            latencies.append(applied - signed[pos])
    rounds = max(setups) if setups else 0
    first = min(t["entries"][0][3] for t in game["traces"] if t["entries"])
    last = held_by_all(positions[-1]) or max(t["entries"][-1][3] for t in game["traces"])
    cpu_in_game = [
        t["cpu_seconds"] - t["cpu_at_first_entry"]
        for t in game["traces"]
        if t.get("cpu_at_first_entry") is not None
    ]
    return {
        "setup_first": setups.get(1),
        "setup_last": setups.get(rounds),
        "pause": statistics.median(pauses) if pauses else None,
        "pause_to_choice": statistics.median(pauses_to_choice) if pauses_to_choice else None,
        "latencies": latencies,
        "card_latency": statistics.median(latencies) if latencies else None,
        "latencies_logged": latencies_logged,
        "card_latency_logged": statistics.median(latencies_logged) if latencies_logged else None,
        "cpu": sum(t["cpu_seconds"] for t in game["traces"]),
        "cpu_game": sum(cpu_in_game) if len(cpu_in_game) == seats else None,
        # The genesis's fsync, each log's at its close, and those that hold back a choice
        # until the disk has it (a person's or a clocked bot's bid, trump or play).
        "fsyncs": sum(t.get("fsyncs", 0) for t in game["traces"]),
        "fsync_seconds": sum(t.get("fsync_seconds", 0.0) for t in game["traces"]),
        "bytes": sum(t["bytes_out"] for t in game["traces"]),
        "rss_kb": max(t["max_rss_kb"] for t in game["traces"]),
        "wall": game["wall"],
        "startup": first - game["launched"],
        "game": last - first,
        "log_bytes": game["log_bytes"],
        "rounds": rounds,
        "finished": all(t["finished"] for t in game["traces"]),
        "stolen": game.get("stolen"),
    }
