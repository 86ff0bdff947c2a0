"""Ports held listening until their ZeroMQ listener takes them over (wizard_p2p.ports)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
import zmq
from zmq.utils.monitor import parse_monitor_message

from wizard_p2p.net.sockets import bind
from wizard_p2p.ports import release_port, reserve_port, take_listener

# A dial that is refused is retried only after this long: far beyond every deadline
# below, so a frame that arrives in time came over the dial made before the bind.
NEVER_REDIAL_MS = 600_000
DEADLINE_MS = 10_000


@pytest.fixture
def context() -> Iterator[zmq.Context]:
    ctx = zmq.Context()
    yield ctx
    ctx.destroy(linger=0)


def _dealer(context: zmq.Context, port: int) -> zmq.Socket:
    dealer = context.socket(zmq.DEALER)
    dealer.setsockopt(zmq.LINGER, 0)
    dealer.setsockopt(zmq.RECONNECT_IVL, NEVER_REDIAL_MS)
    dealer.setsockopt(zmq.RECONNECT_IVL_MAX, NEVER_REDIAL_MS)
    return dealer


def _first_dial(dealer: zmq.Socket, port: int) -> int:
    """Dial ``port`` and return the first event of that dial: connected, or retried later."""
    monitor = dealer.get_monitor_socket(zmq.EVENT_CONNECTED | zmq.EVENT_CONNECT_RETRIED)
    try:
        dealer.connect(f"tcp://127.0.0.1:{port}")
        assert monitor.poll(DEADLINE_MS), "the dial reported nothing"
        return int(parse_monitor_message(monitor.recv_multipart())["event"])
    finally:
        dealer.disable_monitor()
        monitor.close(linger=0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ZMQ_USE_FD: POSIX")
def test_a_dial_made_before_the_listener_binds_is_taken_over_by_it(
    context: zmq.Context,
) -> None:
    port = reserve_port("127.0.0.1")
    dealer = _dealer(context, port)
    # The kernel completes the connection to the held port: nothing to redial.
    assert _first_dial(dealer, port) == zmq.EVENT_CONNECTED
    dealer.send(b"sent before the listener existed")
    router = context.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    assert bind(router, "127.0.0.1", port) == port
    assert take_listener("127.0.0.1", port) is None  # the listener has it now
    assert router.poll(DEADLINE_MS), "the early dial was not taken over"
    assert router.recv_multipart()[1] == b"sent before the listener existed"
    # The listener serves later dials as any other.
    late = _dealer(context, port)
    late.connect(f"tcp://127.0.0.1:{port}")
    late.send(b"late")
    assert router.poll(DEADLINE_MS)
    assert router.recv_multipart()[1] == b"late"


def test_a_released_port_refuses_dials_until_something_binds_it(
    context: zmq.Context,
) -> None:
    port = reserve_port("127.0.0.1")
    release_port(port)
    assert _first_dial(_dealer(context, port), port) == zmq.EVENT_CONNECT_RETRIED


def test_a_port_held_on_another_host_is_given_up_and_bound_as_usual(
    context: zmq.Context,
) -> None:
    port = reserve_port("127.0.0.1")
    router = context.socket(zmq.ROUTER)
    router.setsockopt(zmq.LINGER, 0)
    # 127.0.0.2 is loopback too, but not the address the port was held on: taking the
    # held socket over would listen on 127.0.0.1 instead of where the caller asked.
    assert bind(router, "127.0.0.2", port) == port
    assert take_listener("127.0.0.1", port) is None
    dealer = _dealer(context, port)
    dealer.connect(f"tcp://127.0.0.2:{port}")
    dealer.send(b"to 127.0.0.2")
    assert router.poll(DEADLINE_MS)
    assert router.recv_multipart()[1] == b"to 127.0.0.2"
    # Nothing is left listening on 127.0.0.1: the held socket was closed.
    assert _first_dial(_dealer(context, port), port) == zmq.EVENT_CONNECT_RETRIED
