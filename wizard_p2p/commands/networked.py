"""The networked commands: host, join, bot, resume and play (a local game against bot processes).

Each runs one player's seat on one asyncio loop: the lobby (``node.lobby``), then
a ``GamePeer``. Headless seats are played by a bot policy and print progress
lines; a human seat runs the console front end on the same loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wizard_p2p.audit import GAME_ID_DIGITS
from wizard_p2p.bots import make_policy
from wizard_p2p.bots.seat_bot import PolicyBot
from wizard_p2p.commands.announcing import announce_lobby, not_announced
from wizard_p2p.commands.local_game import LOOPBACK, LocalGame, copy_targets
from wizard_p2p.commands.one_program import one_program
from wizard_p2p.commands.options import (
    HostOptions,
    JoinOptions,
    NetOptions,
    PlayOptions,
    ResumeOptions,
    SeatOptions,
)
from wizard_p2p.commands.printout import (
    command,
    fit,
    labelled,
    shell_path,
    terminal_columns,
)
from wizard_p2p.commands.wizard_seat import WizardSeat
from wizard_p2p.commands.wizard_warmup import warm_up_seat
from wizard_p2p.disk.evidence import read_evidence
from wizard_p2p.disk.log import read_log_bytes
from wizard_p2p.errors import DecodeError, FileRefused, Said, UsageError, WizardError
from wizard_p2p.files import check_target, write_atomic
from wizard_p2p.identity import Identity
from wizard_p2p.net import CurveKeys, LobbyServer, NetConfig, load_or_create_curve_keys
from wizard_p2p.node.invite import DEFAULT_PORT
from wizard_p2p.node.lobby import GameStart, HostLobby, JoinLobby, load_people
from wizard_p2p.node.lobby_common import TableFull, dropped_who, lobby_keys
from wizard_p2p.node.peer import GamePeer, PeerTimers
from wizard_p2p.node.store import GameStore, SeatRecord, default_data_dir, list_games
from wizard_p2p.node.watch_gate import WatchGate
from wizard_p2p.node.watch_list import HOST_SEAT
from wizard_p2p.ports import reserve_port
from wizard_p2p.protocol.events import Finished
from wizard_p2p.protocol.evidence import FILE_NAME as EVIDENCE_FILE
from wizard_p2p.protocol.evidence import MAX_RECORDS, Evidence
from wizard_p2p.protocol.game_name import GameName
from wizard_p2p.protocol.genesis import SeriesTerms, game_name
from wizard_p2p.protocol.messages import VERSION, decode_entry, signed_version_of
from wizard_p2p.rules import GameConfig
from wizard_p2p.rules.series import GameResult, SeriesAfter, series_standings
from wizard_p2p.tables import rules_of
from wizard_p2p.tables.wizard.lobby import WizardTerms
from wizard_p2p.tables.wizard.table import wizard_replica


def parse_address(text: str) -> tuple[str, int]:
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        host, port = text.strip(), str(DEFAULT_PORT)
    host = host.strip("[]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(
            f"an address looks like 192.168.1.20:{DEFAULT_PORT}, not {text!r}"
        ).saying("error_address", example=f"192.168.1.20:{DEFAULT_PORT}", text=repr(text))
    return host, int(port)


def seat_data_dir(net: NetOptions) -> Path:
    """Where the seat keeps its keys and games: ``--data-dir``, else the default."""
    return net.data_dir if net.data_dir is not None else default_data_dir()


def seat_keys(data_dir: Path) -> tuple[Identity, CurveKeys]:
    """The seat's signing identity and CURVE keypair kept in ``data_dir`` (made once)."""
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    identity = Identity.load_or_create(data_dir / "identity.key")
    curve = load_or_create_curve_keys(data_dir / "curve.key")
    return identity, curve


def net_config_of(net: NetOptions) -> NetConfig:
    """The network's budgets and timers for a seat run with ``net``."""
    silence = net.silence_limit
    # Heartbeats go out several times per silence limit, so a short limit still works.
    return NetConfig(silence_limit=silence, heartbeat_interval=min(0.5, silence / 4))


def say_line(net: NetOptions, text: str) -> None:
    """A headless line as it is, unless the seat runs quiet."""
    if not net.quiet:
        print(text, flush=True)


def say_line_in(net: NetOptions, key: str, **fields: object) -> None:
    """A headless line in the player's language: the catalogues' ``key`` (a field given
    as ``Said`` is worded too)."""
    from wizard_p2p.tui.i18n import Translator

    say_line(net, Translator(net.lang).say(Said(key, **fields)))


