"""Two players on one machine who give no ``--name`` sit at one table under two names:
the default is the login name, followed by the data dir's folder name when the data dir
is not the login's own (each player on one machine needs a data dir of its own)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from wizard_p2p.cli import parse_options
from wizard_p2p.commands.options import (
    HostOptions,
    JoinOptions,
    SorceryHostOptions,
    SorceryJoinOptions,
)

_JOIN = ["127.0.0.1:7777", "--code", "ABCD-EFGH"]


@pytest.fixture(autouse=True)
def _login(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("USER", "ana")
    monkeypatch.delenv("WIZARD_P2P_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def _name(argv: list[str]) -> str:
    options = parse_options(argv)
    if isinstance(options, SorceryHostOptions | SorceryJoinOptions):
        return options.table.net.name
    assert isinstance(options, HostOptions | JoinOptions)
    return options.seat.net.name


def _wizard(command: str, data: Path | None) -> list[str]:
    argv = ["host"] if command == "host" else ["join", *_JOIN]
    return argv + (["--data-dir", str(data)] if data is not None else [])


def _sorcery(command: str, data: Path | None) -> list[str]:
    argv = ["sorcery", command, "--deck", "GEAF"] + (_JOIN if command == "join" else [])
    return argv + (["--data-dir", str(data)] if data is not None else [])


@pytest.mark.parametrize("make", [_wizard, _sorcery], ids=["wizard", "sorcery"])
def test_a_host_and_a_joiner_of_one_login_with_their_own_data_dirs_get_two_names(
    make: Callable[[str, Path | None], list[str]], tmp_path: Path,
) -> None:
    host = _name(make("host", None))
    joiner = _name(make("join", tmp_path / "seat2"))
    other = _name(make("join", tmp_path / "seat3"))
    assert host == "ana"
    assert joiner == "ana (seat2)"
    # The host's lobby takes a name once, whatever its case.
    assert len({host.casefold(), joiner.casefold(), other.casefold()}) == 3


def test_the_logins_own_data_dir_named_on_the_command_line_keeps_the_login_name(
    tmp_path: Path,
) -> None:
    assert _name(_wizard("host", tmp_path / "xdg" / "wizard-p2p")) == "ana"


def test_a_data_dir_from_the_environment_tells_the_players_apart_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("WIZARD_P2P_HOME", str(tmp_path / "bea"))
    assert _name(_wizard("join", None)) == "ana (bea)"


def test_a_name_given_is_the_name_used(tmp_path: Path) -> None:
    assert _name([*_wizard("join", tmp_path / "seat2"), "--name", "Chen"]) == "Chen"


def test_a_long_login_and_folder_still_make_a_name_a_table_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("USER", "a" * 40)
    name = _name(_wizard("join", tmp_path / ("f" * 40)))
    assert len(name) <= 32
    assert name.endswith(f" ({'f' * 16})")


def test_a_login_name_no_table_seats_gives_player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USER", "\u202e")
    assert _name(_wizard("host", None)) == "Player"
