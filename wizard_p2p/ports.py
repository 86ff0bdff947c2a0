"""Ports chosen before their listener exists, held listening until it takes them over.

``play`` chooses its lobby's and its seats' mesh ports before the ZeroMQ sockets that
serve them exist (the host's before it forks its bots, a bot's while it sits in the
lobby). Each is held by a listening socket of this process, so that:

* nobody else is handed the port meanwhile (another process asking for a free one);
* a peer that dials it early is not refused: the kernel completes the connection and
  keeps it in the backlog until the listener accepts it. A refused dial is redialled
  only after ZeroMQ's back-off (``NetConfig.reconnect_ivl_ms``), and at a game's start
  every seat dials the others while some have not bound yet.

The ZeroMQ socket that binds a held port takes the listening socket over
(``ZMQ_USE_FD``, in ``net.sockets.bind``): connections already waiting are its
first. A held port bound on another host than it was held on is given up first,
and bound as any other. Standard library only: the command line holds ports
before it imports the network.
"""

from __future__ import annotations

import os
import socket

# Connections the kernel queues for a held port until its listener takes it over.
_BACKLOG = 128

_held: dict[int, tuple[str, socket.socket]] = {}


def reserve_port(host: str = "127.0.0.1") -> int:
    """A free TCP port on ``host``, held listening by this process until it is bound
    (:func:`take_listener`) or released (:func:`release_port`)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        if os.name == "posix":
            # As libzmq sets on its own listeners: the connections it accepts from this
            # one inherit it, so that a seat killed with them open can bind the port
            # again when it resumes (elsewhere the option lets another socket steal it).
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, 0))
        sock.listen(_BACKLOG)
        sock.setblocking(False)  # libzmq accepts from it in its I/O thread
    except OSError:
        sock.close()
        raise
    port = int(sock.getsockname()[1])
    _held[port] = (host, sock)
    return port


def release_port(port: int) -> None:
    """Give the port up (a no-op for a port this process does not hold). Dials that
    were waiting for it are refused and redialled."""
    held = _held.pop(port, None)
    if held is not None:
        held[1].close()


def take_listener(host: str, port: int) -> int | None:
    """The file descriptor holding ``port`` listening on ``host``, now the caller's to
    close (a ZeroMQ socket bound with ``ZMQ_USE_FD`` closes it itself); ``None`` if this
    process does not hold the port, or holds it on another host (it is given up then)."""
    held = _held.get(port)
    if held is None:
        return None
    if held[0] != host:
        release_port(port)
        return None
    del _held[port]
    return held[1].detach()


def close_inherited() -> None:
    """In a forked child: close its copies of the parent's held ports (the parent's own
    stay open), so that the parent's listeners can take them."""
    for _, sock in _held.values():
        sock.close()
    _held.clear()
