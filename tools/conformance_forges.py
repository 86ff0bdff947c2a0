"""How the conformance suite's seats cheat or forge: entries changed and re-signed.

``tools.gen_conformance`` builds its fault logs from these. A forge takes a seeded
game (whose identities it signs with), an honest log and a position, and returns the
line(s) a cheating seat, a forger or a broken relay would put there; a mutation
changes the body of an entry a seat's own client is about to send
(``replace_own_entry``), which then plays on from it as a modified client would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wizard_p2p import canonical
from wizard_p2p.identity import Identity
from wizard_p2p.protocol import messages as m
from wizard_p2p.protocol.events import Broadcast, Faulted
from wizard_p2p.protocol.table import Table
from wizard_p2p.tables.wizard.bodies import BODIES
from wizard_p2p.tables.wizard.harness import MemoryGame, OutputsFilter

Json = dict[str, Any]


def fields(raw: bytes) -> Json:
    """An entry line's signed members as plain JSON values (hex as strings)."""
    signed, _ = m.split_signature(raw)
    value: Json = canonical.decode(signed, m.MAX_ENTRY_BYTES)
    return value


def sign_line(identity: Identity, unsigned: bytes) -> bytes:
    """A line from its signed bytes, as SPEC §2.1 builds it."""
    signature = identity.sign(m.ENTRY_DOMAIN, unsigned)
    return unsigned[:-1] + b',"sig":"' + signature.hex().encode() + b'"}'


def resign(game: MemoryGame, obj: Json, *, signer: int | None = None) -> bytes:
    """``obj`` (an entry's members without ``sig``) signed by the seat it names."""
    seat = obj["seat"] if signer is None else signer
    return sign_line(game.identities[seat], canonical.encode(obj))


def entries(log: list[bytes]) -> list[m.Entry]:
    return [m.decode_entry(raw, BODIES) for raw in log]


def first(log: list[bytes], test: Callable[[m.Entry], bool]) -> int:
    return next(i for i, e in enumerate(entries(log)) if i and test(e))


def of_kind(kind: str, round_no: int | None = None) -> Callable[[m.Entry], bool]:
    return lambda e: e.kind == kind and (round_no is None or e.body.get("round") == round_no)


def replace_own_entry(
    game: MemoryGame,
    seat: int,
    kind: str,
    mutate: Callable[[Json, Table], Json],
    *,
    round_no: int | None = None,
    only_if: Callable[[Json], bool] | None = None,
) -> OutputsFilter:
    """Play ``seat`` as a modified client: it writes one entry of ``kind`` changed by
    ``mutate``, signed with its own key, and carries on from it."""
    done = False

    def select(sender: int, outputs: list[Broadcast]) -> list[Broadcast]:
        nonlocal done
        if sender != seat or done:
            return outputs
        for index, out in enumerate(outputs):
            entry = m.decode_entry(out.entry, BODIES)
            if entry.kind != kind or (round_no is not None and entry.body["round"] != round_no):
                continue
            obj = fields(out.entry)
            if only_if is not None and not only_if(obj["body"]):
                continue
            old = game.tables[sender]
            obj["body"] = mutate(obj["body"], old)
            raw = resign(game, obj)
            done = True
            # Rebuilt from its log up to there, fed last to first so that the changed
            # entry is held before its honest one could be written again.
            rebuilt = game.restart(sender, reversed([*old.log[1 : entry.pos], raw]))
            return [*outputs[:index], Broadcast(entry.pos, raw, out.kind), *rebuilt]
        return outputs

    return select


def faulted_log(game: MemoryGame, cheater: int) -> list[bytes]:
    """Run until every honest seat has faulted the game; the log of the first."""
    honest = [s for s in range(len(game.tables)) if s != cheater]
    if not game.run(until=lambda: all(isinstance(game.tables[s].outcome, Faulted) for s in honest)):
        raise RuntimeError("the cheat went unnoticed")
    return list(game.tables[honest[0]].log)


