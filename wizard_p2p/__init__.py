"""wizard-p2p: the card game Wizard over a LAN with no server.

The layers, top to bottom (a module imports only its own package and the layers
below; packages joined by ``|`` know nothing of each other; the ``layers`` contract in
``pyproject.toml`` checks it and docs/architecture.md explains it)::

    __main__ > cli > commands > tui | node > seat | audit > net | protocol | bots
    > crypto | rules > boundedjson > identity | canonical > ports | files > errors

``rules`` is the pure game, ``crypto`` the card cryptography, ``protocol`` the
sans-I/O log and table, ``net`` the ZeroMQ mesh, ``node`` one networked seat,
``seat`` the seam a front end plays through, ``tui`` the console, ``bots`` the
policies, ``audit`` the offline check of a log, ``commands`` the application.
"""

__version__ = "0.1.0"
