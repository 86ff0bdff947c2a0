"""A table is opened one way: ``tables.open_table``, outside the protocol that defines it.

The protocol's readers of a log are given the opener as a parameter; the node, the
copies, the audit and the tools call it. A ``Table(`` call anywhere else would open a
game the registry of games never chose.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from wizard_p2p.errors import UsageError
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.kinds import Stage
from wizard_p2p.rules import GameConfig
from wizard_p2p.tables import RULES, open_table
from wizard_p2p.tables.wizard.harness import MemoryGame, random_chooser

ROOT = Path(__file__).resolve().parents[1]


def table_calls(path: Path) -> list[int]:
    """The lines of ``path`` that call a name ``Table`` (a constructor call)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name | ast.Attribute)
        and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == "Table"
    ]


def test_only_the_protocol_and_the_opener_construct_a_table() -> None:
    places = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in ("wizard_p2p", "tools")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if not path.is_relative_to(ROOT / "wizard_p2p" / "protocol")
        and not path.is_relative_to(ROOT / "wizard_p2p" / "tables")
        for line in table_calls(path)
    ]
    assert places == []


def test_the_scan_finds_a_table_call(tmp_path: Path) -> None:
    source = tmp_path / "x.py"
    source.write_text("t = Table(b'')\nu = table.Table(b'')\nv = open_table(b'')\n")
    assert table_calls(source) == [1, 2]


def test_the_opener_opens_an_observer_and_a_seat_and_refuses_a_stranger() -> None:
    game = MemoryGame.create(GameConfig(seats=3), random_chooser(1))
    genesis = game.tables[0].log[0]
    observer = open_table(genesis, replay_every_pass=True)
    assert observer.seat is None and observer.seats == 3 and observer.stage is Stage.COIN
    assert observer.log == [genesis]
    seat = open_table(genesis, seat=1, identity=game.identities[1], master_secret=game.masters[1])
    assert seat.seat == 1 and seat.game_id == observer.game_id
    with pytest.raises(UsageError, match="master secret"):
        open_table(genesis, seat=1, identity=game.identities[1], master_secret=game.masters[2])


def test_the_games_a_table_plays_are_the_games_a_lobby_names() -> None:
    # One vocabulary: every game a lobby may name opens a table, and no other does.
    assert set(RULES) == set(GameName)
    assert all(rules.name is game for game, rules in RULES.items())
