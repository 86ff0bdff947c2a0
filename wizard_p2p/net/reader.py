"""Reading the mesh's listening socket in the event loop's reader callback.

A frame woken for is handled at once, in the callback for the ROUTER's descriptor,
a batch of frames per turn of the loop at most so that other callbacks run too.

The mesh composes a :class:`FrameReader` for its receive task: it hands over what
handles one frame, and two calls back (whether the mesh has closed, which ends
reading; that frames were handled).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import cast

import zmq
import zmq.asyncio

_log = logging.getLogger(__name__)
# Frames handled per turn of the event loop at most (fairness to other callbacks).
RECEIVE_BATCH = 64


class FrameReader:
    """Hands each multipart frame a ROUTER receives to ``handle``, in the loop's callback."""

    def __init__(
        self,
        handle: Callable[[list[zmq.Frame]], None],
        *,
        closed: Callable[[], bool],
        changed: Callable[[], None],
    ) -> None:
        self._handle = handle
        self._closed = closed
        self._fire = changed
        self._queued: zmq.Socket | None = None
        self._poked = False

    async def run(self, router: zmq.asyncio.Socket) -> None:
        """Handle what ``router`` receives until cancelled."""
        # Frames are read through a plain handle and handled in the event loop's reader
        # callback for the socket's descriptor, synchronously: a frame woken for is
        # handled in the same turn of the loop, with no task to wake in between (the
        # asyncio wrapper's future and its poller bookkeeping per receive were most of
        # a small frame's cost, a task woken per wake-up one more turn of the loop).
        # This task only holds the reader until the mesh closes.
        # asyncio keeps one reader per descriptor: nothing else may await on
        # the router (sends go through the DEALERs, or on a watcher's mesh through a
        # plain handle followed by a poke), or its reader would replace ours.
        queued = self._queued = zmq.Socket.shadow(router.underlying)
        loop = asyncio.get_running_loop()
        fd = cast(int, queued.getsockopt(zmq.FD))
        loop.add_reader(fd, self._receive_queued, queued)
        try:
            self._receive_queued(queued)  # what came before the reader was added
            await loop.create_future()  # until cancelled
        finally:
            with contextlib.suppress(ValueError, OSError):
                loop.remove_reader(fd)

    def poke(self) -> None:
        """Something was sent on the socket read: read what it holds, in a later callback.

        A send processes the socket's pending commands, which may consume the edge of
        its descriptor that announced frames to read; the reader would then not be
        called for them until the next one.
        """
        if self._queued is not None and not self._poked:
            self._poked = True
            asyncio.get_running_loop().call_soon(self._after_poke, self._queued)

    def _after_poke(self, queued: zmq.Socket) -> None:
        self._poked = False
        self._receive_queued(queued)

    def _receive_queued(self, queued: zmq.Socket) -> None:
        """Read and handle what the socket holds, up to a batch; the rest in a later turn.

        ZeroMQ's descriptor is edge-triggered: it fires when the socket's events may
        have changed, so the socket is drained and its EVENTS re-read (which consumes
        the edge) before the loop waits on it again.
        """
        if self._closed():
            return
        handled = 0
        while handled < RECEIVE_BATCH:
            try:
                frames = queued.recv_multipart(zmq.NOBLOCK, copy=False)
            except zmq.Again:
                try:
                    if cast(int, queued.getsockopt(zmq.EVENTS)) & zmq.POLLIN:
                        continue  # reading consumed the edge: more came meanwhile
                except zmq.ZMQError as exc:
                    self._receive_failed(exc)
                break
            except zmq.ZMQError as exc:
                # A lasting error is retried at the descriptor's next edge, not at once
                # (that would spin).
                self._receive_failed(exc)
                break
            handled += 1
            try:
                self._handle(frames)
            except Exception:
                # A bug must never silence the mesh; the frame is lost, resend covers it.
                _log.exception("error while handling a frame")
        else:
            # A full batch: the other callbacks run first, then the rest of the queue.
            asyncio.get_running_loop().call_soon(self._receive_queued, queued)
        if handled:
            self._fire()

    def _receive_failed(self, exc: zmq.ZMQError) -> None:
        """Log a receive error, unless the mesh closed its socket (the end of receiving)."""
        if not self._closed():
            _log.error("receive failed: %s", exc)
