"""One player's networked seat: the table, the mesh, the log on disk and the timers, on one
asyncio loop.

It knows no game: a table's game is its replica's business (``protocol.game``), and
what a game adds to a seat (its bot, its warm-up, the console's ``SeatController``
that says the choices in the game's terms) comes in from ``commands``.

``peer.GamePeer`` is the seat during a game; it composes
``durability`` (the log file, and what must be on disk before it is sent),
``send_order``, ``repair`` (a replica that diverged), ``faults`` and ``evidence_file``
(refused entries, and the proof of cheating kept on disk), ``stall`` (who holds the game
up), ``idle`` (work put off until nothing else is due), ``bot_driver``, ``seat_status``
(what a front end shows while it waits) and ``tracing`` (the bench's timings).

Before the game: ``lobby`` (the host's side and the genesis every player endorses),
``lobby_join`` (the joiner's side), ``lobby_common`` (what both share) and ``invite``
(the invite code and the default port). Beside them: ``store`` (a player's games on
disk) and ``helper`` (the second thread a seat's passes share).
"""
