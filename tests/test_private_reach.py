"""Tests reach ``wizard_p2p`` through its public seams: a private name of the package
(``tests.private_reach`` says which) is reached from a test file only where the list
below allows it, each with the reason no public seam serves. A new reach fails here;
so does an entry no test file needs any more (the list only shrinks)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.private_reach import all_reaches, package_privates, reaches_in

# (test file, private name) -> why the test needs it.
ALLOWED: dict[tuple[str, str], str] = {
    ("tests/test_node_lobby.py", "_interface_addresses"):
        "the machine's interfaces as the invitation reads them, the loopback included",
    ("tests/test_node_peer.py", "_new_peer"):
        "the networked command's peer, built from argparse's namespace",
    ("tests/test_net_replication.py", "_yield_core"):
        "a call to the OS scheduler: when publishing yields the core shows nowhere else",
    ("tests/test_net_replication.py", "_peers"):
        "whether a link counts as busy, which a heartbeat must not make it, is no public state",
    ("tests/test_net_replication.py", "_send_heartbeat"):
        "a heartbeat round's own send, which no public call makes apart from the timer",
    ("tests/test_net_replication.py", "_send_frame"):
        "the one send of a frame other than a heartbeat, bypassing the replicator",
    ("tests/test_net_discovery.py", "_info"):
        "a close that races the registration's end forgets what it registered; "
        "no public call makes that race",
    ("tests/test_protocol_table.py", "_opened_with_derived_keys"):
        "the round check's shortcut for cards already opened shows only in its speed",
    ("tests/test_crypto_group.py", "_clamped"):
        "a property of the clamped scalar behind group.mul, which the public "
        "operations show only through their results",
}


def test_tests_reach_no_private_name_beyond_the_list() -> None:
    found = all_reaches()
    unexpected = sorted(
        {f"{r.file}:{r.line} reaches {r.name}" for r in found if (r.file, r.name) not in ALLOWED}
    )
    assert not unexpected, (
        "a test reaches a private name of wizard_p2p; give the behaviour a public seam "
        "(or, where none can serve, add it to ALLOWED with the reason):\n"
        + "\n".join(unexpected)
    )
    unused = sorted(f"{file} {name}" for file, name in set(ALLOWED) - {(r.file, r.name)
                                                                        for r in found})
    assert not unused, "no test reaches these any more; take them off ALLOWED:\n" + "\n".join(
        unused
    )


def test_every_way_of_reaching_a_private_name_is_found(tmp_path: Path) -> None:
    privates = package_privates()
    assert {"_write", "_stall", "_clamped"} <= privates  # a method, an attribute, a function
    source = textwrap.dedent('''
        from wizard_p2p.crypto.group import _clamped
        from wizard_p2p.node import peer

        class Fake:
            def __init__(self) -> None:
                self._stall = 0          # the fake's own: not a reach

            def use(self) -> int:
                return self._stall

        class Sub(peer.GamePeer):
            def use(self) -> object:
                return self._seat_log    # the base class's: a reach

        def test(p: peer.GamePeer, monkeypatch: object) -> None:
            p._stall.timer
            p.table._write = None
            getattr(p, "_helper")
            monkeypatch.setattr(peer, "_log", None)
            p._not_a_name_of_the_package
            p._replace(x=1)
    ''')
    path = tmp_path / "test_sample.py"
    path.write_text(source)
    assert sorted((r.line, r.name) for r in reaches_in(path)) == [
        (2, "_clamped"), (14, "_seat_log"), (17, "_stall"), (18, "_write"), (19, "_helper"),
        (20, "_log"),
    ]
