"""A seated player's process with one evil behaviour: a test-only program.

    python -m tests.adversarial.evil_seat BEHAVIOUR bot HOST:PORT --code CODE ...

It runs the shipped ``wizard-p2p`` command line (the arguments after BEHAVIOUR)
with its own identity, so it joins the lobby and is seated like anyone; before
that, it makes its seat cheat in one way (see ``BEHAVIOURS``). Its seat is built with
the hooks of a modified client: what its table writes passes through
``Table(rewrite=…)`` (a body changed before it is signed, or withheld), what its mesh
sends through ``Mesh.filter_sends``, and forged frames go out by ``Mesh.send_raw``.
The one patch left is the seat's constructor, to hand it those hooks. Entries it
sends in place of its own are mutated and re-signed with the seat's own key
(``messages.encode_entry``), reusing the tamper functions of the in-memory cheat
tests. The shipped program has no such switch: a modified client is the
threat, and this module plays it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.protocol_support import body_json
from tests.test_protocol_cheats import swap_two, wrong_key
from wizard_p2p import cli
from wizard_p2p.net.frames import Control, Entry, MeshFrame, decode_mesh, encode_mesh
from wizard_p2p.node import peer as peer_module
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.control import EntryAt, decode_control, encode_control
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.kinds import WizardKind

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
    seen: int = 0  # the entries of our log looked at for a peer's bid

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
    "shuffle-duplicate": Tamper(("shuffle",), _duplicate_point, send_only=True),
    "shuffle-drop": Tamper(("shuffle",), _drop_point, send_only=True),
    "wrong-key": Tamper(("lock", "shuffle"), wrong_key, _released),
    "bid-opening": Tamper(
        ("bid_open",), _other_bid, lambda b, t: b["round"] >= 2, send_only=True
    ),
    "equivocate": Tamper(("bid",), _other_bid, send_only=True, to_one_peer=True),
}


def _other_game(raw: bytes) -> bytes:
    """Our entry as it would be in another game (same seat, same key): a replay."""
    entry = m.decode_entry(raw, BODIES)
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
        entry = m.decode_entry(line, BODIES)
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
        table.identity, game=table.game_id, pos=pos, prev=m.entry_hash(table.log[pos - 1]),
        seat=table.seat, kind=kind, body=body,
    )


def _rewrite(kind: WizardKind, body: dict[str, Any]) -> dict[str, Any] | None:
    """Our table's hook on what it writes (``Table(rewrite=…)``): the body it signs and
    believes, or None to write nothing; a cheat sent in place of the honest entry is
    kept in ``EVIL.substitute`` for the send filter."""
    table = EVIL.peer.table
    if EVIL.behaviour == "stall":
        return None if _withheld(table, kind) else body
    if EVIL.behaviour == "renege":
        return _renege(table, kind, body)
    tamper = TAMPERS.get(EVIL.behaviour)
    replace = REPLACEMENTS.get(EVIL.behaviour)
    if EVIL.done or (tamper is None and replace is None):
        return body
    pos = len(table.log)
    honest = _sign(table, kind.value, body, pos)
    if replace is not None:
        if kind.value == "bid" and body_json(honest)["round"] >= 2:
            EVIL.done = True
            EVIL.substitute[pos] = (replace(honest), None)
        return body
    assert tamper is not None
    plain = body_json(honest)
    if kind.value not in tamper.kinds or not tamper.when(plain, table):
        return body
    EVIL.done = True
    cheated = tamper.mutate(plain, table)
    if not tamper.send_only:
        return cheated  # a client that believes its own cheat: its replica goes on from it
    peers = None
    if tamper.to_one_peer:
        keys = sorted(p["curve_key"] for s, p in enumerate(table.players) if s != table.seat)
        peers = frozenset(keys[:1])
    EVIL.substitute[pos] = (_sign(table, kind.value, cheated, pos), peers)
    return body


def _renege(table: Any, kind: WizardKind, body: dict[str, Any]) -> dict[str, Any]:
    """A renege: our chosen play names a card held back against the led suit (our
    replica checks it as the others do, without our hand)."""
    if EVIL.done or kind is not WizardKind.PLAY:
        return body
    view = table.view()
    illegal = [c for c in view.hand if c not in view.legal_plays]
    if not illegal:
        return body
    EVIL.done = True
    rnd = table.round
    position = next(p for p in rnd.unplayed_positions(table.seat) if rnd.cards[p] == illegal[0])
    return {"round": rnd.round_no, "position": position, "key": rnd.my_keys.lock_keys[position]}


def _withheld(table: Any, kind: WizardKind) -> bool:
    """A stall: our keys for round 2 (its shuffle or lock pass) are never written, while
    the seat stays connected."""
    return kind in (WizardKind.LOCK, WizardKind.SHUFFLE) and table.completed_rounds >= 1


# --- the mesh ------------------------------------------------------------------------------

# Frames are decoded with limits past any real frame's: the filter sees only our own.
_DECODE_LIMITS = {"max_payload": 1 << 22, "max_sync": 1 << 10}


def _filter(peer_key: str, parts: list[bytes]) -> list[bytes]:
    """Every frame our mesh sends: to a watcher or to a player, changed as the
    behaviour says; and, once our table holds another seat's bid, what the behaviour
    does then."""
    peer = EVIL.peer
    if peer is None or peer.mesh is None:
        return parts
    if peer_key in peer.mesh.watchers:
        return _to_watcher(peer, parts)
    _after_a_bid(peer)
    if parts[0] not in (Entry.KIND, Control.KIND):
        return parts
    game_id, frame = decode_mesh(parts, **_DECODE_LIMITS)
    if isinstance(frame, Entry):
        data = EVIL.outgoing(peer_key, frame.position, frame.data)
        return parts if data is frame.data else encode_mesh(Entry(frame.position, data), game_id)
    assert isinstance(frame, Control)
    try:
        message = decode_control(frame.payload)
    except Exception:
        return parts
    if not isinstance(message, EntryAt):
        return parts
    data = EVIL.outgoing(peer_key, message.position, message.data)
    if data is message.data:
        return parts
    return encode_mesh(Control(encode_control(EntryAt(message.position, data))), game_id)


def _to_watcher(peer: Any, parts: list[bytes]) -> list[bytes]:
    if parts[0] != Entry.KIND or EVIL.behaviour not in WATCHER_BEHAVIOURS:
        return parts
    game_id, frame = decode_mesh(parts, **_DECODE_LIMITS)
    assert isinstance(frame, Entry)
    entry = m.decode_entry(frame.data, BODIES)
    if entry.seat != peer.seat:
        return parts
    changed = WATCHER_BEHAVIOURS[EVIL.behaviour](peer, entry, frame.data)
    return encode_mesh(Entry(frame.position, changed), game_id)


def _forged_to_watchers(peer: Any, entry: m.Entry, raw: bytes) -> bytes:
    """Every entry of ours goes to the watchers with its signature broken, pushed or
    served; the players get the honest one."""
    return _forged_signature(raw)


# Our bids as the watchers get them: another legal bid, signed by us (position → line).
_WATCHER_BIDS: dict[int, bytes] = {}


def _other_bid_to_watchers(peer: Any, entry: m.Entry, raw: bytes) -> bytes:
    """Every bid of ours goes to the watchers, pushed or served, as another legal bid,
    signed by us; the players get the real one (standard variant: any bid is legal)."""
    if entry.kind != "bid":
        return raw
    fake = _WATCHER_BIDS.get(entry.pos)
    if fake is None:
        table = peer.table
        fake = _sign(table, "bid", _other_bid(body_json(raw), table), entry.pos)
        _WATCHER_BIDS[entry.pos] = fake
    return fake


WATCHER_BEHAVIOURS: dict[str, Callable[[Any, m.Entry, bytes], bytes]] = {
    "tamper-to-watchers": _forged_to_watchers,
    "equivocate-to-watchers": _other_bid_to_watchers,
}


def _after_a_bid(peer: Any) -> None:
    """The first bid of another seat our table holds sets off the behaviour: our own
    bid written at its position, or a flood."""
    log = peer.table.log
    if EVIL.done or EVIL.behaviour not in ("out-of-turn", *FLOODS):
        EVIL.seen = len(log)
        return
    for position in range(max(EVIL.seen, 1), len(log)):
        entry = m.decode_entry(log[position], BODIES)
        if entry.kind == "bid" and entry.seat != peer.seat:
            break
    else:
        EVIL.seen = len(log)
        return
    EVIL.done = True
    if EVIL.behaviour == "out-of-turn":
        # The bid another seat just wrote, written again by us at its position.
        raw = _sign(peer.table, "bid", body_json(log[position]), position)
        EVIL.substitute[position] = (raw, None)
        _to_every_peer(peer, lambda key: Entry(position, raw))
    else:
        FLOODS[EVIL.behaviour](peer, position)


def _to_every_peer(peer: Any, frame_of: Callable[[str], MeshFrame]) -> None:
    for key in list(peer.mesh.peers):
        peer.mesh.send_raw(key, encode_mesh(frame_of(key), peer.mesh.game_id))


def _raw_to_every_peer(peer: Any, parts: list[bytes]) -> None:
    for key in list(peer.mesh.peers):
        peer.mesh.send_raw(key, parts)


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
            parts = encode_mesh(frame, game_id)
            sent += sum(peer.mesh.send_raw(key, parts, wait_ms=2000) for key in peer.mesh.peers)
        if i % 250 == 249:
            print(f"flood: {sent} frames so far", file=sys.stderr, flush=True)
    print(f"flood: {sent} frames taken by the links", file=sys.stderr, flush=True)


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
    """Our seat is built as the shipped program builds it, with a modified client's
    hooks on what it writes and sends (``GamePeer(rewrite=…, send_filter=…)``)."""
    EVIL.peer = self
    _original_init(self, *args, rewrite=_rewrite, send_filter=_filter, **kwargs)


BEHAVIOURS = (
    *TAMPERS, *REPLACEMENTS, "renege", "stall", "out-of-turn", *FLOODS, *WATCHER_BEHAVIOURS,
)


def install(behaviour: str) -> None:
    if behaviour not in BEHAVIOURS:
        raise SystemExit(f"unknown behaviour {behaviour!r}; one of {', '.join(BEHAVIOURS)}")
    EVIL.behaviour = behaviour
    peer_module.GamePeer.__init__ = _evil_init  # type: ignore[method-assign]


def main(argv: list[str]) -> int:
    global FLOOD_FRAMES
    if argv and argv[0].startswith("--frames="):
        FLOOD_FRAMES = int(argv.pop(0).split("=", 1)[1])
    install(argv[0])
    return cli.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
