"""Clients that hold the invite code and flood a host's lobby socket: a test-only program.

    python -m tests.adversarial.lobby_flood HOST:PORT CODE [--clients 8] [--bytes 1048576]

Each client is a raw ZeroMQ DEALER with a fresh CURVE key, connected to the lobby's
key (derived from the code, as a joiner's is), that sends lobby requests
``{"type":"ping","pad":"AAAA…"}`` of about ``--bytes`` bytes as fast as its socket
takes them, until the process is stopped. It prints ``flooding`` once every client has
queued its first message, then, every second, how many messages it queued in all.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import zmq

from wizard_p2p.net.frames import LobbyRequest, encode_lobby
from wizard_p2p.net.keys import CurveKeys
from wizard_p2p.node.lobby_common import lobby_keys


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="lobby_flood")
    parser.add_argument("address")
    parser.add_argument("code")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--bytes", type=int, default=1 << 20)
    args = parser.parse_args(argv)
    server_key = lobby_keys(args.code).public.encode()
    pad = "A" * max(0, args.bytes - 32)
    payload = json.dumps({"type": "ping", "pad": pad}).encode()
    context = zmq.Context(io_threads=2)
    sockets = []
    for _ in range(args.clients):
        keys = CurveKeys.generate()
        sock = context.socket(zmq.DEALER)
        sock.setsockopt(zmq.LINGER, 0)
        sock.setsockopt(zmq.CURVE_SERVERKEY, server_key)
        sock.setsockopt(zmq.CURVE_PUBLICKEY, keys.public.encode())
        sock.setsockopt(zmq.CURVE_SECRETKEY, keys.secret.encode())
        sock.setsockopt(zmq.RECONNECT_IVL, 20)
        sock.setsockopt(zmq.RECONNECT_IVL_MAX, 100)
        sock.connect(f"tcp://{args.address}")
        sockets.append(sock)
    poller = zmq.Poller()
    for sock in sockets:
        poller.register(sock, zmq.POLLOUT)
    sent = 0
    started: set[int] = set()
    next_report = time.monotonic() + 1.0
    msg_id = 0
    while True:
        for sock, _ in poller.poll(200):
            msg_id += 1
            try:
                sock.send_multipart(encode_lobby(LobbyRequest(msg_id, payload)), zmq.NOBLOCK)
            except zmq.Again:
                continue
            sent += 1
            if len(started) < len(sockets):
                started.add(id(sock))
                if len(started) == len(sockets):
                    print("flooding", flush=True)
            # Drain whatever the host answers, so that its replies do not pile up here.
            while True:
                try:
                    sock.recv_multipart(zmq.NOBLOCK)
                except zmq.Again:
                    break
        if time.monotonic() >= next_report:
            print(f"sent {sent}", flush=True)
            next_report += 1.0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
