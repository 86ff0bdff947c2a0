"""The command line becomes each command's options once: a frozen value, checked, that the
commands read and never write."""

from __future__ import annotations

import argparse
import dataclasses
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wizard_p2p import cli
from wizard_p2p.commands import options as opts
from wizard_p2p.errors import UsageError, WizardError

NAMES = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=12)
LANGS = st.sampled_from(["en", "zh", "ja", "zh_CN", "JA-jp"])
SECONDS = st.floats(min_value=0.01, max_value=10_000, allow_nan=False)
PAUSES = st.one_of(st.floats(min_value=0, max_value=60), st.sampled_from(["-1", "nan", "inf"]))
PATHS = st.sampled_from(["out", "some/dir", "/tmp/x.jsonl"])
CODES = st.sampled_from(["ABCD-EF23", "K7QD-M2XP"])
ADDRESSES = st.sampled_from(["127.0.0.1:47474", "10.0.0.1", "[::1]:47474"])


def flag(name: str) -> st.SearchStrategy[list[str]]:
    return st.sampled_from([[], [name]])


def option(name: str, values: st.SearchStrategy[Any]) -> st.SearchStrategy[list[str]]:
    return st.one_of(st.just([]), values.map(lambda v: [name, str(v)]))


def joined(*parts: st.SearchStrategy[list[str]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(*parts).map(lambda lists: [word for words in lists for word in words])


NETWORK = joined(
    option("--name", NAMES), option("--data-dir", PATHS), option("--listen", ADDRESSES),
    option("--mesh-port", st.integers(0, 65535)), option("--lang", LANGS), flag("--quiet"),
    option("--silence-limit", SECONDS),
)
SEAT_TIMING = joined(
    flag("--no-bell"), option("--stall-limit", SECONDS), option("--join-timeout", SECONDS),
    option("--trick-pause", PAUSES),
)
SEAT = joined(NETWORK, option("--policy", st.sampled_from(list(opts.PolicyName))), SEAT_TIMING)
GAME = joined(option("--seats", st.integers(3, 6)),
              st.lists(st.sampled_from(["hidden_bids", "clairvoyance"]), max_size=1)
              .map(lambda vs: [w for v in vs for w in ("--variant", v)]))
GAMES = option("--games", st.integers(1, 20))
SORCERY_SEAT = joined(st.just(["--deck", "411101"]), option("--cards", PATHS),
                      option("--seed", st.integers()), NETWORK, SEAT_TIMING,
                      flag("--headless"))  # 巫师牌's bot has no policy to choose
HOST_ADDRESS = joined(st.one_of(st.just([]), ADDRESSES.map(lambda a: [a])),
                      option("--code", CODES))

# Every command the parser knows, with the command lines to try and the value it becomes.
COMMANDS: dict[tuple[str, ...], tuple[st.SearchStrategy[list[str]], type]] = {
    ("play",): (joined(GAME, SEAT, GAMES, flag("--headless"), option("--bots", st.integers(2, 5)),
                       option("--out", PATHS), flag("--force"), option("--seed", st.integers()),
                       flag("--offline")), opts.PlayOptions),
    ("host",): (joined(GAME, SEAT, GAMES, flag("--headless"),
                       option("--port", st.integers(0, 65535)), flag("--approve"),
                       flag("--no-announce"), flag("--admit-watchers"), flag("--coach")),
                opts.HostOptions),
    ("join",): (joined(HOST_ADDRESS, SEAT, GAMES, flag("--headless")), opts.JoinOptions),
    ("bot",): (joined(HOST_ADDRESS, SEAT, GAMES), opts.JoinOptions),
    ("watch",): (joined(HOST_ADDRESS, NETWORK, flag("--headless"), option("--save", PATHS),
                        flag("--force")), opts.WatchOptions),
    ("resume",): (joined(st.one_of(st.just([]), st.just(["8a0b"])), SEAT, flag("--headless"),
                         flag("--admit-watchers")), opts.ResumeOptions),
    ("audit",): (joined(st.lists(PATHS, min_size=1, max_size=3), flag("--json"),
                        option("--lang", LANGS), option("--cards", PATHS),
                        option("--data-dir", PATHS)),
                 opts.AuditOptions),
    ("replay",): (joined(PATHS.map(lambda p: [p]), option("--export", PATHS), flag("--force"),
                         option("--lang", LANGS)), opts.ReplayOptions),
    ("history",): (joined(st.one_of(st.just([]), st.just(["8a0b"])),
                          option("--data-dir", PATHS), option("--lang", LANGS)),
                   opts.HistoryOptions),
    ("tournament",): (st.lists(st.sampled_from(["--games", "4", "--seats", "3"]), max_size=4),
                      opts.TournamentOptions),
    ("sorcery", "cards", "import"): (joined(PATHS.map(lambda p: [p]), option("--data-dir", PATHS)),
                                     opts.SorceryImportOptions),
    ("sorcery", "deck"): (joined(st.lists(st.sampled_from(["411101", "//", "x"]), min_size=1,
                                          max_size=3),
                                 option("--cards", PATHS), option("--data-dir", PATHS)),
                          opts.SorceryDeckOptions),
    ("sorcery", "starters"): (st.just([]), opts.SorceryStartersOptions),
    ("sorcery", "play"): (joined(flag("--offline"), flag("--headless"), option("--deck", CODES),
                                 option("--against", CODES), option("--seed", st.integers()),
                                 option("--lang", LANGS), option("--cards", PATHS),
                                 option("--out", PATHS), flag("--force")),
                          opts.SorceryPlayOptions),
    ("sorcery", "host"): (joined(SORCERY_SEAT, option("--port", st.integers(0, 65535)),
                                 flag("--no-announce"), flag("--admit-watchers")),
                          opts.SorceryHostOptions),
    ("sorcery", "join"): (joined(HOST_ADDRESS, SORCERY_SEAT), opts.SorceryJoinOptions),
    ("sorcery", "bot"): (joined(HOST_ADDRESS, SORCERY_SEAT), opts.SorceryJoinOptions),
    ("sorcery", "resume"): (joined(st.one_of(st.just([]), st.just(["0123abcd"])),
                                   option("--cards", PATHS), option("--seed", st.integers()),
                                   SEAT, flag("--headless"), flag("--admit-watchers")),
                            opts.SorceryResumeOptions),
    ("sorcery", "watch"): (joined(HOST_ADDRESS, NETWORK, flag("--headless"),
                                  option("--save", PATHS), flag("--force"),
                                  option("--cards", PATHS)), opts.SorceryWatchOptions),
}


def commands_of(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> set[tuple[str, ...]]:
    """Every runnable command of ``parser``: the words that name it."""
    found: set[tuple[str, ...]] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found |= commands_of(sub, (*prefix, name)) or {(*prefix, name)}
    return found


def assert_frozen(value: object) -> None:
    """``value`` and every value it holds refuse to be written."""
    assert dataclasses.is_dataclass(value) and not isinstance(value, type)
    for field in dataclasses.fields(value):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field.name, None)
        inner = getattr(value, field.name)
        if dataclasses.is_dataclass(inner):
            assert_frozen(inner)


def test_every_command_has_a_value_type() -> None:
    assert commands_of(cli.build_parser()) == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(COMMANDS), ids=" ".join)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_command_line_becomes_its_frozen_value(
    command: tuple[str, ...], data: st.DataObject
) -> None:
    lines, kind = COMMANDS[command]
    argv = [*command, *data.draw(lines)]
    value = cli.parse_options(argv)
    assert type(value) is kind, argv
    assert_frozen(value)
    assert cli.parse_options(argv) == value  # the same line, the same value
    seat = getattr(value, "seat", None)
    net = seat.net if seat is not None else getattr(value, "net", None)
    if isinstance(seat, opts.SeatOptions):
        assert isinstance(seat.policy, opts.PolicyName)
        assert seat.bell is ("--no-bell" not in argv)
        # A bot's trick pause: the command's default, or within 0 and 10 seconds.
        pause = seat.trick_pause
        assert ("--trick-pause" in argv) is (pause is not None)
        assert pause is None or 0 <= pause <= cli.MAX_TRICK_PAUSE
    if isinstance(value, opts.AuditOptions | opts.ReplayOptions | opts.HistoryOptions):
        assert value.lang in (None, "en", "zh", "ja")
    if isinstance(net, opts.NetOptions):
        assert net.lang in (None, "en", "zh", "ja")
        assert net.data_dir is None or isinstance(net.data_dir, Path)
        assert net.quiet is ("--quiet" in argv)
        assert net.headless is ("--headless" in argv or command == ("bot",))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["host", "--stall-limit", "0"], "--stall-limit"),
        (["join", "--silence-limit", "nan"], "--silence-limit"),
        (["bot", "--games", "0"], "--games"),
        (["play", "--lang", "fr"], "'fr'"),
        (["replay", "x.jsonl", "--lang", "xx"], "'xx'"),
        (["host", "--name", "\x1b[2J"], "cannot be used"),
    ],
)
def test_a_bad_value_is_refused_as_the_options_are_built(argv: list[str], said: str) -> None:
    with pytest.raises(WizardError) as refused:
        cli.parse_options(argv)
    assert said in str(refused.value)