@dataclass
class SeatRun:
    """One run of a seat's command (``host``, ``join``, ``bot``, ``resume``, ``play``): its
    options, which it only reads, and what changes while its games go on."""

    seat: SeatOptions
    host: HostOptions | None = None  # this seat's terms as host, when it hosts
    admit_watchers: bool = False  # the host seat's gate admits every holder of the code
    # Whether the lobby is announced, or why not (or no longer), and how to tell the
    # console's lobby already open (None: it is announced).
    lobby_announced: bool = False
    lobby_unannounced: WizardError | None = None
    show_lobby_notice: Callable[[WizardError | None], None] | None = None
    announce_next: Callable[[HostLobby], None] | None = None  # the table's next lobby
    # The finished games' results, by their series' first game, for a series' standings.
    series_results: list[tuple[bytes, GameResult]] = field(default_factory=list)
    series_next: bool = False  # another game at this table follows the one just ended

    @property
    def net(self) -> NetOptions:
        return self.seat.net

    def say(self, text: str) -> None:
        say_line(self.seat.net, text)

    def say_in(self, key: str, **fields: object) -> None:
        say_line_in(self.seat.net, key, **fields)

    @property
    def lobby_notice(self) -> str | None:
        """The line a headless seat says, in the player's language, when the lobby is not,
        or no longer, announced (the console's lobby screen words the reason itself)."""
        if self.lobby_unannounced is None:
            return None
        return not_announced(self.lobby_unannounced, self.seat.net.lang)

    def no_longer_announced(self, reason: WizardError) -> None:
        """The lobby's announcement stopped after it opened: said as when it cannot start,
        on the console's lobby screen or as a headless line."""
        self.lobby_announced, self.lobby_unannounced = False, reason
        if self.seat.net.headless and (notice := self.lobby_notice) is not None:
            self.say(notice)
        if self.show_lobby_notice is not None:
            self.show_lobby_notice(reason)


JOIN_TIMEOUT = 3.0
"""Seconds until a joiner says that no lobby answers at the address it was given."""

def short_game_id(genesis: bytes) -> str:
    """The game id (the genesis hash) as a person reads it: its first hex digits."""
    return decode_entry(genesis, rules_of(genesis).bodies).hash.hex()[:GAME_ID_DIGITS]


def check_resumable_log(store: GameStore, lines: list[bytes]) -> None:
    """Refuse a log no seat can play on: empty, or of another protocol version."""
    if not lines:
        raise UsageError("that game never started (its log is empty)").saying(
            "error_never_started")
    version = signed_version_of(lines[0])
    if version is not None and version != VERSION:
        raise UsageError(
            f"game {store.game_dir} was played with protocol version {version}; this program "
            f"plays version {VERSION} and cannot resume it"
        ).saying("error_resume_version", id=store.game_dir, version=version, ours=VERSION)


def settle_store(start: GameStart) -> GameStart:
    """Name the game's folder by its game id once the genesis exists.

    The lobby names the folder before the game id is known (the seat record must be
    written before endorsing); from here on it is ``games/<game id>``, the id the end
    of the game, ``audit`` and ``resume`` all show.
    """
    game_dir = short_game_id(start.genesis)
    store = start.store
    if store.game_dir == game_dir:
        return start
    target = GameStore(store.path.parent.parent, game_dir)
    if store.path.is_dir() and not target.path.exists():
        os.replace(store.path, target.path)
    record = dataclasses.replace(start.record, game_dir=game_dir)
    target.save_seat(record)
    return dataclasses.replace(start, store=target, record=record)  # people and all


def _new_peer(
    seat: SeatOptions, start: GameStart, identity: Identity, curve: CurveKeys
) -> GamePeer:
    start = settle_store(start)
    headless = seat.net.headless
    if not seat.resumable:  # play's bots end with the player: the seat record says so
        start = dataclasses.replace(start, record=dataclasses.replace(start.record,
                                                                      practice=True))
        start.store.save_seat(start.record)
    return GamePeer(
        start.store,
        start.record,
        identity,
        curve,
        start.genesis,
        net_config=net_config_of(seat.net),
        bot=PolicyBot(make_policy(seat.policy)) if headless else None,
        warm_up=warm_up_seat,
        timers=PeerTimers(stall_limit=seat.stall_limit, trick_pause=seat.trick_pause or 0.0),
        auto_abort=headless,
        trace_path=seat.trace,
        resumable=seat.resumable,
        people=start.people,
    )


def _attach_gate(
    run: SeatRun, lobby: HostLobby | JoinLobby, server: LobbyServer | None, peer: GamePeer,
) -> None:
    """The host's lobby socket, kept open, becomes the host seat's watch gate."""
    if server is None or not isinstance(lobby, HostLobby):
        return
    _open_gate(run, server, lobby.code, peer)


