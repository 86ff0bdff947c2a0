"""A seated player's process with one evil behaviour: a test-only program.

    python -m tests.adversarial.evil_seat BEHAVIOUR bot HOST:PORT --code CODE ...

It runs the shipped ``wizard-p2p`` command line (the arguments after BEHAVIOUR)
with its own identity, so it joins the lobby and is seated like anyone; before
that, it patches its own table or mesh so that its seat cheats in one way (see
``BEHAVIOURS``). Entries it sends are mutated and re-signed with the seat's own
key (``messages.encode_entry``), reusing the tamper functions of the in-memory
cheat tests. The shipped program has no such switch: a modified client is the
threat, and this module plays it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import zmq

from tests.protocol_support import body_json
from tests.test_protocol_cheats import swap_two, wrong_key
from wizard_p2p import cli
from wizard_p2p.errors import PeerFault
from wizard_p2p.net import mesh as mesh_module
from wizard_p2p.net import watchers as watchers_module
from wizard_p2p.net.frames import Control, Entry, MeshFrame, decode_mesh, encode_mesh
from wizard_p2p.net.sockets import send_now
from wizard_p2p.node import peer as peer_module
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol import table as table_module
from wizard_p2p.protocol.control import EntryAt, decode_control, encode_control
from wizard_p2p.protocol.events import Accepted, Broadcast
from wizard_p2p.protocol.kinds import EntryKind

Mutate = Callable[[dict[str, Any], Any], dict[str, Any]]

# How many frames the flood behaviours send (overridden by scripts/adversarial).
FLOOD_FRAMES = 200


@dataclass
class Evil:
    """What this process does differently; shared by the patches below."""

    behaviour: str
    peer: Any = None  # the GamePeer, once built
    # position → (replacement line, the peer keys it goes to; None: every peer)
    substitute: dict[int, tuple[bytes, frozenset[str] | None]] = field(default_factory=dict)
    done: bool = False

    def outgoing(self, peer_key: str, position: int, data: bytes) -> bytes:
        swap = self.substitute.get(position)
        if swap is None or (swap[1] is not None and peer_key not in swap[1]):
            return data
        return swap[0]


EVIL = Evil("")


# --- entry tampering -------------------------------------------------------------------


@dataclass(frozen=True)
class Tamper:
    """Change the body of our first entry of one of ``kinds`` that ``when`` accepts."""

    kinds: tuple[str, ...]
    mutate: Mutate
    when: Callable[[dict[str, Any], Any], bool] = lambda body, table: True
    # Send the cheat while our own replica goes on with the honest entry (the cheat
    # is one our own checks refuse, or it goes to some peers only).
    send_only: bool = False
    to_one_peer: bool = False


def _released(body: dict[str, Any], table: Any) -> bool:
    rnd = table.round
    keys = body.get("keys") or []
    return body.get("round", 0) >= 2 and sum(
        1 for p, k in enumerate(keys) if k is not None and p < rnd.dealt
    ) >= 2


def _undealt(body: dict[str, Any], table: Any) -> dict[str, Any]:
    """Our play names a card dealt to another seat (with our own key for it)."""
    rnd = table.round
    other = (table.seat + 1) % table.seats
    position = rnd.positions_of(other)[0]
    body["position"] = position
    key = rnd.my_keys.lock_keys[position]
    body["key"] = key.hex() if isinstance(key, bytes) else key
    return body


def _other_bid(body: dict[str, Any], table: Any) -> dict[str, Any]:
    body["bid"] = (body["bid"] + 1) % (body["round"] + 1)
    return body


def _duplicate_point(body: dict[str, Any], table: Any) -> dict[str, Any]:
    body["deck"][1] = body["deck"][0]
    return body


def _drop_point(body: dict[str, Any], table: Any) -> dict[str, Any]:
    body["deck"] = body["deck"][:-1]
    if isinstance(body.get("keys"), list):
        body["keys"] = body["keys"][:-1]
    return body


TAMPERS: dict[str, Tamper] = {
    "undealt-card": Tamper(
        ("play",), _undealt, lambda b, t: b["round"] >= 2 and "secret" not in b, send_only=True
    ),
    # A lock, or the last shuffle (which locks too).
    "lock-swap": Tamper(("lock", "shuffle"), swap_two, lambda b, t: bool(b.get("keys"))),
    "shuffle-duplicate": Tamper(("shuffle",), _duplicate_point),
    "shuffle-drop": Tamper(("shuffle",), _drop_point, send_only=True),
    "wrong-key": Tamper(("lock", "shuffle"), wrong_key, _released),
    "bid-opening": Tamper(
        ("bid_open",), _other_bid, lambda b, t: b["round"] >= 2, send_only=True
    ),
    "equivocate": Tamper(("bid",), _other_bid, send_only=True, to_one_peer=True),
}


def _other_game(raw: bytes) -> bytes:
    """Our entry as it would be in another game (same seat, same key): a replay."""
    entry = m.decode_entry(raw)
    return m.encode_entry(
        EVIL.peer.identity, game=bytes(32), pos=entry.pos, prev=entry.prev,
        seat=entry.seat, kind=entry.kind, body=body_json(raw),
    )


def _forged_signature(raw: bytes) -> bytes:
    cut = raw.rindex(b'"sig":"') + 7
    flipped = b"0" if raw[cut : cut + 1] != b"0" else b"1"
    return raw[:cut] + flipped + raw[cut + 1 :]


def _earlier_round(raw: bytes) -> bytes:
    """Our first bid of the game, sent again in place of this one."""
    table = EVIL.peer.table
    me = table.seat
    for line in table.log:
        entry = m.decode_entry(line)
        if entry.seat == me and entry.kind == "bid":
            return line
    return raw


# Our bid of round 2, replaced (to every peer) by another line.
REPLACEMENTS: dict[str, Callable[[bytes], bytes]] = {
    "replay-game": _other_game,
    "replay-round": _earlier_round,
    "forged-signature": _forged_signature,
}


def _sign(table: Any, kind: str, body: dict[str, Any], pos: int) -> bytes:
    return m.encode_entry(
        table.identity, game=table.game_id, pos=pos, prev=table._chain.hashes[pos - 1],
        seat=table.seat, kind=kind, body=body,
    )


def _ours(table: Any) -> bool:
    """Whether ``table`` is our seat's replica (not one the warm-up plays in memory)."""
    return EVIL.peer is not None and table is EVIL.peer.table


