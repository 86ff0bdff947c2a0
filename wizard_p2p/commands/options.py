"""The command line's options as values: one frozen dataclass per command (or per family
of commands sharing options), built once by ``wizard_p2p.cli`` and read, never written,
by the commands.

What a command changes while it runs (the lobby's notice, a series' results so far) is
the command's own state, not its options. A value that differs for one game of a run
(``play``'s loopback ports, its console seat that leaves for good) is a new value made
with :func:`dataclasses.replace`.

The standard library only: ``play`` builds its options before it starts its bots, and
imports nothing heavy before that.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

__all__ = [
    "AuditOptions",
    "HistoryOptions",
    "HostOptions",
    "JoinOptions",
    "NetOptions",
    "Options",
    "PlayOptions",
    "PolicyName",
    "ReplayOptions",
    "ResumeOptions",
    "SeatOptions",
    "SorceryDeckOptions",
    "SorceryHostOptions",
    "SorceryImportOptions",
    "SorceryJoinOptions",
    "SorceryPlayOptions",
    "SorceryResumeOptions",
    "SorceryStartersOptions",
    "SorceryTableOptions",
    "SorceryWatchOptions",
    "TournamentOptions",
    "WatchOptions",
]


class PolicyName(StrEnum):
    """How a bot plays: the names of ``bots.POLICIES``, written out so that the command
    line starts without importing the bots."""

    RANDOM = "random"
    HEURISTIC = "heuristic"
    EXPERT = "expert"


@dataclass(frozen=True)
class NetOptions:
    """What every networked command (a seat's or a watcher's) reads."""

    name: str  # the name the others see, checked as the genesis checks it
    data_dir: Path | None  # None: the default (``node.store.default_data_dir``)
    listen: str
    mesh_port: int | None
    silence_limit: float  # seconds without a heartbeat before a peer counts as silent
    lang: str | None  # the console's language, resolved (None: the locale's)
    headless: bool  # no console: a bot plays (a watcher prints lines)
    quiet: bool  # print nothing but errors


@dataclass(frozen=True)
class SeatOptions:
    """What a seat that plays reads: ``host``, ``join``, ``bot``, ``resume``, ``play``."""

    net: NetOptions
    policy: PolicyName  # how a headless seat's bot plays
    stall_limit: float  # seconds a seat may hold up the game
    bell: bool = True  # the terminal bell when the player's turn comes
    trace: Path | None = None  # where a benchmark's trace goes
    join_timeout: float | None = None  # seconds until no lobby answering is an error
    games: int = 1  # a headless seat plays up to this many games at one table
    # False: leaving ends the game for good (``play``'s console: its bots leave too).
    resumable: bool = True
    autostart: bool = False  # the host starts once every seat is taken (``play``)
    # Seconds a bot waits before it leads the next trick, so that the finished trick stays
    # a moment on the screen (None: the command's default, 1 for ``play``'s bots while a
    # person plays, else 0).
    trick_pause: float | None = None


@dataclass(frozen=True)
class HostOptions:
    """``host``, and the host seat of ``play``'s game on loopback."""

    seat: SeatOptions
    seats: int
    variants: tuple[str, ...]
    port: int  # the lobby's (0: any free port)
    approve: bool = False  # admit joiners one by one
    announce: bool = True  # announce the lobby on the local network
    admit_watchers: bool = False  # every holder of the invite code may watch
    coach: bool = False  # the terms let the players ask the coach
    watch_gate: bool = True  # the lobby socket stays open as the watch gate
    code: str | None = None  # the invite code, chosen before the bots started (``play``)


@dataclass(frozen=True)
class JoinOptions:
    """``join`` and ``bot`` (a headless join)."""

    seat: SeatOptions
    address: str | None  # None: found on the local network
    code: str | None
    command: str = "join"  # as typed (``join`` or ``bot``), for the advice a refusal gives


@dataclass(frozen=True)
class ResumeOptions:
    seat: SeatOptions
    game: str | None  # the game id or its first digits (None: the latest)
    admit_watchers: bool = False


@dataclass(frozen=True)
class PlayOptions:
    """``play``: against bots on this machine (or in memory, ``offline``)."""

    seat: SeatOptions
    seats: int
    variants: tuple[str, ...]
    bots: int | None
    out: Path | None
    force: bool
    seed: int | None
    offline: bool