def _open_gate(
    run: SeatRun, server: LobbyServer, code: str, peer: GamePeer, *, resumed: bool = False,
) -> None:
    headless = run.net.headless
    admission = "all" if run.admit_watchers else ("none" if headless else "ask")
    gate = WatchGate(
        server, code, peer.table.log[0], admission=admission, players=peer.table.players,
        resumed=resumed, bots=peer.bot_seats,
    )
    if headless:  # the console shows who watches and who asks, in its own words
        gate.subscribe(lambda: run.say_in(f"gate_news_{gate.news}", name=gate.news_who)
                       if gate.news is not None else None)
    peer.attach_gate(gate)


async def reopen_gate_socket(net: NetOptions, record: SeatRecord) -> LobbyServer | None:
    """A resumed host's lobby socket again, for its watch gate: on the lobby port and
    with the key of the invite code its seat record keeps, so that the watchers it
    had reach it where they knew it. None for another seat, a record without a gate,
    or a port now taken (said: the game goes on, and no watcher is admitted)."""
    if record.seat != HOST_SEAT or not record.invite_code:
        return None
    server = LobbyServer(lobby_keys(record.invite_code), host=record.listen_host,
                         port=record.lobby_port, config=net_config_of(net))
    try:
        await server.start()
    except WizardError:
        await server.close()
        say_line_in(net, "gate_not_reopened", port=record.lobby_port)
        return None
    server.on_dropped(lambda event: say_line_in(net, "lobby_news_dropped", who=dropped_who(event)))
    return server


def _gate_socket(lobby: HostLobby | JoinLobby) -> LobbyServer | None:
    """The lobby socket of a host whose lobby keeps it for a watch gate, once it began."""
    return lobby.hand_over_socket() if isinstance(lobby, HostLobby) and lobby.gate else None


async def _play_seat(
    run: SeatRun, start: GameStart, identity: Identity, curve: CurveKeys,
    gate: Callable[[GamePeer], None] | None = None,
) -> GamePeer:
    """Play a seat whose lobby is over: headless to the end, or in the console."""
    seat = run.seat
    peer = _new_peer(seat, start, identity, curve)
    await peer.start()
    if gate is not None:
        gate(peer)
    if seat.net.headless:
        await peer.run_until_finished()
    else:
        from wizard_p2p.tui.app import run_app_async

        with no_log_lines_on_screen():
            app = asyncio.ensure_future(
                run_app_async(WizardSeat(peer), lang=seat.net.lang, bell=seat.bell)
            )
            _stop_on_failure(peer, app)
            await asyncio.wait({app})
        _raise_if_failed(run, peer)
        app.result()  # the console's own error, if it had one
        if isinstance(peer.outcome, Finished):
            await peer.run_until_finished()
    return peer


@contextlib.contextmanager
def no_log_lines_on_screen() -> Iterator[None]:
    """A log line (a lobby that refused us, a refused entry) would be written raw over the
    full screen, which says what matters in its own words: none reaches the terminal while
    it is open (with no handler of its own, Python's last resort writes to stderr)."""
    quiet = logging.NullHandler()
    logging.getLogger("wizard_p2p").addHandler(quiet)
    try:
        yield
    finally:
        logging.getLogger("wizard_p2p").removeHandler(quiet)


def _stop_on_failure(peer: GamePeer, app: asyncio.Future[Any]) -> None:
    """Close the console if the seat fails: its screen would no longer move."""

    async def watch() -> None:
        await peer.failed.wait()
        app.cancel()

    watcher = asyncio.ensure_future(watch())
    app.add_done_callback(lambda _: watcher.cancel())