_original_write = table_module.Table._write


def _evil_write(self: Any, kind: EntryKind, body: Any, **how: bool) -> None:
    tamper = TAMPERS.get(EVIL.behaviour)
    replace = REPLACEMENTS.get(EVIL.behaviour)
    if EVIL.done or (tamper is None and replace is None) or not _ours(self):
        _original_write(self, kind, body, **how)
        return
    pos = len(self.log)
    honest = _sign(self, kind.value, body, pos)
    if replace is not None:
        if kind.value != "bid" or body_json(honest)["round"] < 2:
            _original_write(self, kind, body, **how)
            return
        EVIL.done = True
        EVIL.substitute[pos] = (replace(honest), None)
        _original_write(self, kind, body, **how)
        return
    assert tamper is not None
    plain = body_json(honest)
    if kind.value not in tamper.kinds or not tamper.when(plain, self):
        _original_write(self, kind, body, **how)
        return
    EVIL.done = True
    cheat = _sign(self, kind.value, tamper.mutate(plain, self), pos)
    if not tamper.send_only:
        entry = m.decode_entry(cheat)
        try:
            # A client that believes its own cheat: its replica goes on from it.
            self._accept(entry, authenticated=True, ours=True)
        except PeerFault:
            pass
        else:
            self._events.append(Broadcast(entry.pos, entry.raw, kind, **how))
            self._settle()
            return
    peers = None
    if tamper.to_one_peer:
        keys = sorted(p["curve_key"] for s, p in enumerate(self.players) if s != self.seat)
        peers = frozenset(keys[:1])
    EVIL.substitute[pos] = (cheat, peers)
    _original_write(self, kind, body, **how)


_original_play = table_module.Table.play


def _evil_play(self: Any, card: Any, **how: bool) -> Any:
    """A renege: a card of the led suit is held back (our replica is told to allow it)."""
    view = self.view()
    illegal = [c for c in view.hand if c not in view.legal_plays]
    if EVIL.done or not illegal or not _ours(self):
        return _original_play(self, card, **how)
    EVIL.done = True
    rnd, game = self.round, self.game
    hand = {p: rnd.cards[p] for p in rnd.unplayed_positions(self.seat)}
    position = next(p for p, c in hand.items() if c == illegal[0])
    body = {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[position]}
    raw = _sign(self, "play", body, len(self.log))
    game.hands[self.seat] = None
    try:
        events = self.receive(raw)
    finally:
        game.hands[self.seat] = [c for p, c in hand.items() if p != position]
    # Taken as if received: reported as ours to send, as the honest play would be.
    return [
        Broadcast(e.pos, e.entry, e.kind, durable=True, chosen=True)
        if isinstance(e, Accepted) and e.entry == raw
        else e
        for e in events
    ]


_original_auto = table_module.Table._auto


