"""``scripts/bench`` (``python -m tools.bench``): figures and ratios, never pass/fail.

Sections (crypto, network and audit by default; name some to run only those):

* ``crypto`` — libsodium scalar multiplications per second in this process, and one
  full shuffle+lock for 6 seats as a ratio to 2 × 6 × 60 raw multiplications.
* ``deck`` — a private deck between two players (CRYPTO.md §13), in one process: the
  set-up of a deck of 30, a draw, a search with its reshuffle, and the end's checks.
* ``sorcery`` — a whole game of 巫师牌, bot against bot, through three replicas (two
  seats and a watcher) in one process: the set-up of both decks, a draw, a search
  with its reshuffle, the end's checks, and the whole game (time, entries, bytes).
* ``network`` — whole headless games on loopback, one OS process per seat (the real
  ``wizard-p2p play --headless``), for 3..6 seats, played in turn (a game of each size,
  then the next of each). From every peer's trace:
  round set-up (the entry before the first shuffle reaches seat 0 → every seat holds
  its hand and knows trump) at round 1 and at the last round, next to two floors in
  one process with no network and their ratios: the passes alone, on two threads as
  a peer runs its own (the passes-alone floor), and the same work as the game's, every
  seat's table fed by the in-memory relay on one thread (the protocol floor); the pause
  between rounds (last play → next hands, and → the first bid); card latency (a play
  signed by its author → verified and applied by every other seat, a chosen play timed
  from the choice so that the fsync of one that waits for the disk counts: median and
  99th percentile; and the same from the play's entering its author's log); the share
  of CPU time the host stole from this virtual machine meanwhile; what being woken costs
  here (one table checking one shuffle entry, back to back and after sleeping 5 ms) and
  what one hop between two idle processes on two cores costs beside each size's games
  (a byte through a pipe and back, halved);
  the game proper (first entry → every seat holds the last) apart from start-up, the
  whole run's wall time, CPU time of all processes (in the game and in all), bytes on
  the wire, log size; peak memory of one peer; the time the fsyncs took (the genesis,
  each log's close, and a choice that waits for the disk: a person's or a clocked
  bot's; a deterministic bot's does not).
* ``audit`` — auditing a finished 6-seat log.
* ``bots`` — a short tournament (see ``wizard-p2p tournament`` for the full one).
* ``compare`` — this checkout's games against another's (``--against DIR``, which
  may be repeated): one game of each version in turn, ``--reps`` of each per size,
  and their medians side by side; from 5 repetitions, also the median change game by
  game against this version's game of the same round, with an interval for it that
  assumes nothing about the spread (:func:`tools.bench.stats.paired_change`). This
  machine's speed drifts from minute to minute, so a change is judged this way, not
  by two runs taken apart, and not by a change whose interval holds 0.

Every run ends by judging the targets against its figures, then prints round 1's
networked set-up over its protocol floor (a figure, not a target: it measures this
machine's wake-ups) and the range of the stolen share and of the idle hop over the
sizes: the minutes the games ran on, which slow every networked figure and neither
floor.

Each figure is the median of ``--reps`` runs, with min and max. ``--json FILE``
writes every figure for comparison between runs; ``--quick`` is the smoke run the
test suite uses (one size, one repetition).
"""
