"""Network namespaces for the tests that need multicast: a small LAN the test builds itself.

:func:`lan` makes one namespace per machine, each with its loopback and one ``eth0``
(a veth pair) plugged into a bridge that lives in a third, "switch" namespace, so
nothing changes in the namespace the tests run in and no packet leaves the machine.
Each machine has the address ``10.77.0.<n+1>/24`` and a route for multicast
(224.0.0.0/4) on ``eth0``. Names are unique to the run; everything is deleted at the
end, whatever happens.

A process enters a namespace with :func:`enter` as its ``preexec_fn``; a thread of the
test process may enter one too (a network namespace is a thread's own: the sockets the
thread then creates live in it).

It needs root and iproute2; :func:`skip_unless_netns` skips a test that cannot have them.
"""

from __future__ import annotations

import asyncio
import ctypes
import itertools
import os
import shutil
import subprocess
import threading
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

import pytest

CLONE_NEWNET = 0x40000000
DEADLINE = 20.0
T = TypeVar("T")
_COUNTER = itertools.count()


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=30)


def netns_available() -> bool:
    if os.geteuid() != 0 or shutil.which("ip") is None:
        return False
    name = f"wzprobe{os.getpid()}"
    try:
        _ip("netns", "add", name)
    except (subprocess.CalledProcessError, OSError, subprocess.TimeoutExpired):
        return False
    _ip("netns", "delete", name)
    return True


skip_unless_netns = pytest.mark.skipif(
    not netns_available(), reason="network namespaces need root and iproute2"
)


def enter(namespace: str) -> None:
    """Move the calling thread (or a child before it runs the program) into ``namespace``."""
    libc = ctypes.CDLL(None, use_errno=True)
    fd = os.open(f"/run/netns/{namespace}", os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            error = ctypes.get_errno()
            raise OSError(error, os.strerror(error), namespace)
    finally:
        os.close(fd)


def entering(namespace: str) -> Callable[[], None]:
    return lambda: enter(namespace)


@dataclass(frozen=True)
class Machine:
    namespace: str
    address: str


@contextmanager
def lan(count: int, *, loopback_only: int = 0) -> Iterator[list[Machine]]:
    """``count`` machines on one bridge, then ``loopback_only`` more that have nothing but
    their loopback (no multicast beyond the machine)."""
    tag = f"{os.getpid() % 100000}x{next(_COUNTER)}"
    switch = f"wz{tag}s"
    machines = [Machine(f"wz{tag}m{i}", f"10.77.0.{i + 1}") for i in range(count)]
    alone = [Machine(f"wz{tag}l{i}", "127.0.0.1") for i in range(loopback_only)]
    made: list[str] = []
    try:
        for name in [switch, *(m.namespace for m in machines + alone)]:
            _ip("netns", "add", name)
            made.append(name)
            _ip("-n", name, "link", "set", "lo", "up")
        _ip("-n", switch, "link", "add", "br0", "type", "bridge")
        _ip("-n", switch, "link", "set", "br0", "up")
        for i, machine in enumerate(machines):
            port = f"p{i}"
            _ip("-n", switch, "link", "add", port, "type", "veth", "peer", "name", "eth0",
                "netns", machine.namespace)
            _ip("-n", switch, "link", "set", port, "master", "br0", "up")
            _ip("-n", machine.namespace, "addr", "add", f"{machine.address}/24", "dev", "eth0")
            _ip("-n", machine.namespace, "link", "set", "eth0", "up")
            _ip("-n", machine.namespace, "route", "add", "224.0.0.0/4", "dev", "eth0")
        yield machines + alone
    finally:
        for name in reversed(made):  # the veth pairs go with their namespaces
            subprocess.run(["ip", "netns", "delete", name], capture_output=True, timeout=30)


class NamespaceLoop:
    """An asyncio loop running in a thread that entered a network namespace."""

    def __init__(self, namespace: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.failure: BaseException | None = None
        ready = threading.Event()

        def run() -> None:
            try:
                enter(namespace)
            except BaseException as exc:
                self.failure = exc
                return
            finally:
                ready.set()
            asyncio.set_event_loop(self.loop)
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, name=f"ns-{namespace}", daemon=True)
        self.thread.start()
        ready.wait(DEADLINE)
        if self.failure is not None:
            raise self.failure

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = DEADLINE) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(DEADLINE)
        self.loop.close()