def _evil_auto(self: Any) -> bool:
    """A stall: our keys for round 2 (its shuffle or lock pass) are never written, while
    the seat stays connected."""
    turn = self.expected()
    if (
        _ours(self) and turn is not None and turn.seat == self.seat
        and turn.kinds & {EntryKind.LOCK, EntryKind.SHUFFLE} and self.completed_rounds >= 1
    ):
        return False
    return bool(_original_auto(self))


# --- the mesh ------------------------------------------------------------------------------

_original_send = mesh_module.Mesh._send_frame


def _evil_send(self: Any, peer_key: str, frame: MeshFrame) -> bool:
    if isinstance(frame, Entry):
        frame = Entry(frame.position, EVIL.outgoing(peer_key, frame.position, frame.data))
    elif isinstance(frame, Control):
        try:
            message = decode_control(frame.payload)
        except Exception:
            message = None
        if isinstance(message, EntryAt):
            data = EVIL.outgoing(peer_key, message.position, message.data)
            frame = Control(encode_control(EntryAt(message.position, data)))
    return bool(_original_send(self, peer_key, frame))


_original_watcher_send = watchers_module.Watchers._send_parts


def _evil_watcher_send(self: Any, key: str, parts: list[bytes]) -> bool:
    """Every entry of ours goes to the watchers with its signature broken, pushed or
    served; the players get the honest one."""
    if EVIL.peer is not None and parts[0] == Entry.KIND:
        game_id, frame = decode_mesh(parts, max_payload=1 << 20, max_sync=1 << 10)
        assert isinstance(frame, Entry)
        if m.decode_entry(frame.data).seat == EVIL.peer.seat:
            parts = encode_mesh(Entry(frame.position, _forged_signature(frame.data)), game_id)
    return bool(_original_watcher_send(self, key, parts))


# Our bids as the watchers get them: another legal bid, signed by us (position → line).
_WATCHER_BIDS: dict[int, bytes] = {}


def _equivocating_watcher_send(self: Any, key: str, parts: list[bytes]) -> bool:
    """Every bid of ours goes to the watchers, pushed or served, as another legal bid,
    signed by us; the players get the real one (standard variant: any bid is legal)."""
    if EVIL.peer is not None and parts[0] == Entry.KIND:
        game_id, frame = decode_mesh(parts, max_payload=1 << 20, max_sync=1 << 10)
        assert isinstance(frame, Entry)
        entry = m.decode_entry(frame.data)
        if entry.seat == EVIL.peer.seat and entry.kind == "bid":
            fake = _WATCHER_BIDS.get(entry.pos)
            if fake is None:
                table = EVIL.peer.table
                fake = _sign(table, "bid", _other_bid(body_json(frame.data), table), entry.pos)
                _WATCHER_BIDS[entry.pos] = fake
            parts = encode_mesh(Entry(frame.position, fake), game_id)
    return bool(_original_watcher_send(self, key, parts))


_original_on_entry = peer_module.GamePeer._on_entry


def _evil_on_entry(self: Any, position: int, data: bytes, from_peer: str) -> bool:
    accepted = bool(_original_on_entry(self, position, data, from_peer))
    if EVIL.done or not accepted or m.decode_entry(data).kind != "bid":
        return accepted
    behaviour = EVIL.behaviour
    if behaviour == "out-of-turn":
        # The bid another seat just wrote, written again by us at its position.
        EVIL.done = True
        raw = _sign(self.table, "bid", body_json(data), position)
        EVIL.substitute[position] = (raw, None)
        _to_every_peer(self, lambda key: Entry(position, raw))
    elif behaviour in FLOODS:
        EVIL.done = True
        FLOODS[behaviour](self, position)
    return accepted


def _to_every_peer(peer: Any, frame_of: Callable[[str], MeshFrame]) -> None:
    for key in list(peer.mesh.peers):
        _original_send(peer.mesh, key, frame_of(key))


def _raw_to_every_peer(peer: Any, parts: list[bytes]) -> None:
    for key in list(peer.mesh.peers):
        link = peer.mesh._peers.get(key)
        if link is not None and link.sender is not None:
            send_now(link.sender, parts)


def _flood_entries(peer: Any, position: int) -> None:
    """Entries just under the size limit, each for another position ahead of the log, and
    control messages of the largest size a mesh frame carries. Each waits until the link
    takes it (up to a timeout), so the flood reaches the peers instead of being dropped
    by our own queue; how many went out is printed."""
    game_id = peer.mesh.game_id
    length = len(peer.table.log)
    filler = b'{"pos":0,"sig":"' + b"a" * (peer.net_config.max_entry - 40) + b'"}'
    big = b"x" * (peer.net_config.max_payload - 64)
    sent = 0
    for i in range(FLOOD_FRAMES):
        for frame in (Entry(length + 2 + i % 1000, filler + b"%d" % i), Control(big + b"%d" % i)):
            sent += _blocking_to_every_peer(peer, encode_mesh(frame, game_id))
        if i % 250 == 249:
            print(f"flood: {sent} frames so far", file=sys.stderr, flush=True)
    print(f"flood: {sent} frames taken by the links", file=sys.stderr, flush=True)