async def _console_lobby(
    run: SeatRun,
    lobby: HostLobby | JoinLobby,
    identity: Identity,
    curve: CurveKeys,
    *,
    autostart: bool = False,
    again: bool = False,
) -> tuple[GamePeer | None, bool]:
    """The lobby and then the table, both in the console, on this loop; and whether the
    player chose another game at the table (``again``: game over offers it)."""
    # The console is imported by a seat that shows it: a headless bot starts without it.
    from wizard_p2p.commands.lobby_adapter import LobbyAdapter
    from wizard_p2p.tui.app import run_app_async

    seat = run.seat
    app: asyncio.Future[Any] | None = None

    async def make_peer(start: GameStart) -> GamePeer:
        peer = _new_peer(seat, start, identity, curve)
        await peer.start()
        _attach_gate(run, lobby, _gate_socket(lobby), peer)
        if app is not None:
            _stop_on_failure(peer, app)
        await peer.ready.wait()  # the console needs a first view: wait for the coin
        return peer

    join_timeout = seat.join_timeout or JOIN_TIMEOUT
    node_lobby = LobbyAdapter(lobby, make_peer, autostart=autostart, join_timeout=join_timeout)
    if run.lobby_announced or run.lobby_unannounced is not None:
        node_lobby.show_announcement(run.lobby_unannounced)  # announced, or why not
    run.show_lobby_notice = node_lobby.show_announcement  # ... or no longer is
    with no_log_lines_on_screen():
        node_lobby.begin()
        app = asyncio.ensure_future(
            run_app_async(node_lobby, lang=seat.net.lang, bell=seat.bell,
                          again=again, standings=lambda: _standings_now(run, node_lobby.peer))
        )
        await asyncio.wait({app})
    chosen = False
    if not app.cancelled():
        chosen = app.result().again  # the console's own error, if it had one, is raised
    node_lobby.leave()
    if node_lobby.task is not None:
        await asyncio.gather(node_lobby.task, return_exceptions=True)
        failure = None if node_lobby.task.cancelled() else node_lobby.task.exception()
        if failure is not None:
            raise failure  # a fault of this program: loudly
    peer = node_lobby.peer
    if isinstance(node_lobby.ended_by, TableFull):
        raise node_lobby.ended_by  # the joiner's command says how to watch instead
    if peer is None and node_lobby.closed and node_lobby.closed != "left the lobby":
        closed = UsageError(node_lobby.closed)  # the host left, or turned us away: say so
        if node_lobby.ended_by is not None:
            closed.said = node_lobby.ended_by.said  # in the player's language, if worded
        raise closed
    if peer is not None:
        _raise_if_failed(run, peer)
    if peer is not None and isinstance(peer.outcome, Finished):
        await peer.run_until_finished()
    return peer, chosen and peer is not None and isinstance(peer.outcome, Finished)


def _result(peer: GamePeer) -> GameResult:
    table = peer.table
    wizard = wizard_replica(table)
    assert wizard is not None and wizard.game is not None
    return GameResult.from_history([k.hex() for k in table.sign_keys], table.names,
                                   wizard.game.history[: wizard.completed_rounds])


def _series_first(peer: GamePeer) -> bytes:
    table = peer.table
    return table.series.first if table.series is not None else table.game_id


def _standings_now(run: SeatRun, peer: GamePeer | None) -> SeriesAfter | None:
    """A series' standings at its later game's end, for the console: this program's
    earlier games of the series (kept in memory as they ended) and this one."""
    if peer is None or not isinstance(peer.outcome, Finished) or peer.table.series is None:
        return None
    earlier = [r for first, r in run.series_results if first == peer.table.series.first]
    now = _result(peer)
    return SeriesAfter(series_standings([*earlier, now]), peer.table.series.game, now.people)


def _keep_result(run: SeatRun, peer: GamePeer) -> None:
    """Remember a finished game's result for the series' next game's end."""
    if isinstance(peer.outcome, Finished):
        run.series_results.append((_series_first(peer), _result(peer)))


def _report(run: SeatRun, peer: GamePeer, *, quiet: bool | None = None) -> None:
    """The end of a seat: the standings (or why it stopped), the log and how to audit it,
    in the player's language, with commands the player can paste (``quiet``: instead of
    the options' own).

    A seat that failed says why after this (its error, as the command's last line).
    """
    if not (run.net.quiet if quiet is None else quiet):
        print(report_text(run, peer, columns=terminal_columns()), flush=True)


def report_text(run: SeatRun, peer: GamePeer, *, columns: int | None) -> str:
    """The lines ``_report`` prints, wrapped for ``columns`` (None: not a terminal)."""
    from wizard_p2p.tui.ending_text import ending_reason
    from wizard_p2p.tui.i18n import Translator
    from wizard_p2p.tui.score_text import score_pad_text

    tr = Translator(run.net.lang)
    table = peer.table
    wizard = wizard_replica(table)
    game = None if wizard is None else wizard.game
    lines = [tr("end_game", id=peer.store.game_dir)]
    if wizard is not None and game is not None and game.history:
        history = list(game.history[: wizard.completed_rounds])
        lines.append(score_pad_text(tr, table.names, history))
    outcome = peer.outcome
    if peer.failure is not None:
        pass  # the error says why
    elif isinstance(outcome, Finished):
        names = tr("comma").join(table.names[s] for s in outcome.winners)
        lines.append(fit(tr("end_winners", names=names), columns))
    elif outcome is not None:
        reason = ending_reason(tr, outcome, table.names)
        lines.append(fit(tr("end_ended", reason=reason), columns))
    elif peer.resumable:
        lines.append(labelled(tr("end_left_resumable"), command("resume", peer.store.game_dir),
                              columns))
    else:
        lines.append(fit(tr("end_left"), columns))
    lines.append(labelled(tr("end_log"), shell_path(peer.store.log_path), columns))
    lines.append(labelled(tr("end_check"), command("audit", peer.store.log_path), columns))
    if isinstance(outcome, Finished) and (table.series is not None or run.series_next):
        lines.append(_standings(tr, peer))
    return "\n".join(lines)


