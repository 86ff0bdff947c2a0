"""The game protocol, sans-I/O (SPEC.md): one seat's replica of a game and its log,
knowing no game's rules.

``table.Table`` is the replica a node or the auditor drives; it composes:

* ``kinds`` — the vocabulary: entry kinds, stages, fault kinds, as ``StrEnum`` members;
* ``messages`` (with ``schema``) — entries on the wire, parsed strictly and signed;
* ``genesis`` — a game's terms and endorsements, read and verified;
* ``chain`` — authentication, the hash chain, entries held for later positions,
  forks and equivocation;
* ``turns`` — the turn an entry must fit, and how the stage moves on, as data;
* ``game`` — what a game supplies to the table (``GameReplica``, ``GameRules``) and
  what the table offers it (``TableContext``); each game's are a package under
  ``wizard_p2p.tables`` (Wizard's ``tables.wizard``, 巫师牌's ``tables.sorcery``);
* ``status`` — the words of what a table does or waits for (``StatusKind``,
  ``Status``), which a game's replica says and a front end shows;
* ``core_handlers`` — the validators of the kinds every game shares;
* ``seat_secrets`` — our own secrets, derived from the master secret;
* ``events`` — what a table's calls return; ``faults`` — the faults it names;
* ``scheduling`` — the driver's one seam for when work is done (checks the game
  puts off, work it derives ahead).

``verdict`` reads a log's lines one at a time in the order of the checks (SPEC §8.2),
for ``audit`` and ``replay``; ``shown`` escapes text from a log for a person's screen;
``log`` reads and writes the JSON Lines log; ``evidence`` the signed proofs of
cheating kept beside it; ``choices`` writes the local seat's choice at the decision
its table asks for; ``control`` and ``lobby_schema`` parse the control and lobby
messages strictly. ``tools.gen_vectors`` and ``tools.gen_conformance`` (beside the
package) regenerate ``protocol/schemas`` and ``protocol/vectors``.
"""