def _blocking_to_every_peer(peer: Any, parts: list[bytes]) -> int:
    sent = 0
    for key in list(peer.mesh.peers):
        link = peer.mesh._peers.get(key)
        if link is None or link.sender is None:
            continue
        link.sender.setsockopt(zmq.SNDTIMEO, 2000)
        try:
            link.sender.send_multipart(parts)
        except zmq.ZMQError:
            continue
        sent += 1
    return sent


def _garbage(peer: Any, position: int) -> None:
    """Malformed, truncated, oversized and deeply nested frames and control messages."""
    game_id = peer.mesh.game_id
    line = peer.table.log[-1]
    controls = [
        b'{"want": 1e999}',
        b'{"want": [1]}',
        b'{"want": null}',
        b'{"entry_at": 1, "data": 7}',
        b'{"entry_at": 1, "data": "' + line[: len(line) // 2],  # truncated
        b"[" * 200_000 + b"]" * 200_000,  # nested deep
        b"\xff\xfe\x00garbage",
        encode_control(EntryAt(len(peer.table.log), line[:-5])),  # a truncated entry
        b'{"entry_at": 1, "data": "' + b"y" * (peer.net_config.max_payload - 64) + b'"}',
    ]
    for payload in controls:
        _to_every_peer(peer, lambda key, p=payload: Control(p))
    # Frames no encoder makes: a bad kind, missing parts, a header that is no JSON or is
    # cut short, a header nested deep, a header of another game, a number past every
    # range, a payload past the frame limit.
    good = encode_mesh(Entry(len(peer.table.log) + 1, line), game_id)
    raw_frames = [
        [b"NOPE", good[1], b""],
        [b"ENT"],
        [b"ENT", b"\xff\xfe not json", b"x"],
        [b"ENT", good[1][: len(good[1]) // 2], b"x"],
        [b"HB", b"[" * 100_000 + b"]" * 100_000, b""],
        [b"ENT", good[1].replace(game_id.encode(), b"0" * 32), line],
        [b"ENT", b'{"pos":1e999,"s":"' + game_id.encode() + b'","v":1}', line],
        [b"ENT", good[1], b"z" * (peer.net_config.max_payload + 1)],
    ]
    for _ in range(3):
        for parts in raw_frames:
            _raw_to_every_peer(peer, parts)
    del position


FLOODS: dict[str, Callable[[Any, int], None]] = {"flood": _flood_entries, "garbage": _garbage}

_original_init = peer_module.GamePeer.__init__


def _evil_init(self: Any, *args: Any, **kwargs: Any) -> None:
    _original_init(self, *args, **kwargs)
    EVIL.peer = self


BEHAVIOURS = (
    *TAMPERS, *REPLACEMENTS, "renege", "stall", "out-of-turn", *FLOODS, "tamper-to-watchers",
    "equivocate-to-watchers",
)


def install(behaviour: str) -> None:
    if behaviour not in BEHAVIOURS:
        raise SystemExit(f"unknown behaviour {behaviour!r}; one of {', '.join(BEHAVIOURS)}")
    EVIL.behaviour = behaviour
    peer_module.GamePeer.__init__ = _evil_init  # type: ignore[method-assign]
    peer_module.GamePeer._on_entry = _evil_on_entry  # type: ignore[method-assign]
    mesh_module.Mesh._send_frame = _evil_send  # type: ignore[method-assign]
    table_module.Table._write = _evil_write  # type: ignore[method-assign]
    if behaviour == "renege":
        table_module.Table.play = _evil_play  # type: ignore[method-assign]
    if behaviour == "stall":
        table_module.Table._auto = _evil_auto  # type: ignore[method-assign]
    if behaviour == "tamper-to-watchers":
        watchers_module.Watchers._send_parts = _evil_watcher_send  # type: ignore[method-assign]
    if behaviour == "equivocate-to-watchers":
        watchers_module.Watchers._send_parts = _equivocating_watcher_send  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    global FLOOD_FRAMES
    if argv and argv[0].startswith("--frames="):
        FLOOD_FRAMES = int(argv.pop(0).split("=", 1)[1])
    install(argv[0])
    return cli.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