def _standings(tr: Any, peer: GamePeer) -> str:
    """The series' standings once this game is over, from the games this seat keeps."""
    from wizard_p2p.commands.history import kept_games, standings_after
    from wizard_p2p.tui.series_text import standings_text

    table = peer.table
    first = table.series.first.hex() if table.series is not None else table.game_id.hex()
    games = kept_games(peer.store.path.parent.parent, series=first)
    this = next((g for g in games if g.game_id == table.game_id.hex()), None)
    if this is None:
        return ""
    return standings_text(tr, standings_after(games, this), this.number)


def _raise_if_failed(run: SeatRun, peer: GamePeer) -> None:
    """A seat that failed still ends with its log and how to audit it; the error follows."""
    if peer.failure is not None:
        # A console seat tells it even where it kept quiet during the game (`play`).
        _report(run, peer, quiet=run.net.quiet if run.net.headless else False)
    peer.raise_if_failed()


async def host_async(options: HostOptions) -> GamePeer | None:
    with one_program(seat_data_dir(options.seat.net)):
        return await _host_async(options)


async def _host_async(options: HostOptions) -> GamePeer | None:
    seat = options.seat
    net = seat.net
    if options.approve and net.headless:
        raise UsageError("--approve needs the console: a bot host cannot admit anyone").saying(
            "error_approve_headless")
    run = SeatRun(seat, host=options, admit_watchers=options.admit_watchers)
    data_dir = seat_data_dir(net)
    identity, curve = seat_keys(data_dir)
    terms = WizardTerms(GameConfig.with_variants(options.seats, list(options.variants)))
    host = HostLobby(
        identity,
        curve,
        net.name,
        terms,
        data_dir,
        listen_host=net.listen,
        port=options.port,
        mesh_port=net.mesh_port,
        net_config=net_config_of(net),
        approve=options.approve,
        bot=net.headless,
        coach=options.coach,
        gate=options.watch_gate,
    )
    if options.code:
        host.code = options.code  # chosen before the bots were started
    await host.open()
    if net.headless:  # the console shows it as the lobby's latest event
        host.on_sender_dropped(
            lambda event: run.say_in("lobby_news_dropped", who=dropped_who(event)))
    announcer, unannounced = await announce_lobby(
        options.announce, host, on_failure=run.no_longer_announced
    )
    run.lobby_announced, run.lobby_unannounced = announcer is not None, unannounced
    if announcer is not None:
        run.announce_next = announcer.follow  # the table's next game, if it plays one
    if net.headless:  # the console's lobby screen shows the same, in its own words
        run.say_in("lobby_headless_open", seats=terms.seats, code=host.code)
        for address in host.addresses:
            run.say_in("lobby_headless_join_with",
                       command=f"wizard-p2p join {address} --code {host.code}")
        run.say_in("lobby_headless_fingerprint", fingerprint=identity.fingerprint)
        if run.lobby_notice is not None:
            run.say(run.lobby_notice)
    try:
        return await _lobby_then_game(run, host, identity, curve)
    finally:
        if announcer is not None:
            await announcer.close()


AGAIN_WAIT = 300.0
"""Seconds a player who chose another game at the table waits for the host's next lobby."""
NEXT_LOBBY_OPEN = 10.0
"""Seconds the host tries to open its next lobby on the port the last game's gate held."""


async def _lobby_then_game(
    run: SeatRun, lobby: HostLobby | JoinLobby, identity: Identity, curve: CurveKeys
) -> GamePeer | None:
    """The games at one table: a lobby, then the seat (in the console, or headless with
    progress lines), again for as long as the player chooses another game there (the
    console's ``n`` at game over; ``--games`` for a headless seat). The last game's
    seat; None: the player left the lobby before a game began (said; not a failure)."""
    peer, again = await _one_game(run, lobby, identity, curve, 1)
    number = 1
    while peer is not None and again:
        number += 1
        try:
            lobby = await _next_lobby(run, lobby, peer, identity, curve)
            following, again = await _one_game(run, lobby, identity, curve, number)
        except WizardError as exc:
            # No next game (the host did not open one, or it would not seat us): the
            # evening ends with the last game played, and says why.
            if exc.said is not None:
                run.say_in("again_none", why=exc.said)
            else:
                run.say(str(exc))
            return peer
        if following is None:
            return peer
        peer = following
    return peer