@dataclass(frozen=True)
class WatchOptions:
    net: NetOptions
    address: str | None
    code: str | None
    save: Path | None
    force: bool


@dataclass(frozen=True)
class AuditOptions:
    logs: tuple[Path, ...]  # one log, or several copies of one game
    json: bool
    lang: str | None = None  # the text report's language, resolved (None: the locale's)
    cards: Path | None = None  # 巫师牌's card file (None: the imported one, if any)
    data_dir: Path | None = None  # where the imported card file is kept


@dataclass(frozen=True)
class ReplayOptions:
    log: Path
    export: Path | None
    force: bool
    lang: str | None
    cards: Path | None = None  # a log of 巫师牌: the card file it was played with
    data_dir: Path | None = None  # where the imported card file is


@dataclass(frozen=True)
class HistoryOptions:
    game: str | None
    data_dir: Path | None
    lang: str | None


@dataclass(frozen=True)
class TournamentOptions:
    rest: tuple[str, ...]  # its own command line, which it parses itself


@dataclass(frozen=True)
class SorceryImportOptions:
    file: Path
    data_dir: Path | None


@dataclass(frozen=True)
class SorceryDeckOptions:
    code: str  # a deck code, or a starter's name
    cards: Path | None  # the card file of this run (None: the imported one)
    data_dir: Path | None


@dataclass(frozen=True)
class SorceryStartersOptions:
    pass


@dataclass(frozen=True)
class SorceryPlayOptions:
    offline: bool
    headless: bool
    deck: str | None
    against: str | None
    seed: int | None
    lang: str | None
    cards: Path | None
    data_dir: Path | None
    out: Path | None = None  # headless over loopback: where each seat's log is copied
    force: bool = False  # --out may replace the copies of an earlier game


@dataclass(frozen=True)
class SorceryTableOptions:
    """What a seat at a networked 巫师牌 table reads: ``sorcery host`` and ``sorcery join``."""

    net: NetOptions
    deck: str  # the player's deck: a code or a starter's name, checked whole before the lobby
    cards: Path | None  # the card file of this run (None: the imported one)
    seed: int | None = None  # the bot's randomness (None: fresh)
    stall_limit: float = 120.0  # seconds the other seat may hold up the game (--stall-limit)


@dataclass(frozen=True)
class SorceryHostOptions:
    """``sorcery host --deck CODE``: open a 巫师牌 table's lobby."""

    table: SorceryTableOptions
    port: int  # the lobby's (0: any free port)
    announce: bool = True  # announce the lobby on the local network
    admit_watchers: bool = False  # every holder of the invite code may watch


@dataclass(frozen=True)
class SorceryJoinOptions:
    """``sorcery join [ADDRESS] --code CODE --deck CODE``."""

    table: SorceryTableOptions
    address: str | None  # None: found on the local network (a table of 巫师牌)
    code: str | None


@dataclass(frozen=True)
class SorceryResumeOptions:
    """``sorcery resume [GAME]``: a 巫师牌 seat rebuilt from its data dir, played on."""

    net: NetOptions
    game: str | None  # the game id or its first digits (None: the latest)
    cards: Path | None  # the card file (None: the one the seat played with, else imported)
    seed: int | None = None  # the bot's randomness (None: fresh)
    admit_watchers: bool = False  # the host: every holder of the invite code may watch again
    stall_limit: float = 120.0  # seconds the other seat may hold up the game (--stall-limit)


@dataclass(frozen=True)
class SorceryWatchOptions:
    """``sorcery watch [ADDRESS] --code CODE``: follow a 巫师牌 table, seeing no hidden card."""

    watch: WatchOptions
    cards: Path | None  # the card file to read the game with (None: the imported one)


Options = (
    HostOptions | JoinOptions | ResumeOptions | PlayOptions | WatchOptions | AuditOptions
    | ReplayOptions | HistoryOptions | TournamentOptions | SorceryImportOptions
    | SorceryDeckOptions | SorceryStartersOptions | SorceryPlayOptions | SorceryHostOptions
    | SorceryJoinOptions | SorceryResumeOptions | SorceryWatchOptions
)
"""Every command's options: the one value ``cli.parse_options`` makes of a command line."""
