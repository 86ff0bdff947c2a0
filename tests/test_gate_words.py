"""The watch gate's refusals and the host's goodbyes carry their kind on the wire, as the
lobby's refusals do (SPEC §9, §10): a client words a kind it knows in its reader's
language, and reads a kind it does not know, or none (an older host), as none."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.lobby_support import NET
from tests.test_catalogue_keys import CJK, _english_left
from tests.test_node_watch_gate import CODE, _run
from wizard_p2p.errors import Said
from wizard_p2p.net import CurveKeys, LobbyClient
from wizard_p2p.node.lobby_common import bye_said, encode, lobby_keys, refusal_said
from wizard_p2p.node.watch_gate import WatchGate
from wizard_p2p.protocol.lobby_schema import (
    Bye,
    ByeKind,
    GateRefusalKind,
    RefusalKind,
    Refused,
    Wait,
    WaitKind,
    WatchAdmitted,
    decode_lobby,
)
from wizard_p2p.protocol.messages import PROTOCOL
from wizard_p2p.tui.i18n import CATALOGUES, Translator


def test_the_gates_kinds_are_no_lobby_kinds() -> None:
    assert not {k.value for k in GateRefusalKind} & {k.value for k in RefusalKind}


@pytest.mark.parametrize("kind", [*GateRefusalKind, *ByeKind, *WaitKind], ids=str)
def test_each_gate_refusal_goodbye_and_wait_is_worded_in_every_language(
    kind: GateRefusalKind | ByeKind | WaitKind,
) -> None:
    if isinstance(kind, WaitKind):
        said = Said(f"host_wait_{kind.value}")
    elif isinstance(kind, ByeKind):
        said = bye_said(kind)
    else:
        said = refusal_said(kind, name="Ann", protocol=PROTOCOL)
    worded = {lang: Translator(lang).say(said) for lang in CATALOGUES}
    assert len(set(worded.values())) == len(worded)  # each language its own sentence
    for lang in ("zh", "ja"):
        assert re.search(CJK, worded[lang]) and _english_left([worded[lang]]) == [], worded
        assert ":" not in worded[lang] and ";" not in worded[lang]  # full-width punctuation


_KINDS = [k.value for k in (*RefusalKind, *GateRefusalKind, *ByeKind, *WaitKind)]


# Any kind the schema takes (a string of at most 32 characters, no control characters).
@given(st.one_of(st.sampled_from(_KINDS),
                 st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=32)))
def test_a_refusal_or_goodbye_reads_a_known_kind_and_any_other_as_none(kind: str) -> None:
    refused = decode_lobby(json.dumps({"type": "refused", "reason": "r", "kind": kind}).encode())
    bye = decode_lobby(json.dumps({"type": "bye", "reason": "r", "kind": kind}).encode())
    wait = decode_lobby(json.dumps({"type": "wait", "reason": "r", "kind": kind}).encode())
    assert isinstance(refused, Refused) and isinstance(bye, Bye) and isinstance(wait, Wait)
    known = {k.value: k for k in (*RefusalKind, *GateRefusalKind)}
    assert refused.kind is known.get(kind)
    assert bye.kind is {k.value: k for k in ByeKind}.get(kind)
    assert wait.kind is {k.value: k for k in WaitKind}.get(kind)


def test_an_older_hosts_messages_without_a_kind_read_as_before() -> None:
    assert decode_lobby(b'{"type": "refused", "reason": "no"}') == Refused("no")
    assert decode_lobby(b'{"type": "bye", "reason": "gone"}') == Bye("gone")
    assert decode_lobby(b'{"type": "bye"}') == Bye()
    assert decode_lobby(b'{"type": "wait", "reason": "later"}') == Wait("later")


def test_the_gate_says_goodbye_to_its_watchers_as_the_game_being_over() -> None:
    pushed: list[bytes] = []

    async def test(gate: WatchGate) -> None:
        keys = CurveKeys.generate()
        client = LobbyClient(keys, f"tcp://127.0.0.1:{gate.server.port}",
                             lobby_keys(CODE).public, config=NET)
        await client.start()
        try:
            answer = decode_lobby(await client.request(encode({
                "type": "watch", "code": CODE, "protocol": PROTOCOL, "name": "Screen",
                "curve_key": keys.public, "port": 4000})))
            assert isinstance(answer, WatchAdmitted)
            await gate.close()
            async with asyncio.timeout(10):
                while True:  # the admitted list comes first, then the goodbye
                    pushed.append(await client.recv())
                    if decode_lobby(pushed[-1]) == Bye("the game is over", ByeKind.GAME_OVER):
                        break
        finally:
            await client.close()

    _run("all", test)


def test_the_spec_lists_every_gate_refusal_kind_once() -> None:
    spec = (Path(__file__).resolve().parent.parent / "protocol" / "SPEC.md").read_text()
    watching = spec.split("## 10. Watching", 1)[1]
    table = watching.split("| kind | when |", 1)[1].split("\n\n", 1)[0]
    listed = re.findall(r"^\| `([a-z_]+)` \|", table, flags=re.M)
    assert sorted(listed) == sorted(k.value for k in GateRefusalKind)