async def _next_lobby(
    run: SeatRun, lobby: HostLobby | JoinLobby, peer: GamePeer, identity: Identity,
    curve: CurveKeys,
) -> HostLobby | JoinLobby:
    """The lobby of the table's next game: the host opens it on the same port with the same
    code, the seats in the last game's order and the next first dealer (WIZARD §1.3); a
    joiner asks it for a seat, as long as ``AGAIN_WAIT``."""
    from wizard_p2p.tui.i18n import Translator

    net = run.net
    tr = Translator(net.lang)
    table = peer.table
    if isinstance(lobby, JoinLobby):
        run.say(tr("again_asking"))
        return JoinLobby(
            identity, curve, lobby.name, lobby.host, lobby.port, lobby.code, lobby.data_dir,
            listen_host=lobby.listen_host, mesh_port=net.mesh_port,
            net_config=lobby.net_config, bot=lobby.bot,
            again_until=_deadline(AGAIN_WAIT),
        )
    wizard = wizard_replica(table)
    assert wizard is not None and wizard.game is not None
    game = wizard.game
    first = table.series.first if table.series is not None else table.game_id
    number = table.series.game + 1 if table.series is not None else 2
    # A lobby on a port the system chose has its mesh on another such port.
    chosen_port = run.host is not None and run.host.port == 0
    host = HostLobby(
        identity, curve, lobby.name, lobby.terms.with_variants(table.config.variants()),
        lobby.data_dir, listen_host=lobby.listen_host, port=lobby.port,
        mesh_port=net.mesh_port if net.mesh_port is not None or not chosen_port
        else reserve_port(lobby.listen_host or "0.0.0.0"),
        net_config=lobby.net_config, code=lobby.code,
        approve=lobby.approve, bot=lobby.bot, gate=lobby.gate,
        series=SeriesTerms(first, number, (game.first_dealer + 1) % table.config.seats),
        seat_order=tuple(table.sign_keys),
    )
    deadline = _deadline(NEXT_LOBBY_OPEN)
    while True:
        try:
            await host.open()
            break
        except WizardError:  # the last game's gate may still hold the port a moment
            await host.close()
            if time.monotonic() >= deadline:
                raise
            await asyncio.sleep(0.2)
    if run.announce_next is not None:
        run.announce_next(host)
    run.say(tr("again_offered"))
    return host


def _deadline(seconds: float) -> float:
    return time.monotonic() + seconds


async def _one_game(
    run: SeatRun, lobby: HostLobby | JoinLobby, identity: Identity, curve: CurveKeys,
    number: int,
) -> tuple[GamePeer | None, bool]:
    """One lobby, then its seat; and whether another game at the table follows."""
    seat = run.seat
    if not seat.net.headless:
        autostart = isinstance(lobby, HostLobby) and seat.autostart
        console_peer, again = await _console_lobby(
            run, lobby, identity, curve, autostart=autostart,
            # play's bots stay for another game (they were started with --games).
            again=True,
        )
        if console_peer is None:
            from wizard_p2p.tui.i18n import Translator

            print(fit(Translator(seat.net.lang)("end_lobby_left"), terminal_columns()),
                  flush=True)
            return None, False
        await console_peer.close()
        _keep_result(run, console_peer)
        run.series_next = again
        _report(run, console_peer)
        return console_peer, again
    try:
        if isinstance(lobby, HostLobby):
            start = await lobby.serve(autostart=True)
        else:
            start = await lobby.join(timeout=seat.join_timeout or JOIN_TIMEOUT)
        server = _gate_socket(lobby)
    finally:
        await lobby.close()
    if isinstance(lobby, HostLobby):
        for place, player in enumerate(lobby.players):
            run.say_in("lobby_headless_seat", n=place + 1, name=player.name,
                       fingerprint=player.fingerprint)
    else:
        run.say_in("lobby_headless_seated", n=start.record.seat + 1)
    peer = await _play_seat(
        run, start, identity, curve, lambda peer: _attach_gate(run, lobby, server, peer)
    )
    again = isinstance(peer.outcome, Finished) and number < seat.games
    run.series_next = again
    _report(run, peer)
    await peer.close()
    return peer, again


async def join_async(options: JoinOptions) -> GamePeer | None:
    with one_program(seat_data_dir(options.seat.net)):
        return await _join_async(options)