def unknown_body_field(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["body"]["extra"] = 1
    return resign(game, obj)


def wrong_type(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["body"]["round"] = str(obj["body"]["round"])
    return resign(game, obj)


def not_canonical(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    unsigned = canonical.encode(obj)
    spaced = unsigned.replace(b'{"body":{', b'{"body": {', 1)
    return sign_line(game.identities[obj["seat"]], spaced)


def other_version(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["v"] = m.VERSION + 1
    return resign(game, obj)


def forged_by_another(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    return resign(game, obj, signer=(obj["seat"] + 1) % len(game.tables))


def altered_in_transit(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    line = bytearray(log[at])
    index = line.index(b'"round":') + len(b'"round":')
    line[index] = ord("9") if line[index] != ord("9") else ord("8")
    return bytes(line)


def replayed(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["game"] = "ab" * 32
    return resign(game, obj)


def wrong_prev(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["prev"] = "cd" * 32
    return resign(game, obj)


def by_another_seat(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["seat"] = (obj["seat"] + 1) % len(game.tables)
    return resign(game, obj)


def gap(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    return log[at + 1]


def repeated(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    return log[at - 1]


def equivocation(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    """A second entry for the position before, by the seat that wrote it."""
    obj = fields(log[at - 1])
    obj["kind"] = "dispute"
    obj["body"] = {"reason": "a second thought", "round": obj["body"].get("round", 1)}
    return resign(game, obj)


def coin_not_opening(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["body"]["nonce"] = "00" * 32
    return resign(game, obj)


def bid_open_not_matching(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["body"]["bid"] = (obj["body"]["bid"] + 1) % (obj["body"]["round"] + 1)
    return resign(game, obj)


def bid_too_high(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["body"]["bid"] = obj["body"]["round"] + 1
    return resign(game, obj)


def dealer_makes_the_sum(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    """The dealer's bid (the round's last) that makes the bids add up to the round."""
    obj = fields(log[at])
    r = obj["body"]["round"]
    bids = [e.body["bid"] for e in entries(log[:at]) if e.kind == "bid" and e.body["round"] == r]
    obj["body"]["bid"] = r - sum(bids)
    return resign(game, obj)


def another_seats_position(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    seats = len(game.tables)
    obj["body"]["position"] = (obj["body"]["position"] + 1) % (obj["body"]["round"] * seats)
    return resign(game, obj)


def played_again(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    """The writer's play of a position it played earlier in the round."""
    obj = fields(log[at])
    seat, r = obj["seat"], obj["body"]["round"]
    earlier = next(
        e for e in entries(log[:at]) if e.kind == "play" and e.seat == seat and e.body["round"] == r
    )
    obj["body"]["position"] = earlier.body["position"]
    obj["body"]["key"] = earlier.body["key"].hex()
    return resign(game, obj)


def repeated_point(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["body"]["deck"][1] = obj["body"]["deck"][0]
    return resign(game, obj)


def trump_not_due(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    """The seat due writes a trump choice where none is asked for."""
    obj = fields(log[at])
    obj["kind"] = "trump"
    obj["body"] = {"round": obj["body"]["round"], "suit": "B"}
    return resign(game, obj)


def abort_by_the_stalled_seat(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    """An abort of the seat due written by that very seat (any other seat may write it)."""
    obj = fields(log[at])
    due = obj["seat"]
    obj.update(kind="abort", body={"reason": "too slow", "stalled": due})
    return resign(game, obj)


def keys_on_a_middle_shuffle(game: MemoryGame, log: list[bytes], at: int) -> bytes:
    obj = fields(log[at])
    obj["body"]["keys"] = [None] * len(obj["body"]["deck"])
    return resign(game, obj)


def swap_two(body: Json, table: Table) -> Json:
    body["deck"][0], body["deck"][1] = body["deck"][1], body["deck"][0]
    return body


def wrong_key(body: Json, table: Table) -> Json:
    rnd = table.round
    assert rnd is not None
    released = [p for p, k in enumerate(body["keys"]) if k is not None and p < rnd.dealt]
    body["keys"][released[0]] = body["keys"][released[1]]
    return body


def other_secret(body: Json, table: Table) -> Json:
    body["secret"] = "11" * 32
    return body


def broken_box(body: Json, table: Table) -> Json:
    shares = body["shares"]
    to = next(i for i, box in enumerate(shares) if box is not None)
    shares[to] = shares[to][:-2] + ("00" if shares[to][-2:] != "00" else "01")
    return body