def test_time_limits_that_are_not_numbers_of_seconds_never_reach_a_command() -> None:
    for bad in ("inf", "-1", str(10**7)):
        with pytest.raises(UsageError, match="seconds"):
            cli.parse_options(["resume", "--stall-limit", bad])
    resume = cli.parse_options(["resume", "--stall-limit", "2.5"])
    assert isinstance(resume, opts.ResumeOptions) and math.isclose(resume.seat.stall_limit, 2.5)


def test_plays_games_and_trick_pause_become_its_seats_options() -> None:
    play = cli.parse_options(["play", "--games", "3", "--trick-pause", "0.25"])
    assert isinstance(play, opts.PlayOptions)
    assert play.seat.games == 3 and play.seat.trick_pause == 0.25
    default = cli.parse_options(["play"])
    assert isinstance(default, opts.PlayOptions)
    assert default.seat.games == 1 and default.seat.trick_pause is None
    for asked, waited in (("-1", 0.0), ("nan", 0.0), ("99", cli.MAX_TRICK_PAUSE)):
        bot = cli.parse_options(["bot", "--trick-pause", asked])
        assert isinstance(bot, opts.JoinOptions) and bot.seat.trick_pause == waited


def test_no_command_reads_an_argparse_namespace() -> None:
    package = Path(opts.__file__).parent
    for module in package.glob("*.py"):
        text = module.read_text()
        assert "argparse" not in text, module.name
        assert "getattr(args" not in text and "args." not in text, module.name