async def _join_async(options: JoinOptions) -> GamePeer | None:
    net = options.seat.net
    run = SeatRun(options.seat)
    data_dir = seat_data_dir(net)
    identity, curve = seat_keys(data_dir)
    code = options.code
    if options.address is not None:
        host, port = parse_address(options.address)
    elif net.headless and not code:
        raise UsageError("the host's invite code is needed: --code ABCD-EF23").saying(
            "error_code_needed")
    else:  # found on the network (a console asks for the code there)
        from wizard_p2p.commands.find import choose_table

        host, port, code = await choose_table(
            options.command, code, headless=net.headless, lang=net.lang,
            watching=False,
        )
    if not code:
        raise UsageError("the host's invite code is needed: --code ABCD-EF23").saying(
            "error_code_needed")
    lobby = JoinLobby(
        identity,
        curve,
        net.name,
        host,
        port,
        code,
        data_dir,
        listen_host=net.listen,
        mesh_port=net.mesh_port,
        net_config=net_config_of(net),
        bot=net.headless,
    )
    if net.headless:  # a console says it on its lobby screen, which opens next
        run.say_in("lobby_headless_connecting", address=f"{host}:{port}", name=net.name,
                   fingerprint=identity.fingerprint)
    try:
        return await _lobby_then_game(run, lobby, identity, curve)
    except TableFull as full:  # no seat: the table can still be watched, and how is said
        address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
        raise full.saying("error_table_full_watch",
                          command=command("watch", address, "--code", code)) from None


def matching_games(stores: list[GameStore], wanted: str) -> list[GameStore]:
    """The games ``wanted`` names: the id as the game's end and ``audit`` print it, any
    shorter prefix of it, or the whole game id."""
    wanted = wanted.strip().lower().rstrip("…")
    return [s for s in stores if s.game_dir.startswith(wanted) or wanted.startswith(s.game_dir)]


async def resume_async(options: ResumeOptions) -> GamePeer:
    with one_program(seat_data_dir(options.seat.net)):
        return await _resume_async(options)


async def _resume_async(options: ResumeOptions) -> GamePeer:
    net = options.seat.net
    run = SeatRun(options.seat, admit_watchers=options.admit_watchers)
    data_dir = seat_data_dir(net)
    identity, curve = seat_keys(data_dir)
    stores = list_games(data_dir)
    if options.game:
        stores = matching_games(stores, options.game)
    if not stores:
        raise UsageError(f"no game to resume in {data_dir / 'games'}").saying(
            "error_no_resume", path=str(data_dir / "games"))
    store: GameStore = stores[0]
    record = store.load_seat()
    if record.practice:
        raise UsageError(
            f"game {store.game_dir} was a practice game against bots, which ended when you "
            "left it; it cannot be resumed"
        ).saying("error_practice_resume", id=store.game_dir, command=command("play"))
    lines = store.read_log()
    check_resumable_log(store, lines)
    try:
        sorcery = game_name(lines[0]) == GameName.SORCERY
    except DecodeError:
        sorcery = False  # a damaged genesis: opening the table says what is wrong
    if sorcery:  # its seat also brings its deck, which only its own command finds
        again = command("sorcery", "resume", store.game_dir)
        raise UsageError(f"game {store.game_dir} is a game of 巫师牌; resume it with: {again}"
                         ).saying("resume_sorcery_game", id=store.game_dir, command=again)
    run.say_in("resume_headless", id=store.game_dir, n=record.seat + 1, lines=len(lines))
    start = GameStart(lines[0], store, record, load_people(store))
    server = await reopen_gate_socket(net, record)
    gated: list[GamePeer] = []

    def gate(peer: GamePeer) -> None:
        assert server is not None
        _open_gate(run, server, record.invite_code, peer, resumed=True)
        gated.append(peer)  # the seat closes the gate, and with it the socket

    try:
        peer = await _play_seat(run, start, identity, curve, gate if server else None)
    finally:
        if server is not None and not gated:
            await server.close()
    _report(run, peer)
    await peer.close()
    return peer


