"""The game protocol, sans-I/O (SPEC.md): one seat's replica of a game and its log.

``table.Table`` is the replica a node or the auditor drives; it composes:

* ``kinds`` — the vocabulary: entry kinds, stages, fault kinds, as ``StrEnum`` members;
* ``messages`` (with ``schema``) — entries on the wire, parsed strictly and signed;
* ``genesis`` — a game's terms and endorsements, read and verified;
* ``chain`` — authentication, the hash chain, entries held for later positions,
  forks and equivocation;
* ``turns`` — who writes each position, and how the stage moves on, as data;
* ``game`` — what a game supplies to the table (``GameReplica``) and what the table
  offers it (``TableContext``); ``wizard_replica`` — Wizard's replica: the rules'
  game, the round, and every step a round takes;
* ``status`` — the words of what a table does or waits for (``StatusKind``,
  ``Status``), which a game's replica says and a front end shows;
* ``handlers`` — one validator per entry kind, with the stages it may come in (the
  core's kinds drive the table, Wizard's the replica);
  ``dealing`` — the mental-poker steps of a round those validators take;
* ``round_state`` — what a replica knows of the round in progress;
* ``round_check`` — a round replayed from its revealed secrets, naming the culprit;
* ``seat_secrets`` and ``authoring`` — our own secrets, and our own entries;
* ``events`` — what a table's calls return; ``faults`` — the faults it names;
* ``scheduling`` — the driver's one seam for when work is done (checks put off,
  keys derived ahead).

``verdict`` reads a log's lines one at a time in the order of the checks (SPEC §8.2),
for ``audit`` and ``replay``; ``shown`` escapes text from a log for a person's screen.
``replay`` reads a whole log back through an observer table, with every hand as the
revealed secrets deal it (``wizard-p2p replay``); ``log`` reads and writes the JSON
Lines log; ``evidence`` the signed proofs of cheating kept beside it; ``choices``
writes the local seat's choice at the decision its table asks for; ``control`` and
``lobby_schema`` parse the control and lobby messages strictly; ``harness.MemoryGame``
runs N tables in memory (tests, the warm-up). ``tools.gen_vectors`` and
``tools.gen_conformance`` (beside the package) regenerate ``protocol/schemas`` and
``protocol/vectors``.
"""
