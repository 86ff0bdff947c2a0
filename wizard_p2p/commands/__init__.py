"""What each command of ``wizard-p2p`` does: the one package that joins the node and the console.

``networked`` (host, join, bot, resume, and ``play``'s networked game),
``local_game`` and ``bot_processes`` (``play``'s bots, each its own process),
``lobby_adapter`` (the node's lobby as the console's ``LobbyController``),
``offline`` (``play --offline``: the console against in-memory bots) and
``replay`` (a log read back and shown, or exported). The
command line (``wizard_p2p.cli``) parses the options and calls these; the node
and the console never import them.

This package's ``__init__`` imports nothing: ``play`` imports ``local_game``
before anything heavy, to start its bots early.
"""