def local_host_options(options: PlayOptions, local: LocalGame) -> HostOptions:
    """``play``'s host seat: its lobby on loopback, on the ports and with the code chosen
    before its bots started, announced nowhere, its coach offered. A headless host keeps
    its seat in ``--out``; a console seat starts the game once the bots are seated, prints
    nothing until the game's end, and is not resumable (the bots end when it leaves)."""
    seat, net = options.seat, options.seat.net
    if net.headless and options.out is not None:
        seat = dataclasses.replace(
            seat, net=dataclasses.replace(net, data_dir=local.out / "seat-0")
        )
    if not net.headless:
        seat = dataclasses.replace(
            seat, net=dataclasses.replace(net, quiet=True), autostart=True, resumable=False
        )
    seat = dataclasses.replace(
        seat, net=dataclasses.replace(seat.net, listen=LOOPBACK, mesh_port=local.mesh_port)
    )
    return HostOptions(
        seat, seats=local.config.seats, variants=options.variants,
        port=local.port, announce=False, coach=True, watch_gate=False, code=local.code,
    )


def play_networked(options: PlayOptions, local: LocalGame) -> int:
    """A local game on loopback: this player (or a bot) hosts; ``local``'s bots join.

    The bots' folders are temporary unless ``--out`` names one: then every seat's log
    is copied there as ``seat-<n>.jsonl``. The player's own seat lives in its data
    folder, like a LAN game's.
    """
    config, out = local.config, local.out
    host = local_host_options(options, local)
    headless = options.seat.net.headless
    peer: GamePeer | None = None
    refused = False
    try:
        peer = asyncio.run(host_async(host))
    finally:
        # Bots outlive a finished game only to let everyone catch up; a person's bots
        # wait for another game (--games) that is not coming once the person has left.
        local.stop_bots(finished=peer is not None and isinstance(peer.outcome, Finished)
                        and headless)
        if options.out is not None:
            refused = copy_logs(seat_data_dir(host.seat.net), config.seats, out,
                                 force=options.force, lang=options.seat.net.lang)
        else:
            shutil.rmtree(out, ignore_errors=True)
    if peer is None:
        return 0  # the player left the lobby (said)
    if not headless:
        _report(SeatRun(options.seat), peer, quiet=False)  # quiet until the game's end
    if options.out is not None:
        from wizard_p2p.tui.i18n import Translator

        print(labelled(Translator(options.seat.net.lang)("end_seats_logs"), shell_path(out),
                       terminal_columns()))
    if headless:
        return 0 if isinstance(peer.outcome, Finished) and not refused else 1
    return 0  # finished, or the player chose to leave: neither is a failure


def copy_logs(
    own_dir: Path, seats: int, out: Path, *, force: bool, lang: str | None = None
) -> bool:
    """Every seat's log as ``seat-<n>.jsonl`` (the first from this seat's own data folder,
    ``own_dir``), and every record of proof any seat kept in the one ``evidence.jsonl``
    beside them: a record is the game's, whichever copy of its log it is checked against
    (SPEC §2.3). Each is written whole, atomically, and only where ``check_copy_targets``
    would allow it now (something may have appeared there while the game was played):
    never through a link or onto what is not a regular file. Whatever is refused is said
    on stderr, in the language ``lang``; True if anything was."""
    *logs, evidence_file = copy_targets(out, seats)
    records: list[Evidence] = []
    refused = False
    for i, target in enumerate(logs):
        seat_dir = own_dir if i == 0 else out / f"seat-{i}"
        games = list_games(seat_dir)
        if not games or not games[0].log_path.exists():
            continue
        try:
            data = read_log_bytes(games[0].log_path)
        except FileRefused as exc:
            refused |= _refused(exc, lang)
            continue
        refused |= not _save_copy(target, data, force=force, lang=lang)
        try:
            kept = read_evidence(games[0].log_path.parent / EVIDENCE_FILE)
        except (OSError, DecodeError):
            continue  # that seat's own file, damaged: its records are lost to the audit
        records += [r for r in kept if r not in records]
    if records:
        data = b"".join(r.encode() + b"\n" for r in records[:MAX_RECORDS])
        refused |= not _save_copy(evidence_file, data, force=force, lang=lang)
    return refused


def _save_copy(target: Path, data: bytes, *, force: bool, lang: str | None) -> bool:
    """Write ``data`` at ``target`` as ``--out`` may (True), or say why not (False)."""
    what = "evidence file" if target.name == EVIDENCE_FILE else "log copy"
    try:
        check_target(target, what=what, force=force)
        # Renamed into place (never written through what holds the name); without
        # --force, only where nothing holds it.
        write_atomic(target, data, mode=0o644, replace=force)
    except FileRefused as exc:
        return not _refused(exc, lang)
    return True


def _refused(exc: FileRefused, lang: str | None) -> bool:
    """Say on stderr, in the language ``lang``, why a file was refused."""
    from wizard_p2p.tui.i18n import Translator

    tr = Translator(lang)
    print(tr("error_line", text=str(exc) if exc.said is None else tr.say(exc.said)),
          file=sys.stderr)
    return True
